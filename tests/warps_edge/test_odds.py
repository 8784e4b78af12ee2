"""Odds on the live position, each checked against brute-force enumeration of the bag."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from tests.warps_edge.we_helpers import position

from explorer import Deck, Multiset
from explorer.games.warps_edge import odds
from explorer.games.warps_edge.state import SkillCard

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
        # Without the Warhammer: one enemy per laser or maneuver, two per Photon Blast. With it (seed §5:
        # "cannot stun others with lasers this turn", whatever the order): one destroyed, plus the maneuvers.
        plain = sum(2 if t == "photon-blast" else 0 if t in ("energy-1", "warhammer") else 1 for t in h)
        hammer = 1 + h.count("maneuver-1") if "warhammer" in h else 0
        return max(plain, hammer) >= 3
    assert odds.p_stun_every_enemy(s) == _brute(BAG, ok)


# --- brute force through the rules themselves: every line of play in the next step 2 ---------------------
_PLAY = ("fire", "maneuver", "use", "take", "rupture", "gain", "remove", "return")


def _can_reach(state, goal, kinds=_PLAY, skip=lambda st, a: False) -> bool:
    """Whether some sequence of the pilot's actions of these kinds reaches ``goal`` (rewards that draw: no)."""
    seen: dict = {}

    def rec(st) -> bool:
        if st in seen:
            return seen[st]
        seen[st] = False
        ok = goal(st) or (not st.is_terminal() and not st.is_chance() and any(
            rec(st.apply(a)) for a in st.legal_actions() if a.kind in kinds and not skip(st, a)))
        seen[st] = ok
        return ok

    return rec(state)


def _by_play(state, goal, **kw) -> Fraction:
    """P(goal reachable) over the next draw of 5 from the bag, the hold joining the pool."""
    bag = state.bag
    return odds.next_draw(state).p(lambda m: _can_reach(
        state.replace(stage="actions", pool=m + state.hold, hold=Multiset(), bag=bag - m), goal, **kw))


def _all_stunned(st) -> bool:
    return all(t.stunned or not t.card for t in st.row)


_BIG = ["Demo Titan", "Demo Colossus", "Demo Hydra"]  # hull 7-8: no laser of one draw destroys them by itself


def test_p_stun_every_enemy_counts_rupture_and_the_warhammer_turn_by_play() -> None:
    """Rupture's 4 value-1 tokens stun; after a Warhammer lasers stun nothing (seed §5)."""
    s = position(row=_BIG + ["Demo Titan"], stage="plans", hold={"laser-1": 1},
                 bag={"energy-1": 2, "laser-1": 2, "maneuver-1": 1, "photon-blast": 1, "warhammer": 1, "rupture": 1})
    assert odds.p_stun_every_enemy(s) == _by_play(s, _all_stunned) == Fraction(53, 56)


def test_p_stun_every_enemy_needs_adjacent_enemies_for_a_photon_blast() -> None:
    """§5 Photon Blast: "two adjacent targets" — two enemies in slots 1 and 3 cannot share one."""
    s = position(row=["Demo Titan", "", "Demo Colossus", ""], stage="plans",
                 bag={"energy-1": 3, "laser-1": 1, "maneuver-1": 1, "photon-blast": 2})
    s = s.replace(enemy_deck=(Deck(), Deck(), Deck()))
    assert odds.p_stun_every_enemy(s) == _by_play(s, _all_stunned) == Fraction(10, 21)


def test_p_stun_every_enemy_in_the_variant_by_play() -> None:
    s = position("review_red_blue_stun_only", row=_BIG, stage="plans",
                 bag={"laser-1": 2, "demo-decoy": 2, "maneuver-1": 1, "warhammer": 1, "photon-blast": 1, "rupture": 1})
    s = s.replace(enemy_deck=(Deck(), Deck(), Deck()))
    assert odds.p_stun_every_enemy(s) == _by_play(s, _all_stunned)


def test_enemies_next_turn_in_step_2_counts_the_refill() -> None:
    """§4 step 1: the next step 2 starts after the empty slots refill from the deck."""
    s = position(row=["Demo Titan", "", "Demo Colossus", ""])
    s = s.replace(enemy_deck=(Deck.shuffled(["Demo Gnat"]), Deck(), Deck()))
    assert odds.next_row(s) == (True, True, True, False) and odds.enemies_next_turn(s) == 3


def _destroyed(slot):
    def goal(st):
        return not st.row[slot - 1].card
    return goal


def _evades(st, a) -> bool:
    return a.kind == "maneuver" or (a.kind == "use" and st.token(a.args[0]).counts_as == "maneuver")


def test_p_destroy_counts_rupture_and_enhance() -> None:
    """§5 Rupture gives 4 value-1 tokens (lasers here) and Enhance raises each laser: 1 + 4 -> 2 x 5 = 10 >= 8."""
    s = position(row=["Demo Titan", "Demo Colossus"], pool={"rupture": 1, "enhance": 1, "laser-1": 1})
    assert odds.p_destroy(s, 1) == 1
    assert _can_reach(s, _destroyed(1), skip=_evades)


def test_p_destroy_photon_blast_needs_a_neighbouring_enemy() -> None:
    """§5 Photon Blast hits two adjacent targets: a Raider (hull 4) alone in slot 2 gets no 2 lasers from it."""
    s = position(row=["", "Demo Raider", "", "Demo Gnat"], pool={"photon-blast": 1, "laser-2": 1})
    assert odds.p_destroy(s, 2) == 0
    assert not _can_reach(s, _destroyed(2), skip=_evades)
    s2 = position(row=["", "Demo Raider", "", ""], stage="plans",
                  bag={"photon-blast": 1, "laser-3": 1, "laser-2": 1, "enhance": 1, "energy-1": 2})
    s2 = s2.replace(enemy_deck=(Deck(), Deck(), Deck()))
    assert odds.p_destroy(s2, 2) == _by_play(s2, _destroyed(2), skip=_evades) == Fraction(2, 3)


def test_next_draw_population_includes_tokens_paid_towards_a_skill() -> None:
    """§4: unfinished skill payments go to the discard at the end of step 2, so they are in the reset bag
    (every section stunned and no enemy, so step 3 removes nothing)."""
    s = position(pool={"laser-1": 1}, bag={"energy-1": 2}, calm=True)
    s = s.replace(skills=(SkillCard("Demo Quick Reload", Multiset({"laser-1": 1})),))
    assert odds.next_draw_population(s) == Multiset({"energy-1": 2, "laser-1": 2})


def test_attack_damage_during_step_3_counts_only_the_attackers_still_to_come() -> None:
    """§4 step 3: at a shield-damage choice after the Titan's attack, only the Gnat (1) is still to attack."""
    s = position(row=["Demo Titan", "Demo Gnat"], discard={"laser-1": 3, "energy-1": 3}, bag={"energy-1": 5},
                 calm=True)
    s = s.apply("end actions")
    assert s.pending and s.attack_index == 1 and s.shields == 4
    assert odds.attack_damage(s).pmf() == {1: Fraction(1)}


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
