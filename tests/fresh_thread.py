"""Run a piece of a test in a thread of its own: where no event loop is running.

Playwright's synchronous API keeps an event loop running in the main thread of a pytest worker
for as long as its browser lives, so a non-browser test that the worker runs after a browser test
finds "a running loop" there: ``asyncio.run`` refuses, and code that looks for a running loop
(``widgets.common.background``) finds one. Such tests run their asyncio part here instead.
The thread is started with ``Thread.start`` as it was when this module was imported, so a test
that makes new threads refuse to start (monkeypatching ``Thread.start``) still gets this one.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
_START = threading.Thread.start


def in_fresh_thread(work: Callable[[], T], timeout_s: float = 300) -> T:
    """``work()`` run in a new thread with no event loop; its result, or its exception raised here."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = work()
        except BaseException as err:  # noqa: BLE001 - handed back to the test's own thread
            out["error"] = err

    thread = threading.Thread(target=run, name="test-fresh-thread", daemon=True)
    _START(thread)
    thread.join(timeout_s)
    if thread.is_alive():
        raise TimeoutError(f"the test's work did not end within {timeout_s} s")
    if "error" in out:
        raise out["error"]
    return out["value"]  # type: ignore[no-any-return]


def run_async(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` in a fresh thread (see the module docstring)."""
    return in_fresh_thread(lambda: asyncio.run(main))
