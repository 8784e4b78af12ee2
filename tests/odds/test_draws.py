"""Draws without replacement: exact, checked against enumeration and scipy.stats.

Small bags are enumerated item by item: every ``n``-subset of the individual
tokens (``itertools.combinations``) is one equally likely draw. Larger ones are
compared with ``scipy.stats.hypergeom`` and ``multivariate_hypergeom``.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from tests.numpy_optional import needs_numpy, np

from explorer.core.chance import multiset_draw_weights
from explorer.core.multiset import Multiset
from explorer.odds import draw, draw_count, draw_joint

BAGS = [
    {"laser": 1},
    {"laser": 2, "energy": 1},
    {"laser": 3, "shield": 2, "energy": 4},
    {"a": 1, "b": 1, "c": 1, "d": 1, "e": 1},
    {"laser": 4, "shield": 0, "energy": 3, "drone": 2},
]


def tokens(bag: dict[str, int]) -> list[str]:
    return [kind for kind, count in bag.items() for _ in range(count)]


def subsets(bag: dict[str, int], n: int) -> list[tuple[str, ...]]:
    return list(itertools.combinations(tokens(bag), n))


def cases() -> list[tuple[dict[str, int], int]]:
    return [(bag, n) for bag in BAGS for n in range(sum(bag.values()) + 1)]


# --- enumeration of every subset of tokens equals the engine -------------------------


@pytest.mark.parametrize(("bag", "n"), cases())
def test_draw_equals_enumeration(bag: dict[str, int], n: int) -> None:
    counted = Counter(Multiset(drawn) for drawn in subsets(bag, n))
    d = draw(bag, n)
    assert dict(zip(d.outcomes, d.weights)) == counted
    assert d.total == comb(sum(bag.values()), n)
    assert all(isinstance(m, Multiset) and len(m) == n for m in d.outcomes)


@pytest.mark.parametrize(("bag", "n"), cases())
def test_draw_count_equals_enumeration(bag: dict[str, int], n: int) -> None:
    for kinds in [["laser"], ["laser", "energy"]]:
        if not set(kinds) <= set(bag):
            continue
        counted = Counter(sum(t in kinds for t in drawn) for drawn in subsets(bag, n))
        d = draw_count(bag, n, kinds)
        assert d.outcomes == tuple(range(n + 1))
        assert d.weights == tuple(counted.get(k, 0) for k in range(n + 1))


@pytest.mark.parametrize(("bag", "n"), cases())
def test_draw_joint_equals_enumeration(bag: dict[str, int], n: int) -> None:
    if not {"laser", "energy"} <= set(bag):
        return
    counted = Counter((drawn.count("laser"), drawn.count("energy")) for drawn in subsets(bag, n))
    d = draw_joint(bag, n, "laser", "energy")
    assert {o: w for o, w in zip(d.outcomes, d.weights) if w} == counted
    assert d.outcomes == tuple((a, b) for a in range(n + 1) for b in range(n + 1 - a))


def test_draw_lists_outcomes_like_the_core_chance_node() -> None:
    bag = Multiset({"laser": 5, "shield": 5, "energy": 4, "missile": 3, "drone": 3})
    d = draw(bag, 5)
    assert tuple(zip(d.outcomes, d.weights)) == multiset_draw_weights(bag, 5)


# --- larger bags against scipy.stats -------------------------------------------------


@pytest.mark.parametrize(("size", "marked", "n"), [(60, 10, 10), (52, 4, 5), (80, 23, 17), (200, 50, 30)])
def test_draw_count_agrees_with_scipy_hypergeom(size: int, marked: int, n: int) -> None:
    d = draw_count({"marked": marked, "other": size - marked}, n, "marked")
    expected = stats.hypergeom.pmf(range(n + 1), size, marked, n)
    for k, p in d.pmf().items():
        assert float(p) == pytest.approx(expected[k], abs=1e-12)


@pytest.mark.parametrize(
    ("bag", "n"),
    [({f"card{i}": 10 for i in range(6)}, 10), ({"a": 7, "b": 3, "c": 12, "d": 1}, 9), ({"x": 30, "y": 25}, 20)],
)
def test_draw_agrees_with_scipy_multivariate_hypergeom(bag: dict[str, int], n: int) -> None:
    d = draw(bag, n)
    counts = list(bag.values())
    assert sum(d.pmf().values()) == 1
    for drawn, p in list(d.pmf().items())[::7]:
        x = [drawn.count(kind) for kind in bag]
        assert float(p) == pytest.approx(stats.multivariate_hypergeom.pmf(x, counts, n), abs=1e-12)


def test_draw_joint_agrees_with_scipy_multivariate_hypergeom() -> None:
    d = draw_joint({"laser": 8, "shield": 6, "energy": 16}, 7, "laser", "shield")
    for (a, b), p in d.pmf().items():
        expected = stats.multivariate_hypergeom.pmf([a, b, 7 - a - b], [8, 6, 16], 7)
        assert float(p) == pytest.approx(expected, abs=1e-12)


# --- known values --------------------------------------------------------------------


def test_aces_in_a_poker_hand() -> None:
    deck = {"ace": 4, "other": 48}
    # exactly two aces: C(4,2) C(48,3) / C(52,5) = 103776 / 2598960
    assert draw_count(deck, 5, "ace").p(2) == Fraction(2162, 54145)
    # at least one ace: 1 - C(48,5) / C(52,5)
    assert draw_count(deck, 5, "ace").at_least(1) == 1 - Fraction(1712304, 2598960)


def test_two_lasers_from_a_small_bag() -> None:
    bag = {"laser": 2, "energy": 1}
    assert draw(bag, 2).pmf() == {
        Multiset({"laser": 1, "energy": 1}): Fraction(2, 3),
        Multiset({"laser": 2}): Fraction(1, 3),
    }


def test_kinds_may_be_one_kind_a_collection_or_a_tuple_kind() -> None:
    bag = {"laser": 4, "shield": 3, "energy": 5, ("combo", 2): 1}
    assert draw_count(bag, 3, "laser") == draw_count(bag, 3, ["laser"])
    assert draw_count(bag, 3, {"laser", "shield"}).mean() == Fraction(7 * 3, 13)
    assert draw_count(bag, 3, ("combo", 2)).p(1) == Fraction(3, 13)


def test_a_multiset_or_a_mapping_population_give_the_same_answer() -> None:
    bag = {"laser": 3, "shield": 2, "energy": 4}
    assert draw(Multiset(bag), 4) is draw(bag, 4)
    assert draw_count(Multiset(bag), 4, "shield") == draw_count(bag, 4, "shield")


def test_drawing_nothing_or_everything() -> None:
    bag = {"laser": 2, "energy": 1}
    assert draw(bag, 0).pmf() == {Multiset(): Fraction(1)}
    assert draw(bag, 3).pmf() == {Multiset(bag): Fraction(1)}
    assert draw({}, 0).pmf() == {Multiset(): Fraction(1)}


def test_a_kind_with_no_copies_left_has_probability_zero() -> None:
    bag = {"laser": 0, "energy": 5}
    assert draw_count(bag, 2, "laser").p(0) == 1


# --- caching -------------------------------------------------------------------------


def test_counting_answers_are_shared_by_composition() -> None:
    first = draw_count({"laser": 5, "blank": 15}, 5, "laser")
    assert draw_count({"x": 5, "y": 7, "z": 8}, 5, "x") is first  # 5 marked among 20


def test_asking_again_is_answered_from_memory_fast() -> None:
    deck = {f"card{i}": 10 for i in range(6)}
    draw(deck, 10)
    best = min(_timed(lambda: draw(deck, 10)) for _ in range(50))
    assert best < 1e-4


def _timed(call: object) -> float:
    start = time.perf_counter()
    call()  # type: ignore[operator]
    return time.perf_counter() - start


# --- properties ----------------------------------------------------------------------

bags = st.dictionaries(st.sampled_from(["laser", "shield", "energy", "drone"]), st.integers(0, 6), min_size=1)


@settings(max_examples=60, deadline=None, database=None)
@given(bags, st.data())
def test_probabilities_of_a_draw_sum_to_exactly_one(bag: dict[str, int], data: st.DataObject) -> None:
    n = data.draw(st.integers(0, sum(bag.values())))
    assert sum(draw(bag, n).pmf().values()) == 1
    assert sum(draw_count(bag, n, list(bag)[0]).pmf().values()) == 1


@settings(max_examples=60, deadline=None, database=None)
@given(bags, st.data())
def test_marginals_of_draw_equal_draw_count_and_draw_joint(bag: dict[str, int], data: st.DataObject) -> None:
    n = data.draw(st.integers(0, sum(bag.values())))
    full = draw(bag, n)
    kinds = list(bag)
    for kind in kinds:
        assert full.map(lambda m: m.count(kind)) == draw_count(bag, n, kind)
    group = kinds[:2]
    assert full.map(lambda m: sum(m.count(k) for k in group)) == draw_count(bag, n, group)
    if len(kinds) >= 2:
        a, b = kinds[:2]
        assert full.map(lambda m: (m.count(a), m.count(b))) == draw_joint(bag, n, a, b)


@settings(max_examples=40, deadline=None, database=None)
@given(bags, st.data())
def test_at_least_k_plus_at_most_k_minus_one_is_one_for_draws(bag: dict[str, int], data: st.DataObject) -> None:
    n = data.draw(st.integers(0, sum(bag.values())))
    k = data.draw(st.integers(-1, n + 1))
    d = draw_count(bag, n, list(bag)[-1])
    assert d.at_least(k) + d.at_most(k - 1) == 1


# --- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: draw({"laser": -1}, 1), r"^population count of 'laser' must be a whole number from 0 to 10000 \(the cap MAX_POPULATION\), got -1$"),
        (lambda: draw({"laser": 2.0}, 1), r"^population count of 'laser' must be a whole number from 0 to 10000 \(the cap MAX_POPULATION\), got 2\.0$"),
        (lambda: draw({"laser": True}, 1), r"^population count of 'laser' must be a whole number from 0 to 10000 \(the cap MAX_POPULATION\), got True$"),
        (lambda: draw({"laser": 3}, 4), r"^n must be a whole number from 0 to 3 \(the population size\), got 4$"),
        (lambda: draw({"laser": 3}, -1), r"^n must be a whole number from 0 to 3 \(the population size\), got -1$"),
        (lambda: draw({"laser": 3}, 1.0), r"^n must be a whole number from 0 to 3 \(the population size\), got 1\.0$"),
        (lambda: draw(["laser"], 1), r"^population must be a mapping kind -> count or a Multiset, got list$"),
        (lambda: draw({f"k{i}": 10 for i in range(20)}, 30), r"^n: drawing 30 from these 20 kinds has"),
        (lambda: draw_count({"laser": 3}, 1, "lazer"), r"^kinds: 'lazer' is not in the population"),
        (lambda: draw_count({"laser": 3}, 1, []), r"^kinds must name at least one kind"),
        (lambda: draw_count({"laser": 3}, 5, "laser"), r"^n must be a whole number from 0 to 3"),
        (
            lambda: draw_joint({"a": 1, "b": 1}, 1, "a", "a"),
            r"^kind_a and kind_b must be different kinds; both include 'a'$",
        ),
        (lambda: draw_joint({"a": 1, "b": 1}, 1, "a", "c"), r"^kind_b: 'c' is not in the population"),
    ],
)
def test_bad_input_raises_naming_the_argument(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@needs_numpy
def test_numpy_integers_are_accepted_as_counts() -> None:
    assert draw_count({"laser": np.int64(2), "energy": 1}, np.int64(2), "laser").p(2) == Fraction(1, 3)
