"""A game: its rules, variant and data, and the registry that finds it by id.

``explorer.load_game(id, variant=..., **options)`` returns a :class:`Game`;
``game.initial_state(**setup)`` the first position. The registry imports a
game's package only when it is asked for, so ``explorer.games()`` is cheap.

>>> import explorer
>>> isinstance(explorer.games(), tuple)
True
>>> explorer.load_game("chess")
Traceback (most recent call last):
...
explorer.errors.RulesError: unknown game 'chess'; known games: ...
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from explorer.core.serial import decode
from explorer.core.state import STATE_FORMAT, STATE_FORMAT_VERSION, State
from explorer.errors import RulesError, StateFormatError

Policy = Callable[[State, Any], Any]
"""A policy takes a decision state and a ``numpy.random.Generator`` and returns a legal action."""


@dataclass(frozen=True)
class Variant:
    """A named rules variant and what it changes, in one line."""

    name: str
    description: str


@dataclass(frozen=True)
class GameInfo:
    """What a game is: title, player counts, variants, and where its data comes from."""

    id: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[Variant, ...]
    data_source: str
    summary: str = ""

    @property
    def default_variant(self) -> str:
        return self.variants[0].name

    def __str__(self) -> str:
        players = (
            f"{self.min_players} player" + ("s" if self.min_players > 1 else "")
            if self.min_players == self.max_players
            else f"{self.min_players}-{self.max_players} players"
        )
        lines = [f"{self.title} ({self.id}), {players}", f"Data: {self.data_source}", "Variants:"]
        lines += [f"  {v.name}: {v.description}" for v in self.variants]
        return "\n".join(lines)


class Game(ABC):
    """Base of every game. Subclasses set ``state_class`` and implement ``info`` and ``initial_state``.

    ``variant`` is one of ``info.variants`` (the first is the seed document's
    reading, the default); ``options`` are game-specific keyword options (a data
    file path, a player count default) and must be JSON values, because they are
    written into every saved state and match.
    """

    state_class: ClassVar[type[State]]
    action_kinds: ClassVar[tuple[str, ...]] = ()
    """Every kind of action the game has, so a typed action that is illegal *now*
    is told apart from a typo."""

    def __init__(self, *, variant: str | None = None, **options: Any) -> None:
        names = [v.name for v in self.info.variants]
        self.variant = names[0] if variant is None else variant
        if self.variant not in names:
            raise RulesError(f"unknown variant {variant!r} for {self.info.id}; variants: {', '.join(names)}")
        try:
            json.dumps(options)
        except TypeError as err:
            raise RulesError(f"options of {self.info.id} must be JSON values (a path as a string): {err}") from err
        self.options: dict[str, Any] = dict(options)
        self._key = (self.info.id, self.variant, json.dumps(self.options, sort_keys=True))

    @property
    @abstractmethod
    def info(self) -> GameInfo:
        """Title, player counts, variants with a one-line description each, data source."""

    @abstractmethod
    def initial_state(self, **setup: Any) -> State:
        """The first position (often a chance node: the opening shuffle or draw)."""

    def new_game(self, **setup: Any) -> State:
        """Same as :meth:`initial_state`; randomness lives in the driver (``explorer.Match``)."""
        return self.initial_state(**setup)

    def policies(self) -> dict[str, Policy]:
        """Named policies for ``Match.play``; games add their heuristic next to ``random``."""
        from explorer.core.policies import random_policy

        return {"random": random_policy}

    def player_name(self, player: int) -> str:
        """How a player index reads in logs and panels."""
        return f"Player {player + 1}"

    def identity(self) -> dict[str, Any]:
        """What a saved file records to rebuild this game: id, variant, options."""
        return {"game": self.info.id, "variant": self.variant, "options": dict(self.options)}

    def state_from_dict(self, data: Any) -> State:
        """Load a state saved by ``State.to_dict``; damaged data raises ``StateFormatError``."""
        if not isinstance(data, dict):
            raise StateFormatError(f"a saved state is a JSON object, got {type(data).__name__}")
        for name, expected in (("format", STATE_FORMAT), ("game", self.info.id), ("variant", self.variant)):
            if data.get(name) != expected:
                raise StateFormatError(f"{name}: expected {expected!r}, got {data.get(name)!r}")
        if data.get("version") != STATE_FORMAT_VERSION:
            raise StateFormatError(
                f"version: this explorer reads state format {STATE_FORMAT_VERSION}, got {data.get('version')!r}"
            )
        if data.get("options", {}) != self.options:
            raise StateFormatError(f"options: saved with {data.get('options')!r}, this game has {self.options!r}")
        if "state" not in data:
            raise StateFormatError("state: missing")
        return decode(self.state_class, data["state"], "state", game=self)

    def state_from_json(self, text: str) -> State:
        """Load a state saved by ``State.to_json``."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as err:
            raise StateFormatError(f"not JSON: {err}") from err
        return self.state_from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.info.id!r}, variant={self.variant!r}{extra})"


_REGISTRY: dict[str, str] = {}


def register_game(game_id: str, target: str) -> None:
    """Make ``game_id`` loadable; ``target`` is ``"package.module:ClassName"``, imported lazily."""
    _REGISTRY[game_id] = target


def games() -> tuple[str, ...]:
    """The ids of every registered game, sorted.

    >>> import explorer
    >>> all(isinstance(g, str) for g in explorer.games())
    True
    """
    import explorer.games  # noqa: F401  (registers the built-in games)

    return tuple(sorted(_REGISTRY))


def load_game(game_id: str, *, variant: str | None = None, **options: Any) -> Game:
    """The game ``game_id`` with a rules ``variant`` and options.

    An unknown id or variant raises :class:`~explorer.errors.RulesError` listing
    what exists.
    """
    known = games()
    if game_id not in _REGISTRY:
        raise RulesError(f"unknown game {game_id!r}; known games: {', '.join(known) or '(none yet)'}")
    module_name, _, class_name = _REGISTRY[game_id].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(variant=variant, **options)


def game_from_identity(data: Mapping[str, Any]) -> Game:
    """Rebuild the game a saved file names (``{"game", "variant", "options"}``)."""
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise StateFormatError(f"game: expected a game id, got {game_id!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise StateFormatError(f"options: expected an object, got {options!r}")
    try:
        return load_game(game_id, variant=data.get("variant"), **options)
    except StateFormatError:
        raise
    except RulesError as err:
        raise StateFormatError(f"game: {err.message}") from err
