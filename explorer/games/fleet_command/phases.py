"""The Movement, Activation and Combat Phases (seed "Play proceeds in a series of rounds").

* Movement: from the player without initiative, players alternate moving one
  ship each. A move is two choices: the ship and its tiles (base movement; +2
  by activating, a cube or what pays for one; +1 with Afterburner — one of
  these per move, the seed's "or"), then the manoeuvre sequence. A ship given
  Do A Barrel Roll may barrel roll.
* Activation: from the player without initiative, each in turn activates one
  ship for its Activation-Phase ability (Station, Construction Ship), plays
  Replenish, or passes; two passes in sequence end the phase.
* Combat: from the player with initiative, each in turn shoots with one ship
  (a card drawn from the deck or played from hand; a hit if its number is at
  most the target's cubes), may play Big Guns first, or holds fire for the
  rest of the phase (§8: each ship shoots at most once; a player with no shot
  left passes and the other continues). Repair may prevent each cube removal.

>>> import explorer
>>> s = explorer.load_game("fleet_command").position_from_text(tactics.EXAMPLE)
>>> [str(a) for a in s.legal_actions()][:2]
['Interceptor shoots enemy Fighter, drawing a card', 'hold fire']
"""

from __future__ import annotations

from explorer.core import Action
from explorer.core.frozen import replaced
from explorer.games.fleet_command import tactics
from explorer.games.fleet_command.movement import laid_tiles, reachable, ship_manoeuvres
from explorer.games.fleet_command.offers import HOLD_FIRE, PASS, TAKE_HIT, move_action, path_action, shot_actions
from explorer.games.fleet_command.recall import ready_targets, remembered_ends
from explorer.games.fleet_command.state import EMPTY, FleetState, Moving, Shot
from explorer.games.fleet_command.tactics import (
    card_sources, card_words, construction_payment_words, construction_payments, pay, pay_cube, payment_words, payments,
    use_card,
)

MOVE_CARDS = ("Afterburner", "Do A Barrel Roll")


# --- movement ----------------------------------------------------------------------------------
def start_movement(state: FleetState) -> FleetState:
    first = 1 - state.initiative
    return _next_mover(state.replace(stage="movement", actor=first), first, first_turn=True)


def _unmoved(state: FleetState, player: int) -> bool:
    return any(s.on_table and not s.moved for s in state.fleets[player].ships)


def _next_mover(state: FleetState, last: int, first_turn: bool = False) -> FleetState:
    order = (last, 1 - last) if first_turn else (1 - last, last)
    for p in order:
        if _unmoved(state, p):
            return state.replace(stage="movement", actor=p, moving=None)
    return start_activation(state.replace(moving=None))


def move_actions(state: FleetState) -> list[Action]:
    player = state.actor
    variant_drop = state.game.variant == "fighter_card_extra_tile"
    extra = state.params.activation_tiles
    sources = [(effect, card_sources(state, player, effect)) for effect in MOVE_CARDS]  # the same for every ship
    out = []
    for ship in state.fleets[player].ships:
        if not ship.on_table or ship.moved:
            continue
        n = ship.name
        out.append(move_action(n, "", "", "", extra))
        for how, source in payments(state, player, n):
            out.append(move_action(n, "activate", how, source, extra))
        for effect, cards in sources:
            if effect == "Do A Barrel Roll" and ship.kind == "Fighter" and not variant_drop:
                continue  # a Fighter may barrel roll already: the card would change nothing
            for card, carrier in cards:
                out.append(move_action(n, "card", card, carrier, extra))
    return out


def is_listed_path(state: FleetState, action: Action) -> bool:
    """Whether ``action`` is one of :func:`path_actions` here, told from the end positions' sequences."""
    return state.stage == "path" and type(action) is Action and action.kind == "path" \
        and action.args in ends(state).values()


def move_tiles(state: FleetState, player: int, action: Action) -> Moving:
    """The tiles and barrel-roll right a ``move`` action gives its ship."""
    name, boost, how, source = (str(a) for a in action.args)
    ship = state.fleets[player].ship(name)
    kind = state.ship_type(ship)
    tiles = kind.movement
    roll = "Barrel Roll" in kind.manoeuvres
    if boost == "activate":
        tiles += state.params.activation_tiles
    elif boost == "card":
        effect = state.data.card_effect(how)
        if effect == "Afterburner":
            tiles += state.params.card_tiles
        else:
            roll = True
            if state.game.variant == "fighter_card_extra_tile":
                tiles += state.params.card_tiles
    return Moving(ship=name, tiles=tiles, roll=roll)


