"""The buy comparison looks past the next hand (issue 7 §4): arrival turn exact, Trade per turn sampled.

Position: the opening of a 2-player game (player 1 holds 3 Scouts; their deck is Scout ×5, Viper ×2;
seed §Setup). Whatever is bought goes to the discard pile, so the next hand is the same for every
buy (25/7 Trade); the counts below are in the tests' comments. In the default variant Explorer is
+1 Trade +1 Authority (seed; the printed card is +2 Trade).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer.games.star_realms import odds as sr
from explorer.odds import Estimate


@pytest.fixture(scope="module")
def opening():
    s = explorer.load_game("star_realms").initial_state()
    while s.is_chance():
        s = s.apply(s.chance_outcomes()[0][0])
    return s


@pytest.fixture(scope="module")
def rows(opening):
    old = sr.set_budget(exact_seconds=60.0, sample_seconds=60.0)  # every one of the 300 runs, not the panel's budget
    try:
        return {r.card: r for r in sr.compare_buys_over_cycle(opening, 0, ["Explorer", "Cutter"], trials=300)}
    finally:
        sr.set_budget(**old.__dict__)


def test_the_turn_a_bought_card_first_reaches_the_hand_is_exact(rows) -> None:
    # turn 1: the 5 of the 7-card deck (never the bought card); turn 2: the 2 left + 3 of the 9 reshuffled
    # (1/3); turn 3: 5 of the 6 left (2/3 x 5/6); turn 4: the last card (2/3 x 1/6)
    explorer_row = rows["Explorer"]
    assert explorer_row.arrives.by_turn == (0, Fraction(1, 3), Fraction(5, 9), Fraction(1, 9))
    assert explorer_row.arrives.expected == Fraction(25, 9)
    assert rows["Cutter"].arrives == explorer_row.arrives and rows["(no buy)"].arrives is None


def test_the_next_hand_is_the_same_for_every_buy_and_exact(rows) -> None:
    assert {r.turns[0].trade for r in rows.values()} == {Fraction(25, 7)}
    assert all(r.turns[0].exact for r in rows.values())


def test_later_turns_tell_two_buys_apart_within_their_intervals(rows) -> None:
    # turn 2 Trade = Scouts drawn (+1 per Explorer, +2 per Cutter): the 2 cards left in the deck
    # (10/7 Scouts) + 3 of the reshuffled pile {Scout 3 + the 5 of turn 1 (+ the card bought)}:
    # no buy 10/7 + 3/8 x 46/7 = 109/28; Explorer 10/7 + 1/3 x (46/7 + 1) = 83/21; Cutter 10/7 + 1/3 x (46/7 + 2) = 30/7
    expected = {"(no buy)": Fraction(109, 28), "Explorer": Fraction(83, 21), "Cutter": Fraction(30, 7)}
    for card, value in expected.items():
        second = rows[card].turns[1]
        assert isinstance(second.trade, Estimate) and not second.exact
        assert second.trade.low <= value <= second.trade.high, (card, second.trade, float(value))
    assert rows["Cutter"].turns[1].trade.value > rows["(no buy)"].turns[1].trade.value  # the same seed for every row
    assert len(rows["Cutter"].turns) == 3 and "300 sampled runs, seed 2026" in rows["Cutter"].note


def test_only_the_player_moving_can_compare_buys(opening) -> None:
    with pytest.raises(ValueError, match="Player 2 is not moving now"):
        sr.compare_buys_over_cycle(opening, 1)
    with pytest.raises(ValueError, match="turns must be a whole number from 1 to 6"):
        sr.compare_buys_over_cycle(opening, 0, turns=0)


def test_the_buy_comparison_samples_within_the_odds_budget(opening) -> None:
    # issue 8 §2 "Bounded time and memory": the comparison shares odds.BUDGET's sampling time among its rows
    # (at least 20 runs a row); with no sampling time left every row stops at those 20, not at `trials`
    old = sr.set_budget(sample_seconds=0.0)
    try:
        rows = sr.compare_buys_over_cycle(opening, 0, ["Explorer"], trials=300)
    finally:
        sr.set_budget(**old.__dict__)
    assert [r.turns[1].trade.trials for r in rows] == [20, 20]
    assert all("20 sampled runs, seed 2026" in r.note for r in rows)


def test_turn_one_past_the_exact_budget_is_an_estimate_from_the_same_runs(opening) -> None:
    # with no exact time at all, turn 1 (25/7 Trade: the 5 of Scout x5, Viper x2) is sampled with turns 2 and 3,
    # marked estimate, and its interval holds the exact value
    old = sr.set_budget(exact_seconds=0.0, sample_seconds=60.0)
    try:
        rows = sr.compare_buys_over_cycle(opening, 0, ["Explorer"], trials=300, seed=1)
    finally:
        sr.set_budget(**old.__dict__)
    for row in rows:
        first = row.turns[0]
        assert not first.exact and isinstance(first.trade, Estimate) and first.trade.trials == 300
        assert first.trade.low <= Fraction(25, 7) <= first.trade.high
        assert "turns 1 to 3: 300 sampled runs, seed 1" in row.note and "estimate" in row.note
