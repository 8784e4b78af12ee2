"""What a simulation plays: game, rules, setup, one policy per seat, how many seeds, from which seed.

:func:`make_spec` checks every input before any game is played and refuses
bad input with a :class:`SimulationError` naming the input and what is
allowed. A :class:`SimSpec` is a small picklable value: it travels to worker
processes and Dask workers, and it writes the exact command that reproduces
the run.

>>> spec = make_spec("warps_edge", games=10, seed=100)
>>> spec.seats, spec.policies, spec.seed_of(3)
(1, ('random',), 103)
>>> spec.command()
'python -m explorer.sim warps_edge --games 10 --seed 100 --variant standard --policies random --max-steps 100000'
>>> make_spec("warps_edge", games=0)
Traceback (most recent call last):
...
explorer.sim.spec.SimulationError: games must be a whole number from 1 to 10000000, got 0
"""

from __future__ import annotations

import inspect
import json
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from explorer.core.game import Game, games as registered_games, load_game
from explorer.core.checks import whole_number
from explorer.core.policies import policy_names
from explorer.errors import RulesError

MAX_GAMES = 10_000_000
MAX_STEPS_LIMIT = 10_000_000
DEFAULT_MAX_STEPS = 100_000
MAX_SEED = 2**63 - 1

PolicyRef = str | Callable[..., Any]


class SimulationError(RulesError):
    """Input a simulation refuses before it starts (unknown game, variant, policy, seat count, number)."""


@dataclass(frozen=True)
class SimSpec:
    """One simulation's question. Game ``i`` (0-based) is played from seed ``seed + i``.

    ``policies`` has one entry per seat: a policy name from ``game.policies()``
    (reproducible from the command line) or a callable ``policy(state, rng)``
    (it must pickle to reach worker processes).
    """

    game_id: str
    variant: str
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    policies: tuple[PolicyRef, ...] = ("random",)
    games: int = 100
    seed: int = 0
    max_steps: int = DEFAULT_MAX_STEPS

    @property
    def seats(self) -> int:
        return len(self.policies)

    def seed_of(self, index: int) -> int:
        """The seed of game ``index``: ``seed + index``."""
        return self.seed + index

    def load(self) -> Game:
        """The game with this spec's variant and options."""
        return load_game(self.game_id, variant=self.variant, **self.options)

    def policy_names(self) -> tuple[str, ...]:
        """Each seat's policy as text (a callable by its qualified name)."""
        return tuple(p if isinstance(p, str) else getattr(p, "__qualname__", repr(p)) for p in self.policies)

    def command(self, *, backend: str = "local", out: str | None = None) -> str:
        """The shell command that replays this run with ``python -m explorer.sim``.

        Exact when every policy is named; a callable policy is written by its
        name and must be registered as a game policy to run from the shell.
        """
        parts = ["python", "-m", "explorer.sim", self.game_id, "--games", str(self.games), "--seed", str(self.seed),
                 "--variant", self.variant, "--policies", ",".join(self.policy_names()),
                 "--max-steps", str(self.max_steps)]
        for key, value in sorted(self.setup.items()):
            parts += ["--setup", f"{key}={json.dumps(value) if not isinstance(value, str) else value}"]
        for key, value in sorted(self.options.items()):
            parts += ["--option", f"{key}={json.dumps(value) if not isinstance(value, str) else value}"]
        if backend != "local":
            parts += ["--backend", backend]
        if out:
            parts += ["--out", out]
        return shlex.join(parts)

    def describe(self) -> str:
        """One line: game, variant, setup and options, policies, seeds."""
        setup = ", ".join(f"{k}={v}" for k, v in sorted({**self.setup, **self.options}.items()))
        return (f"{self.game_id} ({self.variant}{'; ' + setup if setup else ''}), policies "
                f"{' vs '.join(self.policy_names())}, seeds {self.seed}..{self.seed + self.games - 1}, "
                f"at most {self.max_steps} steps a game")


