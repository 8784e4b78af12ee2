"""Whole seeded random games end with a victory or the stated round limit, conserving every piece.

A sampled count runs by default; ``ENDOR_PROPERTY_GAMES=1000`` runs the full 1,000 (RULES.md says
what that run found). Ships are conserved (on the board, in reserve or supply, destroyed), and so
are stormtroopers (on the track + in the supply = 9) and the order cards (the referee checks all).
"""

from __future__ import annotations

import os

import pytest

import explorer
from explorer import Match

GAMES = int(os.environ.get("ENDOR_PROPERTY_GAMES", "24"))
VARIANTS = ("standard", "sw_ksirk")


def _ships(state) -> list[int]:
    totals = []
    for k, t in enumerate(state.data.ship_types):
        spare = state.tie_reserve if t.name == "TIE" else state.b_wing_supply if t.name == "B-wing" else 0
        totals.append(sum(r[k] for r in state.ships) + state.destroyed[k] + spare)
    return totals


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", (2, 4))
def test_random_games_end_and_conserve_ships_stormtroopers_and_cards(variant: str, players: int) -> None:
    game = explorer.load_game("endor", variant=variant)
    box = [t.count for t in game.data.ship_types]
    box[2] = game.rules.b_wings
    ends: dict[str, int] = {}
    for seed in range(max(1, GAMES // 4)):
        match = Match(game.initial_state(players=players), seed=seed)
        for step in range(200_000):
            state = match.state
            if step % 25 == 0:
                game.check(state)
            assert _ships(state) == box
            assert 0 <= len(state.troopers) <= game.data.limits["stormtroopers"]
            if state.is_terminal():
                break
            match.step(None if state.is_chance() else
                       state.legal_actions()[int(match.rng.integers(len(state.legal_actions())))])
        state = match.state
        game.check(state)
        assert state.is_terminal(), f"seed {seed} did not end"
        reason = state.result().reason
        ends[reason.split(":")[0]] = ends.get(reason.split(":")[0], 0) + 1
        assert state.winner in ("Rebels", "Empire") or state.round == game.round_limit
    assert sum(ends.values()) == max(1, GAMES // 4)
