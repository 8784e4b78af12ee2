"""Intervals and the race: how many rollouts each option gets, and when a clearly worse one stops.

**Intervals (95%).** An option's win chance is the mean of its rollout values
with **Wilson's score interval** (successes = the sum of the values, so a draw
counts half). The difference of an option to the best is **paired**: rollout
``i`` of both used the same generator, so the interval is the normal one of the
mean of the per-rollout differences, ``mean ± 1.96 · sd / √n`` over the
rollouts both options have (cut to [-1, 1], where a difference of two
returns lies).

**The race (stated rule).** Rollouts go in rounds of ``batch`` per option
still running. After each round, once an option has at least ``2 · batch``
rollouts, it is compared with the leader (the running option with the
highest mean) by the paired differences over their common rollouts:

* *worse*: the difference is more than ``Z_STOP = 3`` joint standard errors
  below 0 (GNU Backgammon's usual stopping distance) — the option stops;
* *same*: every paired difference is exactly 0 over at least ``SAME_AFTER``
  (30) rollouts — the two options play out alike (the same turn reached in
  another order, say); by the rule of three they differ in under 10% of
  rollouts (95%). The option stops.

The leader always runs to the full count, so the best option's interval is
that of at least ``rollouts`` games.

**The spare budget (stated rule).** A hint's budget is ``options · rollouts``
games. When every option has played its count or stopped, the rollouts the
stopped options left unused go to the leader (the surviving option with the
highest mean): a batch at a time, while its interval is wider than
``± MARGIN`` (5 points) and the spare budget covers the batch. The leader is
chosen again after every batch, so an option that overtakes it gets the
next one. A hint whose weak options fall away early sharpens its best option
for free, and it never plays more than the budget a user asked for.

>>> low, high = wilson(8, 10)
>>> round(low, 3), round(high, 3)
(0.49, 0.943)
>>> d, low, high = paired_difference([1, 0, 1, 1], [1, 0, 0, 1])
>>> d
0.25
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Z95 = 1.959963984540054
Z_STOP = 3.0
SAME_AFTER = 30
MARGIN = 0.05
RULE = (f"rounds of a batch per running option; from 2 batches on, an option stops when its paired difference to "
        f"the leader is more than {Z_STOP:g} standard errors below 0 (worse), or is exactly 0 in every one of at "
        f"least {SAME_AFTER} rollouts (same); the leader runs to the full count, then goes on with the rollouts the "
        f"stopped options left unused while its interval is wider than ±{100 * MARGIN:g} points")


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (``successes`` may be fractional: draws count a share)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(max(p * (1 - p), 0.0) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """``mean(a - b)`` over the rollouts both have, with its normal interval (``z`` standard errors)."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, -1.0, 1.0
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    if n == 1:
        return mean, -1.0, 1.0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)  # a difference of two returns lies in [-1, 1]


def never_shown_worse(values: Sequence[float], z: float = Z95) -> bool:
    """True when no option's rollouts, whatever their values in [0, 1], put ``values`` below it with confidence.

    That is: for every ``w`` in [0, 1]^n, ``paired_difference(values, w, z)`` has its upper end at or above 0.
    The advisor keeps its policy's move unless another option beats it this way, so once the move's own
    rollouts pass this test the other options need no rollouts: the move is kept whatever they show.
    :func:`could_show_worse` with nothing known of the other option.

    >>> never_shown_worse([1, 1, 0, 0]), never_shown_worse([1, 0, 0, 0])  # 4 rollouts: 2 wins keep the move
    (True, False)
    >>> never_shown_worse([1, 1, 1, 1, 1, 0, 0, 0]), never_shown_worse([1, 1, 1, 1, 1, 1, 0, 0])  # 8: 6 wins
    (False, True)
    """
    return not could_show_worse(values, {}, z)


