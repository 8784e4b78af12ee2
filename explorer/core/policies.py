"""Policies shared by every game: who picks an action when nobody clicks.

A policy is ``policy(state, rng) -> Action``; it only ever chooses among
``state.legal_actions()``, so it cannot break a rule. A game's own policies choose
by the position and the generator alone (no other state, no other randomness):
``Match.play`` relies on it to find the generator again by replaying their choices.

>>> import numpy as np
>>> random_policy.__name__
'random_policy'
"""

from __future__ import annotations

import numpy as np

from explorer.core.actions import Action
from explorer.core.chance import draw_below
from explorer.core.state import State
from explorer.errors import RulesError


def random_policy(state: State, rng: np.random.Generator) -> Action:
    """A uniformly random legal action."""
    actions = state.legal_actions()
    if not actions:
        raise RulesError(f"no legal action to choose in {state.phase}", state=state)
    return actions[draw_below(rng, len(actions))]


def first_action_policy(state: State, rng: np.random.Generator) -> Action:
    """Always the first legal action: a deterministic baseline for tests."""
    actions = state.legal_actions()
    if not actions:
        raise RulesError(f"no legal action to choose in {state.phase}", state=state)
    return actions[0]
