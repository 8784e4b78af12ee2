"""What a Star Realms seat cannot see, dealt afresh from its knowledge (``State.deal_unseen``).

Another seat's hand is, for the advised seat, that many cards drawn from its hand and the unknown
middle of its deck together: deck *composition* is public (owned − discard − in play;
``odds/knowledge.py`` reads it the same way). The hand is dealt afresh from that pool; known deck
tops (a ship put on top) stay. The trade deck and every deck's middle are unordered multisets drawn
at chance nodes. What only the match history tells (cards certainly in a hand after a reshuffle) is
not used: the position alone is read, which never knows *more* than the seat.

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> match = explorer.Match(explorer.load_game("star_realms"), seed=1)
>>> _ = match.play("random", max_steps=12)
>>> s = match.state
>>> dealt = deal_unseen(s, 0, new_generator(3))
>>> dealt.players[0] == s.players[0] and len(dealt.players[1].hand) == len(s.players[1].hand)
True
"""

from __future__ import annotations

from typing import Any

from explorer.core.hidden import deal_afresh
from explorer.core.multiset import Multiset
from explorer.core.rng import Generator
from explorer.core.zones import Deck

HIDDEN = "other players' hands dealt afresh from their hand and unknown deck cards"
"""What the advisor treats as hidden in Star Realms, in one phrase (the panels show it)."""


def deal_unseen(state: Any, seat: int, rng: Generator) -> Any:
    """``state`` with every other seat's hand dealt afresh from its hand and its deck's unknown middle."""
    for other, player in enumerate(state.players):
        if other == seat or not player.hand:
            continue
        deck = player.deck
        (hand,), middle = deal_afresh(player.hand + deck.middle, [len(player.hand)], rng)
        state = state.with_player(other, hand=Multiset(hand), deck=Deck(deck.top, middle, deck.bottom))
    return state
