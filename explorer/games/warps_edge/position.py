"""The Warp's Edge position in the pilot's words, and the referee that checks any position from outside.

A position lists what a pilot at the table can see or count: starfighter, hull, shields, the token
zones (bag, pool, hold, discard, removed, supply) as counted names, the enemy row with the tokens
below (stunning) and above each card and its damage counters (``lasers``, ``maneuvers``: below its hull and speed),
the enemy deck by level (contents: the order is unknown; or a count of face-down cards when the pilot cannot know
which of the level's unseen cards they are, written as the pilot says it: ``3``, ``"3 face-down"``, ``"3 unknown
level-2"``, ``"face down x3"``; see :mod:`explorer.games.warps_edge.face_down`), the
mothership sections with their damage markers, the skill cards and their state, warp and turn.
Left out on purpose: the order inside the enemy deck's layers and the skill deck's unknown part (the
skill card put at the bottom at setup is kept: the pilot knows it).

>>> import explorer
>>> game = explorer.load_game("warps_edge")
>>> s = game.initial_state()
>>> d = position_dict(s)
>>> d["starfighter"], d["hull"], d["bag"][:2]
('Demo Kestrel', 8, ['energy-1 x3', 'energy-2'])
>>> game.position_from_text(s.position_text()) == s
True

A token is written by id (``energy-1``) and read by id or by name, in any case (``Energy 1 x3``): the editor's
pickers offer the names.

>>> bag = position_dict(s)["bag"]
>>> d2 = {**position_dict(s), "bag": ["Energy 1 x3", "ENERGY-2", *bag[2:]]}
>>> game.read_position_data(d2).state == s
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.field_words import field_label
from explorer.core.position import PositionReader, check_conserved, counted
from explorer.errors import StateFormatError, excerpt
from explorer.core.zones import DealtDeck
from explorer.games.warps_edge.face_down import LAYERS, face_down_count, forms, read_layer
from explorer.games.warps_edge.face_down import layers as deal_layers
from explorer.games.warps_edge.state import (CHOICE_PENDING, CHANCE_PENDING, PHASES, Pending, SkillCard, Target,
                                             WarpsEdgeState, layer_cards)

OUTCOMES = ("", "won", "lost-hull", "lost-warp")
MAX_COUNT = 999
FORM_ENTRIES: dict[str, dict[str, Any]] = {
    "skills": {"name": "", "exhausted": False, "tokens": []},
    "enemy_row": {"enemy": "", "below": [], "above": [], "lasers": 0, "maneuvers": 0},
    "pending": {"kind": "", "amount": 1, "token": ""},
}
"""The fields the editor shows on each entry of these lists (a new skill card is ready: not exhausted; an enemy
carries its damage counters: laser and maneuver damage taken so far)."""
FORM_HINTS: dict[str, str] = {
    f"enemy_deck.{colour}": f"e.g. 3 face-down, or by name: Demo Dart x2 (a count: {forms(level)})"
    for level, colour in enumerate(LAYERS, start=1)}
"""What the editor's field of each enemy-deck layer suggests: a count of face-down cards as a pilot says it."""
FORM_WORDS: dict[str, dict[str, str]] = {"stage": dict(PHASES)}
"""The stage in the rules' words ("setup: keep a skill card"); the editor shows these and reads back the id."""
FORM_FIXED = ("enemy_row",)
"""Lists of a fixed length (the four slots of the enemy row): no Add or Remove in the editor."""


def _target_dict(t: Target, *, section: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"name" if section else "enemy": t.card}
    if section:
        out["damage_marker"] = t.defeated
    if t.below:
        out["below"] = counted(t.below)
    if t.above:
        out["above"] = counted(t.above)
    for key in ("lasers", "maneuvers", "energy"):
        if getattr(t, key):
            out[key] = getattr(t, key)
    if t.stunned:
        out["stunned"] = True
    if t.marks:
        out["marks"] = counted(t.marks)
    return out


