"""Star Realms odds when the rest of this turn can end several ways: each way counts by its chance alone.

The player moving still holds a card that draws (a Survey Ship), so this turn can end with decks and
discard piles of different sizes, and the next hand is dealt from each in a different number of ways
(the 5 cards left: 1 way; 4 cards and 1 of a reshuffled pile of 3: 3 ways). Before the fix the exact
answer weighed each way by its chance *times* its number of ways to deal, so the larger piles counted
too much (RULES.md "Odds": the rest of the turn first).

Expected values: the reference :class:`~explorer.games.star_realms.odds.model.Model` (the policy stated
plainly) over every way the turn ends (:func:`~explorer.games.star_realms.odds.position.rest_of_turn`)
and every hand dealt from it (:func:`~explorer.games.star_realms.odds.position.deal`, probabilities),
and, for the smallest position, a count written in the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from explorer import Multiset
from explorer.games.star_realms import odds as sr
from explorer.games.star_realms.odds.model import Outcome, model, start
from explorer.games.star_realms.odds.position import deal, rest_of_turn


@pytest.fixture(autouse=True)
def generous_budget() -> Iterator[None]:
    """Exact answers for these small positions whatever the machine's load."""
    old = sr.set_budget(exact_seconds=60.0, sample_seconds=60.0)
    yield
    sr.set_budget(**old.__dict__)


def reference(state: Any, player: int, objective: str, extra: Multiset = Multiset()) -> dict[Outcome, Fraction]:
    """P(``(trade, combat, destroys)``) of ``player``'s next turn by the reference model, ``extra`` bought to
    the discard pile: every way this turn ends, times every hand dealt from it, times the turn's outcomes."""
    m = model(state.game, objective)
    out: dict[Outcome, Fraction] = {}
    for w, deck, pile, bases in rest_of_turn(state, player):
        for hand, deck_after, pile_after, q in deal(deck, pile + extra):
            for o, p in m.value(start(m, hand, bases, deck_after, pile_after)).items():
                out[o] = out.get(o, 0) + w * q * p
    return out


def pmf(outcomes: dict[Outcome, Fraction], i: int) -> dict[int, Fraction]:
    """The distribution of one part of the outcome (0: Trade, 1: Combat)."""
    out: dict[int, Fraction] = {}
    for o, p in outcomes.items():
        out[o[i]] = out.get(o[i], 0) + p
    return out


# --------------------------------------------------------------------------- 1. Trade and Combat
def test_trade_and_combat_weights_each_way_the_turn_can_start_by_its_chance(make: Any) -> None:
    # Player 1 holds a Survey Ship (+1 Trade, draw a card); deck: Survey Ship and 5 Scouts; no discard pile.
    # The Survey Ship draws 1 of the 6:
    # * a Scout (5/6): 5 cards left, {Survey Ship, 4 Scouts}: the next hand, 1 way; pile {Survey Ship, Scout}.
    #   That turn: 5 Trade, and the Survey Ship draws from the reshuffled pile: the Scout (1/2) 6, the Survey
    #   Ship (1/2) +1 and then the Scout, 7.
    # * the other Survey Ship (1/6): it draws a Scout; 4 Scouts left, pile {2 Survey Ships, Scout}: the next
    #   hand is 4 Scouts and 1 of those 3 (3 ways): the Scout, 5; a Survey Ship (2/3), 6 or 7 as above.
    # P(5) = 1/6 x 1/3 = 1/18; P(6) = P(7) = 5/6 x 1/2 + 1/6 x 2/3 x 1/2 = 17/36.
    # (Before the fix the second way counted 3 times over: 1/8, 7/16, 7/16.)
    s = make(hands=({"Survey Ship": 1},), decks=({"Survey Ship": 1, "Scout": 5},))
    odds = sr.trade_and_combat(s, 0)
    assert odds.exact
    assert odds.trade.pmf() == {5: Fraction(1, 18), 6: Fraction(17, 36), 7: Fraction(17, 36)}
    assert odds.trade.pmf() == pmf(reference(s, 0, "trade"), 0)
    assert odds.combat.pmf() == {0: Fraction(1)}


