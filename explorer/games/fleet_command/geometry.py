"""Tiles on a table: exact positions, headings, the four manoeuvres, range and firing arc.

Units are tile-lengths (a tile is a 1 × 1 square). Headings are compass
degrees in 30° steps: 0 points up the table (+y, away from Player 1's edge),
90 to the right (+x). A ship's position is the centre of its tile; its front
is the side its heading points through.

Positions are exact. Every manoeuvre moves a tile by whole unit vectors at
multiples of 30°, whose components are 0, ±1/2, ±√3/2 or ±1, so a coordinate
is always ``(a + b·√3) / 2`` for whole numbers ``a, b`` and is stored as the
pair ``(a, b)``: two routes to the same spot give equal positions, and a
position hashes and round-trips without rounding. Floats are used only to
test overlap, range and arc, with a small tolerance so that tiles that merely
touch do not overlap.

The manoeuvres (seed "Maneuvers"; tile details are the labelled default of
reference §8):

* Forward ``F`` (1 tile): a tile in front; heading unchanged.
* Turn ``TL``/``TR`` (2 tiles): the two tiles and the previous tile form an
  equilateral triangle (centres 1 apart, the new ones at ±30°); the ship
  continues from the chosen outer-forward tile, heading ±60°.
* Hard Turn ``HL``/``HR`` (3 tiles, Interceptor): a row of three across the
  direction of motion in front; the ship continues from the outermost tile
  on the chosen side, heading ±90°.
* Barrel Roll ``RL``/``RR`` (1 tile, before or after the move): the tile
  beside the ship, the ship moved past it: 2 tile-widths sideways, same heading.

>>> start = Pose(Q(1), Q(1), 0)
>>> after = apply_manoeuvre(start, "TR")[1]
>>> after.heading, round(after.fx, 3), round(after.fy, 3)
(60, 1.5, 1.866)
>>> apply_manoeuvre(start, "HL")[1].heading
270
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

SQRT3 = math.sqrt(3.0)
EPS = 1e-9

Num = tuple[int, int]
"""An exact coordinate ``(a, b)`` meaning ``(a + b·√3) / 2``."""


def Q(whole: int | float, root3_halves: int = 0) -> Num:  # noqa: N802 (reads like a number literal)
    """The exact number ``whole + root3_halves·√3/2``; ``whole`` may be a half (``Q(1.5)``).

    >>> Q(1.5), Q(0, 1)
    ((3, 0), (0, 1))
    """
    twice = whole * 2
    if twice != int(twice):
        raise ValueError(f"{whole!r} is not a whole or half tile-length")
    return (int(twice), root3_halves)


def value(n: Num) -> float:
    """The float value of an exact coordinate."""
    return (n[0] + n[1] * SQRT3) / 2.0


def add(p: Num, q: Num, times: int = 1) -> Num:
    return (p[0] + times * q[0], p[1] + times * q[1])


def text(n: Num) -> str:
    """An exact coordinate as a person writes it: ``"3"``, ``"2.5"``, ``"1 + √3/2"``, ``"-1.5√3"``.

    >>> text((3, 0)), text((2, 1)), text((0, -3)), text((-1, 2))
    ('1.5', '1 + √3/2', '-1.5√3', '-0.5 + √3')
    """
    a, b = n
    whole = _halves(a)
    if b == 0:
        return whole
    root = {1: "√3/2", -1: "-√3/2", 2: "√3", -2: "-√3"}.get(b, f"{_halves(b)}√3")
    if a == 0:
        return root
    return f"{whole} {'-' if root.startswith('-') else '+'} {root.lstrip('-')}"


def _halves(a: int) -> str:
    return str(a // 2) if a % 2 == 0 else f"{a / 2:.1f}"


def parse(raw: str) -> Num:
    """Read a coordinate written by :func:`text` (also ``r3`` or ``sqrt3`` for ``√3``); ``ValueError`` if not exact.

    >>> parse("1 + √3/2"), parse("2.5"), parse("-1.5r3")
    ((2, 1), (5, 0), (0, -3))
    """
    if not isinstance(raw, str):
        raise ValueError(f"expected a coordinate as text like \"2.5\" or \"1 + √3/2\", got {raw!r}")
    s = raw.replace(" ", "").replace("sqrt3", "√3").replace("r3", "√3")
    if not s:
        raise ValueError("empty coordinate")
    terms, start = [], 0
    for i in range(1, len(s)):
        if s[i] in "+-" and s[i - 1] not in "+-":
            terms.append(s[start:i])
            start = i
    terms.append(s[start:])
    a = b = 0
    for term in terms:
        if "√3" in term:
            coef, _, rest = term.partition("√3")
            if rest not in ("", "/2"):
                raise ValueError(f"cannot read {raw!r}: after √3 only /2 may follow")
            c = {"": 1.0, "+": 1.0, "-": -1.0}.get(coef)
            c = float(coef) if c is None else c
            c2 = c * 2 / (2 if rest == "/2" else 1)
            if c2 != int(c2):
                raise ValueError(f"cannot read {raw!r}: the √3 part must be a multiple of √3/2")
            b += int(c2)
        else:
            w = float(term) * 2
            if w != int(w):
                raise ValueError(f"{raw!r} is not on the tile lattice: whole numbers must be whole or half")
            a += int(w)
    return (a, b)


# sin(k·30°) as exact numbers, k = 0..11
_SIN: tuple[Num, ...] = ((0, 0), (1, 0), (0, 1), (2, 0), (0, 1), (1, 0),
                         (0, 0), (-1, 0), (0, -1), (-2, 0), (0, -1), (-1, 0))


_UNIT = tuple((_SIN[k], _SIN[(k + 3) % 12]) for k in range(12))
_AXES = tuple((math.sin(math.radians(30 * k)), math.cos(math.radians(30 * k))) for k in range(12))


def unit(heading: int) -> tuple[Num, Num]:
    """The exact unit vector ``(dx, dy)`` of a compass heading (a multiple of 30)."""
    k = (heading // 30) % 12
    return _SIN[k], _SIN[(k + 3) % 12]


@dataclass(frozen=True)
class Pose:
    """Where a tile lies: centre ``(x, y)`` exactly, and its ``heading`` (0..330, steps of 30)."""

    x: Num
    y: Num
    heading: int

    def __post_init__(self) -> None:
        # float views for the overlap, range and arc tests (not fields: equality stays exact)
        x, y = self.x, self.y
        object.__setattr__(self, "fx", (x[0] + x[1] * SQRT3) * 0.5)
        object.__setattr__(self, "fy", (y[0] + y[1] * SQRT3) * 0.5)
        # the hash the generated one would give, computed once: poses key the geometry caches below
        object.__setattr__(self, "_hash", hash((x, y, self.heading)))

    fx: float = field(init=False, repr=False, compare=False)
    fy: float = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Pose:
            return NotImplemented
        return self.x == other.x and self.y == other.y and self.heading == other.heading

    @property
    def axes(self) -> tuple[float, float]:
        """The unit vector of the heading, ``(sin, cos)``."""
        return _AXES[(self.heading // 30) % 12]

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The tile's four corners: front-left, front-right, back-right, back-left."""
        got = self.__dict__.get("_corners")
        if got is None:
            got = _corners(self.fx, self.fy, self.heading)
            object.__setattr__(self, "_corners", got)
        return got

    def moved(self, heading: int, times: int = 1) -> "Pose":
        """This pose shifted ``times`` tile-lengths along ``heading``, facing unchanged."""
        (dxa, dxb), (dya, dyb) = _UNIT[(heading // 30) % 12]
        x, y = self.x, self.y
        return Pose((x[0] + times * dxa, x[1] + times * dxb), (y[0] + times * dya, y[1] + times * dyb), self.heading)

    def facing(self, heading: int) -> "Pose":
        return Pose(self.x, self.y, heading % 360)

    def front_edge(self) -> tuple[tuple[float, float], tuple[float, float]]:
        c = self.corners()
        return c[0], c[1]

    def __str__(self) -> str:
        return f"({text(self.x)}, {text(self.y)}) facing {self.heading}°"


def _corners(cx: float, cy: float, heading: int) -> tuple[tuple[float, float], ...]:
    r = math.radians(heading)
    fx, fy = 0.5 * math.sin(r), 0.5 * math.cos(r)
    rx, ry = fy, -fx  # right = forward turned 90° clockwise
    return ((cx + fx - rx, cy + fy - ry), (cx + fx + rx, cy + fy + ry),
            (cx - fx + rx, cy - fy + ry), (cx - fx - rx, cy - fy - ry))


MANOEUVRES: dict[str, str] = {
    "F": "Forward", "TL": "Turn left", "TR": "Turn right", "HL": "Hard Turn left", "HR": "Hard Turn right",
    "RL": "Barrel Roll left", "RR": "Barrel Roll right",
}
COST: dict[str, int] = {"F": 1, "TL": 2, "TR": 2, "HL": 3, "HR": 3, "RL": 1, "RR": 1}


def apply_manoeuvre(pose: Pose, code: str) -> tuple[tuple[Pose, ...], Pose]:
    """The tiles laid by manoeuvre ``code`` from ``pose`` and where the ship continues from.

    >>> tiles, end = apply_manoeuvre(Pose(Q(0), Q(0), 0), "RR")
    >>> str(tiles[0]), str(end)
    ('(1, 0) facing 0°', '(2, 0) facing 0°')
    """
    h = pose.heading
    if code == "F":
        end = pose.moved(h)
        return (end,), end
    if code in ("TL", "TR"):
        s = 1 if code == "TR" else -1
        left = pose.moved(h - 30).facing(h - 60)
        right = pose.moved(h + 30).facing(h + 60)
        return (left, right), right if s == 1 else left
    if code in ("HL", "HR"):
        s = 1 if code == "HR" else -1
        middle = pose.moved(h)
        row = (middle.moved(h - 90), middle, middle.moved(h + 90))
        end = row[2 if s == 1 else 0].facing(h + 90 * s)
        return row, end
    if code in ("RL", "RR"):
        s = 1 if code == "RR" else -1
        tile = pose.moved(h + 90 * s)
        return (tile,), pose.moved(h + 90 * s, 2)
    raise ValueError(f"unknown manoeuvre {code!r}; manoeuvres: {', '.join(MANOEUVRES)}")


# --- overlap, distance, arc ----------------------------------------------------------------
def overlap(a: Pose, b: Pose) -> bool:
    """Whether two tiles overlap by more than touching (separating axis test).

    >>> overlap(Pose(Q(0), Q(0), 0), Pose(Q(1), Q(0), 0)), overlap(Pose(Q(0), Q(0), 0), Pose(Q(0.5), Q(0), 30))
    (False, True)
    """
    dx, dy = a.fx - b.fx, a.fy - b.fy
    d2 = dx * dx + dy * dy
    if d2 >= 2.0 - EPS:
        return False
    if d2 < 1.0 - 1e-6:
        return True
    ca, cb = a.corners(), b.corners()
    for poly in (ca, cb):
        for i in range(2):
            (x0, y0), (x1, y1) = poly[i], poly[i + 1]
            ax, ay = x1 - x0, y1 - y0
            pa = [px * ax + py * ay for px, py in ca]
            pb = [px * ax + py * ay for px, py in cb]
            if min(pa) >= max(pb) - 1e-7 or min(pb) >= max(pa) - 1e-7:
                return False
    return True


def on_table(p: Pose, width: float, depth: float) -> bool:
    """Whether the whole tile lies on the table ``[0, width] × [0, depth]``."""
    if 0.7072 <= p.fx <= width - 0.7072 and 0.7072 <= p.fy <= depth - 0.7072:
        return True
    return all(-1e-7 <= x <= width + 1e-7 and -1e-7 <= y <= depth + 1e-7 for x, y in p.corners())


def _point_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    vx, vy = bx - ax, by - ay
    t = ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy)
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    qx, qy = ax + t * vx - px, ay + t * vy - py
    return math.sqrt(qx * qx + qy * qy)


def point_distance(px: float, py: float, tile: Pose) -> float:
    """From a point to the nearest point of a tile (0 inside it)."""
    sx, sy = tile.axes
    dx, dy = px - tile.fx, py - tile.fy
    u = abs(dx * sx + dy * sy) - 0.5
    v = abs(dx * sy - dy * sx) - 0.5
    u = u if u > 0 else 0.0
    v = v if v > 0 else 0.0
    return math.sqrt(u * u + v * v)


def tile_distance(a: Pose, b: Pose) -> float:
    """Nearest edge to nearest edge, in tile-lengths (0 when touching or overlapping).

    Two squares that do not overlap are nearest at a corner of one of them.

    >>> round(tile_distance(Pose(Q(0), Q(0), 0), Pose(Q(0), Q(3), 0)), 6)
    2.0

    Remembered per pair of poses (a pose is an exact value, so the answer never changes): ships
    that have not moved are measured again and again within a round.
    """
    key = (a, b)
    got = _TILE_DISTANCES.get(key)
    if got is None:
        if len(_TILE_DISTANCES) >= REMEMBERED_PAIRS:
            _TILE_DISTANCES.clear()
        got = _TILE_DISTANCES[key] = _tile_distance(a, b)
    return got


REMEMBERED_PAIRS = 50_000
"""How many pairs of poses a geometry cache keeps before it starts afresh (some 20 MB at most)."""

_TILE_DISTANCES: dict[tuple[Pose, Pose], float] = {}


def _tile_distance(a: Pose, b: Pose) -> float:
    if overlap(a, b):
        return 0.0
    return min(min(point_distance(x, y, b) for x, y in a.corners()),
               min(point_distance(x, y, a) for x, y in b.corners()))


def front_distance(shooter: Pose, target: Pose) -> float:
    """From the shooter's front edge to the nearest edge of the target (reference §8 default)."""
    p, q = shooter.front_edge()
    return min(point_distance(*p, target), point_distance(*q, target),
               min(_point_segment(x, y, *p, *q) for x, y in target.corners()))


def in_arc(shooter: Pose, target: Pose) -> bool:
    """Whether some part of the target lies in the 180° arc forward of the shooter's front edge.

    A ship directly behind or exactly beside another is outside its arc.

    >>> me = Pose(Q(0), Q(0), 0)
    >>> in_arc(me, Pose(Q(0), Q(-2), 0)), in_arc(me, Pose(Q(3), Q(1), 0))
    (False, True)
    """
    fx, fy = shooter.axes
    base = shooter.fx * fx + shooter.fy * fy + 0.5
    return any(x * fx + y * fy > base + 1e-7 for x, y in target.corners())


def centre_distance(a: Pose, b: Pose) -> float:
    return math.hypot(a.fx - b.fx, a.fy - b.fy)
