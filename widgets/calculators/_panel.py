"""What every calculator panel shares: status line, headline, chart, table, CSV link.

A panel validates its inputs, asks ``explorer.odds`` for exact distributions and
redraws in one place (``_render``). A refused input (``ValueError``, from the
panel's own checks or from the engine) goes to the status line and the last
good chart, table and headline stay, marked as stale (dimmed, with a note saying
which input they answer) until the input is valid again; nothing raises into the
notebook. A value brought into range (``clamp``) says so in the status line.
"""

from __future__ import annotations

import contextlib
import html
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from widgets.calculators._tables import ProbTable
from widgets.common.charts import show_figure
from widgets.common.csv_export import download_link_html
from widgets.common.status import StatusLine

log = logging.getLogger(__name__)

_PANEL_CSS = (
    "<style>"
    ".re-panel{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:1100px;}"
    ".re-panel .re-title{font-size:18px;font-weight:600;color:#2b2f36;margin:4px 0 2px;}"
    ".re-panel .re-help{font-size:13px;color:#5b6472;margin:0 0 6px;}"
    ".re-prob .re-headline{font-size:15px;color:#2b2f36;padding:6px 10px;border-left:4px solid #4C6A92;"
    "background:#f6f8fb;border-radius:0 4px 4px 0;line-height:1.7;}"
    ".re-prob .re-headline b{font-size:16px;}"
    ".re-prob .re-pcent{color:#4C6A92;font-weight:600;}"
    ".re-panel .re-stale{opacity:.4;filter:grayscale(1);}"
    ".re-panel .re-stale-note{font-size:12px;color:#8a2d1c;margin:2px 0;}"
    "</style>"
)


@dataclass
class Result:
    """Everything one successful computation shows."""

    figure: go.Figure
    table: ProbTable
    headline_html: str
    headline_text: str
    csv_name: str
    status: str
    extra_tables: list[tuple[str, ProbTable, str]] = field(default_factory=list)  # (title, table, csv name)


class CalculatorPanel:
    """Base class: owns the output widgets and the guarded refresh cycle."""

    css_class = "re-panel"

    def __init__(self) -> None:
        self.status = StatusLine()
        self.headline = W.HTML(layout=W.Layout(width="100%"))
        self.headline.add_class("re-prob")
        self.chart = W.Output(layout=W.Layout(width="100%", min_height="400px"))
        self.chart.add_class("re-chart")
        self.table_html = W.HTML()
        self.table_html.add_class("re-table")
        self.csv_link = W.HTML()
        self.csv_link.add_class("re-csv")
        self.extra = W.VBox()
        self.extra.add_class("re-extra")
        self.stale_note = W.HTML()
        self.stale_note.add_class("re-stale-note")
        self.figure: go.Figure | None = None
        self.result: Result | None = None
        self.stale = False
        self._holding = 0
        self._clamped: list[str] = []
        self._clamp_notes: dict[int, tuple[int, str]] = {}

    # --- display -------------------------------------------------------------
    widget: W.Widget  # set by subclasses

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- refresh cycle -------------------------------------------------------
    @contextlib.contextmanager
    def _hold(self) -> Iterator[None]:
        """Batch several widget changes; observers fired inside do not recompute."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1

    def _on_change(self, _change: Any = None) -> None:
        self.refresh()

    def refresh(self) -> bool:
        """Validate, compute and redraw. Returns False (and keeps the last good result) on a refused input."""
        if self._holding:
            return False
        self._clamped = []
        try:
            result = self._compute()
        except ValueError as err:
            self.status.error(" ".join([*self._clamped, str(err)]))
            self._mark_stale(True)
            return False
        except Exception as err:  # noqa: BLE001 - a dashboard must never show a traceback
            log.exception("calculator failed")
            self.status.error(f"Unexpected error ({type(err).__name__}: {err}). The last good result is kept.")
            self._mark_stale(True)
            return False
        if self._clamped:
            result.status = " ".join([*self._clamped, result.status])
        self._render(result)
        return True

    def clamp(self, widget: W.Widget, low: int, high: int, label: str, default: int) -> int:
        """The widget's whole-number value brought into ``low..high``; a change is written back and reported.

        The report ("Dice: 200 is more than 60, so 60 is used.") goes before the
        next status message, so a clamped value never goes unexplained.
        """
        raw = widget.value
        try:
            value = int(raw)
        except (TypeError, ValueError):
            value = default
        fixed = max(low, min(high, value))
        if fixed != value:
            bound = f"more than {high}" if value > high else f"less than {low}"
            self._clamp_notes[id(widget)] = (fixed, f"{label}: {value} is {bound}, so {fixed} is used.")
        note = self._clamp_notes.get(id(widget))
        if note is not None and note[0] == fixed:
            # Said for as long as the field holds the value it was brought to: the browser may send the
            # field again after the write-back, and that redraw must not drop the explanation.
            self._clamped.append(note[1])
        else:
            self._clamp_notes.pop(id(widget), None)
        if fixed != raw:
            with self._hold():
                widget.value = fixed
        return fixed

    def _mark_stale(self, stale: bool) -> None:
        """Dim the last good outputs (and say what they answer) while an input is refused."""
        self.stale = stale and self.result is not None
        for w in (self.headline, self.chart, self.table_html, self.extra):
            if self.stale:
                w.add_class("re-stale")
            else:
                w.remove_class("re-stale")
        self.stale_note.value = (
            "Out of date: the chart and table below still show the last valid input. "
            "Fix the input above to update them."
            if self.stale else ""
        )

    def _compute(self) -> Result:  # pragma: no cover - abstract
        raise NotImplementedError

    def _render(self, result: Result) -> None:
        self.result = result
        self.figure = result.figure
        self.headline.value = result.headline_html
        self.table_html.value = result.table.to_html()
        self.csv_link.value = download_link_html(result.table.to_csv(), result.csv_name)
        children = []
        for title, table, csv_name in result.extra_tables:
            head = W.HTML(f'<div class="re-title" style="font-size:15px">{html.escape(title)}</div>')
            body = W.HTML(table.to_html())
            body.add_class("re-joint")
            link = W.HTML(download_link_html(table.to_csv(), csv_name))
            children.append(W.VBox([head, body, link]))
        self.extra.children = children
        self.status.ok(result.status)
        self._mark_stale(False)
        self._show_figure(result.figure)

    def _show_figure(self, fig: go.Figure) -> None:
        """A plain ``go.Figure`` (no FigureWidget) set into the Output's state: see ``show_figure``."""
        show_figure(self.chart, fig)

    # --- layout helpers ------------------------------------------------------
    def _frame(self, title: str, help_text: str, inputs: W.Widget, css: str) -> W.VBox:
        outputs = W.VBox(
            [
                self.headline,
                self.chart,
                W.HBox([self.table_html], layout=W.Layout(overflow="auto")),
                self.csv_link,
                self.extra,
            ],
            layout=W.Layout(width="100%"),
        )
        box = W.VBox(
            [
                W.HTML(_PANEL_CSS),
                W.HTML(f'<div class="re-title">{title}</div><div class="re-help">{help_text}</div>'),
                inputs,
                self.status.widget,
                self.stale_note,
                outputs,
            ],
            layout=W.Layout(width="100%", padding="4px 8px"),
        )
        box.add_class(self.css_class)
        box.add_class(css)
        return box
