"""Multisets, decks, bags and dice: the zones every game keeps, and their chance nodes."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.rng import new_generator
from explorer.core import Action, Deck, Multiset, dice_rolls, multiset_draws, sample_outcome
from explorer.core.zones import DeckNodes


def test_multiset_is_a_value() -> None:
    a = Multiset({"laser": 2, "energy": 1})
    assert a == Multiset(["energy", "laser", "laser"]) and hash(a) == hash(Multiset(["laser", "energy", "laser"]))
    assert str(a) == "energy, 2x laser"


def test_multiset_refuses_to_remove_what_is_not_there() -> None:
    with pytest.raises(ValueError, match="cannot remove 2 x 'energy': only 1 present"):
        Multiset({"energy": 1}).remove("energy", 2)


def test_rolling_5d6_is_one_node_of_252_face_multisets() -> None:
    outcomes = dice_rolls(5, 6)
    assert len(outcomes) == 252  # C(10, 5), docs/architecture.md rule 3
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[(6, 6, 6, 6, 6)] == Fraction(1, 7776)
    assert dict(outcomes)[(1, 2, 3, 4, 5)] == Fraction(120, 7776)


def test_dice_rolls_match_brute_force_for_3d4() -> None:
    counts = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 5), repeat=3))
    assert dict(dice_rolls(3, 4)) == {k: Fraction(v, 64) for k, v in counts.items()}


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from("abcde"), st.integers(0, 5), min_size=1), st.data())
def test_multiset_draws_match_brute_force(pop: dict[str, int], data: st.DataObject) -> None:
    population = Multiset(pop)
    n = data.draw(st.integers(0, len(population)))
    items = population.elements()
    brute = Counter(Multiset(items[i] for i in c) for c in itertools.combinations(range(len(items)), n))
    total = comb(len(items), n)
    assert dict(multiset_draws(population, n)) == {m: Fraction(w, total) for m, w in brute.items()}


def test_drawing_more_than_the_bag_is_an_error() -> None:
    with pytest.raises(ValueError, match=r"n must be a whole number from 0 to 5 \(the population size\), got 6"):
        multiset_draws(Multiset({"a": 5}), 6)


def test_deck_known_top_is_certain_then_the_unknown_middle_by_count() -> None:
    deck = Deck.shuffled({"Scout": 8, "Viper": 2}).put_on_top("Explorer").put_on_bottom("Cutter")
    assert deck.draw_outcomes() == (("Explorer", Fraction(1)),)
    deck = deck.after_draw("Explorer")
    assert deck.draw_outcomes() == (("Scout", Fraction(4, 5)), ("Viper", Fraction(1, 5)))
    assert deck.contents() == Multiset({"Scout": 8, "Viper": 2, "Cutter": 1})


def test_deck_draw_many_takes_known_top_then_middle_then_known_bottom() -> None:
    deck = Deck(top=("A",), middle=Multiset({"B": 1, "C": 1}), bottom=("D",))
    outcomes = dict(deck.draw_many_outcomes(4))
    assert outcomes == {Multiset("ABCD"): Fraction(1)}
    three = dict(deck.draw_many_outcomes(3))
    assert three == {Multiset("ABC"): Fraction(1)}
    two = dict(deck.draw_many_outcomes(2))
    assert two == {Multiset("AB"): Fraction(1, 2), Multiset("AC"): Fraction(1, 2)}
    assert deck.after_draw_many(Multiset("AC")) == Deck(middle=Multiset("B"), bottom=("D",))


def test_shuffling_in_forgets_every_order() -> None:
    deck = Deck(top=("A",), bottom=("B",)).shuffle_in(["C"])
    assert deck == Deck(middle=Multiset("ABC"))


def test_sample_outcome_follows_the_exact_probabilities() -> None:
    rng = new_generator(0)
    outcomes = [("x", Fraction(1, 4)), ("y", Fraction(3, 4))]
    picks = Counter(sample_outcome(outcomes, rng) for _ in range(4000))
    assert 850 < picks["x"] < 1150


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from("XYZ"), max_size=2), st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 6)),
       st.lists(st.sampled_from("XYZ"), max_size=2), st.sampled_from([1, 2, 3]), st.integers(0, 2**32))
def test_a_deck_samples_its_next_card_as_its_node_would_draw_for_draw(
        top: list[str], middle: dict[str, int], bottom: list[str], factor: int, seed: int) -> None:
    # DeckNodes.sample skips making the node; it must pick the node's outcome and draw the very same numbers
    # (counts with a common factor take a smaller ticket; a known next card draws nothing)
    deck = Deck(tuple(top), Multiset({card: factor * n for card, n in middle.items()}), tuple(bottom))
    if not deck:
        return
    nodes = DeckNodes(lambda kind, card: Action(kind, (card,)))
    fast, slow = new_generator(seed), new_generator(seed)
    for _ in range(5):
        assert nodes.sample("draw", deck, fast) == sample_outcome(nodes("draw", deck), slow)
        assert fast.bit_generator.state == slow.bit_generator.state


def test_an_empty_deck_has_no_next_card_to_sample() -> None:
    with pytest.raises(ValueError, match="cannot draw from an empty deck"):
        DeckNodes(lambda kind, card: card).sample("draw", Deck(), new_generator(0))