def apply_move(state: FleetState, action: Action) -> FleetState:
    player = state.actor
    moving = move_tiles(state, player, action)
    name, boost, how, source = (str(a) for a in action.args)
    if boost == "activate":
        state = pay(state, player, name, how, source)
    elif boost == "card":
        state = use_card(state, player, how, source)
    return state.replace(stage="path", moving=moving)


def ends(state: FleetState) -> dict:
    """The end positions of the ship now laying out its path, each with its first sequence.

    Remembered by the position (``FleetState.REMEMBERED``): the legal paths, the heuristic and
    the table view all ask for them. Callers must not change the dict they get. Also remembered
    by what the search reads (the game, the ship, its tiles and the other ships'
    places), across positions (:mod:`explorer.games.fleet_command.recall`): the rollouts of a hint
    meet the same moves again and again, and the answer is the rules' own.
    """
    got = state.__dict__.get("_ends_cache")
    if got is None:
        got = remembered_ends(state, _ends)
        object.__setattr__(state, "_ends_cache", got)
    return got


def _ends(state: FleetState) -> dict:
    assert state.moving is not None
    player = state.actor
    ship = state.fleets[player].ship(state.moving.ship)
    kind = state.ship_type(ship)
    blocked = [s.pose for f in state.fleets for s in f.ships if s.on_table and s is not ship and s.pose is not None]
    assert ship.pose is not None
    return reachable(ship.pose, tiles=state.moving.tiles, manoeuvres=ship_manoeuvres(kind.manoeuvres),
                     roll=state.moving.roll, omnidirectional=kind.omnidirectional, blocked=blocked,
                     width=state.params.table_width, depth=state.params.table_depth,
                     two_fronts=tactics.fronts(state, ship) == 2)


def path_actions(state: FleetState) -> list[Action]:
    return [path_action(seq) for seq in ends(state).values()]


def apply_path(state: FleetState, action: Action) -> FleetState:
    assert state.moving is not None
    seq = tuple(str(c) for c in action.args)
    known = state.__dict__.get("_ends_cache")  # the search that listed this path knows where it ends
    end = next((pose for pose, laid in known.items() if laid == seq), None) if known is not None else None
    if end is None:
        start = state.fleets[state.actor].ship(state.moving.ship).pose
        assert start is not None
        end = laid_tiles(start, seq)[1]  # legal, so every tile of it is free
    state = state.with_ship(state.actor, state.moving.ship, pose=end, moved=True)
    return _next_mover(state, state.actor)


# --- activation ---------------------------------------------------------------------------------
def reset_marks(state: FleetState) -> FleetState:
    """A new phase: no ship has activated or shot in it yet (§8: once per phase)."""
    fleets = tuple(replaced(f, ships=tuple(replaced(s, activated=False, shot=False) if (s.activated or s.shot) else s
                                           for s in f.ships)) for f in state.fleets)
    return state.replace(fleets=fleets)


def start_activation(state: FleetState) -> FleetState:
    return reset_marks(state).replace(stage="activation", actor=1 - state.initiative, passes=0)


def activation_actions(state: FleetState) -> list[Action]:
    player = state.actor
    fleet = state.fleets[player]
    out = []
    friendly = [s for s in fleet.ships if s.on_table]
    for ship in friendly:
        if ship.kind == "Station":
            for how, source in payments(state, player, ship.name):
                out.append(Action("activate", (ship.name, how, source),
                                  label=f"activate {ship.name}{payment_words(how, source)}"))
        if ship.kind == "Construction Ship" and not ship.activated:
            for card in fleet.hand.kinds():
                card = str(card)
                for pair in construction_payments(state, player, ship.name, card):
                    paid = construction_payment_words(pair)
                    for target in friendly:
                        out.append(Action("attach", (card, target.name, *pair[0], *pair[1]),
                                          label=f"{ship.name} attaches {card} to {target.name}{paid}"))
    if fleet.supply:
        for card, carrier in card_sources(state, player, "Replenish"):
            for target in friendly:
                out.append(Action("replenish", (card, target.name, carrier),
                                  label=f"play {card_words(card, carrier)} on {target.name}"))
    out.append(PASS)
    return out


