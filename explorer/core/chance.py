"""Exact chance nodes shared by the games: drawing from a bag, rolling dice.

Outcomes are multisets (what was drawn, which faces showed), never orderings,
so five tokens from a bag of eleven is one node with a few dozen outcomes and
5d6 is one node with 252. Probabilities are ``Fraction`` and sum to exactly 1.
Results are cached by composition: a panel asking the same question again is
answered from memory.

>>> outcomes = dice_rolls(2, 6)
>>> len(outcomes), sum(p for _, p in outcomes)
(21, Fraction(1, 1))
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

import numpy as np

from explorer.core.multiset import Multiset


def multiset_draw_weights(
    population: Multiset, n: int
) -> tuple[tuple[Multiset, int], ...]:
    """Every multiset of ``n`` items drawn without replacement, with integer weights.

    The weight of a drawn multiset is the number of ``n``-subsets of the
    population's individual items that make it; the weights sum to C(N, n).
    """
    if n < 0 or n > len(population):
        raise ValueError(f"cannot draw n={n} from a population of {len(population)} (allowed 0..{len(population)})")
    return _draw_weights(population.items(), n)


@lru_cache(maxsize=4096)
def _draw_weights(
    pairs: tuple[tuple[Hashable, int], ...], n: int
) -> tuple[tuple[Multiset, int], ...]:
    results: list[tuple[Multiset, int]] = []
    suffix = [0] * (len(pairs) + 1)
    for i in range(len(pairs) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + pairs[i][1]

    def walk(i: int, left: int, chosen: tuple[tuple[Hashable, int], ...], weight: int) -> None:
        if left == 0:
            results.append((Multiset._from_sorted(chosen), weight))
            return
        if i == len(pairs) or suffix[i] < left:
            return
        kind, count = pairs[i]
        for j in range(min(count, left), -1, -1):
            if left - j > suffix[i + 1]:
                break
            walk(i + 1, left - j, chosen + ((kind, j),) if j else chosen, weight * comb(count, j))

    walk(0, n, (), 1)
    return tuple(results)


def multiset_draws(population: Multiset, n: int) -> tuple[tuple[Multiset, Fraction], ...]:
    """Every multiset of ``n`` items drawn without replacement, with its exact probability.

    >>> bag = Multiset({"laser": 2, "energy": 1})
    >>> [(str(m), str(p)) for m, p in multiset_draws(bag, 2)]
    [('energy, laser', '2/3'), ('2x laser', '1/3')]
    """
    weights = multiset_draw_weights(population, n)
    total = comb(len(population), n)
    return tuple((m, Fraction(w, total)) for m, w in weights)


@lru_cache(maxsize=256)
def dice_rolls(n: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every multiset of faces of ``n`` fair dice with ``sides`` sides, as sorted tuples.

    >>> dice_rolls(1, 4)[0]
    ((1,), Fraction(1, 4))
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n (number of dice) must be a whole number >= 0, got {n!r}")
    if not isinstance(sides, int) or sides < 1:
        raise ValueError(f"sides must be a whole number >= 1, got {sides!r}")
    out: list[tuple[tuple[int, ...], Fraction]] = []
    denominator = sides**n
    n_fact = factorial(n)

    def walk(face: int, left: int, faces: tuple[int, ...], ways: int) -> None:
        if face == sides:
            ways_all = ways // factorial(left)
            out.append((faces + (face,) * left, Fraction(ways_all, denominator)))
            return
        for k in range(left, -1, -1):
            walk(face + 1, left - k, faces + (face,) * k, ways // factorial(k))

    walk(1, n, (), n_fact)
    out.sort(key=lambda pair: pair[0])
    return tuple(out)


def sample_outcome(outcomes: Sequence[tuple[object, Fraction]], rng: np.random.Generator) -> object:
    """Pick one outcome with its exact probability, using ``rng`` (one integer draw).

    The probabilities are brought to a common denominator so the pick is exact
    for any denominator below 2**63; beyond that one uniform float decides.
    """
    if not outcomes:
        raise ValueError("no outcomes to sample from")
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    if denominator < 2**63:
        ticket = int(rng.integers(0, denominator))
    else:
        ticket = int(rng.random() * denominator)
    running = 0
    for outcome, p in outcomes:
        running += p.numerator * (denominator // p.denominator)
        if ticket < running:
            return outcome
    return outcomes[-1][0]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
