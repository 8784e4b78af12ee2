"""What a seat knows of another's hand (issue 8 §2, 4th point), and the discards it may be forced to make.

Positions are built by hand (``conftest.build``); every expected value is counted in the test.
Player 2's draw ran their deck out: the 2 Vipers left in it are in their hand, the other 3 cards
came from the reshuffled pile {Scout 6, Explorer 2}. In the default variant Explorer is
+1 Trade +1 Authority, scrap: +2 Combat (seed; RULES.md).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from explorer import Match, Multiset
from explorer.games.star_realms import odds as sr


def _helpers():
    import importlib.util

    spec = importlib.util.spec_from_file_location("_sr_knowledge_helpers", Path(__file__).with_name("conftest.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _helpers().build
VIPERS = Multiset({"Viper": 2})


@pytest.fixture(autouse=True)
def generous_budget():
    old = sr.set_budget(exact_seconds=60.0, sample_seconds=60.0)
    yield
    sr.set_budget(**old.__dict__)


def after_reshuffle():
    """Player 1 to move; player 2 holds Viper ×2 + 3 of {Scout 6, Explorer 2}; their deck is the rest of that pile."""
    return build(hands=({"Scout": 5}, {"Viper": 2, "Scout": 2, "Explorer": 1}),
                 decks=({"Scout": 5, "Viper": 2}, {"Scout": 4, "Explorer": 1}))


def p_combat_at_least(need: int, known_vipers: bool) -> Fraction:
    """P(Vipers + 2 x Explorers >= need) for player 2's hand as player 1 sees it (Explorers scrapped)."""
    if known_vipers:  # Viper x2 known; 3 of {Scout 6, Explorer 2}
        return sum((Fraction(comb(2, e) * comb(6, 3 - e), comb(8, 3)) for e in range(3) if 2 + 2 * e >= need),
                   Fraction(0))
    return sum((Fraction(comb(2, v) * comb(2, e) * comb(6, 5 - v - e), comb(10, 5))
                for v in range(3) for e in range(3) if v + 2 * e >= need), Fraction(0))


def test_cards_left_in_the_deck_before_the_reshuffle_are_known_to_be_in_the_hand() -> None:
    s = after_reshuffle()
    knowing = sr.lethal(s, 1, 0, n=4, viewer=0, known=VIPERS)
    blind = sr.lethal(s, 1, 0, n=4, viewer=0)
    assert knowing.probability == p_combat_at_least(4, True) == Fraction(9, 14)  # 1 - C(6,3)/C(8,3)
    assert blind.probability == p_combat_at_least(4, False) == Fraction(43, 126)
    assert "Viper ×2 known to be in it (left in their deck before the reshuffle)" in knowing.explanation
    assert "the other 3 drawn at random from the 8 unseen cards" in knowing.explanation


def test_the_hand_seen_by_another_seat_has_exact_trade_odds() -> None:
    s = after_reshuffle()
    # Trade: Scout 1, Explorer 1 (default variant), Viper 0; 3 of {Scout 6, Explorer 2} -> always 3
    seen = sr.trade_and_combat(s, 1, viewer=0, known=VIPERS)
    assert seen.trade.pmf() == {3: Fraction(1)}
    blind = sr.trade_and_combat(s, 1, viewer=0)  # 5 of {Viper 2, Scout 6, Explorer 2}: 5 - Vipers
    assert blind.trade.pmf() == {5 - v: Fraction(comb(2, v) * comb(8, 5 - v), comb(10, 5)) for v in range(3)}
    assert any("hidden from player 1" in n for n in seen.notes)
    own = sr.trade_and_combat(s, 1)  # player 2 knows their hand: Scout 2 + Explorer 1
    assert own.trade.pmf() == {3: Fraction(1)} and not any("hidden" in n for n in own.notes)


def test_the_match_history_says_which_cards_are_known() -> None:
    # player 2 ends a turn with 2 Vipers left in the deck: the draw of 5 reshuffles {Scout 6, Explorer 2}
    s = build(actor=1, hands=({"Scout": 5}, {}), decks=({"Scout": 5, "Viper": 2}, {"Viper": 2}),
              discards=((), {"Scout": 6, "Explorer": 2}))
    m = Match(s, seed=3)
    m.step("end turn")
    while m.state.is_chance():
        m.step()
    assert m.state.members() == (0,) and len(m.state.players[1].hand) == 5
    known = sr.known_in_hand(m.states, 1)
    assert known == VIPERS
    assert sr.lethal(m.state, 1, 0, n=4, viewer=0, known=known).probability == Fraction(9, 14)


def test_without_a_reshuffle_nothing_of_the_hand_is_known() -> None:
    s = build(actor=1, hands=({"Scout": 5}, {}), decks=({"Scout": 5, "Viper": 2}, {"Viper": 2, "Scout": 4}))
    m = Match(s, seed=3)
    m.step("end turn")
    while m.state.is_chance():
        m.step()
    assert sr.known_in_hand(m.states, 1) == Multiset()
    assert sr.known_in_hand(m.states[-1:], 1) == Multiset()  # a position typed in has no history


def test_known_cards_must_be_in_the_hand() -> None:
    with pytest.raises(ValueError, match="not all in player 2's hand"):
        sr.seen_by(after_reshuffle(), 1, 0, known=Multiset({"Cutter": 1}))


def test_forced_discards_an_opponent_can_impose_are_stated() -> None:
    # player 1 asks about their next hand; player 2 moves before it with Imperial Fighter in hand and
    # Royal Redoubt in play (ally: target opponent discards a card)
    s = build(hands=({"Scout": 3}, {"Imperial Fighter": 1, "Scout": 4}), bases=((), ("Royal Redoubt",)))
    forced = sr.forced_discards(s, 0)
    assert forced.sources == ((1, "Royal Redoubt", "in play, ally"), (1, "Imperial Fighter", "hand or deck"))
    notes = sr.trade_and_combat(s, 0).notes
    assert any("player 1 may be forced to discard" in n and "these odds count the whole hand" in n for n in notes)
    assert sr.forced_discards(s, 1).sources == ()  # player 1 holds no such card