def test_trade_weights_the_ways_of_a_played_out_turn_as_the_reference_model(make: Any) -> None:
    # The zones of the benchmark's seed-position 86 (seed 95, turn 23, player 1 moving): 5 cards in hand
    # with a Survey Ship and a Federation Shuttle; deck of 9; discard pile of 6. This turn ends 8 ways, with
    # decks of 7 or 8 cards (21 or 56 ways to deal the next hand). P(Trade = 2) = 1/7 by the reference
    # model (39/268 before the fix).
    s = make(hands=({"Battle Pod": 1, "Federation Shuttle": 1, "Imperial Frigate": 1, "Scout": 1,
                     "Survey Ship": 1},),
             decks=({"Battle Pod": 1, "Blob Fighter": 1, "Cutter": 1, "Scout": 4, "Viper": 2},),
             discards=({"Blob Wheel": 1, "Patrol Mech": 1, "Scout": 2, "Space Station": 1, "Supply Bot": 1},))
    odds = sr.trade_and_combat(s, 0)
    assert odds.exact
    assert odds.trade.p(2) == Fraction(1, 7)
    assert odds.trade.pmf() == pmf(reference(s, 0, "trade"), 0)
    assert odds.combat.pmf() == pmf(reference(s, 0, "combat"), 1)


# --------------------------------------------------------------------------- 2. lethal
def test_lethal_weights_each_way_the_turn_can_start_by_its_chance(make: Any) -> None:
    # Player 1 holds a Survey Ship; deck: Survey Ship, 3 Scouts, 2 Imperial Fighters (+2 Combat, ally +2);
    # discard pile {Scout, Cutter, Viper}. No card of theirs scraps for Combat: one question. P(Combat >= 5)
    # = 71/90 by the reference model (42/55 before the fix).
    s = make(hands=({"Survey Ship": 1},), decks=({"Survey Ship": 1, "Scout": 3, "Imperial Fighter": 2},),
             discards=({"Scout": 1, "Cutter": 1, "Viper": 1},))
    combat = pmf(reference(s, 0, "combat"), 1)
    got = sr.lethal(s, 0, 1, n=5)
    assert got.exact
    assert got.probability == sum(p for c, p in combat.items() if c >= 5) == Fraction(71, 90)
    assert got.combat.pmf() == combat


# --------------------------------------------------------------------------- 3. the buy comparison
def test_compare_buys_weights_each_way_the_turn_can_start_by_its_chance(make: Any) -> None:
    # The position of the first test, a Cutter (+2 Trade) bought to the discard pile: the pile the next
    # hand may reshuffle is {Survey Ship, Scout, Cutter} or {2 Survey Ships, Scout, Cutter} (1 or 4 ways to
    # deal). P(Trade = 5) = 1/24 by the reference model (1/9 before the fix).
    s = make(hands=({"Survey Ship": 1},), decks=({"Survey Ship": 1, "Scout": 5},))
    rows = {r.card: r.odds for r in sr.compare_buys(s, 0, ["Cutter"])}
    cutter = rows["Cutter"]
    assert cutter.exact
    assert cutter.trade.p(5) == Fraction(1, 24)
    assert cutter.trade.pmf() == pmf(reference(s, 0, "trade", Multiset(["Cutter"])), 0)
    assert rows["(no buy)"].trade.pmf() == pmf(reference(s, 0, "trade"), 0)


def test_compare_buys_over_the_cycle_weights_the_first_turn_by_its_chance(make: Any) -> None:
    # The same Cutter bought: turn 1's expected Trade is exact (the reference model's mean, 121/18).
    s = make(hands=({"Survey Ship": 1},), decks=({"Survey Ship": 1, "Scout": 5},))
    row = {r.card: r for r in sr.compare_buys_over_cycle(s, 0, ["Cutter"], turns=1, trials=20)}["Cutter"]
    want = sum((t * p for t, p in pmf(reference(s, 0, "trade", Multiset(["Cutter"])), 0).items()), Fraction(0))
    assert row.turns[0].exact
    assert row.turns[0].trade == want == Fraction(121, 18)
