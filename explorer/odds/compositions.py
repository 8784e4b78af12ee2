"""Every multiset ``n`` items drawn from some kinds can make, with its weight: the engine of ``draw``.

Drawing ``n`` of ``N`` items without replacement, a draw of j1 of kind 1, j2 of kind 2, ... is
made by C(c1, j1) C(c2, j2) ... of the C(N, n) equally likely subsets, so the whole distribution
is a list of count vectors ("compositions" of ``n``) and products of binomials. This module lists
them fast and exactly (Python ints), in the order ``explorer.core.chance`` lists a draw: the first
kind's count going down, then the next kind's, and so on.

How, and why it is fast (issue 21 asked for 10x icepool cold on every shape of up to 12 drawn from
up to 80 in up to 8 kinds):

* a small question (up to three kinds, or few count vectors) is listed kind by kind, one
  comprehension per kind and the last two kinds together: almost no fixed work, which is what
  decides the ratio against icepool on a draw of a few dozen outcomes;
* a larger one meets in the middle: the partial draws of the first half of the kinds (the
  *prefixes*) are listed breadth-first, keeping only those the other kinds can complete; the
  second half's ways to supply ``left`` items (the *completions*) are built once per ``left``, from
  the last kind up and only for the numbers some prefix leaves, and shared by every prefix that
  leaves ``left``, so each outcome costs one tuple join, one ``Multiset`` and one multiplication;
* everything is a flat comprehension (no per-outcome function but the ``Multiset`` constructor),
  and ``Multiset`` values are made only for whole outcomes, with the trusted constructor (the
  pairs are already in order).

>>> outcomes, weights = drawn_multisets((("energy", 1), ("laser", 2), ("shield", 1)), 2)
>>> [str(m) for m in outcomes], weights
(['energy, laser', 'energy, shield', '2x laser', 'laser, shield'], [2, 1, 1, 2])
"""

from __future__ import annotations

from collections.abc import Hashable
from math import comb

from explorer.core.multiset import Multiset

Pairs = tuple[tuple[Hashable, int], ...]


def binomial_row(count: int, n: int) -> list[int]:
    """C(count, j) for j = 0..n.

    For a short row, ``math.comb`` per entry (C speed); for a long one the recurrence
    C(c, j + 1) = C(c, j) (c - j) / (j + 1): one multiplication and one exact division per entry
    instead of a fresh binomial each (10,000 entries of thousands of digits in milliseconds).

    >>> binomial_row(4, 6)
    [1, 4, 6, 4, 1, 0, 0]
    """
    if n <= _SHORT_ROW:
        return [comb(count, j) for j in range(n + 1)]
    row = [1] + [0] * n
    value = 1
    for j in range(min(count, n)):
        value = value * (count - j) // (j + 1)
        row[j + 1] = value
    return row


_SHORT_ROW = 40


def drawn_multisets(pairs: Pairs, n: int) -> tuple[list[Multiset], list[int]]:
    """Every multiset of ``n`` items the kinds ``pairs`` (``(kind, count)``, counts > 0, in
    ``Multiset`` order, at least two kinds) can give, and how many subsets give each.

    The caller has checked that ``n`` is at most the population and that the outcomes are few
    enough (``explorer.odds.draws``); this only lists them.

    >>> outcomes, weights = drawn_multisets((("a", 2), ("b", 1), ("c", 1)), 3)
    >>> [m.items() for m in outcomes], weights
    ([(('a', 2), ('b', 1)), (('a', 2), ('c', 1)), (('a', 1), ('b', 1), ('c', 1))], [1, 1, 2])
    """
    kinds = len(pairs)
    counts = [c for _, c in pairs]
    suffix = [0] * (kinds + 1)  # suffix[i]: the items of kinds i.. (what they can still supply)
    for i in range(kinds - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]
    few = 1  # an upper bound on the partial draws, to choose the plain way for a small question
    for c in counts:
        few *= (c if c < n else n) + 1
    if kinds <= 3 or few <= FEW:
        return _breadth_first(pairs, n, suffix)
    rows = [binomial_row(c, min(c, n)) for c in counts]
    # heads[i][j]: the pairs kind i adds when j of it are drawn (nothing for j = 0)
    heads: list[list[Pairs]] = [[()] + [((kind, j),) for j in range(1, min(c, n) + 1)] for kind, c in pairs]
    half = kinds // 2
    level: list[tuple[Pairs, int, int]] = [((), n, 1)]
    for i in range(half):  # the prefixes, breadth-first, most of each kind first
        count, rest, head, row = counts[i], suffix[i + 1], heads[i], rows[i]
        level = [(chosen + head[j], left - j, weight * row[j])
                 for chosen, left, weight in level
                 for j in range(count if count < left else left, left - rest - 1 if left > rest else -1, -1)]
    table = _completions(counts, half, {left for _, left, _ in level}, suffix, heads, rows)
    trusted = Multiset.from_sorted
    outcomes = [trusted(chosen + tail, n) for chosen, left, _ in level for tail in table[left][0]]
    weights = [weight * w for _, left, weight in level for w in table[left][1]]
    return outcomes, weights


