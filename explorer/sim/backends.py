"""Where the chunks of a simulation run: a plain loop, worker processes, or a Dask cluster.

Every backend takes the same chunks (``[start, stop)`` ranges of game indices)
and yields each :class:`~explorer.sim.play.Chunk` as it finishes, in whatever
order they finish; the caller sorts records by index, so every backend returns
identical records. Work goes out in chunks, never one task per game.

* ``local``: the calling thread, chunk after chunk.
* ``processes``: a ``concurrent.futures.ProcessPoolExecutor`` (spawned
  processes, one per core by default). If a process dies the pool is rebuilt
  and the unfinished chunks are sent again (at most ``RETRIES`` times each).
* ``dask``: ``dask.distributed``. With no ``client`` a ``LocalCluster`` on
  127.0.0.1 (one thread per worker) is started and stopped around the run; a
  ``Client`` or a scheduler address uses that cluster. The scheduler re-runs
  the chunk of a worker that died; a chunk that kills workers again and again
  (Dask's ``allowed-failures``) is reported as failed games.

``stop`` (a ``threading.Event``) ends the run early: no new chunk starts,
unstarted ones are cancelled, and what has finished is kept.
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

from explorer.sim.play import Chunk, Failure, run_chunk
from explorer.sim.spec import SimSpec, SimulationError

BACKENDS = ("local", "processes", "dask")
RETRIES = 2
MAX_CHUNK = 500
CONNECT_TIMEOUT_S = 10


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def plan_chunks(games: int, chunk_size: int | None, workers: int = 1) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges covering ``0 .. games - 1``.

    By default about eight chunks per worker (so the load evens out and a
    progress bar moves), and never more than ``MAX_CHUNK`` games in one.

    >>> plan_chunks(10, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    if chunk_size is None:
        chunk_size = max(1, min(MAX_CHUNK, math.ceil(games / max(8 * workers, 20))))
    return [(start, min(start + chunk_size, games)) for start in range(0, games, chunk_size)]


def _lost(spec: SimSpec, start: int, stop: int, why: str) -> Chunk:
    failures = tuple(Failure(i, spec.seed_of(i), why) for i in range(start, stop))
    return Chunk(start, stop, (), failures, 0.0, "")


def run_local(spec: SimSpec, chunks: list[tuple[int, int]], stop: threading.Event | None = None) -> Iterator[Chunk]:
    for start, end in chunks:
        if stop is not None and stop.is_set():
            return
        yield run_chunk(spec, start, end)


def run_processes(spec: SimSpec, chunks: list[tuple[int, int]], workers: int,
                  stop: threading.Event | None = None) -> Iterator[Chunk]:
    """Chunks on a pool of spawned processes, at most two chunks in flight per worker."""
    todo = list(reversed(chunks))
    attempts: dict[tuple[int, int], int] = {}
    context = get_context("spawn")  # never fork a process that may hold threads (a Jupyter kernel)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    running: dict[Future[Chunk], tuple[int, int]] = {}
    try:
        while todo or running:
            if stop is not None and stop.is_set():
                return
            while todo and len(running) < 2 * workers:
                rng = todo.pop()
                running[pool.submit(run_chunk, spec, *rng)] = rng
            done, _ = wait(running, timeout=0.25, return_when=FIRST_COMPLETED)
            lost: list[tuple[int, int]] = []
            for future in done:
                rng = running.pop(future)
                err = future.exception()
                if err is None:
                    yield future.result()
                elif isinstance(err, BrokenProcessPool):
                    lost.append(rng)
                else:
                    yield _lost(spec, *rng, f"the chunk could not run: {type(err).__name__}: {err}")
            if lost:  # a process died: the whole pool is gone, send its chunks again
                lost += running.values()
                running.clear()
                pool.shutdown(wait=False, cancel_futures=True)
                pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
                for rng in lost:
                    attempts[rng] = attempts.get(rng, 0) + 1
                    if attempts[rng] > RETRIES:
                        yield _lost(spec, *rng, f"a worker process died while playing this chunk {RETRIES + 1} times")
                    else:
                        todo.append(rng)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


@contextlib.contextmanager
def dask_client(client: Any = None, workers: int | None = None) -> Iterator[Any]:
    """A connected ``dask.distributed.Client``: the one given, one for a scheduler address, or a new local cluster.

    What this function started it also stops. An unreachable address is a
    :class:`SimulationError` before any work.
    """
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as err:  # pragma: no cover - dask is a dependency
        raise SimulationError("the dask backend needs dask[distributed]: pip install 'dask[distributed]'") from err
    if client is not None and not isinstance(client, (str, Client)):
        raise SimulationError(f"client must be a dask.distributed.Client or a scheduler address, got {client!r}")
    if isinstance(client, Client):
        yield client
        return
    if isinstance(client, str):
        try:
            connected = Client(client, timeout=f"{CONNECT_TIMEOUT_S}s", set_as_default=False)
        except (OSError, TimeoutError) as err:
            raise SimulationError(f"no Dask scheduler answers at {client!r}: {err}") from err
        try:
            yield connected
        finally:
            connected.close()
        return
    cluster = LocalCluster(n_workers=workers or default_workers(), threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address="127.0.0.1:0", silence_logs=40)
    try:
        local = Client(cluster, set_as_default=False)
        try:
            yield local
        finally:
            local.close()
    finally:
        cluster.close()


def run_dask(spec: SimSpec, chunks: list[tuple[int, int]], client: Any,
             stop: threading.Event | None = None) -> Iterator[Chunk]:
    """Every chunk as one Dask task; results arrive as tasks finish."""
    from dask.distributed import as_completed

    token = os.urandom(6).hex()
    futures = [client.submit(run_chunk, spec, start, end, key=f"explorer-sim-{token}-{start}", pure=False)
               for start, end in chunks]
    where = {f.key: rng for f, rng in zip(futures, chunks)}
    pending = as_completed(futures, with_results=False, loop=client.loop)
    try:
        for future in pending:
            if stop is not None and stop.is_set():
                return
            rng = where[future.key]
            try:
                yield future.result()
            except Exception as err:  # noqa: BLE001 - KilledWorker or a lost connection: report this chunk, go on
                yield _lost(spec, *rng, f"the Dask task for this chunk failed: {type(err).__name__}: {err}")
    finally:
        client.cancel([f for f in futures if not f.done()])
