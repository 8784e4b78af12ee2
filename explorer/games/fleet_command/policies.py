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

from explorer.core import Action
from explorer.core.chance import draw_below
from explorer.core.rng import Generator, uniforms
from explorer.games.fleet_command import tactics
from explorer.games.fleet_command.geometry import centre_distance
from explorer.games.fleet_command.offers import path_action, plain_moves
from explorer.games.fleet_command.phases import ends
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
        keys = [(abs(int(a.args[1]) - middle + 0.5) + r * 3, str(a)) for a, r in zip(actions, noise)]
        return actions[min(range(len(actions)), key=keys.__getitem__)]  # keys differ: their texts do
    if state.stage == "activation":
        return _activation(state, actions)
    if state.stage == "combat":
        return _combat(state, actions)
    if state.stage == "repair":
        return actions[0]
    return actions[draw_below(rng, len(actions))]


def _best_path(state: FleetState) -> Action:
    """The path ending where the most enemies are in arc and range, then nearest an enemy (then by its words)."""
    player = state.actor
    assert state.moving is not None
    enemies = [s.pose for s in state.fleets[1 - player].ships if s.on_table]
    found = list(ends(state).items())  # each end position with its sequence: the legal paths
    shots = tactics.target_counts(state, player, state.moving.ship, [pose for pose, _ in found])

    def score(i: int) -> tuple[float, float, str]:
        pose, seq = found[i]
        near = min((centre_distance(pose, e) for e in enemies if e is not None), default=0.0)
        return (-shots[i], near, str(path_action(seq)))

    return path_action(found[min(range(len(found)), key=score)][1])


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
    enemy = state.fleets[1 - state.actor]
    shots = [a for a in actions if a.kind == "shoot"]
    if not shots:
        return next(a for a in actions if a.kind == "hold fire")

    def score(a: Action) -> tuple[int, int, int, str]:
        target = enemy.ship(str(a.args[1]))
        card = str(a.args[2])
        sure = bool(card) and _number(state, card) <= target.cubes
        wasted = bool(card) and not sure
        return (wasted, not sure, target.cubes, str(a))

    return min(shots, key=score)
