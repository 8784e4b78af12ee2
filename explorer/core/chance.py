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

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from explorer.core.multiset import Multiset


def multiset_draw_weights(population: Multiset, n: int) -> tuple[tuple[Multiset, int], ...]:
    """Every multiset of ``n`` items drawn without replacement, with integer weights.

    The weight of a drawn multiset is the number of ``n``-subsets of the
    population's individual items that make it; the weights sum to C(N, n).
    The enumeration is :func:`explorer.odds.draw`'s (cached by composition).
    """
    dist = _odds().draw(population, n)
    return tuple((m, w) for m, w in zip(dist.outcomes, dist.weights) if w)


def multiset_draws(population: Multiset, n: int) -> tuple[tuple[Multiset, Fraction], ...]:
    """Every multiset of ``n`` items drawn without replacement, with its exact probability.

    >>> bag = Multiset({"laser": 2, "energy": 1})
    >>> [(str(m), str(p)) for m, p in multiset_draws(bag, 2)]
    [('energy, laser', '2/3'), ('2x laser', '1/3')]
    """
    return _as_outcomes(_odds().draw(population, n))


def dice_rolls(n: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every multiset of faces of ``n`` fair dice with ``sides`` sides, as sorted tuples.

    >>> dice_rolls(1, 4)[0]
    ((1,), Fraction(1, 4))
    """
    return _as_outcomes(_odds().dice_faces(n, sides=sides))


@lru_cache(maxsize=1024)
def _as_outcomes(dist: Any) -> tuple[tuple[Any, Fraction], ...]:
    return tuple((o, Fraction(w, dist.total)) for o, w in zip(dist.outcomes, dist.weights) if w)


def _odds() -> Any:
    # explorer.odds builds on explorer.core.multiset, so it is imported when first needed.
    import explorer.odds

    return explorer.odds


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
