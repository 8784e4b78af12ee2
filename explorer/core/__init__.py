"""The rules core: the game surface, zones, exact chance nodes, matches and JSON."""

from explorer.core.actions import CHANCE, TERMINAL, Action, Result
from explorer.core.chance import dice_rolls, multiset_draws, sample_outcome
from explorer.core.game import Game, GameInfo, OptionSpec, Variant, games, load_game
from explorer.core.registry import register_game, register_policy
from explorer.core.match import LogEntry, Match
from explorer.core.multiset import Multiset
from explorer.core.position import PositionReader, PositionReading, check_conserved, counted, read_counted
from explorer.core.policies import first_action_policy, random_policy
from explorer.core.state import State
from explorer.core.zones import Deck

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Deck", "Game", "GameInfo", "LogEntry", "Match",
    "Multiset", "OptionSpec", "PositionReader", "PositionReading", "Result", "State", "check_conserved", "counted",
    "read_counted", "Variant", "dice_rolls", "first_action_policy",
    "games", "load_game", "multiset_draws", "random_policy", "register_game", "register_policy", "sample_outcome",
]