FEW = 1000
"""With up to three kinds, or at most this many count vectors (the product of min(count, n) + 1
over the kinds), a draw is listed kind by kind with no tables: the least fixed work (timed on the
shapes of ``benchmarks/odds.py --grid``: 1.1 to 4x faster there, slower above). Otherwise meet in
the middle."""


def _breadth_first(pairs: Pairs, n: int, suffix: list[int]) -> tuple[list[Multiset], list[int]]:
    """The outcomes listed kind after kind (one comprehension per kind); the last two kinds are
    listed together, the last taking what is left."""
    level: list[tuple[Pairs, int, int]] = [((), n, 1)]
    kinds = len(pairs)
    for i in range(kinds - 2):
        kind, count = pairs[i]
        rest = suffix[i + 1]
        level = [(chosen + ((kind, j),) if j else chosen, left - j, weight * comb(count, j))
                 for chosen, left, weight in level
                 for j in range(count if count < left else left, left - rest - 1 if left > rest else -1, -1)]
    (kind_a, count_a), (kind_b, count_b) = pairs[-2], pairs[-1]
    row_a, row_b = binomial_row(count_a, min(count_a, n)), binomial_row(count_b, min(count_b, n))
    trusted = Multiset.from_sorted
    outcomes = [trusted(chosen + (((kind_a, j), (kind_b, left - j)) if 0 < j < left else ((kind_a, j),) if j
                                  else ((kind_b, left),) if left else ()), n)
                for chosen, left, _ in level
                for j in range(count_a if count_a < left else left, left - count_b - 1 if left > count_b else -1, -1)]
    weights = [weight * row_a[j] * row_b[left - j]
               for _, left, weight in level
               for j in range(count_a if count_a < left else left, left - count_b - 1 if left > count_b else -1, -1)]
    return outcomes, weights


def _completions(
    counts: list[int], first: int, lefts: set[int], suffix: list[int], heads: list[list[Pairs]], rows: list[list[int]]
) -> dict[int, tuple[list[Pairs], list[int]]]:
    """For each ``left`` in ``lefts``: every way the kinds ``first..`` supply exactly ``left`` items,
    as ``(pairs drawn, weights)`` in the engine's order.

    Which numbers each kind must be able to leave is worked out first (top down), then the tables
    are built from the last kind up, each from the next one's, only for those numbers.
    """
    last = len(counts) - 1
    needed = [sorted(lefts)]
    for i in range(first, last):
        count, rest = counts[i], suffix[i + 1]
        needed.append(sorted({left - j for left in needed[-1]
                              for j in range(count if count < left else left,
                                             left - rest - 1 if left > rest else -1, -1)}))
    head, row = heads[last], rows[last]
    table = {left: ([head[left]], [row[left]]) for left in needed[-1]}
    for i in range(last - 1, first - 1, -1):
        count, rest, head, row = counts[i], suffix[i + 1], heads[i], rows[i]
        grown: dict[int, tuple[list[Pairs], list[int]]] = {}
        for left in needed[i - first]:
            js = range(count if count < left else left, left - rest - 1 if left > rest else -1, -1)
            grown[left] = ([head[j] + tail for j in js for tail in table[left - j][0]],
                           [row[j] * w for j in js for w in table[left - j][1]])
        table = grown
    return table
