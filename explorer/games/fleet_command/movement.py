"""Where a ship can go: its manoeuvre sequences for the tiles it has, as a finite list of end positions.

The seed lays a path from the ship's front, manoeuvre after manoeuvre, and
places the ship at the end; the Barrel Roll is a separate manoeuvre at the
start or the end. Here every sequence the ship's tiles allow is laid out in
order of length (fewest manoeuvres first), refusing any tile that overlaps
another ship or leaves the table (reference §8 default: a path may not overlap
a ship tile; a ship that would leave the table stops at the edge, so the
shorter sequence is the one offered). Each end position is offered once, with
the first sequence that reaches it.

An omnidirectional ship (the Station) may start its path from any side
(reference §8): the sequence then begins with ``S90``, ``S180`` or ``S270``,
the side it leaves from, counted clockwise from its heading.

>>> from explorer.games.fleet_command.geometry import Pose, Q
>>> ends = reachable(Pose(Q(5.5), Q(0.5), 0), tiles=2, manoeuvres=("F", "TL", "TR"), roll=False,
...                  omnidirectional=False, blocked=(), width=12, depth=9)
>>> sorted(" ".join(seq) or "stay" for seq in ends.values())
['F', 'F F', 'TL', 'TR', 'stay']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from explorer.games.fleet_command.geometry import (
    COST, MANOEUVRES, SQRT3, Pose, apply_manoeuvre, on_table, overlap,
)
from explorer.games.fleet_command.paths import SIDES, planned_ends

WORDS = {**MANOEUVRES, "S90": "from its right side", "S180": "from its back", "S270": "from its left side"}


def ship_manoeuvres(special: Iterable[str]) -> tuple[str, ...]:
    """The path manoeuvres of a ship whose special manoeuvres are ``special`` (Barrel Roll aside)."""
    codes = ["F", "TL", "TR"]
    if "Hard Turn" in special:
        codes += ["HL", "HR"]
    return tuple(codes)


Raw = tuple[int, int, int, int, int]
"""A pose as plain numbers inside the search: ``(xa, xb, ya, yb, heading)``."""


def _raw(p: Pose) -> Raw:
    return (p.x[0], p.x[1], p.y[0], p.y[1], p.heading)


def _pose(r: Raw) -> Pose:
    return Pose((r[0], r[1]), (r[2], r[3]), r[4] % 360)


def _offsets(heading: int, code: str) -> tuple[tuple[Raw, ...], Raw]:
    """Tiles and end of a manoeuvre from the origin, as offsets (heading as the new heading)."""
    laid, end = apply_manoeuvre(Pose((0, 0), (0, 0), heading), code)
    return tuple(_raw(t) for t in laid), _raw(end)


_OFFSETS = {(h, c): _offsets(h, c) for h in range(0, 360, 30) for c in COST}


def _shift(r: Raw, off: Raw) -> Raw:
    return (r[0] + off[0], r[1] + off[1], r[2] + off[2], r[3] + off[3], off[4])


def reachable(start: Pose, *, tiles: int, manoeuvres: Sequence[str], roll: bool, omnidirectional: bool,
              blocked: Sequence[Pose], width: float, depth: float,
              two_fronts: bool = False) -> dict[Pose, tuple[str, ...]]:
    """Every end position with the first (shortest) manoeuvre sequence reaching it; ``()`` = stay.

    ``two_fronts``: the path may also begin at the back (the Battleship's other short side).
    The answer is :func:`search_ends`'s, found faster from a plan of the search worked out
    once per kind of move (:mod:`explorer.games.fleet_command.paths`).
    """
    return planned_ends(start, tiles=tiles, manoeuvres=manoeuvres, roll=roll, omnidirectional=omnidirectional,
                        blocked=blocked, width=width, depth=depth, two_fronts=two_fronts)


def search_ends(start: Pose, *, tiles: int, manoeuvres: Sequence[str], roll: bool, omnidirectional: bool,
                blocked: Sequence[Pose], width: float, depth: float,
                two_fronts: bool = False) -> dict[Pose, tuple[str, ...]]:
    """The rule itself, searched step by step: :func:`reachable`'s answer, which the tests check it against.

    Breadth first: each round tries, from every sequence of the last round, each
    manoeuvre in order (the ship's manoeuvres, then the rolls), keeping a sequence
    whose tiles are all free; an end is offered with the first sequence reaching it.
    """
    near = tiles + 3.0  # a path moves at most 1 per tile (a roll 2), a tile reaches 0.71 past its centre
    sx, sy = start.fx, start.fy
    close = [(b.fx, b.fy, b) for b in blocked if abs(b.fx - sx) < near and abs(b.fy - sy) < near]
    memo: dict[Raw, bool] = {}

    def free(t: Raw) -> bool:
        got = memo.get(t)
        if got is not None:
            return got
        cx, cy = (t[0] + t[1] * SQRT3) * 0.5, (t[2] + t[3] * SQRT3) * 0.5
        tile = None
        ok = True
        if not (0.7072 <= cx <= width - 0.7072 and 0.7072 <= cy <= depth - 0.7072):
            tile = _pose(t)
            ok = on_table(tile, width, depth)
        if ok:
            for bx, by, b in close:
                dx, dy = bx - cx, by - cy
                if -1.415 < dx < 1.415 and -1.415 < dy < 1.415:
                    d2 = dx * dx + dy * dy
                    if d2 < 1.0 - 1e-6:
                        ok = False
                        break
                    if d2 < 2.0 - 1e-9 and overlap(tile or _pose(t), b):
                        ok = False
                        break
        memo[t] = ok
        return ok

    origin = _raw(start)
    found: dict[Raw, tuple[str, ...]] = {origin: ()}
    # a frontier entry: (sequence, pose, tiles left, rolled already, moved already)
    frontier: list[tuple[tuple[str, ...], Raw, int, bool, bool]] = [((), origin, tiles, False, False)]
    if omnidirectional or two_fronts:
        frontier += [((code,), origin[:4] + ((origin[4] + turn) % 360,), tiles, False, False)
                     for code, turn in SIDES.items() if omnidirectional or turn == 180]
    expanded: set[tuple[Raw, int, bool, bool]] = set()
    rolls = ("RL", "RR") if roll else ()
    while frontier:
        nxt: list[tuple[tuple[str, ...], Raw, int, bool, bool]] = []
        for seq, pose, left, rolled, moved in frontier:
            key = (pose, left, rolled, moved)
            if key in expanded:
                continue
            expanded.add(key)
            h = pose[4] % 360
            for code in (*manoeuvres, *(rolls if not rolled else ())):
                cost = COST[code]
                if cost > left:
                    continue
                laid, end_off = _OFFSETS[(h, code)]
                end = _shift(pose, end_off)
                is_roll = code in ("RL", "RR")
                if not all(free(_shift(pose, t)) for t in laid) or (is_roll and not free(end)):
                    continue
                new_seq = seq + (code,)
                if end not in found:
                    found[end] = new_seq
                if is_roll and moved:
                    continue  # a roll after moving ends the move
                nxt.append((new_seq, end, left - cost, rolled or is_roll, moved or not is_roll))
        frontier = nxt
    return {_pose(r): seq for r, seq in found.items()}


def laid_tiles(start: Pose, seq: Sequence[str]) -> tuple[tuple[Pose, ...], Pose]:
    """The tiles a sequence lays (for drawing ghost paths) and where the ship ends."""
    pose = start
    tiles: list[Pose] = []
    for code in seq:
        if code in SIDES:
            pose = pose.facing(pose.heading + SIDES[code])
            continue
        laid, pose = apply_manoeuvre(pose, code)
        tiles.extend(laid)
    return tuple(tiles), pose


def describe(seq: Sequence[str]) -> str:
    """A sequence in words: ``"Forward, Turn right"``; ``"stays"`` for none."""
    return ", ".join(WORDS[c] for c in seq) if seq else "stays"
