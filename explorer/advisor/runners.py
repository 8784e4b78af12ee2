"""Where the rollouts of an advice run: this thread, worker processes, or a Dask cluster.

The same three backends as the simulation lab (``explorer.sim.backends``), fed
with rollout tasks instead of whole games: ``local`` plays them here one
after another; ``processes`` on a pool of *spawned* processes (never forked:
a Jupyter kernel may hold threads), one per core by default, kept alive
between hints so the second hint does not pay for starting Python again
(:func:`shutdown_pools` ends them; they end with the interpreter too);
``dask`` on ``dask.distributed`` through the lab's ``dask_client`` (a
``Client``, a scheduler address, or a ``LocalCluster`` on 127.0.0.1 started
and stopped around the advice).

A task is ``(option, start, stop)``; the job (position, seat, policy, seed)
goes once as bytes. Every task's values depend only on the job and the
rollout indices, so every backend returns the same numbers. The tasks of a
round are cut into pieces ``(options, start, stop)``: a range of rollout
indices for every option of the round, so that rollout ``i`` of all options
is played in one place and they share its transpositions
(:mod:`explorer.advisor.rollout`), every worker has work, and a time budget
can stop between pieces; the split never changes a value.

**Round by round.** :func:`advise_rounds` is a hint as a generator: it yields ``None`` after
every piece played and the advice so far after every round (the last one yielded is the whole
advice), so whoever drives it decides what happens in between: a thread takes the next at once,
an event loop lets the page's clicks in (Stop among them: ``stop`` is looked at between pieces),
``advise`` keeps the last. Every advice it yields carries its :class:`~explorer.advisor.advice.Evidence`,
and :func:`extend_rounds` goes on from an advice's rollouts to more of them: the values already
played stay, so a review that reads a hint's decision rests on the hint's own rollouts.

Where no process can start (Python in the browser, Pyodide: ``sys.platform`` is ``"emscripten"``),
only ``local`` is offered: the others are refused in a sentence (:func:`processes_start`).

>>> run = Runner("local")
>>> with run:
...     run.workers
1
>>> import explorer
>>> from explorer import advise
>>> m = explorer.Match(explorer.load_game("warps_edge"), seed=1)
>>> while m.state.is_chance(): _ = m.step()
>>> shown = [a for a in advise_rounds(m.state, rollouts=8, seed=1) if a is not None]
>>> shown[-1].rows == advise(m.state, rollouts=8, seed=1).rows
True
>>> more = [a for a in extend_rounds(shown[-1], 16) if a is not None][-1]
>>> more.best.rollouts >= 16, more.evidence.values[0][:8] == shown[-1].evidence.values[0]
(True, True)
"""

from __future__ import annotations

import atexit
import contextlib
import pickle
import sys
import threading
import time
from collections.abc import Generator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from explorer.advisor.advice import Advice, build_advice
from explorer.advisor.asking import MAX_ROLLOUTS, check_measure, default_batch, policy_name
from explorer.advisor.options import Option, decision_options, decision_seat, seen_chance
from explorer.advisor.racing import Race
from explorer.advisor.rollout import DEFAULT_MAX_STEPS, Job, PolicyRef, play_piece, play_task, resolve_policies
from explorer.core.actions import Action
from explorer.core.checks import whole_number
from explorer.core.state import State
from explorer.errors import RulesError

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

# The pools and the lab's backends are imported when a hint first needs them: ``import explorer`` stays light.

Task = tuple[int, int, int]
"""``(option, start, stop)``: rollouts ``start .. stop - 1`` of one option."""
Piece = tuple[tuple[int, ...], int, int]
"""``(options, start, stop)``: the same rollouts of several options, played together."""
Done = tuple[int, int, int, tuple[float, ...]]
DASK_POLL_S = 0.01
"""How often the Dask backend looks for finished pieces (a piece takes far longer)."""
PIECES_PER_WORKER = 8
"""Pieces per worker in a round: a round waits for its slowest piece (rollouts differ in length several
times over), so small pieces keep every worker busy to the end of the round."""
LOCAL_PIECE = 8
"""Rollouts per piece on the local backend, all options together: how often a time budget or a Stop is
looked at."""

