"""The advisor rolls its policy's move out first, and skips the hint when nothing could overturn that move.

Spec: explorer/advisor/policy.py ("The policy's move first"): the advisor keeps its rollout policy's move
unless another option's paired difference to it is above 0 with 95% confidence. When the move's own
rollouts are such that no rollouts of another option, whatever their values in [0, 1], could show that,
the rest of the hint cannot change the move, so it is not played. The move must be exactly the one the
whole hint keeps (explorer.advisor.racing.never_shown_worse; its doctest gives the small cases: with 4
rollouts, 2 wins keep the move; with 8, 6 do).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tests.advisor.advise_helpers import GAMES, lethal, mid_game
from explorer.advisor.policy import AdvisorPolicy
from explorer.advisor.racing import Z95, Z_STOP, never_shown_worse, paired_difference
from explorer.advisor.rollout import Job, play_range

RESULTS = (0.0, 0.5, 1.0)
"""A rollout's value in a two-player game: a loss, a draw, a win."""


def _shown_worse_by(values: tuple[float, ...], others: tuple[float, ...], z: float) -> bool:
    return paired_difference(values, others, z)[2] < 0


@pytest.mark.parametrize("z", [Z95, Z_STOP], ids=["95%", "race stop"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_never_shown_worse_exactly_when_no_other_rollouts_can_show_it(n: int, z: float) -> None:
    # Every pattern of n results: if the test says "never", no other option's results (losses, draws, wins)
    # put the move below it; if it says it can be, the most even difference it looks at (d = max(t, v - 1))
    # does, for some t (the witness is an option whose rollouts lie in [0, 1]).
    for values in itertools.product(RESULTS, repeat=n):
        if never_shown_worse(values, z):
            assert not any(_shown_worse_by(values, w, z) for w in itertools.product(RESULTS, repeat=n)), values
        else:
            witnesses = ([v - max(t, v - 1) for v in values] for t in np.linspace(-1, 0, 2001))
            assert any(_shown_worse_by(values, tuple(w), z) for w in witnesses), values


def test_one_rollout_is_never_shown_worse() -> None:
    # One rollout gives a difference no interval (paired_difference: [-1, 1]), so nothing is shown better.
    assert never_shown_worse([0.0]) and never_shown_worse([1.0])


class _WholeHint(AdvisorPolicy):
    """The advisor as it was before: the whole hint at every decision."""

    def kept_anyway(self, state, own, seed):  # type: ignore[no-untyped-def]
        return False


@pytest.mark.parametrize("game_id", GAMES)
def test_the_advisor_plays_the_move_the_whole_hint_would_play(game_id: str) -> None:
    # A mid-game decision of a seeded heuristic game; the advisor's generator seeded 0 and 1.
    state = mid_game(game_id)
    for rollouts in (4, 8):
        quick, whole = AdvisorPolicy(rollouts), _WholeHint(rollouts)
        for draw in (0, 1):
            assert quick(state, np.random.default_rng(draw)) == whole(state, np.random.default_rng(draw))


def test_where_the_hint_overturns_the_policy_move_the_advisor_still_asks_it() -> None:
    # Star Realms, Player 1 can win now by attacking (advise_helpers.LETHAL); rolled out by the random
    # policy. Drawn from seed 4, the random policy ends the turn, which loses its rollouts: the hint is
    # played and its killing attack chosen. From seeds 0-3 it attacks for 3 or 4 and wins them all:
    # the hint is skipped and the attack kept.
    state = lethal()
    for rollouts in (8, 16):
        quick, whole = AdvisorPolicy(rollouts, "random"), _WholeHint(rollouts, "random")
        for draw, move in [(0, "attack player 2 4"), (1, "attack player 2 3"), (4, "attack player 2 2")]:
            assert str(quick(state, np.random.default_rng(draw))) == move
            assert str(whole(state, np.random.default_rng(draw))) == move
        drawn = int(np.random.default_rng(4).integers(0, 2**63 - 1))
        assert str(quick.policy_move(state, drawn)) == "end turn" and not quick.kept_anyway(state, quick.policy_move(state, drawn), drawn)


def test_the_hint_is_skipped_where_the_policy_move_wins_two_of_four_rollouts() -> None:
    # Star Realms, mid-game decisions of seeds 1-6 with 4 rollouts: the other options are left alone exactly
    # where the heuristic's move wins at least 2 of its own 4 rollouts (the rollouts the hint gives it).
    policy = AdvisorPolicy(4)
    drawn = int(np.random.default_rng(0).integers(0, 2**63 - 1))
    seen = set()
    for seed in range(1, 7):
        state = mid_game("star_realms", seed)
        own = policy.policy_move(state, drawn)
        job = Job(state, state.current_player, "heuristic", drawn)
        wins = sum(play_range(job, state.legal_actions().index(own), 0, 4))
        assert policy.kept_anyway(state, own, drawn) == (wins >= 2), (seed, wins)
        seen.add(wins >= 2)
    assert seen == {True, False}, "six positions gave the policy's move only one kind of result"
