"""Issue 19: Cancel stops a running study within a second on every backend, and its workers stop too.

Chunks are 400 games here (the old code only looked at Cancel between chunks, so a
cancelled run went on for a whole chunk: 6 s and more). Star Realms under the
heuristic plays about 20 games a second on one core, so a 400-game chunk is
still running when Cancel comes.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from typing import Any

import pytest

from explorer.sim import make_spec, run_spec
from explorer.sim.play import run_chunk

WITHIN_S = 1.0
WORKERS_GONE_S = 2.0  # the run returns within WITHIN_S; its workers are seen out just behind it
SPEC = make_spec("star_realms", policies="heuristic", games=2000, seed=0)


def _start(backend: str, **kwargs: Any) -> tuple[threading.Thread, threading.Event, dict]:
    stop = threading.Event()
    out: dict = {}

    def work() -> None:
        out["result"] = run_spec(SPEC, backend=backend, chunk_size=400, stop=stop, **kwargs)
        out["returned"] = time.monotonic()

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread, stop, out


def _cancel(thread: threading.Thread, stop: threading.Event, out: dict) -> float:
    """Set Cancel; the seconds until ``run_spec`` returned."""
    assert thread.is_alive(), "the run ended before Cancel: make it longer"
    pressed = time.monotonic()
    stop.set()
    thread.join(30)
    assert not thread.is_alive()
    return out["returned"] - pressed


def test_a_halted_chunk_returns_the_games_played_before_it_stopped() -> None:
    halt = threading.Event()
    halt.set()
    chunk = run_chunk(SPEC, 10, 20, halt=halt)
    assert (chunk.start, chunk.stop, chunk.records) == (10, 10, ())


def test_cancel_stops_the_local_backend_within_a_second() -> None:
    thread, stop, out = _start("local")
    time.sleep(1.0)
    assert _cancel(thread, stop, out) < WITHIN_S
    result = out["result"]
    assert result.cancelled and 0 < result.done < 400  # the games of the first chunk played before Cancel


def test_cancel_stops_the_processes_backend_and_its_workers_within_a_second() -> None:
    import psutil

    before = set(multiprocessing.active_children())
    thread, stop, out = _start("processes", workers=2)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # both spawned workers imported the games and are playing
        workers = [psutil.Process(p.pid) for p in set(multiprocessing.active_children()) - before]
        if len(workers) == 2 and all(w.cpu_times().user > 1.5 for w in workers):
            break
        time.sleep(0.2)
    assert _cancel(thread, stop, out) < WITHIN_S
    assert out["result"].cancelled and 0 < out["result"].done < 800  # the halted chunks' games are kept
    deadline = time.monotonic() + WORKERS_GONE_S
    while set(multiprocessing.active_children()) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not set(multiprocessing.active_children()) - before, "pool workers still running after Cancel"


def _executing(dask_worker: Any) -> int:
    return len(dask_worker.state.executing)


def test_cancel_stops_the_dask_backend_and_its_tasks_within_a_second(dask_client: Any) -> None:
    thread, stop, out = _start("dask", client=dask_client)
    deadline = time.monotonic() + 30
    while sum(dask_client.run(_executing).values()) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    assert _cancel(thread, stop, out) < WITHIN_S
    assert out["result"].cancelled
    deadline = time.monotonic() + WITHIN_S
    while sum(dask_client.run(_executing).values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sum(dask_client.run(_executing).values()) == 0, "Dask workers still playing after Cancel"
    assert not dask_client.processing() or not any(dask_client.processing().values())


@pytest.mark.parametrize("backend", ["local", "processes"])
def test_an_uncancelled_run_is_not_cut_short(backend: str) -> None:
    result = run_spec(make_spec("warps_edge", games=12, seed=3), backend=backend, workers=2, chunk_size=5,
                      stop=threading.Event())
    assert not result.cancelled and [r.seed for r in result.records] == list(range(3, 15))


def test_pool_workers_exit_when_their_kernel_is_killed() -> None:
    """A kernel killed with SIGKILL runs no cleanup: its workers notice their parent is gone and exit."""
    import os
    import signal
    import subprocess
    import sys

    import psutil

    code = ("from explorer.sim import make_spec, run_spec\n"
            "run_spec(make_spec('star_realms', policies='heuristic', games=2000), backend='processes', workers=2,"
            " chunk_size=400)\n")
    kernel = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90
        workers: list = []
        while time.monotonic() < deadline:
            workers = [p for p in psutil.Process(kernel.pid).children() if "resource_tracker" not in " ".join(p.cmdline())]
            if len(workers) == 2 and all(w.cpu_times().user > 1.5 for w in workers):
                break
            time.sleep(0.2)
        assert len(workers) == 2, workers
        os.kill(kernel.pid, signal.SIGKILL)
        kernel.wait(10)
        gone, alive = psutil.wait_procs(workers, timeout=WORKERS_GONE_S + 1)
        assert not alive, f"workers outlived their kernel: {alive}"
    finally:
        if kernel.poll() is None:
            kernel.kill()
            kernel.wait(10)
