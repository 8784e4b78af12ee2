"""One rollout, and a batch of them: deal the hidden cards, play the option, play the game out.

Rollout ``i`` of an advice with seed ``S`` draws everything from
``SeedSequence([S, i])``: first the hidden cards the seat cannot see are dealt
(:func:`~explorer.advisor.knowledge.determinize`), then the option is applied and
the game is played to its end by the rollout policy, chance steps sampled with
exact probabilities from a generator of their own (the policies draw from a
third), so the draws stay in step as long as the games do. Every option uses the very same generator for rollout
``i`` (common random numbers): the same dealt world and, as far as the games
stay in step, the same draws and rolls. So the difference between two options
is measured with far less noise than either option alone.

The value of a rollout is the seat's return in ``state.result()``: 1 for a
win, 0 for a loss, a share for a draw (two-player draw: 0.5; a co-operative
game returns the same to every seat, so Pinned Down's value is the fleet's).
A rollout cut at ``max_steps`` moves counts as a draw (1 / players). None of
the five games' ``result()`` reports a score beyond these returns (Warp's Edge:
the pilot wins 1 or loses 0; Endor: a round-limit draw 0.5 each; Star Realms:
a shared return among the living at the turn limit), so the advice ranks by
the chance to win, draws counted at their share. With ``measure="progress"``
(games whose state has :meth:`~explorer.core.state.State.progress`) the value is
how far the seat got instead, from 0 to 1 with 1 only for a win (Pinned Down:
the distance covered toward 10), at the end or where the rollout was cut.

**Transpositions.** Two options often reach the same position: the same cards
played in another order, an attack on the same target from another card. A
piece plays rollout ``i`` of several options one after another, and at each
of a rollout's first :data:`CHECKPOINTS` changes of mover it looks up the
position together with the moves taken and the exact state of both
generators. A position reached before with all of these equal has one
future, so its value is taken from the memo instead of being played again.
The values are exactly those of playing it out: the memo only saves time.

A :class:`Job` is a small picklable value (the position, the seat, the rollout
policy, the seed): a worker process or a Dask worker receives it once as bytes
and plays ``(option, start, stop)`` tasks from it; every backend computes the
same numbers.

>>> import explorer
>>> from explorer.core.chance import sample_outcome
>>> from explorer.core.rng import new_generator
>>> s, rng = explorer.load_game("warps_edge").initial_state(), new_generator(0)
>>> while s.is_chance(): s = s.apply(sample_outcome(s.chance_outcomes(), rng))
>>> job = Job(s, 0, "heuristic", seed=7)
>>> play_range(job, 0, 0, 3) == play_range(job, 0, 0, 3)
True
>>> [values for _o, _a, _b, values in play_piece(job, (0, 1), 0, 3)] == [play_range(job, 0, 0, 3), play_range(job, 1, 0, 3)]
True
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from explorer.advisor.knowledge import determinize
from explorer.core.actions import CHANCE, TERMINAL
from explorer.core.collector import fewer_collections
from explorer.core.rng import Generator, spawn_generators
from explorer.core.state import State
from explorer.errors import RulesError

DEFAULT_MAX_STEPS = 20_000
"""Moves a rollout may take before it is cut and counted as a draw (a Star Realms game is ~500)."""

PolicyRef = Any
"""A policy name of the game (``"heuristic"``), a callable ``policy(state, rng)``, or a sequence of one per seat."""


@dataclass(frozen=True)
class Job:
    """What every rollout of one advice shares: position, seat, rollout policy, seed, move limit."""

    state: State
    seat: int
    policy: PolicyRef = "heuristic"
    seed: int = 0
    max_steps: int = DEFAULT_MAX_STEPS
    measure: str = "win"


def resolve_policies(state: State, policy: PolicyRef) -> tuple[Any, ...]:
    """One callable per seat from a name, a callable, or a sequence of them (names from ``game.policies()``)."""
    named = state.game.policies()
    ended = state.result()
    players = len(ended.returns) if ended is not None else _players(state)
    refs = list(policy) if isinstance(policy, (list, tuple)) else [policy] * players
    if len(refs) != players:
        raise RulesError(f"policy: give one policy for every seat ({players}), got {len(refs)}")
    out = []
    for ref in refs:
        if isinstance(ref, str):
            if ref not in named:
                raise RulesError(f"unknown rollout policy {ref!r}; {state.game.info.id} has: {', '.join(named)}")
            out.append(named[ref])
        elif callable(ref):
            out.append(ref)
        else:
            raise RulesError(f"policy: a policy name ({', '.join(named)}) or a callable policy(state, rng), got {ref!r}")
    return tuple(out)


def _progress(state: State, seat: int) -> float:
    """How far ``seat`` got (measure "progress": ``asking.check_measure`` admits only games that say)."""
    got = state.progress(seat)
    assert got is not None, "measure 'progress' is asked only of games that measure it"
    return got


def _players(state: State) -> int:
    for name in ("players", "fleets", "hands"):
        seats = getattr(state, name, None)
        if isinstance(seats, tuple) and seats:
            return len(seats)
    seats = getattr(state, "seats", None)
    if isinstance(seats, int):
        return seats
    return state.game.info.max_players


def generators(seed: int, index: int) -> tuple[Generator, Generator, Generator]:
    """Rollout ``index``'s generators: one deals the hidden cards, one samples chance, one the policies' choices.

    The same three for every option. Chance has a generator of its own so that a policy drawing a different
    number of times after another option does not shift the draws and rolls that follow.
    """
    deal, chance, play = spawn_generators([seed, index], 3)
    return deal, chance, play


CHECKPOINTS = 12
"""Changes of mover at which a rollout looks for a position another option reached (the first ones only:
options that meet, meet soon after the decision, and a look costs a hash of the position)."""

Memo = dict
"""Rollout ``i``'s transpositions: (moves taken, position, generator states) -> value."""


