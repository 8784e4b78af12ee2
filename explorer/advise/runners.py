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
(:mod:`explorer.advise.rollout`), every worker has work, and a time budget
can stop between pieces; the split never changes a value.

>>> run = Runner("local")
>>> with run:
...     run.workers
1
"""

from __future__ import annotations

import atexit
import contextlib
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from explorer.advise.rollout import play_task
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


class Runner:
    """Runs rounds of rollout tasks on one backend; a context manager (a Dask cluster lives inside it)."""

    def __init__(self, backend: str = "local", workers: int | None = None, client: Any = None) -> None:
        from explorer.sim.backends import BACKENDS, default_workers

        if backend not in BACKENDS:
            raise RulesError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
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

    def run(self, blob: bytes, tasks: list[Task], deadline: float | None = None) -> Iterator[Done]:
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

    def _run_processes(self, blob: bytes, pieces: list[Piece], deadline: float | None) -> Iterator[Done]:
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

    def _run_dask(self, blob: bytes, pieces: list[Piece], deadline: float | None) -> Iterator[Done]:
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