def apply_activation(state: FleetState, action: Action) -> FleetState:
    player = state.actor
    if action.kind == "pass":
        if state.passes + 1 >= 2:
            return start_combat(state)
        return state.replace(actor=1 - player, passes=state.passes + 1)
    if action.kind == "activate":
        name, how, source = (str(a) for a in action.args)
        state = pay(state, player, name, how, source)
        station = state.fleets[player].ship(name)
        for ship in state.fleets[player].ships:
            if ship.name != name and ship.on_table and state.fleets[player].supply \
                    and tactics.in_ability_range(state, station, ship):
                state = state.with_ship(player, ship.name, cubes=ship.cubes + 1)
                state = state.with_fleet(player, supply=state.fleets[player].supply - 1)
    elif action.kind == "attach":
        card, target, *paid = (str(a) for a in action.args)
        builder = next(s for s in state.fleets[player].ships if s.kind == "Construction Ship" and s.on_table
                       and not s.activated)
        state = state.with_fleet(player, hand=state.fleets[player].hand.remove(card))
        for how, source in ((paid[0], paid[1]), (paid[2], paid[3])):
            state = pay_cube(state, player, builder.name, how, source)
        state = state.with_ship(player, builder.name, activated=True)
        ship = state.fleets[player].ship(target)
        state = state.with_ship(player, target, attached=ship.attached.add(card))
    elif action.kind == "replenish":
        card, target, carrier = (str(a) for a in action.args)
        state = use_card(state, player, card, carrier)
        ship = state.fleets[player].ship(target)
        state = state.with_ship(player, target, cubes=ship.cubes + 1)
        state = state.with_fleet(player, supply=state.fleets[player].supply - 1)
    return state.replace(actor=1 - player, passes=0)


# --- combat --------------------------------------------------------------------------------------
def start_combat(state: FleetState) -> FleetState:
    state = reset_marks(state).replace(stage="combat", passes=0)
    return _next_shooter(state, 1 - state.initiative)


def shoot_actions(state: FleetState, player: int) -> list[Action]:
    """Every shot and Big Guns play open to ``player`` now (``hold fire`` aside)."""
    fleet = state.fleets[player]
    if fleet.passed:
        return []
    out: list[Action] = []
    ready = [s for s in fleet.ships if s.on_table and not s.shot]
    cards = ("",) * bool(state.deck) + tuple(str(c) for c in fleet.hand.kinds())  # "": drawing a card
    for ship, aims in zip(ready, ready_targets(state, player, ready)):
        if aims:
            out += shot_actions(ship.name, aims, cards)
    if ready and (fleet.hand or state.deck):
        for card, carrier in card_sources(state, player, "Big Guns"):
            out.append(Action("big guns", (card, carrier),
                              label=f"play {card_words(card, carrier)} (+{state.params.big_guns_bonus} range)"))
    return out


def _next_shooter(state: FleetState, last: int) -> FleetState:
    for p in (1 - last, last):
        shots = shoot_actions(state, p)
        if shots:
            after = state.replace(stage="combat", actor=p, shot=None)
            object.__setattr__(after, "_shots_cache", shots)  # its legal moves: shoot_actions of the same fleets
            return after
    return state.game.rulebook.rules.start_round(state.replace(shot=None))


def apply_combat(state: FleetState, action: Action) -> FleetState:
    settle = state.game.rulebook.rules.settle
    player = state.actor
    if action.kind == "hold fire":
        return _next_shooter(state.with_fleet(player, passed=True), player)
    if action.kind == "big guns":
        card, carrier = (str(a) for a in action.args)
        state = use_card(state, player, card, carrier)
        return state.with_fleet(player, range_bonus=state.fleets[player].range_bonus + state.params.big_guns_bonus)
    name, target, card = (str(a) for a in action.args)
    state = state.with_ship(player, name, shot=True)
    close = tactics.is_close(state, player, name, target)
    if not card:
        return settle(state.replace(stage="shot", shot=Shot(name, target, close=close)))
    state = state.with_fleet(player, hand=state.fleets[player].hand.remove(card))
    return resolve(state, Shot(name, target, card=card, close=close))


