"""No peeking: the hidden parts of a position, dealt afresh from what the advised seat knows.

A rollout that played out the true position would use cards the seat has not
seen (the opponent's hand, the next card of a deck). So before each rollout
the cards the seat cannot see are *determinized*: put back together with the
other unseen cards they could be, and dealt again at random from the seat's
point of view. Rollout ``i`` deals with the same generator for every option
(common random numbers), so all options are compared in the same dealt world.

What each game keeps hidden and how it is handled:

* **Star Realms** (``PlayerState.hand`` named cards): another seat's hand is,
  for the advised seat, that many cards drawn from its hand and the unknown
  middle of its deck together (deck *composition* is public: owned − discard −
  in play; ``odds_knowledge.py`` reads it the same way). The hand is dealt
  afresh from that pool; known deck tops (a ship put on top) stay. The trade
  deck and every deck's middle are unordered multisets drawn at chance nodes.
  What only the match history tells (cards certainly in a hand after a
  reshuffle, ``odds_knowledge.known_in_hand``) is not used: the position alone
  is read, which never knows *more* than the seat.
* **Battle of Endor** (``hands`` and face-down order ``piles``): the other
  seats' hands and their planned piles, and the seat's own blind bonus orders,
  are dealt afresh from those cards and the unknown middle of the side's deck
  (the plan is dealt at random, not by what the opponent would plan).
* **Space Fleet Command** (``Fleet.hand``, ``Fleet.chosen``): the other
  player's hand, and their face-down initiative card while the seat has not
  put its own down (``odds.unseen`` reads the same), dealt afresh with the
  deck's unknown middle.
* **Warp's Edge** (solo): the bag, the enemy deck's three layers and the skill
  deck keep their unknown parts as unordered multisets (``Deck.middle``) and
  draw them at chance nodes, so a position holds no hidden order to peek at:
  a rollout through those chance nodes with a fresh generator samples them
  afresh. Nothing to deal.
* **Pinned Down** (co-operative; the advised seat plays for the fleet): the
  attack, damage, location and draw decks are the same kind of unordered
  middles drawn at chance nodes. The players' hands are treated as known to
  the fleet (the seed hides no hand between team-mates). Nothing to deal.

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> s = explorer.load_game("warps_edge").initial_state()
>>> determinize(s, 0, new_generator(1)) is s
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.rng import Generator
from explorer.core.state import State

Determinizer = Callable[[Any, int, Generator], Any]


def _deal(pool: Multiset, sizes: Sequence[int], rng: Generator) -> tuple[list[tuple[Any, ...]], Multiset]:
    """Deal hands of ``sizes`` cards from ``pool`` uniformly at random; the rest is the new unknown middle.

    The pool is laid out in its canonical (sorted) order first, so two positions whose hidden cards
    differ but whose pools are equal deal exactly the same cards from the same generator.
    """
    cards = pool.elements()
    order = rng.permutation(len(cards)) if cards else ()
    dealt, at = [], 0
    for size in sizes:
        dealt.append(tuple(cards[j] for j in order[at:at + size]))
        at += size
    rest = Multiset(cards[j] for j in order[at:])
    return dealt, rest


def _star_realms(state: Any, seat: int, rng: Generator) -> Any:
    for other, player in enumerate(state.players):
        if other == seat or not player.hand:
            continue
        deck = player.deck
        (hand,), middle = _deal(player.hand + deck.middle, [len(player.hand)], rng)
        state = state.with_player(other, hand=Multiset(hand), deck=Deck(deck.top, middle, deck.bottom))
    return state


def _endor_unseen_slots(state: Any, seat: int, other: int) -> tuple[bool, list[int]]:
    """For seat ``other``: whether ``seat`` cannot see its hand, and the pile positions ``seat`` cannot see."""
    pile = state.piles[other]
    if other != seat:
        return True, list(range(len(pile)))
    blind = state.blind[other]
    if not blind:
        return False, []
    return False, list(range(blind)) if state.rules.bonus_on_top else list(range(len(pile) - blind, len(pile)))


def _endor(state: Any, seat: int, rng: Generator) -> Any:
    hands, piles, decks = list(state.hands), [list(p) for p in state.piles], list(state.decks)
    for side in (0, 1):
        members = [s for s in range(state.seats) if state.side(s) == side]
        pool, sizes, places = decks[side].middle, [], []
        for other in members:
            hidden_hand, slots = _endor_unseen_slots(state, seat, other)
            if hidden_hand and hands[other]:
                pool = pool + hands[other]
                sizes.append(len(hands[other]))
                places.append(("hand", other))
            for j in slots:
                pool = pool.add(piles[other][j])
                sizes.append(1)
                places.append(("pile", other, j))
        if not places:
            continue
        dealt, middle = _deal(pool, sizes, rng)
        for place, cards in zip(places, dealt):
            if place[0] == "hand":
                hands[place[1]] = Multiset(cards)
            else:
                piles[place[1]][place[2]] = cards[0]
        deck = decks[side]
        decks[side] = Deck(deck.top, middle, deck.bottom)
    return state.replace(hands=tuple(hands), piles=tuple(tuple(p) for p in piles), decks=tuple(decks))


def _fleet_command(state: Any, seat: int, rng: Generator) -> Any:
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
    dealt, middle = _deal(pool, sizes, rng)
    changes: dict[str, Any] = {"hand": Multiset(dealt[0])}
    if hidden_choice:
        changes["chosen"] = dealt[1][0]
    state = state.with_fleet(other, **changes)
    deck = state.deck
    return state.replace(deck=Deck(deck.top, middle, deck.bottom))


def _nothing_hidden(state: Any, seat: int, rng: Generator) -> Any:
    return state


DETERMINIZERS: dict[str, Determinizer] = {
    "star_realms": _star_realms,
    "endor": _endor,
    "fleet_command": _fleet_command,
    "warps_edge": _nothing_hidden,
    "pinned_down": _nothing_hidden,
}
"""Per game id: how the hidden cards are dealt afresh (see the module docstring for each game)."""

ASSUMED: dict[str, str] = {
    "star_realms": "other players' hands dealt afresh from their hand and unknown deck cards",
    "endor": "the other seats' hands and face-down orders, and your blind bonus orders, dealt afresh",
    "fleet_command": "the other player's hand (and face-down initiative card) dealt afresh with the deck",
    "warps_edge": "bag and enemy decks drawn afresh at every draw (their order is never stored)",
    "pinned_down": "decks drawn afresh at every draw; the fleet's hands are known to the fleet",
}
"""Per game id: what the advice assumed about hidden cards, in one phrase (the panels show it)."""


def determinize(state: State, seat: int, rng: Generator) -> State:
    """``state`` with every card ``seat`` cannot see dealt afresh from what it could be (``rng`` deals).

    A game without a determinizer (a game added by a user) is returned as it is; :func:`assumed` says so.
    """
    return DETERMINIZERS.get(state.game.info.id, _nothing_hidden)(state, seat, rng)


def assumed(game_id: str) -> str:
    """What the advice assumes about hidden cards in ``game_id``, in one phrase.

    >>> assumed("warps_edge")
    'bag and enemy decks drawn afresh at every draw (their order is never stored)'
    """
    return ASSUMED.get(game_id, "hidden cards are not re-dealt for this game (no determinizer known)")