def _json_mapping(value: Any, name: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise SimulationError(f"{name} must be a mapping of names to values, got {value!r}")
    try:
        json.dumps(dict(value))
    except (TypeError, ValueError) as err:
        raise SimulationError(f"{name} must hold JSON values (text, numbers, true/false): {err}") from err
    return dict(value)


def _policy_list(policies: Any) -> list[PolicyRef]:
    if isinstance(policies, str):
        items: list[Any] = [p.strip() for p in policies.split(",")]
    elif callable(policies):
        items = [policies]
    elif isinstance(policies, Sequence):
        items = list(policies)
    else:
        raise SimulationError(f"policies must be a name, a comma-separated list or a sequence, got {policies!r}")
    if not items:
        raise SimulationError("policies: give at least one policy (one for every seat, or one for all)")
    for item in items:
        if not (isinstance(item, str) and item) and not callable(item):
            raise SimulationError(f"policies: each policy is a name or a callable, got {item!r}")
    return items


def _seat_count(game: Game, setup: dict[str, Any], given: int) -> tuple[int, dict[str, Any]]:
    """How many seats play, and the setup (with ``players`` filled in from the line-up when the game takes it)."""
    info = game.info
    takes_players = "players" in inspect.signature(game.initial_state).parameters
    if "players" in setup:
        seats = setup["players"]
    elif info.min_players == info.max_players:
        seats = info.min_players
    elif given > 1 and takes_players:
        seats = given
        setup = {**setup, "players": given}
    else:
        default = inspect.signature(game.initial_state).parameters["players"].default if takes_players else None
        seats = default if isinstance(default, int) else info.min_players
    if isinstance(seats, bool) or not isinstance(seats, int) or not info.min_players <= seats <= info.max_players:
        allowed = (str(info.min_players) if info.min_players == info.max_players
                   else f"{info.min_players} to {info.max_players}")
        raise SimulationError(f"{info.id} is played by {allowed} players, got {seats!r}")
    return seats, setup


def make_spec(game_id: str, *, variant: str | None = None, options: Mapping[str, Any] | None = None,
              setup: Mapping[str, Any] | None = None, policies: Any = "random", games: int = 100,
              seed: int = 0, max_steps: int = DEFAULT_MAX_STEPS) -> SimSpec:
    """Check every input and return the :class:`SimSpec`; nothing is played.

    ``policies``: one name (every seat), ``"heuristic,random"`` or a sequence
    with one per seat. A line-up longer than one sets ``players`` for games
    whose setup takes it.
    """
    known = registered_games()
    if not isinstance(game_id, str) or game_id not in known:
        raise SimulationError(f"unknown game {game_id!r}; known games: {', '.join(known)}")
    games = whole_number("games", games, 1, MAX_GAMES, SimulationError)
    max_steps = whole_number("max_steps", max_steps, 1, MAX_STEPS_LIMIT, SimulationError)
    seed = whole_number("seed", seed, 0, MAX_SEED - games, SimulationError)
    options_d = _json_mapping(options, "options")
    setup_d = _json_mapping(setup, "setup")
    if variant is not None and not isinstance(variant, str):
        raise SimulationError(f"variant must be a variant name, got {variant!r}")
    try:
        game = load_game(game_id, variant=variant, **options_d)
    except RulesError as err:
        raise SimulationError(err.message) from err
    except Exception as err:  # a game that cannot load (a package in progress) is input we refuse
        raise SimulationError(f"{game_id} cannot be loaded: {type(err).__name__}: {err}") from err
    items = _policy_list(policies)
    seats, setup_d = _seat_count(game, setup_d, len(items))
    if len(items) == 1:
        items = items * seats
    if len(items) != seats:
        raise SimulationError(f"policies: {len(items)} given for {seats} seats; give one for every seat, or one for all")
    try:
        named = policy_names(game)
    except Exception as err:  # a policy module that cannot import (a package in progress)
        raise SimulationError(f"{game_id}'s policies cannot be loaded: {type(err).__name__}: {err}") from err
    for item in items:
        if isinstance(item, str) and item not in named:
            raise SimulationError(f"unknown policy {item!r} for {game_id}; policies: {', '.join(named)}")
    try:
        game.initial_state(**setup_d)
    except RulesError as err:
        raise SimulationError(f"setup: {err.message}") from err
    except TypeError as err:
        raise SimulationError(f"setup: {err}") from err
    return SimSpec(game_id=game_id, variant=game.variant, options=options_d, setup=setup_d,
                   policies=tuple(items), games=games, seed=seed, max_steps=max_steps)
