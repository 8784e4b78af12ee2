"""Seed §4 Gameplay flow and §5 core mechanics, one rule per test."""

from __future__ import annotations

import pytest
from tests.warps_edge.we_helpers import play, position

from explorer import Multiset
from explorer.errors import IllegalActionError
from explorer.games.warps_edge.state import Target


def test_arrivals_refill_empty_slots_left_to_right_without_sliding() -> None:
    """§4 step 1: refill the leftmost empty slot from the top of the deck; cards never slide."""
    s = position(row=["", "Demo Gnat", "", ""], stage="arrivals")
    s = s.replace(enemy_deck=(s.enemy_deck[0].shuffle_in(["Demo Midge"]),) + s.enemy_deck[1:])
    assert [str(a) for a, _ in s.chance_outcomes()] == ["Demo Midge arrives in slot 1"]
    s = s.apply("Demo Midge arrives in slot 1")
    assert [t.card for t in s.row] == ["Demo Midge", "Demo Gnat", "", ""]
    assert s.stage == "actions"  # empty deck: as many as possible


def test_fire_laser_stuns_and_destroys_when_total_reaches_hull() -> None:
    """§4 Fire Lasers: a laser stuns; laser total >= hull destroys; tokens go to the discard."""
    s = position(row=["Demo Raider"], pool={"laser-2": 2}, calm=True)  # hull 4
    s = s.apply("fire laser-2 at slot 1")
    assert s.row[0].stunned and s.row[0].lasers == 2
    s = s.apply("fire laser-2 at slot 1")
    assert not s.row[0].card and s.discard == Multiset({"laser-2": 2})
    assert s.bag.count("laser-2") == 1  # destroy reward: gain laser-2 into the bag


def test_maneuvers_evade_when_total_reaches_speed_and_give_the_evade_reward() -> None:
    """§4 Perform Maneuvers: value 1 each; total >= speed evades; evade reward."""
    s = position(row=["Demo Dart"], pool={"maneuver-1": 2})  # speed 2, evade reward shields 1
    s = s.replace(shields=5)
    s = play(s, "maneuver at slot 1", "maneuver at slot 1")
    assert not s.row[0].card and s.shields == 6 and s.defeated == Multiset({"Demo Dart": 1})


def test_repair_gives_twice_the_energy_value_up_to_max() -> None:
    """§4 Repair Shields: +2 shields per energy point, never above the maximum."""
    s = position(pool={"energy-2": 1, "energy-1": 2}).replace(shields=3)
    s = s.apply("repair with energy-2")
    assert s.shields == 7
    s = s.apply("repair with energy-1")
    assert s.shields == 8
    with pytest.raises(IllegalActionError, match="already at their maximum"):
        s.apply("repair with energy-1")


def test_buy_total_cost_at_most_energy_spent_and_new_tokens_go_to_the_bag() -> None:
    """§4 Buy Tokens: discard energy; total cost <= energy spent; new tokens into the bag."""
    s = position(pool={"energy-3": 1, "energy-1": 1}, bag={})
    s = s.apply("spend energy-3 on buying")
    with pytest.raises(IllegalActionError, match="costs 5 but only 3"):
        s.apply("buy laser-3")
    s = play(s, "buy laser-2")
    assert s.bag == Multiset({"laser-2": 1}) and s.credit == 0 and s.discard == Multiset({"energy-3": 1})


def test_warhammer_destroys_and_lasers_no_longer_stun_other_targets() -> None:
    """§5 Warhammer: instantly destroy one enemy; lasers cannot stun other targets this turn."""
    s = position(row=["Demo Titan", "Demo Gnat"], pool={"warhammer": 1, "laser-1": 1, "maneuver-1": 1})
    s = s.apply("use warhammer at slot 1")
    assert not s.row[0].card and s.pending == () and s.bag.count("laser-3") == 1
    s = s.apply("fire laser-1 at section 1")
    assert not s.sections[0].stunned and s.sections[0].above == Multiset({"laser-1": 1})
    s = s.apply("maneuver at slot 2")  # the Gnat's speed is 1: evaded
    assert not s.row[1].card


def test_rupture_is_removed_and_gives_4_value_1_tokens_chosen_by_the_pilot() -> None:
    """§5 Rupture: removed from the game; gain 4 value-1 energy/laser/maneuver tokens into the pool."""
    s = position(pool={"rupture": 1})
    s = s.apply("use rupture")
    assert s.removed == Multiset({"rupture": 1})
    s = play(s, "gain laser-1 from Rupture", "gain laser-1 from Rupture", "gain maneuver-1 from Rupture",
             "gain energy-1 from Rupture")
    assert s.pool == Multiset({"laser-1": 2, "maneuver-1": 1, "energy-1": 1}) and not s.pending


def test_enhance_upgrades_energy_and_laser_tokens_in_the_pool() -> None:
    """§5 Enhance: each energy and laser token in the pool goes up one value (exchanged with the supply)."""
    s = play(position(pool={"enhance": 1, "laser-1": 1, "energy-2": 1, "maneuver-1": 1}), "use enhance")
    assert s.pool == Multiset({"laser-2": 1, "energy-3": 1, "maneuver-1": 1})


