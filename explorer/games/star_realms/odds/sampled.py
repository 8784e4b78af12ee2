"""Seeded sampling for the Star Realms odds: the estimate that replaces an exact answer past the budget.

The exact answers (:mod:`explorer.games.star_realms.odds`) enumerate every
start of the next turn and every draw inside it. When that would take longer
than the budget allows, whole turns are sampled instead with a seeded
generator: the start of the next turn (:func:`start_sampler`, from the same
keys the exact answer enumerates), then the turn itself with the turn model's
policy (:func:`~explorer.games.star_realms.odds.hand.sample_turn`). The answer
says "estimate" and gives the 95% interval of the mean (:func:`mean_estimate`).

>>> from explorer.core.rng import new_generator
>>> hand, deck, pile = sample_deal(Deck.shuffled({"Scout": 3}), Multiset({"Viper": 4}), new_generator(1))
>>> hand.count("Scout"), len(hand), len(deck), len(pile)    # 3 Scouts, then the pile is reshuffled
(3, 5, 2, 0)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from explorer.core import Deck, Multiset
from explorer.games.star_realms.odds.hand import sample_card
from explorer.games.star_realms.odds.position import HAND
from explorer.odds import Estimate

Start = tuple[Multiset, Deck, Multiset, tuple[str, ...]]
"""A sampled start of a turn: ``(hand, deck, discard pile, bases in play)``."""


def sample_deal(deck: Deck, pile: Multiset, rng: Any, n: int = HAND) -> tuple[Multiset, Deck, Multiset]:
    """``n`` cards drawn one by one, reshuffling the pile when the deck runs out: ``(hand, deck, pile)``."""
    hand = []
    for _ in range(n):
        if not deck:
            if not pile:
                break
            deck, pile = Deck.shuffled(pile), Multiset()
        card = sample_card(deck, rng)
        hand.append(card)
        deck = deck.after_draw(card)
    return Multiset(hand), deck, pile


def sample_key(key: tuple, bases: tuple[str, ...], rng: Any) -> Start:
    """One start of the next turn from a start key of :func:`~.odds.position.start_branches`."""
    if key[0] == "known":
        _, hand, deck, discard = key
        return hand, deck, discard, bases
    if key[0] == "hidden":  # the hand's known cards, the rest drawn from the unknown middle of the deck
        _, known, deck, discard, unseen = key
        rest, left, _ = sample_deal(Deck(middle=deck.middle), Multiset(), rng, unseen)
        return known + rest, Deck(deck.top, left.middle, deck.bottom), discard, bases
    return (*sample_deal(key[1], key[2], rng), bases)


def start_sampler(branches: tuple) -> Callable[[Any], Start]:
    """A sampler of the starts of the next turn ``branches`` hold, for an estimate that draws many.

    The branches' chances are summed once; each start is then one uniform number and a binary search, as
    ``rng.choice(len(branches), p=chances)`` draws it (numpy's and the pure generator alike), so the starts are
    the very ones that call gives, in a time that no longer grows with the square of the branches (thousands
    after a turn with many ways to end made the sampling loop spend nearly all its time summing them).

    >>> from fractions import Fraction
    >>> from explorer.core.rng import new_generator
    >>> branches = ((Fraction(1, 4), ("known", Multiset({"Scout": 5}), Deck(), Multiset()), ()),
    ...             (Fraction(3, 4), ("known", Multiset({"Viper": 5}), Deck(), Multiset()), ()))
    >>> first = start_sampler(branches)
    >>> rng = new_generator(3)
    >>> [first(rng)[0].kinds() for _ in range(4)]
    [('Scout',), ('Scout',), ('Viper',), ('Viper',)]
    """
    if len(branches) == 1:
        _, key, bases = branches[0]
        return lambda rng: sample_key(key, bases, rng)
    weights = [float(w) for w, _, _ in branches]
    total = sum(weights)
    cdf = list(accumulate(w / total for w in weights))  # numpy's choice: the chances summed in turn, then scaled
    last = cdf[-1]
    cdf = [c / last for c in cdf]

    def sample(rng: Any) -> Start:
        _, key, bases = branches[bisect_right(cdf, rng.random())]
        return sample_key(key, bases, rng)
    return sample


def mean_estimate(values: list[int], seed: int) -> Estimate:
    """The sample mean of ``values`` with its 95% normal interval (as :func:`explorer.odds.estimate`).

    >>> e = mean_estimate([1, 2, 3], seed=7)
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.0, 0.868, 3.132)
    """
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.959964 * (var / n) ** 0.5
    return Estimate(mean, mean - half, mean + half, n, seed, "mean")
