"""The engine's own answer to an attack: every roll (chance outcome) and every way the attacker assigns it.

The odds in ``explorer.games.endor.odds`` are the rules summed; this walks the
rules instead: from a position at the attack step, apply the attack, take each
outcome of the roll's chance node with its exact probability, then follow every
hit assignment the attacker may choose until the order is done. What the best
assignment achieves for each roll is what the odds must report.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from explorer.core import Action
from explorer.games.endor.board import holds, type_side
from explorer.games.endor.state import EXECUTOR, FALCON, EndorState


@dataclass(frozen=True)
class Outcome:
    """What one finished assignment of one roll did in the target sector."""

    losses: int          # enemy ships destroyed in the target sector (the special ship counts once)
    cleared: bool        # no enemy piece is left there
    special_hits: int    # hits on the Falcon's or Executor's track (its track filling counts)
    special_destroyed: bool


def _finished(before: EndorState, after: EndorState, target: int, enemy: int) -> Outcome:
    lost = sum(before.ships[target]) - sum(after.ships[target])
    hits = (after.falcon_hits - before.falcon_hits) + (after.executor_hits - before.executor_hits)
    gone = any(before.ships[target][k] and not after.ships[target][k] for k in (FALCON, EXECUTOR))
    return Outcome(lost, not holds(after, target, enemy), hits, gone)


def _assignments(start: EndorState, state: EndorState, target: int, enemy: int) -> set[Outcome]:
    if state.step.stage != "assign" or state.winner:
        return {_finished(start, state, target, enemy)}
    out: set[Outcome] = set()
    for action in state.legal_actions():
        out |= _assignments(start, state.apply(action), target, enemy)
    return out


def attack_by_engine(state: EndorState, attack: Action) -> list[tuple[Fraction, set[Outcome]]]:
    """For each outcome of the roll after ``attack``: its probability and every result the attacker can reach."""
    rolled = state.apply(attack)
    assert rolled.step.stage == "roll", f"{attack} should lead to a roll, got {rolled.phase}"
    target = rolled.step.target
    enemy = 1 - type_side(rolled.step.ship)
    return [(p, _assignments(state, rolled.apply(outcome), target, enemy))
            for outcome, p in rolled.chance_outcomes()]


def best(rolls: list[tuple[Fraction, set[Outcome]]], key) -> dict:
    """The distribution of the best value of ``key`` the attacker can reach, roll by roll."""
    dist: dict = {}
    for p, outcomes in rolls:
        value = max(key(o) for o in outcomes)
        dist[value] = dist.get(value, 0) + p
    return dict(sorted(dist.items()))


def chance(rolls: list[tuple[Fraction, set[Outcome]]], wanted) -> Fraction:
    """P(some assignment of the roll achieves ``wanted``)."""
    return sum((p for p, outcomes in rolls if any(wanted(o) for o in outcomes)), Fraction(0))
