"""One test per rule of the seed's turn sequence (seed 004_5aaf4de132c4176f.txt) and of setup (reference §2.4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer.errors import IllegalActionError
from tests.pinned_down.conftest import at_main, fleet

ARDOR = fleet("TRB Ardor", characters=["Admiral Bright", "Weapon Specialist Hooper"])


def test_setup_flagship_two_characters_three_cards_two_threat(game: explorer.Game) -> None:  # reference §2.4
    s = at_main(game)
    f = s.players[0]
    assert (f.flagship, len(f.characters), len(f.hand), len(f.deck), s.threat) == ("TRB Ardor", 2, 3, 17, 2)
    assert len(s.locations) == 1 and s.turn == 1 and s.phase.startswith("main phase")


def test_up_to_three_players_each_a_wing(game: explorer.Game) -> None:
    s = game.initial_state(players=3)
    assert [f.wing for f in s.players] == ["Blue", "Green", "Purple"]
    with pytest.raises(ValueError, match="1 to 3 players"):
        game.initial_state(players=4)


def test_main_phase_every_player_may_act_until_all_pass(game: explorer.Game) -> None:
    # seed: "All players play simultaneously"; RULES.md: the moves of every player who has not passed are open
    m = explorer.Match(game.initial_state(players=2), seed=3)
    while m.state.is_chance():
        m.step()
    ends = [str(a) for a in m.state.legal_actions() if a.kind == "end"]
    assert ends == ["Player 1: end main phase", "Player 2: end main phase"]
    m.step("Player 2: end main phase")
    assert m.state.stage == "main" and [str(a) for a in m.state.legal_actions() if a.kind == "end"] == [
        "Player 1: end main phase"]


def test_attack_phase_adds_distance_and_one_per_uncloaked_ship(game: explorer.Game) -> None:  # seed, attack
    s = game.position(threat=2, locations=["Agniar", "Harana"], players=[ARDOR],
                      attack_deck={"cards": ["Dra'tar Behemoth x3"], "known_top": ["Dra'tar Behemoth"]})
    after = s.apply("end main phase")
    assert after.threat == 6  # 2 + distances 2 + 1 + one uncloaked ship
    after = after.apply("reveal Dra'tar Behemoth").apply("reveal Dra'tar Behemoth")  # 4 paid; then 4 > 2: ignored
    assert after.threat == 2 and [e.name for e in after.enemies] == ["Dra'tar Behemoth"]


def test_cloaked_ship_adds_no_threat(game: explorer.Game) -> None:  # seed + reference §2.7 Cloaking
    s = game.position(threat=0, locations=["Harana"], players=[fleet("TRI Pegasus")],
                      attack_deck={"cards": ["Dra'tar Behemoth x3"], "known_top": ["Dra'tar Behemoth"]})
    from explorer.games.pinned_down.effects import attack_threat
    assert attack_threat(s) == 1  # distance 1, Pegasus cloaked
    at_berena = game.position(threat=0, locations=["Berena Pulsar"], players=[fleet("TRI Pegasus")])
    assert attack_threat(at_berena) == 2  # Berena Pulsar: ships can't cloak


def test_reveal_pays_cost_and_stops_at_a_card_costing_more(game: explorer.Game) -> None:  # seed, attack
    s = game.position(stage="reveal", threat=5, locations=["Harana"], players=[ARDOR],
                      attack_deck={"cards": ["Dra'tar Assault Cruiser x3", "DB Agony"],
                                   "known_top": ["Dra'tar Assault Cruiser", "Dra'tar Assault Cruiser"]})
    s = s.apply("reveal Dra'tar Assault Cruiser")
    assert s.threat == 2 and len(s.enemies) == 1
    s = s.apply("reveal Dra'tar Assault Cruiser")  # costs 3 > 2: ignored and discarded, revealing stops
    assert s.threat == 2 and len(s.enemies) == 1 and s.attack_discard.count("Dra'tar Assault Cruiser") == 1
    assert s.stage == "assign"


def test_threat_zero_effects_keep_revealing_at_zero(game: explorer.Game) -> None:  # reference §6 item 10
    s = game.position(stage="reveal", threat=0, locations=["Harana"], players=[ARDOR],
                      attack_deck={"cards": ["Worry", "Dra'tar Behemoth"], "known_top": ["Worry"]})
    s = s.apply("reveal Worry")
    assert s.stage == "reveal" and s.table == ("Worry",)


def test_mercury_variant_stops_at_zero() -> None:  # reference §4.1 (Version B)
    game = explorer.load_game("pinned_down", variant="mercury1_2015")
    s = game.position(stage="reveal", threat=2, locations=["Harana"], players=[ARDOR],
                      attack_deck={"cards": ["Dra'tar Assault Frigate", "Worry"], "known_top": ["Dra'tar Assault Frigate"]})
    assert s.apply("reveal Dra'tar Assault Frigate").stage == "assign"


def test_attack_deck_reshuffles_its_discard(game: explorer.Game) -> None:  # reference §2.3
    s = game.position(stage="reveal", threat=9, locations=["Harana"], players=[ARDOR], attack_deck={"cards": []})
    assert len(s.attack_deck) == 0 and len(s.attack_discard) == 31
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes["reveal Dra'tar Behemoth"] == Fraction(3, 31) and sum(outcomes.values()) == 1
    after = s.apply("reveal Dra'tar Behemoth")
    assert len(after.attack_deck) == 30 and not after.attack_discard


def _assign_position(game: explorer.Game, enemies: list[str], players: int = 1) -> explorer.State:
    fleets = [ARDOR, fleet("TRF Moscow"), fleet("TRI Pegasus")][:players]
    return game.position(stage="assign", threat=0, locations=["Harana"], players=[
        {**f, "assignment": "undecided"} for f in fleets], enemies=[{"name": n} for n in enemies])


def test_strongest_enemy_first(game: explorer.Game) -> None:  # seed, assignment: never skip a stronger one
    s = _assign_position(game, ["Dra'tar Swarm Frigate", "Dra'tar Behemoth"])
    assert [str(a) for a in s.legal_actions()] == ["assign TRB Ardor to Dra'tar Behemoth"]


def test_ties_in_power_offer_each_tied_enemy(game: explorer.Game) -> None:  # awkward case: equal power
    s = _assign_position(game, ["DSF Bane", "DSF Curse", "Dra'tar Swarm Frigate"])
    assert [str(a) for a in s.legal_actions()] == ["assign TRB Ardor to DSF Bane", "assign TRB Ardor to DSF Curse"]


def test_more_enemies_than_ships_every_ship_assigned(game: explorer.Game) -> None:  # seed, assignment
    s = _assign_position(game, ["Dra'tar Behemoth", "Dra'tar Behemoth"])
    assert all(a.kind == "assign" for a in s.legal_actions())


def test_more_ships_than_enemies_every_enemy_assigned(game: explorer.Game) -> None:  # seed, assignment
    s = _assign_position(game, ["Dra'tar Behemoth"], players=3)
    assert {a.kind for a in s.legal_actions()} == {"assign", "leave"}
    s = s.apply("leave TRB Ardor unassigned").apply("leave TRF Moscow unassigned")
    assert [str(a) for a in s.legal_actions()] == ["assign TRI Pegasus to Dra'tar Behemoth"]


def test_no_strongest_first_in_digital_2021() -> None:  # reference §4.2
    game = explorer.load_game("pinned_down", variant="digital_2021")
    s = _assign_position(game, ["Dra'tar Swarm Frigate", "Dra'tar Behemoth"])
    assert len(s.legal_actions()) == 2


def _fight(game: explorer.Game, enemy: str, **player: object) -> explorer.State:
    return game.position(stage="fight", threat=0, locations=["Harana"], enemies=[{"name": enemy}],
                         fight={"player": 1, "enemy": 1}, players=[{**ARDOR, "assignment": "fought", **player}])


def test_win_when_power_greater_enemy_discarded(game: explorer.Game) -> None:  # seed, fight
    s = _fight(game, "Dra'tar Assault Frigate").apply("resolve the fight")  # 8 + 2 + 1 = 11 > 9
    assert s.attack_discard.count("Dra'tar Assault Frigate") == 1 and not s.enemies


def test_tie_damages_the_ship(game: explorer.Game) -> None:  # seed, fight: "less than or equal"
    s = _fight(game, "Dra'tar Assault Cruiser")  # 11 against 11
    after = s.apply("resolve the fight")
    assert after.pending[0].kind == "damage" and after.is_chance()


def test_overpowered_at_double_power_destroys(game: explorer.Game) -> None:  # seed, fight
    s = _fight(game, "DB Agony", damage=["Weapon Systems Hit", "Weapon Systems Hit", "Bridge Hit"])
    after = s.apply("resolve the fight")  # 8 - 5 = 3 (Bridge Hit: no bonuses) against 14 - 1 = 13
    assert after.is_terminal() and after.result().reason.startswith("loss") and "overpowered" in after.outcome


def test_structure_zero_destroys_and_loses(game: explorer.Game) -> None:  # seed, fight; reference §3.5
    s = _fight(game, "Dra'tar Behemoth", damage=["Direct Hit", "Direct Hit"])
    s = s.apply("resolve the fight")
    end = s.apply("damage card: Cargo Bay Hit")  # 35 + 35 + 30 = 100 %
    assert end.is_terminal() and "destroyed" in end.outcome


def _jump(game: explorer.Game, distance: int, **extra: object) -> explorer.State:
    return game.position(stage="jump", threat=1, locations=["Harana"], distance=distance, players=[ARDOR], **extra)


def test_win_at_distance_ten(game: explorer.Game) -> None:  # seed, jump phase
    s = game.position(stage="fight", threat=0, locations=["Agniar"], distance=10, enemies=[{"name": "Dra'tar Swarm Frigate"}],
                      fight={"player": 1, "enemy": 1}, players=[{**ARDOR, "assignment": "fought"}])
    end = s.apply("resolve the fight")
    assert end.is_terminal() and end.result().reason.startswith("win") and end.result().winners == (0,)


def test_jump_upkeep_locations_draw_and_enemies(game: explorer.Game) -> None:  # seed, jump phase, all steps
    s = game.position(stage="fight", threat=1, locations=["Harana"], distance=1,
                      enemies=[{"name": "Dra'tar Swarm Frigate"}, {"name": "Dra'tar Behemoth"}],
                      fight={"player": 1, "enemy": 1}, players=[{**ARDOR, "assignment": "fought"}],
                      location_deck={"cards": ["Agniar", "Da'tar", "Moslov Asteroid"], "known_top": ["Agniar", "Da'tar"]},
                      location_discard=["Berena Pulsar", "Gerrara Nebula", "Kressar Shipyards", "Lacarna Nebula",
                                        "Oshiro Asteroid Belt", "Rahra Asteroid Belt", "Salaza Docks",
                                        "Solmar Border Station", "Tekana Passage", "Volar Pulsar"])
    s = s.apply("resolve the fight")  # 11 > 7: the Swarm Frigate is discarded
    assert s.threat == 2  # upkeep: TRB Ardor UPKEEP (1)
    s = s.apply("location revealed: Agniar").apply("location revealed: Da'tar")
    assert sorted(str(a) for a in s.legal_actions()) == ["jump to Agniar", "jump to Da'tar"]
    s = s.apply("jump to Agniar")
    assert s.location == "Agniar" and s.distance == 3 and s.location_deck.bottom == ("Da'tar",)
    hand = len(s.players[0].hand)
    s = s.apply(s.chance_outcomes()[0][0])  # each player draws a card
    assert len(s.players[0].hand) == hand + 1
    assert s.threat == 3 and not s.enemies and s.turn == 2  # the Behemoth discarded: add (1); pool kept


def test_tekana_passage_must_be_picked(game: explorer.Game) -> None:  # reference §3.6
    s = game.position(stage="pick", threat=1, locations=["Harana"], players=[ARDOR],
                      locations_revealed=["Agniar", "Tekana Passage"])
    assert [str(a) for a in s.legal_actions()] == ["jump to Tekana Passage"]


def test_end_of_the_line_loses_on_an_empty_draw_deck(game: explorer.Game) -> None:  # reference §3.4
    s = game.position(stage="reveal", threat=3, locations=["Harana"],
                      players=[{**ARDOR, "hand": ["Defiance x4", "Evasion Maneuver x4", "Fire At Will x4",
                                                  "Raise The Stakes x4", "Target Eliminated x4"]}],
                      attack_deck={"cards": ["End Of The Line", "Worry"], "known_top": ["End Of The Line"]})
    end = s.apply("reveal End Of The Line")
    assert end.is_terminal() and "End Of The Line" in end.outcome


def test_illegal_play_names_the_reason(game: explorer.Game) -> None:
    s = game.position(threat=1, locations=["Harana"], players=[{**ARDOR, "hand": ["Defiance"]}])
    with pytest.raises(IllegalActionError, match="FIGHT card"):
        s.apply("play Defiance")


def test_prototype_2011_jumps_before_the_attack() -> None:  # reference §5.1: Main, Jump, Attack, ...
    game = explorer.load_game("pinned_down", variant="prototype_2011")
    s = game.position(threat=0, locations=["Harana"], players=[ARDOR])
    after = s.apply("end main phase")
    assert after.stage == "locations" and after.threat == 1  # upkeep (TRB Ardor) first, no attack threat yet


def test_digital_2021_reveals_one_location_and_discards_the_old() -> None:  # reference §4.2
    game = explorer.load_game("pinned_down", variant="digital_2021")
    s = game.position(stage="locations", threat=0, locations=["Harana"], players=[ARDOR],
                      location_deck={"cards": ["Agniar", "Da'tar"], "known_top": ["Agniar"]})
    s = s.apply("location revealed: Agniar")
    assert s.locations == ("Agniar",) and s.location_discard.count("Harana") == 1
