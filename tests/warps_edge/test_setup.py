"""Seed §3 Setup, step by step."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.warps_edge.we_helpers import game

from explorer import Match, Multiset
from explorer.errors import RulesError


def test_setup_hull_and_shields_start_at_their_highest_values() -> None:
    """§3.1: hull and shield markers at their highest values."""
    s = game().initial_state(starfighter="Demo Bulwark")
    assert (s.hull, s.shields) == (8, 4)


def test_setup_bag_holds_10_starting_tokens_and_1_signature_token() -> None:
    """§3.4: 10 starting tokens + 1 signature token; the other 4 signature tokens wait in the supply."""
    s = game().initial_state()
    assert s.bag == Multiset({"energy-1": 3, "energy-2": 1, "laser-1": 3, "maneuver-1": 3, "kestrel-lance": 1})
    assert all(s.supply.count(t) == 1 for t in ("kestrel-flare", "kestrel-boost", "kestrel-barrier", "kestrel-blast"))


def test_setup_tray_holds_the_five_power_types_of_the_loadout() -> None:
    """§3.2: the tray holds five P.O.W.E.R. types as the loadout shows."""
    s = game().initial_state()
    power = {k for k in s.supply.kinds() if s.token(k).kind == "power"}
    assert power == {"photon-blast", "warhammer", "rupture", "enhance", "demo-decoy"}


def test_setup_skill_cards_draw_2_keep_1_other_to_bottom() -> None:
    """§3.3: draw 2 skill cards, keep 1 face up, the other goes to the bottom of the deck."""
    s = game().initial_state()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 153 and outcomes[0][1] == Fraction(1, 153)
    s = s.apply("draw skills Demo Armor Plating, Demo Capacitor Bank")
    assert [str(a) for a in s.legal_actions()] == ["keep Demo Armor Plating", "keep Demo Capacitor Bank"]
    s = s.apply("keep Demo Capacitor Bank")
    assert [c.name for c in s.skills] == ["Demo Capacitor Bank"]
    assert s.skill_deck.bottom == ("Demo Armor Plating",) and len(s.skill_deck) == 17


def test_setup_draws_5_then_builds_the_enemy_deck_yellow_on_top() -> None:
    """§3.5-3.8: draw 5; the deck takes 6 yellow / 5 orange / 4 red; the row fills from the yellow layer."""
    m = Match(game(), seed=11)
    while m.state.stage != "actions":
        m.step() if m.state.is_chance() else m.step(m.state.legal_actions()[0])
    s = m.state
    assert len(s.pool) == 5 and len(s.bag) == 6
    assert [len(d) for d in s.enemy_deck] == [2, 5, 4]
    assert all(s.data.enemy(t.card).level == 1 for t in s.row)
    assert len(s.enemy_box) == 27 - 15 and s.warp == 1


def test_setup_unknown_starfighter_is_refused_with_the_choices() -> None:
    """§3.1: the starfighter is chosen among those in the data file."""
    with pytest.raises(RulesError, match="starfighters: Demo Kestrel"):
        game().initial_state(starfighter="X-wing")
