"""The Battle of Endor's data files, read once: board graph, ships, setup, tracks, order decks.

Everything a number comes from lives in ``data/*.toml`` with its source; this
module only turns the files into frozen values the rules index quickly
(sector names to indices, adjacency as tuples of indices).

>>> d = load_data()
>>> len(d.nodes), d.nodes[0], d.nodes[-1], d.adjacent[d.index["F0"]]
(28, 'F0', 'I27', (6,))
>>> sum(d.decks["Rebels"].values()), sum(d.decks["Empire"].values()), d.ship("Falcon").hits
(30, 30, 6)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"

SIDES = ("Rebels", "Empire")

X_WING, Y_WING, B_WING, FALCON, TIE, EXECUTOR = range(6)
"""The ship types by their index in ``data/setup.toml``'s order (a row of a position's ships table): records
the position, its census and its rules all read, so they live with the data rather than with the state."""
REBEL_TYPES = (X_WING, Y_WING, B_WING, FALCON)
EMPIRE_TYPES = (TIE, EXECUTOR)


@dataclass(frozen=True)
class ShipType:
    """One ship type: its side, how many the box holds, dice it rolls, what hits it, moves, hits."""

    name: str
    side: str
    count: int
    dice: int
    hit_on: int
    moves: int
    hits: int


@dataclass(frozen=True)
class EndorData:
    """The whole box as indexed values (see the data files for sources)."""

    nodes: tuple[str, ...]
    index: dict[str, int]
    adjacent: tuple[tuple[int, ...], ...]
    marker_slots: tuple[int, ...]
    rings: dict[str, tuple[int, ...]]
    inner: frozenset[int]
    ship_types: tuple[ShipType, ...]
    marker_hit_on: int
    marker_count: int
    limits: dict[str, int]
    bonus: dict[str, int]
    duel: dict[str, int]
    track: tuple[int, ...]
    start: tuple[tuple[int, ...], ...]
    decks: dict[str, dict[str, int]]
    card_orders: dict[str, tuple[str, ...]]
    ship_orders: dict[str, str]
    sources: tuple[str, ...]
    b_wings_sw_ksirk: int
    # --- looked up on every move, so worked out once here (all follow from the fields above) ---
    type_indices: dict[str, int]
    """Ship type name -> its index in ``ship_types``."""
    marker_of: tuple[int, ...]
    """Per node: the fleet-marker number on it (0-5), or -1 for an ordinary sector."""
    slot_mask: int
    """The fleet-marker slots as a bit mask over node indices (bit ``n`` = node ``n``)."""
    inner_mask: int
    """The inner ring as a bit mask (the sectors that may attack the Death Star)."""
    adjacent_mask: tuple[int, ...]
    """Per node: its neighbours as a bit mask."""
    adjacent_by_name: tuple[tuple[int, ...], ...]
    """Per node: its neighbours sorted by sector name (the order every list of sectors is shown in)."""
    by_name: tuple[int, ...]
    """Every node, sorted by sector name."""

    def ship(self, name: str) -> ShipType:
        return self.ship_types[self.type_index(name)]

    def type_index(self, name: str) -> int:
        try:
            return self.type_indices[name]
        except KeyError:
            raise KeyError(name) from None

    def card_side(self, card: str) -> str:
        """Which side's deck a card belongs to."""
        return "Rebels" if card in self.decks["Rebels"] else "Empire"


def _read(name: str) -> dict[str, Any]:
    with open(DATA_DIR / name, "rb") as f:
        return tomllib.load(f)


def card_name(orders: list[str]) -> str:
    """A card is named by its orders, as printed: ``"X-wing / Shield Assault"``."""
    return " / ".join(orders)


@lru_cache(maxsize=1)
def load_data() -> EndorData:
    """Read and index the three data files (cached: the box does not change)."""
    board, setup, orders = _read("board.toml"), _read("setup.toml"), _read("orders.toml")
    rings = {key: tuple(board[key]) for key in ("marker_slots", "outer_ring", "middle_ring", "inner_ring")}
    nodes = tuple(n for key in rings for n in rings[key])
    index = {n: i for i, n in enumerate(nodes)}
    adjacent = tuple(tuple(sorted(index[m] for m in board["adjacent"][n])) for n in nodes)
    for a, near in enumerate(adjacent):
        for b in near:
            if a not in adjacent[b]:
                raise ValueError(f"board.toml: adjacency is not symmetric: {nodes[a]} - {nodes[b]}")
    types = tuple(
        ShipType(name, **{k: setup["ships"][name][k] for k in ("side", "count", "dice", "hit_on", "moves", "hits")})
        for name in setup["ship_types"]
    )
    type_names = [t.name for t in types]
    start = [[0] * len(types) for _ in nodes]
    for node, pieces in setup["start"].items():
        for ship, n in pieces.items():
            start[index[node]][type_names.index(ship)] = n
    decks: dict[str, dict[str, int]] = {}
    card_orders: dict[str, tuple[str, ...]] = {}
    for side, key in (("Rebels", "rebel"), ("Empire", "empire")):
        decks[side] = {}
        for entry in orders[key]:
            name = card_name(entry["orders"])
            decks[side][name] = decks[side].get(name, 0) + entry["copies"]
            card_orders[name] = tuple(entry["orders"])
    slots = tuple(index[n] for n in rings["marker_slots"])
    by_name = sorted(range(len(nodes)), key=lambda n: nodes[n])
    return EndorData(
        nodes=nodes,
        index=index,
        adjacent=adjacent,
        marker_slots=slots,
        rings={k: tuple(index[n] for n in v) for k, v in rings.items()},
        inner=frozenset(index[n] for n in rings["inner_ring"]),
        ship_types=types,
        marker_hit_on=setup["fleet_markers"]["hit_on"],
        marker_count=setup["fleet_markers"]["count"],
        limits=dict(setup["limits"]),
        bonus=dict(setup["bonus_orders"]),
        duel=dict(setup["duel"]),
        track=tuple(setup["shield_track"]["targets"]),
        start=tuple(tuple(row) for row in start),
        decks=decks,
        card_orders=card_orders,
        ship_orders=dict(orders["ship_orders"]),
        sources=(board["source"], setup["source"], orders["source"]),
        b_wings_sw_ksirk=setup["ships"]["B-wing"]["sw_ksirk_count"],
        type_indices={t.name: i for i, t in enumerate(types)},
        marker_of=tuple(slots.index(n) if n in slots else -1 for n in range(len(nodes))),
        slot_mask=sum(1 << n for n in slots),
        inner_mask=sum(1 << index[n] for n in rings["inner_ring"]),
        adjacent_mask=tuple(sum(1 << m for m in near) for near in adjacent),
        adjacent_by_name=tuple(tuple(sorted(near, key=lambda m: nodes[m])) for near in adjacent),
        by_name=tuple(by_name),
    )
