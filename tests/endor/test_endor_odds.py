"""Endor odds against brute-force enumeration of ordered dice and against seeded simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import numpy as np
from endor_helpers import game, turn

from explorer.games.endor.odds import (
    attack_odds, death_star_final, death_star_shot, duel_odds, shield_advance_odds, shield_chain, which_order,
)
from explorer.games.endor.state import TIE


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
    rng = np.random.default_rng(11)
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
