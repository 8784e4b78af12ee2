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
from explorer.core.registry import policy_ids, shared_policy
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
"""The name of the advisor policy (registered by ``explorer.advisor``, offered for every game beside its own):
it plays the option its hint ranks first, from rollouts under the game's heuristic."""


def policy_names(game: "Game") -> tuple[str, ...]:
    """Every policy name a match, a panel or the simulation lab accepts for ``game``: its own, then the shared
    ones (:mod:`explorer.core.registry`: the advisor, and any an installed package registers).

    >>> import explorer
    >>> policy_names(explorer.load_game("warps_edge"))
    ('random', 'heuristic', 'advisor')
    """
    own = game.policies()
    return (*own, *(name for name in policy_ids() if name not in own))


def named_policy(game: "Game", name: str) -> "Policy":
    """The policy called ``name`` for ``game``; an unknown name is refused with the names there are.

    A shared policy (the advisor) is built for ``game`` on demand by the factory its package registered.
    """
    known = game.policies()
    if name in known:
        return known[name]
    shared = shared_policy(name, game)
    if shared is not None:
        return shared
    raise RulesError(f"unknown policy {name!r}; policies: {', '.join(policy_names(game))}")
