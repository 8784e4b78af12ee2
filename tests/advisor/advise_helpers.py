"""Seeded positions the advice tests share: a mid-game decision of each game, a lethal Star Realms turn
(the blunder positions of the log's Review are in ``blunders.py``)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

import explorer
from explorer.core.chance import sample_outcome
from explorer.core.state import State

GAMES = ("endor", "fleet_command", "pinned_down", "star_realms", "warps_edge")

MID_GAME_STEPS = {"warps_edge": 20, "pinned_down": 15, "endor": 60, "fleet_command": 80, "star_realms": 150}
"""Moves of a seeded heuristic game before the position is taken (well past each game's setup)."""


@lru_cache(maxsize=32)  # positions are immutable values: the tests share them
def mid_game(game_id: str, seed: int = 1, steps: int | None = None, *, options: int = 2) -> State:
    """The first decision with at least ``options`` legal actions after ``steps`` moves of a seeded heuristic game."""
    game = explorer.load_game(game_id)
    policy = game.policies()["heuristic"]
    rng = np.random.default_rng(seed)
    state, made = game.initial_state(), 0
    wanted = MID_GAME_STEPS[game_id] if steps is None else steps
    while not state.is_terminal():
        if not state.is_chance() and made >= wanted and len(state.legal_actions()) >= options:
            return state
        state = state.apply(sample_outcome(state.chance_outcomes(), rng) if state.is_chance() else policy(state, rng))
        made += 1
    raise AssertionError(f"{game_id} seed {seed} ended before a decision with {options} options")


LETHAL = '''
format = "standard"
stage = "main"
turn = 11
moving = 1
explorers = 10
trade_row = ["Battle Blob", "Blob Wheel", "Corvette", "Defense Center", "Trade Pod"]
scrap_heap = []

[[players]]
authority = 3
combat = 4
trade = 0
hand = ["Scout x3", "Viper"]
deck = ["Scout x2"]
discard = ["Barter World", "Blob Fighter", "Imperial Frigate", "Scout x3", "Survey Ship", "Viper"]
ships = []
bases = []

[[players]]
authority = 2
hand = ["Blob Destroyer", "Viper x2", "Scout", "Survey Ship"]
deck = ["Scout x3"]
discard = ["Battle Station", "Freighter", "Imperial Fighter", "Recycling Station", "Scout x4"]
bases = []
ships = []
'''
"""Player 1 (3 Authority) has 4 Combat and Player 2 has 2 Authority left: attacking for 2 or more wins now;
ending the turn hands Player 2 a hand with a Blob Destroyer (6 Combat) against Player 1's 3 Authority."""


def lethal() -> State:
    return explorer.load_game("star_realms").position_from_text(LETHAL)


def near_end() -> State:
    """LETHAL with Player 1 at 10 Authority and Player 2 at 12: no attack wins now, the game ends in a few turns."""
    text = LETHAL.replace("authority = 2\n", "authority = 12\n").replace("authority = 3\n", "authority = 10\n")
    return explorer.load_game("star_realms").position_from_text(text)
