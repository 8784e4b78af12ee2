"""Seeded random games keep every token and every enemy card (DESIGN: nothing created or lost).

The issue asks for 1,000 seeded random games: the seed's rules (``standard``) play 1,000, the
variant 200 (WE_PROPERTY_GAMES=N sets both).
"""

from __future__ import annotations

import os

import pytest

import explorer
from explorer import Match

OVERRIDE = os.environ.get("WE_PROPERTY_GAMES")


@pytest.mark.parametrize(("variant", "games"), [("standard", 1000), ("review_red_blue_stun_only", 200)])
def test_random_games_conserve_tokens_and_enemy_cards(variant: str, games: int) -> None:
    game = explorer.load_game("warps_edge", variant=variant)
    start = game.initial_state()
    tokens = start.all_tokens()
    for seed in range(int(OVERRIDE) if OVERRIDE else games):
        m = Match(game, seed=seed)
        m.play("random")
        assert m.state.is_terminal()
        for s in m.states:
            assert s.all_tokens() == tokens, f"seed {seed}: tokens not conserved in {s.phase}"
            if s.turn:
                assert len(s.all_enemies()) == 27, f"seed {seed}: enemy cards not conserved"
            assert 0 <= s.shields <= s.max_shields and 0 <= s.hull <= s.max_hull


def test_heuristic_beats_random() -> None:
    """A sensible plan wins the demo often; random play almost never (40 fixed seeds each).

    For seeds 0-39 on ``standard`` the heuristic wins 16 and random 0 (the 200-game rates
    are in RULES.md); the margin of 8 leaves room for small rule-preserving changes.
    """
    game = explorer.load_game("warps_edge")
    wins = {p: 0 for p in ("random", "heuristic")}
    for policy in wins:
        for seed in range(40):
            m = Match(game, seed=seed)
            m.play(policy)
            wins[policy] += bool(m.state.result().winners)
    assert wins["heuristic"] >= wins["random"] + 8
