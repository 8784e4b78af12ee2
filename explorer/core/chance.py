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

from collections.abc import Iterable, Sequence
from fractions import Fraction
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from math import gcd, lcm
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
    plan = _PLANS.get(id(outcomes))
    if plan is None or plan[0] is not outcomes:
        denominator = lcm(*{p.denominator for _, p in outcomes})
        plan = (outcomes, denominator, list(accumulate(p.numerator * (denominator // p.denominator)
                                                      for _, p in outcomes)))
        if type(outcomes) is tuple:  # immutable: its plan may be remembered (games cache their chance nodes)
            if len(_PLANS) >= REMEMBERED_NODES:
                _PLANS.clear()
            _PLANS[id(outcomes)] = plan
    denominator, running = plan[1], plan[2]
    if denominator < 2**63:
        ticket = int(rng.integers(0, denominator))
    else:
        ticket = int(rng.random() * denominator)
    i = bisect_right(running, ticket)  # the first outcome whose running total passes the ticket
    return outcomes[i][0] if i < len(outcomes) else outcomes[-1][0]


REMEMBERED_NODES = 16_384
"""How many chance nodes' sampling plans (and moves) are remembered before the memory starts afresh: as many
as a game caches chance nodes (Star Realms keeps 8,192 decks), so a long simulation does not keep forgetting."""
_PLANS: dict[int, tuple[Sequence[tuple[object, Fraction]], int, list[int]]] = {}
"""By ``id`` of an outcomes tuple (kept alive here): its common denominator and running totals."""


def weighted_outcomes(pairs: Iterable[tuple[Any, int]]) -> tuple[tuple[Any, Fraction], ...]:
    """Outcomes whose probabilities are ``weight / total`` (whole weights > 0), as exact fractions.

    A drawn card's chance is its count over the cards left, so a deck knows whole weights
    before any fraction is made: the plan ``sample_outcome`` and the moves ``outcome_moves``
    would derive from the fractions are remembered at once from the weights (the very same
    plan: the common denominator of the reduced fractions is ``total / gcd(weights)``).

    >>> weighted_outcomes([("Scout", 8), ("Viper", 2)])
    (('Scout', Fraction(4, 5)), ('Viper', Fraction(1, 5)))
    """
    pairs = tuple(pairs)
    weights = [w for _, w in pairs]
    if not pairs or any(type(w) is not int or w <= 0 for w in weights):
        raise ValueError(f"weights must be whole numbers > 0, got {weights!r}")
    total = sum(weights)
    outcomes = tuple([(o, fraction(w, total)) for o, w in pairs])
    common = gcd(*weights)
    if len(_PLANS) >= REMEMBERED_NODES:
        _PLANS.clear()
    _PLANS[id(outcomes)] = (outcomes, total // common, list(accumulate([w // common for w in weights])))
    if len(_MOVES) >= REMEMBERED_NODES:
        _MOVES.clear()
    _MOVES[id(outcomes)] = (outcomes, tuple([o for o, _ in pairs]))
    return outcomes


@lru_cache(maxsize=16_384)
def fraction(n: int, total: int) -> Fraction:
    """``Fraction(n, total)``, remembered: the same few chances (3/10, 1/4) recur at every draw.

    >>> fraction(2, 4)
    Fraction(1, 2)
    """
    return Fraction(n, total)


def outcome_moves(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[Any, ...]:
    """The outcomes of a chance node without their probabilities (what ``State.moves()`` lists).

    Remembered for a tuple of outcomes, as ``sample_outcome`` remembers its plan: games
    cache their chance nodes, so the same tuple comes back many times.

    >>> outcome_moves(dice_rolls(1, 2))
    ((1,), (2,))
    """
    found = _MOVES.get(id(outcomes))
    if found is not None and found[0] is outcomes:
        return found[1]
    moves = tuple(o for o, _ in outcomes)
    if type(outcomes) is tuple:
        if len(_MOVES) >= REMEMBERED_NODES:
            _MOVES.clear()
        _MOVES[id(outcomes)] = (outcomes, moves)
    return moves


_MOVES: dict[int, tuple[Sequence[tuple[Any, Fraction]], tuple[Any, ...]]] = {}
