"""Odds on the live position, each checked against brute-force enumeration of the bag."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from we_helpers import position

from explorer import Multiset
from explorer.games.warps_edge import odds

BAG = {"energy-1": 2, "laser-1": 2, "laser-3": 1, "maneuver-1": 2, "photon-blast": 1, "warhammer": 1}


def _hands(bag: dict, n: int = 5):
    tokens = [k for k, c in bag.items() for _ in range(c)]
    hands = list(combinations(range(len(tokens)), n))
    return [[tokens[i] for i in h] for h in hands]


def _brute(bag: dict, pred, n: int = 5) -> Fraction:
    hands = _hands(bag, n)
    return Fraction(sum(1 for h in hands if pred(h)), len(hands))


def _state(**kw):
    return position(row=["Demo Gnat", "Demo Raider", "Demo Titan", ""], bag=BAG, stage="plans", **kw)


def test_next_draw_matches_enumeration() -> None:
    s = _state()
    d = odds.next_draw(s)
    for m, p in d.pmf().items():
        assert p == _brute(BAG, lambda h: Multiset(h) == m)


def test_laser_total_and_maneuver_count_match_enumeration() -> None:
    s = _state()
    value = {"laser-1": 1, "laser-3": 3, "photon-blast": 2}
    for x in range(0, 8):
        assert odds.laser_total(s).at_least(x) == _brute(BAG, lambda h: sum(value.get(t, 0) for t in h) >= x)
    for x in range(0, 3):
        assert odds.maneuver_count(s).p(x) == _brute(BAG, lambda h: h.count("maneuver-1") == x)


def test_p_stun_every_enemy_matches_enumeration() -> None:
    s = _state()  # 3 enemies now, the deck is empty
    def ok(h):
        return sum(2 if t == "photon-blast" else 0 if t == "energy-1" else 1 for t in h) >= 3
    assert odds.p_stun_every_enemy(s) == _brute(BAG, ok)


def test_p_destroy_counts_the_hold_and_the_draw() -> None:
    s = _state(hold={"laser-1": 1})  # Raider: hull 4
    value = {"laser-1": 1, "laser-3": 3, "photon-blast": 2}
    expected = _brute(BAG, lambda h: "warhammer" in h or 1 + sum(value.get(t, 0) for t in h) >= 4)
    assert odds.p_destroy(s, 2) == expected


def test_p_destroy_in_step_2_is_certain_or_impossible() -> None:
    s = position(row=["Demo Raider"], pool={"laser-3": 1, "laser-1": 1})
    assert odds.p_destroy(s, 1) == 1
    assert odds.p_destroy(s.replace(pool=Multiset({"laser-3": 1})), 1) == 0


def test_draws_left_and_p_drawn_before_warp_end() -> None:
    s = _state()
    assert odds.draws_left(s) == 1
    assert odds.p_drawn_before_warp_end(s, "laser-3") == _brute(BAG, lambda h: "laser-3" in h)
    assert odds.p_drawn_before_warp_end(s, "laser-2") == 0
    big = dict(BAG, **{"energy-2": 3})
    s2 = _state().replace(bag=Multiset(big))
    assert odds.draws_left(s2) == 2
    assert odds.p_drawn_before_warp_end(s2, "warhammer") == _brute(big, lambda h: "warhammer" in h, 10)


def test_attack_damage_counts_arrivals_and_mothership_conditions() -> None:
    s = _state()
    s = s.replace(enemy_deck=(s.enemy_deck[0].shuffle_in(["Demo Gnat", "Demo Skiff"]),) + s.enemy_deck[1:])
    # Row Gnat 1 + Raider 2 + Titan 4; slot 4 refills with Gnat (1) or Skiff (2), row full: no section fires.
    assert odds.attack_damage(s).pmf() == {8: Fraction(1, 2), 9: Fraction(1, 2)}
    assert odds.expected_shield_damage(s.replace(shields=8)) == 8
    assert odds.expected_shield_damage(s.replace(shields=9)) == Fraction(17, 2)
    assert odds.p_hull_destroyed(s.replace(shields=4, hull=5)) == Fraction(1, 2)


def test_attack_damage_without_arrivals_adds_the_sections() -> None:
    s = position(row=["Demo Gnat", "", "", ""])
    # Gnat 1; a slot is empty: Port Battery 1 and Reactor Core 2 attack.
    assert odds.attack_damage(s).pmf() == {4: Fraction(1)}
