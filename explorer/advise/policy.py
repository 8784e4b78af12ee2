"""The advisor as a player: a policy that plays the option its hint ranks first.

``advisor_policy(rollouts=...)`` returns a picklable callable
``policy(state, rng)`` for ``Match.play``, the simulation lab and the panels'
Step/Auto. It chooses by the position and the generator alone (what
``Match.play`` relies on to find the generator again): one number drawn from
``rng`` seeds the advice, whose rollouts use generators of their own. A
decision with one legal action is taken without a hint and without drawing.

Inside its rollouts every seat plays the rollout policy (the game's
``heuristic`` by default), never the advisor itself: one level of look-ahead.

>>> import explorer
>>> from explorer import Match
>>> match = Match(explorer.load_game("pinned_down"), seed=3)
>>> match.play(advisor_policy(rollouts=4), max_steps=12)
12
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from explorer.advise.advise import advise
from explorer.advise.rollout import DEFAULT_MAX_STEPS, PolicyRef
from explorer.core.actions import Action
from explorer.core.state import State
from explorer.errors import RulesError


@dataclass(frozen=True)
class AdvisorPolicy:
    """Plays the best option of ``advise(state, rollouts=..., policy=..., seed=<drawn from rng>)`` (local backend)."""

    rollouts: int = 32
    policy: PolicyRef = "heuristic"
    racing: bool = True
    batch: int | None = None
    max_steps: int = DEFAULT_MAX_STEPS

    @property
    def name(self) -> str:
        """How the advisor reads in a summary: ``advisor(32)``."""
        return f"advisor({self.rollouts})"

    def __call__(self, state: State, rng: np.random.Generator) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise RulesError(f"no legal action to choose in {state.phase}", state=state)
        if len(actions) == 1:
            return actions[0]
        seed = int(rng.integers(0, 2**63 - 1))
        advice = advise(state, rollouts=self.rollouts, policy=self.policy, seed=seed, racing=self.racing,
                        batch=self.batch, max_steps=self.max_steps)
        return advice.best.action


    def advance(self, state: State, rng: np.random.Generator) -> None:
        """Move ``rng`` on exactly as :meth:`__call__` would, without the hint.

        A match that finds its generator again by replaying a named policy's choices
        (``explorer/core/rng_history.py``) could call this instead of a whole hint per move.
        """
        if len(state.legal_actions()) > 1:
            rng.integers(0, 2**63 - 1)


def advisor_policy(rollouts: int = 32, policy: PolicyRef = "heuristic", **options: Any) -> AdvisorPolicy:
    """An advisor that rolls each option out up to ``rollouts`` times under ``policy`` and plays the best.

    >>> advisor_policy(rollouts=8).rollouts
    8
    """
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or not 1 <= rollouts <= 100_000:
        raise RulesError(f"rollouts must be a whole number from 1 to 100000, got {rollouts!r}")
    return AdvisorPolicy(rollouts, policy, **options)
