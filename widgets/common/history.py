"""A match's history: the readable log, a time-travel slider, Undo and Redo.

The view knows nothing about the rules. It draws ``match.log`` (newest at the
bottom, the shown position highlighted, the undone future greyed) and a slider
over positions ``0 … len(match) - 1``; the buttons and the slider only report
what the user asked for through three callbacks, and the panel calls
``explorer.Match`` and redraws. ``update(match)`` is cheap for long matches: it
formats a window of at most ``window`` lines around the cursor, not the whole
log. How a move reads is ``log_line(index, entry)`` when given (the panel
passes :meth:`MatchPanel.log_line`, so a game can word what a viewer may not
see), else ``match.log_line(index)``.

>>> import ipywidgets as W
>>> asked = []
>>> h = HistoryView(on_goto=asked.append, on_undo=lambda: None, on_redo=lambda: None)
>>> h.slider.max, h.undo_button.description
(0, 'Undo')
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as W

LOG_WINDOW = 200
"""Lines drawn at most on each side of the cursor; the rest is summarised."""

_LOG_STYLE = (
    "<style>"
    ".re-log-box{max-height:220px;overflow-y:auto;display:flex;flex-direction:column-reverse;"
    "border:1px solid #d5d9e0;border-radius:4px;background:#fbfbfc;"
    "font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;line-height:1.55}"
    ".re-log-box .re-log-line{padding:0 8px;white-space:pre-wrap}"
    ".re-log-box .re-log-current{background:#e3ebf6;border-left:3px solid #4C6A92;font-weight:600}"
    ".re-log-box .re-log-future{color:#9aa1ac}"
    ".re-log-box .re-log-more{color:#7a828e;font-style:italic;padding:0 8px}"
    "</style>"
)


LogLine = Callable[[int, Any], str]
"""``log_line(index, entry) -> str``: how move ``index`` (``match.entries[index]``) reads in the log."""


def log_html(match: Any, *, window: int = LOG_WINDOW, log_line: LogLine | None = None) -> str:
    """The log of ``match`` as HTML: line 0 is the start, line ``i`` the move that led to position ``i``.

    The line of the shown position (``match.cursor``) has class ``re-log-current``;
    moves after the cursor (kept for redo) have class ``re-log-future``. Every
    line is HTML-escaped. ``log_line(index, entry)`` words each move (default:
    ``match.log_line(index)``).
    """
    n = len(match)  # positions; moves are 1 … n-1
    cursor = match.cursor
    lo, hi = max(0, cursor - window), min(n, cursor + window + 1)
    entries = match.entries if log_line is not None else ()
    rows: list[str] = []
    if lo > 0:
        rows.append(f'<div class="re-log-more">… {lo} earlier move{"s" if lo != 1 else ""}</div>')
    for pos in range(lo, hi):
        if pos == 0:
            text = "Start"
        elif log_line is None:
            text = match.log_line(pos - 1)
        else:
            text = log_line(pos - 1, entries[pos - 1])
        cls = "re-log-line"
        if pos == cursor:
            cls += " re-log-current"
        elif pos > cursor:
            cls += " re-log-future"
        rows.append(f'<div class="{cls}" data-pos="{pos}">{html.escape(text)}</div>')
    if hi < n:
        rows.append(f'<div class="re-log-more">… {n - hi} later move{"s" if n - hi != 1 else ""} (redo)</div>')
    # column-reverse keeps the box scrolled to the newest line; the inner div keeps reading order.
    return f'{_LOG_STYLE}<div class="re-log-box"><div>{"".join(rows)}</div></div>'


class HistoryView:
    """Log box (``re-log``), slider (``re-history-slider``), Undo (``re-undo``) and Redo (``re-redo``).

    ``on_goto(index)``, ``on_undo()`` and ``on_redo()`` are called when the user
    asks; ``update(match)`` redraws from the match without calling them back.
    ``log_line(index, entry)``, when given, words each move of the log.
    """

    def __init__(
        self,
        *,
        on_goto: Callable[[int], Any],
        on_undo: Callable[[], Any],
        on_redo: Callable[[], Any],
        window: int = LOG_WINDOW,
        log_line: LogLine | None = None,
    ) -> None:
        self._on_goto, self._on_undo, self._on_redo = on_goto, on_undo, on_redo
        self.window = window
        self.log_line = log_line
        self._syncing = False

        self.undo_button = W.Button(description="Undo", tooltip="Step back one move",
                                    layout=W.Layout(width="90px"))
        self.undo_button.add_class("re-undo")
        self.redo_button = W.Button(description="Redo", tooltip="Step forward again",
                                    layout=W.Layout(width="90px"))
        self.redo_button.add_class("re-redo")
        self.slider = W.IntSlider(
            value=0, min=0, max=0, step=1, description="Position",
            continuous_update=False, readout=True,
            layout=W.Layout(width="100%", min_width="260px", flex="1 1 auto"),
            style={"description_width": "60px"},
        )
        self.slider.add_class("re-history-slider")
        self.position_label = W.HTML(layout=W.Layout(min_width="120px"))
        self.position_label.add_class("re-position")
        self.log = W.HTML(layout=W.Layout(width="100%"))
        self.log.add_class("re-log")

        self.undo_button.on_click(lambda _b: self._on_undo())
        self.redo_button.on_click(lambda _b: self._on_redo())
        self.slider.observe(self._slider_moved, names="value")

        self.controls = W.HBox(
            [self.undo_button, self.redo_button, self.slider, self.position_label],
            layout=W.Layout(width="100%", align_items="center"),
        )
        self.widget = W.VBox([self.controls, self.log], layout=W.Layout(width="100%"))

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._on_goto(int(change["new"]))

    def update(self, match: Any) -> None:
        """Redraw log, slider range and value, and the buttons' enabled state from ``match``."""
        last, cursor = len(match) - 1, match.cursor
        self._syncing = True
        try:
            s = self.slider
            # Order matters: never let the old max clamp the new value (or the reverse).
            if last >= s.max:
                s.max = last
                s.value = cursor
            else:
                s.value = cursor
                s.max = last
            s.disabled = last == 0
        finally:
            self._syncing = False
        self.undo_button.disabled = not match.can_undo()
        self.redo_button.disabled = not match.can_redo()
        self.position_label.value = (
            f'<span style="font-size:13px;color:#5b6472">move {cursor} of {last}</span>'
        )
        self.log.value = log_html(match, window=self.window, log_line=self.log_line)
