"""Seed §4-§6 rules not covered elsewhere: rewards, ongoing effects, power-token limits,
finite supply, shield damage, mothership attacks and the immediate end of the game.
One rule per test, exact values; each docstring cites the seed section."""

from __future__ import annotations

import pytest
from tests.warps_edge.we_helpers import play, position

from explorer import Multiset
from explorer.errors import IllegalActionError
from explorer.games.warps_edge.state import EMPTY, SkillCard, Target


def _legal(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _ongoing(name: str, **kw):
    """A position where the ongoing skill ``name`` is already in effect (paid and used earlier)."""
    return position(**kw).replace(skills=(SkillCard(name, EMPTY, True, True),))


# --- rewards (§5 Rewards) -------------------------------------------------------
def test_reward_gain_a_skill_card_draws_the_top_skill_ready_to_activate() -> None:
    """§5 Rewards "Gain a skill card": the Hound (hull 5) gives the top card of the skill deck (unknown order)."""
    s = position(row=["Demo Hound"], pool={"laser-3": 1, "laser-2": 1, "energy-1": 2})
    s = play(s, "fire laser-3 at slot 1", "fire laser-2 at slot 1")
    assert s.is_chance() and len(s.chance_outcomes()) == 18
    s = s.apply("gain skill Demo Shield Surge")
    assert s.skills == (SkillCard("Demo Shield Surge"),) and len(s.skill_deck) == 17
    assert "assign energy-1 to Demo Shield Surge" in _legal(s)


def test_reward_return_2_tokens_from_discard_to_bag_is_the_pilots_choice() -> None:
    """§5 Rewards "Return 2 tokens from discard to bag": the Speck (recover 2); the pilot picks which two."""
    s = position(row=["Demo Speck"], pool={"laser-2": 1}, discard={"laser-1": 1, "energy-1": 2}, bag={})
    s = s.apply("fire laser-2 at slot 1")  # the laser-2 is in the discard before the reward resolves
    assert _legal(s) == ["return energy-1 to the bag", "return laser-1 to the bag", "return laser-2 to the bag"]
    s = play(s, "return laser-2 to the bag", "return energy-1 to the bag")
    assert s.bag == Multiset({"laser-2": 1, "energy-1": 1})
    assert s.discard == Multiset({"laser-1": 1, "energy-1": 1}) and not s.pending


def test_reward_return_tokens_takes_as_many_as_the_discard_has() -> None:
    """§5 Rewards "Return 2 tokens": with only the used laser in the discard, that one returns."""
    s = play(position(row=["Demo Speck"], pool={"laser-2": 1}, bag={}), "fire laser-2 at slot 1")
    assert s.bag == Multiset({"laser-2": 1}) and not s.discard and not s.pending


def test_reward_gain_token_is_limited_by_the_supply() -> None:
    """§5 Tokens, Supply: "Source for ... gaining tokens" — an empty supply gives nothing."""
    s = position(row=["Demo Gnat"], pool={"laser-2": 1}, bag={})  # Gnat: gain laser-1
    s = s.replace(supply=s.supply.remove("laser-1", s.supply.count("laser-1")))
    s = s.apply("fire laser-2 at slot 1")
    assert s.bag == EMPTY and not s.pending


# --- ongoing effects (§4 Ongoing Skills; demo effect kinds) -----------------------
def test_ongoing_armor_reduces_every_attack() -> None:
    """§4 Ongoing Skills, demo "armor 1": the Titan (attack 4) deals 3."""
    s = _ongoing("Demo Armor Plating", row=["Demo Titan"], bag={"laser-1": 5}, calm=True)
    assert s.apply("end actions").shields == 8 - 3


def test_ongoing_hold_increases_the_hold_size() -> None:
    """§4 Ongoing Skills, demo "hold +1": the Kestrel's hold of 1 holds 2."""
    s = _ongoing("Demo Cargo Expansion", pool={"laser-1": 2, "laser-2": 1})
    s = play(s, "store laser-1 in hold", "store laser-1 in hold")
    assert s.hold_size == 2 and s.hold == Multiset({"laser-1": 2})
    with pytest.raises(IllegalActionError, match=r"hold is full \(2 of 2\)"):
        s.apply("store laser-2 in hold")


def test_ongoing_repair_adds_shields_per_energy_point() -> None:
    """§4 Repair Shields gives twice the energy; demo ongoing "repair +1" makes it three times."""
    s = _ongoing("Demo Nanite Repair", pool={"energy-2": 1}).replace(shields=1)
    assert s.apply("repair with energy-2").shields == 1 + 2 * 3


def test_ongoing_buy_credit_adds_to_each_energy_spent() -> None:
    """§4 Buy Tokens, demo ongoing "buy credit +1": spending an energy-1 gives 2 credit."""
    s = _ongoing("Demo Trade Protocol", pool={"energy-1": 1})
    s = s.apply("spend energy-1 on buying")
    assert s.credit == 2 and "buy energy-1" in _legal(s)


def test_ongoing_max_shields_raises_the_cap() -> None:
    """§4 Ongoing Skills, demo "max shields +2": the Kestrel's 8 shields can be repaired to 10."""
    s = _ongoing("Demo Capacitor Bank", pool={"energy-3": 1})
    assert s.apply("repair with energy-3").shields == 10


# --- power tokens (§5 Power Tokens) ---------------------------------------------
def test_warhammer_lasers_fired_at_other_enemies_do_not_stun_this_turn() -> None:
    """§5 Warhammer: "cannot stun others with lasers this turn" — the lasered Raider still attacks (2)."""
    s = position(row=["Demo Titan", "Demo Raider"], pool={"warhammer": 1, "laser-1": 1}, bag={"energy-1": 5},
                 calm=True)
    s = play(s, "use warhammer at slot 1", "fire laser-1 at slot 2")
    assert not s.row[1].stunned and s.row[1].lasers == 1 and s.row[1].above == Multiset({"laser-1": 1})
    assert s.apply("end actions").shields == 8 - 2


def test_warhammer_photon_blast_counts_as_lasers_and_does_not_stun_either() -> None:
    """§5 Warhammer: Photon Blast "counts as 2 lasers", so after a Warhammer it does not stun."""
    s = position(row=["Demo Gnat", "Demo Titan", "Demo Colossus"], pool={"warhammer": 1, "photon-blast": 1})
    s = play(s, "use warhammer at slot 1", "use photon-blast at slots 2-3")
    assert (s.row[1].lasers, s.row[2].lasers) == (2, 2) and not s.row[1].stunned and not s.row[2].stunned


def test_warhammer_maneuvers_still_stun() -> None:
    """§5 Warhammer restricts lasers only: a maneuver still stuns the Titan (speed 3)."""
    s = play(position(row=["Demo Gnat", "Demo Titan"], pool={"warhammer": 1, "maneuver-1": 1}),
             "use warhammer at slot 1", "maneuver at slot 2")
    assert s.row[1].stunned


def test_warhammer_restriction_ends_with_the_turn() -> None:
    """§5 Warhammer: "this turn" — in the next turn lasers stun again."""
    s = position(row=["Demo Gnat", "Demo Titan"], pool={"warhammer": 1}, bag={"laser-1": 5}, calm=True)
    s = play(s, "use warhammer at slot 1", "end actions")
    assert not s.warhammer
    s = play(s, "draw 5x laser-1", "fire laser-1 at slot 2")
    assert s.row[1].stunned


def test_warhammer_after_lasers_takes_their_stun_away_for_the_whole_turn() -> None:
    """§5 Warhammer: "cannot stun others with lasers this turn" — a laser fired *before* the Warhammer
    moves above the Raider, which attacks (2); the order of play is no way round the restriction."""
    s = position(row=["Demo Titan", "Demo Raider"], pool={"warhammer": 1, "laser-1": 1}, bag={"energy-1": 5},
                 calm=True)
    s = play(s, "fire laser-1 at slot 2", "use warhammer at slot 1")
    assert not s.row[1].stunned and s.row[1].lasers == 1 and s.row[1].above == Multiset({"laser-1": 1})
    assert s.apply("end actions").shields == 8 - 2


def test_warhammer_after_a_photon_blast_unstuns_both_of_its_targets() -> None:
    """§5 Warhammer: Photon Blast "counts as 2 lasers", so a Photon Blast played earlier in the turn stops
    stunning both targets (its second target holds no token: the stun is a mark)."""
    s = position(row=["Demo Gnat", "Demo Titan", "Demo Colossus"], pool={"warhammer": 1, "photon-blast": 1},
                 bag={"energy-1": 5}, calm=True)
    s = s.apply("use photon-blast at slots 2-3")
    assert s.row[2].stunned and s.row[2].marks == Multiset({"photon-blast": 1})
    s = s.apply("use warhammer at slot 1")
    assert not s.row[1].stunned and not s.row[2].stunned and (s.row[1].lasers, s.row[2].lasers) == (2, 2)
    assert s.apply("end actions").shields == 0 and s.hull == 8  # Titan 4 + Colossus 4


def test_warhammer_keeps_the_stuns_that_are_not_lasers() -> None:
    """§5 Warhammer restricts lasers only: a target with a maneuver below it as well stays stunned,
    and so do the enemies a skill stunned."""
    s = position(row=["Demo Gnat", "Demo Titan", "Demo Colossus"],
                 pool={"warhammer": 1, "laser-1": 1, "maneuver-1": 1}, bag={"energy-1": 5}, calm=True)
    s = play(s, "fire laser-1 at slot 2", "maneuver at slot 2")
    skill_stun = Target("Demo Colossus", stunned=True, marks=Multiset({"skill": 1}))
    s = s.replace(row=(s.row[0], s.row[1], skill_stun, Target()))
    s = s.apply("use warhammer at slot 1")
    assert s.row[1].stunned and s.row[1].below == Multiset({"maneuver-1": 1})
    assert s.row[1].above == Multiset({"laser-1": 1}) and s.row[2].stunned
    assert s.apply("end actions").shields == 8


def test_photon_blast_hits_two_adjacent_targets_only() -> None:
    """§5 Photon Blast: "two adjacent targets" — slots 1 and 3 are not adjacent across an empty slot 2."""
    s = position(row=["Demo Titan", "", "Demo Colossus", "Demo Hydra"], pool={"photon-blast": 1})
    pb = [a for a in _legal(s) if a.startswith("use photon-blast")]
    assert pb == ["use photon-blast at slots 3-4", "use photon-blast at sections 1-2"]
    with pytest.raises(IllegalActionError, match="two adjacent targets"):
        s.apply("use photon-blast at slots 1-3")
    with pytest.raises(IllegalActionError, match="slot 2 of the enemy row is empty"):
        s.apply("use photon-blast at slots 1-2")


def test_photon_blast_at_the_row_edge_has_no_fifth_slot() -> None:
    """§5 Photon Blast: slot 4 pairs only with slot 3; "slots 4-5" is refused, "slots 3-4" hits both for 2."""
    s = position(row=["", "", "Demo Titan", "Demo Hydra"], pool={"photon-blast": 1})
    with pytest.raises(IllegalActionError, match="there is no slot 5"):
        s.apply("use photon-blast at slots 4-5")
    s = s.apply("use photon-blast at slots 3-4")
    assert (s.row[2].lasers, s.row[3].lasers) == (2, 2) and s.row[2].stunned and s.row[3].stunned


def test_enhance_cannot_raise_laser_3_or_energy_3() -> None:
    """§5 Enhance: "to next value" — laser-3 and energy-3 are the top values, so they stay."""
    s = play(position(pool={"enhance": 1, "laser-3": 1, "energy-3": 1, "laser-2": 1}), "use enhance")
    assert s.pool == Multiset({"laser-3": 2, "energy-3": 1})


def test_enhance_is_refused_when_nothing_can_go_up() -> None:
    """§5 Enhance: with only top-value tokens in the pool there is nothing to upgrade."""
    s = position(pool={"enhance": 1, "laser-3": 1, "maneuver-1": 1})
    assert "use enhance" not in _legal(s)
    with pytest.raises(IllegalActionError, match="can be upgraded"):
        s.apply("use enhance")


def test_enhance_is_limited_by_the_supply() -> None:
    """§5 Enhance exchanges with the supply: with one laser-2 left, only one of two laser-1 goes up."""
    s = position(pool={"enhance": 1, "laser-1": 2})
    s = s.replace(supply=s.supply.remove("laser-2", s.supply.count("laser-2") - 1))
    assert s.apply("use enhance").pool == Multiset({"laser-1": 1, "laser-2": 1})


def test_rupture_gains_only_as_many_tokens_as_the_supply_has() -> None:
    """§5 Rupture: "gain 4 value-1 tokens" — with 2 value-1 tokens left in the supply, the pilot gets 2."""
    s = position(pool={"rupture": 1})
    s = s.replace(supply=Multiset({"laser-1": 1, "maneuver-1": 1, "laser-2": 3}))
    s = play(s, "use rupture", "gain laser-1 from Rupture")
    assert s.pool == Multiset({"laser-1": 1, "maneuver-1": 1}) and not s.pending  # the last one needed no choice
    assert s.supply == Multiset({"laser-2": 3}) and s.removed == Multiset({"rupture": 1})


# --- buying and repairing (§4 Step 2) ----------------------------------------------
def test_buying_is_limited_by_the_finite_supply() -> None:
    """§4 Buy Tokens: "Gain new tokens from supply" — a kind the supply has run out of cannot be bought."""
    s = position(pool={"energy-3": 2})
    s = s.replace(supply=s.supply.remove("laser-2", s.supply.count("laser-2") - 1))
    s = play(s, "spend energy-3 on buying", "spend energy-3 on buying", "buy laser-2")
    assert "buy laser-2" not in _legal(s) and s.credit == 3
    with pytest.raises(IllegalActionError, match="no Laser 2 left in the supply"):
        s.apply("buy laser-2")


def test_repair_is_capped_at_the_maximum() -> None:
    """§4 Repair Shields: "Cannot exceed max" — an energy-3 (6 shields) at 5 of 8 gives 8."""
    s = position(pool={"energy-3": 1}).replace(shields=5)
    assert s.apply("repair with energy-3").shields == 8


def test_shields_power_token_is_capped_at_the_maximum() -> None:
    """§4 Repair Shields "Cannot exceed max" applies to the demo shields token too (Kestrel Barrier, 3)."""
    s = position(pool={"kestrel-barrier": 1}).replace(shields=7)
    assert s.apply("use kestrel-barrier").shields == 8


# --- enemy attacks (§4 Step 3) -------------------------------------------------------
def test_shield_damage_removes_as_many_discard_tokens_as_possible() -> None:
    """§4 step 3.3: one discard token per shield point; "If not enough, remove as many as possible"."""
    s = position(row=["Demo Titan"], discard={"laser-1": 2}, bag={"energy-1": 5}, calm=True)
    s = s.apply("end actions")  # Titan: 4 shield damage, 2 tokens in the discard
    assert s.shields == 4 and s.removed == Multiset({"laser-1": 2}) and not s.discard


def test_only_shield_damage_removes_tokens_not_hull_damage() -> None:
    """§4 step 3.3: "For each point of shield damage" — 2 to shields, 2 to hull: 2 tokens removed."""
    s = position(row=["Demo Titan"], discard={"laser-1": 4}, bag={"energy-1": 5}, calm=True).replace(shields=2)
    s = s.apply("end actions")
    assert (s.shields, s.hull) == (0, 6) and s.removed == Multiset({"laser-1": 2})


def test_mothership_sections_attack_only_when_their_condition_holds() -> None:
    """§5 Mothership Sections: "Some motherships have conditions to attack" — a full row: no section attacks."""
    s = position(row=["Demo Gnat"] * 4, bag={"energy-1": 5})
    assert s.apply("end actions").shields == 8 - 4  # four Gnats; the sections need an empty slot


def test_mothership_sections_attack_after_enemies_when_a_slot_is_empty() -> None:
    """§4 step 3: "Mothership attacks ... after all enemy attacks" — Port Battery 1 + Reactor Core 2 (slot empty)."""
    s = position(row=["Demo Gnat"], bag={"energy-1": 5})
    assert s.apply("end actions").shields == 8 - 1 - 1 - 2  # Drive Pylons wait for an empty row


def test_mothership_section_with_no_enemies_condition_attacks_on_an_empty_row() -> None:
    """§5: Drive Pylons attacks only while the enemy row is empty: 1 + 1 + 2."""
    s = position(row=[], bag={"energy-1": 5})
    assert s.apply("end actions").shields == 8 - 4


def test_stunned_mothership_section_does_not_attack() -> None:
    """§5 Stun "Prevents attack": a maneuver stuns the Port Battery; only the Gnat (1) and Reactor Core (2) hit."""
    s = position(row=["Demo Gnat"], pool={"maneuver-1": 1}, bag={"energy-1": 5})
    s = play(s, "maneuver at section 1", "end actions")
    assert s.shields == 8 - 1 - 2


# --- the end of the game (§6: "Do not complete current turn") ------------------------
def test_win_ends_the_game_without_completing_the_turn() -> None:
    """§6: win at once; the pool is not discarded and the Titan never attacks."""
    s = position(row=["Demo Titan"], pool={"energy-3": 1, "laser-3": 1})
    s = s.replace(sections=(Target("Demo Port Battery", defeated=True), Target("Demo Drive Pylons", defeated=True),
                            Target("Demo Reactor Core")))
    s = s.apply("charge energy-3 at section 3")
    assert s.is_terminal() and s.result().winners == (0,)
    assert s.stage == "actions" and s.pool == Multiset({"laser-3": 1}) and s.shields == 8


def test_hull_loss_ends_the_game_without_completing_the_turn() -> None:
    """§6: hull 0 loses at once; the attackers after it (and the sections, and the draw) never act."""
    s = position(row=["Demo Titan", "Demo Colossus", "Demo Gnat"], bag={"energy-1": 5}).replace(shields=3, hull=5)
    s = s.apply("end actions")  # Titan: shields 3 -> 0, hull 5 -> 4; Colossus: hull 4 -> 0
    assert s.is_terminal() and s.outcome == "lost-hull" and s.hull == 0
    assert s.attack_index == 2 and s.stage == "attacks" and s.bag == Multiset({"energy-1": 5})


def test_final_warp_loss_ends_the_game_without_completing_the_turn() -> None:
    """§6: the warp marker reaching the end of its track loses at once; no draw follows."""
    s = position(row=["Demo Gnat"], pool={"maneuver-1": 1}, bag={"laser-1": 2}, calm=True).replace(warp=6)
    s = play(s, "maneuver at slot 1", "end actions")
    assert s.is_terminal() and s.outcome == "lost-warp" and s.warp == 6
    assert not s.pool and "final warp (6) ended" in s.result().reason
