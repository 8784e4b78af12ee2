"""The log's Review marks a blunder "??" in every game, with the best move named (issue 22 §2 and "Done when").

Each game's position (``blunders.BLUNDERS``: how it was found is written there) is opened as a share link
opens it, the blunder is played in a ``Match``, and ``explorer.review`` reads the seat's moves back with the
settings the log's Review button uses on that page: 24 rollouts per option (``review_view.DEFAULT_ROLLOUTS``) and
seed 0 (``review_view`` seeds the review with the index of the first position it replays, and a game opened from a
link starts at its position: the blunder is move 0). The browser test (tests/browser/test_advice_dashboard.py)
plays the same move through each panel and expects the same mark.
"""

from __future__ import annotations

import pytest

from tests.advisor.blunders import BLUNDERS, blunder
from explorer import Match
from explorer.advisor.review import review
from widgets.common.review_view import DEFAULT_DECISIONS, DEFAULT_ROLLOUTS, recent_match

REVIEW_SEED = 0
"""The seed the panel's review uses for a game opened from a link (the offset of its first position)."""


def played(game_id: str) -> Match:
    """The position of ``game_id``'s blunder with the blunder played (nothing after it)."""
    state, move = blunder(game_id)
    match = Match(state, seed=1)
    match.step(move)
    return match


def test_the_panel_reviews_a_linked_game_from_its_first_position_with_seed_0() -> None:
    # review_view.ReviewView.start: the review replays recent_match(...) and seeds it with the offset it returns
    match = played("warps_edge")
    part, offset = recent_match(match, DEFAULT_DECISIONS, 0)
    assert offset == REVIEW_SEED and part.states[0] == match.states[0] and len(part) == len(match)
    assert DEFAULT_ROLLOUTS == 24


@pytest.mark.parametrize("game_id", sorted(BLUNDERS))
def test_the_blunder_is_marked_very_bad_with_the_best_move_named(game_id: str) -> None:
    # blunders.BLUNDERS: the position, the blunder and the best move the review names at seed 0, 24 rollouts
    case = BLUNDERS[game_id]
    r = review(played(game_id), case.seat, rollouts=DEFAULT_ROLLOUTS, seed=REVIEW_SEED)
    assert r.reviewed == 1
    move = r.moves[0]
    assert (move.index, move.played, move.best) == (0, case.played, case.best)
    assert (move.mark, move.word) == ("??", "very bad")  # review.MARKS: ?? at 10 points or more lost
    assert move.lost_low >= 0.10, move.line()  # clearly a blunder: the paired interval of the loss is above 10 points
    assert r.marked() == (move,) and r.worst() == (move,)
    # issue 37 §1: the mark says the loss is shown with 95% confidence, with its interval and its rollouts
    # (the paired rollouts: the race stops a clearly worse option early, so the blunder may have had fewer)
    paired = min(move.advice.row(move.advice.best.action).rollouts, move.advice.row(case.played).rollouts)
    assert (move.rollouts, move.hinted, move.shown) == (paired, False, True) and 8 <= paired <= DEFAULT_ROLLOUTS
    interval = f"95% CI {100 * move.lost_low:.1f} to {100 * move.lost_high:.1f} points"
    assert move.line() == (f"1. {move.turn}: {case.played} ?? — best {case.best} ({100 * move.best_win:.1f}%): lost "
                           f"{100 * move.lost:.1f} points ({interval}, {paired} paired rollouts); very bad, the loss shown "
                           "with 95% confidence")
