"""What a hint's rollouts ask again and again, remembered by everything the answer reads.

A hint plays one position out thousands of times, and its rollouts keep meeting the same
questions: a ship's first moves of the game have the same ships around them in most rollouts
(about half of the path searches of a hint from round 1 were searched before), and in a Combat
Phase every shot asks again which enemies each ship has in arc and range. Each answer here is the
rules' own (the path search of ``phases.ends``, ``tactics.targets``), kept by the exact inputs it
reads, so it is the same value whenever it is asked: only its cost changes. A table is emptied
when it is full (at most about 16 MB for the path searches).

>>> import explorer
>>> s = explorer.load_game("fleet_command").position_from_text(explorer.games.fleet_command.tactics.EXAMPLE)
>>> ready_targets(s, 0, s.fleets[0].ships) == [tactics.targets(s, 0, x.name) for x in s.fleets[0].ships]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from explorer.games.fleet_command import tactics

if TYPE_CHECKING:
    from explorer.games.fleet_command.state import FleetState, Ship

REMEMBERED = 10_000
"""How many answers each table keeps (then it starts again)."""

_ENDS: dict[tuple, dict] = {}
_TARGETS: dict[tuple, tuple[str, ...]] = {}


def ends_key(state: "FleetState") -> tuple:
    """Everything the path search reads: the game (its table and ships), the moving ship's kind and pose,
    its tiles and roll, and where every other ship on the table lies (in fleet order)."""
    moving = state.moving
    assert moving is not None
    ship = state.fleets[state.actor].ship(moving.ship)
    blocked = tuple(s.pose for f in state.fleets for s in f.ships if s.on_table and s is not ship)
    return (state.game, ship.kind, ship.pose, moving.tiles, moving.roll, blocked)


def remembered_ends(state: "FleetState", search: Callable[["FleetState"], dict]) -> dict:
    """``search(state)``, or its answer for a position with the same :func:`ends_key` (callers must not
    change the dict)."""
    key = ends_key(state)
    got = _ENDS.get(key)
    if got is None:
        if len(_ENDS) >= REMEMBERED:
            _ENDS.clear()
        got = _ENDS[key] = search(state)
    return got


def ready_targets(state: "FleetState", player: int, ships: Sequence["Ship"]) -> list[tuple[str, ...]]:
    """``tactics.targets`` for each of ``player``'s ``ships`` (on the table), by what it reads: the game,
    the ship's kind and pose, its player's range bonus and the enemy ships on the table."""
    enemies = tuple((e.name, e.pose) for e in state.fleets[1 - player].ships if e.pose is not None and not e.destroyed)
    game, bonus = state.game, state.fleets[player].range_bonus
    out = []
    for ship in ships:
        key = (game, ship.kind, ship.pose, bonus, enemies)
        got = _TARGETS.get(key)
        if got is None:
            if len(_TARGETS) >= REMEMBERED:
                _TARGETS.clear()
            got = _TARGETS[key] = tactics.targets(state, player, ship.name)
        out.append(got)
    return out