def _generator_key(generator: Generator) -> tuple[Any, ...]:
    state = generator.bit_generator.state
    inner = state["state"]
    return (state["bit_generator"], *(inner.values() if isinstance(inner, dict) else (repr(inner),)),
            state.get("has_uint32"), state.get("uinteger"))


def play_out(state: State, seat: int, policies: tuple[Any, ...], chance: Generator,
             play: Generator, max_steps: int, memo: Memo | None = None, measure: str = "win") -> float:
    """Play ``state`` to its end (chance sampled from ``chance``, each seat by its policy with ``play``).

    ``memo``: the transpositions of this rollout index shared by the options of a piece (see the module).
    ``measure``: ``"win"`` (the seat's return) or ``"progress"`` (``state.progress(seat)``).
    """
    steps = 0
    keys: list[tuple[Any, ...]] = []
    last = None
    value = 1.0 / len(policies)
    while steps < max_steps:
        mover = state.current_player
        if memo is not None and mover != last and len(keys) < CHECKPOINTS:
            key = (steps, state, _generator_key(chance), _generator_key(play))
            known = memo.get(key)
            if known is not None:
                value = known
                break
            keys.append(key)
        last = mover
        if mover == TERMINAL:
            ended = state.result()
            assert ended is not None, "a state whose mover is TERMINAL has its result"
            value = float(ended.returns[seat]) if measure == "win" else _progress(state, seat)
            break
        if mover == CHANCE:  # every chance step in a row (no checkpoint falls between them: the mover stays)
            state, made = state.play_chance(chance, max_steps - steps)
            steps += made
        else:
            state = state.apply(policies[mover](state, play))
            steps += 1
    else:  # cut at max_steps: a draw, or as far as the seat got
        if measure != "win":
            value = _progress(state, seat)
    if memo is not None:
        for key in keys:
            memo[key] = value
    return value


def play_range(job: Job, option: int, start: int, stop: int) -> tuple[float, ...]:
    """Rollouts ``start .. stop - 1`` of option ``option`` (an index into ``legal_actions()``): their values."""
    return play_piece(job, (option,), start, stop)[0][3]


def play_piece(job: Job, options: tuple[int, ...], start: int, stop: int,
               transpositions: bool = True) -> list[tuple[int, int, int, tuple[float, ...]]]:
    """Rollouts ``start .. stop - 1`` of each of ``options``: ``(option, start, stop, values)`` per option.

    Rollout ``i`` deals one world and plays it for every option in turn, sharing the transpositions
    (``transpositions=False`` plays every rollout to its end; the values are the same).
    """
    policies = resolve_policies(job.state, job.policy)
    actions = job.state.legal_actions()
    values: dict[int, list[float]] = {option: [] for option in options}
    with fewer_collections():  # rollouts make no reference cycles (explorer/core/collector.py)
        for i in range(start, stop):
            world = None
            memo: Memo | None = {} if transpositions and len(options) > 1 else None
            for option in options:
                deal, chance, play = generators(job.seed, i)
                if world is None:  # the seat's own cards are untouched: its options stay legal
                    world = determinize(job.state, job.seat, deal)
                values[option].append(play_out(world.apply(actions[option]), job.seat, policies, chance, play,
                                               job.max_steps, memo, job.measure))
    return [(option, start, stop, tuple(values[option])) for option in options]


@lru_cache(maxsize=8)
def _job(blob: bytes) -> Job:
    job = pickle.loads(blob)
    assert isinstance(job, Job)
    return job


def play_task(blob: bytes, options: tuple[int, ...], start: int, stop: int) -> list[tuple[int, int, int, tuple[float, ...]]]:
    """A worker's task: the job sent as bytes (unpickled once per process), one range of several options."""
    return play_piece(_job(blob), options, start, stop)
