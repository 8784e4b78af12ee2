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

``stop`` (a ``threading.Event``, or anything with ``is_set()``) ends the run
early and within a second, its workers included: every backend hands the
chunks a halt signal that they read between games (and every few hundred moves
inside one), waits a moment (``HALT_GRACE_S``) for the halted chunks' games,
which are kept, and cancels the rest. A run's pool workers that have not
exited ``WORKER_EXIT_S`` after it are terminated, those still starting up
included; a ``LocalCluster`` the run started is closed before the run returns,
and its worker processes still alive ``CLUSTER_CLOSE_S`` into the close are
killed. (Closing the cluster at once after Cancel, as this did, cut the
workers off from the halt signal: they played on until their nanny killed them
4 s later.)

Worker processes never outlive the process that started them: a pool worker
watches its parent and exits when it is gone (Dask's own worker processes do
the same through their nanny's pipe).
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
import time
from collections.abc import Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

from explorer.extras import require
from explorer.sim.play import Chunk, Failure, HaltSignal, run_chunk
from explorer.sim.spec import SimSpec, SimulationError

BACKENDS = ("local", "processes", "dask")
RETRIES = 2
MAX_CHUNK = 500
CONNECT_TIMEOUT_S = 10
POLL_S = 0.05
"""How often a run looks at ``stop`` and at its workers' results."""
HALT_GRACE_S = 0.4
"""After a halt, how long a run waits for its chunks' partial results before leaving them."""
WORKER_EXIT_S = 0.5
"""After a run, how long its pool workers have to exit by themselves before they are terminated."""
CLUSTER_CLOSE_S = 0.3
"""How long a ``LocalCluster`` the run started may close gracefully before its worker processes are killed
(Dask's nanny waits 4 s for a worker that does not stop)."""
PARENT_WATCH_S = 0.5

_worker_halt: HaltSignal | None = None  # set in each pool worker by _start_worker


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


def run_local(spec: SimSpec, chunks: list[tuple[int, int]], stop: HaltSignal | None = None) -> Iterator[Chunk]:
    for start, end in chunks:
        if stop is not None and stop.is_set():
            return
        chunk = run_chunk(spec, start, end, halt=stop)
        yield chunk
        if chunk.stop < end:  # halted inside the chunk
            return


def watch_parent(parent_pid: int, poll_s: float = PARENT_WATCH_S) -> threading.Thread:
    """Exit this process (status 70) as soon as ``parent_pid`` is no longer its parent.

    A worker whose kernel was killed is re-parented; it must not go on playing
    games nobody will read.
    """
    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(poll_s)
        os._exit(70)

    thread = threading.Thread(target=watch, name="explorer-sim-parent-watch", daemon=True)
    thread.start()
    return thread


class RunContext(SpawnContext):
    """The ``spawn`` start method, keeping every process it starts: one run's pool workers, and only them.

    ``ProcessPoolExecutor`` starts its workers with ``mp_context.Process``; a
    worker still importing when the run ends is in ``started`` as well (the
    workers used to report their own ids, so one still starting up was missed
    and outlived its run by seconds).
    """

    def __init__(self) -> None:
        super().__init__()
        self.started: list[SpawnProcess] = []

    def Process(self, *args: Any, **kwargs: Any) -> SpawnProcess:  # type: ignore[override]  # noqa: N802 - multiprocessing's own name
        proc = SpawnProcess(*args, **kwargs)
        self.started.append(proc)
        return proc


def _start_worker(halt: HaltSignal, parent_pid: int) -> None:
    """Pool initializer: remember the run's halt event, watch the parent."""
    global _worker_halt
    _worker_halt = halt
    watch_parent(parent_pid)


def end_workers(started: list[SpawnProcess], grace_s: float, halt: HaltSignal | None = None) -> int:
    """Wait up to ``grace_s`` for a run's pool workers to exit, then terminate those still running; how many.

    ``halt`` is only held here: its semaphore must outlive workers still starting up.
    """
    deadline = time.monotonic() + grace_s
    while any(proc.is_alive() for proc in started) and time.monotonic() < deadline:
        time.sleep(POLL_S / 5)
    ended = 0
    while True:  # the executor may start a worker while these end: ``started`` is looked at again until none lives
        alive = [proc for proc in list(started) if proc.is_alive()]
        if not alive:
            return ended
        for proc in alive:
            proc.terminate()
        for proc in alive:
            proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)
        ended += len(alive)


def _pool_chunk(spec: SimSpec, start: int, stop: int) -> Chunk:
    """What a pool worker runs: the chunk, reading the run's halt event between games."""
    return run_chunk(spec, start, stop, halt=_worker_halt)


def _finished(future: Future[Chunk]) -> Chunk | None:
    if future.cancelled() or future.exception() is not None:
        return None
    return future.result()


