"""Speed of ``explorer.odds`` against icepool and scipy.stats on the same questions.

Run as ``python benchmarks/odds.py``. Every question is asked of each engine in
one process and the results are checked to agree before anything is timed.

* ours cold: the first call after ``explorer.odds.cache_clear()`` (best of R);
* ours repeated: the same call again, answered from the cache (mean of 2,000
  calls, best of 5 batches);
* icepool cold: after clearing icepool's own caches (``icepool.d`` is a
  ``functools.cache``, ``Pool.clear_cache()`` empties the pool cache and
  ``icepool.math.comb_row_cache`` holds binomial rows), with a fresh ``Die``
  and ``Deck`` built inside the timed call (best of R);
* scipy: the matching ``scipy.stats`` pmf evaluated over the whole support,
  where one applies; for faces and draws scipy cannot list the support, so it
  is built beforehand and not timed (scipy's figure is a lower bound).

Ratio = icepool cold / ours cold (the goal is >= 10) and the goal for a
repeated question is < 100 us.

A second table is the **joint-draw grid**: ``draw`` (the whole joint
distribution of what is drawn) on every shape of up to 12 items from up to 80
in up to 8 kinds that the grid lists: 2 to 8 kinds, populations of 20, 48 and
80 split evenly or with one dominant kind, 4, 8 and 12 drawn, and the shapes
named in issue 8 (8 of 48 in 6 kinds, 6 of 30 in 5, 4 of 40 in 7). Each shape
is checked against icepool exactly, then timed cold (best of a few runs, CPU
time, so other processes on the machine disturb it less) and the ratio per
shape is printed (goal: every ratio >= 10). ``--quick`` times fewer repeats.

``--grid --draw`` measures the same grid more strictly (issue 21): the median of cold runs per
shape rather than the best, each run charged with the garbage collector's walk over the objects
it leaves (``draw`` pauses the collector while it lists). For a before/after figure, run it in a
copy of the older tree (``git archive REV | tar -x -C DIR``, then this file into DIR/benchmarks).
"""

from __future__ import annotations

import gc
import itertools
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icepool
import numpy as np
from scipy import stats

import explorer.odds as odds
from explorer.core.multiset import Multiset

COLD_REPEATS = 40
WARM_CALLS = 2_000

BAG_20 = {"laser": 5, "shield": 5, "energy": 4, "missile": 3, "drone": 3}
DECK_60 = {f"card{i}": 10 for i in range(6)}


def best_cold(call: Callable[[], Any], clear: Callable[[], None], repeats: int = COLD_REPEATS) -> float:
    """Best wall time in seconds of ``call()`` right after ``clear()`` (clearing not timed)."""
    best = float("inf")
    for _ in range(repeats):
        clear()
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def mean_warm(call: Callable[[], Any], calls: int = WARM_CALLS, batches: int = 5) -> float:
    """Mean time of a repeated call (answered from the cache), best of a few batches."""
    call()
    best = float("inf")
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def icepool_clear() -> None:
    icepool.d.cache_clear()
    icepool.Pool.clear_cache()
    icepool.math.comb_row_cache.clear()


def counts_support(population: dict[str, int], n: int) -> np.ndarray:
    """Every vector of counts drawn (untimed setup for scipy's multivariate pmfs)."""
    caps = list(population.values())
    rows = [c for c in itertools.product(*(range(min(cap, n) + 1) for cap in caps)) if sum(c) == n]
    return np.array(rows)


def as_probabilities(die: icepool.Die, key: Callable[[Any], Any] = lambda o: o) -> dict[Any, Fraction]:
    total = die.denominator()
    return {key(o): Fraction(q, total) for o, q in die.items() if q}


def check(ours: odds.Dist, theirs: dict[Any, Fraction], what: str) -> None:
    mine = {o: p for o, p in ours.pmf().items() if p}
    if mine != theirs:
        raise SystemExit(f"{what}: explorer.odds and icepool disagree")


