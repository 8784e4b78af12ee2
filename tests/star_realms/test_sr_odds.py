"""Star Realms odds against brute force: every ordering of small decks, played through the real rules.

The brute force enumerates every distinct ordering of the deck and of the pile a
reshuffle would make (each ordering equally likely), feeds the draws to the real
rules in that order, plays the turn with the odds module's policy (play every
card, use every base, take the option worth most for the question, decline
optional scraps) and reads the Trade and Combat pools. The odds functions must
agree exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from math import comb

import pytest

from explorer import Multiset
from explorer.core import Action, Deck
from explorer.games.star_realms import odds as sr
from explorer.games.star_realms.odds_hand import evaluate
from explorer.odds import Dist, draw

def _helpers():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("_sr_odds_helpers", Path(__file__).with_name("conftest.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _helpers().build


# --------------------------------------------------------------------------- brute force
def orderings(ms: Multiset) -> Iterator[tuple[str, ...]]:
    """Every distinct ordering of a multiset."""
    counts = dict(ms.items())
    n = len(ms)

    def walk(prefix: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if len(prefix) == n:
            yield prefix
            return
        for k in sorted(counts):
            if counts[k]:
                counts[k] -= 1
                yield from walk(prefix + (k,))
                counts[k] += 1

    yield from walk(())


def _key(text: str, objective: str) -> tuple[int, int]:
    got = {"Trade": 0, "Combat": 0}
    for n, what in re.findall(r"\+(\d+) (Trade|Combat)", text):
        got[what] += int(n)
    return (got["Trade"], got["Combat"]) if objective == "trade" else (got["Combat"], got["Trade"])


def play_turn(s, me: int, objective: str, feed: Iterator[str]):
    """Play ``me``'s turn by the odds policy; draws of ``me`` come from ``feed``. Returns the state."""
    while not s.is_terminal():
        if s.is_chance():
            task = s.queue[0]
            if task.kind == "draw" and task.player == me:
                s = s.apply(Action("draw", (next(feed),)))
            else:
                s = s.apply(s.chance_outcomes()[0][0])
            continue
        acts = s.legal_actions()
        if s.queue:
            if s.current_player != me:
                s = s.apply(acts[0])
            elif acts[0].kind == "choose":
                s = s.apply(max(acts, key=lambda a: (_key(str(a.args[0]), objective), -acts.index(a))))
            else:
                done = [a for a in acts if a.kind == "done"]
                s = s.apply(done[0] if done else acts[0])
            continue
        if s.actor != me:
            return s
        plays = [a for a in acts if a.kind == "play"]
        uses = [a for a in acts if a.kind == "use" and a.args[0] != "Machine Base"]
        if plays or uses:
            s = s.apply((plays or uses)[0])
            continue
        return s
    return s


def to_next_turn(s, me: int, feed: Iterator[str]):
    """From ``s`` (anyone moving) to the start of ``me``'s next turn, ``me``'s draws from ``feed``."""
    first = True
    while first or s.actor != me or s.stage != "main" or s.queue:
        first = False
        if s.is_chance():
            task = s.queue[0]
            if task.kind == "draw" and task.player == me:
                s = s.apply(Action("draw", (next(feed),)))
            else:
                s = s.apply(s.chance_outcomes()[0][0])
        else:
            s = s.apply("end turn")
    return s


def brute(s, me: int, objective: str) -> tuple[Dist, Dist, Dist]:
    """(next hand, Trade or Combat as asked, joint (trade, combat)) by enumerating orderings."""
    p = s.players[me]
    moving = me in s.members()
    pile = p.discard + (p.hand + Multiset(r.name for r in p.ships) if moving else Multiset())
    hands: dict = {}
    values: dict = {}
    joint: dict = {}
    firsts = list(orderings(p.deck.middle))
    seconds = list(orderings(pile))
    for a in firsts:
        for b in seconds:
            feed = iter(p.deck.top + a + p.deck.bottom + b)
            start = to_next_turn(s, me, feed) if moving else s if s.actor == me else to_next_turn(s, me, feed)
            hand = start.players[me].hand
            end = play_turn(start, me, objective, feed).players[me]
            for table, key in ((hands, hand), (values, getattr(end, objective)), (joint, (end.trade, end.combat))):
                table[key] = table.get(key, 0) + 1
    return Dist(hands), Dist(values), Dist(joint)


def check(s, me: int = 0) -> sr.HandOdds:
    got = sr.trade_and_combat(s, me)
    hands_t, trade, _ = brute(s, me, "trade")
    hands_c, combat, joint = brute(s, me, "combat")
    assert sr.next_hand(s, me) == hands_t == hands_c
    assert got.trade == trade
    assert got.combat == combat
    assert got.joint == joint
    assert got.exact
    return got


# --------------------------------------------------------------------------- known values
def test_fresh_starting_deck_next_hand() -> None:
    s = build(hands=({},), decks=({"Scout": 8, "Viper": 2},))
    odds = sr.trade_and_combat(s, 0)
    assert odds.trade.p(5) == Fraction(comb(8, 5), comb(10, 5)) == Fraction(2, 9)
    assert odds.combat.at_least(1) == Fraction(7, 9)
    assert sr.next_hand(s, 0) == draw({"Scout": 8, "Viper": 2}, 5)
    assert sr.lethal(s, 0, 1, n=2).probability == Fraction(comb(2, 2) * comb(8, 3), comb(10, 5))


