"""The small family of errors every game raises.

Illegal is loud, never silent: a rules error names the action, the phase and the
reason, and carries the state it was raised on so that a bug reproduces from
the exception alone (``err.state.to_json()``).

>>> from explorer.errors import IllegalActionError, RulesError
>>> issubclass(IllegalActionError, RulesError) and issubclass(RulesError, ValueError)
True
"""

from __future__ import annotations

from typing import Any


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