def dice_questions() -> list[tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], Any] | None, Any]]:
    qs = []
    for t in (3, 4, 5, 6):
        p = (7 - t) / 6
        qs.append(
            (
                f"5d6 hits on {t}+",
                lambda t=t: odds.dice_pool(5, hit_on=t),
                lambda t=t: 5 @ (icepool.d(6) >= t),
                lambda p=p: stats.binom.pmf(np.arange(6), 5, p),
                lambda die: as_probabilities(die, int),
            )
        )
    faces = itertools.combinations_with_replacement(range(1, 7), 5)
    support = np.array([[row.count(f) for f in range(1, 7)] for row in faces])
    qs.append(
        (
            "faces of 5d6",
            lambda: odds.dice_faces(5),
            lambda: icepool.d(6).pool(5).expand(),
            lambda: stats.multinomial.pmf(support, 5, [1 / 6] * 6),
            lambda die: as_probabilities(die, tuple),
        )
    )
    qs.append(
        (
            "sum of 10d6",
            lambda: odds.dice_sum(10),
            lambda: 10 @ icepool.d(6),
            None,
            lambda die: as_probabilities(die),
        )
    )
    return qs


def draw_questions() -> list[tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], Any] | None, Any]]:
    qs = []
    for label, population, n in (
        ("5 from 20-token bag, 5 kinds", BAG_20, 5),
        ("10 from 60 cards, 6 kinds", DECK_60, 10),
    ):
        support = counts_support(population, n)
        counts = list(population.values())
        qs.append(
            (
                label,
                lambda population=population, n=n: odds.draw(population, n),
                lambda population=population, n=n: icepool.Deck(population).deal(n).expand(),
                lambda support=support, counts=counts, n=n: stats.multivariate_hypergeom.pmf(support, counts, n),
                lambda die: as_probabilities(die, Multiset),
            )
        )
    return qs


