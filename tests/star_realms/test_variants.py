"""Readings a player could dispute, as named variants; the default is the seed where it decides.

RULES.md "Variants" lists each with the default and why.
"""

from __future__ import annotations

import pytest

from explorer.errors import IllegalActionError

OPP_BASES = ("War World", "Blob Wheel")  # an Outpost and a non-outpost Base


def test_attack_a_player_for_part_of_the_combat_pool(make) -> None:
    """Seed §4 Attacking: "Spend Combat from Combat Pool ... Reduce their Authority by Combat spent"."""
    s = make(combat=[5])
    assert [str(a) for a in s.legal_actions() if a.kind == "attack"] == [f"attack player 2 {n}" for n in range(1, 6)]
    s = s.apply("attack player 2 1")
    assert s.authority == (50, 49) and s.players[0].combat == 4
    s = s.apply("attack player 2 4")
    assert s.authority == (50, 45) and s.players[0].combat == 0


def test_variant_whole_pool_attacks_spends_all_combat_on_a_player(make) -> None:
    s = make(combat=[5], variant="whole_pool_attacks")
    assert [str(a) for a in s.legal_actions() if a.kind == "attack"] == ["attack player 2 5"]
    with pytest.raises(IllegalActionError, match="whole 5 Combat"):
        s.apply("attack player 2 1")


def test_authority_stops_at_zero_when_an_attack_overshoots(make) -> None:
    """Seed §6: reduce the opponent to 0 Authority to win; Authority is never below 0 (issue 7 referee)."""
    s = make(combat=[30], authority=(50, 19)).apply("attack player 2 30")
    assert s.authority == (50, 0) and s.result().winners == (0,)


def test_destroy_base_ignores_outposts_by_default(make) -> None:
    """Seed §4 restricts *attacks* by Outposts; a destroy-base ability is not an attack (RULES.md assumption 4)."""
    s = make(hands=[["Missile Mech"]], bases=[(), OPP_BASES]).apply("play Missile Mech")
    assert [str(a) for a in s.legal_actions()] == ["destroy War World", "destroy Blob Wheel", "done"]


def test_variant_outposts_block_destroy_abilities_like_attacks(make) -> None:
    s = make(hands=[["Missile Mech"]], bases=[(), OPP_BASES], variant="outposts_block_destroy")
    s = s.apply("play Missile Mech")
    assert [str(a) for a in s.legal_actions()] == ["destroy War World", "done"]
    s = s.apply("destroy War World")
    assert [r.name for r in s.players[1].bases] == ["Blob Wheel"]


def test_stealth_needle_cannot_copy_a_ship_scrapped_earlier_by_default(make) -> None:
    """Only ships in play may be copied (RULES.md assumption 10): the scrapped Ram is gone."""
    s = make(hands=[["Ram", "Stealth Needle"]])
    s = s.apply("play Ram").apply("scrap Ram").apply("play Stealth Needle")
    assert s.legal_actions()[0].kind != "copy" and s.players[0].combat == 5


def test_variant_needle_copies_scrapped_ship_played_this_turn(make) -> None:
    """Card text: "Copy another ship you've played this turn" — a scrapped Ram was played this turn."""
    s = make(hands=[["Ram", "Stealth Needle"]], variant="needle_copies_scrapped")
    s = s.apply("play Ram").apply("scrap Ram").apply("play Stealth Needle")
    assert [str(a) for a in s.legal_actions()] == ["copy Ram"]
    s = s.apply("copy Ram")
    assert (s.players[0].trade, s.players[0].combat) == (3, 10)
    assert [(r.name, r.copied) for r in s.players[0].ships] == [("Stealth Needle", "Ram")]


def test_variant_needle_copies_scrapped_forgets_at_end_of_turn(make, chance) -> None:
    s = make(hands=[["Ram"]], variant="needle_copies_scrapped")
    s = chance(chance(s.apply("play Ram").apply("scrap Ram").apply("end turn")).apply("end turn"))
    assert all(not p.played for p in s.players)
