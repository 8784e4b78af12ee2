"""Ranking by how far a seat got, where every game is lost: Pinned Down's distance toward 10.

A lone Pinned Down flagship under the heuristic wins about 4 games in 1,000 (README), so a hint ranked by
the chance to win reads 0% for every option. The seed's goal is distance: "If the total distance covered
by the players is ten or higher, the players win the game" (Pinned Down seed, Jump Phase). With
``measure="progress"`` a rollout is worth the distance the fleet covered over 10 (capped below 1 until it
wins; a win is worth 1), and the options are ranked by its mean.
"""

from __future__ import annotations

import pytest

import explorer
from tests.advisor.advise_helpers import mid_game
from explorer.advisor import advisor_policy, shutdown_pools
from explorer.advisor.advise import advise
from explorer.errors import RulesError


def test_the_fleets_progress_is_its_distance_over_ten_and_only_a_win_reaches_one() -> None:
    start = explorer.load_game("pinned_down").initial_state(players=2)
    assert [start.replace(distance=d).progress(0) for d in (0, 4, 9)] == [0.0, 0.4, 0.9]
    assert start.replace(distance=12).progress(1) == 0.9  # not won (yet): below a win whatever the count
    assert start.replace(distance=10, stage="over", outcome="win: the fleet covered distance 10").progress(0) == 1.0


def test_a_game_without_a_measure_of_progress_refuses_it_in_words() -> None:
    with pytest.raises(RulesError, match="measure 'progress' needs a game that measures how far a seat got; "
                                         "warps_edge does not: use measure='win'"):
        advise(mid_game("warps_edge"), measure="progress")
    with pytest.raises(RulesError, match="measure must be 'win' .* or 'progress' .*, got 'score'"):
        advise(mid_game("pinned_down"), measure="score")


def test_where_every_rollout_is_lost_progress_still_tells_the_options_apart() -> None:
    state = mid_game("pinned_down")
    by_win = advise(state, rollouts=16, seed=5)
    by_progress = advise(state, rollouts=16, seed=5, measure="progress")
    assert [r.win for r in by_win.rows] == [0.0, 0.0] and by_win.undecided()
    means = [r.win for r in by_progress.rows]
    assert all(0 < m < 1 for m in means) and means[0] > means[1]  # 62.5% against 56.9% (seeded)
    assert by_progress.undecided() == "" and by_progress.to_dict()["measure"] == "progress"
    assert "progress" in by_progress.headers() and "win" not in by_progress.headers()
    assert "Player 1's progress (the distance the fleet covered toward 10; a win counts 100%)" in (
        by_progress.assumptions())


@pytest.mark.slow  # starts two worker processes
def test_progress_advice_is_the_same_in_worker_processes() -> None:
    state = mid_game("pinned_down")
    local = advise(state, rollouts=8, batch=4, seed=2, measure="progress")
    try:
        processes = advise(state, rollouts=8, batch=4, seed=2, measure="progress", backend="processes", workers=2)
    finally:
        shutdown_pools()
    assert [(r.text, r.rollouts, r.win, r.diff) for r in local.rows] == [
        (r.text, r.rollouts, r.win, r.diff) for r in processes.rows]


def test_the_advisor_player_can_rank_by_progress() -> None:
    advisor = advisor_policy(rollouts=4, measure="progress")
    assert advisor.name == "advisor(4, progress)"
    match = explorer.Match(explorer.load_game("pinned_down"), seed=3)
    assert match.play(advisor, max_steps=12) == 12