def test_hold_keeps_tokens_through_end_of_step_and_its_size_is_limited() -> None:
    """§5 Hold: limited storage; tokens in the hold stay when the pool goes to the discard."""
    s = position(row=["Demo Gnat"], pool={"laser-2": 1, "laser-1": 1}, calm=True, bag={"energy-1": 5})
    s = s.apply("store laser-2 in hold")
    with pytest.raises(IllegalActionError, match="hold is full"):
        s.apply("store laser-1 in hold")
    s = s.apply("end actions")
    assert s.hold == Multiset({"laser-2": 1})


def test_stunned_enemy_skips_its_attack_and_tokens_move_above() -> None:
    """§4 step 3: a stunned enemy skips; then its tokens move above it (no longer stunned)."""
    s = position(row=["Demo Titan"], pool={"laser-1": 1}, calm=True, bag={"energy-1": 5})
    s = play(s, "fire laser-1 at slot 1", "end actions")
    assert s.shields == 8 and not s.row[0].stunned and s.row[0].above == Multiset({"laser-1": 1})


def test_damage_comes_off_shields_then_hull_and_hull_zero_loses_at_once() -> None:
    """§4 step 3 and §6: shields first, then hull; hull 0 ends the game at once."""
    s = position(row=["Demo Titan", "Demo Colossus"], calm=True).replace(shields=3, hull=5)
    s = s.apply("end actions")
    assert s.is_terminal() and s.hull == 0 and "hull reached 0" in s.result().reason


def test_winning_is_immediate_when_the_last_section_falls() -> None:
    """§6: win at once when all sections are defeated."""
    s = position(row=["Demo Gnat"], pool={"energy-3": 1})
    s = s.replace(sections=(Target("Demo Port Battery", defeated=True), Target("Demo Drive Pylons", defeated=True),
                            Target("Demo Reactor Core")))
    s = s.apply("charge energy-3 at section 3")
    assert s.is_terminal() and s.result().winners == (0,)


def test_core_section_is_targetable_only_after_the_others() -> None:
    """§5 Mothership sections: conditions (demo: the Reactor Core after the other sections)."""
    s = position(pool={"energy-3": 1})
    with pytest.raises(IllegalActionError, match="only after the other sections"):
        s.apply("charge energy-3 at section 3")


def test_variant_power_tokens_that_count_as_neither_do_not_stun() -> None:
    """Variant review_red_blue_stun_only: Demo Decoy stuns in the seed's reading but not in the variant."""
    seed = play(position(row=["Demo Titan"], pool={"demo-decoy": 1}), "use demo-decoy at slot 1")
    review = play(position("review_red_blue_stun_only", row=["Demo Titan"], pool={"demo-decoy": 1}),
                  "use demo-decoy at slot 1")
    assert seed.row[0].stunned and not review.row[0].stunned
    pb = play(position("review_red_blue_stun_only", row=["Demo Titan", "Demo Gnat"], pool={"photon-blast": 1}),
              "use photon-blast at slots 1-2")
    assert pb.row[0].stunned


def test_refusals_name_the_reason() -> None:
    """Illegal is loud: the message names the action and why."""
    s = position(row=["Demo Gnat"], pool={"laser-1": 1})
    with pytest.raises(IllegalActionError, match="Laser 3 is not in the pool"):
        s.apply("fire laser-3 at slot 1")
    with pytest.raises(IllegalActionError, match="slot 2 of the enemy row is empty"):
        s.apply("fire laser-1 at slot 2")


def test_warhammer_without_a_target_says_how_to_use_it() -> None:
    """Illegal is loud: 'use warhammer' with no slot names the rule (one enemy), not an empty target ''."""
    s = position(row=["Demo Gnat"], pool={"warhammer": 1})
    with pytest.raises(IllegalActionError, match=r"step 2: pilot actions: Warhammer is used on one enemy: "
                                                 r"'use Warhammer at slot N'"):
        s.apply("use warhammer")


def test_the_turn_in_which_a_warp_ends_keeps_its_label_through_the_step_4_draw() -> None:
    """§4 step 4 and the FAQ: the warp ends *during* step 4 when the bag cannot supply 5; the draw that
    closes the turn comes from the new warp's bag (RULES.md "End of a warp": the turn goes on with the
    step-4 draw). The whole turn is one turn: the log and the turn slider group it under one label."""
    s = position(pool={"laser-1": 1}, bag={"energy-1": 2}, discard={"maneuver-1": 3}, calm=True)
    ended = s.apply("end actions")  # step 3 (nothing attacks), step 4: 2 in the bag, warp 1 ends
    assert (ended.stage, ended.warp, ended.turn, len(ended.bag)) == ("plans", 2, 1, 6)
    assert s.turn_label() == ended.turn_label() == "Turn 1"
    drawn = ended.apply(ended.chance_outcomes()[0][0])  # the step-4 draw ends turn 1
    assert (drawn.stage, drawn.warp, drawn.turn_label()) == ("actions", 2, "Turn 2")
