"""Twenty typical typing mistakes per game, and the message each one gets (issue 18 §3, "Done when").

Every message must name the field as the "Set up position" form labels it (``Player 1 › base 1 ›
name``: 1-based, the visible label, never ``players[0].bases[0]``) and say what is allowed (the
range, the list of names, a "did you mean" for a near miss). Each case changes one field of a real
position of the game, as a player would while typing, and reads it with the game's reader and
referee (``game.read_position_data``), exactly what the editor does on every change.
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import Any

import pytest

import explorer
from explorer import Match
from explorer.core.field_words import ENTRY_WORDS, field_label
from explorer.errors import StateFormatError
from widgets.common.position_editor import PositionEditor

DROP = object()
APPEND = "+"


@lru_cache(maxsize=None)
def base(game_id: str) -> explorer.State:
    """A position of each game met in real play (seeded random moves), in the middle of a turn."""
    seed, steps = {"star_realms": (1, 15), "warps_edge": (5, 12), "endor": (4, 40), "fleet_command": (4, 30),
                   "pinned_down": (1, 30)}[game_id]
    match = Match(explorer.load_game(game_id), seed=seed)
    match.play("random", steps)
    return match.state


@lru_cache(maxsize=None)
def form_labels(game_id: str) -> tuple[str, ...]:
    editor = PositionEditor(on_use=lambda state, derived: None)
    editor.load(base(game_id))
    return tuple(editor.labels())


def changed(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    *keys, last = path.split(".")
    target: Any = data
    for key in keys:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if value is DROP:
        del target[last]
    elif last == APPEND:
        target.append(value)
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


def refusal(game_id: str, path: str, value: Any) -> str:
    state = base(game_id)
    with pytest.raises(StateFormatError) as err:
        state.game.read_position_data(changed(state.position_dict(), path, value))
    return err.value.message


LIST_WORDS = {word: field_label(key) for key, word in ENTRY_WORDS.items()}
"""The words of each list, by what one of its entries is called ("base": "bases")."""


def labelled_as_in_the_form(label: str, labels: tuple[str, ...]) -> bool:
    """The message's field is one the form shows, or an entry the form's Add makes ("Player 1 › base 1 › name"
    when the form lists "Player 1 › bases"), or another entry of a list it shows ("enemy 4")."""
    def bare(text: str) -> str:  # an entry ("base 2") said as its list ("bases"), so that any entry matches
        heads = [(part.rsplit(" ", 1)[0] if re.search(r" \d+$", part) else None, part) for part in text.split(" › ")]
        return " › ".join(part if head is None else LIST_WORDS.get(head, head) for head, part in heads)

    shown = {bare(x) for x in labels}
    if label == "the position" or bare(label) in shown:
        return True
    return any(x.startswith(bare(label) + " › ") for x in shown) or bare(label.rsplit(" › ", 1)[0]) in shown


# (game, what the player did, the field changed, the value typed, what the message must say)
MISTAKES: list[tuple[str, str, str, Any, str]] = [
    # Star Realms: player 1 in the main phase (seed 1, 15 moves)
    ("star_realms", "misspelt card in a hand", "players.0.hand", ["Scout x2", "Vipr"],
     "Player 1 › hand: 'Vipr' is not a name allowed here — did you mean Viper? Allowed: "),
    ("star_realms", "count too high", "players.0.hand", ["Scout x1000"],
     "Player 1 › hand: count of 'Scout' must be a whole number from 1 to 999, got 1000"),
    ("star_realms", "a word for a number", "players.0.authority", "fifty",
     "Player 1 › authority: expected a whole number from 0 to 10000, got 'fifty'"),
    ("star_realms", "negative Authority", "players.0.authority", -5,
     "Player 1 › authority: expected a whole number from 0 to 10000, got -5"),
    ("star_realms", "missing zone", "format", DROP, "format: missing; this field must be given"),
    ("star_realms", "unknown key", "players.0.hnad", ["Scout"],
     "Player 1: unknown field 'hnad' — did you mean hand? Allowed: authority, bases"),
    ("star_realms", "0-based seat", "moving", 0, "moving: expected a whole number from 1 to 2, got 0"),
    ("star_realms", "a base written as a bare name", "players.0.bases", ["Trading Post"],
     'Player 1 › base 1: expected a table of fields (such as name = "..."), got \'Trading Post\''),
    ("star_realms", "misspelt base", "players.0.bases", [{"name": "Tradng Post"}],
     "Player 1 › base 1 › name: 'Tradng Post' is not allowed — did you mean Trading Post? Allowed: "),
    ("star_realms", "a yes for a tick box", "players.0.bases", [{"name": "Trading Post", "primary_used": "yes"}],
     "Player 1 › base 1 › primary used this turn: expected true or false (a tick box), got 'yes'"),
    ("star_realms", "a base played as a ship", "players.0.ships", [{"name": "Trading Post"}],
     "Player 1 › ship 1 › name: 'Trading Post' is not allowed — did you mean Trade Pod? Allowed: "),
    ("star_realms", "misspelt stage", "stage", "mian", "phase: 'mian' is not allowed — did you mean main? Allowed: "
     "draw, main, setup"),
    ("star_realms", "misspelt format", "format", "standrad", "format: 'standrad' is not allowed — did you mean "
     "standard? Allowed: emperor, free_for_all, hunter, hydra, raid, standard"),
    ("star_realms", "too many Explorers", "explorers", 20, "Explorer pile: expected a whole number from 0 to 16, got 20"),
    ("star_realms", "negative Trade", "players.0.trade", -3,
     "Player 1 › Trade gained this turn: expected a whole number from 0 to 10000, got -3"),
    ("star_realms", "a word for Combat", "players.0.combat", "lots",
     "Player 1 › Combat gained this turn: expected a whole number from 0 to 10000, got 'lots'"),
    ("star_realms", "an Explorer in the scrap heap", "scrap_heap", ["Explorer"],
     "scrap heap: 'Explorer' is not a name allowed here. Allowed: "),
    ("star_realms", "misspelt faction", "players.0.played_this_turn", ["Blobs"],
     "Player 1 › factions played this turn: 'Blobs' is not a name allowed here — did you mean Blob? Allowed: "
     "Blob, Machine Cult, Star Empire, Trade Federation, Unaligned"),
    ("star_realms", "a number for a zone", "players.0.discard", 3,
     "Player 1 › discard: expected a list of names like "),
    ("star_realms", "a number among names", "players.0.deck", ["Scout x5", 7],
     "Player 1 › draw deck › entry 2: expected a name with an optional count, such as "),
    # Warp's Edge: step 2 of turn 1 (seed 5, 12 moves)
    ("warps_edge", "misspelt token", "bag", ["energy-1 x2", "lazer-1"],
     "bag: 'lazer-1' is not a name allowed here — did you mean laser-1? Allowed: "),
    ("warps_edge", "count too high", "bag", ["energy-1 x1000"],
     "bag: count of 'energy-1' must be a whole number from 1 to 999, got 1000"),
    ("warps_edge", "a word for hull", "hull", "full", "hull: expected a whole number from 0 to 10000, got 'full'"),
    ("warps_edge", "negative hull", "hull", -1, "hull: expected a whole number from 0 to 10000, got -1"),
    ("warps_edge", "missing starfighter", "starfighter", DROP, "starfighter: missing; this field must be given"),
    ("warps_edge", "unknown key", "hul", 5, "the position: unknown field 'hul' — did you mean hull? Allowed: "),
    ("warps_edge", "warp 0 (0-based)", "warp", 0, "warp: expected a whole number from 1 to 100, got 0"),
    ("warps_edge", "misspelt enemy", "enemy_row.0.enemy", "Demo Gant",
     "enemy row slot 1 › enemy: 'Demo Gant' is not allowed — did you mean Demo Gnat? Allowed: "),
    ("warps_edge", "a fifth enemy slot", f"enemy_row.{APPEND}", {"enemy": ""}, "enemy row: expected 4 entries, got 5"),
    ("warps_edge", "a yes for stunned", "enemy_row.0.stunned", "yes",
     "enemy row slot 1 › stunned: expected true or false (a tick box), got 'yes'"),
    ("warps_edge", "misspelt skill", "skills.0.name", "Demo Armour Plating",
     "skill card 1 › name: 'Demo Armour Plating' is not allowed — did you mean Demo Armor Plating? Allowed: "),
    ("warps_edge", "1 for a tick box", "skills.0.exhausted", 1,
     "skill card 1 › used (exhausted): expected true or false (a tick box), got 1"),
    ("warps_edge", "a skill as a bare name", "skills", ["Demo Armor Plating"],
     "skill card 1: expected a table of fields (such as name = \"...\"), got 'Demo Armor Plating'"),
    ("warps_edge", "an enemy card twice", "enemy_deck.yellow", ["Demo Hydra"],
     "enemy card 'Demo Hydra': 2 in play (1 in enemy deck › yellow, 1 in enemy deck › red) but the box holds 1"),
    ("warps_edge", "a face-down count too big", "enemy_deck.yellow", 12,
     "enemy deck › yellow: a count of face-down cards from 0 to 9, got 12"),
    ("warps_edge", "misspelt stage", "stage", "action", "phase: 'action' is not allowed — did you mean actions? "
     "Allowed: actions, arrivals, attacks, plans"),
    ("warps_edge", "levels 0-based", "level_index", 7, "enemy levels dealt: expected a whole number from 0 to 3, got 7"),
    ("warps_edge", "negative attacks", "attack_index", -1,
     "attacks made this turn: expected a whole number from 0 to 7, got -1"),
    ("warps_edge", "a result in other words", "outcome", "win",
     "result: 'win' is not allowed — did you mean won? Allowed: lost-hull, lost-warp, won"),
    ("warps_edge", "an enemy twice in the row", "enemy_row.1.enemy", "Demo Mote",
     "enemy card 'Demo Mote': 2 in play (2 in enemy row) but the box holds 1"),
    # The Battle of Endor: the Empire carries out a TIE Fighter order (seed 4, 40 moves). Exact messages.
    ("endor", "misspelt card", "seats.0.hand", ["X-wing / Luke Skywalkr"],
     "seat 1 › hand: 'X-wing / Luke Skywalkr' is not a name allowed here — did you mean X-wing / Luke Skywalker? "
     "Allowed: B-wing / Luke Skywalker, B-wing / Shield Assault, Millennium Falcon / B-wing / Luke Skywalker, "
     "Millennium Falcon / B-wing / Shield Assault, Millennium Falcon / B-wing / Vader Redeemed, Millennium Falcon / "
     "X-wing / Luke Skywalker, Millennium Falcon / X-wing / Shield Assault, Millennium Falcon / Y-wing / Luke "
     "Skywalker, Millennium Falcon / Y-wing / Shield Assault, Shield Assault / Luke Skywalker, Vader Redeemed / "
     "Shield Assault, X-wing / B-wing / Luke Skywalker, ... (21 in all)"),
    ("endor", "count too high", "space.O8", ["X-wing x1000"],
     "space › O8: count of 'X-wing' must be a whole number from 1 to 999, got 1000"),
    ("endor", "a word for hits", "falcon_hits", "two", "Falcon hits: expected a whole number from 0 to 6, got 'two'"),
    ("endor", "an Empire hand left empty", "seats.1.hand", [],
     "Empire order cards missing from every zone: Executor / Emperor, Executor / Shield Ambush x2; write each in one "
     "of: side 2 › deck, side 2 › discard, seat 2 › hand, seat 2 › order pile, order in play › card revealed"),
    ("endor", "missing round", "round", DROP, "round: missing; this field must be given"),
    ("endor", "unknown key", "shields", "down",
     "the position: unknown field 'shields'. Allowed: cards, destroyed, draws, executor_hits, falcon_hits, "
     "fleet_markers_face_up, luke_hits, order, players, rebel_supply, round, seat, seats, space, stage, "
     "stormtroopers, strike_team, undeployed_ties, vader, vader_hits, winner"),  # the text's own keys: typed there
    ("endor", "round 0 (0-based)", "round", 0, "round: expected a whole number from 1 to 10000, got 0"),
    ("endor", "a side in the singular", "seat", "Rebel", "whose turn: 'Rebel' is not allowed — did you mean Rebels? "
     "Allowed: Empire, Rebels"),
    ("endor", "a sector that does not exist", "space.O99", ["TIE"],
     "space › O99: no such sector; sectors: F0-F5, O6-O14, M15-M21, I22-I27"),
    ("endor", "ship in lower case", "space.O8", ["Tie x2"],
     "space › O8: 'Tie' is not a name allowed here — did you mean TIE? Allowed: B-wing, Executor, Falcon, TIE, "
     "X-wing, Y-wing"),
    ("endor", "too many of a card", "cards.0.discard", ["Y-wing / Luke Skywalker x9"],
     "Rebels order card 'Y-wing / Luke Skywalker': 11 in play (2 in side 1 › deck, 9 in side 1 › discard) "
     "but the box holds 4"),
    ("endor", "negative bonus orders", "seats.0.bonus_orders", -1,
     "seat 1 › unrevealed bonus orders: expected a whole number from 0 to 30, got -1"),
    ("endor", "misspelt stage", "stage", "planning",
     "phase: 'planning' is not allowed — did you mean plan? Allowed: deal, draw, orders, plan"),
    ("endor", "the revealed card also in the discard", f"cards.1.discard.{APPEND}", "TIE Fighter / Shield Ambush",
     "Empire order card 'TIE Fighter / Shield Ambush': 9 in play (5 in side 2 › deck, 1 in side 2 › discard, "
     "2 in seat 2 › order pile, 1 in order in play › card revealed) but the box holds 8"),
    ("endor", "three players", "players", 3, "players: the Battle of Endor is for 2 players or 4 in teams, got 3"),
    ("endor", "seats out of order", "seats.0.name", "Empire",
     "seat 1 › name: expected 'Rebels' (seats are in the playing order)"),
    ("endor", "a fleet marker that does not exist", "fleet_markers_face_up", ["F9"],
     "fleet markers face up: 'F9' is not a name allowed here. Allowed: F0, F1, F2, F3, F4, F5"),
    ("endor", "a fleet marker listed twice", "fleet_markers_face_up", ["F0", "F0", "F1"],
     "fleet markers face up: F0 is listed 2 times; a fleet marker is face up once or not at all"),
    ("endor", "an order pile as one line of text", "seats.0.order_pile", "X-wing, Y-wing",
     "seat 1 › order pile: expected a list of names in order like [\"B-wing / Luke Skywalker x2\", "
     "\"B-wing / Shield Assault\"], got 'X-wing, Y-wing'"),
    ("endor", "a face-down count that does not match", "cards.0.deck", 5,
     "side 1 › deck: 5 face-down cards, but the Rebels cards not seen elsewhere are 23; a count must match them"),
    # Fleet Command: the movement phase of round 1 (seed 4, 30 moves)
    ("fleet_command", "misspelt card", "players.0.hand", ["Lasr 3"],
     "Player 1 › hand: 'Lasr 3' is not a name allowed here. Allowed: Afterburner 1"),
    ("fleet_command", "count too high", "players.0.hand", ["Laser 1 x1000"],
     "Player 1 › hand: count of 'Laser 1' must be a whole number from 1 to 999, got 1000"),
    ("fleet_command", "a word for the round", "round", "one", "round: expected a whole number from 0 to 99, got 'one'"),
    ("fleet_command", "negative round", "round", -1, "round: expected a whole number from 0 to 99, got -1"),
    ("fleet_command", "missing stage", "stage", DROP, "phase: missing; this field must be given"),
    ("fleet_command", "unknown key", "rounds", 2,
     "the position: unknown field 'rounds' — did you mean round? Allowed: deck, discard"),
    ("fleet_command", "player 0 (0-based)", "to_move", "Player 0",
     "player to act: 'Player 0' is not allowed — did you mean Player 2? Allowed: Player 1, Player 2"),
    ("fleet_command", "player 3", "to_move", "Player 3", "player to act: 'Player 3' is not allowed"),
    ("fleet_command", "negative cubes", "players.0.ships.0.cubes", -1,
     "Player 1 › ship 1 › cubes: expected a whole number from 0 to 99, got -1"),
    ("fleet_command", "a heading off the 30° steps", "players.0.ships.0.heading", 45,
     "Player 1 › ship 1 › heading: a multiple of 30 from 0 to 330, got 45"),
    ("fleet_command", "misspelt ship", "players.0.ships.0.name", "Figher",
     "Player 1 › ship 1 › name: unknown ship 'Figher'; ships here are named by kind"),
    ("fleet_command", "a word for a coordinate", "players.0.ships.0.x", "left",
     "Player 1 › ship 1 › x, y: a coordinate is exact text such as '2.5' or '1 + √3/2'"),
    ("fleet_command", "a yes for a tick box", "players.0.ships.0.moved", "yes",
     "Player 1 › ship 1 › moved: expected true or false (a tick box), got 'yes'"),
    ("fleet_command", "initiative in words", "initiative", "Player one",
     "initiative: 'Player one' is not allowed — did you mean Player 2? Allowed: Player 1, Player 2, none"),
    ("fleet_command", "a ship as a bare name", "players.0.ships", ["Fighter"],
     "Player 1 › ship 1: expected a table of fields (such as name = \"...\"), got 'Fighter'"),
    ("fleet_command", "negative deck", "deck", -1, "deck: expected a whole number from 0 to 54, got -1"),
    ("fleet_command", "a sixth ship", f"players.0.ships.{APPEND}", {"name": "Fighter"},
     "Player 1 › ships: expected 1 to 5 entries, got 6"),
    ("fleet_command", "misspelt card in the discard pile", "discard", ["Repiar 2"],
     "discard: 'Repiar 2' is not a name allowed here — did you mean Repair 2? Allowed: "),
    ("fleet_command", "unknown key in a fleet", "players.0.colour", "red",
     "Player 1: unknown field 'colour'. Allowed: hand, ships"),
    ("fleet_command", "misspelt phase", "stage", "movment", "phase: 'movment' is not allowed — did you mean movement?"),
    # Pinned Down: the jump phase of turn 2 (seed 1, 30 moves); its reader is the shared PositionReader, its
    # referee names the zones as the form labels them. Exact messages.
    ("pinned_down", "misspelt card", "players.0.hand", ["Defiannce"],
     "Player 1 › hand: 'Defiannce' is not a name allowed here — did you mean Defiance? Allowed: Admiral Bright, "
     "Admiral Whitfield, Captain Huber, Captain Whitley, Defiance, Evasion Maneuver, Fire At Will, Raise The Stakes, "
     "Target Eliminated, Weapon Specialist Hooper"),  # the Blue Wing's effects and characters, never a flagship
    ("pinned_down", "count too high", "players.0.hand", ["Defiance x1000"],
     "Player 1 › hand: count of 'Defiance' must be a whole number from 1 to 999, got 1000"),
    ("pinned_down", "a word for threat", "threat", "high", "threat: expected a whole number from 0 to 10000, got 'high'"),
    ("pinned_down", "a card drawn but left in the deck", "players.0.hand",
     ["Defiance", "Evasion Maneuver", "Fire At Will"],
     "Blue Wing card 'Defiance': 5 in play (4 in Player 1 › draw deck › cards, 1 in Player 1 › hand) but Player 1 › "
     "cards brought (deck list) and Player 1 › crew at setup hold 4"),
    ("pinned_down", "unknown key", "threatt", 3,
     "the position: unknown field 'threatt' — did you mean threat? Allowed: attack_cards_put_back, attack_cards_seen, "
     "attack_deck, attack_discard, damage_deck, damage_discard, distance, enemies, jumps, location_deck, "
     "location_discard, locations, locations_revealed, outcome, pending, players, stage, this_turn, threat, turn"),
    ("pinned_down", "turn 0 (0-based)", "turn", 0, "turn: expected a whole number from 1 to 10000, got 0"),
    ("pinned_down", "misspelt flagship", "players.0.flagship", "TRB Ardour",
     "Player 1 › flagship: 'TRB Ardour' is not allowed — did you mean TRB Ardor? Allowed: TRB Ardor, TRB Faith, "
     "TRB Justice, TRB Truth, TRF Moscow, TRF Washington, TRI Golem, TRI Pegasus"),
    ("pinned_down", "a card played but written nowhere", "players.0.hand", ["Evasion Maneuver"],
     "Blue Wing cards missing from every zone: Fire At Will; write each in one of: Player 1 › draw deck › cards, "
     "Player 1 › hand, Player 1 › discard, Player 1 › characters in play"),
    ("pinned_down", "a no for a tick box", "players.0.passed", "no",
     "Player 1 › passed: expected true or false (a tick box), got 'no'"),
    ("pinned_down", "an attack card as an enemy", "enemies.0.name", "Worry",
     "enemy 1 › name: 'Worry' is not allowed. Allowed: DAC Disaster, DAF Cataclysm, DB Agony, DB Horror, DSF Bane, "
     "DSF Curse, DSF Decay, Dra'tar Assault Cruiser, Dra'tar Assault Frigate, Dra'tar Behemoth, Dra'tar Swarm Frigate"),
    ("pinned_down", "an enemy as a bare name", f"enemies.{APPEND}", "Worry",
     "enemy 4: expected a table of fields (such as name = \"...\"), got 'Worry'"),
    ("pinned_down", "a number for a deck", "players.0.deck.cards", 5,
     "Player 1 › draw deck › cards: expected a list of names like [\"Admiral Bright x2\", \"Admiral Whitfield\"], got 5"),
    ("pinned_down", "an attack card in the discard and the deck", f"attack_discard.{APPEND}", "Worry",
     "attack card 'Worry': 3 in play (2 in attack deck › cards, 1 in attack discard) but the box holds 2"),
    ("pinned_down", "a known bottom card not in its deck", "location_deck.known_bottom", ["Volar Pulsar"],
     "location deck › known bottom: 'Volar Pulsar' is known 1 time(s) but written 0 time(s) in location deck › "
     "cards; a known card is also one of its deck's cards"),
    ("pinned_down", "a fifth copy in the deck list", "players.0.deck_list",
     ["Defiance x5", "Evasion Maneuver x3", "Fire At Will x4", "Raise The Stakes x4", "Target Eliminated x4"],
     "Player 1 › cards brought (deck list): a draw deck is 20 cards with at most 4 copies of each, got 20 cards "
     "with up to 5 copies"),
    ("pinned_down", "misspelt crew", "players.0.crew", ["Admiral Brigt"],
     "Player 1 › crew at setup › entry 1: 'Admiral Brigt' is not a name allowed here — did you mean Admiral Bright? "
     "Allowed: Admiral Bright, Admiral Whitfield, Captain Huber, Captain Whitley, Weapon Specialist Hooper"),
    ("pinned_down", "a location that does not exist", "locations", ["Nowhere"],
     "locations › entry 1: 'Nowhere' is not a name allowed here. Allowed: Agniar, Berena Pulsar, Da'tar, Gerrara "
     "Nebula, Harana, Kressar Shipyards, Lacarna Nebula, Moslov Asteroid, Oshiro Asteroid Belt, Rahra Asteroid Belt, "
     "Salaza Docks, Solmar Border Station, ... (14 in all)"),
    ("pinned_down", "a damage card that does not exist", "damage_discard", ["Hull Breach x2"],
     "damage discard: 'Hull Breach' is not a name allowed here. Allowed: Bridge Hit, Cargo Bay Hit, Cloaking Device "
     "Hit, Direct Hit, Engine Room Hit, Engines Hit, Sickbay Hit, Weapon Systems Hit"),
    ("pinned_down", "a damage card twice", "damage_discard", ["Bridge Hit"],
     "damage card 'Bridge Hit': 3 in play (2 in damage deck › cards, 1 in damage discard) but the box holds 2"),
    ("pinned_down", "misspelt character", "players.0.characters", ["Captain Hubr"],
     "Player 1 › characters in play › entry 1: 'Captain Hubr' is not a name allowed here — did you mean Captain Huber? "
     "Allowed: Admiral Bright, Admiral Whitfield, Captain Huber, Captain Whitley, Weapon Specialist Hooper"),
]


EXACT = ("endor", "pinned_down")
"""Games whose cases give the whole message: every word, the allowed list included."""
REFEREE_WORDS = ("enemy card", "Rebels order card", "Empire order card", "trade card", "attack card", "damage card",
                 "location '", "Blue Wing card", "card '")
"""How the referee's conservation messages begin: the piece, then every zone it is in, as the form labels them."""


def test_twenty_mistakes_for_every_game() -> None:
    counts = {g: sum(1 for m in MISTAKES if m[0] == g) for g in explorer.games()}
    assert counts == {g: 20 for g in explorer.games()}


@pytest.mark.parametrize("game_id, mistake, path, value, expected", MISTAKES,
                         ids=[f"{m[0]}: {m[1]}" for m in MISTAKES])
def test_a_typing_mistake_gets_a_message_in_the_forms_words(game_id: str, mistake: str, path: str, value: Any,
                                                            expected: str) -> None:
    message = refusal(game_id, path, value)
    if game_id in EXACT:
        assert message == expected
    else:
        assert expected in message, message
    assert not re.search(r"\[\d+\]", message), f"0-based path in: {message}"  # 1-based as on screen
    assert not re.search(r"\b[a-z]+_[a-z_]+(\.| ›|:)", message.split(" Allowed:")[0]), \
        f"a raw key where the form shows a label: {message}"
    label = message.split(":")[0]
    if not label.startswith(REFEREE_WORDS):  # the referee's conservation messages name the zones in the sentence
        assert labelled_as_in_the_form(label, form_labels(game_id)), (label, form_labels(game_id))
