"""A deck dealt at random from a bigger set, the rest set aside unseen (``DealtDeck``), issue 18 §3.

The player knows the deck's size and the set it was dealt from, never its cards. Every chance below is
checked against a brute-force count over the concrete deals and orders a real table can hold: each
``dealt``-card deal of the pool equally likely, then each order of the deck (with the known cards
shuffled in) equally likely.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from explorer.core import Deck, Multiset
from explorer.core.zones import DealtDeck


def brute_sequences(pool: Multiset, dealt: int, known: Multiset, n: int) -> dict[tuple, Fraction]:
    """The chance of each sequence of the first ``n`` cards, over every deal and every order (cards labelled)."""
    labelled_pool = list(enumerate(pool.elements()))
    labelled_known = [(-1 - i, c) for i, c in enumerate(known.elements())]
    counts: Counter = Counter()
    total = 0
    for deal in itertools.combinations(labelled_pool, dealt):
        for order in itertools.permutations(list(deal) + labelled_known):
            counts[tuple(card for _, card in order[:n])] += 1
            total += 1
    return {seq: Fraction(k, total) for seq, k in counts.items()}


def sequences(deck: DealtDeck, n: int) -> dict[tuple, Fraction]:
    """The same chances from the deck's own chance nodes, one draw after another."""
    if n == 0:
        return {(): Fraction(1)}
    out: dict[tuple, Fraction] = {}
    for card, p in deck.draw_outcomes():
        for rest, q in sequences(deck.after_draw(card), n - 1).items():
            out[(card,) + rest] = out.get((card,) + rest, Fraction(0)) + p * q
    return out


POOL = Multiset({"Gnat": 1, "Midge": 1, "Dart": 2, "Wisp": 1})


def test_the_next_card_is_its_share_of_the_pool() -> None:
    # 2 dealt from 5 (Dart twice): a card's chance is its count over the pool, whatever the deal.
    deck = DealtDeck(POOL, 2)
    assert dict(deck.draw_outcomes()) == {"Dart": Fraction(2, 5), "Gnat": Fraction(1, 5),
                                          "Midge": Fraction(1, 5), "Wisp": Fraction(1, 5)}
    assert len(deck) == 2 and deck.set_aside() == 3 and deck.possible() == POOL


@pytest.mark.parametrize("dealt, known", [(2, Multiset()), (3, Multiset()), (1, Multiset({"Hydra": 1})),
                                          (2, Multiset({"Hydra": 2, "Titan": 1}))])
def test_every_draw_sequence_has_the_chance_of_a_real_deal_and_shuffle(dealt: int, known: Multiset) -> None:
    deck = DealtDeck(POOL, dealt, known)
    for n in range(len(deck) + 1):
        assert sequences(deck, n) == brute_sequences(POOL, dealt, known, n)


@pytest.mark.parametrize("dealt, known", [(3, Multiset()), (2, Multiset({"Hydra": 1})), (1, Multiset({"Hydra": 2}))])
def test_cards_drawn_together_have_the_chance_of_a_real_deal(dealt: int, known: Multiset) -> None:
    deck = DealtDeck(POOL, dealt, known)
    for n in range(len(deck) + 1):
        expected: dict[Multiset, Fraction] = {}
        for seq, p in brute_sequences(POOL, dealt, known, n).items():
            expected[Multiset(seq)] = expected.get(Multiset(seq), Fraction(0)) + p
        assert dict(deck.draw_many_outcomes(n)) == expected


def test_drawing_stops_after_the_dealt_cards() -> None:
    # 1 dealt from 5: after one draw the deck is empty, the other 4 stay set aside (no draw reaches them)
    deck = DealtDeck(POOL, 1).after_draw("Gnat")
    assert len(deck) == 0 and not deck and deck.set_aside() == 4
    with pytest.raises(ValueError, match="cannot draw from an empty deck"):
        deck.draw_outcomes()
    with pytest.raises(ValueError, match="'Midge' cannot be drawn from this deck"):
        deck.after_draw("Midge")


def test_cards_shuffled_in_are_known_and_drawn_by_their_count() -> None:
    # 1 dealt from 5 plus a Hydra shuffled in: Hydra 1/2, each pool card half its share of the pool
    deck = DealtDeck(POOL, 1).shuffle_in(["Hydra"])
    assert dict(deck.draw_outcomes())["Hydra"] == Fraction(1, 2)
    assert dict(deck.draw_outcomes())["Dart"] == Fraction(1, 5)
    assert deck.after_draw("Hydra") == DealtDeck(POOL, 1)
    assert deck.after_draw("Dart") == DealtDeck(POOL.remove("Dart"), 0, Multiset({"Hydra": 1}))


def test_after_drawing_many_the_rest_is_a_deal_from_what_is_left() -> None:
    deck = DealtDeck(POOL, 3, Multiset({"Hydra": 1}))
    assert deck.after_draw_many(Multiset({"Hydra": 1, "Dart": 1})) == DealtDeck(POOL.remove("Dart"), 2)
    with pytest.raises(ValueError, match="cannot be the next 2 cards"):
        deck.after_draw_many(Multiset({"Titan": 2}))


def test_a_deal_the_pool_cannot_make_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot deal 6 cards from a pool of 5"):
        DealtDeck(POOL, 6)
    with pytest.raises(ValueError, match="cannot deal -1 cards"):
        DealtDeck(POOL, -1)
    with pytest.raises(ValueError, match="'Gnat' both known to be in the deck and in its pool"):
        DealtDeck(POOL, 1, Multiset({"Gnat": 1}))


def test_a_deal_of_the_whole_pool_draws_as_the_shuffled_pool() -> None:
    # nothing set aside: the same chances as an ordinary shuffled Deck of the pool
    assert DealtDeck(POOL, 5).draw_outcomes() == Deck.shuffled(POOL).draw_outcomes()
    assert dict(DealtDeck(POOL, 5).draw_many_outcomes(2)) == dict(Deck.shuffled(POOL).draw_many_outcomes(2))


def test_a_dealt_deck_is_a_value() -> None:
    a, b = DealtDeck(POOL, 2), DealtDeck(Multiset(POOL.elements()), 2)
    assert a == b and hash(a) == hash(b) and a != DealtDeck(POOL, 3)
    assert str(DealtDeck(POOL, 2, Multiset({"Hydra": 1}))) == (
        "Deck of 3 — 1 known (Hydra) and 2 dealt at random from 5 (2x Dart, Gnat, Midge, Wisp), 3 set aside")