def position_dict(s: "WarpsEdgeState") -> dict[str, Any]:
    """The position as nested tables of names and whole numbers (see the module docstring)."""
    out: dict[str, Any] = {
        "starfighter": s.starfighter, "mothership": s.mothership, "stage": s.stage,
        "warp": s.warp, "turn": s.turn, "hull": s.hull, "shields": s.shields,
    }
    for zone in ("bag", "pool", "hold", "discard", "removed", "supply"):
        out[zone] = counted(getattr(s, zone))
    out["enemy_row"] = [_target_dict(t, section=False) for t in s.row]
    out["enemy_deck"] = {colour: _layer_value(layer) for colour, layer in zip(LAYERS, s.enemy_deck)}
    out["enemies_defeated"] = counted(s.defeated)
    out["enemies_in_box"] = counted(s.enemy_box)
    out["sections"] = [_target_dict(t, section=True) for t in s.sections]
    out["skills"] = [{"name": c.name, "tokens": counted(c.tokens), "exhausted": c.exhausted, "active": c.active,
                      "activated": c.activated} for c in s.skills]
    out["skill_offer"] = list(s.skill_offer)
    out["skill_deck"] = counted(s.skill_deck.middle + Multiset(s.skill_deck.top))
    out["skill_deck_bottom"] = list(s.skill_deck.bottom)
    out["level_index"] = s.level_index
    out["attack_index"] = s.attack_index
    out["credit"] = s.credit
    out["warhammer"] = s.warhammer
    out["pending"] = [{"kind": p.kind, "amount": p.amount, "token": p.token} for p in s.pending]
    out["outcome"] = s.outcome
    return out


def _layer_value(layer: Deck | DealtDeck) -> Any:
    """A layer as the pilot knows it: its cards by name; a dealt layer as its count of face-down cards,
    or, with cards shuffled back into it at a warp's end, ``{ cards = [...], face_down = N }``."""
    if not isinstance(layer, DealtDeck):
        return counted(layer.contents())
    if not layer.known:
        return layer.dealt
    return {"cards": counted(layer.known), "face_down": layer.dealt}


def _read_target(r: PositionReader, tokens: set[str], *, section: bool, names: set[str]) -> Target:
    card = r.text("name" if section else "enemy", sorted(names | ({""} if not section else set())))
    defeated = r.flag("damage_marker", False) if section else False
    t = Target(card=card, below=r.names("below", tokens), above=r.names("above", tokens),
               lasers=r.int("lasers", 0, 10_000, 0), maneuvers=r.int("maneuvers", 0, 10_000, 0),
               energy=r.int("energy", 0, 10_000, 0), stunned=r.flag("stunned", False), defeated=defeated,
               marks=r.names("marks", tokens | {"skill"}))
    r.finish()
    return t


ZONES = ("bag", "pool", "hold", "discard", "removed", "supply")
ON_TARGETS = ("below", "above", "marks")
_COUNTED = re.compile(r"^(?P<name>.*?)(?P<count>\s*(?:[x×*]\s*\d+)?)$")


def _entry_ids(d: Any, value: Any) -> Any:
    """A counted token list with each token name written as its id (``"Energy 1 x3"`` -> ``"energy-1 x3"``);
    what names no token is kept as written, for the reader to refuse with its own words."""
    def one(item: Any) -> Any:
        if not isinstance(item, str):
            return item
        m = _COUNTED.match(item.strip())
        if m is None:
            return item
        token = d.token_words(m["name"])
        return token + m["count"] if token else item

    if isinstance(value, str):
        return ", ".join(one(part) for part in value.split(","))
    if isinstance(value, list):
        return [one(item) for item in value]
    if isinstance(value, Mapping):
        return {(d.token_words(k) or k) if isinstance(k, str) else k: v for k, v in value.items()}
    return value


def token_ids(d: Any, data: Any) -> Any:
    """The position table with every token named by its id: the zones, the tokens on each target and skill
    card, and a pending reward's token (a copy; ``data`` is not changed)."""
    if not isinstance(data, Mapping):
        return data
    out = dict(data)
    for zone in ZONES:
        if zone in out:
            out[zone] = _entry_ids(d, out[zone])
    for key, fields in (("enemy_row", ON_TARGETS), ("sections", ON_TARGETS), ("skills", ("tokens",))):
        if isinstance(out.get(key), list):
            out[key] = [{**t, **{f: _entry_ids(d, t[f]) for f in fields if f in t}} if isinstance(t, Mapping) else t
                        for t in out[key]]
    if isinstance(out.get("pending"), list):
        out["pending"] = [{**p, "token": d.token_words(p["token"]) or p["token"]}
                          if isinstance(p, Mapping) and isinstance(p.get("token"), str) and p["token"] else p
                          for p in out["pending"]]
    return out


