"""The advisor's challengers: each other option plays only while it could still beat the policy's move.

Spec: explorer/advisor/policy.py ("Challengers"). With ``challengers=True`` the advisor rolls its policy's
move out, then lets every other option play its rollouts one at a time (those where the move did worst
first) and stops it as soon as no result still to come could show it better than the move with 95%
confidence (explorer.advisor.racing.could_show_worse, exact over every value in [0, 1] of the rollouts
still to play). It plays the challenger with the highest mean among those shown better, else the move.
"""

from __future__ import annotations

import importlib
import itertools

import numpy as np
import pytest

from tests.advisor.advise_helpers import GAMES, lethal, mid_game
from explorer.advisor.policy import AdvisorPolicy
from explorer.advisor.racing import Z95, could_show_worse, never_shown_worse, paired_difference

policy_module = importlib.import_module("explorer.advisor.policy")

RESULTS = (0.0, 0.5, 1.0)
"""A rollout's value in a two-player game: a loss, a draw, a win."""


def _shown_worse_by(values: tuple[float, ...], others: tuple[float, ...]) -> bool:
    return paired_difference(values, others, Z95)[2] < 0


def _completions(n: int, known: dict[int, float]) -> itertools.product:
    return itertools.product(*([known[i]] if i in known else RESULTS for i in range(n)))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_could_show_worse_exactly_when_some_rollouts_still_to_play_would(n: int) -> None:
    # Every pattern of n results of the move, and every choice of the challenger's rollouts already known
    # (a loss or a win each): if the test says "no", no results of the rest (losses, draws, wins) show the
    # move worse; if it says "yes", the most even difference it looks at (d = clip(t, box)) does, for some t.
    for values in itertools.product(RESULTS, repeat=n):
        for mask in itertools.product((None, 0.0, 1.0), repeat=n):
            known = {i: w for i, w in enumerate(mask) if w is not None}
            if not could_show_worse(values, known):
                assert not any(_shown_worse_by(values, w) for w in _completions(n, known)), (values, known)
            else:
                box = [(v - known[i], v - known[i]) if i in known else (v - 1, v) for i, v in enumerate(values)]
                witnesses = ([v - min(max(t, lo), hi) for v, (lo, hi) in zip(values, box)]
                             for t in np.linspace(-1, 1, 2001))
                assert any(_shown_worse_by(values, tuple(w)) for w in witnesses), (values, known)


def test_with_nothing_known_it_is_the_policy_move_first_rule() -> None:
    # never_shown_worse (the policy's move first) asks the same question with no challenger rollout known.
    for values in itertools.product(RESULTS, repeat=5):
        assert never_shown_worse(values) == (not could_show_worse(values, {}))


def test_four_rollouts_lost_a_challenger_stops_after_two_that_do_no_better() -> None:
    # Paired 95% interval over 4 rollouts: 0, 1, 1, 1 against four losses is above 0 (mean 0.75, sd 0.5),
    # 0, 0, 1, 1 is not (mean 0.5, sd 0.58): two rollouts that do no better than the move end the challenge.
    assert could_show_worse([0, 0, 0, 0], {0: 0.0})
    assert not could_show_worse([0, 0, 0, 0], {0: 0.0, 1: 0.0})
    assert not could_show_worse([0, 0, 0, 1], {0: 0.0})  # a move that won one of 4: the challenger must win all 3 others


def test_one_rollout_never_shows_a_challenger_better() -> None:
    assert not could_show_worse([0.0], {}) and not could_show_worse([0.0], {0: 1.0})


@pytest.mark.parametrize("game_id", GAMES)
def test_the_challengers_play_the_move_the_whole_hint_plays_on_mid_game_decisions(game_id: str) -> None:
    # Three seeded mid-game decisions per game, the advisor's generator seeded 0 and 1, 4 and 8 rollouts:
    # the rules differ only where the hint's best option is not shown better and another one is.
    for seed in (1, 2, 3):
        state = mid_game(game_id, seed)
        for rollouts in (4, 8):
            for draw in (0, 1):
                challengers, whole = AdvisorPolicy(rollouts, challengers=True), AdvisorPolicy(rollouts)
                assert (challengers(state, np.random.default_rng(draw))
                        == whole(state, np.random.default_rng(draw))), (seed, rollouts, draw)


def test_a_challenger_that_wins_where_the_move_loses_is_played() -> None:
    # Star Realms, Player 1 can win now by attacking (advise_helpers.LETHAL), rolled out by the random
    # policy. Drawn from seed 4 the random policy ends the turn and loses every rollout; every attack wins
    # all of them. The challengers play the killing attack the whole hint plays.
    state = lethal()
    for rollouts in (8, 16):
        challengers = AdvisorPolicy(rollouts, "random", challengers=True)
        assert str(challengers(state, np.random.default_rng(4))) == "attack player 2 2"
        assert str(AdvisorPolicy(rollouts, "random")(state, np.random.default_rng(4))) == "attack player 2 2"


def test_each_challenger_stops_as_soon_as_it_cannot_be_shown_better(monkeypatch: pytest.MonkeyPatch) -> None:
    # The lethal position, 8 rollouts, the random policy drawn from seed 4: its move (end turn) wins 2 of its 8.
    # Every challenger plays one rollout at a time, the move's losses first; it plays the next only while
    # could_show_worse says results still to come could show it better, and stops at the first "no".
    state = lethal()
    plays: list[tuple[int, int, int, tuple[float, ...]]] = []
    real = policy_module.play_range

    def recorded(job, option, start, stop):  # type: ignore[no-untyped-def]
        values = real(job, option, start, stop)
        plays.append((option, start, stop, values))
        return values

    monkeypatch.setattr(policy_module, "play_range", recorded)
    assert str(AdvisorPolicy(8, "random", challengers=True)(state, np.random.default_rng(4))) == "attack player 2 2"
    (own, start, stop, mine), *rest = plays
    assert (start, stop) == (0, 8) and sum(mine) == 2  # the move's own 8 rollouts come first
    order = sorted(range(8), key=lambda i: mine[i])
    stopped_early = 0
    for option in {o for o, *_ in rest}:
        known: dict[int, float] = {}
        for o, start, stop, values in rest:
            if o == option:
                assert stop == start + 1 and start == order[len(known)] and could_show_worse(mine, known)
                known[start] = values[0]
        if len(known) < 8:
            assert not could_show_worse(mine, known), (option, known)
            stopped_early += 1
    assert stopped_early >= 1 and len(rest) < 8 * (len(state.legal_actions()) - 1)


def test_the_advisor_with_challengers_says_so_in_its_name() -> None:
    assert AdvisorPolicy(4, challengers=True).name == "advisor(4, challengers)"
    assert AdvisorPolicy(4).name == "advisor(4)"
    assert AdvisorPolicy(8, measure="progress", challengers=True).name == "advisor(8, progress, challengers)"
