"""The quick walk of the reveal, kept exact while made fast (issue 21: every game's odds in 0.1 s median).

The quick walk packs each position's card counts into one integer; these tests hold it to the full walk and
to every order of a small deck written out plainly (``test_pd_odds._brute``), where it must agree exactly.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import explorer
from explorer.games.pinned_down.odds import reveal_by_card, reveal_tables
from explorer.games.pinned_down.odds_quick_walk import PackedCounts

from tests.pinned_down.test_pd_odds import DECK, _brute, _small

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
