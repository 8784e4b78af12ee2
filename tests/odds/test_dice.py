"""Dice: hits, faces and sums, exact, checked against enumeration and scipy.stats.

Small cases are enumerated die by die with ``itertools.product`` (every one of
the sides**n ordered rolls); larger ones are compared with ``scipy.stats.binom``
and with a plain integer convolution.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from explorer.odds import dice_faces, dice_pool, dice_sum

SMALL = [(n, sides) for n in range(0, 5) for sides in range(1, 7)]


def rolls(n: int, sides: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, sides + 1), repeat=n))


# --- enumeration of every ordered roll equals the engine, weight for weight ------------


@pytest.mark.parametrize(("n", "sides"), SMALL)
def test_hits_equal_enumeration(n: int, sides: int) -> None:
    for hit_on in range(1, sides + 1):
        counted = Counter(sum(face >= hit_on for face in roll) for roll in rolls(n, sides))
        d = dice_pool(n, sides=sides, hit_on=hit_on)
        assert d.outcomes == tuple(range(n + 1))
        assert d.weights == tuple(counted.get(k, 0) for k in range(n + 1))
        assert d.total == sides**n


@pytest.mark.parametrize(("n", "sides"), SMALL)
def test_faces_equal_enumeration(n: int, sides: int) -> None:
    counted = Counter(tuple(sorted(roll)) for roll in rolls(n, sides))
    d = dice_faces(n, sides=sides)
    assert dict(zip(d.outcomes, d.weights)) == counted
    assert list(d.outcomes) == sorted(counted)


@pytest.mark.parametrize(("n", "sides"), SMALL)
def test_sums_equal_enumeration(n: int, sides: int) -> None:
    counted = Counter(sum(roll) for roll in rolls(n, sides))
    d = dice_sum(n, sides=sides)
    assert dict(zip(d.outcomes, d.weights)) == counted
    assert d.outcomes == tuple(range(n, n * sides + 1))


# --- larger cases against independent computations -------------------------------------


@pytest.mark.parametrize(("n", "sides", "hit_on"), [(10, 6, 4), (20, 6, 5), (37, 8, 3), (60, 20, 17), (200, 10, 7)])
def test_hits_agree_with_scipy_binom(n: int, sides: int, hit_on: int) -> None:
    d = dice_pool(n, sides=sides, hit_on=hit_on)
    expected = stats.binom.pmf(range(n + 1), n, (sides - hit_on + 1) / sides)
    for k, p in d.pmf().items():
        assert float(p) == pytest.approx(expected[k], abs=1e-12)


@pytest.mark.parametrize(("n", "sides"), [(12, 6), (25, 10), (40, 4), (9, 20), (100, 6)])
def test_sums_agree_with_integer_convolution(n: int, sides: int) -> None:
    coefficients = [1]
    for _ in range(n):
        grown = [0] * (len(coefficients) + sides - 1)
        for i, c in enumerate(coefficients):
            for j in range(sides):
                grown[i + j] += c
        coefficients = grown
    assert list(dice_sum(n, sides=sides).weights) == coefficients


def test_faces_of_9d6_agree_with_scipy_multinomial() -> None:
    d = dice_faces(9)
    for faces, p in list(d.pmf().items())[::37]:
        counts = [faces.count(f) for f in range(1, 7)]
        assert float(p) == pytest.approx(stats.multinomial.pmf(counts, 9, [1 / 6] * 6), abs=1e-12)


# --- known values ----------------------------------------------------------------------


def test_de_meres_at_least_one_six_in_four_dice() -> None:
    # 1 - (5/6)^4 = 671/1296, the Chevalier de Méré's bet
    assert dice_pool(4, hit_on=6).at_least(1) == Fraction(671, 1296)


def test_five_dice_hitting_on_3_plus() -> None:
    # binomial(5, 2/3): mean np = 10/3, variance np(1-p) = 10/9, all five hit (2/3)^5 = 32/243
    d = dice_pool(5, hit_on=3)
    assert d.mean() == Fraction(10, 3)
    assert d.variance() == Fraction(10, 9)
    assert d.p(5) == Fraction(32, 243)
    assert d.cdf_at_least()[4] == Fraction(112, 243)  # (80 + 32) / 243


def test_hit_on_one_always_hits_and_impossible_counts_stay_listed() -> None:
    d = dice_pool(3, hit_on=1)
    assert d.outcomes == (0, 1, 2, 3) and d.p(3) == 1 and d.p(0) == 0


def test_faces_of_5d6() -> None:
    d = dice_faces(5)
    assert len(d.outcomes) == 252  # C(10, 5) multisets
    assert d.p((6, 6, 6, 6, 6)) == Fraction(1, 7776)
    assert d.p(lambda f: len(set(f)) == 1) == Fraction(6, 7776)  # a yahtzee
    assert d.p((1, 2, 3, 4, 5)) == Fraction(120, 7776)  # 5! orderings
    assert d.p((2, 2, 3, 3, 3)) == Fraction(10, 7776)  # 5! / (2! 3!)


def test_sum_of_dice() -> None:
    assert dice_sum(2).p(7) == Fraction(1, 6)
    assert dice_sum(3).p(10) == Fraction(27, 216)
    ten = dice_sum(10)
    assert ten.mean() == 35 and ten.variance() == Fraction(175, 6)  # 10 * 35/12
    assert dice_sum(0).pmf() == {0: Fraction(1)}


def test_a_thousand_dice_sum_quickly_and_exactly() -> None:
    start = time.perf_counter()
    d = dice_sum(1000, sides=20)
    assert time.perf_counter() - start < 2.0
    assert sum(d.weights) == 20**1000 and d.mean() == Fraction(21 * 1000, 2)


# --- caching ---------------------------------------------------------------------------


def test_asking_again_returns_the_cached_answer_fast() -> None:
    first = dice_faces(6, sides=6)
    assert dice_faces(6, sides=6) is first
    assert dice_pool(5, hit_on=4) is dice_pool(5, sides=6, hit_on=4)
    best = min(_timed(lambda: dice_pool(5, hit_on=4)) for _ in range(50))
    assert best < 1e-4


def _timed(call: object) -> float:
    start = time.perf_counter()
    call()  # type: ignore[operator]
    return time.perf_counter() - start


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: dice_pool(5, hit_on=7), r"^hit_on must be a whole number from 1 to 6, got 7$"),
        (lambda: dice_pool(5, hit_on=0), r"^hit_on must be a whole number from 1 to 6, got 0$"),
        (lambda: dice_pool(5, sides=8, hit_on=9), r"^hit_on must be a whole number from 1 to 8, got 9$"),
        (lambda: dice_pool(5, hit_on=True), r"^hit_on must be a whole number from 1 to 6, got True$"),
        (lambda: dice_pool(5, hit_on=3.0), r"^hit_on must be a whole number from 1 to 6, got 3\.0$"),
        (lambda: dice_pool(-1, hit_on=3), r"^n must be a whole number from 0 to 1000 \(the cap MAX_DICE\), got -1$"),
        (lambda: dice_pool("5", hit_on=3), r"^n must be a whole number from 0 to 1000 \(the cap MAX_DICE\), got '5'$"),
        (lambda: dice_pool(5, sides=0, hit_on=1), r"^sides must be a whole number from 1 to 1000 \(the cap MAX_SIDES\), got 0$"),
        (lambda: dice_faces(2.5), r"^n must be a whole number from 0 to 1000 \(the cap MAX_DICE\), got 2\.5$"),
        (lambda: dice_faces(3, sides=False), r"^sides must be a whole number from 1 to 1000 \(the cap MAX_SIDES\), got False$"),
        (lambda: dice_faces(100), r"^n and sides: 100d6 has 96,560,646 face multisets"),
        (lambda: dice_sum(1001), r"^n must be a whole number from 0 to 1000 \(the cap MAX_DICE\), got 1001$"),
        (lambda: dice_sum(1000, sides=200), r"^n and sides: 1000d200 has 199,001 totals, more than the 150,000 supported \(the cap MAX_SUM_OUTCOMES\)$"),
        (lambda: dice_sum(3, sides=-6), r"^sides must be a whole number from 1 to 1000 \(the cap MAX_SIDES\), got -6$"),
    ],
)
def test_bad_input_raises_naming_the_argument(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_a_refused_bool_is_not_answered_from_the_cache() -> None:
    dice_pool(1, hit_on=1)  # cached under (1, 6, 1); True == 1 must still be refused
    with pytest.raises(ValueError, match="n must be a whole number"):
        dice_pool(True, hit_on=1)