def grid_shapes() -> list[tuple[str, dict[str, int], int]]:
    """Every shape of the joint-draw grid: (label, population, n drawn)."""
    shapes: list[tuple[str, dict[str, int], int]] = []
    for kinds in range(2, 9):
        for size in (20, 48, 80):
            even = [size // kinds + (1 if i < size % kinds else 0) for i in range(kinds)]
            big = size - 2 * (kinds - 1)  # one dominant kind, the others 2 each
            for split, counts in (("even", even), ("skewed", [big] + [2] * (kinds - 1))):
                for n in (4, 8, 12):
                    shapes.append((f"{n} of {size}, {kinds} kinds {split}", {f"k{i}": c for i, c in enumerate(counts)}, n))
    for n, size, kinds in ((8, 48, 6), (6, 30, 5), (4, 40, 7)):  # issue 8's slow shapes
        counts = [size // kinds + (1 if i < size % kinds else 0) for i in range(kinds)]
        shapes.append((f"{n} of {size}, {kinds} kinds even (issue 8)", {f"k{i}": c for i, c in enumerate(counts)}, n))
    return shapes


def best_cpu(call: Callable[[], Any], clear: Callable[[], None], repeats: int) -> float:
    """Best CPU time in seconds of ``call()`` right after ``clear()``."""
    best = float("inf")
    for _ in range(repeats):
        clear()
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best


def joint_grid(quick: bool = False) -> None:
    """Time ``draw`` against icepool on every shape of the grid and print the ratio per shape."""
    print()
    print("joint-draw grid: draw(population, n) vs icepool Deck(population).deal(n).expand(), cold, CPU time")
    print("  " + "  ".join(("shape", "outcomes", "ours cold", "icepool cold", "icepool/ours")))
    rows = []
    for label, population, n in grid_shapes():
        ours = odds.draw(population, n)
        check(ours, as_probabilities(icepool.Deck(population).deal(n).expand(), Multiset), label)
        mine = best_cpu(lambda: odds.draw(population, n), odds.cache_clear, 5 if quick else 15)
        theirs = best_cpu(lambda: icepool.Deck(population).deal(n).expand(), icepool_clear, 2 if quick else 3)
        rows.append((label, f"{len(ours.outcomes):,}", f"{mine * 1e3:,.2f} ms", f"{theirs * 1e3:,.2f} ms",
                     f"{theirs / mine:,.1f}x"))
        print("  " + "  ".join(rows[-1]), flush=True)
    ratios = [float(r[-1][:-1].replace(",", "")) for r in rows]
    worst = min(range(len(rows)), key=lambda k: ratios[k])
    print(f"  smallest ratio: {ratios[worst]:.1f}x on {rows[worst][0]} (goal >= 10x on every shape); "
          f"{sum(r >= 10 for r in ratios)}/{len(ratios)} shapes at or above 10x")


def main() -> None:
    questions = dice_questions() + draw_questions()
    header = ("question", "ours cold", "ours repeated", "icepool cold", "scipy", "icepool/ours")
    rows = []
    for label, ours, theirs, scipy_call, convert in questions:
        check(ours(), convert(theirs()), label)
        cold = best_cold(ours, odds.cache_clear)
        warm = mean_warm(ours)
        ice = best_cold(theirs, icepool_clear, repeats=5)
        sci = best_cold(scipy_call, lambda: None, repeats=5) if scipy_call else None
        rows.append((label, cold, warm, ice, sci))

    def us(seconds: float | None) -> str:
        if seconds is None:
            return "n/a"
        return f"{seconds * 1e6:,.1f} us" if seconds < 1e-3 else f"{seconds * 1e3:,.2f} ms"

    table = [header] + [(label, us(c), us(w), us(i), us(s), f"{i / c:,.0f}x") for label, c, w, i, s in rows]
    widths = [max(len(r[k]) for r in table) for k in range(len(header))]
    print(f"explorer.odds vs icepool {icepool.__version__} and scipy.stats (python {sys.version.split()[0]})")
    for k, row in enumerate(table):
        print("  ".join(cell.ljust(w) if j == 0 else cell.rjust(w) for j, (cell, w) in enumerate(zip(row, widths))))
        if k == 0:
            print("  ".join("-" * w for w in widths))
    print()
    print("the same questions asked a second time (from the cache):")
    worst = max(w for _, _, w, _, _ in rows)
    print(f"  slowest repeated question: {us(worst)} (goal < 100 us)")
    print(f"  smallest icepool/ours ratio: {min(i / c for _, c, _, i, _ in rows):,.0f}x (goal >= 10x)")
    print("  icepool is made cold by clearing icepool.d, Pool.clear_cache() and comb_row_cache;")
    print("  scipy times for faces and draws exclude building the support, which scipy cannot list.")


def _timed_cold(call: Callable[[], Any], clear: Callable[[], None]) -> float:
    """CPU seconds of one cold ``call()``, counting the collection of the young objects it leaves.

    ``draw`` pauses Python's cyclic garbage collector while it lists outcomes, so the collector's
    walk over them comes at the next allocation, after the call returns; ``gc.collect(0)`` inside
    the timing charges that walk to the call that caused it (icepool's calls pay theirs as they go).
    """
    clear()
    start = time.process_time()
    call()
    gc.collect(0)
    return time.process_time() - start


def draw_grid(quick: bool = False) -> None:
    """``draw`` against icepool on every grid shape: medians of cold runs, the ratio per shape.

    Per shape, a block of cold runs of ours, then a block of icepool's (caches cleared before each
    run, not timed; CPU time), so neither engine runs in the processor caches the other one just
    filled; the ratio is icepool's median over ours (goal: >= 10 on every shape). Every answer is
    first checked equal to icepool's, exactly.
    """
    ours_runs, ice_runs = (7, 3) if quick else (15, 5)
    print()
    print(f"draw grid: draw(population, n) vs icepool {icepool.__version__} Deck(population).deal(n).expand(); "
          f"cold, CPU time, median of {ours_runs} runs (icepool {ice_runs}), each with its young-object collection")
    print("  shape  outcomes  ours  icepool  icepool/ours")
    ratios: list[tuple[float, str]] = []
    for label, population, n in grid_shapes():
        ours = odds.draw(population, n)
        check(ours, as_probabilities(icepool.Deck(population).deal(n).expand(), Multiset), label)
        mine = [_timed_cold(lambda p=population, k=n: odds.draw(p, k), odds.cache_clear) for _ in range(ours_runs)]
        theirs = [_timed_cold(lambda p=population, k=n: icepool.Deck(p).deal(k).expand(), icepool_clear)
                  for _ in range(ice_runs)]
        m, t = statistics.median(mine), statistics.median(theirs)
        ratios.append((t / m, label))
        print(f"  {label}  {len(ours.outcomes):,}  {m * 1e3:,.3f} ms  {t * 1e3:,.2f} ms  {t / m:,.1f}x", flush=True)
    worst, where = min(ratios)
    print(f"  smallest icepool/ours: {worst:.1f}x on {where} (goal >= 10x on every shape); "
          f"{sum(r >= 10 for r, _ in ratios)}/{len(ratios)} shapes at or above 10x; "
          f"median over the grid {statistics.median(r for r, _ in ratios):.1f}x")


if __name__ == "__main__":
    if "--grid" not in sys.argv:
        main()
    if "--draw" in sys.argv:
        draw_grid(quick="--quick" in sys.argv)
    else:
        joint_grid(quick="--quick" in sys.argv)
