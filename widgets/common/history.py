"""A match's history: the log as the rules tell it, time travel by turns, Undo and Redo.

The view knows nothing about the rules. It draws the log (each line is what the
rules say a move did, grouped under turn headings from ``state.turn_label()`` of
the position the move was made from, so the draw that ends a turn stays in it,
the shown move highlighted, the undone future greyed, the box scrolled to the
shown move) and a slider over *turns* (``match.turn_starts()``) with previous /
next turn buttons; Undo and Redo step one move inside a turn. The controls only
report what the user asked for through callbacks, and the panel calls
``explorer.Match`` and redraws. ``update(match)`` is cheap for long matches: it
formats a window of at most ``window`` lines around the cursor, not the whole
log; "◀ Earlier moves" and "Later moves ▶" page through the rest, back to the start
of a long game, and "Shown move" returns to the cursor. A turn picked on the slider
that does not exist (a widget message can send any number) is refused in words. How a move reads is ``log_line(index, entry)`` when given (the panel
passes :meth:`MatchPanel.log_line`, so a game can word what a viewer may not
see), else ``match.log_line(index)``.

>>> import ipywidgets as W
>>> asked = []
>>> h = HistoryView(on_goto=asked.append, on_undo=lambda: None, on_redo=lambda: None)
>>> h.slider.max, h.undo_button.description, h.prev_turn_button.description
(0, 'Undo', '◀ Turn')
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as W
import traitlets

LOG_WINDOW = 200
"""Lines drawn at most before the cursor; the rest is summarised."""

FUTURE_LINES = 3
"""Undone moves shown after the cursor (the rest is summarised), so the shown move stays in view."""

_LOG_STYLE = (
    "<style>"
    ".re-log-box{max-height:220px;overflow-y:auto;display:flex;flex-direction:column-reverse;"
    "border:1px solid #d5d9e0;border-radius:4px;background:#fbfbfc;"
    "font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;line-height:1.55}"
    ".re-log-box .re-log-line{padding:0 8px;white-space:pre-wrap}"
    ".re-log-box .re-log-current{background:#e3ebf6;border-left:3px solid #4C6A92;font-weight:600}"
    ".re-log-box .re-log-future{color:#9aa1ac}"
    ".re-log-box .re-log-more{color:#7a828e;font-style:italic;padding:0 8px}"
    ".re-log-box .re-log-mark{color:#8a2d1c;font-weight:700;margin-left:4px}"
    ".re-log-box .re-log-turn{padding:4px 8px 0;color:#4C6A92;font-weight:600;font-family:system-ui,sans-serif;"
    "font-size:12px;border-top:1px solid #e4e8ee}"
    "</style>"
)


LogLine = Callable[[int, Any], str]
"""``log_line(index, entry) -> str``: how move ``index`` (``match.entries[index]``) reads in the log."""


def log_html(match: Any, *, window: int = LOG_WINDOW, log_line: LogLine | None = None,
             future: int = FUTURE_LINES, upto: int | None = None, marks: dict[int, Any] | None = None) -> str:
    """The log of ``match`` as HTML: line 0 is the start, line ``i`` the move that led to position ``i``.

    The line of the shown position (``match.cursor``) has class ``re-log-current``;
    moves after the cursor (kept for redo) have class ``re-log-future``; a heading
    (class ``re-log-turn``) opens each turn, above the moves made in it (``line_turn``), and
    the log ends with the heading of a turn that has begun but has no move yet, so the log
    names the turn the slider shows. Every line is HTML-escaped.
    ``log_line(index, entry)`` words each move (default: ``match.log_line(index)``).
    ``upto``, when given, shows the page of ``window`` lines ending at line ``upto`` instead of
    the lines around the cursor (paging back through a long game). ``marks`` maps a move's index
    (``entries[i]``) to its review (``mark``, ``best``, ``lost``): the line shows the mark, and its
    hover text names the best move.
    """
    n = len(match)  # positions; moves are 1 … n-1
    cursor = match.cursor
    lo, hi = log_page(n, cursor, window=window, future=future, upto=upto)
    entries = match.entries if log_line is not None else ()
    states = match.states
    rows: list[str] = []
    if lo > 0:
        rows.append(f'<div class="re-log-more">… {lo} earlier move{"s" if lo != 1 else ""}</div>')
    last_turn = line_turn(states, lo - 1) if lo > 0 else ""
    for pos in range(lo, hi):
        turn = line_turn(states, pos)
        if turn and turn != last_turn:
            rows.append(f'<div class="re-log-turn">{html.escape(turn)}</div>')
        last_turn = turn
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
        reviewed = marks.get(pos - 1) if marks and pos else None
        if reviewed is not None:
            rows.append(_marked_line(cls, pos, text, reviewed))
        else:
            rows.append(f'<div class="{cls}" data-pos="{pos}">{html.escape(text)}</div>')
    if hi == n and states[n - 1].turn_label() not in ("", last_turn):  # a turn begun, none of its moves made yet
        rows.append(f'<div class="re-log-turn">{html.escape(states[n - 1].turn_label())}</div>')
    if hi < n:
        rows.append(f'<div class="re-log-more">… {n - hi} later move{"s" if n - hi != 1 else ""} (redo)</div>')
    # column-reverse keeps the box scrolled to the newest line; the inner div keeps reading order.
    return f'{_LOG_STYLE}<div class="re-log-box"><div>{"".join(rows)}</div></div>'


def _marked_line(cls: str, pos: int, text: str, reviewed: Any) -> str:
    """A reviewed move's line: its mark (``?!``, ``?``, ``??``) after the text, the best move on hover."""
    if reviewed.played == reviewed.best or reviewed.lost <= 0:
        hover, mark = f"reviewed: the best move ({100 * reviewed.best_win:.1f}% to win)", "✓"
    else:
        hover = (f"best: {reviewed.best} ({100 * reviewed.best_win:.1f}%); this move lost "
                 f"{100 * reviewed.lost:.1f} points of win chance ({reviewed.interval()}, {reviewed.evidence()})")
        mark = reviewed.mark
    badge = f' <span class="re-log-mark" data-mark="{html.escape(mark)}">{html.escape(mark)}</span>' if mark else ""
    return (f'<div class="{cls} re-log-reviewed" data-pos="{pos}" title="{html.escape(hover)}">'
            f"{html.escape(text)}{badge}</div>")


