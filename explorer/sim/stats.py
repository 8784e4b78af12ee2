"""Intervals for rates read off many seeded games: Wilson for one rate, Newcombe for a difference.

A win rate without its spread is the classic mistake of deck-builder
simulators; every rate the simulation lab reports carries a 95% interval.
Wilson's score interval stays inside [0, 1] and behaves at 0 and n successes,
where the textbook ``p ± 1.96·√(p(1-p)/n)`` collapses to a point.

>>> low, high = wilson(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> d, low, high = rate_difference(56, 70, 48, 80)
>>> round(d, 4), round(low, 4), round(high, 4)
(0.2, 0.0524, 0.3339)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from explorer.core.checks import whole_number

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


class Rate(NamedTuple):
    """``count`` of ``trials`` with its rate and 95% Wilson interval."""

    count: int  # type: ignore[assignment]  # the rate's count of successes, named as people say it; shadows tuple.count
    trials: int
    rate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.rate:.1%} ({self.low:.1%}–{self.high:.1%})"


def _check_counts(successes: int, trials: int) -> None:
    for name, value in (("successes", successes), ("trials", trials)):
        whole_number(name, value, 0, None, ValueError)
    if successes > trials:
        raise ValueError(f"successes ({successes}) cannot exceed trials ({trials})")


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes / trials`` (95% by default); (0, 1) with no trials.

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    """
    _check_counts(successes, trials)
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # at 0 or n successes one end is exactly 0 or 1; rounding must not push it past
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def rate(successes: int, trials: int) -> Rate:
    """``successes / trials`` with its Wilson interval as a :class:`Rate` (rate 0 with no trials)."""
    low, high = wilson(successes, trials)
    return Rate(successes, trials, successes / trials if trials else 0.0, low, high)


def rate_difference(x1: int, n1: int, x2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """``x1/n1 - x2/n2`` and its 95% interval by Newcombe's hybrid score method (his method 10).

    It combines the two Wilson intervals, so it stays inside [-1, 1] and keeps
    its coverage near 0 and 1 (Newcombe, *Statistics in Medicine* 17, 1998).
    Both arms must have games. The runs of :func:`explorer.sim.compare` share
    seeds; for such positively correlated arms this interval is conservative.
    """
    if n1 == 0 or n2 == 0:
        raise ValueError("a difference of rates needs games in both arms")
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    p1, p2 = x1 / n1, x2 / n2
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (d, max(-1.0, low), min(1.0, high))


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by linear interpolation (numpy's default); nan if empty.

    >>> quantile([1, 2, 3, 4], 0.5)
    2.5
    """
    if not 0 <= q <= 1:
        raise ValueError(f"q must be from 0 to 1, got {q!r}")
    if not values:
        return math.nan
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
