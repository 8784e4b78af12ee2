"""Work that must not freeze the page: on a thread where one starts, else on the event loop, else now.

Hints, reviews, the Star Realms odds and the page's plotly warm-up take from a fraction of a second to
minutes. In an ordinary kernel they run on a thread, so the kernel keeps answering clicks (Stop among
them). In the browser's Python (Pyodide, ``sys.platform == "emscripten"``) no thread can start
(``RuntimeError: can't start new thread``), and a kernel short of resources may refuse one too. This
module decides where the work goes, in one place, for every caller (:func:`start`):

1. **a thread**, where threads start (the ordinary kernel: today's behaviour);
2. else **the event loop**, when one is running (the Pyodide kernel's, or an ``asyncio`` program's): an
   ``asyncio`` task takes one round of the work, then gives the loop a turn (``await asyncio.sleep(0)``), so
   the page's clicks, Stop among them, are heard between rounds and every round's progress is drawn;
3. else **here and now**, every round in turn (a plain script, or a test that asks for it).

The work is an iterable of rounds (a generator that yields after each round); what a round does, and
what it shows, is the caller's. :class:`Queue` runs short jobs one after another, in order, the same way
(the Star Realms odds views).

>>> rounds = []
>>> work = start(iter(range(3)), name="count", background=False)
>>> work.how, work.running(), work.wait()
('here', False, True)
>>> queue = Queue("odds", background=False)
>>> queue.submit(lambda: rounds.append("asked")); rounds
['asked']
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

log = logging.getLogger(__name__)

THREAD, LOOP, HERE = "thread", "event loop", "here"
"""Where a piece of work runs (:attr:`Work.how`)."""

NO_THREADS = ("emscripten", "wasi")
"""The platforms (``sys.platform``) where no thread can start: Python in the browser (Pyodide)."""

IN_PAGE = ("Python runs in this page, where no thread or worker process can start: the rollouts run here, a round "
           "at a time between your clicks, so the page stays usable and Stop is heard between rounds (the served "
           "version of the explorer runs them on a thread, or on every core).")
"""The sentence a panel shows where its work runs on the event loop instead of a thread."""


def threads_start() -> bool:
    """Whether this Python may start a thread at all (not in the browser's Pyodide).

    A platform that has threads can still refuse one (``RuntimeError: can't start new thread``):
    :func:`start` then goes on as if it had none.

    >>> threads_start() == (sys.platform not in NO_THREADS)
    True
    """
    return sys.platform not in NO_THREADS


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running now, if any: the one this code runs in, or Pyodide's (it always runs)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":  # Pyodide's WebLoop is set as the loop and runs on the page's own loop
        loop = asyncio.get_event_loop()
        return loop if loop.is_running() else None
    return None


class Work:
    """A piece of work started by :func:`start`: where it runs (``how``), whether it still runs, a wait."""

    def __init__(self, how: str, thread: threading.Thread | None = None, task: asyncio.Task[None] | None = None,
                 name: str = "") -> None:
        self.how, self.thread, self.task, self.name = how, thread, task, name

    def running(self) -> bool:
        if self.thread is not None:
            return self.thread.is_alive()
        if self.task is not None:
            return not self.task.done()
        return False

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a thread's work to end; whether it has ended.

        On the event loop nothing can wait here (it would hold the very loop the work runs on): this
        says whether it has ended; ``await work.finished()`` waits.
        """
        if self.thread is not None:
            self.thread.join(timeout)
        return not self.running()

    async def finished(self, poll_s: float = 0.01) -> None:
        """Wait, without holding the event loop, until the work has ended (wherever it runs)."""
        while self.running():
            await asyncio.sleep(poll_s)

    def __repr__(self) -> str:
        return f"Work({self.name!r}, on {self.how}, {'running' if self.running() else 'done'})"


def _drain(rounds: Iterable[Any], name: str) -> None:
    try:
        for _ in rounds:
            pass
    except Exception:  # noqa: BLE001 - work off the caller's way must not die silently
        log.exception("%s failed", name)
        raise


async def _take_turns(rounds: Iterable[Any], name: str) -> None:
    try:
        for _ in rounds:
            await asyncio.sleep(0)  # the loop's turn: clicks (Stop) and the drawing of this round
    except Exception:  # noqa: BLE001 - a task's error is otherwise seen only when it is awaited
        log.exception("%s failed", name)


def start(rounds: Iterable[Any], *, name: str, background: bool = True) -> Work:
    """Run ``rounds`` (each item: one round done) on a thread, else on the event loop, else now.

    ``background=False`` runs them now, in the caller's thread (tests, and callers that want the
    answer at once). An error is logged, and raised where the rounds run now.
    """
    if background and threads_start():
        thread = threading.Thread(target=_drain, args=(rounds, name), name=name, daemon=True)
        try:
            thread.start()
            return Work(THREAD, thread=thread, name=name)
        except RuntimeError as err:  # "can't start new thread": go on as where there are none
            log.info("%s: no thread (%s); the work goes on the event loop or here", name, err)
    loop = running_loop() if background else None
    if loop is not None:
        return Work(LOOP, task=loop.create_task(_take_turns(rounds, name)), name=name)
    _drain(rounds, name)
    return Work(HERE, name=name)


class Queue:
    """Jobs run one after another, in the order given, off the caller's way (where :func:`start` puts them).

    One worker at a time drains the queue: a thread in an ordinary kernel, a task on the event loop in
    the browser (one job, then the loop's turn), or the caller itself when neither can run it.
    """

    def __init__(self, name: str, background: bool = True) -> None:
        self.name, self.background = name, background
        self._jobs: deque[Callable[[], Any]] = deque()
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self.work: Work | None = None

    @property
    def how(self) -> str | None:
        """Where the last worker ran (``None`` before the first job)."""
        return None if self.work is None else self.work.how

    def submit(self, job: Callable[[], Any]) -> None:
        """Queue ``job``; start a worker if none is draining the queue."""
        with self._lock:
            self._jobs.append(job)
            if not self._idle.is_set():
                return  # the worker draining the queue takes it
            self._idle.clear()
        self.work = start(self._drain(), name=self.name, background=self.background)

    def _drain(self) -> Iterable[None]:
        while True:
            with self._lock:
                if not self._jobs:
                    self._idle.set()
                    return
                job = self._jobs.popleft()
            try:
                job()
            except Exception:  # noqa: BLE001 - one failed job must not strand the ones after it
                log.exception("%s: a job failed", self.name)
            yield None

    def idle(self) -> bool:
        return self._idle.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every queued job has run (on a thread); whether they have (see :meth:`Work.wait`)."""
        if self.how == THREAD:
            return self._idle.wait(timeout)
        return self.idle()
