"""Issue 8 §3: the odds a player would dispute, checked against brute force through the rules themselves.

* "Next draw" with fewer than 5 tokens in the bag during step 2: step 3's shield damage removes tokens
  from the discard (seed §4 step 3, "For each point of shield damage, remove one token from discard
  pile") before the warp-end reset and the draw (seed §4 step 4). The pilot chooses which; the odds
  assume the cheapest and say so.
* ``laser_total`` and ``p_destroy`` agree on Photon Blast (seed §5: "2 lasers on two adjacent
  targets"), Rupture and Enhance.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core import Multiset
from explorer.games.warps_edge import odds
from explorer.odds import Dist
from tests.warps_edge.test_odds import _by_play, _destroyed, _evades
from tests.warps_edge.we_helpers import position


def _played_next_draw(state, choose) -> Dist:
    """End step 2, resolve step 3 with ``choose`` picking each removed token, and read the real draw node."""
    st = state.apply("end actions")
    while not st.is_chance():
        assert not st.is_terminal() and st.pending and st.pending[0].kind == "remove", st.phase
        st = st.apply(choose(st))
    assert st.stage == "plans" and not st.pending, st.phase
    return Dist.from_fractions({a.args[0]: p for a, p in st.chance_outcomes()})


def _cheapest(st):
    options = [a for a in st.legal_actions() if a.kind == "remove"]
    return min(options, key=lambda a: (st.token(a.args[0]).cost, st.token(a.args[0]).value, a.args[0]))


def _step_2_few_tokens_left():
    """Step 2: 3 tokens in the bag, a Gnat (attack 1) and a Raider attacking, 6 tokens in the discard."""
    return position(row=["Demo Gnat", "Demo Raider"], bag={"laser-1": 1, "energy-1": 1, "maneuver-1": 1},
                    discard={"laser-2": 2, "laser-1": 2, "energy-2": 1, "maneuver-1": 1}, calm=True)


def test_step_3_shield_damage_removes_tokens_before_the_warp_end_draw() -> None:
    """Seed §4 step 3 then step 4: the discard loses one token per point of shield damage before the reset."""
    s = _step_2_few_tokens_left()
    damage = sum(s.data.enemy(t.card).attack for t in s.row if t.card)
    assert odds.step_3_removals(s) == damage == 1 + s.data.enemy("Demo Raider").attack
    expected = _played_next_draw(s, _cheapest)
    assert odds.next_draw(s) == expected
    before_the_fix = s.bag + s.discard  # the population the answer used to assume
    assert len(odds.next_draw_population(s)) == len(before_the_fix) - damage


def test_the_removal_is_the_pilots_choice_and_the_answer_says_what_it_assumes() -> None:
    s = _step_2_few_tokens_left()
    text = odds.next_draw_assumption(s)
    assert "removes 3 tokens from the discard" in text and "cheapest" in text
    assert text.endswith("cheapest: 2x laser-1, maneuver-1.")  # demo costs: laser-1 1, maneuver-1 2, the rest 3
    assert odds.next_draw_assumption(position(row=["Demo Gnat"], bag={"laser-1": 9})) == ""


def test_stunned_attackers_remove_nothing() -> None:
    """Seed §4 step 3.1: a target with tokens below it is stunned and skips its attack."""
    s = _step_2_few_tokens_left()
    stunned = s.replace(row=tuple(t.__class__(card=t.card, stunned=bool(t.card)) for t in s.row))
    assert odds.step_3_removals(stunned) == 0
    assert odds.next_draw(stunned) == _played_next_draw(stunned, _cheapest)


def test_shield_damage_beyond_the_shields_hits_the_hull_and_removes_nothing_more() -> None:
    """Seed §4 step 3.2-3.3: only shield damage removes tokens; 2 shields left means at most 2 removals."""
    s = _step_2_few_tokens_left().replace(shields=2)
    assert odds.step_3_removals(s) == 2
    assert odds.next_draw(s) == _played_next_draw(s, _cheapest)


def test_during_step_3_a_waiting_removal_and_the_attackers_still_to_come_count() -> None:
    s = _step_2_few_tokens_left().apply("end actions")
    assert s.pending and s.pending[0].kind == "remove"  # the Gnat hit: one removal waiting
    assert odds.next_draw(s) == _played_next_draw_from_step_3(s)


def _played_next_draw_from_step_3(st) -> Dist:
    while not st.is_chance():
        st = st.apply(_cheapest(st))
    return Dist.from_fractions({a.args[0]: p for a, p in st.chance_outcomes()})


# --- laser_total agrees with p_destroy -------------------------------------------------------------------
CASES = [
    # (row, bag, slot): Photon Blast with and without a neighbour, Rupture, Enhance
    (["", "Demo Raider", "", ""], {"photon-blast": 1, "laser-2": 2, "laser-1": 2, "energy-1": 2}, 2),
    (["Demo Gnat", "Demo Raider", "", ""], {"photon-blast": 1, "laser-2": 2, "laser-1": 2, "energy-1": 2}, 2),
    (["Demo Titan", "", "", ""], {"rupture": 1, "enhance": 1, "laser-1": 2, "laser-2": 1, "energy-1": 2}, 1),
    (["Demo Raider", "", "", ""], {"enhance": 2, "laser-1": 3, "energy-2": 2}, 1),
]


@pytest.mark.parametrize(("row", "bag", "slot"), CASES)
def test_laser_total_and_p_destroy_agree_with_play(row, bag, slot) -> None:
    """Seed §5: Photon Blast counts only with an adjacent second target; Rupture's 4 value-1 tokens and
    Enhance's upgrades add laser value. Brute force: every line of play of every draw."""
    s = position(row=row, bag=bag, stage="plans", calm=True)
    s = s.replace(enemy_deck=(s.enemy_deck[0].__class__(),) * 3)  # nothing arrives: the row is the row shown
    need = s.data.enemy(s.row[slot - 1].card).hull
    by_play = _by_play(s, _destroyed(slot), skip=_evades)
    assert odds.p_destroy(s, slot) == by_play
    assert odds.laser_total(s, slot).at_least(need) == by_play


def test_photon_blast_without_a_neighbour_adds_nothing_to_the_laser_total() -> None:
    s = position(row=["", "Demo Raider", "", ""], bag={"photon-blast": 1, "laser-1": 4}, stage="plans", calm=True)
    s = s.replace(enemy_deck=(s.enemy_deck[0].__class__(),) * 3)
    assert odds.laser_total(s).pmf() == {Fraction(4): Fraction(1)} or odds.laser_total(s).pmf() == {4: Fraction(1)}
    assert odds.laser_total(s).mean() == 4  # the 4 laser-1 drawn with the blast: 4, never 6
    assert Multiset({"photon-blast": 1, "laser-1": 4}) == odds.next_draw_population(s)
