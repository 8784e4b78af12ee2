"""Exact dice distributions by closed forms: hits, faces, sums.

Each question is answered with integer arithmetic and no enumeration of
orderings (7,776 for 5d6):

* hits: the binomial closed form, weight C(n, k) * hits^k * misses^(n-k);
* faces: one outcome per multiset of faces, weight n! / (m1! ... ms!);
* sums: the coefficients of the polynomial (x + ... + x^s)^n, by Miller's
  recurrence for powers of a polynomial — a few big-int additions per total.

Answers are cached by their normalised arguments, so a slider asking the same
question again gets the same ``Dist`` object back from memory.

>>> dice_pool(4, hit_on=6).at_least(1)
Fraction(671, 1296)
>>> dice_sum(2).p(7)
Fraction(1, 6)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

from explorer.core.checks import whole_number
from explorer.odds.dist import Dist
from explorer.odds.limits import MAX_DICE, MAX_FACE_OUTCOMES, MAX_FACE_VALUES, MAX_SIDES, MAX_SUM_OUTCOMES, cap_text


def _dice_args(n: object, sides: object) -> tuple[int, int]:
    return (whole_number("n", n, 0, MAX_DICE, ValueError, cap_text("MAX_DICE")),
            whole_number("sides", sides, 1, MAX_SIDES, ValueError, cap_text("MAX_SIDES")))


def dice_pool(n: int, *, sides: int = 6, hit_on: int) -> Dist:
    """The number of dice showing ``hit_on`` or more when ``n`` dice are rolled.

    Caps: ``n`` <= 1000 (``MAX_DICE``), ``sides`` <= 1000 (``MAX_SIDES``);
    ``hit_on`` from 1 to ``sides``.

    A die hits with probability (sides - hit_on + 1) / sides, independently, so
    the count is binomial; outcomes are 0..n (impossible counts listed with
    weight 0 so a chart keeps its axis). Weights total sides**n.

    >>> d = dice_pool(5, hit_on=3)
    >>> d.mean(), d.p(5)
    (Fraction(10, 3), Fraction(32, 243))
    >>> dice_pool(2, sides=6, hit_on=7)
    Traceback (most recent call last):
    ...
    ValueError: hit_on must be a whole number from 1 to 6, got 7
    """
    n, sides = _dice_args(n, sides)
    return _pool(n, sides, whole_number("hit_on", hit_on, 1, sides, ValueError))


@lru_cache(maxsize=4096)
def _pool(n: int, sides: int, hit_on: int) -> Dist:
    hit = sides - hit_on + 1
    miss = hit_on - 1
    weights = []
    hit_power = 1
    miss_powers = [1] * (n + 1)
    for k in range(1, n + 1):
        miss_powers[k] = miss_powers[k - 1] * miss
    c = 1  # C(n, k), updated in place
    for k in range(n + 1):
        weights.append(c * hit_power * miss_powers[n - k])
        hit_power *= hit
        c = c * (n - k) // (k + 1)
    return Dist.trusted(tuple(range(n + 1)), tuple(weights), sides**n, True)


def dice_faces(n: int, *, sides: int = 6) -> Dist:
    """The faces showing on ``n`` dice, as a sorted tuple (order of the dice ignored).

    One outcome per multiset of faces — C(n + sides - 1, n) of them, 252 for
    5d6 — with weight n! / (m1! ... ms!), the number of orderings that show it.
    Caps: ``n`` <= 1000, ``sides`` <= 1000, at most 200,000 face multisets
    (``MAX_FACE_OUTCOMES``) and at most 1,000,000 faces listed in all
    (``MAX_FACE_VALUES``: multisets times ``n``).

    >>> d = dice_faces(5)
    >>> len(d.outcomes), d.total, d.p((1, 2, 3, 4, 5))
    (252, 7776, Fraction(5, 324))
    """
    n, sides = _dice_args(n, sides)
    count = comb(n + sides - 1, n)
    if count > MAX_FACE_OUTCOMES:
        raise ValueError(
            f"n and sides: {n}d{sides} has {count:,} face multisets, more than the "
            f"{MAX_FACE_OUTCOMES:,} supported (the cap MAX_FACE_OUTCOMES); ask dice_sum or dice_pool instead"
        )
    if count * n > MAX_FACE_VALUES:
        raise ValueError(
            f"n and sides: {n}d{sides} lists {count:,} face multisets of {n} faces, {count * n:,} faces in all, "
            f"more than the {MAX_FACE_VALUES:,} supported (the cap MAX_FACE_VALUES); ask dice_sum or dice_pool instead"
        )
    return _faces(n, sides)


@lru_cache(maxsize=256)
def _faces(n: int, sides: int) -> Dist:
    # The sorted tuples come from itertools in lexicographic order: all 1s
    # first, then (1, ..., 1, 2), and so on — i.e. the count of face 1 going
    # down, then the count of face 2, ... The weights are listed in the same
    # order using multinomial(n; m1, ..., ms) = C(n, m1) * multinomial(n - m1; m2, ...):
    # level[left] lists the weights for `left` dice over the last r faces.
    level = [[1] for _ in range(n + 1)]  # r = 1: one way
    for r in range(2, sides + 1):
        lefts = range(n + 1) if r < sides else (n,)
        grown: list[list[int]] = [[] for _ in range(n + 1)]
        for left in lefts:
            found = grown[left]
            for k in range(left, -1, -1):
                ways = comb(left, k)
                rest = level[left - k]
                found.extend([ways * w for w in rest] if ways != 1 else rest)
        level = grown
    outcomes = tuple(combinations_with_replacement(range(1, sides + 1), n))
    return Dist.trusted(outcomes, tuple(level[n]), sides**n, True)


def dice_sum(n: int, *, sides: int = 6) -> Dist:
    """The total of ``n`` dice with faces 1..sides; outcomes n..n*sides.

    Caps: ``n`` <= 1000, ``sides`` <= 1000 and at most 150,000 totals
    (``MAX_SUM_OUTCOMES``).

    >>> d = dice_sum(3)
    >>> d.p(10), d.mean()
    (Fraction(1, 8), Fraction(21, 2))
    """
    n, sides = _dice_args(n, sides)
    if n * (sides - 1) + 1 > MAX_SUM_OUTCOMES:
        raise ValueError(
            f"n and sides: {n}d{sides} has {n * (sides - 1) + 1:,} totals, more than the "
            f"{MAX_SUM_OUTCOMES:,} supported (the cap MAX_SUM_OUTCOMES)"
        )
    return _sum(n, sides)


@lru_cache(maxsize=1024)
def _sum(n: int, sides: int) -> Dist:
    return Dist.trusted(tuple(range(n, n * sides + 1)), tuple(_power_coefficients(n, sides - 1)), sides**n, True)


def _power_coefficients(n: int, width: int) -> list[int]:
    """The coefficients of (1 + x + ... + x^width)^n, exactly, in O(1) big-int steps each.

    For P = A^n, A P' = n A' P gives J. C. P. Miller's recurrence
    k c_k = sum_{j=1..width} ((n + 1) j - k) c_{k-j}; with every a_j = 1 the two
    sums over the window are kept as running totals, so each coefficient costs
    a few additions and one exact division. The coefficients are symmetric, so
    only the first half is computed.

    >>> _power_coefficients(3, 1), _power_coefficients(2, 5)
    ([1, 3, 3, 1], [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
    """
    degree = n * width
    if degree == 0:
        return [1]
    half = degree // 2
    c = [1] + [0] * half
    window = 0  # sum of c[k-j] for j = 1..width
    moment = 0  # sum of j * c[k-j] for j = 1..width
    for k in range(half):
        leaving = c[k - width] if k >= width else 0
        ck = c[k]
        moment += ck + window - (width + 1) * leaving
        window += ck - leaving
        c[k + 1] = ((n + 1) * moment - (k + 1) * window) // (k + 1)
    return c + c[degree - half - 1 :: -1]


def cache_clear() -> None:
    """Forget this module's remembered answers (``explorer.odds.cache_clear`` clears every module's)."""
    for cached in (_pool, _faces, _sum,):
        cached.cache_clear()
