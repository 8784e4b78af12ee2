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

from explorer.games.endor.census import census, markers_mask
from explorer.games.endor.data import EndorData
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
    return state.data.marker_of[node]


def holds(state: EndorState, node: int, side: int) -> bool:
    """Whether ``side``'s pieces are in ``node`` (a face-up fleet marker counts for the Rebels)."""
    row = state.ships[node]
    if side == 1:
        return row[TIE] > 0 or row[EXECUTOR] > 0
    if row[0] or row[1] or row[2] or row[3]:
        return True
    m = state.data.marker_of[node]
    return m >= 0 and state.markers[m]


def enemy_mask(state: EndorState, kind: int, *, attack: bool = False) -> int:
    """The nodes holding the enemy of ships of ``kind``, as a mask (see :mod:`~explorer.games.endor.census`).

    For a move, a Rebel face-up fleet marker counts (it lies on a slot, where no ship moves anyway);
    for an attack, it counts only while ordinary attacks may hit markers (not in
    ``sw_ksirk_markers_death_star_only``).
    """
    facts = census(state.ships)
    if kind in REBEL_TYPES:
        return facts.empire_mask
    if attack and state.rules.markers_death_star_only:
        return facts.rebel_mask
    return facts.rebel_mask | markers_mask(state.markers, state.data.marker_slots)


def move_destinations(state: EndorState, kind: int, source: int) -> tuple[int, ...]:
    """Where ships of ``kind`` at ``source`` may move: 1 sector, 2 for the Falcon and the Executor."""
    data = state.data
    return reachable(data, data.ship_types[kind].moves, source, enemy_mask(state, kind) | data.slot_mask)


def reachable(data: EndorData, reach: int, source: int, blocked: int) -> tuple[int, ...]:
    """The nodes within ``reach`` steps of ``source`` through nodes not in ``blocked``, sorted by name.

    Remembered per ``(reach, source, blocked)``: the same few blocking patterns come back all game.

    >>> from explorer.games.endor.data import load_data
    >>> d = load_data()
    >>> [d.nodes[n] for n in reachable(d, 1, d.index["O6"], d.slot_mask | 1 << d.index["O7"])]
    ['M15', 'O14']
    """
    if _REACH_OF[0] is not data:
        _REACH.clear()
        _REACH_OF[0] = data
    key = (reach, source, blocked)
    found = _REACH.get(key)
    if found is not None:
        return found
    seen = 1 << source
    frontier = [source]
    got = 0
    for _ in range(reach):
        nxt = []
        for node in frontier:
            for near in data.adjacent[node]:
                bit = 1 << near
                if (seen | blocked) & bit:
                    continue
                seen |= bit
                got |= bit
                nxt.append(near)
        frontier = nxt
    found = tuple(n for n in data.by_name if got >> n & 1)
    if len(_REACH) >= 65_536:
        _REACH.clear()
    _REACH[key] = found
    return found


_REACH: dict[tuple[int, int, int], tuple[int, ...]] = {}
"""``(reach, source, blocked)`` -> the destinations, for the board in ``_REACH_OF``."""
_REACH_OF: list[EndorData | None] = [None]


def attack_targets(state: EndorState, kind: int, source: int) -> tuple[int, ...]:
    """Sectors next to ``source`` that ships of ``kind`` there may attack (Death Star included)."""
    data = state.data
    mask = enemy_mask(state, kind, attack=True)
    targets = tuple(n for n in data.adjacent_by_name[source] if mask >> n & 1)
    if kind in REBEL_TYPES and data.inner_mask >> source & 1 and state.shields_down:
        return targets + (DEATH_STAR,)
    return targets


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
    at = census(state.ships).kind_masks[kind] & ~data.slot_mask
    if not at:
        return ()
    mask = enemy_mask(state, kind, attack=True)
    death_star = data.inner_mask if kind in REBEL_TYPES and state.shields_down else 0
    near = data.adjacent_mask
    found = []
    while at:
        low = at & -at
        n = low.bit_length() - 1
        if near[n] & mask or death_star & low:
            found.append(n)
        at ^= low
    return tuple(found)


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
        m = data.marker_of[node]
        if m >= 0 and state.markers[m] and not state.rules.markers_death_star_only and face >= data.marker_hit_on:
            names.append(FLEET_MARKER)
    return tuple(names)


def death_star_targets(state: EndorState) -> tuple[int, ...]:
    """Face-up fleet markers first; once none is left, any sector holding Rebel ships (seed §5A)."""
    data = state.data
    up = tuple(data.marker_slots[m] for m in range(len(state.markers)) if state.markers[m])
    if up:
        return up
    rebels = census(state.ships).rebel_mask   # no face-up marker is left, so only ships count
    return tuple(n for n in data.by_name if rebels >> n & 1)


def ships_of(state: EndorState, kind: int) -> int:
    """How many ships of ``kind`` are on the board (sectors and fleet markers)."""
    return census(state.ships).counts[kind]


def executor_node(state: EndorState) -> int:
    """The Executor's sector, or -1 once it is destroyed."""
    return census(state.ships).executor