def position_from_dict(game: Any, data: dict[str, Any], derived: list[str]) -> "WarpsEdgeState":
    """Build a state from a position table; names and ranges are checked here, the rest by :func:`check_state`.
    Tokens may be named by id or by name (:func:`token_ids`)."""
    d = game.data
    data = token_ids(d, data)
    r = PositionReader(data, "")
    fighter = r.text("starfighter", [f.name for f in d.starfighters])
    ship = r.text("mothership", [m.name for m in d.motherships])
    tokens = {t.id for t in d.tokens}
    enemies = {e.name for e in d.enemies}
    skills = {k.name for k in d.skills}
    zones = {z: r.names(z, tokens) for z in ("bag", "pool", "hold", "discard", "removed")}
    if r.has("supply"):
        supply = r.names("supply", tokens)
    else:
        box = game.initial_state(starfighter=fighter, mothership=ship).all_tokens()
        seen: Multiset[str] = Multiset()
        for z in zones.values():
            seen = seen + z
        supply = Multiset()  # the rest, filled in after the targets and skills are read
        derived.append("supply: the tokens of the box not seen in any other zone")
    row = [_read_target(t, tokens, section=False, names=enemies) for t in r.tables("enemy_row", (4, 4))]
    ship_data = d.mothership(ship)
    secs = [_read_target(t, tokens, section=True, names={x.name for x in ship_data.sections})
            for t in r.tables("sections", (len(ship_data.sections), len(ship_data.sections)))]
    deck_r = r.table("enemy_deck")
    named: dict[str, Multiset] = {}
    face_down: dict[str, tuple[int, str]] = {}  # colour: (count, the field's label)
    for level, c in enumerate(LAYERS, start=1):
        given = deck_r.raw(c, [])
        if isinstance(given, dict):
            layer_r = deck_r.table(c)
            named[c] = layer_r.names("cards", enemies, ())
            at = field_label(f"enemy_deck.{c}.face_down")
            count = face_down_count(layer_r.raw("face_down", 0), level, at)
            if count is None:
                raise StateFormatError(f"{at}: expected a count of face-down cards ({forms(level)}), got "
                                       f"{excerpt(layer_r.raw('face_down', 0))}")
            face_down[c] = (count, at)
            layer_r.finish()
            continue
        at = field_label(f"enemy_deck.{c}")
        named[c], count = read_layer(given, level, at, enemies)
        if count is not None:
            face_down[c] = (count, at)
    deck_r.finish()
    cards = []
    for sr in r.tables("skills", (0, 18)):
        cards.append(SkillCard(sr.text("name", sorted(skills)), sr.names("tokens", tokens), sr.flag("exhausted", False),
                               sr.flag("active", False), sr.flag("activated", False)))
        sr.finish()
    pending = []
    for pr in r.tables("pending", (0, 50)):
        pending.append(Pending(pr.text("kind", sorted(CHOICE_PENDING + CHANCE_PENDING + ("gain", "shields", "stun"))),
                               pr.int("amount", 0, MAX_COUNT, 1), pr.text("token", sorted(tokens | {""}), "")))
        pr.finish()
    if not r.has("supply"):
        used: Multiset[str] = Multiset()
        for z in zones.values():
            used = used + z
        for t in row + secs:
            used = used + t.tokens()
        for card in cards:
            used = used + card.tokens
        if not used <= box:
            supply = Multiset()  # the referee names the extra token
        else:
            supply = box - used
    box_cards = r.names("enemies_in_box", enemies, ())
    defeated_cards = r.names("enemies_defeated", enemies, ())
    seen = box_cards + defeated_cards + Multiset(t.card for t in row if t.card)
    for bag in named.values():
        seen = seen + bag
    layers, box_cards = deal_layers(d, named, face_down, seen, box_cards, derived)
    state = WarpsEdgeState(
        game=game, stage=r.text("stage", list(PHASES)), starfighter=fighter, mothership=ship,
        hull=r.int("hull", 0, 10_000), shields=r.int("shields", 0, 10_000), supply=supply,
        skill_deck=Deck(middle=r.names("skill_deck", skills, ()), bottom=r.ordered("skill_deck_bottom", skills, ())),
        skill_offer=r.ordered("skill_offer", skills, ()), skills=tuple(cards), enemy_deck=layers,
        enemy_box=box_cards, level_index=r.int("level_index", 0, 3, 3),
        row=tuple(row), sections=tuple(secs), defeated=defeated_cards,
        warp=r.int("warp", 1, 100), turn=r.int("turn", 0, 100_000), credit=r.int("credit", 0, 10_000, 0),
        warhammer=r.flag("warhammer", False), pending=tuple(pending),
        attack_index=r.int("attack_index", 0, len(row) + len(secs), 0), outcome=r.text("outcome", OUTCOMES, ""),
        **zones)
    r.finish()
    return state