def log_page(n: int, cursor: int, *, window: int = LOG_WINDOW, future: int = FUTURE_LINES,
             upto: int | None = None) -> tuple[int, int]:
    """The lines ``lo`` … ``hi - 1`` the log shows: around the cursor, or the page ending at ``upto``.

    >>> log_page(1000, 900), log_page(1000, 900, upto=99), log_page(1000, 900, upto=5000)
    ((700, 904), (0, 100), (800, 1000))
    """
    if upto is None:
        return max(0, cursor - window), min(n, cursor + future + 1)
    hi = min(n, max(1, upto + 1))
    return max(0, hi - window), hi


class TurnSlider(W.IntSlider):
    """The turn slider; a value from the page outside ``min`` … ``max`` reaches the panel as it is
    (an ``IntSlider`` would clamp it silently), so the panel can refuse it in words."""

    @traitlets.validate("value")
    def _validate_value(self, proposal: Any) -> Any:
        return proposal["value"]


def line_turn(states: Any, pos: int) -> str:
    """The turn heading line ``pos`` of the log goes under: the turn the move was made in.

    Line ``pos`` is the move from position ``pos - 1`` to ``pos``, so it belongs to the turn of
    ``states[pos - 1]``, the position it was made from: the draw that ends Player 1's turn is
    Player 1's, even though the position it leads to is already Player 2's turn. Line 0 (the
    start) goes under the turn of the first position.
    """
    return states[max(pos - 1, 0)].turn_label()


