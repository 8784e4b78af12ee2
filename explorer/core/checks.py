"""The small checks every entry point shares, written once: a whole number in its range, not a bool.

``True`` is an ``int`` to Python but never a count to a player, so every caller refuses it the same
way, with the same sentence naming the argument and the range (and the error class of the caller's
layer: ``RulesError`` by default, ``SimulationError`` in the lab, ``InputError`` in a panel). The bad
value is quoted by :func:`explorer.errors.excerpt`, so a huge one never floods the message.

>>> whole_number("rollouts", 8, 1, 100)
8
>>> whole_number("rollouts", True, 1, 100)
Traceback (most recent call last):
...
explorer.errors.RulesError: rollouts must be a whole number from 1 to 100, got True
"""

from __future__ import annotations

from typing import Any

from explorer.errors import RulesError, excerpt


def is_whole(value: Any) -> bool:
    """Whether ``value`` is an ``int`` that is not a bool (numpy integers are ints here only when numpy is)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(name: str, value: Any, low: int, high: int, error: type[Exception] = RulesError) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else ``error`` naming ``name`` and the range."""
    if not is_whole(value) or not low <= value <= high:
        raise error(f"{name} must be a whole number from {low} to {high}, got {excerpt(value)}")
    return int(value)
