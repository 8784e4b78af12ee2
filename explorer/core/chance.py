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
from typing import Any, TypeVar

from explorer.core.multiset import Multiset
from explorer.core.pcg64 import Generator as PureGenerator
from explorer.core.rng import Generator
import explorer.odds as odds  # exact distributions: they stand on core.multiset and core.rng alone (docs/architecture.md)

Outcome = TypeVar("Outcome")  # what a chance node deals: an action of the game


def multiset_draw_weights(population: Multiset, n: int) -> tuple[tuple[Multiset, int], ...]:
    """Every multiset of ``n`` items drawn without replacement, with integer weights.

    The weight of a drawn multiset is the number of ``n``-subsets of the
    population's individual items that make it; the weights sum to C(N, n).
    The enumeration is :func:`explorer.odds.draw`'s (cached by composition).
    """
    dist = odds.draw(population, n)
    return tuple((m, w) for m, w in zip(dist.outcomes, dist.weights) if w)


def multiset_draws(population: Multiset, n: int) -> tuple[tuple[Multiset, Fraction], ...]:
    """Every multiset of ``n`` items drawn without replacement, with its exact probability.

    >>> bag = Multiset({"laser": 2, "energy": 1})
    >>> [(str(m), str(p)) for m, p in multiset_draws(bag, 2)]
    [('energy, laser', '2/3'), ('2x laser', '1/3')]
    """
    return _as_outcomes(odds.draw(population, n))


