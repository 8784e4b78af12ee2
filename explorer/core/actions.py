"""Actions: the moves a player (or chance) can make, as printable values.

An action is a small frozen value: a ``kind`` in the game's own words
(``"fire"``, ``"buy"``, ``"draw"``), its ``args``, and the text a person reads.
The text is the action's notation: within one state every legal action prints
differently, so ``state.apply("buy Cutter")`` finds the action again and a
match's log replays from text alone.

>>> a = Action("buy", ("Cutter",))
>>> str(a), a == Action("buy", ("Cutter",), label="buy the Cutter")
('buy Cutter', True)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import SupportsInt, cast

CHANCE: int = -1
"""``current_player`` of a state where chance (a shuffle, a draw, a roll) moves next."""

TERMINAL: int = -2
"""``current_player`` of a state where the game is over."""


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """One move: what kind it is, its arguments, and how it reads.

    ``label`` is presentation only: it is not compared, so a game may word an
    action more kindly without changing what it is.
    """

    kind: str
    args: tuple[Hashable, ...] = ()
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        if self.label:
            return self.label
        return " ".join([self.kind, *(str(a) for a in self.args)])

    def __repr__(self) -> str:
        args = f", {self.args!r}" if self.args else ""
        label = f", label={self.label!r}" if self.label else ""
        return f"Action({self.kind!r}{args}{label})"


def whole_arg(arg: Hashable) -> int:
    """An action's argument that the rules list as a whole number (a seat, a slot, an amount), as ``int(arg)``
    reads it: the one reader every game uses.

    An action's arguments are typed ``Hashable``; that this one is a number is the rules' invariant: a move is
    applied or told only once it is found among the moves they list (or equal to one of them).

    >>> whole_arg(Action("attack", ("player", 2, 5)).args[2])
    5
    """
    return int(cast(SupportsInt, arg))


def normalise_notation(text: str) -> str:
    """Case and spacing do not matter when a person types an action."""
    return " ".join(text.split()).casefold()


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended.

    ``returns`` has one number per player (1 for a win, 0 for a loss, shares for
    a team or a draw); ``winners`` lists the winning player indices (empty when
    everybody lost, as when a solo pilot's hull reaches zero).
    """

    winners: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str

    def __str__(self) -> str:
        return self.reason
