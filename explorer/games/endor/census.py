"""Who is where: the facts of a ships table the rules ask on every move, worked out once per table.

A position's ``ships`` is a tuple of rows (one per node, one count per ship
type). A move changes one or two rows and every other position of the turn
shares the very same tuple, so the facts the rules read again and again —
how many ships of each type are on the board, where the Executor is, which
nodes hold Rebel or Imperial ships — are worked out once per tuple and
remembered by its identity (:func:`census`). The facts are plain values of the
table; remembering them changes no answer, only its cost.

Node sets are bit masks over node indices (bit ``n`` is node ``n``), so "which
neighbours of this sector hold enemy ships" is one ``&``.

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> c = census(s.ships)
>>> c.counts[4], c.executor, s.data.nodes[c.executor], c.rebel_mask != 0
(24, 13, 'O13', True)
>>> markers_mask((True, False, True, False, False, False), s.data.marker_slots)
5
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

from explorer.games.endor.data import EXECUTOR, TIE

REMEMBERED_TABLES = 4096
"""How many ships tables' facts are remembered before the memory starts afresh (a long game keeps
a few hundred; a simulation of many games moves on to new ones)."""


@dataclass(frozen=True, slots=True)
class Census:
    """The facts of one ships table.

    ``counts``: ships of each type on the board (sectors and fleet markers);
    ``kind_masks``: per type, the nodes holding ships of it; ``rebel_mask``: nodes
    holding any Rebel ship (fleet markers not counted: see ``markers_mask``);
    ``empire_mask``: nodes holding a TIE or the Executor; ``executor``: the
    Executor's node, or -1 once it is destroyed.
    """

    counts: tuple[int, ...]
    kind_masks: tuple[int, ...]
    rebel_mask: int
    empire_mask: int
    executor: int


def census(ships: tuple[tuple[int, ...], ...]) -> Census:
    """The facts of ``ships``, remembered for this very tuple (looked up by identity, kept alive here)."""
    known = _TABLES.get(id(ships))
    if known is not None and known[0] is ships:
        return known[1]
    columns = tuple(zip(*ships))   # one per ship type
    bits = _BITS[: len(ships)]
    masks = tuple([sum(compress(bits, column)) for column in columns])
    counts = tuple([sum(column) for column in columns])
    return _remember(ships, counts, masks)


def _remember(ships: tuple[tuple[int, ...], ...], counts: tuple[int, ...], masks: tuple[int, ...]) -> Census:
    on = masks[EXECUTOR]
    facts = Census(counts, masks, masks[0] | masks[1] | masks[2] | masks[3], masks[TIE] | on,
                   (on & -on).bit_length() - 1)
    if len(_TABLES) >= REMEMBERED_TABLES:
        _TABLES.clear()
    _TABLES[id(ships)] = (ships, facts)
    return facts


def with_ships(ships: tuple[tuple[int, ...], ...], node: int, kind: int, delta: int) -> tuple[tuple[int, ...], ...]:
    """``ships`` with ``delta`` more ships of ``kind`` at ``node``; the census of the new table follows from the old.

    >>> ships = ((0, 0, 0, 0, 0, 1), (2, 0, 0, 0, 0, 0))
    >>> moved = with_ships(ships, 0, 0, 1)
    >>> census(ships).counts, moved[0], census(moved).counts, census(moved).executor
    ((2, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 1), (3, 0, 0, 0, 0, 1), 0)
    """
    row = list(ships[node])
    row[kind] += delta
    new = ships[:node] + (tuple(row),) + ships[node + 1:]
    known = _TABLES.get(id(ships))
    if known is not None and known[0] is ships:
        old = known[1]
        counts = list(old.counts)
        counts[kind] += delta
        masks = list(old.kind_masks)
        bit = 1 << node
        masks[kind] = masks[kind] | bit if row[kind] else masks[kind] & ~bit
        _remember(new, tuple(counts), tuple(masks))
    return new


_BITS = tuple(1 << n for n in range(256))
_TABLES: dict[int, tuple[tuple[tuple[int, ...], ...], Census]] = {}
"""By ``id`` of a ships tuple (kept alive here, so the id stays its own): its census."""


def markers_mask(markers: tuple[bool, ...], slots: tuple[int, ...]) -> int:
    """The nodes of the face-up fleet markers as a mask (marker ``m`` lies on node ``slots[m]``)."""
    key = (markers, slots)
    mask = _MARKERS.get(key)
    if mask is None:
        if len(_MARKERS) >= 1024:
            _MARKERS.clear()
        mask = _MARKERS[key] = sum(1 << slots[m] for m, up in enumerate(markers) if up)
    return mask


_MARKERS: dict[tuple[tuple[bool, ...], tuple[int, ...]], int] = {}
"""(face-up markers, slots) -> mask (2**6 keys for the one board)."""