def apply_reveal(state: FleetState, card: str) -> FleetState:
    assert state.shot is not None
    shot = state.shot
    return resolve(state.replace(deck=state.deck.after_draw(card)), Shot(shot.shooter, shot.target,
                                                                          card=card, close=shot.close))


def resolve(state: FleetState, shot: Shot) -> FleetState:
    """Compare the card with the target's cubes (seed: hit if the number is at most the cubes)."""
    player = state.actor
    target = state.fleets[1 - player].ship(shot.target)
    hits = 0
    if state.data.card_number(shot.card) <= target.cubes:
        hits = state.params.battleship_close_hits if shot.close else 1
    return _remove_cubes(state, Shot(shot.shooter, shot.target, shot.card, hits, shot.close))


def _remove_cubes(state: FleetState, shot: Shot, ask: bool = True) -> FleetState:
    defender = 1 - state.actor
    if ask and shot.hits and card_sources(state, defender, "Repair"):
        return state.replace(stage="repair", shot=shot)
    target = state.fleets[defender].ship(shot.target)
    removed = min(shot.hits, target.cubes)
    state = state.with_fleet(defender, supply=state.fleets[defender].supply + removed)
    if removed and removed == target.cubes:
        state = state.with_ship(defender, shot.target, cubes=0, pose=None, destroyed=True, attached=EMPTY)
        state = state.replace(discard=state.discard + target.attached)
    elif removed:
        state = state.with_ship(defender, shot.target, cubes=target.cubes - removed)
    state = state.replace(discard=state.discard.add(shot.card), stage="combat", shot=None)
    return _next_shooter(state, state.actor)


def repair_actions(state: FleetState) -> list[Action]:
    out = [Action("repair", (card, carrier), label=f"play {card_words(card, carrier)} to keep the cube")
           for card, carrier in card_sources(state, 1 - state.actor, "Repair")]
    return out + [TAKE_HIT]


def apply_repair(state: FleetState, action: Action) -> FleetState:
    assert state.shot is not None
    shot = state.shot
    if action.kind == "take hit":
        return _remove_cubes(state, shot, ask=False)
    card, carrier = (str(a) for a in action.args)
    state = use_card(state, 1 - state.actor, card, carrier)
    return _remove_cubes(state, Shot(shot.shooter, shot.target, shot.card, shot.hits - 1, shot.close))


# --- the surface -------------------------------------------------------------------------------
def legal_actions(state: FleetState) -> list[Action]:
    stage = state.stage
    if stage == "movement":
        return move_actions(state)
    if stage == "path":
        return path_actions(state)
    if stage == "activation":
        return activation_actions(state)
    if stage == "combat":
        shots = state.__dict__.get("_shots_cache")
        if shots is None:
            shots = shoot_actions(state, state.actor)
        return shots + [HOLD_FIRE]
    if stage == "repair":
        return repair_actions(state)
    return []


def apply_action(state: FleetState, action: Action) -> FleetState:
    kind = action.kind
    if kind == "move":
        return apply_move(state, action)
    if kind == "path":
        return apply_path(state, action)
    if kind in ("activate", "attach", "replenish", "pass"):
        return apply_activation(state, action)
    if kind in ("shoot", "big guns", "hold fire"):
        return apply_combat(state, action)
    if kind == "reveal":
        return apply_reveal(state, str(action.args[0]))
    if kind in ("repair", "take hit"):
        return apply_repair(state, action)
    raise ValueError(f"unknown action kind {kind!r}")


def why_illegal(state: FleetState, action: Action) -> str:
    """Reasons in the game's words for the common refusals."""
    if action.kind == "shoot" and len(action.args) == 3:
        if state.stage != "combat":
            return "ships shoot only in the Combat Phase"
        name, target, card = (str(a) for a in action.args)
        refusal = tactics.shot_refusal(state, state.actor, name, target)
        if refusal:
            return refusal
        fleet = state.fleets[state.actor]
        if card and card not in fleet.hand:
            return f"{card} is not in {state.game.player_name(state.actor)}'s hand"
        if not card and not state.deck:
            return "the deck is empty: a shot needs a card from hand"
    if action.kind == "move" and state.stage != "movement":
        return "ships move only in the Movement Phase"
    if action.kind == "path" and state.stage == "path":
        return "that manoeuvre sequence is not open to this ship: too many tiles, another ship in the way, " \
               "or off the table"
    return ""
