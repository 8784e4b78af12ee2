"""The game's data: ship tiles, the six cards, the 54-card deck and the rule parameters.

Everything is read from the TOML files in ``data/`` (each names its source);
nothing about a ship or a card is written in code. A card in play is named by
its effect and number, ``"Repair 3"``: the effect is what the card's symbol
does (seed "The Cards"), the number is used for initiative and shooting.

>>> data = load_data()
>>> data.ship("Station").cubes, data.card_number("Big Guns 5"), data.card_symbol_value("Repair 2")
(4, 5, 2)
>>> len(data.deck), len(data.deck.kinds())
(54, 36)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from explorer.core import Multiset
from explorer.errors import RulesError

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class ShipType:
    """One kind of ship tile (seed: ship list)."""

    name: str
    symbol: str
    value: int
    cubes: int
    movement: int
    front: str
    omnidirectional: bool
    manoeuvres: tuple[str, ...]
    ability: str
    playtested: bool
    fronts: int = 1
    """Sides that serve as the front: 2 for the Battleship (seed: "either of the sides on the short side")."""


@dataclass(frozen=True)
class CardType:
    """One card effect, tied to a symbol (seed: "The Cards")."""

    name: str
    symbol: str
    ship: str
    phase: str
    effect: str


@dataclass(frozen=True)
class Parameters:
    """The labelled defaults of reference §8 (``data/rules.toml``); each is a game option."""

    range: int = 2
    battleship_range: int = 3
    big_guns_bonus: int = 1
    battleship_close_range: int = 1
    battleship_close_hits: int = 2
    ability_range: int = 2
    activation_tiles: int = 2
    card_tiles: int = 1
    cubes_per_player: int = 20
    hand_limit: int = 6
    start_cards: int = 2
    initiative_draw: int = 2
    setup_depth: int = 2
    table_width: int = 12
    table_depth: int = 9


PARAMETER_LIMITS: dict[str, tuple[int, int, str]] = {
    "range": (1, 20, "default weapon range in tile-lengths"),
    "battleship_range": (1, 20, "Battleship weapon range"),
    "big_guns_bonus": (0, 10, "range added by Big Guns"),
    "battleship_close_range": (0, 20, "range at which a Battleship hit removes extra cubes"),
    "battleship_close_hits": (1, 5, "cubes a close Battleship hit removes"),
    "ability_range": (0, 20, "range of the Hopper and Station abilities"),
    "activation_tiles": (0, 10, "movement tiles an activation adds"),
    "card_tiles": (0, 10, "movement tiles an Afterburner adds"),
    "cubes_per_player": (1, 99, "cubes in each player's colour"),
    "hand_limit": (2, 54, "cards a hand may keep after the initiative draw"),
    "start_cards": (0, 10, "cards dealt at setup"),
    "initiative_draw": (1, 10, "cards drawn in each Initiative Phase"),
    "setup_depth": (1, 10, "how far from its edge a ship's leading edge may be placed"),
    "table_width": (4, 40, "table width in tile-lengths"),
    "table_depth": (5, 40, "table depth in tile-lengths"),
}


@dataclass(frozen=True)
class DataSet:
    """Ships, cards, deck and parameters."""

    ships: tuple[ShipType, ...]
    cards: tuple[CardType, ...]
    deck: Multiset
    fleets: dict[str, tuple[str, ...]]
    defaults: Parameters
    _ships: dict[str, ShipType] = field(init=False, repr=False, compare=False)
    _card_types: dict[str, CardType] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # lookups by name, made once: the rules ask for a ship's kind or a card's effect many times a move
        object.__setattr__(self, "_ships", {s.name: s for s in self.ships})
        object.__setattr__(self, "_card_types", {})

    def ship(self, name: str) -> ShipType:
        got = self._ships.get(name)
        if got is None:
            raise RulesError(f"unknown ship {name!r}; ships: {', '.join(s.name for s in self.ships)}")
        return got

    def card_type(self, card: str) -> CardType:
        """The effect of a card named like ``"Repair 3"`` (remembered per card name)."""
        known = self._card_types
        got = known.get(card)
        if got is None:
            name = card.rsplit(" ", 1)[0]
            got = next((c for c in self.cards if c.name == name), None)
            if got is None:
                raise RulesError(f"unknown card {card!r}; cards are named by effect and number, like 'Repair 3'")
            if len(known) < 10_000:  # typed names of unknown numbers aside, there are 36 cards
                known[card] = got
        return got

    def card_effect(self, card: str) -> str:
        return self.card_type(card).name

    @staticmethod
    def card_number(card: str) -> int:
        return _card_number(card)

    def card_symbol_value(self, card: str) -> int:
        """The numerical value of the card's symbol (initiative ties)."""
        symbol = self.card_type(card).symbol
        return next(s.value for s in self.ships if s.symbol == symbol)

    def card_names(self) -> tuple[str, ...]:
        return tuple(str(k) for k in self.deck.kinds())


@lru_cache(maxsize=1024)
def _card_number(card: str) -> int:
    return int(card.rsplit(" ", 1)[1])


def _read(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=1)
def load_data() -> DataSet:
    """The data files of this package (cached: they never change while running)."""
    raw_ships = _read("ships.toml")["ship"]
    ships = tuple(ShipType(**{**s, "manoeuvres": tuple(s["manoeuvres"])}) for s in raw_ships)
    raw_cards = _read("cards.toml")
    cards = tuple(CardType(**c) for c in raw_cards["card"])
    by_symbol = {c.symbol: c.name for c in cards}
    counts: dict[str, int] = {}
    for entry in raw_cards["deck"]:
        for number in entry["numbers"]:
            if not 1 <= number <= 6:
                raise RulesError(f"cards.toml: card number {number} of {entry['symbol']} is not 1 to 6")
            key = f"{by_symbol[entry['symbol']]} {number}"
            counts[key] = counts.get(key, 0) + 1
    rules = _read("rules.toml")
    fleets = {k: tuple(v) for k, v in rules.pop("fleets").items()}
    known = {f.name for f in fields(Parameters)}
    unknown = set(rules) - known
    if unknown:
        raise RulesError(f"rules.toml: unknown parameter(s) {sorted(unknown)}")
    return DataSet(ships, cards, Multiset(counts), fleets, Parameters(**rules))


def parameters(options: dict[str, Any]) -> Parameters:
    """The defaults with a game's options applied; a bad option names itself and its range."""
    base = load_data().defaults
    changes = {}
    for name, value in options.items():
        if name not in PARAMETER_LIMITS:
            continue
        low, high, about = PARAMETER_LIMITS[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(f"option {name} ({about}): expected a whole number from {low} to {high}, got {value!r}")
        changes[name] = value
    return Parameters(**{**{f.name: getattr(base, f.name) for f in fields(Parameters)}, **changes})
