"""Issue 37 §1: Play this on the hint's first row, then Review, leaves that move unmarked, for every game.

The review rests on the hint asked at that decision (its rollouts, value for value), so the hint's leader is
the review's best on the same evidence: no mark, no chance lost, and the review says what it rests on.
"""

from __future__ import annotations

import pytest

import explorer
from explorer import Match
from explorer.advisor.review import review
from explorer.advisor.runners import advise_rounds
from tests.advisor.advise_helpers import GAMES

REVIEW_ROLLOUTS = 24
"""The Review view's default rollouts per option (widgets.common.review_view.DEFAULT_ROLLOUTS)."""


def first_decision(game_id: str, seed: int) -> Match:
    """A seeded match stepped to its first decision with at least two options."""
    match = Match(explorer.load_game(game_id), seed=seed)
    while match.state.is_chance() or len(match.state.legal_actions()) < 2:
        assert not match.state.is_terminal(), f"{game_id} seed {seed} ended before a decision with two options"
        match.step() if match.state.is_chance() else match.step(match.state.legal_actions()[0])
    return match


@pytest.mark.parametrize("game_id", GAMES)
def test_playing_the_hints_first_row_is_not_marked_by_the_review(game_id: str) -> None:
    match = first_decision(game_id, seed=3)
    seat, at = match.state.current_player, len(match.states) - 1
    hint = [a for a in advise_rounds(match.state, rollouts=REVIEW_ROLLOUTS, seed=7) if a is not None][-1]
    match.step(hint.best.action)  # "Play this" on the first row
    reviewed = {m.index: m for m in review(match, seat, rollouts=REVIEW_ROLLOUTS, seed=0, hints=[hint]).moves}
    move = reviewed[at]
    assert (move.mark, move.word, move.lost, move.hinted) == ("", "", 0.0, True)
    assert move.best == move.played == hint.best.words  # as the screen words it
    assert move.rollouts == hint.best.rollouts >= 8
    assert f"{move.rollouts} paired rollouts of the hint asked here" in move.line()


@pytest.mark.parametrize("game_id", ["warps_edge", "star_realms"])
def test_a_review_asking_more_rollouts_extends_the_hints_own(game_id: str) -> None:
    match = first_decision(game_id, seed=3)
    seat, at = match.state.current_player, len(match.states) - 1
    hint = [a for a in advise_rounds(match.state, rollouts=8, seed=7, racing=False) if a is not None][-1]
    match.step(hint.best.action)
    move = {m.index: m for m in review(match, seat, rollouts=16, hints=[hint]).moves}[at]
    assert move.hinted and move.rollouts == 16
    # the hint's eight rollouts are the first eight of the review's, value for value: the same evidence, played on
    before, after = hint.evidence.values, move.advice.evidence.values  # type: ignore[union-attr]
    assert [len(v) for v in before] == [8] * len(before)
    assert [v[:8] for v in after] == list(before)
    assert [len(v) for v in after] == [16] * len(after)
