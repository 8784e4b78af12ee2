"""Absorbing Markov chains: exact absorption, expected steps and the steps distribution.

Checked against the closed forms of gambler's ruin, against a float solution of
the fundamental matrix (numpy), and against brute-force path enumeration.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from tests.numpy_optional import needs_numpy, np

from explorer.odds import ChainResult, Dist, absorbing_chain, dice_pool

HALF = Fraction(1, 2)


def ruin(goal: int, p: Fraction) -> dict[int, dict[int, Fraction]]:
    """Gambler's ruin: from 1..goal-1 win a unit with probability p; 0 and goal absorb."""
    return {i: {i + 1: p, i - 1: 1 - p} for i in range(1, goal)}


# --- closed forms --------------------------------------------------------------------


def test_fair_gamblers_ruin_from_1_of_3() -> None:
    # fair game: P(reach goal) = i / N = 1/3; expected duration i (N - i) = 2
    result = absorbing_chain(ruin(3, HALF), 1)
    assert result.absorption == {0: Fraction(2, 3), 3: Fraction(1, 3)}
    assert result.expected_steps == 2


@pytest.mark.parametrize(
    ("goal", "start", "p"), [(5, 2, Fraction(2, 5)), (10, 3, Fraction(3, 5)), (7, 6, Fraction(1, 3))]
)
def test_biased_gamblers_ruin_matches_the_closed_form(goal: int, start: int, p: Fraction) -> None:
    # r = q/p; P(reach goal) = (1 - r^i) / (1 - r^N); E[T] = i/(q-p) - N/(q-p) * P(reach goal)
    q = 1 - p
    r = q / p
    win = (1 - r**start) / (1 - r**goal)
    duration = start / (q - p) - goal / (q - p) * win
    result = absorbing_chain(ruin(goal, p), start)
    assert result.absorption[goal] == win
    assert result.absorption[0] == 1 - win
    assert result.expected_steps == duration


def test_steps_of_the_fair_ruin_are_geometric() -> None:
    # from 1 of 3 every step ends the game with probability 1/2: P(T = k) = 2^-k
    result = absorbing_chain(ruin(3, HALF), 1, max_steps=10)
    assert result.unfinished == Fraction(1, 2**10)
    for k in range(1, 11):
        assert result.p_steps(k) == Fraction(1, 2**k)
    assert result.p_ended_by(3) == Fraction(7, 8)
    assert result.steps.outcomes == tuple(range(1, 11))
    assert sum(result.steps.pmf().values()) == 1  # conditional on ending within max_steps


# --- duels and tracks ----------------------------------------------------------------


def duel(luke: int, vader: int) -> dict[tuple[int, int], Dist]:
    """Each round Luke rolls 2d6 hitting on 5+, Vader 1d6 hitting on 4+; hits remove health."""
    chain: dict[tuple[int, int], Dist] = {}
    for hp_l in range(1, luke + 1):
        for hp_v in range(1, vader + 1):
            luke_hits = dice_pool(2, hit_on=5)
            vader_hits = dice_pool(1, hit_on=4)
            pairs = {}
            for (a, pa), (b, pb) in itertools.product(luke_hits.pmf().items(), vader_hits.pmf().items()):
                nxt = (max(hp_l - b, 0), max(hp_v - a, 0))
                pairs[nxt] = pairs.get(nxt, 0) + pa * pb
            chain[(hp_l, hp_v)] = Dist.from_fractions(pairs)
    return chain


def test_a_duel_given_as_dist_rows_ends_with_total_probability_one() -> None:
    result = absorbing_chain(duel(3, 4), (3, 4))
    assert sum(result.absorption.values()) == 1
    assert all(0 in state for state in result.absorption)
    luke_wins = sum(p for (hp_l, hp_v), p in result.absorption.items() if hp_l > 0)
    assert 0 < luke_wins < 1
    assert result.expected_steps > 1


def test_a_track_with_no_cycle_ends_within_max_steps_exactly() -> None:
    # a shield track 3 -> 2 -> 1 -> 0, losing a point with probability 1/3 per round
    track = {s: {s - 1: Fraction(1, 3), s: Fraction(2, 3)} for s in (1, 2, 3)}
    result = absorbing_chain(track, 3, max_steps=2000, tail=0)
    assert result.absorption == {0: Fraction(1)}
    assert result.expected_steps == 9  # three geometric waits of mean 3
    assert len(result.steps.outcomes) == 2000
    assert 0 < result.unfinished < Fraction(1, 10**300)
    # an acyclic chain without self-loops ends exactly
    straight = absorbing_chain({"a": {"b": HALF, "c": HALF}, "b": {"c": 1}}, "a")
    assert straight.unfinished == 0
    assert straight.steps.pmf() == {1: HALF, 2: HALF}


def test_the_steps_stop_once_the_chance_of_still_running_is_below_tail() -> None:
    # fair ruin from 1 of 3: P(still running after k steps) = 2^-k
    default = absorbing_chain(ruin(3, HALF), 1)
    assert default.unfinished == Fraction(1, 2**40)  # the first 2^-k <= 10^-12
    assert default.steps.outcomes[-1] == 40
    coarse = absorbing_chain(ruin(3, HALF), 1, tail=Fraction(1, 100))
    assert coarse.unfinished == Fraction(1, 128) and coarse.p_ended_by(7) == Fraction(127, 128)
    assert coarse.expected_steps == 2  # exact whatever the tail


