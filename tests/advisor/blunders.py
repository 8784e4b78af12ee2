"""A position per game with a clear blunder, for the log's Review (issue 22, "Done when": review a game, click a mark).

Each was found by playing seeded heuristic games in-process and asking ``explorer.advise(state, rollouts=24,
seed=0)`` at the decisions (seed 0: what the log's Review uses for the first move of a game opened from a link,
``review_view``: seed = offset + index = 0): a legal move that loses at least 10 points of win chance with its
paired 95% interval of the difference below -10 points, checked again with 100-200 rollouts on seed 7.
The positions are kept as text (what a share link carries), so a change to a game's heuristic does not move
them; the review's numbers do follow the heuristic (the rollout policy) and are re-checked by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

import explorer
from tests.advisor.advise_helpers import LETHAL  # (imported by its full name: the browser tests import this module too)
from explorer.core.share import position_query, read_query
from explorer.core.state import State


@dataclass(frozen=True)
class Blunder:
    """A position, the seat deciding, the blunder (the move's text), the best move the review names, and where
    the position comes from."""

    game_id: str
    position: str
    seat: int
    played: str
    best: str
    found: str


WARPS_EDGE_TURN_ONE = '''
starfighter = "Demo Kestrel"
mothership = "Demo Hive Carrier"
stage = "actions"
warp = 1
turn = 1
hull = 8
shields = 8
bag = ["energy-1", "energy-2", "laser-1 x2", "maneuver-1 x2"]
pool = ["energy-1 x2", "kestrel-lance", "laser-1", "maneuver-1"]
hold = []
discard = []
removed = []
supply = ["demo-decoy x5", "energy-1 x14", "energy-2 x8", "energy-3 x5", "enhance x5", "kestrel-barrier", "kestrel-blast", "kestrel-boost", "kestrel-flare", "laser-1 x12", "laser-2 x10", "laser-3 x6", "maneuver-1 x14", "photon-blast x5", "rupture x5", "warhammer x5"]
enemies_defeated = []
enemies_in_box = ["Demo Dreadnought", "Demo Harrier", "Demo Hydra", "Demo Juggernaut", "Demo Marauder", "Demo Midge", "Demo Mote", "Demo Raider", "Demo Reaver", "Demo Skiff", "Demo Vandal", "Demo Wraith"]
skill_offer = []
skill_deck = ["Demo Armor Plating", "Demo Capacitor Bank", "Demo Cargo Expansion", "Demo Emergency Shields", "Demo Field Promotion", "Demo Flash Jammer", "Demo Fuel Cache", "Demo Heavy Cache", "Demo Laser Cache", "Demo Nanite Repair", "Demo Quick Reload", "Demo Requisition", "Demo Salvage Drones", "Demo Shield Surge", "Demo Thruster Cache", "Demo Trade Protocol"]
skill_deck_bottom = ["Demo Scavenger"]
level_index = 3
attack_index = 0
credit = 0
warhammer = false
pending = []
outcome = ""

[[enemy_row]]
enemy = "Demo Speck"

[[enemy_row]]
enemy = "Demo Glint"

[[enemy_row]]
enemy = "Demo Dart"

[[enemy_row]]
enemy = "Demo Gnat"

[enemy_deck]
yellow = ["Demo Flit", "Demo Wisp"]
orange = ["Demo Corsair", "Demo Hound", "Demo Lancer", "Demo Prowler", "Demo Stalker"]
red = ["Demo Colossus", "Demo Ravager", "Demo Titan", "Demo Warden"]

[[sections]]
name = "Demo Port Battery"
damage_marker = false

[[sections]]
name = "Demo Drive Pylons"
damage_marker = false

[[sections]]
name = "Demo Reactor Core"
damage_marker = false

[[skills]]
name = "Demo Overclock"
tokens = []
exhausted = false
active = false
activated = false
'''
"""Warp's Edge, warp 1, turn 1, step 2: five tokens in the pool, four enemies and the mothership about to attack
(hull 8, shields 8). Found: heuristic game seed 2 (``np.random.default_rng(2)``), after 10 moves."""

PINNED_DOWN_WON_FIGHT = '''
turn = 5
stage = "fight"
threat = 0
distance = 10
jumps = 4
locations = ["Berena Pulsar", "Oshiro Asteroid Belt", "Moslov Asteroid", "Rahra Asteroid Belt", "Gerrara Nebula"]
outcome = ""
attack_discard = ["DSF Bane"]
attack_cards_seen = []
attack_cards_put_back = []
damage_discard = ["Cargo Bay Hit", "Cloaking Device Hit x2", "Engines Hit"]
location_discard = []
locations_revealed = []
pending = []

[this_turn]
covert_ops = false
enemy_threat_bonus = 0
first_enemy_seen = true
extra_locations = 0
attack_reshuffles = 1
attack_effects_on_table = ["Worry"]

[[players]]
wing = "Blue"
flagship = "TRB Ardor"
destroyed = false
characters = ["Admiral Bright", "Weapon Specialist Hooper"]
crew = ["Admiral Bright", "Weapon Specialist Hooper"]
damage = []
hand = ["Fire At Will x2", "Raise The Stakes", "Target Eliminated"]
discard = ["Defiance x2", "Evasion Maneuver"]
deck_list = ["Defiance x4", "Evasion Maneuver x4", "Fire At Will x4", "Raise The Stakes x4", "Target Eliminated x4"]
passed = false
used = []
assignment = "fought"

[players.deck]
cards = ["Defiance x2", "Evasion Maneuver x3", "Fire At Will x2", "Raise The Stakes x3", "Target Eliminated x3"]

[[players]]
wing = "Green"
flagship = "TRF Moscow"
destroyed = false
characters = ["Ensign Holder", "Tinkerer Lott"]
crew = ["Ensign Holder", "Tinkerer Lott"]
damage = []
hand = ["Never Say Die", "Rise From The Ashes"]
discard = ["Ace In The Hole x2", "Emergency Procedures", "Good As New!", "Never Say Die x2", "Salvaging"]
deck_list = ["Ace In The Hole x4", "Emergency Procedures x3", "Good As New! x3", "Lost And Found x2", "Never Say Die x4", "Rise From The Ashes x2", "Salvaging x2"]
passed = false
used = []
assignment = "enemy 2"

[players.deck]
cards = ["Ace In The Hole x2", "Emergency Procedures x2", "Good As New! x2", "Lost And Found x2", "Never Say Die", "Rise From The Ashes", "Salvaging"]

[[players]]
wing = "Purple"
flagship = "TRI Pegasus"
destroyed = false
characters = ["Mr. Alford", "Ms. McGowan"]
crew = ["Mr. Alford", "Ms. McGowan"]
damage = []
hand = ["Surprise Assault", "Watch Your Back"]
discard = ["Analyze Attack", "Distortion Field", "Surprise Assault x2", "Watch Your Back"]
deck_list = ["Analyze Attack x3", "Covert Ops x3", "Distortion Field x2", "No Second Guessing x2", "Surprise Assault x4", "They Are Coming x2", "Watch Your Back x4"]
passed = false
used = []
assignment = "enemy 5"

[players.deck]
cards = ["Analyze Attack x2", "Covert Ops x3", "Distortion Field", "No Second Guessing x2", "Surprise Assault", "They Are Coming x2", "Watch Your Back x2"]

[[enemies]]
name = "Dra'tar Behemoth"
paid = 4

[[enemies]]
name = "Dra'tar Behemoth"
paid = 4

[[enemies]]
name = "Dra'tar Assault Cruiser"
paid = 3

[[enemies]]
name = "Dra'tar Swarm Frigate"
paid = 1

[[enemies]]
name = "Dra'tar Behemoth"
paid = 4

[[enemies]]
name = "Dra'tar Swarm Frigate"
paid = 1

[[enemies]]
name = "DAF Cataclysm"
paid = 3

[fight]
player = 1
enemy = 1
bonus = 0
enemy_bonus = 0
damage_taken = 0
resolved = false

[attack_deck]
cards = ["A Change Of Plans", "Collateral Damage x2", "DAC Disaster", "DB Agony", "DB Horror", "DSF Curse", "DSF Decay", "Dra'tar Assault Cruiser x2", "Dra'tar Assault Frigate x3", "Dra'tar Swarm Frigate", "End Of The Line", "Lack Of Preparation x2", "Plasma Leak x2", "The End Draws Near x2", "Worry"]

[damage_deck]
cards = ["Bridge Hit x2", "Cargo Bay Hit", "Direct Hit x2", "Engine Room Hit x2", "Engines Hit", "Sickbay Hit x2", "Weapon Systems Hit x2"]

[location_deck]
cards = ["Agniar", "Da'tar", "Harana", "Kressar Shipyards", "Lacarna Nebula", "Salaza Docks", "Solmar Border Station", "Tekana Passage", "Volar Pulsar"]
known_bottom = ["Salaza Docks", "Solmar Border Station", "Kressar Shipyards", "Da'tar"]
'''
"""Pinned Down, three players, turn 5: the fleet has covered distance 10 (it wins at the jump phase if every
flagship lives). Player 1's TRB Ardor fights a Dra'tar Behemoth it already beats; Raise The Stakes *overloads*
the flagship for +4 power (a damage card) and can lose the game. Found: heuristic game seed 44 with
``initial_state(players=3)``, after 161 moves (seed 44 is a fleet win of the heuristic)."""

ENDOR_INNER_RING_ATTACK = '''
players = 2
round = 6
stage = "orders"
seat = "Rebels"
fleet_markers_face_up = ["F2", "F4"]
falcon_hits = 6
executor_hits = 0
undeployed_ties = 0
destroyed = ["Falcon", "TIE x4", "X-wing x11", "Y-wing x8"]
rebel_supply = ["B-wing x3"]
strike_team = 28
stormtroopers = []
luke_hits = 4
vader_hits = 0
vader = "fighting"

[space]
F2 = ["B-wing x3"]
F4 = ["B-wing x3"]
O7 = ["X-wing x4", "Y-wing x4"]
O8 = ["X-wing x5"]
O9 = ["B-wing x3"]
O11 = ["TIE x4"]
O12 = ["TIE x4"]
M17 = ["Y-wing x4"]
I22 = ["TIE x10"]
I23 = ["B-wing x3"]
I25 = ["TIE x4"]
I26 = ["Executor", "TIE x20"]
I27 = ["TIE x10"]

[[cards]]
side = "Rebels"
deck = ["B-wing / Luke Skywalker", "Millennium Falcon / X-wing / Shield Assault", "X-wing / B-wing / Shield Assault", "X-wing / Luke Skywalker", "X-wing / Shield Assault", "X-wing / Vader Redeemed", "X-wing / Y-wing / Shield Assault", "Y-wing / Luke Skywalker"]
discard = ["B-wing / Luke Skywalker", "Millennium Falcon / B-wing / Luke Skywalker", "Millennium Falcon / B-wing / Shield Assault", "Millennium Falcon / B-wing / Vader Redeemed", "Millennium Falcon / X-wing / Luke Skywalker", "Millennium Falcon / Y-wing / Luke Skywalker", "Millennium Falcon / Y-wing / Shield Assault x2", "Shield Assault / Luke Skywalker x3", "Vader Redeemed / Shield Assault", "X-wing / B-wing / Luke Skywalker", "X-wing / Y-wing / Luke Skywalker", "Y-wing / B-wing / Shield Assault", "Y-wing / Shield Assault x2"]

[[cards]]
side = "Empire"
deck = ["Death Star / Emperor x2", "Death Star / Executor / Darth Vader", "Death Star / Shield Ambush x2", "Executor / Emperor x2", "Executor / Shield Ambush", "TIE Fighter / Darth Vader x4", "TIE Fighter / Emperor x2", "TIE Fighter / Shield Ambush x7"]
discard = ["TIE Fighter / Shield Ambush"]

[[seats]]
name = "Rebels"
hand = ["Y-wing / Luke Skywalker x3"]
order_pile = ["B-wing / Shield Assault"]
bonus_orders = 1

[[seats]]
name = "Empire"
hand = ["Executor / Shield Ambush x3"]
order_pile = ["Death Star / Darth Vader", "Death Star / Darth Vader", "TIE Fighter / Darth Vader", "TIE Fighter / Darth Vader", "Death Star / Executor / Darth Vader"]
bonus_orders = 4

[order]
card = "X-wing / B-wing / Shield Assault"
stage = "attack"
order = "B-wing"
from = "M16"
to = "I23"
moved = 3
'''
"""Battle of Endor, round 6: the shields have just fallen (strike team 28 of 28) and the Rebels' B-wing order has
moved three B-wings from M16 into I23, in the inner ring; the order's attack is next: at the Death Star from I23
(3 dice, a 6 wins), into I22 (ten TIEs), or none. The Falcon and Luke are gone. Found: heuristic game seed 4,
after 208 moves."""

FLEET_COMMAND_LAST_SHOTS = '''
stage = "combat"
round = 4
initiative = "Player 1"
to_move = "Player 2"
deck = 11
discard = ["Afterburner 1 x2", "Afterburner 2 x2", "Afterburner 3", "Afterburner 4", "Afterburner 6 x2", "Big Guns 1", "Big Guns 2", "Big Guns 3", "Big Guns 4 x2", "Big Guns 6 x2", "Do A Barrel Roll 1 x2", "Do A Barrel Roll 2 x2", "Do A Barrel Roll 3", "Do A Barrel Roll 5", "Do A Barrel Roll 6", "Energy Surge 1", "Energy Surge 2", "Energy Surge 3", "Energy Surge 4 x2", "Energy Surge 5 x2", "Energy Surge 6", "Repair 1", "Repair 3 x2", "Repair 5", "Repair 6", "Replenish 1 x2", "Replenish 2", "Replenish 3", "Replenish 5 x2", "Replenish 6 x2"]

[[players]]
hand = []

[[players.ships]]
name = "Fighter"
x = "6.5"
y = "3.5"
heading = 0
cubes = 4
moved = true
shot = true

[[players.ships]]
name = "Fighter 2"
x = "5.5"
y = "3.5"
heading = 0
cubes = 1
moved = true
shot = true

[[players.ships]]
name = "Hopper"
x = "5.5"
y = "2.5"
heading = 0
cubes = 5
moved = true
shot = true

[[players.ships]]
name = "Station"
destroyed = true
cubes = 0

[[players.ships]]
name = "Interceptor"
x = "4.5"
y = "6.5"
heading = 90
cubes = 4
moved = true
shot = true

[[players]]
hand = []

[[players.ships]]
name = "Fighter"
x = "4.5"
y = "5.5"
heading = 180
cubes = 5
moved = true
shot = true

[[players.ships]]
name = "Fighter 2"
x = "6.5"
y = "4.5"
heading = 180
cubes = 1
moved = true
shot = true

[[players.ships]]
name = "Hopper"
x = "4.5"
y = "4.5"
heading = 180
cubes = 3
moved = true
shot = true

[[players.ships]]
name = "Station"
destroyed = true
cubes = 0
moved = true

[[players.ships]]
name = "Interceptor"
x = "5.5"
y = "5.5"
heading = 180
cubes = 4
moved = true
'''
"""Space Fleet Command, round 4, Combat Phase, 11 cards left in the deck (the game ends when a draw finds it
empty; most cubes on ships wins). Player 1 leads 14 cubes to 13; Player 2's Interceptor can still shoot the
enemy Fighter, Fighter 2 or Hopper, or hold fire. Found: heuristic game seed 100, after 186 moves."""

BLUNDERS: dict[str, Blunder] = {
    "star_realms": Blunder("star_realms", LETHAL, 0, "end turn", "play Scout",
                           "LETHAL (written by hand): Player 1 ends the turn instead of attacking for the win "
                           "(every move that keeps the attack wins 100%; the review names the first of them)"),
    "warps_edge": Blunder("warps_edge", WARPS_EDGE_TURN_ONE, 0, "end actions", "maneuver at section 2",
                          "heuristic seed 2, after 10 moves: end actions with all five tokens unused (advise, 200 "
                          "rollouts, seed 7: end actions 0.0% against 66.0%, difference -74.0 [-86.3, -61.7])"),
    "pinned_down": Blunder("pinned_down", PINNED_DOWN_WON_FIGHT, 0, "play Raise The Stakes", "play Fire At Will",
                           "heuristic seed 44 (3 players), after 161 moves: overloading a flagship in a won fight "
                           "(advise, 200 rollouts, seed 7: 78.0% against 100.0%, difference -22.0 [-33.6, -10.4])"),
    "endor": Blunder("endor", ENDOR_INNER_RING_ATTACK, 0, "no attack", "attack the Death Star from I23",
                     "heuristic seed 4, after 208 moves: three B-wings in the inner ring with the shields down "
                     "and no attack on the Death Star (advise, 200 rollouts, no racing, seed 7: no attack 20.0% "
                     "against 53.5%, difference -33.5 [-42.3, -24.7])"),
    "fleet_command": Blunder("fleet_command", FLEET_COMMAND_LAST_SHOTS, 1, "hold fire",
                             "Interceptor shoots enemy Hopper, drawing a card",
                             "heuristic seed 100, after 186 moves: holding fire one cube behind near the end "
                             "(advise, 100 rollouts, no racing, seed 7: 0.5% against 47.5%, difference -47.0 "
                             "[-49.3, -44.7])"),
}
"""The blunder position of each game, by game id."""


def blunder(game_id: str) -> tuple[State, str]:
    """The position of ``game_id``'s blunder, as a share link opens it, and the blunder's text."""
    case = BLUNDERS[game_id]
    state = explorer.load_game(game_id).position_from_text(case.position)
    return read_query(position_query(state)).match.state, case.played
