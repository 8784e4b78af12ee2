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
from functools import lru_cache
from math import comb

from explorer.core.multiset import Multiset
from explorer.odds._checks import kind_group, population_pairs, whole_number
from explorer.odds.dist import Dist

Population = Mapping[Hashable, int] | Multiset


def _n_drawn(n: object, size: int) -> int:
    return whole_number("n", n, 0, size, " (the population size)")


def draw(population: Population, n: int) -> Dist:
    """What ``n`` items drawn without replacement are, as a ``Multiset`` of kinds.

    Outcomes are ``explorer.core.multiset.Multiset`` values (hashable, order
    ignored); weights count the ``n``-subsets of individual items giving each
    one and total C(N, n).

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
    return _draw(tuple(pair for pair in pairs if pair[1]), n)


MAX_DRAW_OUTCOMES = 1_000_000
"""The most distinct drawn multisets ``draw`` will list."""


def count_outcomes(counts: list[int], n: int) -> int:
    """How many distinct multisets of ``n`` items the kinds with ``counts`` can give.

    The coefficient of x^n in the product of (1 + x + ... + x^c), by prefix sums.

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
    return ways[n]


def _row(kind: Hashable, count: int, n: int) -> tuple[list[int], list[tuple[tuple[Hashable, int], ...]]]:
    """C(count, j) and the one-pair tuple ((kind, j),) for j = 0..min(count, n) (j = 0 adds nothing)."""
    top = min(count, n)
    return [comb(count, j) for j in range(top + 1)], [()] + [((kind, j),) for j in range(1, top + 1)]


@lru_cache(maxsize=1024)
def _draw(pairs: tuple[tuple[Hashable, int], ...], n: int) -> Dist:
    if not pairs or n == 0:
        return Dist._make((Multiset(),), (1,), 1, False)
    counts = [c for _, c in pairs]
    outcome_count = count_outcomes(counts, n)
    if outcome_count > MAX_DRAW_OUTCOMES:
        raise ValueError(
            f"n: drawing {n} from these {len(pairs)} kinds has {outcome_count:,} possible draws, more than "
            f"the {MAX_DRAW_OUTCOMES:,} supported; ask draw_count or draw_joint instead"
        )
    suffix = [0] * (len(pairs) + 1)
    for i in range(len(pairs) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]
    # Breadth-first over the kinds, in parallel lists: each level extends every
    # partial draw by j items of the next kind (most first), multiplying its
    # weight by C(c_i, j). Bounds keep only partial draws that can be completed,
    # so no dead end is ever built. The last two kinds are done together
    # (the last one takes whatever is left), straight into the outcomes.
    chosen_at: list[tuple[tuple[Hashable, int], ...]] = [()]
    left_at = [n]
    weight_at = [1]
    for i, (kind, count) in enumerate(pairs[:-2]):
        row, ext = _row(kind, count, n)
        rest = suffix[i + 1]
        chosen_next: list[tuple[tuple[Hashable, int], ...]] = []
        left_next: list[int] = []
        weight_next: list[int] = []
        add_chosen, add_left, add_weight = chosen_next.append, left_next.append, weight_next.append
        for chosen, left, weight in zip(chosen_at, left_at, weight_at):
            if left == 0:
                add_chosen(chosen)
                add_left(0)
                add_weight(weight)
                continue
            for j in range(count if count < left else left, left - rest - 1 if left > rest else -1, -1):
                add_chosen(chosen + ext[j])
                add_left(left - j)
                add_weight(weight * row[j])
        chosen_at, left_at, weight_at = chosen_next, left_next, weight_next
    if len(pairs) == 1:
        (kind, count), = pairs
        pairs = (("", 0), (kind, count))  # a phantom empty kind in front: never drawn
    count_a, count_b = pairs[-2][1], pairs[-1][1]
    row_a, ext_a = _row(*pairs[-2], n)
    row_b, ext_b = _row(*pairs[-1], n)
    # tails[left][j]: the pairs for j of kind a and left - j of kind b
    tails = [
        [ext_a[j] + ext_b[left - j] if j <= count_a and left - j <= count_b else () for j in range(left + 1)]
        for left in range(n + 1)
    ]
    outcomes: list[Multiset] = []
    weights: list[int] = []
    add_outcome, add_weight = outcomes.append, weights.append
    trusted = Multiset._from_sorted
    for chosen, left, weight in zip(chosen_at, left_at, weight_at):
        tail = tails[left]
        for j in range(count_a if count_a < left else left, left - count_b - 1 if left > count_b else -1, -1):
            items = chosen + tail[j]
            add_outcome(trusted(items, n))
            add_weight(weight * row_a[j] * row_b[left - j])
    return Dist._make(tuple(outcomes), tuple(weights), comb(suffix[0], n), False)


def draw_count(population: Population, n: int, kinds: Hashable | object) -> Dist:
    """How many of ``n`` items drawn without replacement are of ``kinds``.

    ``kinds`` is one kind or an iterable of kinds (all must be in the
    population). The count is hypergeometric, computed directly with integer
    binomials; outcomes are 0..n (impossible counts listed with weight 0).

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
    weights = tuple(comb(marked, k) * comb(other, n - k) for k in range(n + 1))
    return Dist._make(tuple(range(n + 1)), weights, comb(size, n), True)


def draw_joint(population: Population, n: int, kind_a: Hashable | object, kind_b: Hashable | object) -> Dist:
    """How many of kind ``a`` and of kind ``b`` are among ``n`` items drawn: pairs ``(a, b)``.

    Each of ``kind_a`` and ``kind_b`` may also be a collection of kinds; the two
    must not share a kind. Outcomes are every pair with a + b <= n, in order
    (impossible pairs listed with weight 0, so a joint table keeps its shape).

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
    n = _n_drawn(n, size)
    count_a = sum(c for k, c in pairs if k in group_a)
    count_b = sum(c for k, c in pairs if k in group_b)
    return _joint(size, count_a, count_b, n)


@lru_cache(maxsize=4096)
def _joint(size: int, count_a: int, count_b: int, n: int) -> Dist:
    rest = size - count_a - count_b
    outcomes = []
    weights = []
    for a in range(n + 1):
        wa = comb(count_a, a)
        for b in range(n - a + 1):
            outcomes.append((a, b))
            weights.append(wa * comb(count_b, b) * comb(rest, n - a - b))
    return Dist._make(tuple(outcomes), tuple(weights), comb(size, n), True)
