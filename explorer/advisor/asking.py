"""What a hint may be asked: the bounds and checks of :func:`explorer.advisor.advise`'s arguments.

They live apart from the advisor so that both the one-call advice (:mod:`.advise`) and the round-by-round
engine (:mod:`.runners`) check a question the same way, and neither imports the other to do it.

>>> MAX_ROLLOUTS, default_batch(200), policy_name(("heuristic", "random"))
(100000, 25, 'heuristic / random')
"""

from __future__ import annotations

import math

from explorer.advisor.rollout import PolicyRef
from explorer.core.state import State
from explorer.errors import RulesError

MAX_ROLLOUTS = 100_000
"""The most rollouts per option a hint may ask for."""


def default_batch(rollouts: int) -> int:
    """Rollouts per option in a round when none is asked for: an eighth of the count, at least 8.

    >>> default_batch(200), default_batch(4)
    (25, 8)
    """
    return max(8, math.ceil(rollouts / 8))


def policy_name(policy: PolicyRef) -> str:
    """How a rollout policy reads in the advice ("heuristic", a function's name)."""
    if isinstance(policy, str):
        return policy
    if isinstance(policy, (list, tuple)):
        return " / ".join(policy_name(p) for p in policy)
    return str(getattr(policy, "__qualname__", None) or getattr(policy, "name", None) or type(policy).__name__)


def check_measure(state: State, seat: int, measure: str) -> str:
    """``measure`` if the game can rank by it at ``state``, else a sentence saying what is allowed.

    >>> import explorer
    >>> check_measure(explorer.load_game("pinned_down").initial_state(), 0, "progress")
    'progress'
    >>> check_measure(explorer.load_game("warps_edge").initial_state(), 0, "progress")
    Traceback (most recent call last):
    ...
    explorer.errors.RulesError: measure 'progress' needs a game that measures how far a seat got; warps_edge does not: use measure='win'
    """
    if measure == "win":
        return measure
    if measure != "progress":
        raise RulesError(f"measure must be 'win' (the chance to win) or 'progress' (how far the seat got, where the "
                         f"game measures it), got {measure!r}")
    if state.progress(seat) is None:
        raise RulesError(f"measure 'progress' needs a game that measures how far a seat got; "
                         f"{state.game.info.id} does not: use measure='win'")
    return measure
