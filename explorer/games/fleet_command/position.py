"""Positions in the game's words, and the referee that checks any position from outside.

A position is what the players see on the table: each ship's tile (where,
facing, cubes, attached cards), each hand, the discard pile, the round, the
phase and who is to act. It leaves out the deck's order (never known) and
writes the deck only as a count: its contents are the cards seen nowhere else
(derived). The cube supply is derived too: removed cubes go back to their
owner's supply (§8), so it is the player's cubes less those on ships.
Coordinates are exact text (``"2.5"``, ``"1 + √3/2"``, see ``geometry.text``),
headings compass degrees in steps of 30. Round trip is exact:
``game.position_from_text(s.position_text()) == s``.

>>> import explorer
>>> game = explorer.load_game("fleet_command")
>>> s = game.position_from_text(tactics.EXAMPLE)
>>> game.position_from_text(s.position_text()) == s, len(s.deck)
(True, 54)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from explorer.core import Deck, Multiset
from explorer.core.field_words import field_label
from explorer.core.position import PositionReader, check_conserved, counted, excerpt
from explorer.errors import StateFormatError
from explorer.games.fleet_command import tactics  # noqa: F401 (doctest)
from explorer.games.fleet_command.geometry import Pose, on_table, overlap, parse, text
from explorer.games.fleet_command.state import PHASES, Fleet, FleetState, Moving, Ship, Shot

if TYPE_CHECKING:
    from explorer.games.fleet_command.game import FleetCommand

PLAYERS = ("Player 1", "Player 2")
LABEL_WORDS: dict[str, str] = {"moving": "ship laying out its path", "moving.ship": "ship"}
"""This game's words for a key another game uses for something else (Star Realms' ``moving`` is the player
moving); the rest are :data:`explorer.core.field_words.FIELD_WORDS`."""

FORM_WORDS: dict[str, dict[str, str]] = {"stage": dict(PHASES)}
"""The phase in the rules' words ("Movement Phase: lay out the path"); the editor shows these and reads back the id."""


def label(path: str) -> str:
    """A field as the editor's form labels it, in this game's words: ``label("moving.tiles") == "ship laying out
    its path › path tiles"``."""
    return field_label(path, LABEL_WORDS)


def _player(p: int) -> str:
    return PLAYERS[p]


def position_dict(state: FleetState) -> dict[str, Any]:
    out: dict[str, Any] = {"stage": state.stage, "round": state.round,
                           "initiative": _player(state.initiative) if state.initiative >= 0 else "none",
                           "to_move": _player(state.actor), "deck": len(state.deck),
                           "discard": counted(state.discard)}
    if state.passes:
        out["passes"] = state.passes
    if state.draws:
        out["draws"] = [_player(p) for p in state.draws]
    if state.outcome:
        out["outcome"] = state.outcome
    if state.moving is not None:
        m = state.moving
        out["moving"] = {"ship": m.ship, "tiles": m.tiles, "barrel_roll": m.roll}
    if state.shot is not None:
        sh = state.shot
        out["shot"] = {"shooter": sh.shooter, "target": sh.target, "card": sh.card, "hits": sh.hits,
                       "close": sh.close}
    out["players"] = [_fleet_dict(f) for f in state.fleets]
    return out


def _fleet_dict(fleet: Fleet) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": counted(fleet.hand)}
    if fleet.chosen:
        out["chosen"] = fleet.chosen
    if fleet.passed:
        out["passed"] = True
    if fleet.range_bonus:
        out["big_guns"] = fleet.range_bonus
    out["ships"] = [_ship_dict(s) for s in fleet.ships]
    return out


def _ship_dict(ship: Ship) -> dict[str, Any]:
    out: dict[str, Any] = {"name": ship.name}
    if ship.destroyed:
        out["destroyed"] = True
    elif ship.pose is None:
        out["placed"] = False
    else:
        out.update(x=text(ship.pose.x), y=text(ship.pose.y), heading=ship.pose.heading)
    out["cubes"] = ship.cubes
    for flag in ("moved", "activated", "shot"):
        if getattr(ship, flag):
            out[flag] = True
    if ship.attached:
        out["attached"] = counted(ship.attached)
    return out


# --- reading ------------------------------------------------------------------------------------
def kind_of(name: str, kinds: tuple[str, ...], path: str) -> str:
    """The ship kind a name says: ``"Fighter"`` or ``"Fighter 2"``."""
    base = re.sub(r"\s+\d+$", "", name)
    if base not in kinds:
        raise StateFormatError(f"{path}: unknown ship {excerpt(name)}; ships here are named by kind "
                               f"(with a number for a second one: 'Fighter 2'): {', '.join(kinds)}")
    return base


