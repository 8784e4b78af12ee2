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

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from explorer.core.policies import Policy, random_policy
from explorer.core.position import PositionReading, excerpt, parse_toml
from explorer.core.registry import game_class, game_ids
from explorer.core.serial import decode, loads
from explorer.core.state import STATE_FORMAT, STATE_FORMAT_VERSION, State
from explorer.errors import RulesError, StateFormatError

"""A policy takes a decision state and a seeded generator (``explorer.core.rng``) and returns a legal action."""


@dataclass(frozen=True)
class Variant:
    """A named rules variant and what it changes, in one line."""

    name: str
    description: str


@dataclass(frozen=True)
class OptionSpec:
    """A scalar option a saved file or a link may set: its type, range and meaning.

    Files carry data, never instructions (docs/architecture.md rule 6): only options listed
    in a game's ``file_options`` are read from a file, each checked against its
    spec; a path (a data or card file) is chosen in code by whoever runs the kernel.

    >>> OptionSpec(int, 0, 10_000, "turns before a draw").check("turn_limit", 200)
    200
    >>> OptionSpec(int, 0, 10_000, "turns before a draw").check("turn_limit", -1)
    Traceback (most recent call last):
    ...
    explorer.errors.StateFormatError: options.turn_limit: expected a whole number from 0 to 10000 (turns before a draw), got -1
    """

    kind: type
    low: int | None = None
    high: int | None = None
    description: str = ""
    choices: tuple[str, ...] = ()

    def check(self, name: str, value: Any) -> Any:
        about = f" ({self.description})" if self.description else ""
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int) or (
                    self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise StateFormatError(f"options.{name}: expected a whole number from {self.low} to {self.high}"
                                       f"{about}, got {excerpt(value)}")
        elif self.kind is bool:
            if not isinstance(value, bool):
                raise StateFormatError(f"options.{name}: expected true or false{about}, got {excerpt(value)}")
        elif self.kind is str:
            if not isinstance(value, str) or (self.choices and value not in self.choices):
                allowed = f"one of {', '.join(self.choices)}" if self.choices else "text"
                raise StateFormatError(f"options.{name}: expected {allowed}{about}, got {excerpt(value)}")
        else:
            raise StateFormatError(f"options.{name}: this option cannot be read from a file")
        return value


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
    file_options: ClassVar[Mapping[str, OptionSpec]] = {}
    """The options a saved file or link may set; any other option there is refused, unread."""
    hidden_information: ClassVar[str | None] = None
    """What a seat cannot see and how the advisor deals it afresh, in one phrase (the panels show it);
    ``None``: the game has not said, and the advisor refuses to roll it out (``docs/architecture.md``).
    A game whose positions hold cards a seat cannot see deals them in ``State.deal_unseen``."""

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
        return {"random": random_policy}

    def player_name(self, player: int) -> str:
        """How a player index reads in logs and panels."""
        return f"Player {player + 1}"

    def identity(self) -> dict[str, Any]:
        """What a saved file records to rebuild this game: id, variant, options."""
        return {"game": self.info.id, "variant": self.variant, "options": dict(self.options)}

    # --- the referee and positions in a player's words ----------------------------------
    def check_state(self, state: State) -> None:  # noqa: B027 - a hook: a game without a referee checks nothing more
        """The referee (a hook): raise ``StateFormatError`` naming the field if the rules can never reach ``state``.

        Games check that every piece exists in their data and is conserved
        across all zones, that values are in range and the phase is reachable.
        """

    def check(self, state: State) -> State:
        """Run the referee on a state that came from outside (a file, a position, a link); returns it.

        Every way in calls this. A game's check that fails with anything but a
        ``RulesError`` is reported as a ``StateFormatError`` too: nothing
        unexplained escapes.
        """
        if not isinstance(state, self.state_class) or state.game != self:
            raise StateFormatError(f"state: expected a {self.info.id} position of this game, got {excerpt(state)}")
        try:
            self.check_state(state)
        except RulesError as err:
            if isinstance(err, StateFormatError):
                raise
            raise StateFormatError(err.message, state=state) from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
            raise StateFormatError(f"state: not a position the rules can reach ({type(err).__name__}: "
                                   f"{excerpt(str(err), 120)})") from None
        return state

    def _position_from_dict(self, data: dict[str, Any], derived: list[str]) -> State:
        """Hook: build a state from a position table in the game's words (see ``State.position_dict``)."""
        raise RulesError(f"{self.info.id} has no position format yet")

    def position_vocabulary(self) -> dict[str, tuple[str, ...]]:
        """Hook: for each position key that holds names, the names a player may pick there."""
        return {}

    def read_position(self, text: Any) -> PositionReading:
        """Read a position written as TOML; the referee checks it. Returns the state and what was derived."""
        return self.read_position_data(parse_toml(text))

    def position_from_text(self, text: Any) -> State:
        """The state a position text describes (``state.position_text()`` writes one); refusals name the zone."""
        return self.read_position(text).state

    def position(self, **zones: Any) -> State:
        """The state described by keyword zones, as in the position text (``hand=["Scout x3"]``)."""
        return self.read_position_data(dict(zones)).state

    def read_position_data(self, data: dict[str, Any]) -> PositionReading:
        """Read a position already parsed into tables (the editor's form); the referee checks it."""
        derived: list[str] = []
        try:
            state = self._position_from_dict(data, derived)
        except RulesError as err:
            if isinstance(err, StateFormatError):
                raise
            raise StateFormatError(f"position: {err.message}") from None
        except (ValueError, TypeError, KeyError, IndexError) as err:
            raise StateFormatError(f"position: {type(err).__name__}: {excerpt(str(err), 120)}") from None
        return PositionReading(self.check(state), tuple(derived))

    # --- saved states ----------------------------------------------------------------------
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
        return self.check(decode(self.state_class, data["state"], "state", game=self))

    def state_from_json(self, text: str) -> State:
        """Load a state saved by ``State.to_json``."""
        return self.state_from_dict(loads(text, "JSON (a saved state)"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.info.id!r}, variant={self.variant!r}{extra})"


def games() -> tuple[str, ...]:
    """The ids of every registered game, sorted (:mod:`explorer.core.registry` says how a game registers).

    >>> import explorer
    >>> all(isinstance(g, str) for g in explorer.games())
    True
    """
    return game_ids()


def load_game(game_id: str, *, variant: str | None = None, **options: Any) -> Game:
    """The game ``game_id`` with a rules ``variant`` and options.

    An unknown id or variant raises :class:`~explorer.errors.RulesError` listing
    what exists.
    """
    cls = game_class(game_id)
    return cls(variant=variant, **options)


def game_from_identity(data: Mapping[str, Any], game: Game | None = None) -> Game:
    """Rebuild the game a saved file names (``{"game", "variant", "options"}``).

    Only the options in the game's ``file_options`` are read, each checked; an
    option naming a path is refused without being opened. ``game``, chosen in
    code, is used as it is when the file names the same game, variant and options
    (so a match on an owner's own data file loads back with that file).
    """
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise StateFormatError(f"game: expected a game id, got {excerpt(game_id)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise StateFormatError(f"options: expected an object, got {excerpt(options)}")
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise StateFormatError(f"variant: expected a variant name, got {excerpt(variant)}")
    if game is not None:
        if (game_id, variant if variant is not None else game.info.default_variant) == (game.info.id, game.variant) \
                and options == game.options:
            return game
        if game_id != game.info.id:
            raise StateFormatError(f"game: this file is a {excerpt(game_id)} game, not {game.info.id}")
    if game_id not in games():
        raise StateFormatError(f"game: unknown game {excerpt(game_id)}; known games: {', '.join(games())}")
    cls = game_class(game_id)
    allowed: Mapping[str, OptionSpec] = cls.file_options
    for name, value in options.items():
        if name not in allowed:
            listed = ", ".join(allowed) or "none"
            raise StateFormatError(
                f"options.{excerpt(name)}: a saved file or link may not set this option (files carry data, "
                f"never paths or instructions); options a file may set: {listed}")
        allowed[name].check(name, value)
    try:
        return load_game(game_id, variant=variant, **options)
    except StateFormatError:
        raise
    except RulesError as err:
        raise StateFormatError(f"game: {err.message}") from err