def check_state(s: "WarpsEdgeState") -> None:
    """The referee: names exist, every token, enemy and skill card is conserved, values in range, a reachable stage."""
    game = s.game
    d = game.data
    try:
        fighter = d.starfighter(s.starfighter)
    except KeyError:
        raise StateFormatError(f"starfighter: unknown {excerpt(s.starfighter)}; allowed: "
                               f"{', '.join(f.name for f in d.starfighters)}") from None
    try:
        ship = d.mothership(s.mothership)
    except KeyError:
        raise StateFormatError(f"mothership: unknown {excerpt(s.mothership)}; allowed: "
                               f"{', '.join(m.name for m in d.motherships)}") from None
    if s.stage not in PHASES:
        raise StateFormatError(f"{field_label('stage')}: unknown {excerpt(s.stage)}; allowed: {', '.join(PHASES)}")
    for where, targets in (("enemy_row", s.row), ("sections", s.sections)):
        for i, t in enumerate(targets):
            for field in ("lasers", "maneuvers", "energy"):
                if not 0 <= getattr(t, field) <= 1_000:
                    raise StateFormatError(f"{field_label(f'{where}[{i}].{field}')}: expected 0 to 1000, got {excerpt(getattr(t, field))}")
    for i, t in enumerate(s.row):
        _check_counters(d, t, field_label(f"enemy_row[{i}]"))
    if not 0 <= s.attack_index <= len(s.row) + len(s.sections):
        raise StateFormatError(f"{field_label('attack_index')}: expected 0 to {len(s.row) + len(s.sections)}, got "
                               f"{excerpt(s.attack_index)}")
    box = game.initial_state(starfighter=s.starfighter, mothership=s.mothership)
    zones = {z: getattr(s, z) for z in ("bag", "pool", "hold", "discard", "supply", "removed")}
    for i, t in enumerate(s.row):
        zones[field_label(f"enemy_row[{i}]")] = t.tokens()
    for i, t in enumerate(s.sections):
        zones[field_label(f"sections[{i}]")] = t.tokens()
    for i, c in enumerate(s.skills):
        zones[field_label(f"skills[{i}].tokens")] = c.tokens
    check_conserved(box.all_tokens(), zones, "token")
    # the deck is built one level at a time in setup: levels not dealt yet are in no zone
    level_cards: Multiset[str] = Multiset(e.name for e in d.enemies if e.level <= s.level_index)
    check_conserved(level_cards, {field_label("enemy_row"): Multiset(t.card for t in s.row if t.card),
                                  **{field_label(f"enemy_deck.{c}"): layer_cards(layer)
                                     for c, layer in zip(LAYERS, s.enemy_deck)},
                                  field_label("enemies_defeated"): s.defeated, field_label("enemies_in_box"): s.enemy_box},
                    "enemy card")
    for colour, layer in zip(LAYERS, s.enemy_deck):
        for name in map(str, layer_cards(layer).kinds()):
            if d.enemy(name).colour != colour:
                raise StateFormatError(f"{field_label(f'enemy_deck.{colour}')}: {excerpt(name)} is a {d.enemy(name).colour} (level "
                                       f"{d.enemy(name).level}) card")
    check_conserved(Multiset(k.name for k in d.skills),
                    {"skills": Multiset(c.name for c in s.skills), "skill offer": Multiset(s.skill_offer),
                     "skill deck": s.skill_deck.contents()}, "skill card")
    if len(s.row) != 4:
        raise StateFormatError(f"{field_label('enemy_row')}: expected 4 slots, got {len(s.row)}")
    if [t.card for t in s.sections] != [x.name for x in ship.sections]:
        raise StateFormatError(f"sections: expected {[x.name for x in ship.sections]} in order")
    if not 0 <= s.hull <= s.max_hull or (s.hull == 0) != (s.outcome == "lost-hull"):
        raise StateFormatError(f"hull: expected 1 to {s.max_hull} (0 only when the game is lost), got {s.hull}")
    if not 0 <= s.shields <= s.max_shields:
        raise StateFormatError(f"shields: expected 0 to {s.max_shields}, got {s.shields}")
    if len(s.hold) > s.hold_size:
        raise StateFormatError(f"hold: {len(s.hold)} tokens but {s.starfighter} holds {s.hold_size}")
    if not 1 <= s.warp <= s.warp_track:
        raise StateFormatError(f"warp: expected 1 to {s.warp_track} (the {s.mothership}'s track), got {s.warp}")
    setup = s.stage.startswith("setup")
    if setup != (s.turn == 0) and not (s.stage == "setup-deck" and s.turn == 0):
        raise StateFormatError(f"turn: {s.turn} in the phase {excerpt(s.stage)} (turn 0 is setup; turns start at 1)")
    if s.pool and s.stage not in ("actions", "setup-deck", "arrivals"):
        raise StateFormatError(f"pool: holds tokens in the phase {excerpt(s.stage)}; the pool goes to the discard at the end "
                               "of step 2")
    if s.credit and s.stage != "actions":
        raise StateFormatError(f"credit: buying credit exists only in step 2, got {s.credit} in {excerpt(s.stage)}")
    if s.skill_offer and s.stage != "setup-keep":
        raise StateFormatError("skill offer: the two drawn skill cards wait only in setup (keep a skill card)")
    if s.stage == "setup-keep" and len(s.skill_offer) != 2:
        raise StateFormatError(f"skill offer: 2 cards to choose from in setup, got {len(s.skill_offer)}")
    if not setup and len(s.skills) < 1:
        raise StateFormatError("skills: the pilot keeps one skill card at setup")
    for i, t in enumerate(s.sections):
        if t.defeated and t.tokens():
            raise StateFormatError(f"{field_label(f'sections[{i}]')}: a defeated section holds no tokens")
    if s.outcome == "won" and not all(t.defeated for t in s.sections):
        raise StateFormatError(f"{field_label('outcome')}: 'won' needs every section's damage marker")
    if s.outcome != "won" and s.sections and all(t.defeated for t in s.sections):
        raise StateFormatError(f"{field_label('outcome')}: every section is defeated, so the game is won")
    del fighter


