"""Redrawing a panel after Python moved its match: once per cell, not once per move.

A panel observes its :class:`~explorer.Match`. When a notebook cell moves the match
(``m.step()`` in a loop, ``m.undo()``, ``m.play(500)``), the panel must show the new
position, but redrawing after each of 500 steps would send 500 sets of widget messages
while the cell still runs. :class:`RedrawLater` gathers the match's messages and
redraws once:

* inside a Jupyter kernel (JupyterLab, Voilà, nbclient) an asyncio event loop is
  running while a cell executes; the redraw is queued on it with ``call_soon`` and so
  runs right after the cell (the cell holds the loop until it ends);
* with no running loop (plain Python, pytest) it redraws at once, so tests see the
  panel follow each change synchronously.

The panel's own buttons do not come through here: they move the match inside
``MatchPanel.own_changes()`` and redraw themselves.

>>> drawn = []
>>> later = RedrawLater(drawn.append)
>>> later.ask("step")      # no event loop here: drawn at once
>>> drawn
[['step']]
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's asyncio loop when this code runs in an IPython kernel (JupyterLab, Voilà, nbclient),
    else ``None``. Another library's running loop (Playwright's sync API runs one under a test) does
    not count: nothing promises it will run a queued redraw soon."""
    try:
        from IPython import get_ipython
    except ImportError:  # no IPython: not a kernel
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class RedrawLater:
    """Calls ``redraw(changes)`` once for every run of changes asked for while a cell runs."""

    def __init__(self, redraw: Callable[[list[Any]], Any],
                 loop: Callable[[], asyncio.AbstractEventLoop | None] = running_loop) -> None:
        self._redraw = redraw
        self._loop = loop
        self._pending: list[Any] = []
        self._queued = False

    @property
    def queued(self) -> bool:
        """True while a redraw waits for the running cell to end."""
        return self._queued

    def ask(self, change: Any) -> None:
        """Note ``change``; redraw now (no loop) or once after the running cell (a kernel)."""
        self._pending.append(change)
        if self._queued:
            return
        loop = self._loop()
        if loop is None:
            self.flush()
            return
        self._queued = True
        loop.call_soon(self.flush)

    def flush(self) -> None:
        """Redraw now for every change noted since the last redraw (nothing when none)."""
        self._queued = False
        changes, self._pending = self._pending, []
        if not changes:
            return
        try:
            self._redraw(changes)
        except Exception:  # noqa: BLE001 - a loop callback must not raise into the kernel's loop
            log.exception("redraw after a change from Python failed")
