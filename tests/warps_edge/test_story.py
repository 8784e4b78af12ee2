"""The story of each step-2 move (issue 7 §3; RULES.md "A turn", step 2) and the words the rules give a
token, a reward and a section condition (describe.py).

Every line is the rules' own: computed from the position before the move and the one after it, in the
game's words. Positions are set up the way a rulebook example is (``we_helpers.position``: step 2 of
turn 1, Demo Kestrel against the Demo Hive Carrier, demonstration data set); the numbers are the demo
data's (data/demo.toml: Demo Raider hull 4 speed 2, Demo Gnat hull 2, Photon Blast value 2, Demo Kestrel
Barrier shields 3, Demo Shield Surge costs 2 energy for shields 4, ...).
"""

from __future__ import annotations

from explorer import Match
from explorer.games.warps_edge.describe import (ATTACK_WORDS, CONDITION_WORDS, EFFECT_WORDS, REWARD_WORDS,
                                                TARGET_WORDS, describe_reward, describe_token)
from explorer.games.warps_edge.schema import ATTACK_WHEN, POWER_EFFECTS, TARGETABLE_WHEN
from explorer.games.warps_edge.state import SkillCard, Target
from tests.warps_edge.we_helpers import game, play, position


def line(state, text: str) -> str:
    """The story of the move typed as ``text`` (the pilot's notation) from ``state``."""
    action = state.parse_action(text)
    return state.story(action, state.apply(action))


# --- fire, maneuver, charge (RULES.md step 2: "adds its value to the target's total; stuns it") --------------
def test_fire_adds_the_laser_value_to_the_target_and_stuns_it() -> None:
    s = position(row=["Demo Gnat", "Demo Midge", "Demo Raider"], pool={"laser-2": 1})
    assert line(s, "fire laser-2 at slot 3") == "Pilot fires Laser 2 at slot 3 (Demo Raider lasers 0 → 2, stunned)"


def test_fire_at_a_laser_total_that_reaches_the_hull_destroys_the_enemy_with_its_reward() -> None:
    """Demo Glint: hull 3, destroy reward "any token" (issue 7 §3)."""
    s = position(row=["Demo Glint"], pool={"laser-3": 1}, calm=True)
    assert line(s, "fire laser-3 at slot 1") == ("Pilot fires Laser 3 at slot 1 (Demo Glint lasers 0 → 3); "
                                                 "Demo Glint destroyed by lasers — reward: gain any token")


def test_fire_after_a_warhammer_does_not_stun() -> None:
    """Seed §5 Warhammer: lasers cannot stun for the rest of the turn."""
    s = position(row=["Demo Raider"], pool={"laser-1": 1}, warhammer=True)
    assert line(s, "fire laser-1 at slot 1") == "Pilot fires Laser 1 at slot 1 (Demo Raider lasers 0 → 1)"


def test_maneuver_adds_one_maneuver_and_stuns() -> None:
    s = position(row=["Demo Raider"], pool={"maneuver-1": 1})
    assert line(s, "maneuver at slot 1") == ("Pilot maneuvers at slot 1 with Maneuver 1 "
                                             "(Demo Raider maneuvers 0 → 1, stunned)")


def test_charge_adds_energy_to_an_energy_section() -> None:
    """Demo Reactor Core: defeated by 3 energy, targetable once the other sections are defeated."""
    s = position(pool={"energy-2": 1}, sections=(Target("Demo Port Battery", defeated=True),
                                                 Target("Demo Drive Pylons", defeated=True), Target("Demo Reactor Core")))
    assert line(s, "charge energy-2 at section 3") == ("Pilot charges Energy 2 at section 3 "
                                                       "(Demo Reactor Core energy 0 → 2)")


def test_charging_the_last_section_to_its_stat_wins() -> None:
    s = position(pool={"energy-3": 1}, sections=(Target("Demo Port Battery", defeated=True),
                                                 Target("Demo Drive Pylons", defeated=True), Target("Demo Reactor Core")))
    assert line(s, "charge energy-3 at section 3") == (
        "Pilot charges Energy 3 at section 3 (Demo Reactor Core energy 0 → 3); "
        "section Demo Reactor Core defeated (damage marker); the mothership is destroyed — the Pilot wins")


# --- power tokens (RULES.md "Power tokens") ------------------------------------------------------------------
def test_use_a_laser_token_counts_as_a_laser_of_its_value() -> None:
    s = position(row=["Demo Raider"], pool={"kestrel-lance": 1})
    assert line(s, "use kestrel-lance at slot 1") == ("Pilot uses Demo Kestrel Lance at slot 1 "
                                                      "(Demo Raider lasers 0 → 3, stunned)")