def position_from_dict(game: "FleetCommand", data: dict[str, Any], derived: list[str]) -> FleetState:
    r = PositionReader(data, "", LABEL_WORDS)
    cards = game.data.card_names()
    stage = r.text("stage", tuple(PHASES))
    rnd = r.int("round", 0, 99)
    initiative = r.text("initiative", (*PLAYERS, "none"), default="none")
    actor = PLAYERS.index(r.text("to_move", PLAYERS, default="Player 1"))
    deck_count = r.int("deck", 0, len(game.data.deck), default=-1) if r.has("deck") else None
    discard = r.names("discard", cards)
    passes = r.int("passes", 0, 1, default=0) if r.has("passes") else 0
    draws = tuple(PLAYERS.index(p) for p in (r.raw("draws", []) or []) if isinstance(p, str) and p in PLAYERS)
    if r.has("draws") and len(draws) != len(r.raw("draws")):
        raise StateFormatError(f"{label('draws')}: each pending draw names 'Player 1' or 'Player 2', got {excerpt(r.raw('draws'))}")
    outcome = r.text("outcome", default="") if r.has("outcome") else ""
    moving = None
    if r.has("moving"):
        m = r.table("moving")
        moving = Moving(ship=m.text("ship"), tiles=m.int("tiles", 0, 20), roll=m.flag("barrel_roll", False))
        m.finish()
    shot = None
    if r.has("shot"):
        t = r.table("shot")
        card = t.text("card", default="") if t.has("card") else ""
        if card and card not in cards:
            raise StateFormatError(f"{label('shot.card')}: unknown card {excerpt(card)}; cards are named like 'Repair 3'")
        shot = Shot(shooter=t.text("shooter"), target=t.text("target"), card=card,
                    hits=t.int("hits", 0, 5, default=0) if t.has("hits") else 0,
                    close=t.flag("close", False) if t.has("close") else False)
        t.finish()
    fleets = []
    for i, pr in enumerate(r.tables("players", (2, 2))):
        fleets.append(_read_fleet(game, pr, i))
    r.finish()
    seen = discard
    for f in fleets:
        seen = seen + f.hand + (Multiset([f.chosen]) if f.chosen else Multiset())
        for s in f.ships:
            seen = seen + s.attached
    if shot is not None and shot.card:
        seen = seen + Multiset([shot.card])
    for seen_card, n in seen.items():
        if n > game.data.deck.count(seen_card):
            raise StateFormatError(f"card {excerpt(seen_card)}: {n} seen (hands, discard pile, attached, face down) "
                                   f"but the deck holds {game.data.deck.count(seen_card)}")
    deck = game.data.deck - seen
    if deck_count is not None and deck_count != len(deck):
        raise StateFormatError(f"{label('deck')}: {deck_count} cards written, but {len(deck)} of the 54 are not seen "
                               "elsewhere (hands, discard pile, attached, face down)")
    derived.append(f"deck: the {len(deck)} cards not seen elsewhere")
    derived.append("cube supply: each player's cubes less those on ships (removed cubes return to the supply)")
    return FleetState(game=game, stage=stage, fleets=(fleets[0], fleets[1]), deck=Deck.shuffled(deck),
                      discard=discard, round=rnd, initiative=-1 if initiative == "none" else PLAYERS.index(initiative),
                      actor=actor, draws=draws, passes=passes, moving=moving, shot=shot, outcome=outcome)


