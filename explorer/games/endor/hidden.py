"""What a Battle of Endor seat cannot see, dealt afresh from its knowledge (``State.deal_unseen``).

The other seats' hands and their face-down planned orders (``piles``), and the seat's own blind
bonus orders, are dealt afresh from those cards and the unknown middle of the side's deck (the plan
is dealt at random, not by what the opponent would plan).

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> match = explorer.Match(explorer.load_game("endor"), seed=2)
>>> _ = match.play("random", max_steps=30)
>>> s = match.state
>>> dealt = deal_unseen(s, 0, new_generator(3))
>>> [len(h) for h in dealt.hands] == [len(h) for h in s.hands]
True
"""

from __future__ import annotations

from typing import Any

from explorer.core.hidden import deal_afresh
from explorer.core.multiset import Multiset
from explorer.core.rng import Generator
from explorer.core.zones import Deck

HIDDEN = "the other seats' hands and face-down orders, and your blind bonus orders, dealt afresh"
"""What the advisor treats as hidden in the Battle of Endor, in one phrase (the panels show it)."""


def unseen_slots(state: Any, seat: int, other: int) -> tuple[bool, list[int]]:
    """For seat ``other``: whether ``seat`` cannot see its hand, and the pile positions ``seat`` cannot see."""
    pile = state.piles[other]
    if other != seat:
        return True, list(range(len(pile)))
    blind = state.blind[other]
    if not blind:
        return False, []
    return False, list(range(blind)) if state.rules.bonus_on_top else list(range(len(pile) - blind, len(pile)))


def deal_unseen(state: Any, seat: int, rng: Generator) -> Any:
    """``state`` with the hands and order piles ``seat`` cannot see dealt afresh, side by side."""
    hands, piles, decks = list(state.hands), [list(p) for p in state.piles], list(state.decks)
    for side in (0, 1):
        members = [s for s in range(state.seats) if state.side(s) == side]
        pool, sizes = decks[side].middle, []
        places: list[tuple[str, int, int]] = []  # ("hand", seat, -1: no slot) or ("pile", seat, slot)
        for other in members:
            hidden_hand, slots = unseen_slots(state, seat, other)
            if hidden_hand and hands[other]:
                pool = pool + hands[other]
                sizes.append(len(hands[other]))
                places.append(("hand", other, -1))
            for j in slots:
                pool = pool.add(piles[other][j])
                sizes.append(1)
                places.append(("pile", other, j))
        if not places:
            continue
        dealt, middle = deal_afresh(pool, sizes, rng)
        for place, cards in zip(places, dealt):
            if place[0] == "hand":
                hands[place[1]] = Multiset(cards)
            else:
                piles[place[1]][place[2]] = cards[0]
        deck = decks[side]
        decks[side] = Deck(deck.top, middle, deck.bottom)
    return state.replace(hands=tuple(hands), piles=tuple(tuple(p) for p in piles), decks=tuple(decks))
