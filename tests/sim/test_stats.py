"""Intervals against published and independently computed values.

Wilson (1927) score interval: the values are scipy's ``binomtest(k, n).proportion_ci(method="wilson")``
(scipy 1.x) and Newcombe (1998), *Two-sided confidence intervals for the single proportion*, Table I.
Difference of rates: Newcombe (1998), *Interval estimation for the difference between independent
proportions*, Statistics in Medicine 17:873-890, worked example 56/70 - 48/80, method 10.
"""

from __future__ import annotations

import pytest

from explorer.sim import rate, rate_difference, wilson
from explorer.sim.stats import quantile


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (81, 263, 0.2553, 0.3662),   # Newcombe 1998 Table I, example (a)
    (15, 148, 0.0624, 0.1605),   # example (b)
    (0, 20, 0.0, 0.1611),        # example (c)
    (1, 29, 0.0061, 0.1718),     # example (d)
    (8, 10, 0.4902, 0.9433),     # scipy binomtest(8, 10) wilson
    (10, 10, 0.7225, 1.0),       # scipy binomtest(10, 10) wilson
])
def test_wilson_interval_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_with_no_games_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_ends_are_exact_at_zero_and_all() -> None:
    assert wilson(0, 7)[0] == 0.0 and wilson(7, 7)[1] == 1.0


@pytest.mark.parametrize(("k", "n"), [(-1, 5), (6, 5), (1.5, 5), (True, 5)])
def test_wilson_refuses_impossible_counts(k: object, n: int) -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson(k, n)  # type: ignore[arg-type]


def test_rate_carries_count_trials_and_interval() -> None:
    r = rate(8, 10)
    assert (r.count, r.trials, r.rate) == (8, 10, 0.8)
    assert str(r) == "80.0% (49.0%–94.3%)"


def test_difference_of_rates_matches_newcombe_method_10() -> None:
    d, low, high = rate_difference(56, 70, 48, 80)
    assert (d, low, high) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)


def test_difference_of_rates_needs_games_in_both_arms() -> None:
    with pytest.raises(ValueError, match="both arms"):
        rate_difference(1, 2, 0, 0)


def test_quantile_interpolates_like_numpy() -> None:
    assert [quantile([1, 2, 3, 4, 10], q) for q in (0, 0.1, 0.5, 0.9, 1)] == pytest.approx([1, 1.4, 3, 7.6, 10])