def test_an_absorbing_start_ends_at_once() -> None:
    result = absorbing_chain({"won": {}}, "won")
    assert result.absorption == {"won": 1} and result.expected_steps == 0
    assert result.steps.pmf() == {0: Fraction(1)} and result.unfinished == 0
    assert absorbing_chain({"won": {"won": 1}}, "won").absorption == {"won": 1}


def test_a_cached_result_cannot_be_changed_through_its_absorption_dict() -> None:
    result = absorbing_chain(ruin(3, HALF), 1)
    result.absorption[0] = Fraction(0)
    assert absorbing_chain(ruin(3, HALF), 1).absorption[0] == Fraction(2, 3)


def test_result_reads_as_a_sentence() -> None:
    text = str(absorbing_chain(ruin(3, HALF), 1, max_steps=5))
    assert text.startswith("from 1: ends in 0: 2/3 (66.67%), 3: 1/3 (33.33%); expected steps 2")
    assert isinstance(absorbing_chain(ruin(3, HALF), 1), ChainResult)


# --- independent checks ----------------------------------------------------------------


def random_chain(seed: int, size: int) -> dict[int, dict[int, Fraction]]:
    rng = random.Random(seed)
    chain = {}
    for s in range(size):
        targets = rng.sample(range(size + 3), 3)  # states size .. size+2 absorb
        if s == 0 and size not in targets:
            targets[0] = size  # state 0 can always end
        weights = [rng.randint(1, 5) for _ in targets]
        chain[s] = {t: Fraction(w, sum(weights)) for t, w in zip(targets, weights)}
    return chain


@needs_numpy
@pytest.mark.parametrize("seed", range(6))
def test_absorption_agrees_with_the_fundamental_matrix(seed: int) -> None:
    size = 8
    chain = random_chain(seed, size)
    states = list(range(size))
    ends = [size, size + 1, size + 2]
    q = np.array([[float(chain[s].get(t, 0)) for t in states] for s in states])
    r = np.array([[float(chain[s].get(t, 0)) for t in ends] for s in states])
    fundamental = np.linalg.inv(np.eye(size) - q)
    expected = fundamental @ r
    for start in states:
        result = absorbing_chain(chain, start)
        for j, end in enumerate(ends):
            assert float(result.absorption.get(end, 0)) == pytest.approx(expected[start, j], abs=1e-12)
        assert float(result.expected_steps) == pytest.approx(fundamental.sum(axis=1)[start], abs=1e-9)


def test_steps_distribution_equals_path_enumeration() -> None:
    chain = {"a": {"a": Fraction(1, 3), "b": Fraction(1, 3), "x": Fraction(1, 3)}, "b": {"a": HALF, "y": HALF}}
    result = absorbing_chain(chain, "a", max_steps=6)
    for k in range(1, 7):
        total = Fraction(0)
        for path in itertools.product(["a", "b", "x", "y"], repeat=k):
            p, state = Fraction(1), "a"
            for i, nxt in enumerate(path):
                p *= chain.get(state, {}).get(nxt, 0)
                state = nxt
                if state in ("x", "y") and i < k - 1:
                    p = 0
            if state in ("x", "y"):
                total += p
        assert result.p_steps(k) == total


# --- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chain", "start", "message"),
    [
        ({"a": {"b": Fraction(3, 2), "c": Fraction(-1, 2)}}, "a", r"^transitions\['a'\]\['c'\] must be a probability"),
        (
            {"a": {"b": 0.5, "c": 0.5}},
            "a",
            r"^transitions\['a'\]\['b'\] must be a probability \(a Fraction or int >= 0\), got 0\.5$",
        ),
        ({"a": {"b": True}}, "a", r"^transitions\['a'\]\['b'\] must be a probability"),
        ({"a": {"b": 1, "c": 2}}, "a", r"^transitions\['a'\] must sum to 1, got 3"),
        ({"a": {"b": HALF}}, "a", r"^transitions\['a'\] must sum to 1, got 1/2"),
        ({"a": ["b"]}, "a", r"^transitions\['a'\] must be a mapping next state -> probability or a Dist$"),
        ({"a": {"b": 1}}, "z", r"^start: 'z' is not a state of transitions$"),
        ({"a": {"b": 1}, "b": {"a": 1}}, "a", r"^transitions: state '(a|b)' can never reach an absorbing state"),
        ([("a", "b")], "a", r"^transitions must be a mapping state"),
    ],
)
def test_bad_chains_are_refused_naming_the_row(chain: object, start: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        absorbing_chain(chain, start)  # type: ignore[arg-type]


def test_max_steps_is_checked() -> None:
    with pytest.raises(ValueError, match=r"^max_steps must be a whole number from 1 to 2000 \(the cap MAX_CHAIN_STEPS\), got 0$"):
        absorbing_chain(ruin(3, HALF), 1, max_steps=0)
    with pytest.raises(ValueError, match=r"^tail must be a Fraction or int from 0 up to \(not including\) 1, got 0\.1"):
        absorbing_chain(ruin(3, HALF), 1, tail=0.1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^tail must be a Fraction or int from 0 up to"):
        absorbing_chain(ruin(3, HALF), 1, tail=1)
    two_steps = {"a": {"b": 1}, "b": {"c": 1}}
    with pytest.raises(ValueError, match=r"^max_steps=1 is too small"):
        absorbing_chain(two_steps, "a", max_steps=1)
