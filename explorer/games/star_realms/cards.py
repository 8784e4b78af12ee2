"""Star Realms card data: the model, the TOML loader and its validation.

Cards are data (``data/cards.toml``); abilities are lists of :class:`Effect`
values that ``effects.py`` interprets. Loading checks every field and the
trade deck's totals against the reference (80 cards, 20 per faction).

>>> cards = load_cards()
>>> cards["Cutter"].cost, cards["Cutter"].faction, describe(cards["Cutter"].primary)
(2, 'Trade Federation', '+4 Authority, +2 Trade')
>>> sum(c.copies for c in cards.values())
80
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).parent / "data" / "cards.toml"

FACTIONS = ("Blob", "Trade Federation", "Star Empire", "Machine Cult")
TYPES = ("ship", "base", "outpost")

SIMPLE_KINDS = frozenset({
    "trade", "combat", "authority", "draw", "opponent_discards", "scrap_hand_or_discard", "scrap_hand",
    "scrap_trade_row", "destroy_base", "acquire_ship_to_top", "next_ship_to_top", "copy_ship",
    "discard_then_draw", "scrap_hand_or_discard_then_draw",
})
PASSIVE_KINDS = frozenset({"ally_all_factions", "ship_combat"})
EFFECT_KINDS = SIMPLE_KINDS | {"draw_per_faction_played", "draw_if_bases", "choose"}

# The reference's totals (star_realms.md, "Totals (checked)").
EXPECTED_TOTAL = 80
EXPECTED_PER_FACTION = {"Blob": 20, "Trade Federation": 20, "Star Empire": 20, "Machine Cult": 20}
EXPECTED_NAMES = 46
EXPECTED_BY_TYPE = {"ship": 55, "base": 9, "outpost": 16}


class CardDataError(ValueError):
    """The card file is damaged; the message names the card and the field."""


@dataclass(frozen=True)
class Effect:
    """One ability step: ``kind`` with an ``amount`` (and a faction, a base count or options)."""

    kind: str
    amount: int = 1
    faction: str = ""
    bases: int = 0
    options: tuple[tuple["Effect", ...], ...] = ()


@dataclass(frozen=True)
class Card:
    """A card kind. ``copies`` is the count in the trade deck; ``starting`` per personal deck."""

    name: str
    faction: str
    type: str
    cost: int
    defense: int
    copies: int
    starting: int
    primary: tuple[Effect, ...]
    ally: tuple[Effect, ...]
    ally2: tuple[Effect, ...]
    scrap: tuple[Effect, ...]
    passive: tuple[Effect, ...]
    source: str
    printed_primary: tuple[Effect, ...] = ()

    @property
    def is_ship(self) -> bool:
        return self.type == "ship"

    @property
    def is_base(self) -> bool:
        return self.type in ("base", "outpost")

    @property
    def is_outpost(self) -> bool:
        return self.type == "outpost"

    def passive_amount(self, kind: str) -> int:
        return sum(e.amount for e in self.passive if e.kind == kind)


def _effect(raw: Any, where: str) -> Effect:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise CardDataError(f"{where}: an effect is a table with exactly one kind, got {raw!r}")
    ((kind, value),) = raw.items()
    if kind in SIMPLE_KINDS or kind in PASSIVE_KINDS:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise CardDataError(f"{where}.{kind}: expected a whole number >= 1, got {value!r}")
        return Effect(kind, value)
    if kind == "draw_per_faction_played":
        if value not in FACTIONS:
            raise CardDataError(f"{where}.{kind}: expected a faction {FACTIONS}, got {value!r}")
        return Effect(kind, 0, faction=value)
    if kind == "draw_if_bases":
        if not (isinstance(value, dict) and set(value) == {"bases", "draw"}):
            raise CardDataError(f"{where}.{kind}: expected {{bases = N, draw = M}}, got {value!r}")
        return Effect(kind, int(value["draw"]), bases=int(value["bases"]))
    if kind == "choose":
        if not (isinstance(value, list) and len(value) >= 2 and all(isinstance(o, list) and o for o in value)):
            raise CardDataError(f"{where}.choose: expected a list of at least two effect lists, got {value!r}")
        options = tuple(_effects(o, f"{where}.choose[{i}]") for i, o in enumerate(value))
        return Effect(kind, 1, options=options)
    raise CardDataError(f"{where}: unknown effect kind {kind!r}; known: {sorted(EFFECT_KINDS | PASSIVE_KINDS)}")


def _effects(raw: Any, where: str) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise CardDataError(f"{where}: expected a list of effects, got {raw!r}")
    return tuple(_effect(r, f"{where}[{i}]") for i, r in enumerate(raw))


def _card(raw: dict[str, Any], i: int) -> Card:
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"card[{i}].name: expected a card name, got {name!r}")
    where = f"card {name!r}"
    known = {"name", "faction", "type", "cost", "defense", "copies", "starting", "primary", "ally", "ally2",
             "scrap", "passive", "source", "printed_primary"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise CardDataError(f"{where}: unknown field {unknown[0]!r}")
    faction = raw.get("faction")
    if faction not in FACTIONS + ("Unaligned",):
        raise CardDataError(f"{where}.faction: expected one of {FACTIONS + ('Unaligned',)}, got {faction!r}")
    kind = raw.get("type")
    if kind not in TYPES:
        raise CardDataError(f"{where}.type: expected one of {TYPES}, got {kind!r}")
    numbers = {}
    for field in ("cost", "defense", "copies", "starting"):
        value = raw.get(field, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise CardDataError(f"{where}.{field}: expected a whole number >= 0, got {value!r}")
        numbers[field] = value
    if (kind != "ship") != (numbers["defense"] > 0):
        raise CardDataError(f"{where}.defense: bases and outposts have a defense, ships none")
    source = raw.get("source")
    if not isinstance(source, str) or not source:
        raise CardDataError(f"{where}.source: every card cites its source")
    slots = {s: _effects(raw.get(s, []), f"{where}.{s}") for s in ("primary", "ally", "ally2", "scrap", "passive", "printed_primary")}
    for e in slots["passive"]:
        if e.kind not in PASSIVE_KINDS:
            raise CardDataError(f"{where}.passive: {e.kind!r} is not a passive ability")
    return Card(name=name, faction=faction, type=kind, source=source, cost=numbers["cost"], defense=numbers["defense"],
                copies=numbers["copies"], starting=numbers["starting"], primary=slots["primary"], ally=slots["ally"],
                ally2=slots["ally2"], scrap=slots["scrap"], passive=slots["passive"],
                printed_primary=slots["printed_primary"])


def validate(cards: dict[str, Card]) -> None:
    """Check the trade deck against the reference totals; ``CardDataError`` names what differs."""
    trade = [c for c in cards.values() if c.copies]
    total = sum(c.copies for c in trade)
    if total != EXPECTED_TOTAL:
        raise CardDataError(f"trade deck: expected {EXPECTED_TOTAL} cards, got {total}")
    for faction, n in EXPECTED_PER_FACTION.items():
        got = sum(c.copies for c in trade if c.faction == faction)
        if got != n:
            raise CardDataError(f"trade deck: expected {n} {faction} cards, got {got}")
    if len(trade) != EXPECTED_NAMES:
        raise CardDataError(f"trade deck: expected {EXPECTED_NAMES} card names, got {len(trade)}")
    for kind, n in EXPECTED_BY_TYPE.items():
        got = sum(c.copies for c in trade if c.type == kind)
        if got != n:
            raise CardDataError(f"trade deck: expected {n} {kind} cards, got {got}")
    for name in ("Scout", "Viper", "Explorer"):
        if name not in cards:
            raise CardDataError(f"card {name!r}: missing")


@lru_cache(maxsize=8)
def _load(path: str) -> dict[str, Card]:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    cards: dict[str, Card] = {}
    for i, entry in enumerate(raw.get("card", [])):
        card = _card(entry, i)
        if card.name in cards:
            raise CardDataError(f"card {card.name!r}: listed twice")
        cards[card.name] = card
    validate(cards)
    return cards


def load_cards(path: str | Path | None = None) -> dict[str, Card]:
    """Every card by name, loaded from ``path`` (default ``data/cards.toml``) and validated."""
    return dict(_load(str(path or DATA_FILE)))


def trade_deck(cards: dict[str, Card]) -> dict[str, int]:
    """The 80-card trade deck as ``{name: copies}``."""
    return {c.name: c.copies for c in cards.values() if c.copies}


def starting_deck(cards: dict[str, Card]) -> dict[str, int]:
    """One personal deck: ``{"Scout": 8, "Viper": 2}``."""
    return {c.name: c.starting for c in cards.values() if c.starting}


def describe_effect(e: Effect) -> str:
    """One effect in words, as a player reads it (also the notation of a ``choose`` option)."""
    if e.kind in ("trade", "combat", "authority"):
        return f"+{e.amount} {e.kind.capitalize()}"
    words = {
        "draw": "draw {n}", "opponent_discards": "opponent discards {n}",
        "scrap_hand_or_discard": "scrap up to {n} from hand or discard", "scrap_hand": "scrap {n} from hand",
        "scrap_trade_row": "scrap up to {n} from the trade row", "destroy_base": "destroy a base",
        "acquire_ship_to_top": "acquire a ship free to the top of your deck",
        "next_ship_to_top": "next ship acquired may go on top of your deck", "copy_ship": "copy another ship",
        "discard_then_draw": "discard up to {n} then draw that many",
        "scrap_hand_or_discard_then_draw": "scrap up to {n} from hand or discard then draw that many",
        "ally_all_factions": "ally for all factions", "ship_combat": "ships get +{n} Combat",
    }
    if e.kind == "draw_per_faction_played":
        return f"draw per {e.faction} card played"
    if e.kind == "draw_if_bases":
        return f"draw {e.amount} if {e.bases}+ bases"
    if e.kind == "choose":
        return "choose: " + " or ".join(describe(o) for o in e.options)
    return words[e.kind].format(n=e.amount)


def describe(effects: tuple[Effect, ...]) -> str:
    """A list of effects in words, comma separated."""
    return ", ".join(describe_effect(e) for e in effects)
