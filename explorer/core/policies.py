"""Policies shared by every game: who picks an action when nobody clicks.

A policy is ``policy(state, rng) -> Action``; it only ever chooses among
``state.legal_actions()``, so it cannot break a rule. A game's own policies choose
by the position and the generator alone (no other state, no other randomness):
``Match.play`` relies on it to find the generator again by replaying their choices.

>>> from explorer.core.rng import new_generator
>>> random_policy.__name__
'random_policy'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from explorer.core.actions import Action
from explorer.core.chance import draw_below
from explorer.core.rng import Generator
from explorer.core.state import State
from explorer.errors import RulesError

if TYPE_CHECKING:
    from explorer.core.game import Game

Policy = Callable[[State, Generator], Action]


def random_policy(state: State, rng: Generator) -> Action:
    """A uniformly random legal action."""
    actions = state.legal_actions()
    if not actions:
        raise RulesError(f"no legal action to choose in {state.phase}", state=state)
    return actions[draw_below(rng, len(actions))]


def first_action_policy(state: State, rng: Generator) -> Action:
    """Always the first legal action: a deterministic baseline for tests."""
    actions = state.legal_actions()
    if not actions:
        raise RulesError(f"no legal action to choose in {state.phase}", state=state)
    return actions[0]


ADVISOR = "advisor"
"""The name of the advisor policy every game offers beside its own (``explorer.advise``): it plays the
option its hint ranks first, from ``ADVISOR_ROLLOUTS`` rollouts per option under the game's heuristic
(at random for a game that has none)."""
ADVISOR_ROLLOUTS = 32


def policy_names(game: "Game") -> tuple[str, ...]:
    """Every policy name a match, a panel or the simulation lab accepts for ``game``: its own, then the advisor.

    >>> import explorer
    >>> policy_names(explorer.load_game("warps_edge"))
    ('random', 'heuristic', 'advisor')
    """
    return (*game.policies(), ADVISOR)


def named_policy(game: "Game", name: str) -> "Policy":
    """The policy called ``name`` for ``game``; an unknown name is refused with the names there are.

    The advisor is made on demand (it looks ahead by rollouts under the game's heuristic, so it is
    far slower per move than the game's own policies).
    """
    known = game.policies()
    if name in known:
        return known[name]
    if name == ADVISOR:
        from explorer.advise import advisor_policy

        rollout = "heuristic" if "heuristic" in known else "random"  # a game with no heuristic rolls out at random
        return advisor_policy(rollouts=ADVISOR_ROLLOUTS, policy=rollout)
    raise RulesError(f"unknown policy {name!r}; policies: {', '.join(policy_names(game))}")