def turn_of(starts: tuple[int, ...], cursor: int) -> int:
    """The index of the turn that position ``cursor`` belongs to, given ``match.turn_starts()``."""
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= cursor:
            lo = mid
        else:
            hi = mid - 1
    return lo


class HistoryView:
    """Log box (``re-log``), turn slider (``re-history-slider``), ◀ Turn / Turn ▶ (``re-prev-turn``,
    ``re-next-turn``), Undo (``re-undo``) and Redo (``re-redo``).

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
        on_refused: Callable[[str], Any] | None = None,
    ) -> None:
        self._on_goto, self._on_undo, self._on_redo = on_goto, on_undo, on_redo
        self._on_refused = on_refused or (lambda _text: None)
        self.window = window
        self.log_line = log_line
        self._syncing = False
        self.log_upto: int | None = None  # None: the log follows the shown move; else the last line of the page
        self.marks: dict[int, Any] = {}  # a review's marks by move index (widgets/common/review_view.py)
        self._match: Any = None

        fixed = dict(width="auto", min_width="76px", flex="0 0 auto")
        self.prev_turn_button = W.Button(description="◀ Turn", tooltip="Back to the start of this turn, "
                                         "or of the turn before", layout=W.Layout(**fixed))
        self.prev_turn_button.add_class("re-prev-turn")
        self.undo_button = W.Button(description="Undo", tooltip="Step back one move", layout=W.Layout(**fixed))
        self.undo_button.add_class("re-undo")
        self.redo_button = W.Button(description="Redo", tooltip="Step forward again", layout=W.Layout(**fixed))
        self.redo_button.add_class("re-redo")
        self.next_turn_button = W.Button(description="Turn ▶", tooltip="Forward to the start of the next turn",
                                         layout=W.Layout(**fixed))
        self.next_turn_button.add_class("re-next-turn")
        self.slider = TurnSlider(
            value=0, min=0, max=0, step=1, description="Turns",
            continuous_update=False, readout=False,
            layout=W.Layout(width="auto", min_width="220px", flex="1 1 240px"),
            style={"description_width": "40px"},
        )
        self.slider.add_class("re-history-slider")
        self.position_label = W.HTML(layout=W.Layout(min_width="120px"))
        self.position_label.add_class("re-position")
        self.log = W.HTML(layout=W.Layout(width="100%"))
        self.log.add_class("re-log")
        small = dict(width="auto", flex="0 0 auto")
        self.earlier_button = W.Button(description="◀ Earlier moves", tooltip="Page back through the log",
                                       layout=W.Layout(**small))
        self.earlier_button.add_class("re-log-earlier")
        self.later_button = W.Button(description="Later moves ▶", tooltip="Page forward through the log",
                                     layout=W.Layout(**small))
        self.later_button.add_class("re-log-later")
        self.shown_button = W.Button(description="Shown move", tooltip="Back to the move shown on the board",
                                     layout=W.Layout(**small))
        self.shown_button.add_class("re-log-shown")
        self.earlier_button.on_click(lambda _b: self.page(-1))
        self.later_button.on_click(lambda _b: self.page(+1))
        self.shown_button.on_click(lambda _b: self.page(0))
        self.pager = W.HBox([self.earlier_button, self.later_button, self.shown_button],
                            layout=W.Layout(width="100%", flex_flow="row wrap", display="none"))

        self.starts: tuple[int, ...] = (0,)
        self.undo_button.on_click(lambda _b: self._on_undo())
        self.redo_button.on_click(lambda _b: self._on_redo())
        self.prev_turn_button.on_click(lambda _b: self._on_goto(self.previous_turn_start()))
        self.next_turn_button.on_click(lambda _b: self._on_goto(self.next_turn_start()))
        self.slider.observe(self._slider_moved, names="value")

        self.controls = W.HBox(
            [self.prev_turn_button, self.undo_button, self.redo_button, self.next_turn_button, self.slider,
             self.position_label],
            layout=W.Layout(width="100%", align_items="center", flex_flow="row wrap"),
        )
        self.widget = W.VBox([self.controls, self.log, self.pager], layout=W.Layout(width="100%"))
        self._cursor = self._last = 0

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        new = change["new"]
        if isinstance(new, bool) or not isinstance(new, int) or not 0 <= new < len(self.starts):
            self._on_refused(f"Turn {new!r} is not in this match: the slider goes from the start to turn "
                             f"{len(self.starts) - 1} (one step a turn).")
            self._syncing = True
            try:
                self.slider.value = turn_of(self.starts, self._cursor)
            finally:
                self._syncing = False
            return
        self._on_goto(self.starts[new])

    def show_marks(self, marks: dict[int, Any]) -> None:
        """Mark reviewed moves in the log (an empty dict clears the marks)."""
        self.marks = dict(marks)
        if self._match is not None:
            self._draw_log()

    def page(self, direction: int) -> None:
        """Page the log: -1 earlier, +1 later, 0 back to the shown move (the log then follows it again)."""
        match = self._match
        if match is None:
            return
        lo, hi = log_page(len(match), self._cursor, window=self.window, upto=self.log_upto)
        if direction < 0 and lo > 0:
            self.log_upto = lo - 1
        elif direction > 0 and self.log_upto is not None:
            upto = hi - 1 + self.window
            self.log_upto = None if upto >= self._cursor else upto
        elif direction == 0:
            self.log_upto = None
        self._draw_log()

    def _draw_log(self) -> None:
        match = self._match
        n = len(match)
        lo, _hi = log_page(n, self._cursor, window=self.window, upto=self.log_upto)
        self.log.value = log_html(match, window=self.window, log_line=self.log_line, upto=self.log_upto,
                                  marks=self.marks)
        self.earlier_button.disabled = lo == 0
        self.later_button.disabled = self.shown_button.disabled = self.log_upto is None
        self.pager.layout.display = "flex" if n > self.window else "none"

    def previous_turn_start(self) -> int:
        """Where ◀ Turn goes: the start of this turn, or of the previous one when already there."""
        t = turn_of(self.starts, self._cursor)
        return self.starts[t] if self.starts[t] < self._cursor else self.starts[max(0, t - 1)]

    def next_turn_start(self) -> int:
        """Where Turn ▶ goes: the start of the next turn (or the newest position in the last turn)."""
        t = turn_of(self.starts, self._cursor)
        return self.starts[t + 1] if t + 1 < len(self.starts) else self._last

    def update(self, match: Any) -> None:
        """Redraw log, turn slider, and the buttons' enabled state from ``match``."""
        last, cursor = len(match) - 1, match.cursor
        self.starts, self._cursor, self._last = match.turn_starts(), cursor, last
        turn, turns = turn_of(self.starts, cursor), len(self.starts) - 1
        self._syncing = True
        try:
            s = self.slider
            # Order matters: never let the old max clamp the new value (or the reverse).
            if turns >= s.max:
                s.max = turns
                s.value = turn
            else:
                s.value = turn
                s.max = turns
            s.disabled = turns == 0
        finally:
            self._syncing = False
        self.undo_button.disabled = not match.can_undo()
        self.redo_button.disabled = not match.can_redo()
        self.prev_turn_button.disabled = cursor == 0
        self.next_turn_button.disabled = cursor == last
        # the moves of this turn are those made from its positions (as the log groups them): the last
        # one leads to the next turn's first position
        end = self.starts[turn + 1] if turn + 1 < len(self.starts) else last
        label = match.states[cursor].turn_label() or "setup"
        self.position_label.value = (
            f'<span style="font-size:13px;color:#5b6472">{html.escape(label)} · move {cursor - self.starts[turn]} '
            f"of {end - self.starts[turn]} in this turn · {cursor} of {last} in all</span>"
        )
        if match is not self._match or not 0 <= (self.log_upto or 0) < len(match):
            self.log_upto = None  # another match, or the paged line is gone: follow the shown move
        self._match = match
        self._draw_log()
