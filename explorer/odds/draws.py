"""Exact draws without replacement from a bag or a deck, by composition.

A population is a mapping kind -> count (or a ``Multiset``). Drawing ``n``
items uniformly without replacement, each ``n``-subset of the individual items
is equally likely, so every answer is a ratio of binomial coefficients:

* ``draw``: what was drawn, as a ``Multiset`` of kinds; the weight of drawing
  j1 of kind 1, j2 of kind 2, ... is C(c1, j1) C(c2, j2) ..., total C(N, n);
* ``draw_count``: how many of some kinds — hypergeometric, C(K, k) C(N-K, n-k);
* ``draw_joint``: how many of two kinds at once — C(A, a) C(B, b) C(N-A-B, n-a-b).

The counting answers depend only on the sizes (N, K, n), so they are cached by
those numbers: every bag with 5 lasers among 20 tokens shares one answer.

>>> bag = {"laser": 2, "energy": 1}
>>> [(str(m), str(p)) for m, p in draw(bag, 2).pmf().items()]
[('energy, laser', '2/3'), ('2x laser', '1/3')]
>>> draw_count({"laser": 5, "blank": 15}, 5, "laser").at_least(2)
Fraction(473, 1292)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
import gc
from functools import lru_cache
from math import comb


from explorer.core.multiset import Multiset
from explorer.core.checks import whole_number
from explorer.odds._checks import kind_group, population_pairs
from explorer.odds.compositions import binomial_row, drawn_multisets
from explorer.odds.dist import Dist
from explorer.odds.limits import MAX_DRAW_OUTCOMES, MAX_JOINT_DRAWN, TooManyDraws

Population = Mapping[Hashable, int] | Multiset


def _n_drawn(n: object, size: int) -> int:
    return whole_number("n", n, 0, size, ValueError, " (the population size)")


def draw(population: Population, n: int) -> Dist:
    """What ``n`` items drawn without replacement are, as a ``Multiset`` of kinds.

    Outcomes are ``explorer.core.multiset.Multiset`` values (hashable, order
    ignored); weights count the ``n``-subsets of individual items giving each
    one and total C(N, n). Caps: at most 200 kinds (``MAX_KINDS``) and
    10,000 items (``MAX_POPULATION``) in the population, and at most 60,000
    distinct draws (``MAX_DRAW_OUTCOMES``).

    >>> d = draw({"laser": 3, "shield": 2, "energy": 5}, 3)
    >>> d.p(Multiset({"laser": 2, "shield": 1})), len(d.outcomes)
    (Fraction(1, 20), 9)
    >>> draw({"laser": 3}, 4)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number from 0 to 3 (the population size), got 4
    """
    pairs = population_pairs(population)
    size = sum(c for _, c in pairs)
    n = _n_drawn(n, size)
    return _draw(pairs if all(c for _, c in pairs) else tuple([pair for pair in pairs if pair[1]]), n)


def count_outcomes(counts: list[int], n: int, stop_above: int | None = None) -> int:
    """How many distinct multisets of ``n`` items the kinds with ``counts`` can give.

    The coefficient of x^n in the product of (1 + x + ... + x^c), by prefix sums.
    With ``stop_above``, stops as soon as the count passes it (adding a kind
    never lowers it) and returns the count so far. Drawing ``n`` or leaving
    ``n`` gives as many multisets, so callers may pass the smaller.

    >>> count_outcomes([10] * 6, 10), count_outcomes([2, 1], 2)
    (3003, 2)
    """
    ways = [1] + [0] * n
    for c in counts:
        running = 0
        prefix = []
        for k in range(n + 1):
            running += ways[k]
            prefix.append(running)
        ways = [prefix[k] - (prefix[k - c - 1] if k > c else 0) for k in range(n + 1)]
        if stop_above is not None and ways[n] > stop_above:
            break
    return ways[n]


def _too_many(n: int, kinds: int, found: int) -> TooManyDraws:
    return TooManyDraws(
        f"n: drawing {n} from these {kinds} kinds has at least {found:,} possible draws, more than "
        f"the {MAX_DRAW_OUTCOMES:,} supported (the cap MAX_DRAW_OUTCOMES); ask draw_count or draw_joint instead"
    )


@lru_cache(maxsize=1024)
def _draw(pairs: tuple[tuple[Hashable, int], ...], n: int) -> Dist:
    if not pairs or n == 0:
        return Dist.trusted((Multiset(),), (1,), 1, False)
    counts = [c for _, c in pairs]
    bound = 1
    for c in counts:  # a quick upper bound on the outcomes; count them when it is large and counting is cheap
        bound *= min(c, n) + 1
        if bound > MAX_DRAW_OUTCOMES:
            break
    if bound > MAX_DRAW_OUTCOMES:
        found = count_outcomes(counts, min(n, sum(counts) - n), stop_above=MAX_DRAW_OUTCOMES)
        if found > MAX_DRAW_OUTCOMES:
            raise _too_many(n, len(pairs), found)
    # Otherwise there are at most ``bound`` outcomes, within the cap.
    if len(pairs) <= 2:  # one or two kinds: a hypergeometric row, listed directly
        (kind_a, count_a), (kind_b, count_b) = pairs if len(pairs) == 2 else (("", 0), pairs[0])
        trusted = Multiset.from_sorted
        js = range(min(count_a, n), max(0, n - count_b) - 1, -1)
        outcomes_ab = tuple(
            trusted(((kind_a, j), (kind_b, n - j)) if 0 < j < n else ((kind_a, n),) if j else ((kind_b, n),), n)
            for j in js
        )
        row_a, row_b = binomial_row(count_a, n), binomial_row(count_b, n)
        weights_ab = tuple(row_a[j] * row_b[n - j] for j in js)
        return Dist.trusted(outcomes_ab, weights_ab, comb(count_a + count_b, n), False)
    # Three kinds or more: listed by explorer.odds.compositions (meet in the middle). The cyclic
    # garbage collector is paused meanwhile: it would otherwise walk the young tuples again and
    # again (it tripled the time of 50,000 outcomes).
    paused = gc.isenabled()
    gc.disable()
    try:
        outcomes, weights = drawn_multisets(pairs, n)
        return Dist.trusted(tuple(outcomes), tuple(weights), comb(sum(counts), n), False)
    finally:
        if paused:
            gc.enable()


def draw_count(population: Population, n: int, kinds: Hashable | object) -> Dist:
    """How many of ``n`` items drawn without replacement are of ``kinds``.

    ``kinds`` is one kind or an iterable of kinds (all must be in the
    population). The count is hypergeometric, computed directly with integer
    binomials; outcomes are 0..n (impossible counts listed with weight 0).
    Caps: the population as in :func:`draw` (so ``n`` <= 10,000).

    >>> bag = {"laser": 4, "shield": 3, "energy": 5}
    >>> draw_count(bag, 3, "laser").p(0)
    Fraction(14, 55)
    >>> draw_count(bag, 3, ["laser", "shield"]).mean()
    Fraction(7, 4)
    """
    pairs = population_pairs(population)
    group = kind_group(pairs, kinds)
    size = sum(c for _, c in pairs)
    n = _n_drawn(n, size)
    return _count(size, sum(c for k, c in pairs if k in group), n)


@lru_cache(maxsize=4096)
def _count(size: int, marked: int, n: int) -> Dist:
    other = size - marked
    of_marked, of_other = binomial_row(marked, n), binomial_row(other, n)
    weights = tuple(of_marked[k] * of_other[n - k] for k in range(n + 1))
    return Dist.trusted(tuple(range(n + 1)), weights, comb(size, n), True)


def draw_joint(population: Population, n: int, kind_a: Hashable | object, kind_b: Hashable | object) -> Dist:
    """How many of kind ``a`` and of kind ``b`` are among ``n`` items drawn: pairs ``(a, b)``.

    Each of ``kind_a`` and ``kind_b`` may also be a collection of kinds; the two
    must not share a kind. Outcomes are every pair with a + b <= n, in order
    (impossible pairs listed with weight 0, so a joint table keeps its shape).
    Caps: the population as in :func:`draw`; ``n`` <= 500 (``MAX_JOINT_DRAWN``).

    >>> d = draw_joint({"laser": 2, "shield": 2, "energy": 2}, 2, "laser", "shield")
    >>> d.p((1, 1)), d.p((2, 0))
    (Fraction(4, 15), Fraction(1, 15))
    """
    pairs = population_pairs(population)
    group_a = kind_group(pairs, kind_a, "kind_a")
    group_b = kind_group(pairs, kind_b, "kind_b")
    if group_a & group_b:
        shared = ", ".join(sorted(repr(k) for k in group_a & group_b))
        raise ValueError(f"kind_a and kind_b must be different kinds; both include {shared}")
    size = sum(c for _, c in pairs)
    n = whole_number("n", n, 0, min(size, MAX_JOINT_DRAWN), ValueError,
                     f" (the population size, and the cap MAX_JOINT_DRAWN = {MAX_JOINT_DRAWN})")
    count_a = sum(c for k, c in pairs if k in group_a)
    count_b = sum(c for k, c in pairs if k in group_b)
    return _joint(size, count_a, count_b, n)


@lru_cache(maxsize=4096)
def _joint(size: int, count_a: int, count_b: int, n: int) -> Dist:
    rest = size - count_a - count_b
    of_a, of_b, of_rest = binomial_row(count_a, n), binomial_row(count_b, n), binomial_row(rest, n)
    outcomes = []
    weights: list[int] = []
    for a in range(n + 1):
        wa = of_a[a]
        outcomes.extend([(a, b) for b in range(n - a + 1)])
        if wa:
            weights.extend([wa * of_b[b] * of_rest[n - a - b] for b in range(n - a + 1)])
        else:
            weights.extend([0] * (n - a + 1))
    return Dist.trusted(tuple(outcomes), tuple(weights), comb(size, n), True)


def cache_clear() -> None:
    """Forget this module's remembered answers (``explorer.odds.cache_clear`` clears every module's)."""
    for cached in (_draw, _count, _joint,):
        cached.cache_clear()
