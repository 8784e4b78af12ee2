"""Endor odds against brute-force enumeration of ordered dice and against seeded simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import pytest
from tests.endor.endor_helpers import game, turn
from tests.endor.engine_enumeration import attack_by_engine, best, chance

from explorer.core.rng import new_generator
from explorer.games.endor.odds import (
    attack_odds, death_star_final, death_star_shot, duel_odds, shield_advance_odds, shield_chain, special_ship_odds,
    which_order,
)
from explorer.games.endor.state import B_WING, EXECUTOR, TIE, X_WING


def _best_brute(roll, targets, thresholds):
    """Max ships destroyed and whether clearing is possible, over every die-to-target assignment."""
    best, clear = 0, False
    for choice in product(range(len(targets) + 1), repeat=len(roll)):
        left = list(targets)
        ok = True
        killed = 0
        for die, t in zip(roll, choice):
            if t == len(targets):
                continue
            if left[t] == 0 or die < thresholds[t]:
                ok = False
                break
            left[t] -= 1
            killed += 1
        if ok:
            best = max(best, killed)
            clear = clear or not any(left)
    return best, clear


def test_attack_odds_match_brute_force_over_every_ordered_roll() -> None:
    # 4 TIEs at M19 attack 2 X-wings (3+) and 1 Y-wing (4+) and 1 B-wing (5+) at O10
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, sectors=dict(O10={"X-wing": 2, "Y-wing": 1, "B-wing": 1}))
    odds = attack_odds(s, TIE, s.data.index["M19"], s.data.index["O10"])
    counts = [2, 1, 1]
    losses: dict[int, int] = {}
    cleared = 0
    for roll in product(range(1, 7), repeat=4):
        best, clear = _best_brute(roll, counts, [3, 4, 5])
        losses[best] = losses.get(best, 0) + 1
        cleared += clear
    assert odds.cleared == Fraction(cleared, 6**4)
    assert odds.losses.pmf() == {k: Fraction(v, 6**4) for k, v in sorted(losses.items())}


def test_attack_on_the_falcon_clears_only_with_six_hits_worth() -> None:
    g = game()
    s = turn(g, "Executor / Emperor", seat=1, falcon_hits=3, sectors=dict(O14={"Falcon": 1}, M15={"X-wing": 5}))
    odds = attack_odds(s, 5, s.data.index["O13"], s.data.index["O14"])       # the Executor rolls 4 dice
    # 3 hits left on the track: the sector is cleared by at least three 5+ on the 4 dice
    brute = sum(1 for r in product(range(1, 7), repeat=4) if sum(f >= 5 for f in r) >= 3)
    assert odds.dice == 4 and odds.cleared == Fraction(brute, 6**4)


def _shield_brute(track, start, troopers, roll):
    best = start
    for order in set(permutations(roll)):
        p = start
        for die in order:
            if p < len(track) and die >= track[p] + (1 if p + 1 in troopers else 0):
                p += 1
        best = max(best, p)
    return best - start


def test_shield_advance_matches_brute_force_with_stormtroopers() -> None:
    g = game()
    s = turn(g, "Shield Assault / Luke Skywalker", strike_team=7, troopers=(9, 10, 11))
    cache: dict[tuple[int, ...], int] = {}
    counts: dict[int, int] = {}
    for roll in product(range(1, 7), repeat=5):
        key = tuple(sorted(roll))
        if key not in cache:
            cache[key] = _shield_brute(s.data.track, 7, (9, 10, 11), key)
        counts[cache[key]] = counts.get(cache[key], 0) + 1
    assert shield_advance_odds(s).pmf() == {k: Fraction(v, 6**5) for k, v in sorted(counts.items())}


def test_shield_chain_expected_orders_agree_with_seeded_simulation() -> None:
    g = game()
    s = turn(g, "Shield Assault / Luke Skywalker", strike_team=20)
    chain = shield_chain(s)
    rng = new_generator(11)
    from explorer.games.endor.orders import shield_advance

    runs = 4000
    total = 0
    for _ in range(runs):
        p, troopers, n = 20, (), 0
        while p < len(s.data.track):
            p, troopers = shield_advance(s.data.track, p, troopers, tuple(rng.integers(1, 7, size=5)))
            n += 1
        total += n
    mean = total / runs
    assert abs(mean - float(chain.expected_steps)) < 0.1        # ~2.3 orders; sd of the mean ~0.015
    assert chain.absorption == {(28, ()): 1}


def test_duel_odds_match_brute_force() -> None:
    s = turn(game(), "Shield Assault / Luke Skywalker", vader_hits=1, luke_hits=2)
    d = duel_odds(s)
    rolls = list(product(range(1, 7), repeat=4))
    hits = [sum(f >= 4 for f in r) for r in rolls]
    assert d["Luke Skywalker"]["Vader destroyed"] == Fraction(sum(h >= 3 for h in hits), len(rolls))
    assert d["Luke Skywalker"]["redemption possible"] == Fraction(sum(1 <= 3 - h <= 3 for h in hits), len(rolls))
    assert d["Darth Vader"]["Luke destroyed"] == Fraction(sum(h >= 2 for h in hits), len(rolls))
    assert d["Emperor"]["Luke destroyed"] == 1                   # 2 hits left, the Emperor deals 2


def test_death_star_shot_and_final_attack_match_brute_force() -> None:
    assert death_star_shot() == Fraction(sum(max(r) >= 5 for r in product(range(1, 7), repeat=2)), 36)
    for n in range(1, 6):
        assert death_star_final(n) == Fraction(sum(6 in r for r in product(range(1, 7), repeat=n)), 6**n)


def test_which_order_gives_a_headline_for_every_order_in_hand() -> None:
    g = game()
    s = turn(g, "X-wing / Shield Assault", hands=(g.initial_state().hands[0].add("Y-wing / Luke Skywalker"),
                                                  g.initial_state().hands[1]))
    rows = which_order(s)
    assert [(r[0], r[1]) for r in rows] == [("X-wing / Shield Assault", "X-wing"),
                                             ("X-wing / Shield Assault", "Shield Assault"),
                                             ("Y-wing / Luke Skywalker", "Y-wing"),
                                             ("Y-wing / Luke Skywalker", "Luke Skywalker")]
    assert rows[1][3] == 1 - Fraction(1, 6**5)                 # first space needs 2+: fails only on five 1s
    assert all(0 <= r[3] <= 1 for r in rows)


# --- the duel's restrictions (seed §5C, lines 151-153): a refused order has a reason, never a chance ---------
def test_no_luke_order_once_luke_is_destroyed() -> None:
    # seed L151 "Cannot play Luke order if Luke is destroyed"; Vader 1 hit in (3 left): it used to say 5/16
    s = turn(game(), "Shield Assault / Luke Skywalker", luke_hits=4, vader_hits=1)
    luke = duel_odds(s)["Luke Skywalker"]
    assert not luke.usable and luke.reason == "Luke is destroyed" and dict(luke) == {}
    with pytest.raises(KeyError, match="Luke Skywalker cannot be used: Luke is destroyed"):
        luke["Vader destroyed"]
    assert _which(s, "Luke Skywalker") == ("cannot be used: Luke is destroyed", 0)
    assert duel_odds(s)["Darth Vader"]["Luke destroyed"] == 0       # usable (Vader fights), and Luke is gone


def test_no_vader_or_emperor_order_once_vader_is_redeemed() -> None:
    # seed L152-153: redeemed Vader is destroyed with the Emperor; Luke 2 hits in: it used to say 11/16 and 1
    s = turn(game(), "Shield Assault / Luke Skywalker", luke_hits=2, vader_hits=2, vader="redeemed")
    d = duel_odds(s)
    assert (d["Darth Vader"].reason, d["Emperor"].reason) == ("Vader is redeemed", "Vader is redeemed")
    assert dict(d["Darth Vader"]) == {} and dict(d["Emperor"]) == {}
    assert d["Vader Redeemed"].reason == "Vader and Luke must both still fight"
    assert _which(s, "Emperor") == ("cannot be used: Vader is redeemed", 0)


def test_no_vader_order_once_vader_is_destroyed() -> None:
    # seed L152 "Cannot play Vader/Emperor orders if Vader is destroyed"; Luke 1 hit in: it used to say 5/16
    s = turn(game(), "Shield Assault / Luke Skywalker", luke_hits=1, vader_hits=4, vader="destroyed")
    d = duel_odds(s)
    assert d["Darth Vader"].reason == "Vader is destroyed" and dict(d["Darth Vader"]) == {}
    assert d["Emperor"].reason == "Vader is destroyed"
    assert dict(d["Luke Skywalker"]) == {"Vader destroyed": 0, "redemption possible": 0}   # usable, no effect


def test_usable_duel_orders_keep_their_exact_chances() -> None:
    # 4 dice at 4+: P(>= 3 hits) = 5/16, P(>= 2 hits) = 11/16 (binomial, p = 1/2)
    s = turn(game(), "Shield Assault / Luke Skywalker", luke_hits=2, vader_hits=1)
    d = duel_odds(s)
    assert d["Luke Skywalker"]["Vader destroyed"] == Fraction(5, 16)
    assert d["Darth Vader"]["Luke destroyed"] == Fraction(11, 16)
    assert d["Emperor"]["Luke destroyed"] == 1 and all(o.usable for n, o in d.items() if n != "Vader Redeemed")


def test_a_closed_duel_refuses_every_duel_order_in_sw_ksirk_duel_closes() -> None:
    # reference conflict 8: once Vader is destroyed no duel order at all
    s = turn(game("sw_ksirk_duel_closes"), "Shield Assault / Luke Skywalker", vader_hits=4, vader="destroyed")
    assert {n: o.reason for n, o in duel_odds(s).items()} == dict.fromkeys(
        ("Luke Skywalker", "Darth Vader", "Emperor", "Vader Redeemed"), "the duel is over (sw_ksirk_duel_closes)")


def _which(s, order: str) -> tuple[str, Fraction]:
    """which_order's headline for ``order`` on any card of the seat to move (the same card twice: one answer)."""
    hand = s.hands[s.seat].add("Y-wing / Luke Skywalker").add("Executor / Emperor")
    rows = {o: (what, p) for _, o, what, p in which_order(s.replace(hands=(hand,) + s.hands[1:]), s.seat)}
    return rows[order]


