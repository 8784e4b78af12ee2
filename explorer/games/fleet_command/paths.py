"""The path search of :mod:`movement`, planned once per kind of move and replayed against the table.

Where a manoeuvre sequence leads does not depend on where the ship stands: every
manoeuvre moves a tile by exact lattice offsets from the ship's heading. So for
each kind of move (start heading, tiles, manoeuvres, barrel roll, sides it may
leave from) the search's graph is worked out once, on an empty table, relative
to the start: its nodes are the search's states (where the ship is, tiles left,
rolled, moved), each with its manoeuvres in the order the search tries them,
the tiles each lays (as numbers into one list of relative tiles) and where it
ends. A real move then runs the very same breadth-first search over that graph,
asking only whether each relative tile is free at this start (once per tile),
so the ends and their first sequences are those of
:func:`movement.search_ends`, in the same order — ``tests/fleet_command`` checks
the two against each other on random tables.

>>> from explorer.games.fleet_command.geometry import Pose, Q
>>> ends = planned_ends(Pose(Q(5.5), Q(0.5), 0), tiles=2, manoeuvres=("F", "TL", "TR"), roll=False,
...                     omnidirectional=False, blocked=(), width=12, depth=9)
>>> [" ".join(seq) or "stay" for seq in ends.values()]
['stay', 'F', 'TL', 'TR', 'F F']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from explorer.games.fleet_command.geometry import COST, SQRT3, Pose, apply_manoeuvre, on_table, overlap

Raw = tuple[int, int, int, int, int]
"""A pose as plain numbers: ``(xa, xb, ya, yb, heading)`` (see ``geometry.Num``); in a plan, relative to the start."""

SIDES = {"S90": 90, "S180": 180, "S270": 270}
"""The sides an omnidirectional ship may leave from, counted clockwise from its heading (``movement.SIDES``)."""


class Edge(NamedTuple):
    """One manoeuvre tried from a node: its code, the tiles that must be free, the node it leads to
    (``-1``: the move ends there, a roll after moving) and the end pose it reaches (a number into ``Plan.poses``)."""

    code: str
    tiles: tuple[int, ...]
    child: int
    end: int


class Plan(NamedTuple):
    """The search graph of one kind of move, relative to its start."""

    tiles: tuple[Raw, ...]
    poses: tuple[Raw, ...]
    edges: tuple[tuple[Edge, ...], ...]
    start: tuple[tuple[tuple[str, ...], int], ...]
    """The first frontier: ``(sequence so far, node)``; node 0 is the ship where it stands."""
    box: tuple[float, float, float, float]
    """The least and greatest x and y of the tiles' centres, relative to the start (empty plan: zeros)."""
    centres: tuple[tuple[float, float], ...]
    """Each tile's centre relative to the start, as floats (``geometry.value`` of its numbers)."""


def _offset(heading: int, code: str) -> tuple[tuple[Raw, ...], Raw]:
    laid, end = apply_manoeuvre(Pose((0, 0), (0, 0), heading), code)
    return tuple((t.x[0], t.x[1], t.y[0], t.y[1], t.heading) for t in laid), \
        (end.x[0], end.x[1], end.y[0], end.y[1], end.heading)


_OFFSETS = {(h, c): _offset(h, c) for h in range(0, 360, 30) for c in COST}


def _shift(r: Raw, off: Raw) -> Raw:
    return (r[0] + off[0], r[1] + off[1], r[2] + off[2], r[3] + off[3], off[4])


@lru_cache(maxsize=4096)
def plan(heading: int, tiles: int, manoeuvres: tuple[str, ...], roll: bool, sides: tuple[str, ...]) -> Plan:
    """The graph of every search state a move can reach on an empty table, with its edges in search order.

    >>> p = plan(0, 1, ("F", "TL", "TR"), False, ())
    >>> [(e.code, e.end) for e in p.edges[0]], p.poses[1]
    ([('F', 1)], (0, 0, 2, 0, 0))
    """
    tile_ids: dict[Raw, int] = {}
    pose_ids: dict[Raw, int] = {}
    node_ids: dict[tuple[Raw, int, bool, bool], int] = {}
    nodes: list[tuple[Raw, int, bool, bool]] = []

    def number(table: dict, key: object) -> int:
        got = table.get(key)
        if got is None:
            got = table[key] = len(table)
        return got

    def node(key: tuple[Raw, int, bool, bool]) -> int:
        if key not in node_ids:
            node_ids[key] = len(nodes)
            nodes.append(key)
        return node_ids[key]

    origin: Raw = (0, 0, 0, 0, heading)
    number(pose_ids, origin)
    first: list[tuple[tuple[str, ...], int]] = [((), node((origin, tiles, False, False)))]
    first += [((code,), node(((0, 0, 0, 0, (heading + SIDES[code]) % 360), tiles, False, False))) for code in sides]
    edges: list[tuple[Edge, ...]] = []
    rolls = ("RL", "RR") if roll else ()
    i = 0
    while i < len(nodes):  # every node's edges, in the order the search tries its manoeuvres
        pose, left, rolled, moved = nodes[i]
        out = []
        for code in (*manoeuvres, *(rolls if not rolled else ())):
            cost = COST[code]
            if cost > left:
                continue
            laid, end_off = _OFFSETS[(pose[4] % 360, code)]
            end = _shift(pose, end_off)
            is_roll = code in ("RL", "RR")
            need = [number(tile_ids, _shift(pose, t)) for t in laid]
            if is_roll:
                need.append(number(tile_ids, end))
            child = -1 if is_roll and moved else node((end, left - cost, rolled or is_roll, moved or not is_roll))
            out.append(Edge(code, tuple(need), child, number(pose_ids, end)))
        edges.append(tuple(out))
        i += 1
    centres = tuple(((t[0] + t[1] * SQRT3) * 0.5, (t[2] + t[3] * SQRT3) * 0.5) for t in tile_ids)
    xs = [c[0] for c in centres] or [0.0]
    ys = [c[1] for c in centres] or [0.0]
    return Plan(tuple(tile_ids), tuple(pose_ids), tuple(edges), tuple(first), (min(xs), max(xs), min(ys), max(ys)),
                centres)