def test_reshuffle_next_hand_and_odds_match_brute_force() -> None:
    s = build(hands=({"Trade Pod": 1},), decks=({"Scout": 1, "Viper": 1, "Blob Fighter": 1},),
              discards=({"Scout": 2, "Ram": 1},), ships=(("Viper",),))
    odds = check(s)
    hand = sr.next_hand(s, 0)
    # the 3 deck cards are certain; 2 of the 5 reshuffled (Scout x2, Ram, Trade Pod, Viper)
    assert all(m.count("Blob Fighter") == 1 for m in hand.outcomes)
    assert hand.p(lambda m: "Ram" in m) == Fraction(2, 5)
    assert odds.combat.mean() > 0


def test_two_blob_ships_drawn_together_fire_allies() -> None:
    s = build(hands=({},), decks=({"Blob Fighter": 2, "Trade Pod": 1, "Scout": 2, "Viper": 1},))
    odds = check(s)
    # all of Trade Pod and both Fighters in a hand of 5 from 6: allies draw the 6th card
    assert odds.combat.p(lambda c: c >= 3 + 3 + 2) > 0


def test_draw_chain_runs_through_the_deck_and_reshuffles() -> None:
    s = build(hands=({},), decks=({"Blob Fighter": 2, "Corvette": 2, "Scout": 1, "Viper": 1},),
              discards=({"Scout": 1, "Ram": 1},))
    check(s)


def test_choice_is_maximised_per_question() -> None:
    s = build(hands=({},), decks=({"Patrol Mech": 1, "Defense Center": 1, "Scout": 3, "Viper": 1},))
    odds = check(s)
    assert odds.trade.p(lambda t: t >= 3) > 0 and odds.combat.p(lambda c: c >= 5) > 0


def test_bases_in_play_give_primary_and_ally() -> None:
    s = build(hands=({},), decks=({"Blob Fighter": 1, "Trade Pod": 1, "Scout": 3, "Viper": 1},),
              bases=(("The Hive", "Fleet HQ"),))
    odds = check(s)
    assert odds.combat.outcomes[0] >= 3 + 5  # The Hive +3, five ships with Fleet HQ +1 each


def test_player_not_moving_starts_with_their_known_hand() -> None:
    s = build(actor=1, hands=({"Blob Fighter": 1, "Corvette": 1, "Scout": 3}, {"Scout": 5}),
              decks=({"Blob Fighter": 1, "Viper": 2, "Scout": 1},), discards=({"Ram": 1},))
    odds = check(s)
    assert sr.next_hand(s, 0) == Dist({Multiset({"Blob Fighter": 1, "Corvette": 1, "Scout": 3}): 1})
    assert odds.trade.outcomes[0] >= 3


def test_stealth_needle_and_embassy_yacht_wait_for_the_best_moment() -> None:
    cards = {"Stealth Needle": 1, "Ram": 1, "Embassy Yacht": 1, "Scout": 2}
    s = build(hands=({},), decks=(cards,), bases=(("Blob Wheel", "Trading Post"),))
    odds = sr.trade_and_combat(s, 0)
    # all five drawn: Ram 5 + ally 2 (Needle copying Ram is a Blob ally) twice, Blob Wheel 1
    assert odds.combat.pmf() == {5 + 2 + 5 + 2 + 1: 1}
    # for Trade the Needle copies the Yacht instead: 2 + 2, Scouts 2, Trading Post +1 Trade
    assert odds.trade.pmf() == {2 + 2 + 2 + 1: 1}


# --------------------------------------------------------------------------- lethal
def test_lethal_with_and_without_an_outpost() -> None:
    deck = {"Ram": 1, "Blob Fighter": 1, "Viper": 2, "Scout": 3}
    plain = build(hands=({},), decks=(deck,), authority=(50, 6))
    _, combat, _ = brute(plain, 0, "combat")
    without = sr.lethal(plain, 0, 1)
    assert without.needed == 6 and without.probability == combat.at_least(6)
    walled = build(hands=({},), decks=(deck,), authority=(50, 6), bases=((), ("Space Station",)))
    with_outpost = sr.lethal(walled, 0, 1)
    assert with_outpost.needed == 10 and with_outpost.probability == combat.at_least(10)
    assert with_outpost.probability < without.probability
    assert "Space Station 4" in with_outpost.explanation
    assert sr.lethal(walled, 0, 1, n=3).probability == combat.at_least(3)


def test_destroy_ability_removes_the_outpost_instead() -> None:
    s = build(hands=({},), decks=({"Missile Mech": 1, "Scout": 4},), authority=(50, 6),
              bases=((), ("War World",)))
    assert sr.lethal(s, 0, 1).probability == 1  # Missile Mech: 6 Combat and destroys War World


