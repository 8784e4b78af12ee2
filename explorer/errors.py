"""The small family of errors every game raises.

Illegal is loud, never silent: a rules error names the action, the phase and the
reason, and carries the state it was raised on so that a bug reproduces from
the exception alone (``err.state.to_json()``).

Messages stay short whatever the input: :func:`excerpt` echoes bad input as a
bounded snippet, and a message longer than :data:`MAX_MESSAGE` characters is cut
(saying so), so a 50 MB field can never make a 50 MB refusal.

>>> from explorer.errors import IllegalActionError, RulesError
>>> issubclass(IllegalActionError, RulesError) and issubclass(RulesError, ValueError)
True
>>> excerpt(2**200)
'a whole number of 61 digits'
"""

from __future__ import annotations

from typing import Any

MAX_MESSAGE = 1_000
"""The longest message a rules error keeps; anything longer is cut in the middle, saying how much."""

_BIG_INT_BITS = 200


def excerpt(value: Any, limit: int = 60) -> str:
    """A short, safe echo of bad input for an error message: at most about ``limit`` characters.

    Costs time in proportion to ``limit``, never to the size of ``value``: long
    text is sliced before it is quoted, containers are walked only until the
    budget is spent, huge whole numbers are described by their length, and
    other objects are named by their type.

    >>> excerpt("x" * 500)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (500 chars)"
    >>> excerpt([1, [2, [3, [4]]]], 60)
    '[1, [2, [3, [4]]]]'
    >>> excerpt(list(range(1000)), 20)
    '[0, 1, 2, 3, 4, 5... (1000 items)'
    >>> excerpt(b"\\xff\\xfe")
    "b'\\\\xff\\\\xfe'"
    """
    limit = max(int(limit), 12)
    shown = _short(value, limit, depth=0)
    if len(shown) > limit:
        size = ""
        if isinstance(value, (str, bytes, bytearray)):
            size = f" ({len(value)} chars)"
        elif isinstance(value, (list, tuple, dict, set, frozenset)):
            size = f" ({len(value)} item{'' if len(value) == 1 else 's'})"
        shown = shown[: max(limit - 3, 10)] + "..." + size
    return shown


def _short(value: Any, budget: int, depth: int) -> str:
    """A repr-like text of ``value`` that stops a little past ``budget`` characters."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        bits = value.bit_length()
        if bits > _BIG_INT_BITS:
            if bits < 10_000:  # about 3,000 digits: counted exactly (well below the 4,300 digits str() allows)
                return f"a whole number of {len(str(abs(value))):,} digits"
            return f"a whole number of about {int(bits * 0.30103) + 1:,} digits"
        return repr(value)
    if isinstance(value, (str, bytes, bytearray)):
        return repr(value[: budget + 1])
    if depth > 6:
        return "..."
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        if isinstance(value, dict):
            opening, closing, items = "{", "}", iter(value.items())
        elif isinstance(value, list):
            opening, closing, items = "[", "]", iter(value)
        elif isinstance(value, tuple):
            opening, closing, items = "(", ")", iter(value)
        else:
            opening, closing, items = "{", "}", iter(value)
        parts: list[str] = []
        used = 1
        for item in items:
            if used > budget:
                parts.append("...")
                break
            if isinstance(value, dict):
                key, val = item
                text = f"{_short(key, budget - used, depth + 1)}: {_short(val, budget - used, depth + 1)}"
            else:
                text = _short(item, budget - used, depth + 1)
            parts.append(text)
            used += len(text) + 2
        inner = ", ".join(parts)
        if isinstance(value, tuple) and len(value) == 1 and parts:
            inner += ","
        return opening + inner + closing
    return f"<{type(value).__name__}>"


class RulesError(ValueError):
    """Base of every error the rules core raises on purpose.

    ``state`` is the position the error was raised on (or ``None``), ``action``
    the action or text that was refused, ``phase`` the phase it was refused in.
    """

    def __init__(
        self,
        message: str,
        *,
        state: Any = None,
        action: Any = None,
        phase: str | None = None,
    ) -> None:
        if not isinstance(message, str):
            message = str(message)
        if len(message) > MAX_MESSAGE:
            cut = len(message) - MAX_MESSAGE + 200
            message = f"{message[: MAX_MESSAGE - 400]} ... [{cut} characters cut] ... {message[-200:]}"
        super().__init__(message)
        self.message = message
        self.state = state
        self.action = action
        self.phase = phase if phase is not None else getattr(state, "phase", None)


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow here ("Viper cannot attack: …")."""


class InvalidActionError(RulesError):
    """Text or an object that is not an action of this game at all (a typo, a wrong type)."""


class StateFormatError(RulesError):
    """A saved state or match that cannot be loaded: the message names the field and why."""
