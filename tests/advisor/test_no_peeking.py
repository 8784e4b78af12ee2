"""No peeking: the advice depends on what the seat knows, never on the cards it cannot see.

Spec: issue 22 §1 "No peeking" ("A test shows the advice is the same whatever the hidden cards are").
For the games whose positions hold concrete hidden cards (Star Realms hands, Endor hands and face-down
orders, Fleet Command hands), two positions that differ only in those cards get identical advice from
the same seed. For the games that keep every unknown order as an unordered multiset drawn at chance
nodes (Warp's Edge, Pinned Down), the position holds nothing to peek at: the tests show it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from fractions import Fraction

from tests.advisor.advise_helpers import mid_game
from explorer.advisor import determinize
from explorer.advisor.advise import advise
from explorer.core import Deck, Multiset


def _same_advice(a: Any, b: Any) -> None:
    da, db = a.to_dict(), b.to_dict()
    da.pop("seconds"), db.pop("seconds")
    assert da == db


def _same_worlds(state: Any, other: Any) -> None:
    """Every rollout starts from the very same dealt world, whichever of the two positions was the true one."""
    seat = state.current_player
    for i in range(5):
        a = determinize(state, seat, np.random.default_rng(i))
        b = determinize(other, seat, np.random.default_rng(i))
        assert a == b


def _another_hand(hand: Multiset, middle: Multiset) -> tuple[Multiset, Multiset]:
    """A different hand of the same size from the same unseen cards, and the middle left."""
    pool = sorted((hand + middle).elements(), key=repr)
    for take in (pool[-len(hand):], pool[:len(hand)]):
        other = Multiset(take)
        if other != hand:
            return other, (hand + middle) - other
    raise AssertionError("every hand of this size is the same: pick another position")


def test_star_realms_advice_is_the_same_whatever_the_opponents_hand() -> None:
    state = mid_game("star_realms")
    seat = state.current_player
    them = state.players[1 - seat]
    hand, middle = _another_hand(them.hand, them.deck.middle)
    other = state.with_player(1 - seat, hand=hand, deck=Deck(them.deck.top, middle, them.deck.bottom))
    assert other != state and other.players[seat] == state.players[seat]
    _same_worlds(state, other)
    _same_advice(advise(state, rollouts=2, seed=4), advise(other, rollouts=2, seed=4))


def test_fleet_command_advice_is_the_same_whatever_the_opponents_hand() -> None:
    state = mid_game("fleet_command")
    seat = state.current_player
    them = state.fleets[1 - seat]
    hand, middle = _another_hand(them.hand, state.deck.middle)
    other = state.with_fleet(1 - seat, hand=hand).replace(deck=Deck(state.deck.top, middle, state.deck.bottom))
    assert other != state and other.fleets[seat] == state.fleets[seat]
    _same_worlds(state, other)
    _same_advice(advise(state, rollouts=2, seed=4), advise(other, rollouts=2, seed=4))


def test_fleet_command_face_down_initiative_card_is_not_peeked_at() -> None:
    # RULES.md "Face-down initiative cards are chosen Player 1 then Player 2 (the log hides the first until both
    # are down)": Player 2 choosing does not know Player 1's card.
    state = mid_game("fleet_command", steps=0, options=2)
    while not (state.stage == "initiative" and state.fleets[0].chosen):
        state = _step_heuristic(state)
    assert state.current_player == 1
    first = state.fleets[0]
    pool = sorted((state.deck.middle.add(first.chosen)).kinds(), key=repr)
    card = next(c for c in pool if c != first.chosen and state.deck.middle.count(c))
    other = state.with_fleet(0, chosen=card).replace(
        deck=Deck(state.deck.top, state.deck.middle.remove(card).add(first.chosen), state.deck.bottom))
    _same_worlds(state, other)
    _same_advice(advise(state, rollouts=1, seed=2), advise(other, rollouts=1, seed=2))


def _step_heuristic(state: Any, rng: np.random.Generator = np.random.default_rng(0)) -> Any:  # noqa: B008 - one stream for every call, on purpose
    from explorer.core.chance import sample_outcome

    if state.is_chance():
        return state.apply(sample_outcome(state.chance_outcomes(), rng))
    return state.apply(state.game.policies()["heuristic"](state, rng))


def test_endor_advice_is_the_same_whatever_the_other_sides_hand_and_face_down_orders() -> None:
    state = mid_game("endor")
    seat = state.current_player
    side = 1 - state.side(seat)
    them = next(s for s in range(state.seats) if state.side(s) == side)
    deck = state.decks[side]
    hand, middle = _another_hand(state.hands[them], deck.middle)
    piles = list(state.piles)
    if piles[them]:  # a face-down order changes places with a card of the deck
        swap = next(c for c in middle.kinds() if c != piles[them][0])
        middle = middle.remove(swap).add(piles[them][0])
        piles[them] = (swap,) + piles[them][1:]
    decks = list(state.decks)
    decks[side] = Deck(deck.top, middle, deck.bottom)
    hands = list(state.hands)
    hands[them] = hand
    other = state.replace(hands=tuple(hands), piles=tuple(piles), decks=tuple(decks))
    assert other != state and other.hands[seat] == state.hands[seat]
    _same_worlds(state, other)
    _same_advice(advise(state, rollouts=2, seed=4), advise(other, rollouts=2, seed=4))


def test_warps_edge_keeps_no_hidden_order_to_peek_at() -> None:
    # state.py: "The enemy deck is three layers ... each a Deck whose order is unknown"; the bag is a multiset.
    state = mid_game("warps_edge")
    assert isinstance(state.bag, Multiset)
    for layer in (*state.enemy_deck, state.skill_deck):
        # only the unordered middle is unknown; a known top or bottom is a card the pilot saw put there
        assert isinstance(layer.middle, Multiset)
    assert determinize(state, 0, np.random.default_rng(1)) is state  # nothing concrete to deal afresh
    # The next enemy card is a chance node weighted by the counts of the unordered layer: drawn afresh each
    # rollout from a fresh generator, with exactly the chance the pilot can work out.
    deck = next(layer for layer in state.enemy_deck if layer.middle and not layer.top)
    assert deck.draw_outcomes() == tuple((card, Fraction(n, len(deck.middle))) for card, n in deck.middle.items())


def test_pinned_down_keeps_no_hidden_order_to_peek_at() -> None:
    # state.py: "the attack, damage, location and draw decks are Deck values (a known top, an unknown middle,
    # a known bottom), so every draw is one chance node over card kinds".
    state = mid_game("pinned_down")
    decks = [state.attack_deck, state.damage_deck, state.location_deck, *(p.deck for p in state.players)]
    assert all(isinstance(d.middle, Multiset) for d in decks)
    assert determinize(state, state.current_player, np.random.default_rng(1)) is state


def test_the_rollouts_deal_the_hidden_cards_afresh_each_time() -> None:
    state = mid_game("star_realms")
    seat = state.current_player
    hands = {determinize(state, seat, np.random.default_rng(i)).players[1 - seat].hand for i in range(12)}
    assert len(hands) > 1  # different worlds for different rollouts
    for i in range(12):
        world = determinize(state, seat, np.random.default_rng(i))
        mine, theirs = world.players[seat], world.players[1 - seat]
        assert mine == state.players[seat]  # the seat's own cards are never touched
        assert theirs.hand + theirs.deck.middle == state.players[1 - seat].hand + state.players[1 - seat].deck.middle
