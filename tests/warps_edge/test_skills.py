"""Seed §4 Step 2, "Activate a Skill", one rule per test.

The seed: "Assign required tokens (energy/laser/maneuver) to skill card. Must meet or
exceed cost in one turn. Once activated, use it at any time during this step. Then
exhaust (rotate sideways). Can only be used once per warp." and "Ongoing Skills:
Remove tokens from game when used. Effects last for the rest of the game."
"""

from __future__ import annotations

import pytest
from tests.warps_edge.we_helpers import play, position

from explorer import Multiset
from explorer.errors import IllegalActionError
from explorer.games.warps_edge.state import SkillCard


def _with_skill(name: str, **kw):
    return position(**kw).replace(skills=(SkillCard(name),))


def _legal(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def test_skill_meeting_its_cost_is_activated_but_its_effect_waits_to_be_used() -> None:
    """§4 Activate a Skill: "Once activated, use it at any time during this step" — activation is not use."""
    s = _with_skill("Demo Shield Surge", pool={"energy-1": 2}).replace(shields=2)  # cost 2 energy: shields 4
    s = play(s, "assign energy-1 to Demo Shield Surge", "assign energy-1 to Demo Shield Surge")
    assert s.skills[0].activated and s.skills[0].exhausted
    assert s.shields == 2 and s.skills[0].tokens == Multiset({"energy-1": 2})
    assert "use skill Demo Shield Surge" in _legal(s)


def test_activated_skill_can_be_used_any_time_later_in_the_same_step() -> None:
    """§4 Activate a Skill: "use it at any time during this step" — other actions may come between."""
    s = _with_skill("Demo Shield Surge", row=["Demo Raider"], pool={"energy-1": 2, "laser-2": 1}).replace(shields=2)
    s = play(s, "assign energy-1 to Demo Shield Surge", "assign energy-1 to Demo Shield Surge",
             "fire laser-2 at slot 1", "use skill Demo Shield Surge")
    assert s.shields == 6
    assert not s.skills[0].activated and s.skills[0].exhausted
    assert s.discard == Multiset({"energy-1": 2})


def test_activated_skill_unused_by_the_end_of_step_2_is_lost() -> None:
    """§4 Activate a Skill: usable "during this step" only; unused at "end actions" it is lost for the warp."""
    s = _with_skill("Demo Shield Surge", row=["Demo Gnat"], pool={"energy-1": 2}, bag={"laser-1": 5},
                    calm=True).replace(shields=6)
    s = play(s, "assign energy-1 to Demo Shield Surge", "assign energy-1 to Demo Shield Surge", "end actions")
    assert s.shields == 5  # the Gnat hit for 1; the surge never happened
    assert not s.skills[0].activated and s.skills[0].exhausted and not s.skills[0].tokens
    assert s.discard == Multiset({"energy-1": 1})  # 2 paid, 1 removed by the Gnat's shield damage
    s = s.apply("draw 5x laser-1")
    assert not [a for a in _legal(s) if "Shield Surge" in a]


def test_skill_can_be_used_only_once_per_warp() -> None:
    """§4 Activate a Skill: "Can only be used once per warp" — after use it cannot be paid for or used again."""
    s = _with_skill("Demo Shield Surge", pool={"energy-1": 3}).replace(shields=2)
    s = play(s, "assign energy-1 to Demo Shield Surge", "assign energy-1 to Demo Shield Surge",
             "use skill Demo Shield Surge")
    with pytest.raises(IllegalActionError, match="once per warp"):
        s.apply("assign energy-1 to Demo Shield Surge")
    with pytest.raises(IllegalActionError, match="once per warp"):
        s.apply("use skill Demo Shield Surge")


def test_skill_refreshes_at_the_end_of_the_warp() -> None:
    """§4: "once per warp" — the exhausted card is ready again in the next warp."""
    s = _with_skill("Demo Shield Surge", pool={"energy-1": 2}, bag={"laser-1": 4}, calm=True)
    s = play(s, "assign energy-1 to Demo Shield Surge", "assign energy-1 to Demo Shield Surge",
             "use skill Demo Shield Surge", "end actions")  # no attacker; the bag (4) cannot give 5
    assert s.warp == 2 and not s.skills[0].exhausted


def test_skill_cost_must_be_met_in_one_turn() -> None:
    """§4 Activate a Skill: "Must meet or exceed cost in one turn" — a part payment goes to the discard."""
    s = _with_skill("Demo Shield Surge", pool={"energy-1": 1}, bag={"energy-1": 5}, calm=True)
    s = play(s, "assign energy-1 to Demo Shield Surge")
    assert not s.skills[0].activated
    with pytest.raises(IllegalActionError, match="not activated: assign tokens to meet its cost first"):
        s.apply("use skill Demo Shield Surge")
    s = play(s, "end actions")
    assert not s.skills[0].tokens and not s.skills[0].exhausted and s.discard == Multiset({"energy-1": 1})


def test_skill_cost_may_be_exceeded() -> None:
    """§4 Activate a Skill: "meet or exceed cost" — an energy-3 pays a cost of 2 energy."""
    s = _with_skill("Demo Shield Surge", pool={"energy-3": 1})
    s = s.apply("assign energy-3 to Demo Shield Surge")
    assert s.skills[0].activated


def test_ongoing_skill_removes_its_tokens_from_the_game_when_used() -> None:
    """§4 Ongoing Skills: "Remove tokens from game when used" — on use, not on activation."""
    s = _with_skill("Demo Capacitor Bank", pool={"energy-3": 1})  # ongoing: max shields +2
    s = s.apply("assign energy-3 to Demo Capacitor Bank")
    assert s.max_shields == 8 and not s.removed and s.skills[0].tokens == Multiset({"energy-3": 1})
    s = s.apply("use skill Demo Capacitor Bank")
    assert s.removed == Multiset({"energy-3": 1}) and not s.discard
    assert s.max_shields == 10 and s.skills[0].active


def test_ongoing_skill_effect_lasts_the_rest_of_the_game() -> None:
    """§4 Ongoing Skills: "Effects last for the rest of the game" — through the end of the warp, never re-paid."""
    s = _with_skill("Demo Capacitor Bank", pool={"energy-3": 1}, bag={"laser-1": 4}, discard={"laser-1": 1},
                    calm=True)
    s = play(s, "assign energy-3 to Demo Capacitor Bank", "use skill Demo Capacitor Bank", "end actions")
    assert s.warp == 2 and s.skills[0].active and s.max_shields == 10
    assert s.removed == Multiset({"energy-3": 1}) and "energy-3" not in s.bag
    with pytest.raises(IllegalActionError, match="already in effect for the rest of the game"):
        s.replace(stage="actions", pool=Multiset({"energy-1": 1})).apply("assign energy-1 to Demo Capacitor Bank")


def test_ongoing_skill_unused_at_end_of_step_has_no_effect_and_its_tokens_are_discarded() -> None:
    """§4: an activated ongoing skill not used this step is lost; its tokens were never "used", so they are discarded."""
    s = _with_skill("Demo Capacitor Bank", pool={"energy-3": 1}, bag={"laser-1": 5}, calm=True)
    s = play(s, "assign energy-3 to Demo Capacitor Bank", "end actions")
    assert not s.skills[0].active and s.skills[0].exhausted and s.max_shields == 8
    assert not s.removed and s.discard == Multiset({"energy-3": 1})


def test_stun_enemies_skill_stuns_every_enemy_in_the_row_when_used() -> None:
    """§4 Activate a Skill with the demo effect "stun enemies": each enemy in the row skips its attack."""
    s = _with_skill("Demo Flash Jammer", row=["Demo Titan", "Demo Raider"], pool={"laser-1": 1, "maneuver-1": 1},
                    bag={"energy-1": 5}, calm=True)
    s = play(s, "assign laser-1 to Demo Flash Jammer", "assign maneuver-1 to Demo Flash Jammer")
    assert not s.row[0].stunned
    s = play(s, "use skill Demo Flash Jammer")
    assert s.row[0].stunned and s.row[1].stunned
    assert play(s, "end actions").shields == 8
