"""Playing the games of a simulation: one seeded game, a chunk of them, and the replay as a ``Match``.

Game ``i`` is played exactly as ``explorer.Match(start, seed=spec.seed + i)``
would play it with each seat's policy: chance outcomes are sampled from the
match's generator (``State.sample_chance``: the very pick and draws of
:func:`explorer.core.chance.sample_outcome`), and
the policies draw from that same generator. The loop here keeps only the
current state (a ``Match`` keeps every state for undo), so it is lighter, and
:func:`replay` rebuilds any game as a real ``Match`` to step through.

A game that raises is recorded as a :class:`Failure` with its seed and the
error; the chunk goes on with the next seed.

A chunk given a ``halt`` (anything with ``is_set()``: a ``threading.Event``,
a ``multiprocessing`` event, a ``dask.distributed.Event``) looks at it between
games and every few hundred moves inside a game, so Cancel lands within a
fraction of a second whatever the chunk size; the game cut short is dropped
and the chunk reports the games before it (``Chunk.stop`` moves back).

>>> from explorer.sim.spec import make_spec
>>> spec = make_spec("warps_edge", games=3, seed=7)
>>> chunk = run_chunk(spec, 0, 3)
>>> [r.seed for r in chunk.records], chunk.failures
([7, 8, 9], ())
>>> match = replay(spec, 1)
>>> len(match) - 1 == chunk.records[1].steps
True
"""

from __future__ import annotations

import functools
import json
import os
import socket
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from explorer.core.collector import fewer_collections
from explorer.core.game import Game, load_game
from explorer.core.match import Match
from explorer.core.policies import named_policy
from explorer.core.rng import new_generator
from explorer.core.state import State
from explorer.sim.spec import SimSpec

HALT_EVERY_STEPS = 256
"""Inside a game, the halt signal is read every this many moves (a few milliseconds of play)."""
HALT_POLL_S = 0.05
"""A halt signal that costs a round trip (Dask) is read at most this often."""


class HaltSignal(Protocol):
    """What ``halt`` may be: ``threading.Event``, a multiprocessing event, a ``dask.distributed.Event``."""

    def is_set(self) -> bool: ...


class Halted(Exception):
    """Raised inside :func:`play_game` when its ``halted`` check says stop; the game is dropped."""


def halt_check(halt: HaltSignal | None, poll_s: float = HALT_POLL_S) -> Callable[[], bool]:
    """A cheap "should I stop?" callable: reads ``halt`` at most every ``poll_s`` seconds.

    >>> import threading
    >>> event = threading.Event()
    >>> check = halt_check(event, poll_s=0.0)
    >>> check(), event.set(), check()
    (False, None, True)
    >>> halt_check(None)()
    False
    """
    if halt is None:
        return lambda: False
    state: dict[str, float | bool] = {"next": 0.0, "set": False}

    def check() -> bool:
        if state["set"]:
            return True
        now = time.monotonic()
        if now >= state["next"]:
            state["next"] = now + poll_s
            try:
                state["set"] = bool(halt.is_set())
            except Exception:  # noqa: BLE001 - unreadable now (a scheduler busy or gone): ask again later
                state["next"] = now + 20 * poll_s
        return bool(state["set"])

    return check


@dataclass(frozen=True)
class GameRecord:
    """How one seeded game went. ``limit`` is ``"steps"`` (cut at ``max_steps``), ``"turns"``
    (the game's own turn limit ended it) or ``""``; ``returns`` is empty for an unfinished game."""

    index: int
    seed: int
    finished: bool
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    steps: int
    turns: int
    limit: str
    reason: str


@dataclass(frozen=True)
class Failure:
    """A game that raised: its index, seed, the error in one line and the last frames of the traceback."""

    index: int
    seed: int
    error: str
    detail: str = ""

    def __str__(self) -> str:
        return f"game #{self.index} (seed {self.seed}): {self.error}"


@dataclass(frozen=True)
class Chunk:
    """The outcome of games ``start .. stop - 1``: records, failures, wall time and where it ran."""

    start: int
    stop: int
    records: tuple[GameRecord, ...]
    failures: tuple[Failure, ...]
    seconds: float
    worker: str = ""

    @property
    def games(self) -> int:
        return self.stop - self.start


@functools.lru_cache(maxsize=16)
def _cached_game(game_id: str, variant: str, options_json: str) -> Game:
    return load_game(game_id, variant=variant, **json.loads(options_json))


