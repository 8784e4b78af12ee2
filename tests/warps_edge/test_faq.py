"""Every FAQ entry of the seed rulebook (§7 "FAQ or Edge Cases"), one test each."""

from __future__ import annotations

import pytest
from tests.warps_edge.we_helpers import play, position

from explorer import Multiset
from explorer.errors import IllegalActionError
from explorer.games.warps_edge.state import Pending


def test_faq_enemy_effects_cannot_target_mothership_sections() -> None:
    """§7: "Enemy" = enemy cards only; "target" = enemy cards or mothership sections (Warhammer destroys an enemy)."""
    s = position(row=["Demo Gnat"], pool={"warhammer": 1})
    with pytest.raises(IllegalActionError, match="sections are targets but not enemies"):
        s.apply("use warhammer at section 1")
    assert "use warhammer at slot 1" in [str(a) for a in s.legal_actions()]


def test_faq_targets_include_mothership_sections() -> None:
    """§7: "target" means enemy cards or sections, so a laser can be fired at a section."""
    s = play(position(row=["Demo Gnat"], pool={"laser-2": 1}), "fire laser-2 at section 1")
    assert s.sections[0].lasers == 2


def test_faq_warp_ends_when_bag_has_fewer_than_5_tokens() -> None:
    """§7: the warp ends during Step 4 if you cannot draw 5 tokens; the discard returns to the bag."""
    s = position(row=["Demo Gnat"], bag={"laser-1": 4}, discard={"energy-1": 3}, pool={"maneuver-1": 1}, calm=True)
    s = play(s, "maneuver at slot 1")  # evades the Gnat (speed 1)
    s = s.apply("end actions")
    assert s.warp == 2
    assert len(s.bag) == 8 and not s.discard
    assert s.phase == "step 4: pilot plans (draw 5)"


def test_faq_warp_does_not_end_with_exactly_5_tokens() -> None:
    """§7: with 5 tokens in the bag the draw happens and the warp goes on."""
    s = position(row=["Demo Gnat"], bag={"laser-1": 5}, pool={"maneuver-1": 1})
    s = play(s, "maneuver at slot 1", "end actions")
    assert s.warp == 1 and s.is_chance() and len(s.chance_outcomes()) == 1


def test_faq_defeated_sections_carry_over_between_warps() -> None:
    """§7: damage markers stay on defeated sections at the end of a warp; tokens are reset."""
    s = position(row=["Demo Gnat"], pool={"laser-3": 2, "maneuver-1": 1}, bag={"laser-1": 2}, calm=True)
    s = play(s, "fire laser-3 at section 1", "fire laser-3 at section 1", "maneuver at section 2", "end actions")
    assert s.warp == 2
    assert s.sections[0].defeated and not s.sections[1].defeated
    assert s.sections[1].maneuvers == 0 and not s.sections[1].tokens()


def test_faq_stun_works_on_a_target_that_cannot_be_defeated_by_that_method() -> None:
    """§7: a laser stuns a section defeated only by maneuvers."""
    s = play(position(row=["Demo Gnat"], pool={"laser-1": 1}), "fire laser-1 at section 2")
    assert s.sections[1].stunned and s.sections[1].below == Multiset({"laser-1": 1})
    assert not s.sections[1].defeated


def test_faq_rewards_resolve_immediately_and_drawn_tokens_are_usable_this_turn() -> None:
    """§7: rewards resolve upon defeat in step 2; drawn tokens go to the pool and can be used that turn."""
    s = position(row=["Demo Skiff"], pool={"laser-3": 1}, bag={"laser-2": 3})  # Skiff: destroy reward draw 3
    s = s.apply("fire laser-3 at slot 1")
    assert s.is_chance() and "draw tokens" in s.phase
    s = s.apply("draw 3x laser-2")
    assert s.pool == Multiset({"laser-2": 3})
    assert "fire laser-2 at section 1" in [str(a) for a in s.legal_actions()]


def test_faq_rewards_are_mandatory() -> None:
    """§7: rewards are mandatory: while one waits, nothing else may be done (not even ending the step)."""
    s = position(row=["Demo Glint"], pool={"laser-3": 1, "maneuver-1": 1})  # Glint: any token
    s = s.apply("fire laser-3 at slot 1")
    assert all(a.kind == "gain" for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="mandatory"):
        s.apply("end actions")


def test_faq_photon_blast_stuns() -> None:
    """§7: Photon Blast is assigned to targets and stuns; it counts as 2 lasers on each of two adjacent targets."""
    s = play(position(row=["Demo Titan", "Demo Colossus"], pool={"photon-blast": 1}), "use photon-blast at slots 1-2")
    assert s.row[0].stunned and s.row[1].stunned
    assert (s.row[0].lasers, s.row[1].lasers) == (2, 2)


def test_faq_removed_tokens_never_return() -> None:
    """§7: tokens removed for shield damage are out of the game, even at the end of a warp."""
    s = position(row=["Demo Titan"], bag={"laser-1": 2}, discard={"energy-1": 4, "laser-1": 3}, calm=True)
    s = s.apply("end actions")  # the Titan hits for 4: shields 8 -> 4, so 4 tokens leave the discard
    assert s.shields == 4 and "remove a token" in s.phase
    s = play(s, *["remove energy-1 from the game"] * 4)
    assert s.removed == Multiset({"energy-1": 4}) and s.warp == 2  # the warp ended: bag 2 + discard 3
    assert s.bag == Multiset({"laser-1": 5}) and "energy-1" not in s.bag


def test_pending_queue_is_a_value() -> None:
    """Rewards wait in order in the position (so a saved game resumes mid-reward)."""
    assert Pending("draw", 3) == Pending("draw", 3)
