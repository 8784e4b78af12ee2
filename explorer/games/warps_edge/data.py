"""The Warp's Edge data file: loader and structural checks (the records themselves are in ``schema.py``).

The printed component values are not public, so the package ships a
demonstration set (``data/demo.toml``) invented by this project. An owner of
the game can write the printed values into a file of the same shape and load it
with ``load_game("warps_edge", data=path)``. A malformed file is refused with a
:class:`DataFileError` naming the field and the reason.

>>> data = load_data()
>>> data.label, len(data.enemies), len(data.skills)
('demo', 27, 18)
>>> data.token("laser-2").value, data.token("photon-blast").counts_as
(2, 'laser')
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from explorer.games.warps_edge.schema import (  # noqa: F401 (re-exported: the public names stay here)
    ATTACK_WHEN, LEVEL_COLOURS, METHODS, ONGOING_EFFECTS, POWER_EFFECTS, TARGETABLE_WHEN, DataFileError, DataSet,
    Enemy, Mothership, Reward, Section, Skill, Starfighter, TokenDef)

DEMO_PATH = Path(__file__).parent / "data" / "demo.toml"


# --- reading -----------------------------------------------------------------
def _fail(path: str, expected: str, got: Any) -> NoReturn:
    raise DataFileError(f"{path}: expected {expected}, got {got!r}")


def _int(rec: dict, key: str, path: str, low: int = 0) -> int:
    v = rec.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        _fail(f"{path}.{key}", f"a whole number >= {low}", v)
    return v


def _str(rec: dict, key: str, path: str, choices: tuple[str, ...] | None = None, required: bool = True) -> str:
    v = rec.get(key, None if required else "")
    if not isinstance(v, str) or (required and not v):
        _fail(f"{path}.{key}", "a non-empty string", v)
    if choices is not None and v not in choices:
        _fail(f"{path}.{key}", f"one of {list(choices)}", v)
    return v


def _list(rec: dict, key: str, path: str) -> list:
    v = rec.get(key, [])
    if not isinstance(v, list):
        _fail(f"{path}.{key}", "a list", v)
    return v


def _source(rec: dict, path: str) -> str:
    return _str(rec, "source", path, ("demo", "owner"))


_REWARD = re.compile(r"^(gain) (\S+)(?: x(\d+))?$|^(shields|draw|recover|armor) (\d+)$|^(any token|skill|stun enemies)$"
                     r"|^(hold|max shields|repair|buy credit) \+(\d+)$")


def parse_reward(text: Any, path: str, token_ids: set[str], *, skill: bool = False, ongoing: bool = False) -> Reward:
    """Read one reward phrase such as ``"gain laser-2"`` or ``"draw 3"``."""
    if not isinstance(text, str):
        _fail(path, "a reward phrase such as 'gain laser-2'", text)
    m = _REWARD.match(text.strip())
    if not m:
        _fail(path, "a reward phrase: gain <token> [xN], shields N, draw N, recover N, any token, skill"
              + (", stun enemies, armor N, hold +N, max shields +N, repair +N, buy credit +N" if skill else ""), text)
    if m.group(1):
        if m.group(2) not in token_ids:
            _fail(path, f"a known token id ({', '.join(sorted(token_ids))})", m.group(2))
        r = Reward("gain", int(m.group(3) or 1), m.group(2))
    elif m.group(4):
        r = Reward(m.group(4), int(m.group(5)))
    elif m.group(6):
        r = Reward({"any token": "any", "skill": "skill", "stun enemies": "stun"}[m.group(6)])
    else:
        r = Reward(m.group(7), int(m.group(8)))
    if r.amount < 1:
        _fail(path, "an amount >= 1", text)
    is_ongoing_kind = r.kind in ONGOING_EFFECTS
    if (r.kind == "stun" or is_ongoing_kind) and not skill:
        _fail(path, "a reward (stun enemies and ongoing effects are for skill cards only)", text)
    if is_ongoing_kind and not ongoing:
        _fail(path, "an effect of a non-ongoing skill (armor, hold, max shields, repair, buy credit need ongoing = true)", text)
    return r


def load_data(path: str | Path | None = None) -> DataSet:
    """Read and check a data file (the demo set when ``path`` is None)."""
    name = str(path) if path is not None else str(DEMO_PATH)
    try:
        stamp = Path(name).stat().st_mtime_ns
    except OSError:
        stamp = 0
    return _load(name, stamp)


@lru_cache(maxsize=16)
def _load(path: str, stamp: int = 0) -> DataSet:
    try:
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
    except FileNotFoundError as err:
        raise DataFileError(f"data: no such file {path!r}") from err
    except tomllib.TOMLDecodeError as err:
        raise DataFileError(f"data: {path} is not valid TOML: {err}") from err
    return parse_data(raw, path)


def parse_data(raw: dict, path: str = "<memory>") -> DataSet:
    """Check the structure of an already-read data file and build the :class:`DataSet`."""
    meta = raw.get("meta", {})
    if not isinstance(meta, dict):
        _fail("meta", "a table", meta)
    name = _str(meta, "name", "meta")
    label = _source(meta, "meta")
    tokens: list[TokenDef] = []
    seen: set[str] = set()

    def add(t: TokenDef, p: str) -> None:
        if t.id in seen:
            _fail(f"{p}.id", "a unique token id", t.id)
        seen.add(t.id)
        tokens.append(t)

    for i, rec in enumerate(_list(raw, "tokens", "data")):
        p = f"tokens[{i}]"
        _source(rec, p)
        kind = _str(rec, "kind", p, ("energy", "laser", "maneuver"))
        value = _int(rec, "value", p, 1)
        if kind == "maneuver" and value != 1:
            _fail(f"{p}.value", "1 (maneuver tokens have value 1)", value)
        if kind in ("energy", "laser") and value > 3:
            _fail(f"{p}.value", "a value from 1 to 3", value)
        add(TokenDef(_str(rec, "id", p), kind, value, _int(rec, "cost", p), _int(rec, "supply", p)), p)
    for kind in ("energy", "laser", "maneuver"):
        if not any(t.kind == kind for t in tokens):
            _fail("tokens", f"at least one {kind} token", [t.id for t in tokens])
    if sum(1 for t in tokens if t.kind == "maneuver") != 1:
        _fail("tokens", "exactly one maneuver token (value 1)", [t.id for t in tokens if t.kind == "maneuver"])
    for i, rec in enumerate(_list(raw, "power_tokens", "data")):
        p = f"power_tokens[{i}]"
        _source(rec, p)
        add(TokenDef(_str(rec, "id", p), "power", _int(rec, "value", p), _int(rec, "cost", p), _int(rec, "supply", p),
                     _str(rec, "name", p), _str(rec, "effect", p, POWER_EFFECTS)), p)
    standard = sum(t.supply for t in tokens)
    if standard != 99:
        _fail("tokens", "99 standard tokens in the supply (energy, laser, maneuver and P.O.W.E.R.)", standard)
    power_ids = {t.id for t in tokens if t.kind == "power"}
    for i, rec in enumerate(_list(raw, "signature_tokens", "data")):
        p = f"signature_tokens[{i}]"
        _source(rec, p)
        add(TokenDef(_str(rec, "id", p), "signature", _int(rec, "value", p), _int(rec, "cost", p), 1,
                     _str(rec, "name", p), _str(rec, "effect", p, POWER_EFFECTS), _str(rec, "starfighter", p)), p)
    token_ids = {t.id for t in tokens}
    for t in tokens:
        if t.effect in ("laser", "maneuver", "photon_blast", "shields", "rupture") and t.value < 1:
            _fail(f"token {t.id}.value", f"a whole number >= 1 for effect {t.effect}", t.value)

    sb = raw.get("starting_bag")
    if not isinstance(sb, dict):
        _fail("starting_bag", "a table with tokens = { id = count }", sb)
    _source(sb, "starting_bag")
    bag = sb.get("tokens")
    if not isinstance(bag, dict):
        _fail("starting_bag.tokens", "a table id = count", bag)
    for tid, n in bag.items():
        if tid not in token_ids or data_kind(tokens, tid) not in ("energy", "laser", "maneuver"):
            _fail(f"starting_bag.tokens.{tid}", "an energy, laser or maneuver token id", tid)
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            _fail(f"starting_bag.tokens.{tid}", "a whole number >= 1", n)
    if sum(bag.values()) != 10:
        _fail("starting_bag.tokens", "10 starting tokens (white border)", sum(bag.values()))

    loadouts: dict[str, tuple[str, ...]] = {}
    for i, rec in enumerate(_list(raw, "loadouts", "data")):
        p = f"loadouts[{i}]"
        _source(rec, p)
        kinds = _list(rec, "power_tokens", p)
        if len(set(kinds)) != 5 or len(kinds) != 5:
            _fail(f"{p}.power_tokens", "five different P.O.W.E.R. types", kinds)
        for j, k in enumerate(kinds):
            if k not in power_ids:
                _fail(f"{p}.power_tokens[{j}]", f"a P.O.W.E.R. token id ({', '.join(sorted(power_ids))})", k)
        loadouts[_str(rec, "name", p)] = tuple(kinds)

    fighters: list[Starfighter] = []
    for i, rec in enumerate(_list(raw, "starfighters", "data")):
        p = f"starfighters[{i}]"
        _source(rec, p)
        fname = _str(rec, "name", p)
        lo = _str(rec, "loadout", p, tuple(loadouts))
        sig = _list(rec, "signature_tokens", p)
        if len(sig) != 5 or len(set(sig)) != 5:
            _fail(f"{p}.signature_tokens", "5 different signature token ids", sig)
        for j, s in enumerate(sig):
            if s not in token_ids or data_kind(tokens, s) != "signature":
                _fail(f"{p}.signature_tokens[{j}]", "a signature token id", s)
        start = _str(rec, "starting_signature", p, tuple(sig))
        fighters.append(Starfighter(fname, _int(rec, "hull", p, 1), _int(rec, "shields", p, 0), _int(rec, "hold", p),
                                    loadouts[lo], tuple(sig), start, _str(rec, "ability", p, required=False)))
    if not 1 <= len(fighters) <= 4:
        _fail("starfighters", "1 to 4 starfighters (2 double-sided dashboards)", len(fighters))

    ships: list[Mothership] = []
    for i, rec in enumerate(_list(raw, "motherships", "data")):
        p = f"motherships[{i}]"
        _source(rec, p)
        deck = rec.get("enemy_deck")
        if not isinstance(deck, dict):
            _fail(f"{p}.enemy_deck", "a table { yellow, orange, red }", deck)
        yellow, orange, red = (_int(deck, c, f"{p}.enemy_deck") for c in ("yellow", "orange", "red"))
        counts = (yellow, orange, red)
        for c, n in zip(("yellow", "orange", "red"), counts):
            if n > 9:
                _fail(f"{p}.enemy_deck.{c}", "at most 9 cards", n)
        secs = []
        for j, s in enumerate(_list(rec, "sections", p)):
            q = f"{p}.sections[{j}]"
            secs.append(Section(_str(s, "name", q), _str(s, "method", q, METHODS), _int(s, "stat", q, 1),
                                _int(s, "attack", q), _str(s, "attack_when", q, ATTACK_WHEN),
                                _str(s, "targetable_when", q, TARGETABLE_WHEN),
                                tuple(parse_reward(r, f"{q}.rewards[{k}]", token_ids)
                                      for k, r in enumerate(_list(s, "rewards", q)))))
        if not 1 <= len(secs) <= 5:
            _fail(f"{p}.sections", "1 to 5 sections (there are 5 damage markers)", len(secs))
        ships.append(Mothership(_str(rec, "name", p), _int(rec, "warp_track", p, 1), counts, tuple(secs)))
    if not 1 <= len(ships) <= 6:
        _fail("motherships", "1 to 6 motherships (3 double-sided dashboards)", len(ships))

    enemies: list[Enemy] = []
    for i, rec in enumerate(_list(raw, "enemies", "data")):
        p = f"enemies[{i}]"
        _source(rec, p)
        ename = _str(rec, "name", p)
        if any(e.name == ename for e in enemies):
            _fail(f"{p}.name", "a unique enemy name", ename)
        level = _int(rec, "level", p, 1)
        if level > 3:
            _fail(f"{p}.level", "1, 2 or 3", level)
        enemies.append(Enemy(ename, level, _int(rec, "hull", p, 1), _int(rec, "speed", p, 1), _int(rec, "attack", p),
                             tuple(parse_reward(r, f"{p}.destroy_reward[{k}]", token_ids)
                                   for k, r in enumerate(_list(rec, "destroy_reward", p))),
                             tuple(parse_reward(r, f"{p}.evade_reward[{k}]", token_ids)
                                   for k, r in enumerate(_list(rec, "evade_reward", p))),
                             _str(rec, "ability", p, required=False)))
    per_level = [sum(1 for e in enemies if e.level == lv) for lv in (1, 2, 3)]
    if per_level != [9, 9, 9]:
        _fail("enemies", "27 enemy cards: 9 at Level 1, 9 at Level 2, 9 at Level 3", f"{per_level[0]} + {per_level[1]} + {per_level[2]}")

    skills: list[Skill] = []
    for i, rec in enumerate(_list(raw, "skills", "data")):
        p = f"skills[{i}]"
        _source(rec, p)
        sname = _str(rec, "name", p)
        if any(s.name == sname for s in skills):
            _fail(f"{p}.name", "a unique skill name", sname)
        cost = rec.get("cost")
        if not isinstance(cost, dict) or set(cost) - {"energy", "laser", "maneuver"}:
            _fail(f"{p}.cost", "a table with energy, laser and/or maneuver", cost)
        ongoing = rec.get("ongoing")
        if not isinstance(ongoing, bool):
            _fail(f"{p}.ongoing", "true or false", ongoing)
        amounts = [_int(cost, k, f"{p}.cost") if k in cost else 0 for k in ("energy", "laser", "maneuver")]
        energy, laser, maneuver = amounts
        if sum(amounts) < 1:
            _fail(f"{p}.cost", "a cost of at least 1", cost)
        effects = tuple(parse_reward(r, f"{p}.effects[{k}]", token_ids, skill=True, ongoing=ongoing)
                        for k, r in enumerate(_list(rec, "effects", p)))
        if not effects:
            _fail(f"{p}.effects", "at least one effect", [])
        skills.append(Skill(sname, energy, laser, maneuver, effects, ongoing))
    if len(skills) != 18:
        _fail("skills", "18 skill cards", len(skills))
    if not any(s.ongoing for s in skills):
        _fail("skills", "at least one ongoing skill", 0)

    return DataSet(name, label, path, tuple(tokens), tuple(enemies), tuple(skills), tuple(fighters), tuple(ships),
                   tuple(sorted(bag.items())))


def data_kind(tokens: list[TokenDef], token_id: str) -> str:
    for t in tokens:
        if t.id == token_id:
            return t.kind
    return ""
