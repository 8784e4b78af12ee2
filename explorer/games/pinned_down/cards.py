"""The card data of Pinned Down: 83 cards, default decks and the rules versions, read from TOML.

A card's text is a tuple of :class:`Effect` records, each one of a small set of
effect *kinds* (``power``, ``overload``, ``draw``, ``repair`` ...), an optional
condition word (``if``) and a trigger (``on``). Effects without a trigger make up
the card's played or used ability, at the card's timing word (MAIN, FIGHT,
ATTACK, JUMP, WRAP UP); effects with a trigger are lasting texts the rules
consult (``always``) or fire on an event (``reveal``, ``arrival``,
``attack_start`` ...). The rules interpret kinds, never card names.

>>> data = card_data()
>>> len(data.cards), data.card("Dra'tar Behemoth").power, data.attack_deck().count("Dra'tar Behemoth")
(83, 12, 3)
>>> len(data.attack_deck()), len(data.damage_deck()), len(data.location_deck())
(31, 16, 14)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from explorer.core import Multiset
from explorer.core.position import read_counted
from explorer.errors import RulesError, StateFormatError

DATA = Path(__file__).parent / "data"

WINGS = ("Blue", "Green", "Purple")
DECKS = (*WINGS, "Dra'tar", "Damage", "Location")
TYPES = ("character", "effect", "flagship", "attack effect", "enemy ship", "damage", "location")
TIMINGS = ("MAIN", "FIGHT", "ATTACK", "JUMP", "WRAP UP")
TRIGGERS = ("", "always", "reveal", "attach", "arrival", "attack_start", "attack_effect", "fight_start",
            "enemy_wins", "player_wins", "player_loses", "overload", "wrap_up")
KINDS = ("power", "power_per", "enemy_power", "fight_effect_bonus", "destiny", "destiny_bonus", "overload",
         "draw", "discard_from_hand", "repair", "take_from_discard", "reshuffle_discards", "look_attack",
         "look_location", "reveal_own_deck", "cloak_fleet", "enemy_threat", "extra_location", "add_threat",
         "add_threat_per", "remove_threat", "free_play", "nullify", "max_damage_per_fight", "discards_go_beneath",
         "change_of_plans", "destiny_each_player", "lose_if_deck_empty", "each_discards", "damage_random_flagship",
         "no_captains", "owner_discards", "damage", "enemy_destiny", "no_bonuses", "discard_random_hand",
         "no_cloak", "no_overload", "discard_random_character", "must_jump")
CONDITIONS = ("", "enemy_unique", "enemy_behemoth", "first_enemy", "collateral_damage", "enemy_destiny",
              "player_destiny", "at_planet_or_station", "at_space", "blue_wing_ship", "green_wing_ship", "winning",
              "hand_at_least_2", "undamaged", "damaged_twice", "no_enemies", "cloaked", "unassigned_ship",
              "discard_larger_than_deck", "vs_damaged", "pool_empty", "other_ship")
PER = ("", "location_on_table", "enemy_threat", "card_in_hand", "other_enemy", "damaged_ship", "enemy_ship")


class DataFileError(RulesError):
    """A data file that cannot be read: the message names the card, the field and what is allowed."""


@dataclass(frozen=True)
class Effect:
    """One piece of card text: a kind, its numbers, a condition word and a trigger."""

    kind: str
    amount: int = 0
    better: int = 0
    cond: str = ""
    on: str = ""
    per: str = ""
    card: str = ""
    cards: tuple[str, ...] = ()
    keep: str = ""
    discard: int = 0
    per_effect: int = 0
    above: int = 0


@dataclass(frozen=True)
class Card:
    """One card kind as printed (Version A values; a variant may override a power)."""

    number: int
    name: str
    deck: str
    type: str
    text: str
    threat: int = 0
    power: int = 0
    copies: int = 1
    timing: str = ""
    once_per_turn: bool = False
    captain_of: str = ""
    ship_class: str = ""
    upkeep: int = 0
    keywords: tuple[str, ...] = ()
    structure: int = 0
    distance: int = 0
    location_type: str = ""
    ability: tuple[Effect, ...] = ()
    lasting: tuple[Effect, ...] = ()

    @property
    def unique(self) -> bool:
        return "UNIQUE" in self.keywords

    def has(self, kind: str, on: str | None = None) -> Effect | None:
        """The first lasting effect of ``kind`` (with trigger ``on`` if given), or ``None``."""
        for e in self.lasting:
            if e.kind == kind and (on is None or e.on == on):
                return e
        return None


@dataclass(frozen=True)
class Knobs:
    """What one rules version changes (data/variants.toml)."""

    name: str
    description: str
    attack_threat: str
    stop_at_zero: bool
    strongest_first: bool
    overpowered: bool
    victory_distance: int
    jump_threat: str
    locations_revealed: int
    old_location: str
    jump_draw: str
    enemy_discard_threat: bool
    turn_order: str
    loss: str
    start_threat: int
    start_hand: int
    distance_per_jump: str
    power: tuple[tuple[str, int], ...] = ()
    threat_on_reveal: tuple[tuple[str, int], ...] = ()

    @cached_property
    def power_of(self) -> dict[str, int]:
        """``power`` as a lookup by card name (worked out once per rules version; not a field).

        >>> card_data().knobs("rules_2015").power_of == dict(card_data().knobs("rules_2015").power)
        True
        """
        return dict(self.power)


@dataclass(frozen=True)
class WingSetup:
    flagship: str
    characters: tuple[str, ...]
    deck: Multiset


@dataclass(frozen=True)
class CardData:
    cards: tuple[Card, ...]
    source: str
    wings: dict[str, WingSetup] = field(hash=False, compare=False, default_factory=dict)
    variants: tuple[Knobs, ...] = ()
    _by_name: dict[str, Card] = field(init=False, repr=False, compare=False)
    _free: dict[tuple[str, tuple[str, ...]], frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {c.name: c for c in self.cards})
        object.__setattr__(self, "_free", {})

    def free_cards(self, flagship: str, crew: tuple[str, ...]) -> frozenset[str]:
        """The cards a flagship with ``crew`` aboard plays for free: its own and its characters' ``free_play``
        texts (TRB Faith, Mr. Snider), worked out once per flagship and crew.

        >>> sorted(card_data().free_cards("TRB Faith", ())) == sorted(
        ...     n for e in card_data().card("TRB Faith").lasting if e.kind == "free_play" for n in e.cards)
        True
        """
        key = (flagship, crew)
        found = self._free.get(key)
        if found is None:
            texts = [*self.card(flagship).lasting, *(e for c in crew for e in self.card(c).lasting)]
            found = self._free[key] = frozenset(n for e in texts if e.kind == "free_play" for n in e.cards)
        return found

    def card(self, name: str) -> Card:
        try:
            return self._by_name[name]
        except KeyError:
            raise StateFormatError(f"unknown card {name!r}; Pinned Down has no card of that name") from None

    def names(self, deck: str | None = None, type_: str | None = None) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards if (deck is None or c.deck == deck) and (type_ is None or c.type == type_))

    def _pile(self, deck: str) -> Multiset:
        return Multiset({c.name: c.copies for c in self.cards if c.deck == deck})

    def attack_deck(self) -> Multiset:
        return self._pile("Dra'tar")

    def damage_deck(self) -> Multiset:
        return self._pile("Damage")

    def location_deck(self) -> Multiset:
        return self._pile("Location")

    def knobs(self, variant: str) -> Knobs:
        for k in self.variants:
            if k.name == variant:
                return k
        raise RulesError(f"unknown variant {variant!r}; variants: {', '.join(k.name for k in self.variants)}")


def _effect(raw: Any, where: str) -> Effect:
    if not isinstance(raw, dict):
        raise DataFileError(f"{where}: an effect is an inline table, got {raw!r}")
    allowed = {"kind", "amount", "better", "if", "on", "per", "card", "cards", "keep", "discard", "per_effect", "above"}
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise DataFileError(f"{where}: unknown field {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}")
    for key, choices in (("kind", KINDS), ("if", CONDITIONS), ("on", TRIGGERS), ("per", PER)):
        if raw.get(key, "") not in choices:
            raise DataFileError(f"{where}.{key}: {raw.get(key)!r} is not one of {', '.join(c for c in choices if c)}")
    return Effect(kind=raw["kind"], amount=int(raw.get("amount", 0)), better=int(raw.get("better", 0)),
                  cond=raw.get("if", ""), on=raw.get("on", ""), per=raw.get("per", ""), card=raw.get("card", ""),
                  cards=tuple(raw.get("cards", ())), keep=raw.get("keep", ""), discard=int(raw.get("discard", 0)),
                  per_effect=int(raw.get("per_effect", 0)), above=int(raw.get("above", 0)))


def _card(raw: dict[str, Any], i: int) -> Card:
    where = f"cards.toml card[{i}] ({raw.get('name', '?')})"
    for key, choices in (("deck", DECKS), ("type", TYPES)):
        if raw.get(key) not in choices:
            raise DataFileError(f"{where}.{key}: {raw.get(key)!r} is not one of {', '.join(choices)}")
    if raw.get("timing", "") not in ("", *TIMINGS):
        raise DataFileError(f"{where}.timing: {raw['timing']!r} is not one of {', '.join(TIMINGS)}")
    effects = [_effect(e, f"{where}.effects[{j}]") for j, e in enumerate(raw.get("effects", []))]
    return Card(
        number=raw["number"], name=raw["name"], deck=raw["deck"], type=raw["type"], text=raw["text"],
        threat=raw.get("threat", 0), power=raw.get("power", 0), copies=raw.get("copies", 1),
        timing=raw.get("timing", ""), once_per_turn=raw.get("once_per_turn", False),
        captain_of=raw.get("captain_of", ""), ship_class=raw.get("class", ""), upkeep=raw.get("upkeep", 0),
        keywords=tuple(raw.get("keywords", ())), structure=raw.get("structure", 0),
        distance=raw.get("distance", 0), location_type=raw.get("location_type", ""),
        ability=tuple(e for e in effects if not e.on), lasting=tuple(e for e in effects if e.on))


@lru_cache(maxsize=1)
def card_data() -> CardData:
    """The shipped data set (read once)."""
    with open(DATA / "cards.toml", "rb") as f:
        raw = tomllib.load(f)
    cards = tuple(_card(c, i) for i, c in enumerate(raw["card"]))
    with open(DATA / "decks.toml", "rb") as f:
        decks = tomllib.load(f)
    names = {c.name for c in cards}
    wings = {}
    for wing, rec in decks["wing"].items():
        deck = read_counted(rec["deck"], f"decks.toml wing.{wing}.deck", names)
        wings[wing] = WingSetup(rec["flagship"], tuple(rec["characters"]), deck)
    with open(DATA / "variants.toml", "rb") as f:
        var = tomllib.load(f)
    knobs = []
    for name, rec in var["variant"].items():
        rec = dict(rec)
        rec["power"] = tuple(sorted(rec.get("power", {}).items()))
        rec["threat_on_reveal"] = tuple(sorted(rec.get("threat_on_reveal", {}).items()))
        knobs.append(Knobs(name=name, **rec))
    return CardData(cards=cards, source=raw["meta"]["source"], wings=wings, variants=tuple(knobs))