def dice_rolls(n: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every multiset of faces of ``n`` fair dice with ``sides`` sides, as sorted tuples.

    >>> dice_rolls(1, 4)[0]
    ((1,), Fraction(1, 4))
    """
    return _as_outcomes(odds.dice_faces(n, sides=sides))


@lru_cache(maxsize=1024)
def _as_outcomes(dist: Any) -> tuple[tuple[Any, Fraction], ...]:
    return tuple((o, Fraction(w, dist.total)) for o, w in zip(dist.outcomes, dist.weights) if w)


def sample_outcome(outcomes: Sequence[tuple[Outcome, Fraction]], rng: Generator) -> Outcome:
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
        ticket = draw_below(rng, denominator)
    else:
        ticket = int(rng.random() * denominator)
    i = bisect_right(running, ticket)  # the first outcome whose running total passes the ticket
    return outcomes[i][0] if i < len(outcomes) else outcomes[-1][0]


def draw_below(rng: Generator, n: int) -> int:
    """``int(rng.integers(0, n))``: the very same number from the very same generator, in a third of the time.

    Every simulated step draws one number this way (a chance outcome or a random move), and most of
    ``integers``' time goes to reading its arguments. For ``n`` up to 2**32 NumPy then takes 32-bit words
    from the bit generator and keeps one by Lemire's method (nothing is drawn when ``n`` is 1); this does
    exactly that through the bit generator's own C entry point, so the generator moves on as it would
    have. The pure-Python generator (``explorer.core.pcg64``, where numpy is missing) draws by the same
    method directly. Other ``n`` go to ``integers``. ``tests/core/test_draw_below.py`` checks they all agree.

    >>> from explorer.core.rng import new_generator
    >>> a, b = new_generator(5), new_generator(5)
    >>> [draw_below(a, n) for n in (6, 1, 52, 3**19)] == [int(b.integers(0, n)) for n in (6, 1, 52, 3**19)]
    True
    """
    if type(n) is not int or not 1 < n <= 2**32:
        return 0 if n == 1 and type(n) is int else int(rng.integers(0, n))
    if isinstance(rng, PureGenerator):
        return rng.bit_generator.below(n)
    known = _WORDS.get(id(rng))
    if known is None or known[0] is not rng:
        words = rng.bit_generator.ctypes
        if len(_WORDS) >= 256:
            _WORDS.clear()
        # the generator is kept here, so its id stays its own
        known = _WORDS[id(rng)] = (rng, words.next_uint32, words.state)
    next_word, state = known[1], known[2]
    scaled = next_word(state) * n
    leftover = scaled & 0xFFFFFFFF
    if leftover < n:  # Lemire's rejection: a word in the short tail would favour small numbers
        threshold = (2**32 - n) % n
        while leftover < threshold:
            scaled = next_word(state) * n
            leftover = scaled & 0xFFFFFFFF
    return scaled >> 32


_WORDS: dict[int, tuple[Generator, Any, Any]] = {}
"""By ``id`` of a generator (kept alive here): its bit generator's 32-bit draw function and state
(``draw_below``)."""

REMEMBERED_NODES = 16_384
"""How many chance nodes' sampling plans (and moves) are remembered before the memory starts afresh: as many
as a game caches chance nodes (Star Realms keeps 8,192 decks), so a long simulation does not keep forgetting."""
_PLANS: dict[int, tuple[Sequence[tuple[object, Fraction]], int, Sequence[int]]] = {}
"""By ``id`` of an outcomes tuple (kept alive here): its common denominator and running totals."""


def weighted_outcomes(pairs: Iterable[tuple[Any, int]]) -> tuple[tuple[Any, Fraction], ...]:
    """Outcomes whose probabilities are ``weight / total`` (whole weights > 0), as exact fractions.

    A drawn card's chance is its count over the cards left, so a deck knows whole weights
    before any fraction is made: the plan ``sample_outcome`` would derive from the fractions is
    remembered at once from the weights (the very same plan: the common denominator of the
    reduced fractions is ``total / gcd(weights)``). The moves ``outcome_moves`` lists are made
    when first asked: a simulation samples the node and never lists them.

    >>> weighted_outcomes([("Scout", 8), ("Viper", 2)])
    (('Scout', Fraction(4, 5)), ('Viper', Fraction(1, 5)))
    """
    pairs = tuple(pairs)
    if not pairs:
        raise ValueError("weights must be whole numbers > 0, got []")
    outcomes, weights = zip(*pairs)
    return weighted_node(outcomes, weights)


def weighted_node(outcomes: tuple[Any, ...], weights: tuple[int, ...]) -> tuple[tuple[Any, Fraction], ...]:
    """``weighted_outcomes(zip(outcomes, weights))``, for a caller that holds the two apart (``weights`` a tuple).

    A deck's node is new at most draws (another mix of cards left), so it is made without a Python step
    per outcome: each chance is read from the row of fractions over its total (``_over``), and the
    running totals of the plan are the weights' own when they have no common factor (the usual case).
    The fractions are ``fraction(w, total)`` and the plan the one ``weighted_outcomes`` always made, so
    a node samples the very outcomes it did.

    >>> weighted_node(("Scout", "Viper"), (8, 2)) == weighted_outcomes([("Scout", 8), ("Viper", 2)])
    True
    """
    if not weights or len(outcomes) != len(weights) or set(map(type, weights)) != _WHOLE or min(weights) <= 0:
        raise ValueError(f"weights must be whole numbers > 0, one per outcome, got {list(weights)!r}")
    total = sum(weights)
    common = gcd(*weights)
    if total <= _SMALL_TOTAL:
        node = tuple(zip(outcomes, map(_over(total).__getitem__, weights)))
    else:
        node = tuple([(o, fraction(w, total)) for o, w in zip(outcomes, weights)])
    running = tuple(accumulate(weights if common == 1 else [w // common for w in weights]))
    if len(_PLANS) >= REMEMBERED_NODES:
        _PLANS.clear()
    _PLANS[id(node)] = (node, total // common, running)
    return node


_WHOLE = {int}
_SMALL_TOTAL = 128
"""Totals up to this (a deck's, a bag's: Star Realms' trade deck holds 80 cards) have their fractions made once, a row
per total (``_over``); a node of a larger total makes its fractions one by one."""


@lru_cache(maxsize=_SMALL_TOTAL + 1)
def _over(total: int) -> tuple[Fraction, ...]:
    """``fraction(n, total)`` for every ``n`` from 0 to ``total`` (the very values, so the very node)."""
    return tuple([fraction(n, total) for n in range(total + 1)])


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