def _read_fleet(game: "FleetCommand", r: PositionReader, player: int) -> Fleet:
    cards = game.data.card_names()
    hand = r.names("hand", cards)
    chosen = r.text("chosen", cards, default="") if r.has("chosen") else ""
    passed = r.flag("passed", False) if r.has("passed") else False
    bonus = r.int("big_guns", 0, 60, default=0) if r.has("big_guns") else 0
    ships = []
    kinds = tuple(s.name for s in game.data.ships)
    for sr in r.tables("ships", (1, 5)):
        name = sr.text("name")
        kind = kind_of(name, kinds, sr.at("name"))
        destroyed = sr.flag("destroyed", False) if sr.has("destroyed") else False
        placed = sr.flag("placed", True) if sr.has("placed") else not destroyed
        pose = None
        if placed and not destroyed:
            try:
                pose = Pose(parse(sr.text("x")), parse(sr.text("y")), sr.int("heading", 0, 330))
            except ValueError as err:
                raise StateFormatError(f"{label(sr.path)} › x, y: a coordinate is exact text such as '2.5' "
                                       f"or '1 + √3/2' ({err})") from None
        flags = {f: (sr.flag(f, False) if sr.has(f) else False) for f in ("moved", "activated", "shot")}
        ships.append(Ship(name=name, kind=kind, cubes=sr.int("cubes", 0, 99), pose=pose, destroyed=destroyed,
                          attached=sr.names("attached", cards), **flags))
        sr.finish()
    r.finish()
    on_ships = sum(s.cubes for s in ships)
    return Fleet(ships=tuple(ships), hand=hand, supply=game.params.cubes_per_player - on_ships, chosen=chosen,
                 passed=passed, range_bonus=bonus)


def position_vocabulary(game: Any) -> dict[str, tuple[str, ...]]:
    """For each key holding names, the names a player may write there (the editor's pickers): the tactics cards.

    >>> import explorer
    >>> v = position_vocabulary(explorer.load_game("fleet_command"))
    >>> v["hand"] == v["discard"] == v["attached"] and len(v["hand"]) > 0
    True
    """
    cards = game.data.card_names()
    return {"hand": cards, "discard": cards, "attached": cards}


# --- the referee ---------------------------------------------------------------------------------
def check_state(state: FleetState) -> None:
    """Every card and cube conserved, ships where the rules can put them, a stage the rules can reach."""
    game, params = state.game, state.params
    if state.stage not in PHASES:
        raise StateFormatError(f"{label('stage')}: unknown {excerpt(state.stage)}; phases: {', '.join(PHASES)}")
    zones = {label("deck"): state.deck.contents(), label("discard"): state.discard}
    for p, fleet in enumerate(state.fleets):
        zones[label(f"players[{p}].hand")] = fleet.hand
        if fleet.chosen:
            zones[label(f"players[{p}].chosen")] = Multiset([fleet.chosen])
        for k, s in enumerate(fleet.ships):
            if s.attached:
                zones[label(f"players[{p}].ships[{k}].attached")] = s.attached
    if state.shot is not None and state.shot.card:
        zones[label("shot.card")] = Multiset([state.shot.card])
    check_conserved(state.data.deck, zones, "card")
    allowed = game.allowed_ships()
    placed: list[tuple[str, Pose]] = []
    for p, fleet in enumerate(state.fleets):
        where = label(f"players[{p}]")
        if not 1 <= len(fleet.ships) <= 5:
            raise StateFormatError(f"{label(f'players[{p}].ships')}: a fleet is 1 to 5 ship tiles, got {len(fleet.ships)}")
        names = [s.name for s in fleet.ships]
        if len(set(names)) != len(names):
            raise StateFormatError(f"{label(f'players[{p}].ships')}: two ships share a name; number them ('Fighter 2')")
        on_ships = 0
        for k, s in enumerate(fleet.ships):
            at = label(f"players[{p}].ships[{k}]")
            if s.kind not in allowed:
                raise StateFormatError(f"{at}: {s.kind} is not a ship of variant {game.variant}; "
                                       f"allowed: {', '.join(allowed)}")
            if not re.fullmatch(re.escape(s.kind) + r"( [2-5])?", s.name):
                raise StateFormatError(f"{label(f'players[{p}].ships[{k}].name')}: {excerpt(s.name)} is not a name for a {s.kind} tile; "
                                       f"write {s.kind!r} or a numbered one like '{s.kind} 2'")
            if s.destroyed and (s.cubes or s.pose is not None or s.attached):
                raise StateFormatError(f"{at}: a destroyed ship has no cubes, place or cards")
            if not s.destroyed and s.pose is not None and s.cubes < 1:
                raise StateFormatError(f"{label(f'players[{p}].ships[{k}].cubes')}: a ship on the table has at least 1 cube (the last one "
                                       "removed destroys it)")
            if s.pose is None and not s.destroyed and state.stage != "place":
                raise StateFormatError(f"{at}: not placed, but ships are placed before the first card is dealt")
            if s.pose is not None:
                if s.pose.heading % 30 or not 0 <= s.pose.heading < 360:
                    raise StateFormatError(f"{label(f'players[{p}].ships[{k}].heading')}: a multiple of 30 from 0 to 330, got {s.pose.heading}")
                if not on_table(s.pose, params.table_width, params.table_depth):
                    raise StateFormatError(f"{at}: at {s.pose} the tile is not on the {params.table_width} × "
                                           f"{params.table_depth} table")
                for other, pose in placed:
                    if overlap(pose, s.pose):
                        raise StateFormatError(f"{at} ({s.name}): its tile overlaps {other}'s")
                placed.append((f"{at} ({s.name})", s.pose))
            on_ships += s.cubes
        if fleet.supply < 0 or fleet.supply + on_ships != params.cubes_per_player:
            raise StateFormatError(f"{where}: {on_ships} cubes on ships and {fleet.supply} in the supply; "
                                   f"a player has {params.cubes_per_player}")
        if fleet.chosen and state.stage not in ("initiative", "tie"):
            raise StateFormatError(f"{label(f'players[{p}].chosen')}: a face-down card exists only while initiative is chosen")
        if state.stage not in ("draw", "discard") and len(fleet.hand) > params.hand_limit:
            raise StateFormatError(f"{label(f'players[{p}].hand')}: {len(fleet.hand)} cards; the hand limit is {params.hand_limit}")
    _check_stage(state)


