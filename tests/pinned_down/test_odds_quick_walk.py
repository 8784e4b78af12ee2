"""The quick walk of the reveal, kept exact while made fast (issue 21: every game's odds in 0.1 s median).

The quick walk packs each position's card counts into one integer; these tests hold it to the full walk and
to every order of a small deck written out plainly (``test_pd_odds._brute``), where it must agree exactly.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import explorer
from explorer.games.pinned_down.odds import quiet_effect_chances, reveal_by_card, reveal_tables
from explorer.games.pinned_down.odds_quick_walk import PackedCounts

from tests.pinned_down.test_odds import DECK, _brute, _small

# A deck with two loud effects and two quiet ones: Agniar (location 70, "Whenever an attack effect is played,
# add (1).") and Ms. McGowan react to every effect, so the quiet effects are walked card by card.
REACTING = DECK + ["Collateral Damage", "Lack Of Preparation"]


def _reacting(game: explorer.Game) -> explorer.State:
    return game.position(stage="reveal", threat=0, locations=["Agniar"],
                         players=[{"flagship": "TRI Pegasus", "characters": ["Mr. Alford", "Ms. McGowan"]}],
                         attack_deck={"cards": REACTING}, this_turn={"attack_reshuffles": 1})


def test_packed_counts_give_back_the_cards_drawn_field_by_field() -> None:
    codes = PackedCounts(4, 9)
    start, left = codes.pack((9, 0, 3, 1)), codes.pack((2, 0, 3, 0))
    assert codes.unpack(start - left) == (7, 0, 0, 1)  # no field borrows from the next
    assert codes.unpack(start - codes.one(2)) == (9, 0, 2, 1)


def test_quick_walk_equals_the_full_walk_when_texts_react_to_every_effect(game: explorer.Game) -> None:
    s = _reacting(game)
    for pool in (1, 2, 4, 6):
        quick, full = reveal_tables(s, pool=pool), reveal_tables(s, pool=pool, fast=False)
        assert quick[0] == full[0], pool  # ships, power, loud effects, threat left
        assert quick[1] == full[1], pool  # how many quiet effects came up


def test_card_option_summaries_match_every_order_of_the_deck(game: explorer.Game) -> None:
    # "play nothing" at pool 4 against the six cards of test_pd_odds, every one of the 720 orders counted
    s = _small(game, 4)
    brute: Counter = _brute(s, 4)  # (ships, total power, largest, effects, threat left) -> orders
    orders = sum(brute.values())
    nothing = reveal_by_card(s)[0]
    assert nothing.card == "play nothing"
    assert nothing.expected_ships() == Fraction(sum(r[0] * n for r, n in brute.items()), orders)
    assert nothing.expected_power() == Fraction(sum(r[1] * n for r, n in brute.items()), orders)
    assert nothing.p_no_ships() == Fraction(sum(n for r, n in brute.items() if r[0] == 0), orders)
    assert nothing.p_largest_at_least(12) == Fraction(sum(n for r, n in brute.items() if r[2] >= 12),
                                                      orders)


def test_a_known_top_is_revealed_as_it_lies_then_the_rest_walked_quickly(game: explorer.Game) -> None:
    """A look at the attack deck leaves its top known (issue 37: that reveal took 95 s by the full walk). The
    top's cards are revealed in their order, the unknown rest by the quick walk: the full walk's answer, with
    texts reacting to every effect (Agniar, Ms. McGowan) and a quiet effect, a ship and a loud one on top."""
    for known in (["Worry"], ["Dra'tar Behemoth", "Lack Of Preparation"], ["Collateral Damage", "Worry"],
                  ["Lack Of Preparation", "Dra'tar Behemoth", "Worry"]):
        s = game.position(stage="reveal", threat=0, locations=["Agniar"],
                          players=[{"flagship": "TRI Pegasus", "characters": ["Mr. Alford", "Ms. McGowan"]}],
                          attack_deck={"cards": REACTING, "known_top": known}, this_turn={"attack_reshuffles": 1})
        for pool in (1, 2, 4, 6):
            quick, full = reveal_tables(s, pool=pool), reveal_tables(s, pool=pool, fast=False)
            assert quick[0] == full[0], (known, pool)
            assert quick[1] == full[1], (known, pool)
            assert quiet_effect_chances(s, pool=pool) == quiet_effect_chances(s, pool=pool, fast=False), (known, pool)


def test_a_destiny_owed_past_the_known_top_takes_the_next_unknown_card(game: explorer.Game) -> None:
    """Collateral Damage last on the known top: each player's battle destiny takes a card of the unknown rest
    (the quick walk's skipped card), as the full walk draws it; two players, so two destinies. What is revealed
    agrees exactly; how many quiet effects came up does not, with a known top or without (the destinies' cards
    are counted differently by the two walks: the approximation ``reveal_tables`` states)."""
    for known in (["Collateral Damage"], ["Worry", "Collateral Damage"]):
        s = game.position(stage="reveal", threat=0, locations=["Harana"],
                          players=[{"flagship": "TRB Ardor"}, {"flagship": "TRF Moscow", "wing": "Green"}],
                          attack_deck={"cards": DECK + ["Collateral Damage"], "known_top": known},
                          this_turn={"attack_reshuffles": 1})
        for pool in (1, 3, 5):
            assert reveal_tables(s, pool=pool)[0] == reveal_tables(s, pool=pool, fast=False)[0], (known, pool)
