"""The Warp's Edge data model: the records a data file describes (schema only; checks live in ``data.py``).

>>> Reward("gain", 2, "laser-1")
Reward(kind='gain', amount=2, token='laser-1')
>>> str(Reward("max shields", 2))
'max shields +2'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.errors import RulesError

LEVEL_COLOURS = {1: "yellow", 2: "orange", 3: "red"}
POWER_EFFECTS = ("photon_blast", "warhammer", "rupture", "enhance", "laser", "maneuver", "stun", "shields")
METHODS = ("energy", "lasers", "maneuvers")
ATTACK_WHEN = ("always", "enemy_slot_empty", "no_enemies", "never")
TARGETABLE_WHEN = ("always", "no_enemies", "other_sections_defeated")
ONGOING_EFFECTS = ("armor", "hold", "max shields", "repair", "buy credit")


class DataFileError(RulesError):
    """A Warp's Edge data file that cannot be used; the message names the field."""


@dataclass(frozen=True)
class Reward:
    """One reward or skill effect: ``kind`` (gain, shields, draw, recover, any, skill, stun, or an ongoing kind)."""

    kind: str
    amount: int = 1
    token: str = ""

    def __str__(self) -> str:
        if self.kind == "gain":
            return f"gain {self.token}" + (f" x{self.amount}" if self.amount > 1 else "")
        if self.kind == "any":
            return "any token"
        if self.kind == "skill":
            return "skill"
        if self.kind == "stun":
            return "stun enemies"
        if self.kind in ("hold", "max shields", "repair", "buy credit"):
            return f"{self.kind} +{self.amount}"
        return f"{self.kind} {self.amount}"


@dataclass(frozen=True)
class TokenDef:
    """A kind of token: pilot (energy/laser/maneuver), P.O.W.E.R. or signature."""

    id: str
    kind: str  # energy, laser, maneuver, power, signature
    value: int
    cost: int
    supply: int
    name: str = ""
    effect: str = ""  # for power and signature tokens
    starfighter: str = ""

    @property
    def label(self) -> str:
        """The token as a pilot names it: its printed name (``Demo Kestrel Lance``), or for a plain token its
        kind and value (``Energy 1`` for ``energy-1``). The id stays in data files, positions and links.

        >>> TokenDef("energy-1", "energy", 1, 2, 14).label, TokenDef("enhance", "power", 0, 2, 5, name="Enhance").label
        ('Energy 1', 'Enhance')
        """
        return self.name or f"{self.kind.capitalize()} {self.value}"

    @property
    def counts_as(self) -> str:
        """``"laser"``, ``"maneuver"`` or ``""``: what this token counts as when assigned."""
        if self.kind in ("laser", "maneuver"):
            return self.kind
        if self.effect in ("laser", "photon_blast"):
            return "laser"
        if self.effect == "maneuver":
            return "maneuver"
        return ""

    @property
    def laser_value(self) -> int:
        return self.value if self.counts_as == "laser" else 0

    @property
    def maneuver_value(self) -> int:
        return self.value if self.counts_as == "maneuver" else 0


@dataclass(frozen=True)
class Enemy:
    name: str
    level: int
    hull: int
    speed: int
    attack: int
    destroy_reward: tuple[Reward, ...]
    evade_reward: tuple[Reward, ...]
    ability: str = ""

    @property
    def colour(self) -> str:
        return LEVEL_COLOURS[self.level]


@dataclass(frozen=True)
class Skill:
    name: str
    energy: int
    laser: int
    maneuver: int
    effects: tuple[Reward, ...]
    ongoing: bool

    def cost_text(self) -> str:
        parts = [f"{n} {k}" for k, n in (("energy", self.energy), ("laser", self.laser), ("maneuver", self.maneuver)) if n]
        return " + ".join(parts) or "free"


@dataclass(frozen=True)
class Section:
    name: str
    method: str
    stat: int
    attack: int
    attack_when: str
    targetable_when: str
    rewards: tuple[Reward, ...]


@dataclass(frozen=True)
class Mothership:
    name: str
    warp_track: int
    deck: tuple[int, int, int]  # cards to draw at Level 1, 2, 3
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Starfighter:
    name: str
    hull: int
    shields: int
    hold: int
    loadout: tuple[str, ...]
    signature_tokens: tuple[str, ...]
    starting_signature: str
    ability: str = ""


@dataclass(frozen=True)
class DataSet:
    """Everything the rules read from a data file."""

    name: str
    label: str  # "demo" or "owner"
    path: str
    tokens: tuple[TokenDef, ...]
    enemies: tuple[Enemy, ...]
    skills: tuple[Skill, ...]
    starfighters: tuple[Starfighter, ...]
    motherships: tuple[Mothership, ...]
    starting_bag: tuple[tuple[str, int], ...]

    def token(self, token_id: str) -> TokenDef:
        return self._lookup("tokens", "id", token_id)

    def token_label(self, token_id: str) -> str:
        """A token id as a pilot names it (``TokenDef.label``: ``Energy 1``); text that is no token id is kept."""
        try:
            return self.token(token_id).label
        except KeyError:
            return token_id

    def token_words(self, text: str) -> str | None:
        """The token id a pilot means by ``text``: a token's name or its id, in any case (``"energy 1"`` and
        ``"Energy-1"`` both mean ``energy-1``); ``None`` when it names no token."""
        index = self.__dict__.get("_token_words")
        if index is None:
            index = {}
            for t in self.tokens:
                index.setdefault(t.id.casefold(), t.id)
            for t in self.tokens:
                index.setdefault(t.label.casefold(), t.id)
            object.__setattr__(self, "_token_words", index)
        return index.get(" ".join(text.split()).casefold())

    def enemy(self, name: str) -> Enemy:
        return self._enemies()[name]

    def skill(self, name: str) -> Skill:
        return self._lookup("skills", "name", name)

    def starfighter(self, name: str) -> Starfighter:
        return self._lookup("starfighters", "name", name)

    def mothership(self, name: str) -> Mothership:
        return self._lookup("motherships", "name", name)

    def _lookup(self, table: str, key: str, wanted: Any) -> Any:
        """The first record of ``table`` whose ``key`` is ``wanted`` (``KeyError`` if none), by a remembered index."""
        indexes = self.__dict__.get("_indexes")
        if indexes is None:
            indexes = {}
            object.__setattr__(self, "_indexes", indexes)
        index = indexes.get(table)
        if index is None:
            index = {}
            for record in getattr(self, table):
                index.setdefault(getattr(record, key), record)
            indexes[table] = index
        try:
            return index[wanted]
        except (KeyError, TypeError):
            raise KeyError(wanted) from None

    def _enemies(self) -> dict[str, Enemy]:
        cache = self.__dict__.get("_enemy_cache")
        if cache is None:
            cache = {e.name: e for e in self.enemies}
            object.__setattr__(self, "_enemy_cache", cache)
        return cache

    def next_value(self, token_id: str) -> str | None:
        """The energy or laser token one value up (Enhance), or None."""
        t = self.token(token_id)
        if t.kind not in ("energy", "laser"):
            return None
        ups = [u for u in self.tokens if u.kind == t.kind and u.value == t.value + 1]
        return ups[0].id if ups else None

    def describe(self) -> str:
        if self.label == "demo":
            return "demonstration data set invented by this project, not the printed components"
        return f"owner data file {self.path} ({self.name})"
