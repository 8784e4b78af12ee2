"""Seeded sampling for the Star Realms odds: the estimate that replaces an exact answer past the budget.

The exact answers (:mod:`explorer.games.star_realms.odds`) enumerate every
start of the next turn and every draw inside it. When that would take longer
than the budget allows, whole turns are sampled instead with a seeded
generator: the start of the next turn (:func:`sample_start`, from the same
keys the exact answer enumerates), then the turn itself with the turn model's
policy (:func:`~explorer.games.star_realms.odds.hand.sample_turn`). The answer
says "estimate" and gives the 95% interval of the mean (:func:`mean_estimate`).

>>> from explorer.core.rng import new_generator
>>> hand, deck, pile = sample_deal(Deck.shuffled({"Scout": 3}), Multiset({"Viper": 4}), new_generator(1))
>>> hand.count("Scout"), len(hand), len(deck), len(pile)    # 3 Scouts, then the pile is reshuffled
(3, 5, 2, 0)
"""

from __future__ import annotations

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


def sample_start(branches: tuple, rng: Any) -> Start:
    """One start of the next turn: a branch by its probability, then its start key."""
    weights = [float(w) for w, _, _ in branches]
    i = int(rng.choice(len(branches), p=[w / sum(weights) for w in weights])) if len(branches) > 1 else 0
    _, key, bases = branches[i]
    return sample_key(key, bases, rng)


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