# --------------------------------------------------------------------------- buys
def test_buy_matters_only_when_the_deck_runs_short() -> None:
    short = build(hands=({"Scout": 2},), decks=({"Scout": 2, "Viper": 1},), trade=(5,))
    rows = {r.card: r for r in sr.compare_buys(short, 0, ["Cutter", "Explorer"])}
    base = rows["(no buy)"].odds
    cutter = rows["Cutter"].odds
    bought = short.with_player(0, discard=short.players[0].discard.add("Cutter"))
    assert sr.next_hand(bought, 0).p(lambda m: "Cutter" in m) == Fraction(2, 3)
    assert cutter.trade == sr.trade_and_combat(bought, 0).trade != base.trade
    hands_t, trade, _ = brute(bought, 0, "trade")
    assert cutter.trade == trade
    plenty = build(hands=({"Scout": 2},), decks=({"Scout": 4, "Viper": 2},), trade=(5,))
    rows = sr.compare_buys(plenty, 0)
    assert {r.card for r in rows} >= {"(no buy)", "Cutter", "Explorer"}
    assert all(r.odds.trade == rows[0].odds.trade and r.odds.combat == rows[0].odds.combat for r in rows)


def test_ship_bought_to_top_is_certain() -> None:
    s = build(hands=({},), decks=({"Scout": 8, "Viper": 2},), trade=(5,))
    s = s.with_player(0, next_ship_to_top=True)
    rows = [r for r in sr.compare_buys(s, 0, ["Cutter"]) if r.to_top]
    assert rows and rows[0].odds.trade.outcomes[0] == 2 + 2  # Cutter + 4 from the deck (at worst 2 Vipers)
    assert rows[0].odds.trade.p(2 + 4) == Fraction(comb(8, 4), comb(10, 4))


# --------------------------------------------------------------------------- a card's arrival
def cycle_brute(deck: Multiset, pile: Multiset, card: str, turns: int) -> Fraction:
    """P(card in one of the next hands), card by card, with the reshuffle; bases stay in play."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def turn(deck: Multiset, pile: Multiset, left: int) -> Fraction:
        if left == 0:
            return Fraction(0)
        return one(deck, pile, 5, Multiset(), left)

    @lru_cache(maxsize=None)
    def one(deck: Multiset, pile: Multiset, need: int, hand: Multiset, left: int) -> Fraction:
        if card in hand:
            return Fraction(1)
        if need == 0 or (not deck and not pile):
            kept = Multiset(c for c in hand if not build_state.card(c).is_base)
            return turn(deck, pile + kept, left - 1)
        if not deck:
            deck, pile = pile, Multiset()
        total = Fraction(0)
        for c, n in deck.items():
            total += Fraction(n, len(deck)) * one(deck.remove(c), pile, need - 1, hand.add(c), left)
        return total

    return turn(deck, pile, turns)


build_state = build()


@pytest.mark.parametrize("turns", [1, 2, 3, 4])
def test_p_card_within_matches_card_by_card_enumeration(turns: int) -> None:
    s = build(hands=({"Scout": 2},), decks=({"Scout": 3, "Viper": 1, "Ram": 1},),
              discards=({"Cutter": 1, "Space Station": 1, "Scout": 1},), ships=(("Viper",),))
    p = s.players[0]
    pile = p.discard + p.hand + Multiset(["Viper"])
    for card in ("Cutter", "Ram", "Space Station"):
        assert sr.p_card_within(s, 0, card, turns) == cycle_brute(p.deck.middle, pile, card, turns)


def test_expected_turns_until() -> None:
    s = build(hands=({},), decks=({"Scout": 9, "Ram": 1},))
    found = sr.expected_turns_until(s, 0, "Ram")
    assert found.by_turn == (Fraction(1, 2), Fraction(1, 2)) and found.expected == Fraction(3, 2)
    missing = sr.expected_turns_until(s, 0, "Cutter")
    assert missing.expected is None and missing.remainder == 1
    s = build(hands=({"Scout": 2},), decks=({"Scout": 3, "Viper": 1, "Ram": 1},),
              discards=({"Cutter": 1, "Space Station": 1, "Scout": 1},))
    got = sr.expected_turns_until(s, 0, "Cutter")
    assert got.expected == sum(1 - sr.p_card_within(s, 0, "Cutter", t) for t in range(0, got.horizon))


def test_evaluate_is_cached_and_errors_are_clear() -> None:
    s = build(hands=({},))
    assert sr.trade_and_combat(s, 0) is sr.trade_and_combat(s, 0)
    with pytest.raises(ValueError, match="player must be a seat"):
        sr.next_hand(s, 5)
    waiting = s.replace(queue=s.queue + (type(s.queue[0])("draw", 0),) if s.queue else
                        (__import__("explorer.games.star_realms.state", fromlist=["Task"]).Task("choose", 0),))
    with pytest.raises(ValueError, match="pending effect"):
        sr.next_hand(waiting, 0)
    other = build(actor=1, hands=({}, {"Scout": 5}), trade=(0, 5))
    with pytest.raises(ValueError, match="not moving"):
        sr.compare_buys(other, 0)
    assert evaluate(s.game, "trade", Multiset({"Scout": 1}), (), Deck(), Multiset()) == {(1, 0, 0): 1}