def could_show_worse(values: Sequence[float], known: Mapping[int, float], z: float = Z95) -> bool:
    """Whether another option, whose rollout ``i`` is ``known[i]`` where known and anything in [0, 1]
    elsewhere, could still put ``values`` below it with confidence (``paired_difference(values, w, z)``
    with its upper end below 0).

    The advisor's challengers (:class:`~explorer.advisor.policy.AdvisorPolicy`, ``challengers=True``)
    play their rollouts one at a time and stop as soon as this is False: no result still to come
    could make them better than the policy's move.

    Why it is exact: the difference ``d = values - w`` lies in a box, ``[v_i - 1, v_i]`` where ``w_i``
    is free and the single point ``v_i - w_i`` where it is known. For a given mean, the spread ``sd(d)``
    is least when the free entries are as even as the box allows, ``d_i = clip(t, v_i - 1, v_i)`` for
    some ``t`` (the least sum of squares at a fixed sum), and the upper end ``mean + z·sd/√n`` grows
    with the spread, so only these ``d`` need looking at. Between two of the box ends the same entries
    equal ``t``, and "the upper end is below 0" is ``mean < 0`` and ``mean² > (z² / n)·sd²``, a quadratic
    in ``t``: its largest value on each piece is at an end or at its vertex. Values exactly on the edge
    count as shown worse (the test never claims more than it knows).

    >>> could_show_worse([0, 0, 0, 0], {0: 0.0})  # the rest could all be wins: 0, 1, 1, 1 is shown better
    True
    >>> could_show_worse([0, 0, 0, 0], {0: 0.0, 1: 0.0})  # 0, 0, 1, 1 is not
    False
    """
    n = len(values)
    if n < 2:
        return False  # one rollout gives no interval: nothing is ever shown better
    c2 = z * z / n
    box = [(v - known[i], v - known[i]) if i in known else (v - 1.0, float(v)) for i, v in enumerate(values)]

    def worse(t: float) -> bool:  # at d = clip(t, low, high): mean < 0 and mean² >= c²·sd² (the edge counted in)
        d = [min(max(t, low), high) for low, high in box]
        total, squares = sum(d), sum(e * e for e in d)
        return total < 0 and (total / n) ** 2 - c2 * (squares - total * total / n) / (n - 1) > -1e-12

    ends = sorted({e for low, high in box if low < high for e in (low, high) if -1 < e < 1} | {-1.0, 1.0})
    for a, b in zip(ends, ends[1:]):
        middle = (a + b) / 2
        free = sum(1 for low, high in box if low <= a and b <= high and low < high)  # the entries equal to t here
        fixed = [min(max(middle, low), high) for low, high in box if not (low <= a and b <= high and low < high)]
        f = sum(fixed)
        # mean² - c²·sd² = A t² + B t + (a constant) on [a, b]
        A = free * free / n**2 - c2 * (free - free * free / n) / (n - 1)
        B = 2 * free * f / n**2 + c2 * 2 * free * f / (n * (n - 1))
        points = [a, b]
        if A < 0 and a < -B / (2 * A) < b:
            points.append(-B / (2 * A))
        if any(worse(t) for t in points):
            return True
    return False


@dataclass
class Race:
    """The rollouts of every option so far and which options still run (see the module's rule)."""

    options: int
    rollouts: int
    batch: int
    racing: bool = True
    spare: bool = True
    parts: list[dict[int, tuple[float, ...]]] = field(default_factory=list)
    stopped: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.parts = [{} for _ in range(self.options)]

    def values(self, option: int) -> tuple[float, ...]:
        """The option's rollout values ``0 .. n - 1`` (only the unbroken run from rollout 0 counts)."""
        out: list[float] = []
        parts = self.parts[option]
        while len(out) in parts:
            out.extend(parts[len(out)])
        return tuple(out)

    def record(self, option: int, start: int, values: tuple[float, ...]) -> None:
        self.parts[option][start] = values

    def running(self) -> list[int]:
        """The options that play in the next round (see the rules of the race and of the spare budget)."""
        first = [o for o in range(self.options) if o not in self.stopped and len(self.values(o)) < self.rollouts]
        return first if first else self.extended()

    def played(self) -> int:
        return sum(len(self.values(o)) for o in range(self.options))

    def extended(self) -> list[int]:
        """The leader, when it goes on with the spare budget once every option has its count (else none)."""
        if not (self.racing and self.spare):
            return []
        best = self.leader(self.survivors())
        values = self.values(best)
        low, high = wilson(sum(values), len(values))
        if (high - low) / 2 <= MARGIN or self.options * self.rollouts - self.played() < self.batch:
            return []
        return [best]

    def survivors(self) -> list[int]:
        """The options not stopped (never empty: the leader never stops)."""
        return [o for o in range(self.options) if o not in self.stopped]

    def done(self) -> bool:
        return not self.running()

    def next_round(self) -> list[tuple[int, int, int]]:
        """The tasks of the next round: ``(option, start, stop)`` for each running option."""
        tasks = []
        for option in self.running():
            start = len(self.values(option))
            stop = min(self.rollouts, start + self.batch) if start < self.rollouts else start + self.batch
            tasks.append((option, start, stop))
        return tasks

    def mean(self, option: int) -> float:
        values = self.values(option)
        return sum(values) / len(values) if values else 0.0

    def leader(self, among: Sequence[int] | None = None) -> int:
        """The option with the highest mean (the lowest index among equals)."""
        pool = list(range(self.options)) if among is None else list(among)
        return max(pool, key=lambda o: (self.mean(o), -o))

    def settle(self) -> None:
        """Stop the options that are clearly worse than the leader, or play out the same (the rule above)."""
        if not self.racing:
            return
        live = [o for o in range(self.options) if o not in self.stopped]
        if len(live) < 2:
            return
        best = self.leader(live)
        lead = self.values(best)
        for option in live:
            mine = self.values(option)
            if option == best or len(mine) < 2 * self.batch or len(mine) >= self.rollouts:
                continue
            d, low, high = paired_difference(mine, lead, Z_STOP)
            if high < 0:
                self.stopped[option] = "worse"
            elif len(mine) >= SAME_AFTER and len(lead) >= SAME_AFTER and all(
                    a == b for a, b in zip(mine, lead)):
                self.stopped[option] = "same"