# --- "the chance to destroy the Falcon / the Executor this attack" (seed §5A: hits move down the hit track) ----
def test_chance_to_destroy_the_executor_agrees_with_the_engine_over_every_roll() -> None:
    # 5 B-wings at O12 attack the Executor (8 hits, 6 taken: 2 left, 5+) with 2 TIEs beside it at O13
    s = turn(game(), "B-wing / Shield Assault", executor_hits=6,
             sectors=dict(O12={"B-wing": 5}, O13={"Executor": 1, "TIE": 2}))
    s = s.apply("order B-wing").apply("no move")
    o = special_ship_odds(s, B_WING, s.data.index["O12"], s.data.index["O13"])
    rolls = attack_by_engine(s, s.parse_action("attack from O12 into O13"))
    assert (o.ship, o.hits_left) == ("Executor", 2)
    # at least two 5+ on 5 dice: 1 - (2/3)^5 - 5 (1/3)(2/3)^4 = 131/243
    assert o.destroyed == Fraction(131, 243) == chance(rolls, lambda r: r.special_destroyed)
    assert o.track_hits.pmf() == best(rolls, lambda r: r.special_hits)


def test_chance_to_destroy_the_falcon_agrees_with_the_engine_over_every_roll() -> None:
    # the Executor's 4 dice from O13 at the Falcon (3 of 6 hits taken) with 2 X-wings at O14: 5+ hits it
    s = turn(game(), "Executor / Emperor", seat=1, falcon_hits=3,
             sectors=dict(O14={"Falcon": 1, "X-wing": 2}, M15={"X-wing": 5}))
    s = s.apply("order Executor").apply("no move")
    o = special_ship_odds(s, EXECUTOR, s.data.index["O13"], s.data.index["O14"])
    rolls = attack_by_engine(s, s.parse_action("attack from O13 into O14"))
    assert (o.ship, o.hits_left) == ("Millennium Falcon", 3)
    assert o.destroyed == Fraction(1, 9) == chance(rolls, lambda r: r.special_destroyed)   # >= three 5+ on 4 dice
    assert o.track_hits.pmf() == best(rolls, lambda r: r.special_hits)


def test_no_special_ship_in_the_target_is_said_not_counted() -> None:
    s = turn(game(), "X-wing / Shield Assault", sectors=dict(O10={"X-wing": 2}))
    o = special_ship_odds(s, X_WING, s.data.index["O10"], s.data.index["O11"])
    assert o.reason == "The Executor is not at O11." and o.destroyed == 0