def test_use_photon_blast_puts_its_value_on_two_adjacent_targets() -> None:
    """FAQ: Photon Blast stuns; the Gnat (hull 2) falls, the Raider (hull 4) does not."""
    s = position(row=["Demo Gnat", "Demo Raider"], pool={"photon-blast": 1}, calm=True)
    assert line(s, "use photon-blast at slots 1-2") == (
        "Pilot uses Photon Blast at slots 1-2 (Demo Gnat lasers 0 → 2; Demo Raider lasers 0 → 2, stunned); "
        "Demo Gnat destroyed by lasers — reward: gain Laser 1")


def test_use_warhammer_destroys_an_enemy_and_lasers_stop_stunning() -> None:
    """Seed §5: the laser fired earlier this turn moves above the Raider, which is no longer stunned."""
    s = play(position(row=["Demo Raider", "Demo Gnat"], pool={"laser-1": 1, "warhammer": 1}, calm=True),
             "fire laser-1 at slot 1")
    assert line(s, "use warhammer at slot 2") == (
        "Pilot uses Warhammer at slot 2: lasers do not stun for the rest of the turn (Demo Raider no longer stunned); "
        "Demo Gnat destroyed by a Warhammer — reward: gain Laser 1")


def test_use_a_stun_token_stuns_its_target() -> None:
    s = position(row=["Demo Raider"], pool={"demo-decoy": 1})
    assert line(s, "use demo-decoy at slot 1") == "Pilot uses Demo Decoy at slot 1 (Demo Raider stunned)"


def test_use_a_stun_token_in_the_red_blue_variant_does_not_stun() -> None:
    """RULES.md Variants: in review_red_blue_stun_only Demo Decoy does not stun."""
    s = position("review_red_blue_stun_only", row=["Demo Raider"], pool={"demo-decoy": 1})
    assert line(s, "use demo-decoy at slot 1") == ("Pilot uses Demo Decoy at slot 1 "
                                                   "(Demo Raider not stunned in this variant)")


def test_use_rupture_leaves_the_game_and_asks_for_value_1_tokens() -> None:
    s = position(pool={"rupture": 1})
    assert line(s, "use rupture") == ("Pilot uses Rupture: it leaves the game; "
                                      "pick 4 value-1 tokens of the supply for the pool")


def test_each_token_taken_for_rupture_says_how_many_are_left() -> None:
    s = play(position(pool={"rupture": 1}), "use rupture")
    assert line(s, "gain laser-1 from rupture") == ("Pilot takes Laser 1 from the supply into the pool "
                                                    "(Rupture: 3 more to pick)")


def test_use_enhance_upgrades_every_energy_and_laser_token_in_the_pool() -> None:
    s = position(pool={"enhance": 1, "energy-1": 1, "laser-2": 1, "maneuver-1": 1})
    assert line(s, "use enhance") == "Pilot uses Enhance: Laser 2 → Laser 3, Energy 1 → Energy 2 in the pool"


def test_use_a_shields_token_gains_shields() -> None:
    s = position(pool={"kestrel-barrier": 1}, shields=4)
    assert line(s, "use kestrel-barrier") == "Pilot uses Demo Kestrel Barrier: shields 4 → 7"


# --- skills (RULES.md "Skills": paying and using are separate actions) ----------------------------------------
def test_assign_pays_towards_a_skill() -> None:
    s = position(pool={"energy-1": 1}, skills=(SkillCard("Demo Field Promotion"),))
    assert line(s, "assign energy-1 to Demo Field Promotion") == ("Pilot assigns Energy 1 to Demo Field Promotion "
                                                                  "(energy 0 → 1 of 2)")


def test_assign_that_meets_the_cost_activates_the_skill() -> None:
    s = position(pool={"energy-2": 1}, skills=(SkillCard("Demo Shield Surge"),))
    assert line(s, "assign energy-2 to Demo Shield Surge") == (
        "Pilot assigns Energy 2 to Demo Shield Surge (energy 0 → 2 of 2): "
        "Demo Shield Surge is activated — use it before step 2 ends")


def test_use_skill_resolves_its_effect_and_discards_the_paid_tokens() -> None:
    s = play(position(pool={"energy-2": 1}, skills=(SkillCard("Demo Shield Surge"),), shields=2),
             "assign energy-2 to Demo Shield Surge")
    assert line(s, "use skill Demo Shield Surge") == ("Pilot uses skill Demo Shield Surge (shields 4): "
                                                      "shields 2 → 6; 1 paid token to the discard")


def test_use_an_ongoing_skill_removes_its_paid_tokens_from_the_game() -> None:
    s = play(position(pool={"energy-3": 1, "energy-1": 1}, skills=(SkillCard("Demo Armor Plating"),)),
             "assign energy-3 to Demo Armor Plating", "assign energy-1 to Demo Armor Plating")
    assert line(s, "use skill Demo Armor Plating") == (
        "Pilot uses skill Demo Armor Plating (armor 1): in effect for the rest of the game; "
        "2 paid tokens leave the game")