_POOLS: dict[int, "ProcessPoolExecutor"] = {}


def _pool(workers: int) -> "ProcessPoolExecutor":
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
    return pool


def shutdown_pools() -> None:
    """End the worker processes kept for hints (they are started again when next needed)."""
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.shutdown(wait=False, cancel_futures=True)


atexit.register(shutdown_pools)


def split(tasks: list[Task], pieces: int, smallest: int = 1) -> list[Piece]:
    """Cut the tasks into at least ``pieces`` pieces ``(options, start, stop)`` (none under ``smallest``
    rollouts of each option), in order; the options of one range travel together.

    ``pieces=0``: ranges of ``smallest`` rollouts each.

    >>> split([(0, 0, 10), (1, 0, 10)], 4)
    [((0, 1), 0, 3), ((0, 1), 3, 6), ((0, 1), 6, 9), ((0, 1), 9, 10)]
    >>> split([(0, 0, 10)], 0, 4)
    [((0,), 0, 4), ((0,), 4, 8), ((0,), 8, 10)]
    >>> split([(0, 0, 4), (1, 4, 8)], 0, 8)
    [((0,), 0, 4), ((1,), 4, 8)]
    """
    ranges: dict[tuple[int, int], list[int]] = {}
    for option, start, stop in tasks:
        if stop > start:
            ranges.setdefault((start, stop), []).append(option)
    if not ranges:
        return []
    longest = max(stop - start for start, stop in ranges)
    size = max(smallest, -(-longest * len(ranges) // pieces)) if pieces > 0 else smallest
    out = []
    for (start, stop), options in ranges.items():
        for a in range(start, stop, size):
            out.append((tuple(options), a, min(stop, a + size)))
    return out


def local_pieces(tasks: list[Task]) -> list[Piece]:
    """The pieces of a round played in this thread: about ``LOCAL_PIECE`` rollouts each, all options together.

    >>> local_pieces([(0, 0, 8), (1, 0, 8)])
    [((0, 1), 0, 4), ((0, 1), 4, 8)]
    """
    options = max(1, len({option for option, _start, _stop in tasks}))
    return split(tasks, 0, max(1, LOCAL_PIECE // options))


NO_PROCESSES = ("emscripten", "wasi")
"""The platforms (``sys.platform``) where no process can be started: Python in the browser (Pyodide)."""


def processes_start() -> bool:
    """Whether this Python can start worker processes (not in the browser, where Pyodide has none).

    >>> processes_start() == (sys.platform not in NO_PROCESSES)
    True
    """
    return sys.platform not in NO_PROCESSES


class Runner:
    """Runs rounds of rollout tasks on one backend; a context manager (a Dask cluster lives inside it)."""

    def __init__(self, backend: str = "local", workers: int | None = None, client: Any = None) -> None:
        from explorer.sim.backends import BACKENDS, default_workers

        if backend not in BACKENDS:
            raise RulesError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
        if backend != "local" and not processes_start():
            raise RulesError(f"the {backend} backend plays rollouts in other processes, and this Python runs in the "
                             f"browser ({sys.platform}), where no process can start: use backend='local' here (the "
                             "served version of the explorer runs the processes and dask backends)")
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 1024):
            raise RulesError(f"workers must be a whole number from 1 to 1024, got {workers!r}")
        if client is not None and backend != "dask":
            raise RulesError(f"client is for the dask backend; backend is {backend!r}")
        self.backend = backend
        self.workers = 1 if backend == "local" else (workers or default_workers())
        self._client_arg = client
        self._stack = contextlib.ExitStack()
        self._client: Any = None
        self._blobs: dict[bytes, Any] = {}

    def __enter__(self) -> "Runner":
        if self.backend == "dask":
            from explorer.sim.backends import dask_client

            self._client = self._stack.enter_context(dask_client(self._client_arg, self.workers))
            self.workers = len(self._client.scheduler_info().get("workers", {})) or self.workers
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def run(self, blob: bytes, tasks: list[Task], deadline: float | None = None) -> Generator[Done, None, None]:
        """Play the tasks; yield each piece as it finishes. Past ``deadline`` no new piece starts."""
        if self.backend == "local":
            for piece in local_pieces(tasks):
                if deadline is not None and time.perf_counter() >= deadline:
                    return
                yield from play_task(blob, *piece)
        elif self.backend == "processes":
            yield from self._run_processes(blob, split(tasks, PIECES_PER_WORKER * self.workers), deadline)
        else:
            yield from self._run_dask(blob, split(tasks, PIECES_PER_WORKER * self.workers), deadline)

    def _run_processes(self, blob: bytes, pieces: list[Piece], deadline: float | None) -> Generator[Done, None, None]:
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        for attempt in range(2):
            pool = _pool(self.workers)
            running: dict["Future[list[Done]]", Piece] = {}
            try:
                running = {pool.submit(play_task, blob, *piece): piece for piece in pieces}
                while running:
                    left = None if deadline is None else deadline - time.perf_counter()
                    if left is not None and left <= 0:
                        return
                    done, _ = wait(running, timeout=left, return_when=FIRST_COMPLETED)
                    for future in done:
                        pieces.remove(running.pop(future))
                        yield from future.result()
                return
            except BrokenProcessPool:
                _POOLS.pop(self.workers, None)
                if attempt:
                    raise RulesError("a worker process died twice while playing rollouts; try backend='local'") from None
            finally:
                for future in running:
                    future.cancel()

    def _run_dask(self, blob: bytes, pieces: list[Piece], deadline: float | None) -> Generator[Done, None, None]:
        client = self._client
        shared = self._blobs.get(blob)
        if shared is None:
            shared = self._blobs[blob] = client.scatter(blob, broadcast=True)
        futures = [client.submit(play_task, shared, *piece, pure=False) for piece in pieces]
        pending = list(futures)
        try:
            while pending:
                if deadline is not None and time.perf_counter() >= deadline:
                    return
                finished = [f for f in pending if f.done()]
                if not finished:
                    time.sleep(DASK_POLL_S)
                    continue
                for future in finished:
                    pending.remove(future)
                    yield from future.result()
        finally:
            client.cancel([f for f in futures if not f.done()])


Rounds = Generator["Advice | None", None, None]
"""What :func:`advise_rounds` yields: ``None`` after a piece, the advice so far after a round (the last: all)."""


def advise_rounds(state: State, seat: int | None = None, *, rollouts: int = 200, policy: PolicyRef = "heuristic",
                  seed: int = 0, backend: str = "local", workers: int | None = None, client: Any = None,
                  budget_s: float | None = None, stop: threading.Event | None = None, batch: int | None = None,
                  racing: bool = True, spare: bool = True, max_steps: int = DEFAULT_MAX_STEPS,
                  measure: str = "win") -> Rounds:
    """:func:`explorer.advisor.advise`, one round at a time: the same arguments (but ``on_batch``), the same advice.

    The arguments are checked now (a bad one raises here, before any rollout); the rollouts are played as
    the generator is driven. ``stop`` is looked at after every piece and before every round.
    """
    began = time.perf_counter()
    seat = decision_seat(state, seat)
    whole_number("rollouts", rollouts, 1, MAX_ROLLOUTS)
    whole_number("seed", seed, 0, 2**63 - 1)
    whole_number("max_steps", max_steps, 1, 10_000_000)
    check_measure(state, seat, measure)
    batch = default_batch(rollouts) if batch is None else whole_number("batch", batch, 1, MAX_ROLLOUTS)
    deadline = _deadline(began, budget_s)
    resolve_policies(state, policy)  # an unknown policy or backend is refused before any rollout
    runner = Runner(backend, workers, client)  # starts nothing until entered
    options = decision_options(state)
    job = Job(state, seat, policy, seed, max_steps, measure)
    blob = _blob(job, backend)
    chances = tuple(seen_chance(state, seat, o.action, seed) for o in options)
    race = Race(len(options), rollouts, batch, racing, spare)
    return _rounds(job, blob, options, chances, race, runner, policy_name(policy), rollouts, began, deadline, stop)


def extend_rounds(advice: Advice, rollouts: int, *, backend: str = "local", workers: int | None = None,
                  client: Any = None, budget_s: float | None = None, stop: threading.Event | None = None) -> Rounds:
    """Go on from ``advice``'s rollouts to ``rollouts`` per option (its own count, if that is more).

    The rollouts it played are kept, value for value, and the race goes on where it ended (options it
    stopped stay stopped); a complete advice asked again at its own count comes back as it was. A partial
    one (Stop, a time budget) is played on to the count it was asked for or ``rollouts``, whichever is more.
    """
    began = time.perf_counter()
    evidence = advice.evidence
    if evidence is None:
        raise RulesError("this advice carries no rollout values to go on from (Advice.evidence is None); "
                         "ask it with advise_rounds")
    whole_number("rollouts", rollouts, 1, MAX_ROLLOUTS)
    target = max(rollouts, advice.rollouts)
    deadline = _deadline(began, budget_s)
    runner = Runner(backend, workers, client)
    by_index = sorted(advice.rows, key=lambda r: r.option.index)
    options = tuple(r.option for r in by_index)
    chances = tuple(r.chance for r in by_index)
    blob = _blob(evidence.job, backend)
    return _rounds(evidence.job, blob, options, chances, evidence.race(target), runner, advice.policy, target,
                   began, deadline, stop)


def _deadline(began: float, budget_s: Any) -> float | None:
    if budget_s is None:
        return None
    if isinstance(budget_s, bool) or not isinstance(budget_s, (int, float)) or not budget_s > 0:
        raise RulesError(f"budget_s must be a number of seconds above 0, got {budget_s!r}")
    return began + budget_s


def _blob(job: Job, backend: str) -> bytes:
    """The job as bytes for the workers, or ``b""`` for a policy that does not pickle (played here, local only)."""
    try:
        return pickle.dumps(job)
    except Exception as err:  # noqa: BLE001 - any pickling failure: the workers cannot receive this job
        if backend != "local":
            raise RulesError(f"the {backend} backend sends the position and policy to other processes, and they do "
                             f"not pickle ({err}); use a named policy or a module-level function") from err
        return b""


def _rounds(job: Job, blob: bytes, options: Sequence[Option], chances: Sequence[tuple[tuple[Action, Fraction], ...]],
            race: Race, runner: Runner, policy: str, rollouts: int, began: float, deadline: float | None,
            stop: threading.Event | None) -> Rounds:
    cut = False

    def halted() -> bool:
        return (stop is not None and stop.is_set()) or (deadline is not None and time.perf_counter() >= deadline)

    def build() -> Advice:
        return build_advice(job, options, chances, race, policy=policy, backend=runner.backend,
                            partial=not race.done() or cut, seconds=time.perf_counter() - began, rollouts=rollouts)

    with runner:
        while not race.done():
            if halted():
                cut = True
                break
            tasks = race.next_round()
            source = runner.run(blob, tasks, deadline) if blob else _play_here(job, tasks, deadline)
            with contextlib.closing(source):  # closing it cancels the pieces not started (Stop, budget)
                for option, start, _stop, values in source:
                    race.record(option, start, values)
                    if stop is not None and stop.is_set():
                        break
                    yield None
            if halted():
                cut = not race.done()
                break
            race.settle()
            if not race.done():
                yield build()
    yield build()


def _play_here(job: Job, tasks: list[Task], deadline: float | None) -> Generator[Done, None, None]:
    """A round of a job whose policy does not pickle, played in this thread (local backend only)."""
    for piece in local_pieces(tasks):
        if deadline is not None and time.perf_counter() >= deadline:
            return
        yield from play_piece(job, *piece)