def _check_stage(state: FleetState) -> None:
    stage = state.stage
    if stage in ("place", "deal") and state.round != 0 or stage not in ("place", "deal", "over") and state.round < 1:
        raise StateFormatError(f"round: {state.round} cannot be the round of the phase {PHASES[stage]}")
    if (stage in ("deal", "draw")) != bool(state.draws):
        raise StateFormatError(f"{label('draws')}: cards still to draw exist exactly in the phases "
                               f"{PHASES['deal']} and {PHASES['draw']}")
    if (stage == "path") != (state.moving is not None):
        raise StateFormatError(f"{label('moving')}: given exactly in the phase {PHASES['path']}")
    if (stage in ("shot", "repair")) != (state.shot is not None):
        raise StateFormatError(f"{label('shot')}: given exactly in the phases {PHASES['shot']} and {PHASES['repair']}")
    if (stage == "over") != bool(state.outcome):
        raise StateFormatError(f"{label('outcome')}: how the game ended is given exactly when the game is over")
    if stage in ("movement", "path", "activation", "combat", "shot", "repair") and state.initiative < 0:
        raise StateFormatError(f"initiative: someone holds initiative in the phase {PHASES[stage]}")
    if stage == "discard" and not any(len(f.hand) > state.params.hand_limit for f in state.fleets):
        raise StateFormatError(f"{label('stage')}: {PHASES['discard']}, but nobody is over the hand limit")
    if stage == "initiative" and all(f.chosen for f in state.fleets):
        raise StateFormatError(f"{label('stage')}: {PHASES['initiative']}, but both cards are already face down")
    if stage == "tie" and not all(f.chosen for f in state.fleets):
        raise StateFormatError(f"{label('stage')}: {PHASES['tie']}, but a tie needs both face-down cards")
    if state.passes and stage != "activation":
        raise StateFormatError(f"{label('passes')}: counted only in the Activation Phase")
    if state.moving is not None:
        try:
            ship = state.fleets[state.actor].ship(state.moving.ship)
        except KeyError:
            raise StateFormatError(
                f"{label('moving.ship')}: {excerpt(state.moving.ship)} is not a ship of the player to move") from None
        if not ship.on_table or ship.moved:
            raise StateFormatError(f"{label('moving.ship')}: {ship.name} is not on the table or has moved already")
    if state.shot is not None:
        try:
            state.fleets[state.actor].ship(state.shot.shooter)
            target = state.fleets[1 - state.actor].ship(state.shot.target)
        except KeyError:
            raise StateFormatError(f"{label('shot')}: the shooter is a ship of the player to move, the target an enemy ship") from None
        if not target.on_table:
            raise StateFormatError(f"{label('shot.target')}: the target is not on the table")
        if (stage == "shot") == bool(state.shot.card):
            raise StateFormatError(f"{label('shot.card')}: drawn in the phase {PHASES['repair']}, not yet in "
                                   f"{PHASES['shot']}")
    if stage in ("movement", "place"):
        ready = [s for s in state.fleets[state.actor].ships
                 if ((s.on_table and not s.moved) if stage == "movement" else (s.pose is None and not s.destroyed))]
        if not ready:
            raise StateFormatError(f"{label('to_move')}: {PLAYERS[state.actor]} has no ship left to "
                                   f"{'move' if stage == 'movement' else 'place'}")