_OVERLAPS: dict[Raw | tuple[int, int, int, int, int, int], bool] = {}
"""Whether a tile overlaps a ship, by where the tile lies relative to the ship and the two headings
(overlap moves with the pair; at most 12·12 headings times the few offsets closer than √2)."""

_ON_TABLE: dict[tuple[Raw, float, float], bool] = {}
"""Whether a tile near the edge lies wholly on the table, by the tile and the table (a few thousand tiles)."""


def _on_table(t: Raw, width: float, depth: float) -> bool:
    key = (t, width, depth)
    got = _ON_TABLE.get(key)
    if got is None:
        if len(_ON_TABLE) >= 100_000:
            _ON_TABLE.clear()
        got = _ON_TABLE[key] = on_table(Pose((t[0], t[1]), (t[2], t[3]), t[4] % 360), width, depth)
    return got


def planned_ends(start: Pose, *, tiles: int, manoeuvres: Sequence[str], roll: bool, omnidirectional: bool,
                 blocked: Sequence[Pose], width: float, depth: float,
                 two_fronts: bool = False) -> dict[Pose, tuple[str, ...]]:
    """What :func:`movement.search_ends` answers (same ends, same first sequences, same order), from the plan."""
    sides = tuple(SIDES) if omnidirectional else ("S180",) if two_fronts else ()
    p = plan(start.heading, tiles, tuple(manoeuvres), roll, sides)
    # only a ship whose centre is within 1.415 of a tile's centre (both ways) can block it (see free):
    # the plan's box of tile centres, widened by a little more, leaves out every other ship
    sx, sy = start.fx, start.fy
    x0, x1, y0, y1 = p.box
    x0, x1, y0, y1 = sx + x0 - 1.42, sx + x1 + 1.42, sy + y0 - 1.42, sy + y1 + 1.42
    close = [(b.fx, b.fy, b) for b in blocked if x0 < b.fx < x1 and y0 < b.fy < y1]
    xa, xb = start.x
    ya, yb = start.y
    rel = p.tiles
    memo: list[bool | None] = [None] * len(rel)

    centres = p.centres
    low_x, high_x, low_y, high_y = 0.7072 - sx, width - 0.7072 - sx, 0.7072 - sy, depth - 0.7072 - sy
    # a tile's centre as start + offset: the same tests as from its exact numbers (every threshold
    # lies at least 1e-9 from any value two lattice points can give; floats differ by ~1e-15)

    def free(i: int) -> bool:
        ox, oy = centres[i]
        ok = True
        if not (low_x <= ox <= high_x and low_y <= oy <= high_y):
            o = rel[i]
            ok = _on_table((xa + o[0], xb + o[1], ya + o[2], yb + o[3], o[4]), width, depth)
        if ok and close:
            cx, cy = sx + ox, sy + oy
            for bx, by, b in close:
                dx, dy = bx - cx, by - cy
                if -1.415 < dx < 1.415 and -1.415 < dy < 1.415:
                    d2 = dx * dx + dy * dy
                    if d2 < 1.0 - 1e-6:
                        ok = False
                        break
                    if d2 < 2.0 - 1e-9:
                        o = rel[i]
                        th = o[4]
                        bxy = b.x, b.y
                        key = (xa + o[0] - bxy[0][0], xb + o[1] - bxy[0][1], ya + o[2] - bxy[1][0],
                               yb + o[3] - bxy[1][1], th, b.heading)
                        hit = _OVERLAPS.get(key)
                        if hit is None:
                            if len(_OVERLAPS) >= 100_000:
                                _OVERLAPS.clear()
                            hit = _OVERLAPS[key] = overlap(Pose(key[:2], key[2:4], th % 360),
                                                           Pose((0, 0), (0, 0), b.heading))
                        if hit:
                            ok = False
                            break
        memo[i] = ok
        return ok

    found: dict[int, tuple[str, ...]] = {0: ()}
    frontier = list(p.start)
    expanded = bytearray(len(p.edges))
    edges = p.edges
    while frontier:
        nxt = []
        for seq, k in frontier:
            if expanded[k]:
                continue
            expanded[k] = 1
            for code, need, child, end in edges[k]:
                for i in need:
                    ok = memo[i]
                    if ok is None:
                        ok = free(i)
                    if not ok:
                        break
                else:
                    new_seq = seq + (code,)
                    if end not in found:
                        found[end] = new_seq
                    if child >= 0:
                        nxt.append((new_seq, child))
        frontier = nxt
    poses = p.poses
    out = {}
    for end, seq in found.items():
        o = poses[end]
        key = (xa + o[0], xb + o[1], ya + o[2], yb + o[3], o[4])
        pose = _POSES.get(key)
        if pose is None:
            if len(_POSES) >= 50_000:
                _POSES.clear()
            pose = _POSES[key] = Pose(key[:2], key[2:4], o[4] % 360)
        out[pose] = seq
    return out


_POSES: dict[Raw, Pose] = {}
"""End poses made so far, by their numbers: a pose is a value, so one made before serves again."""
