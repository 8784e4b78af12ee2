"""Seeded random games end in a win or a loss, every card conserved and the threat pool never negative.

The default runs a sample; ``PD_PROPERTY_GAMES=1000`` runs the full 1,000 games per rules version (its finding
is recorded in RULES.md).
"""

from __future__ import annotations

import os

import pytest

import explorer
from explorer import Match

GAMES = int(os.environ.get("PD_PROPERTY_GAMES", "12"))
VARIANTS = ("rules_2015", "mercury1_2015", "digital_2021", "prototype_2011")


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_end_and_conserve_every_card(variant: str) -> None:
    game = explorer.load_game("pinned_down", variant=variant)
    for seed in range(GAMES):
        players = 1 + seed % 3
        m = Match(game.initial_state(players=players), seed=seed)
        for _ in range(20_000):
            s = m.state
            assert s.threat >= 0
            game.check(s)  # the referee: every card of every pile conserved, values in range
            if s.is_terminal():
                break
            m.step() if s.is_chance() else m.step(s.legal_actions()[int(m.rng.integers(len(s.legal_actions())))])
        result = m.state.result()
        assert result is not None, f"seed {seed}: the game did not end"
        assert result.reason.split(":")[0] in ("win", "loss")