def _check_counters(d: Any, t: Target, at: str) -> None:
    """An enemy's damage counters are below the numbers that defeat it: at its hull in lasers it is destroyed,
    at its speed in maneuvers evaded, and leaves the row at once (an empty slot holds no counters)."""
    if not t.card:
        for field in ("lasers", "maneuvers", "energy"):
            if getattr(t, field):
                raise StateFormatError(f"{at} › {field}: an empty slot holds no damage counters, got {getattr(t, field)}")
        return
    if t.card not in {e.name for e in d.enemies}:
        return  # the conservation check names the unknown card
    enemy = d.enemy(t.card)
    for field, limit, what in (("lasers", enemy.hull, "hull"), ("maneuvers", enemy.speed, "speed")):
        if getattr(t, field) >= limit:
            raise StateFormatError(f"{at} › {field}: {t.card} leaves the row at {limit} {field} (its {what}), so it "
                                   f"holds 0 to {limit - 1}, got {getattr(t, field)}")


def position_vocabulary(game: Any) -> dict[str, tuple[str, ...]]:
    """The names a pilot may pick in each position key (tokens by name: ``Energy 1``; the reader takes the id too)."""
    d = game.data
    tokens = tuple(t.label for t in d.tokens)
    enemies = tuple(e.name for e in d.enemies)
    skills = tuple(k.name for k in d.skills)
    return {
        "starfighter": tuple(f.name for f in d.starfighters), "mothership": tuple(m.name for m in d.motherships),
        **{z: tokens for z in ("bag", "pool", "hold", "discard", "removed", "supply", "below", "above")},
        "enemy": enemies, "enemy_deck": enemies, "cards": enemies,  # cards: those known in a layer of face-down cards
        "enemies_defeated": enemies, "enemies_in_box": enemies,
        "skills": skills, "skill_deck": skills, "skill_offer": skills, "stage": tuple(PHASES),
    }
