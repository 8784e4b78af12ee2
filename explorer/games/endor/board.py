"""The space battle's geometry: who holds a sector, where ships may move, what they may attack.

Seed §5A: ships move only into friendly or empty sectors and never through an
enemy one; the Death Star sector is impassable; ships never move onto a
fleet-marker slot (reference §6). An attack goes from one sector into one
adjacent sector holding enemy ships (for the Empire, a fleet-marker slot with a
face-up marker or fighters on it counts), with at most 5 dice.

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> d = s.data
>>> [d.nodes[n] for n in move_destinations(s, FALCON, d.index["M15"])]
['I22', 'I23', 'I24', 'M16', 'M17', 'M21', 'O14', 'O6', 'O7', 'O8']
>>> attack_dice(s, X_WING, d.index["M15"], d.index["I22"])
5
"""

from __future__ import annotations

from explorer.games.endor.state import (
    B_WING, DEATH_STAR, EMPIRE_TYPES, EXECUTOR, FALCON, REBEL_TYPES, TIE, X_WING, Y_WING, EndorState,
)

__all__ = ["B_WING", "DEATH_STAR", "EXECUTOR", "FALCON", "TIE", "X_WING", "Y_WING"]

FLEET_MARKER = "fleet marker"
"""The name of a fleet marker as a target of an attack's hits."""


def type_side(kind: int) -> int:
    """0 when ships of ``kind`` are Rebel, 1 when Imperial."""
    return 0 if kind in REBEL_TYPES else 1


def marker_at(state: EndorState, node: int) -> int:
    """The fleet-marker number on slot ``node`` (0-5), or -1 for an ordinary sector."""
    slots = state.data.marker_slots
    return slots.index(node) if node in slots else -1


def holds(state: EndorState, node: int, side: int) -> bool:
    """Whether ``side``'s pieces are in ``node`` (a face-up fleet marker counts for the Rebels)."""
    row = state.ships[node]
    if side == 1:
        return row[TIE] > 0 or row[EXECUTOR] > 0
    if row[0] or row[1] or row[2] or row[3]:
        return True
    m = marker_at(state, node)
    return m >= 0 and state.markers[m]


def move_destinations(state: EndorState, kind: int, source: int) -> tuple[int, ...]:
    """Where ships of ``kind`` at ``source`` may move: 1 sector, 2 for the Falcon and the Executor."""
    data = state.data
    enemy = 1 - type_side(kind)
    slots = data.marker_slots
    reach = data.ship_types[kind].moves
    seen = {source}
    frontier = [source]
    found: set[int] = set()
    for _ in range(reach):
        nxt = []
        for node in frontier:
            for near in data.adjacent[node]:
                if near in seen or near in slots or holds(state, near, enemy):
                    continue
                seen.add(near)
                found.add(near)
                nxt.append(near)
        frontier = nxt
    return tuple(sorted(found, key=lambda n: data.nodes[n]))


def attack_targets(state: EndorState, kind: int, source: int) -> tuple[int, ...]:
    """Sectors next to ``source`` that ships of ``kind`` there may attack (Death Star included)."""
    data = state.data
    enemy = 1 - type_side(kind)
    targets = []
    for near in data.adjacent[source]:
        if enemy == 0:
            row = state.ships[near]
            m = marker_at(state, near)
            hittable_marker = m >= 0 and state.markers[m] and not state.rules.markers_death_star_only
            if row[0] or row[1] or row[2] or row[3] or hittable_marker:
                targets.append(near)
        elif holds(state, near, 1):
            targets.append(near)
    targets.sort(key=lambda n: data.nodes[n])
    if enemy == 1 and state.shields_down and source in data.inner:
        targets.append(DEATH_STAR)
    return tuple(targets)


def attack_dice(state: EndorState, kind: int, source: int, target: int, ships: int | None = None) -> int:
    """Dice for an attack of ``kind`` from ``source``: 1 per ship (Falcon 2, Executor 4), capped.

    ``ships`` limits the attackers (the ships that moved, in ``sw_ksirk_moved_ships_only``).
    The cap is 5 dice (seed §5A); the Rebels' attack on the Death Star is uncapped in
    ``sw_ksirk_uncapped_death_star_dice``.
    """
    count = state.ships[source][kind] if ships is None else ships
    dice = count * state.data.ship_types[kind].dice
    if target == DEATH_STAR and state.rules.uncapped_death_star_dice:
        return dice
    return min(dice, state.data.limits["dice_per_attack"])


def attack_sources(state: EndorState, kind: int) -> tuple[int, ...]:
    """Sectors (never fleet-marker slots) where ships of ``kind`` are and have something to attack."""
    data = state.data
    return tuple(n for n in range(len(data.nodes))
                 if state.ships[n][kind] and n not in data.marker_slots and attack_targets(state, kind, n))


def hit_targets(state: EndorState, node: int, face: int, attacker_side: int) -> tuple[str, ...]:
    """What a die showing ``face`` may destroy or damage in ``node`` (names, in table order)."""
    data = state.data
    row = state.ships[node]
    names = []
    kinds = REBEL_TYPES if attacker_side == 1 else EMPIRE_TYPES
    for kind in kinds:
        if row[kind] and face >= data.ship_types[kind].hit_on:
            names.append(data.ship_types[kind].name)
    if attacker_side == 1:
        m = marker_at(state, node)
        if m >= 0 and state.markers[m] and not state.rules.markers_death_star_only and face >= data.marker_hit_on:
            names.append(FLEET_MARKER)
    return tuple(names)


def death_star_targets(state: EndorState) -> tuple[int, ...]:
    """Face-up fleet markers first; once none is left, any sector holding Rebel ships (seed §5A)."""
    data = state.data
    up = tuple(data.marker_slots[m] for m in range(len(state.markers)) if state.markers[m])
    if up:
        return up
    return tuple(sorted((n for n in range(len(data.nodes)) if holds(state, n, 0)), key=lambda n: data.nodes[n]))


def ships_of(state: EndorState, kind: int) -> int:
    """How many ships of ``kind`` are on the board (sectors and fleet markers)."""
    return sum(row[kind] for row in state.ships)


def executor_node(state: EndorState) -> int:
    """The Executor's sector, or -1 once it is destroyed."""
    for n, row in enumerate(state.ships):
        if row[EXECUTOR]:
            return n
    return -1
