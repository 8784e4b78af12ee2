"""Dealing what a seat cannot see afresh: the one step every game with hidden cards shares.

A rollout that played the true position on would use cards the advised seat has not seen (an
opponent's hand, a face-down order). So each game says what a seat cannot see
(``Game.hidden_information``, a sentence) and deals it afresh from that seat's knowledge
(``State.deal_unseen``): the hidden cards are put back with every other card they could be, and
dealt again at random. :func:`deal_afresh` is that deal; the games say which cards go in and where
the dealt ones land (``explorer/games/<id>/hidden.py``). ``docs/architecture.md`` ("each game owns
its hidden information") says why the advisor knows no game by name.

>>> from explorer.core.multiset import Multiset
>>> from explorer.core.rng import new_generator
>>> hands, rest = deal_afresh(Multiset(["Scout", "Scout", "Viper"]), [2], new_generator(0))
>>> len(hands[0]), len(rest)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from explorer.core.multiset import Multiset
from explorer.core.rng import Generator


def deal_afresh(pool: Multiset, sizes: Sequence[int], rng: Generator) -> tuple[list[tuple[Hashable, ...]], Multiset]:
    """Deal hands of ``sizes`` cards from ``pool`` uniformly at random; the rest is the new unknown middle.

    The pool is laid out in its canonical (sorted) order first, so two positions whose hidden cards
    differ but whose pools are equal deal exactly the same cards from the same generator (the
    advisor compares options in the same dealt world).
    """
    if sum(sizes) > len(pool) or any(size < 0 for size in sizes):
        raise ValueError(f"cannot deal hands of {list(sizes)} cards from {len(pool)}")
    cards = pool.elements()
    order = rng.permutation(len(cards)) if cards else ()
    dealt, at = [], 0
    for size in sizes:
        dealt.append(tuple(cards[j] for j in order[at:at + size]))
        at += size
    return dealt, Multiset(cards[j] for j in order[at:])
