"""A heuristic player: close in, keep targets in the arc, shoot with sure cards, keep low cards.

It only ever picks from ``state.legal_actions()``. Choices:

* initiative and hand-limit discards: give up the highest number (low cards
  both win initiative and hit, so the hand keeps them for shots);
* movement: no cube or card spent; the end position that puts the most enemy
  ships in arc and range, then the nearest to the enemy;
* activation: a Station activates when two or more friends are in range;
  Replenish goes on the ship with the fewest cubes; otherwise pass;
* combat: a hand card that is sure to hit (number at most the cubes), else a
  draw, at the target with the fewest cubes; always Repair.

>>> import explorer
>>> m = explorer.Match(explorer.load_game("fleet_command"), seed=2)
>>> _ = m.play("heuristic", max_steps=5000)
>>> m.state.is_terminal()
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.core.chance import draw_below
from explorer.core.rng import Generator, uniforms
from explorer.games.fleet_command import tactics
from explorer.games.fleet_command.geometry import Pose
from explorer.games.fleet_command.offers import path_action, plain_moves
from explorer.games.fleet_command.phases import ends
from explorer.games.fleet_command.recall import REMEMBERED, ends_key
from explorer.games.fleet_command.state import FleetState


def _number(state: FleetState, card: str) -> int:
    return state.data.card_number(card)


def heuristic_policy(state: FleetState, rng: Generator) -> Action:
    if state.stage == "movement":  # the moves without boosts, found without weighing payments and cards
        plain = plain_moves(state)
        return plain[draw_below(rng, len(plain))]  # int(rng.integers(len(plain))), drawn faster
    if state.stage == "path":
        return _best_path(state)
    actions = state.legal_actions()
    kinds = {a.kind for a in actions}
    if kinds <= {"initiative"} or kinds <= {"discard"}:
        return max(actions, key=lambda a: (_number(state, str(a.args[0])), str(a)))
    if "place" in kinds:
        middle = state.params.table_width / 2
        # one uniform number per action, in their order: the very numbers one rng.random() call each would give
        noise = uniforms(rng, len(actions))
        keys = [(abs(whole_arg(a.args[1]) - middle + 0.5) + r * 3, str(a)) for a, r in zip(actions, noise)]
        return actions[min(range(len(actions)), key=keys.__getitem__)]  # keys differ: their texts do
    if state.stage == "activation":
        return _activation(state, actions)
    if state.stage == "combat":
        return _combat(state, actions)
    if state.stage == "repair":
        return actions[0]
    return actions[draw_below(rng, len(actions))]


def _best_path(state: FleetState) -> Action:
    """The path ending where the most enemies are in arc and range, then nearest an enemy (then by its words).

    Every rollout lays out a path at every move, so this is the rollouts' hottest choice: the enemies'
    centres are read once, and the words of a path are compared only between ends that tie on both
    counts (the same choice as ranking every end by all three).
    """
    player = state.actor
    assert state.moving is not None
    enemies = tuple(s.pose for s in state.fleets[1 - player].ships if s.on_table and s.pose is not None)
    key = (ends_key(state), state.fleets[player].range_bonus, enemies)
    got = _CHOSEN.get(key)
    if got is None:
        if len(_CHOSEN) >= REMEMBERED:
            _CHOSEN.clear()
        got = _CHOSEN[key] = _choose_path(state, enemies)
    return got


_CHOSEN: dict[tuple, Action] = {}
"""The paths ``_best_path`` chose, by all that its choice reads: the path search's inputs
(``recall.ends_key``), the range bonus and the enemies' places. A hint's rollouts meet the same
moves again and again (every rollout's first moves), and the choice is the same each time."""


def _choose_path(state: FleetState, enemies: tuple[Pose, ...]) -> Action:
    player = state.actor
    assert state.moving is not None
    centres = [(e.fx, e.fy) for e in enemies]
    found = ends(state)  # each end position with its sequence: the legal paths
    shots = tactics.target_counts(state, player, state.moving.ship, found)
    hypot = math.hypot
    best: tuple[int, float] | None = None
    tied: list[tuple[str, ...]] = []
    for count, (pose, seq) in zip(shots, found.items()):
        px, py = pose.fx, pose.fy
        key = (-count, min([hypot(px - x, py - y) for x, y in centres]) if centres else 0.0)
        if best is None or key < best:
            best, tied = key, [seq]
        elif key == best:
            tied.append(seq)
    if len(tied) == 1:
        return path_action(tied[0])
    return min((path_action(seq) for seq in tied), key=str)


def _activation(state: FleetState, actions: tuple[Action, ...]) -> Action:
    player = state.actor
    fleet = state.fleets[player]
    for a in actions:
        if a.kind == "activate" and a.args[1] == "cube":
            station = fleet.ship(str(a.args[0]))
            friends = [s for s in fleet.ships if s.on_table and s.name != station.name
                       and tactics.in_ability_range(state, station, s)]
            if len(friends) >= 2:
                return a
    replenish = [a for a in actions if a.kind == "replenish"]
    if replenish:
        return min(replenish, key=lambda a: (fleet.ship(str(a.args[1])).cubes, str(a)))
    return next(a for a in actions if a.kind == "pass")


def _combat(state: FleetState, actions: tuple[Action, ...]) -> Action:
    """A sure shot first, then a draw (a card that cannot hit is wasted), at the target with the fewest cubes.

    Each target's cubes and each card's number are read once (a Combat Phase lists every ship's shot with
    every card); ties go to the shot's words, as ranking every shot by all four keys would.
    """
    enemy = state.fleets[1 - state.actor]
    shots = [a for a in actions if a.kind == "shoot"]
    if not shots:
        return next(a for a in actions if a.kind == "hold fire")
    cubes = {s.name: s.cubes for s in enemy.ships}
    numbers: dict[Hashable, int] = {}  # by the shot's card argument
    best: tuple[bool, bool, int] | None = None
    tied: list[Action] = []
    for a in shots:
        _ship, target, card = a.args
        have = cubes[target] if target in cubes else enemy.ship(str(target)).cubes
        if card:
            number = numbers.get(card)
            if number is None:
                number = numbers[card] = _number(state, str(card))
            sure = number <= have
        else:
            sure = False
        key = (bool(card) and not sure, not sure, have)
        if best is None or key < best:
            best, tied = key, [a]
        elif key == best:
            tied.append(a)
    return tied[0] if len(tied) == 1 else min(tied, key=str)
