"""One test per keyword of reference §2.7 and the card anatomy of §2.5."""

from __future__ import annotations

import explorer
from explorer.games.pinned_down import effects as fx
from tests.pinned_down.conftest import fleet

BRIGHT = ["Admiral Bright", "Weapon Specialist Hooper"]


def _fight(game: explorer.Game, enemy: str, location: str = "Harana", **player: object) -> explorer.State:
    p = {"flagship": "TRB Ardor", "characters": BRIGHT, "assignment": "fought", **player}
    return game.position(stage="fight", threat=0, locations=[location], enemies=[{"name": enemy}],
                         fight={"player": 1, "enemy": 1}, players=[p])


def test_captain_gives_plus_two_aboard_its_ship(game: explorer.Game) -> None:  # §2.5 CAPTAIN of X
    with_captain = _fight(game, "Dra'tar Behemoth")
    without = _fight(game, "Dra'tar Behemoth", characters=["Captain Huber", "Weapon Specialist Hooper"])
    assert fx.player_power(with_captain) - fx.player_power(without) == 2


def test_worry_takes_captain_bonuses_away(game: explorer.Game) -> None:  # §3.4 Worry
    s = game.position(stage="fight", threat=0, locations=["Harana"], enemies=[{"name": "Dra'tar Behemoth"}],
                      fight={"player": 1, "enemy": 1}, this_turn={"attack_effects_on_table": ["Worry"]},
                      players=[{"flagship": "TRB Ardor", "characters": BRIGHT, "assignment": "fought"}])
    assert fx.player_power(s) == 8 + 1  # printed 8, one location, no captain


def test_unique_enemies_are_power_minus_one_with_bright(game: explorer.Game) -> None:  # §3.1 Admiral Bright
    assert fx.enemy_power(_fight(game, "DB Agony")) == 13 and fx.enemy_power(_fight(game, "Dra'tar Behemoth")) == 12


def test_flagship_destroyed_loses_the_game(game: explorer.Game) -> None:  # §2.2 loss; FLAGSHIP
    s = _fight(game, "DB Horror", damage=["Weapon Systems Hit", "Weapon Systems Hit", "Bridge Hit"])
    assert s.apply("resolve the fight").result().winners == ()


def test_upkeep_adds_threat_in_the_jump_phase(game: explorer.Game) -> None:  # §2.7 UPKEEP
    s = _fight(game, "Dra'tar Swarm Frigate", damage=["Engines Hit"])
    assert s.apply("resolve the fight").threat == 2  # TRB Ardor 1 + Engines Hit 1


def test_cloaking_damage_card_stops_cloaking(game: explorer.Game) -> None:  # §3.5 Cloaking Device Hit
    s = game.position(threat=0, locations=["Harana"], players=[fleet("TRI Pegasus", damage=["Cloaking Device Hit"])])
    assert not fx.is_cloaked(s, 0)


def test_overload_attaches_the_top_damage_card(game: explorer.Game) -> None:  # §2.7 Overload
    s = _fight(game, "Dra'tar Behemoth", hand=["Raise The Stakes"])
    s = s.apply("play Raise The Stakes")
    assert s.pending[0].kind == "damage"
    s = s.apply("damage card: Direct Hit")
    assert s.players[0].damage == ("Direct Hit",) and fx.player_power(s) == 8 + 2 + 1 + 4 - 1


def test_engine_room_hit_forbids_overload(game: explorer.Game) -> None:  # §3.5 Engine Room Hit
    s = _fight(game, "Dra'tar Behemoth", hand=["Raise The Stakes"], damage=["Engine Room Hit"])
    assert "play Raise The Stakes" not in [str(a) for a in s.legal_actions()]


def test_repair_discards_a_chosen_damage_card(game: explorer.Game) -> None:  # §2.7 Repair
    s = game.position(threat=0, locations=["Harana"], players=[fleet(
        "TRF Moscow", characters=["Ensign Holder", "Tinkerer Lott"], hand=["Good As New!", "Never Say Die"],
        damage=["Direct Hit", "Bridge Hit"])])
    s = s.apply("play Good As New!, repairing Player 1's Bridge Hit")
    assert s.players[0].damage == ("Direct Hit",) and s.damage_discard.count("Bridge Hit") == 1 and s.threat == 1


def test_battle_destiny_adds_the_revealed_cards_threat(game: explorer.Game) -> None:  # §2.7 Battle destiny
    s = _fight(game, "Dra'tar Behemoth", characters=["Captain Huber", "Weapon Specialist Hooper"],
               flagship="TRB Truth")
    s = s.apply("use Captain Huber")  # add (3), draw one battle destiny
    assert s.threat == 3
    before = fx.player_power(s)
    s = s.apply("battle destiny: DB Agony")  # threat 5, Harana: -1 to every player destiny
    assert fx.player_power(s) == before + 5 - 1 and s.attack_discard.count("DB Agony") == 1


def test_harana_lowers_player_destiny(game: explorer.Game) -> None:  # §3.6 Harana
    s = game.position(threat=0, locations=["Harana"], players=[fleet()])
    assert fx.destiny_value(s, "DB Agony", enemy=False) == 4 and fx.destiny_value(s, "DB Agony", enemy=True) == 5


def test_add_and_remove_threat(game: explorer.Game) -> None:  # §2.7 Add (x) / Remove (x)
    s = game.position(stage="reveal", threat=1, locations=["Harana"], players=[fleet(
        "TRI Pegasus", characters=["Mr. Alford", "Ms. McGowan"])],
        attack_deck={"cards": ["The End Draws Near", "Worry"], "known_top": ["The End Draws Near"]})
    assert s.apply("reveal The End Draws Near").threat == 1 + 2 - 1  # add (2); Ms. McGowan removes (1)


def test_play_for_free(game: explorer.Game) -> None:  # §2.5 "for free": TRB Faith
    s = _fight(game, "Dra'tar Behemoth", flagship="TRB Faith", hand=["Evasion Maneuver", "Defiance"])
    assert s.apply("play Evasion Maneuver (for free)").threat == 0
    assert s.apply("play Defiance").threat == 1


def test_unique_enemies_cost_less_at_kressar(game: explorer.Game) -> None:  # §3.6 Kressar Shipyards, UNIQUE
    s = game.position(threat=0, locations=["Kressar Shipyards"], players=[fleet()])
    assert fx.enemy_threat(s, "DB Agony") == 4 and fx.enemy_threat(s, "Dra'tar Behemoth") == 4
