"""The Battle of Endor (Risk: Star Wars Edition) as a registered game: variants, setup, policies.


Options: ``round_limit`` (rounds before the game is declared a draw, an engine
rule not in the seed; default 60, 0 = none). Setup: ``players`` = 2 (Rebels,
Empire) or 4 (the seed's team game: Rebel 1, Empire 1, Empire 2, Rebel 2).


>>> import explorer
>>> game = explorer.load_game("endor")
>>> game.variant, len(game.info.variants)
('standard', 11)
>>> s = game.initial_state(players=4)
>>> s.seats, len(s.hands), s.decks[0].contents() == s.decks[0].contents()
(4, 4, True)
"""


from __future__ import annotations


from functools import cached_property
from types import SimpleNamespace
from typing import Any, ClassVar


from explorer.core.rulebook import RulebookGame
from explorer.core import Deck, GameInfo, Multiset
from explorer.core.game import OptionSpec
from explorer.errors import RulesError
from explorer.games.endor import position, rules, story
from explorer.games.endor.data import EndorData, load_data
from explorer.games.endor.state import B_WING, TIE, EndorState
from explorer.games.endor.hidden import HIDDEN
from explorer.games.endor.policies import heuristic_policy
from explorer.games.endor.variants import VARIANTS, Rules, rules_for


VARIANT_TITLES: dict[str, str] = {
    'standard': 'Standard (the seed document)',
    'sw_ksirk_duel_tracks': 'sw-ksirk duel tracks (12 and 13 hits)',
    'sw_ksirk_12_bwings': 'sw-ksirk: 12 B-wings, all placed',
    'sw_ksirk_bonus_on_top': 'sw-ksirk: bonus orders on top',
    'sw_ksirk_moved_ships_only': 'sw-ksirk: only ships that moved attack',
    'sw_ksirk_markers_death_star_only': 'sw-ksirk: only the Death Star removes fleet markers',
    'sw_ksirk_no_marker_bonus': 'sw-ksirk: no bonus order for a fleet marker',
    'sw_ksirk_uncapped_death_star_dice': 'sw-ksirk: Death Star dice not capped at 5',
    'sw_ksirk_duel_closes': 'sw-ksirk: no duel orders once the duel is over',
    'optional_order': 'An order may be skipped',
    'sw_ksirk': "sw-ksirk's rules (all nine at once)",
}
"""Each variant's display name, the words a page shows (the id stays in files and links)."""


DEFAULT_ROUND_LIMIT = 60
"""An engine rule (not the seed's): after this many rounds the game is a draw."""


_FILE_OPTIONS: dict[str, OptionSpec] = {
    "round_limit": OptionSpec(kind=int, low=0, high=10_000,
                              description="rounds before the game is a draw (0 = none); not in the seed"),
}


class Endor(RulebookGame):
    """The Battle of Endor for 2 players or 4 in teams; the seed document is the ``standard`` variant."""

    state_class = EndorState
    rulebook: ClassVar[SimpleNamespace] = SimpleNamespace(rules=rules, story=story, position=position)
    """The modules the state's hooks answer from (``state.game.rulebook.rules.apply_action``): the game
    imports its state and its rules, and the state imports neither back (docs/architecture.md). Not to be
    confused with ``game.rules``, the variant's readings (:class:`~explorer.games.endor.variants.Rules`)."""
    hidden_information = HIDDEN
    action_kinds = ("plan", "order", "pass", "lose", "move", "send", "deploy", "no move", "attack",
                    "no attack", "fire", "place", "hit", "draw", "roll")
    file_options: ClassVar[dict[str, OptionSpec]] = _FILE_OPTIONS

    def __init__(self, *, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant=variant, **options)
        unknown = sorted(set(options) - {"round_limit"})
        if unknown:
            raise RulesError(f"unknown option {unknown[0]!r} for endor; options: round_limit")
        limit = options.get("round_limit", DEFAULT_ROUND_LIMIT)
        if not isinstance(limit, int) or isinstance(limit, bool) or not 0 <= limit <= 10_000:
            raise RulesError(f"round_limit: expected a whole number from 0 to 10000, got {limit!r}")
        self.round_limit = limit
        self.rules: Rules = rules_for(self.variant)

    @cached_property
    def data(self) -> EndorData:
        return load_data()

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            id="endor",
            title="The Battle of Endor (Risk: Star Wars Edition)",
            min_players=2,
            max_players=4,
            variants=VARIANTS,
            data_source="the Battle of Endor game of Risk: Star Wars Edition; the board, setup, order decks and "
                        "tracks from Lane Kolbly's unofficial simulator sw-ksirk (GitHub lkolbly/sw-ksirk, "
                        "2017), which a rulebook check may replace",
            summary="Rebels bring the shields down and destroy the Death Star; the Empire destroys every "
                    "Rebel ship. Orders from cards, five dice, a shield track and the Luke-Vader duel.",
        )

    def initial_state(self, *, players: int = 2, **setup: Any) -> EndorState:
        """The printed setup with both decks shuffled; the first chance nodes deal 6 cards to each seat."""
        if setup:
            raise RulesError(f"unknown setup option(s) {sorted(setup)}; allowed: players (2 or 4)")
        if players not in (2, 4):
            raise RulesError(f"players: the Battle of Endor is for 2 players or 4 in teams, got {players!r}")
        data = self.data
        rules = self.rules
        ships = [list(row) for row in data.start]
        placed_b = sum(row[B_WING] for row in ships)
        if placed_b > rules.b_wings:
            raise RulesError(f"setup.toml places {placed_b} B-wings but the box has {rules.b_wings}")
        on_board_ties = sum(row[TIE] for row in ships)
        hand = data.limits["hand_size"]
        state = EndorState(
            game=self,
            seats=players,
            ships=tuple(tuple(row) for row in ships),
            markers=(True,) * data.marker_count,
            tie_reserve=data.ship("TIE").count - on_board_ties,
            b_wing_supply=rules.b_wings - placed_b,
            decks=(Deck.shuffled(Multiset(data.decks["Rebels"])), Deck.shuffled(Multiset(data.decks["Empire"]))),
            hands=tuple(Multiset() for _ in range(players)),
            piles=tuple(() for _ in range(players)),
            blind=(0,) * players,
            pending=tuple(("deal", s, hand) for s in range(players)),
        )
        return state

    def policies(self) -> dict[str, Any]:
        return {**super().policies(), "heuristic": heuristic_policy}

    def player_name(self, player: int) -> str:
        return ("Rebels", "Empire")[player] if player in (0, 1) else f"Seat {player + 1}"