def test_use_a_stun_skill_stuns_every_enemy_in_the_row() -> None:
    s = play(position(row=["Demo Gnat", "", "Demo Raider"], pool={"laser-1": 1, "maneuver-1": 1},
                      skills=(SkillCard("Demo Flash Jammer"),)),
             "assign laser-1 to Demo Flash Jammer", "assign maneuver-1 to Demo Flash Jammer")
    assert line(s, "use skill Demo Flash Jammer") == ("Pilot uses skill Demo Flash Jammer (stun enemies): "
                                                      "Demo Gnat, Demo Raider stunned; 2 paid tokens to the discard")


# --- the hold (RULES.md step 2 "Hold") -------------------------------------------------------------------------
def test_store_puts_a_pool_token_in_the_hold() -> None:
    s = position(pool={"energy-1": 1})
    assert line(s, "store energy-1 in hold") == "Pilot stores Energy 1 in the hold (hold 0 → 1)"


def test_take_brings_a_hold_token_back_to_the_pool() -> None:
    s = position(hold={"laser-1": 1})
    assert line(s, "take laser-1 from hold") == "Pilot takes Laser 1 from the hold into the pool (hold 1 → 0)"


def test_no_move_of_a_played_game_falls_back_to_its_notation() -> None:
    """Every kind of move has its own line: none reads "Pilot: <notation>" (seeded games, both variants)."""
    kinds = set()
    for seed in range(6):
        g = game("review_red_blue_stun_only" if seed % 2 else None)
        fighter = g.data.starfighters[seed % len(g.data.starfighters)].name
        m = Match(g.initial_state(starfighter=fighter), seed=seed)
        m.play("heuristic" if seed % 3 else "random", max_steps=150)
        for s in m.states[::4]:
            if s.is_terminal() or s.is_chance():
                continue
            for a in s.legal_actions():
                kinds.add(a.kind)
                assert not s.story(a, s.apply(a)).startswith("Pilot:"), a
    assert {"fire", "maneuver", "use", "store", "end"} <= kinds


# --- the words for a token, a reward and a section condition (describe.py) -------------------------------------
def test_every_effect_reward_and_condition_kind_has_words() -> None:
    """Every kind the schema allows (schema.POWER_EFFECTS, ATTACK_WHEN, TARGETABLE_WHEN, Reward kinds)."""
    assert set(EFFECT_WORDS) == set(POWER_EFFECTS)
    assert set(ATTACK_WORDS) == set(ATTACK_WHEN) and set(TARGET_WORDS) == set(TARGETABLE_WHEN)
    assert CONDITION_WORDS == {"attack_when": ATTACK_WORDS, "targetable_when": TARGET_WORDS}
    assert set(REWARD_WORDS) == {"gain", "shields", "draw", "recover", "any", "skill", "stun", "armor", "hold",
                                 "max shields", "repair", "buy credit"}  # schema.Reward kinds


def test_tokens_and_rewards_are_described_from_their_records() -> None:
    """The numbers come from the record (demo: Photon Blast value 2; energy-2 with an ongoing buy credit +1)."""
    data = game().data
    rewards = {r for e in data.enemies for r in e.destroy_reward + e.evade_reward}
    rewards |= {r for s in data.skills for r in s.effects}
    for r in rewards:
        assert describe_reward(r) != str(r), r  # a phrase, not the data's own short form
    assert describe_token(data.token("photon-blast")) == ("Photon Blast: 2 laser value on each of two adjacent "
                                                          "targets (slots or sections); stuns")
    assert describe_token(data.token("energy-2"), buy_bonus=1, repair_per_energy=3) == (
        "energy 2: buys 3 credit, repairs 6 shields, charges an energy section or pays a skill")


# --- the end of a warp (RULES.md "End of a warp": the bag cannot supply 5, the warp ends at once) --------
def test_when_several_warps_end_at_once_the_line_names_each_of_them() -> None:
    # Seed 2, random pilot: after move 28 the bag holds fewer than 5 tokens in warp 1 and in every warp
    # after it, so warps 1 to 6 (the final one, demo track of 6) end in that one move and the Pilot loses;
    # the line used to name warp 1 only.
    match = Match(game(), seed=2)
    match.play("random", max_steps=28)
    before, after = match.states[27], match.states[28]
    assert (before.warp, after.warp, after.outcome) == (1, 6, "lost-warp")
    text = match.log_line(27)
    assert text.endswith("warps 1 to 6 end, the bag short of 5 tokens each time: the discard and the tokens on "
                         "targets return to the bag; the final warp ended — the Pilot loses")
    assert "warp 1 ends" not in text