def run_processes(spec: SimSpec, chunks: list[tuple[int, int]], workers: int,
                  stop: HaltSignal | None = None) -> Generator[Chunk, None, None]:
    """Chunks on a pool of spawned processes, at most two chunks in flight per worker."""
    todo = list(reversed(chunks))
    attempts: dict[tuple[int, int], int] = {}
    context = RunContext()  # spawn: never fork a process that may hold threads (a Jupyter kernel)
    halt = context.Event()

    def new_pool() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                                   initargs=(halt, os.getpid()))

    pool = new_pool()
    running: dict[Future[Chunk], tuple[int, int]] = {}
    try:
        while todo or running:
            if stop is not None and stop.is_set():
                halt.set()  # running chunks end after their current game and return what they played
                pool.shutdown(wait=False, cancel_futures=True)  # queued chunks never start
                done, _ = wait(running, timeout=HALT_GRACE_S)
                for future in done:
                    chunk = _finished(future)
                    if chunk is not None:
                        yield chunk
                return
            while todo and len(running) < 2 * workers:
                rng = todo.pop()
                running[pool.submit(_pool_chunk, spec, *rng)] = rng
            done, _ = wait(running, timeout=POLL_S * 2, return_when=FIRST_COMPLETED)
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
                pool = new_pool()
                for rng in lost:
                    attempts[rng] = attempts.get(rng, 0) + 1
                    if attempts[rng] > RETRIES:
                        yield _lost(spec, *rng, f"a worker process died while playing this chunk {RETRIES + 1} times")
                    else:
                        todo.append(rng)
    finally:
        halt.set()  # whatever ends the run (done, cancelled, an error in the caller) ends the workers' games
        pool.shutdown(wait=False, cancel_futures=True)
        # the caller does not wait for the workers: they are seen out (and terminated if need be) behind it
        threading.Thread(target=end_workers, args=(context.started, WORKER_EXIT_S, halt), daemon=True,
                         name="explorer-sim-end-workers").start()


@contextlib.contextmanager
def dask_client(client: Any = None, workers: int | None = None) -> Iterator[Any]:
    """A connected ``dask.distributed.Client``: the one given, one for a scheduler address, or a new local cluster.

    What this function started it also stops, and a cluster of its own is gone,
    worker processes included, when the ``with`` block is left (see
    :func:`close_cluster`). An unreachable address is a :class:`SimulationError`
    before any work; a missing ``dask`` is a
    :class:`~explorer.extras.MissingExtraError` naming ``pip install 'rules-explorer[sim]'``.
    """
    distributed = require("dask.distributed", "sim", "the simulation lab's Dask backend")
    Client, LocalCluster = distributed.Client, distributed.LocalCluster  # noqa: N806 - the classes' own names
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
        close_cluster(cluster)


def close_cluster(cluster: Any, grace_s: float = CLUSTER_CLOSE_S) -> int:
    """Close a ``LocalCluster`` this process started; its worker processes still alive after ``grace_s`` are killed.

    Returns how many were killed. The results are in by then: a worker that
    has not stopped (a task that could no longer read its halt signal) has
    nothing left to give. ``psutil`` checks each process's start time, so a
    process id reused meanwhile is never touched.
    """
    import psutil

    processes = []
    for nanny in list(getattr(cluster, "workers", {}).values()):
        with contextlib.suppress(psutil.Error, TypeError, ValueError):
            if getattr(nanny, "pid", None):
                processes.append(psutil.Process(nanny.pid))
    killed: list[int] = []

    def kill_left() -> None:
        for proc in processes:
            with contextlib.suppress(psutil.Error):
                if proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE:
                    proc.kill()
                    killed.append(proc.pid)

    watchdog = threading.Timer(grace_s, kill_left)
    watchdog.daemon = True
    watchdog.start()
    try:
        cluster.close()
    finally:
        watchdog.cancel()
    psutil.wait_procs(processes, timeout=1.0)
    return len(killed)


def run_dask(spec: SimSpec, chunks: list[tuple[int, int]], client: Any,
             stop: HaltSignal | None = None) -> Generator[Chunk, None, None]:
    """Every chunk as one Dask task; results arrive as tasks finish.

    Tasks read a ``dask.distributed.Event`` between games. On ``stop`` it is
    set: running tasks end after their current game and return what they
    played, tasks that start after it return at once; what arrives within
    ``HALT_GRACE_S`` is kept and every future still unfinished is cancelled.
    The run waits for those results before it returns, so a cluster closed
    after it is never closed under tasks still playing.
    """
    Event = require("dask.distributed", "sim", "the simulation lab's Dask backend").Event  # noqa: N806 - a class, named as Dask names it

    token = os.urandom(6).hex()
    halt = Event(f"explorer-sim-halt-{token}", client=client)
    futures = [client.submit(run_chunk, spec, start, end, halt, key=f"explorer-sim-{token}-{start}", pure=False)
               for start, end in chunks]
    running = dict(zip(futures, chunks))
    halted: list[Chunk] = []
    try:
        while running:
            if stop is not None and stop.is_set():
                halt.set()
                deadline = time.monotonic() + HALT_GRACE_S
                while running and time.monotonic() < deadline:  # the halted tasks return their games
                    if not any(future.done() for future in running):
                        time.sleep(POLL_S / 5)
                        continue
                    for future in [f for f in running if f.done()]:
                        running.pop(future)
                        if future.status == "finished":
                            halted.append(future.result())
                yield from (chunk for chunk in halted if chunk.games)
                return
            done = [future for future in running if future.done()]
            if not done:
                time.sleep(POLL_S)
                continue
            for future in done:
                first, end = running.pop(future)
                try:
                    chunk = future.result()
                except Exception as err:  # noqa: BLE001 - KilledWorker or a lost connection: report this chunk, go on
                    chunk = _lost(spec, first, end, f"the Dask task for this chunk failed: {type(err).__name__}: {err}")
                yield chunk
    finally:
        unfinished = [f for f in futures if not f.done()]
        if unfinished:
            with contextlib.suppress(Exception):  # a cluster already gone has nothing left to stop
                halt.set()
            client.cancel(unfinished)
