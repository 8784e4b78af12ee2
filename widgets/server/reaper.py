"""Work dies with its visitor: which page kernels nobody is watching, and ending a kernel with all it started.

A page's kernel counts as kernel activity every message it sends, so the idle
cull never ends a kernel whose simulation is still posting progress to a page
that was closed without the shutdown call (a killed browser, a dropped network,
a script). :class:`VisitorBook` keeps, for every kernel started for a Voilà
page, how many websockets are connected and since when none is; a kernel with
no websocket for longer than the grace period is *abandoned* and is shut down,
busy or not (``kernels.CappedKernelManager`` asks the book every few seconds).
A kernel whose page never connected gets ``STARTUP_S`` (at least the grace) to
do so: Voilà runs the notebook before the page opens its websocket.

:func:`process_tree` and :func:`end_processes` end what a kernel started
(process pools, Dask workers) even when the kernel itself exited cleanly and
left them behind.

>>> clock = iter([0.0, 0.0, 1.0, 9.0, 9.0]).__next__
>>> book = VisitorBook(grace_s=5, startup_s=5, clock=clock)
>>> book.started("k1"); book.opened("k1"); book.closed("k1")
>>> book.abandoned(), book.abandoned()
([], ['k1'])
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the annotations only: each function imports it when it runs
    import psutil

STARTUP_S = 300.0
"""How long a page has, from its kernel's start, to open its websocket. Voilà runs the whole notebook
before the page connects, and on a loaded 2-core machine that took more than 60 s: the page's kernel was
shut down before its page could use it. Five minutes still bounds a kernel nobody ever opens."""


def is_page_kernel(env: dict[str, str] | None) -> bool:
    """Whether a kernel is started for a Voilà page: Voilà gives it ``SERVER_SOFTWARE=voila/<version>``.

    (A JupyterLab notebook kernel on the same server has no such variable and is left alone.)

    >>> is_page_kernel({"SERVER_SOFTWARE": "voila/0.5.13"}), is_page_kernel(None)
    (True, False)
    """
    return env is not None and str(env.get("SERVER_SOFTWARE", "")).startswith("voila/")


@dataclass
class _Watch:
    connections: int
    since: float  # when the last websocket closed, or when the kernel started
    ever_connected: bool


class VisitorBook:
    """Websockets per page kernel, and which kernels have had none for longer than ``grace_s``."""

    def __init__(self, grace_s: float, startup_s: float = STARTUP_S, clock: Callable[[], float] = time.monotonic):
        if grace_s <= 0:
            raise ValueError(f"the grace period must be a positive number of seconds, got {grace_s!r}")
        self.grace_s = grace_s
        self.startup_s = max(startup_s, grace_s)
        self._clock = clock
        self._kernels: dict[str, _Watch] = {}

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self._kernels

    def started(self, kernel_id: str) -> None:
        self._kernels[kernel_id] = _Watch(0, self._clock(), False)

    def opened(self, kernel_id: str) -> None:
        watch = self._kernels.get(kernel_id)
        if watch is not None:
            watch.connections += 1
            watch.ever_connected = True

    def closed(self, kernel_id: str) -> None:
        watch = self._kernels.get(kernel_id)
        if watch is not None and watch.connections > 0:
            watch.connections -= 1
            if watch.connections == 0:
                watch.since = self._clock()

    def forget(self, kernel_id: str) -> None:
        self._kernels.pop(kernel_id, None)

    def abandoned(self) -> list[str]:
        """Page kernels with no websocket for longer than the grace period (or never connected in time)."""
        now = self._clock()
        return [kernel_id for kernel_id, watch in self._kernels.items()
                if watch.connections == 0
                and now - watch.since > (self.grace_s if watch.ever_connected else self.startup_s)]


def process_tree(pid: int | None) -> list[psutil.Process]:
    """Every living descendant of process ``pid`` (``psutil.Process`` objects; empty if none or unknown)."""
    if pid is None:
        return []
    import psutil

    try:
        return list(psutil.Process(pid).children(recursive=True))
    except psutil.Error:
        return []


def _gone(proc: psutil.Process) -> bool:
    """Ended: no longer running, or a zombie (dead, waiting for its parent to read its exit status)."""
    import psutil

    try:
        return not proc.is_running() or proc.status() == psutil.STATUS_ZOMBIE
    except psutil.Error:
        return True


def end_processes(processes: list[psutil.Process], wait_s: float = 1.0) -> int:
    """Terminate, then kill, the processes of ``processes`` still alive; how many were still alive.

    ``psutil`` checks each process's start time, so a process id reused since
    the list was made is never touched.
    """
    import psutil

    alive = [proc for proc in processes if not _gone(proc)]
    for signal_name in ("terminate", "kill"):
        for proc in alive:
            try:
                getattr(proc, signal_name)()
            except psutil.Error:
                continue
        deadline = time.monotonic() + wait_s
        while any(not _gone(proc) for proc in alive) and time.monotonic() < deadline:
            time.sleep(0.05)
        if all(_gone(proc) for proc in alive):
            break
    return len(alive)
