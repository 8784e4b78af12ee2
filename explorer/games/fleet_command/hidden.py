"""What a Space Fleet Command player cannot see, dealt afresh from their knowledge (``State.deal_unseen``).

The other player's hand, and their face-down initiative card while the seat has not put its own
down (``odds.unseen`` reads the same), are dealt afresh with the deck's unknown middle.

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> match = explorer.Match(explorer.load_game("fleet_command"), seed=2)
>>> _ = match.play("random", max_steps=6)
>>> s = match.state
>>> len(deal_unseen(s, 0, new_generator(3)).fleets[1].hand) == len(s.fleets[1].hand)
True
"""

from __future__ import annotations

from typing import Any

from explorer.core.hidden import deal_afresh
from explorer.core.multiset import Multiset
from explorer.core.rng import Generator
from explorer.core.zones import Deck

HIDDEN = "the other player's hand (and face-down initiative card) dealt afresh with the deck"
"""What the advisor treats as hidden in Space Fleet Command, in one phrase (the panels show it)."""


def deal_unseen(state: Any, seat: int, rng: Generator) -> Any:
    """``state`` with the other fleet's hand (and hidden initiative card) dealt afresh with the deck's middle."""
    other = 1 - seat
    them = state.fleets[other]
    hidden_choice = bool(them.chosen) and not state.fleets[seat].chosen
    pool = state.deck.middle + them.hand
    sizes = [len(them.hand)]
    if hidden_choice:
        pool = pool.add(them.chosen)
        sizes.append(1)
    if len(pool) == len(state.deck.middle):
        return state
    dealt, middle = deal_afresh(pool, sizes, rng)
    changes: dict[str, Any] = {"hand": Multiset(dealt[0])}
    if hidden_choice:
        changes["chosen"] = dealt[1][0]
    state = state.with_fleet(other, **changes)
    deck = state.deck
    return state.replace(deck=Deck(deck.top, middle, deck.bottom))
