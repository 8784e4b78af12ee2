"""The planned path search (paths.py, issue 21's speed work) answers exactly what the rule's own search answers.

``movement.search_ends`` lays out every manoeuvre sequence step by step (seed "Maneuvers", reference §8:
a path may not overlap a ship and stops at the table edge); ``movement.reachable`` replays a plan of that
search made once per kind of move. Same ends, same first sequences, in the same order (the order of the
legal ``path`` moves), on random tables crowded with ships and on the table's edges.
"""

from __future__ import annotations

import random

import pytest

from explorer.games.fleet_command.geometry import Pose
from explorer.games.fleet_command.movement import reachable, search_ends
from explorer.games.fleet_command.paths import plan

HEADINGS = tuple(range(0, 360, 30))


def _pose(rng: random.Random, width: int, depth: int) -> Pose:
    """A lattice pose on or near the table: coordinates (a + b·√3)/2 with b in -2..2 (as manoeuvres make)."""
    b, d = rng.randint(-2, 2), rng.randint(-2, 2)
    a = rng.randint(1, 2 * width - 1) - round(b * 1.732)
    c = rng.randint(1, 2 * depth - 1) - round(d * 1.732)
    return Pose((a, b), (c, d), rng.choice(HEADINGS))


@pytest.mark.parametrize("seed", range(8))
def test_the_planned_search_gives_the_rule_search_ends_and_sequences_in_order(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        width, depth = rng.choice(((12, 9), (12, 9), (6, 5)))
        start = _pose(rng, width, depth)
        blocked = tuple(_pose(rng, width, depth) for _ in range(rng.randint(0, 9)))
        blocked = tuple(b for b in blocked if (b.x, b.y) != (start.x, start.y))
        kw = dict(tiles=rng.randint(1, 6),
                  manoeuvres=rng.choice((("F", "TL", "TR"), ("F", "TL", "TR", "HL", "HR"))),
                  roll=rng.random() < 0.5, omnidirectional=rng.random() < 0.2, blocked=blocked,
                  width=width, depth=depth, two_fronts=rng.random() < 0.2)
        assert list(reachable(start, **kw).items()) == list(search_ends(start, **kw).items()), (start, kw)


def test_a_plan_is_made_once_per_kind_of_move_and_starts_where_the_ship_stands() -> None:
    p = plan(90, 2, ("F", "TL", "TR"), True, ())
    assert plan(90, 2, ("F", "TL", "TR"), True, ()) is p
    assert p.poses[0] == (0, 0, 0, 0, 90) and p.start[0] == ((), 0)
    # Forward from heading 90 ends one tile-length to the right (+x): a = 2 half-lengths
    forward = next(e for e in p.edges[0] if e.code == "F")
    assert p.poses[forward.end] == (2, 0, 0, 0, 90)
