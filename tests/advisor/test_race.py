"""Common random numbers, the race, streaming and the time budget.

Spec: issue 22 §1 ("Common random numbers ... report the interval of the difference to the best option";
"Anytime and racing: results stream (a callback per batch); options clearly worse than the best stop
early ...; a time budget returns what it has, marked"); reference/advisor.md ("rollout i of every option
uses seed S + i for its chance draws and for the hidden cards it samples"; the stopping rule in joint
standard deviations).
"""

from __future__ import annotations

import numpy as np

from tests.advisor.advise_helpers import lethal, mid_game, near_end
from explorer.advisor.advise import advise
from explorer.advisor.racing import Race, paired_difference, wilson
from explorer.advisor.rollout import generators


def test_rollout_i_uses_the_same_generators_for_every_option() -> None:
    first, again = generators(7, 3), generators(7, 3)
    for a, b in zip(first, again):  # dealing, chance, policies: the same streams for every option
        assert a.integers(0, 2**62, 4).tolist() == b.integers(0, 2**62, 4).tolist()
    assert generators(7, 4)[1].integers(0, 2**62) != generators(7, 3)[1].integers(0, 2**62)


def test_the_paired_difference_interval_is_narrower_than_the_options_own() -> None:
    # Playing the Viper first or the Scout first, or attacking for 1 first, comes to the same turn: with the same
    # generators for rollout i the futures are the same, so the difference is measured exactly while each
    # option's own win chance keeps the width of 10 games.
    advice = advise(near_end(), rollouts=10, seed=3, racing=False)
    alike = [advice.row(t) for t in ("play Scout", "play Viper", "attack player 2 1") if advice.row(t) is not advice.best]
    for row in alike:
        assert row.diff_high - row.diff_low < row.high - row.low
        assert (row.diff_low, row.diff_high) == (0.0, 0.0) and row.high - row.low > 0.2


def test_wilson_interval_matches_the_published_value() -> None:
    # Wilson (1927) score interval for 8 of 10: 0.490 to 0.943 (the lab's explorer.sim.stats gives the same).
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.49, 0.943)


def test_the_paired_difference_of_identical_rollouts_is_exactly_zero() -> None:
    assert paired_difference([1, 0, 1, 1, 0], [1, 0, 1, 1, 0]) == (0.0, 0.0, 0.0)


def test_an_option_clearly_worse_than_the_leader_stops_early() -> None:
    # LETHAL: ending the turn hands the opponent a lethal Blob Destroyer; every other option wins.
    advice = advise(lethal(), rollouts=64, seed=2)
    end = advice.row("end turn")
    assert end.stopped == "worse" and end.rollouts < 64
    assert end.diff_high < 0
    assert advice.best.rollouts == 64 and advice.best.win == 1.0
    assert advice.total_rollouts < 64 * len(advice.rows)


def test_without_racing_every_option_plays_every_rollout() -> None:
    advice = advise(lethal(), rollouts=24, seed=2, racing=False)
    assert [r.rollouts for r in advice.rows] == [24] * len(advice.rows)
    assert all(r.stopped == "" for r in advice.rows)


def test_the_clearly_best_option_ranks_first() -> None:
    # With random play after the move, only an attack for 2 or more (Player 2 has 2 Authority) wins for sure.
    advice = advise(lethal(), rollouts=40, seed=2, policy="random", racing=False)
    assert advice.best.text in ("attack player 2 2", "attack player 2 3", "attack player 2 4")
    assert [r.win for r in advice.rows[:3]] == [1.0, 1.0, 1.0]
    assert all(r.win < 1.0 for r in advice.rows[3:])
    assert advice.rows[-1].text == "end turn"


def test_results_stream_after_every_round() -> None:
    seen: list[tuple[bool, int]] = []
    final = advise(mid_game("warps_edge"), rollouts=24, batch=8, seed=1,
                   on_batch=lambda a: seen.append((a.partial, a.total_rollouts)))
    assert len(seen) >= 3 and seen[-1] == (False, final.total_rollouts)
    assert all(partial for partial, _ in seen[:-1])
    assert [n for _, n in seen] == sorted(n for _, n in seen)


