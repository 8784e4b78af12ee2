"""Seeded Monte Carlo estimates with a confidence interval, for questions that need a policy.

Exact odds come from the engines in :mod:`explorer.odds`; some questions
("how often does this strategy win?") need a played-out trial instead. Then an
answer is an :class:`Estimate`: the value, a 95% interval and the seed that
reproduces it. Every trial draws its randomness from one
seeded generator (``explorer.core.rng.new_generator(seed)``, numpy's ``default_rng(seed)``
numbers with or without numpy), so the same seed gives the same answer.

>>> est = estimate(lambda rng: rng.integers(1, 7) == 6, trials=2000, seed=7)
>>> est.low < 1 / 6 < est.high, est.trials, est.seed
(True, 2000, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import fsum, sqrt

from explorer.core.numeric import BOOLS, NUMBERS
from explorer.core.rng import Generator, fresh_seed, new_generator
from explorer.core.checks import whole_number
from explorer.odds.limits import MAX_SEED, MAX_TRIALS, cap_text

Z95 = 1.959963984540054
"""The two-sided 95% standard normal quantile."""


@dataclass(frozen=True)
class Estimate:
    """A sampled answer: ``value`` with a 95% interval ``[low, high]``.

    ``kind`` is ``"proportion"`` (trials returned booleans; Wilson score
    interval) or ``"mean"`` (trials returned numbers; normal interval with the
    sample standard deviation). ``seed`` reproduces the run.

    >>> est = estimate(lambda rng: rng.random() < 0.25, trials=1000, seed=3)
    >>> est.kind, est.covers(0.25), est == estimate(lambda rng: rng.random() < 0.25, trials=1000, seed=3)
    ('proportion', True, True)
    """

    value: float
    low: float
    high: float
    trials: int
    seed: int
    kind: str

    def covers(self, x: float) -> bool:
        """Whether ``x`` lies in the 95% interval."""
        return self.low <= x <= self.high

    def __str__(self) -> str:
        what = "P = " if self.kind == "proportion" else "mean = "
        return (
            f"{what}{self.value:.4g} (95% CI {self.low:.4g} to {self.high:.4g}; "
            f"{self.trials:,} trials, seed {self.seed})"
        )


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials``.

    Unlike the textbook normal interval it stays inside [0, 1] and is honest
    when the proportion is near 0 or 1.

    >>> low, high = wilson(0, 100)
    >>> low == 0.0, round(high, 4)
    (True, 0.037)
    """
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def estimate(
    trial: Callable[[Generator], object], *, trials: int = 10_000, seed: int | None = None
) -> Estimate:
    """Run ``trial(rng)`` ``trials`` times on one seeded generator and summarise.

    ``trial`` returns a bool (the estimate is a proportion with a Wilson
    interval) or a number (a mean with a normal interval). With no ``seed`` a
    fresh one is drawn from the operating system and reported on the result.
    Caps: ``trials`` <= 200,000 (``MAX_TRIALS``; the time is that many calls of
    ``trial``), ``seed`` < 2**128 (``MAX_SEED``).

    >>> est = estimate(lambda rng: int(rng.integers(1, 7)), trials=4000, seed=1)
    >>> est.kind, est.covers(3.5)
    ('mean', True)
    """
    if not callable(trial):
        raise ValueError(f"trial must be a function of a seeded generator, got {type(trial).__name__}")
    trials = whole_number("trials", trials, 1, MAX_TRIALS, ValueError, cap_text("MAX_TRIALS"))
    if seed is None:
        seed = fresh_seed(128)
    else:
        seed = whole_number("seed", seed, 0, MAX_SEED, ValueError, cap_text("MAX_SEED"))
    rng = new_generator(seed)
    results = [trial(rng) for _ in range(trials)]
    if all(isinstance(r, BOOLS) for r in results):
        successes = sum(bool(r) for r in results)
        low, high = wilson(successes, trials)
        return Estimate(successes / trials, low, high, trials, seed, "proportion")
    for r in results:
        if isinstance(r, BOOLS) or not isinstance(r, NUMBERS):
            raise ValueError(f"trial must return a bool every time or a number every time, got {r!r}")
    mean, half = mean_interval([float(r) for r in results])  # type: ignore[arg-type]  # numbers, checked above
    return Estimate(mean, mean - half, mean + half, trials, seed, "mean")


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95% interval (sample standard deviation).

    Sums are exact to the last bit (``math.fsum``), so the answer is the same on every Python,
    with numpy or without.

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 1.1315857340761717)
    """
    n = len(values)
    if n == 0:
        raise ValueError("mean_interval needs at least one value")
    mean = fsum(values) / n
    if n == 1:
        return mean, 0.0
    variance = fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * sqrt(variance) / sqrt(n)
