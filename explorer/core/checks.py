"""The small checks every entry point shares, written once: a whole number in its range, not a bool, and a
position of the game expected (:func:`game_state`).

``True`` is an ``int`` to Python but never a count to a player, so every caller refuses it the same
way, with the same sentence naming the argument and the range (and the error class of the caller's
layer: ``RulesError`` by default, ``ValueError`` in the exact distributions, ``SimulationError`` in the
lab, ``InputError`` in a panel). The bad value is quoted by :func:`explorer.errors.excerpt`, so a huge one
never floods the message. It imports nothing but the errors, so every layer may use it, the exact
distributions below the core too.

>>> whole_number("rollouts", 8, 1, 100)
8
>>> whole_number("rollouts", True, 1, 100)
Traceback (most recent call last):
...
explorer.errors.RulesError: rollouts must be a whole number from 1 to 100, got True
>>> whole_number("n", -1, 0, error=ValueError, why=" (a count)")
Traceback (most recent call last):
...
ValueError: n must be a whole number >= 0 (a count), got -1
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, TypeVar

from explorer.errors import RulesError, excerpt


def is_whole(value: Any) -> bool:
    """Whether ``value`` is an ``int`` that is not a bool (numpy integers are ints here only when numpy is)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(name: str, value: Any, low: int, high: int | None = None, error: type[Exception] = RulesError,
                 why: str = "") -> int:
    """``value`` as an ``int`` when it is a whole number from ``low`` to ``high`` (no upper end when ``high`` is
    ``None``; a numpy integer counts, a bool never); else ``error`` naming ``name`` and the range, then ``why``."""
    if type(value) is int and low <= value and (high is None or value <= high):
        return value  # the common case, kept fast for sliders
    if (isinstance(value, bool) or not isinstance(value, Integral)
            or not (low <= int(value) and (high is None or int(value) <= high))):
        span = f">= {low}" if high is None else f"from {low} to {high}"
        raise error(f"{name} must be a whole number {span}{why}, got {excerpt(value)}")
    return int(value)


S = TypeVar("S")


def game_state(state: object, kind: type[S]) -> S:
    """``state`` as the game's own state class, for code that holds one game's positions only (a game's panel
    loads no other game's matches); anything else is a bug, refused in words rather than read wrongly.

    >>> import explorer
    >>> s = explorer.load_game("warps_edge").initial_state()
    >>> game_state(s, type(s)) is s
    True
    >>> game_state(s, explorer.load_game("endor").state_class)
    Traceback (most recent call last):
    ...
    TypeError: expected a position of EndorState, got a WarpsEdgeState
    """
    if not isinstance(state, kind):
        raise TypeError(f"expected a position of {kind.__name__}, got a {type(state).__name__}")
    return state