def test_a_time_budget_returns_what_it_has_marked_partial() -> None:
    advice = advise(mid_game("star_realms"), rollouts=10_000, seed=1, budget_s=0.5)
    assert advice.partial and "PARTIAL" in str(advice)
    assert 0 < advice.total_rollouts < 10_000 * len(advice.rows)
    assert any(r.stopped == "cut" for r in advice.rows)


def test_the_race_keeps_only_the_unbroken_run_of_rollouts() -> None:
    race = Race(options=1, rollouts=30, batch=10)
    race.record(0, 0, (1.0,) * 10)
    race.record(0, 20, (0.0,) * 10)  # rollouts 10..19 are missing (a budget cut them): 20..29 cannot count yet
    assert race.values(0) == (1.0,) * 10
    race.record(0, 10, (0.0,) * 10)
    assert len(race.values(0)) == 30


def test_a_stop_event_ends_the_rollouts() -> None:
    import threading

    stop = threading.Event()
    advice = advise(mid_game("warps_edge"), rollouts=400, batch=8, seed=1,
                    on_batch=lambda a: stop.set(), stop=stop)
    assert advice.partial and advice.total_rollouts < 400 * len(advice.rows)
    assert np.isfinite(advice.best.win)


def _race_with_a_dropout(first: tuple[float, ...], second: tuple[float, ...], rollouts: int = 32) -> Race:
    """Three options, batches of 8, each option's games repeating its pattern: option 2 loses every game and
    stops after two batches; options 0 and 1 play their count."""
    patterns = (first, second, (0.0,))
    race = Race(3, rollouts, 8)

    def play_round() -> None:
        for option, start, stop in race.next_round():
            race.record(option, start, tuple(patterns[option][i % len(patterns[option])] for i in range(start, stop)))
        race.settle()

    play_round()
    play_round()
    assert race.stopped == {2: "worse"} and len(race.values(2)) == 16
    for _ in range(rollouts // 8 - 2):  # the rounds to each option's count
        play_round()
    race.play_round = play_round  # type: ignore[attr-defined]
    return race


def test_the_rollouts_a_stopped_option_left_go_to_the_best() -> None:
    # The spare-budget rule (explorer/advisor/racing.py): a budget of 3 x 32 games; option 2 used 16, so the
    # leader (options 0 and 1 level at 50%: the lower index), its interval about ±17 points, plays the 16 spare
    # games in two batches of 8; option 1 stays at its count.
    race = _race_with_a_dropout((1.0, 0.0), (0.0, 1.0))
    assert race.next_round() == [(0, 32, 40)]
    race.play_round()  # type: ignore[attr-defined]
    assert race.next_round() == [(0, 40, 48)]
    race.play_round()  # type: ignore[attr-defined]
    assert race.done() and [len(race.values(o)) for o in range(3)] == [48, 32, 16]
    assert race.played() == 3 * 32  # never more than the budget asked for


def test_an_option_that_overtakes_the_leader_gets_the_next_spare_batch() -> None:
    # Option 0 leads at 32 games (17 wins to 16: it also wins game 0) and loses its next 8; option 1 then leads.
    race = _race_with_a_dropout((1.0, 1.0) + (0.0, 1.0) * 15 + (0.0,) * 8, (0.0, 1.0), rollouts=32)
    assert race.next_round() == [(0, 32, 40)]
    race.play_round()  # type: ignore[attr-defined]
    assert race.mean(0) < race.mean(1) and race.next_round() == [(1, 32, 40)]


def test_no_spare_rollouts_once_the_best_is_within_five_points() -> None:
    # A leader winning all 64 games has Wilson's interval 94.3-100%: within ±5 points, so nothing more is played.
    race = _race_with_a_dropout((1.0,), (1.0,) * 15 + (0.0,), rollouts=64)
    assert race.done() and [len(race.values(o)) for o in range(3)] == [64, 64, 16]


def test_without_the_spare_budget_no_option_plays_more_than_its_count() -> None:
    race = _race_with_a_dropout((1.0, 0.0), (0.0, 1.0))
    race.spare = False
    assert race.done()