def _game(spec: SimSpec) -> Game:
    return _cached_game(spec.game_id, spec.variant, json.dumps(spec.options, sort_keys=True))


def _policies(spec: SimSpec, game: Game) -> tuple[Any, ...]:
    return tuple(named_policy(game, p) if isinstance(p, str) else p for p in spec.policies)


def _turns(state: State, labels_seen: int) -> int:
    turn = getattr(state, "turn", None)
    if isinstance(turn, int) and not isinstance(turn, bool):
        return turn
    return labels_seen


def _label(state: State) -> Any:
    label = getattr(state, "turn_label", None)
    return label() if callable(label) else state.current_player


def play_game(spec: SimSpec, index: int, halted: Callable[[], bool] | None = None) -> GameRecord:
    """Play game ``index`` of ``spec`` to its end or ``spec.max_steps`` moves; errors propagate.

    ``turns`` is the final state's ``turn`` when the game keeps one, else the
    number of times the turn label (or, lacking one, the player to move) changed.
    ``halted`` is asked every ``HALT_EVERY_STEPS`` moves; when it says so the
    game stops with :class:`Halted`.
    """
    game = _game(spec)
    policies = _policies(spec, game)
    seed = spec.seed_of(index)
    rng = new_generator(seed)
    state = game.initial_state(**spec.setup)
    counts_turns = not isinstance(getattr(state, "turn", None), int)
    last_label, labels = (_label(state), 0) if counts_turns else (None, 0)
    steps = 0
    while steps < spec.max_steps and not state.is_terminal():
        if state.is_chance():  # a sampled outcome is legal by construction: straight to the rules
            state = state.apply_sampled(state.sample_chance(rng))
        else:
            state = state.apply(policies[state.current_player](state, rng))
        steps += 1
        if halted is not None and steps % HALT_EVERY_STEPS == 0 and halted():
            raise Halted(f"game #{index} stopped after {steps} moves")
        if counts_turns and not state.is_chance():
            label = _label(state)
            if label != last_label:
                labels, last_label = labels + 1, label
    turns = _turns(state, labels)
    result = state.result()
    if result is None:
        return GameRecord(index, seed, False, (), (), steps, turns, "steps",
                          f"stopped after {steps} steps (max_steps)")
    limit = "turns" if "limit" in result.reason.lower() else ""
    return GameRecord(index, seed, True, tuple(result.winners), tuple(float(r) for r in result.returns),
                      steps, turns, limit, result.reason)


def run_chunk(spec: SimSpec, start: int, stop: int, halt: HaltSignal | None = None) -> Chunk:
    """Play games ``start .. stop - 1``; a game that raises becomes a :class:`Failure` and the chunk goes on.

    With ``halt`` set the chunk ends early: the returned ``Chunk.stop`` is the
    first game not played.
    """
    began = time.perf_counter()
    records: list[GameRecord] = []
    failures: list[Failure] = []
    halted = halt_check(halt)
    with fewer_collections():  # games make no reference cycles (explorer/core/collector.py)
        for index in range(start, stop):
            if halted():
                stop = index
                break
            try:
                records.append(play_game(spec, index, halted))
            except Halted:
                stop = index
                break
            except Exception as err:  # noqa: BLE001 - any error of one game is reported by seed, never fatal
                frames = traceback.format_exception(type(err), err, err.__traceback__)
                failures.append(Failure(index, spec.seed_of(index), f"{type(err).__name__}: {err}",
                                        "".join(frames[-3:])[-2000:]))
    return Chunk(start, stop, tuple(records), tuple(failures), time.perf_counter() - began,
                 f"{socket.gethostname()}:{os.getpid()}")


def replay(spec: SimSpec, index: int) -> Match:
    """Game ``index`` of ``spec`` rebuilt as an :class:`explorer.Match`, played to where the run stopped.

    Step back through it with ``match.goto`` or open it in a match panel.
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < spec.games:
        raise ValueError(f"game index must be from 0 to {spec.games - 1}, got {index!r}")
    game = _game(spec)
    policies = _policies(spec, game)
    match = Match(game.initial_state(**spec.setup), seed=spec.seed_of(index))
    match.play(lambda state, rng: policies[state.current_player](state, rng), max_steps=spec.max_steps)
    return match
