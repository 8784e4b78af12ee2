"""What an Odds tab shows, as data a notebook cell can read: ``panel.odds()``.

The tab draws charts and tables for a person; a notebook wants the same answers as
values. An :class:`OddsAnswer` holds one view's answer for one position: its title,
the figure or HTML it drew, and ``data`` — the view's own exact answer when the view
offers one (``view.data(state)``: a ``Dist``, a table of Fractions, …), else each
trace of the figure as ``{"name", "x", "y"}`` lists, else the text of its HTML. An
:class:`OddsReport` is the answers of every view, indexed by position or title, and
prints as a short table.

>>> report = OddsReport((answer("Turn total", lambda s: "<b>7</b> points", "any position"),))
>>> report["Turn total"].data
'7 points'
>>> print(report)
Turn total: 7 points
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

MAX_SHOWN = 12
"""Rows of a figure's trace printed in a report (the data keeps them all)."""


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        elif tag in ("br", "tr", "div", "p", "li"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skip = max(0, self._skip - 1)
        elif tag in ("td", "th"):
            self.parts.append("  ")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def html_text(markup: str) -> str:
    """The readable text of an HTML fragment: tags dropped, styles and scripts skipped, blank lines folded."""
    parser = _Text()
    parser.feed(markup)
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(line for line in lines if line)


def figure_data(figure: go.Figure) -> list[dict[str, Any]]:
    """Each trace of ``figure`` as ``{"name": ..., "x": [...], "y": [...]}`` (what the bars or lines show)."""
    return [{"name": trace.name, "x": list(trace.x) if trace.x is not None else [],
             "y": list(trace.y) if trace.y is not None else []} for trace in figure.data]


@dataclass(frozen=True)
class OddsAnswer:
    """One odds view's answer for one position: ``title``, ``data``, and what was drawn (``figure``/``html``)."""

    title: str
    data: Any
    figure: go.Figure | None = None
    html: str | None = None
    error: str | None = None

    def __str__(self) -> str:
        if self.error:
            return f"{self.title}: {self.error}"
        if self.figure is not None and isinstance(self.data, list):
            rows = []
            for trace in self.data:
                pairs = list(zip(trace["x"], trace["y"]))
                shown = ", ".join(f"{x}: {_number(y)}" for x, y in pairs[:MAX_SHOWN])
                more = f", … ({len(pairs) - MAX_SHOWN} more)" if len(pairs) > MAX_SHOWN else ""
                rows.append(f"  {trace['name'] or 'values'} — {shown}{more}")
            return f"{self.title}:\n" + "\n".join(rows)
        return f"{self.title}: {self.data}"


def _number(value: Any) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def answer(title: str, render: Callable[[Any], Any], state: Any, view: Any = None) -> OddsAnswer:
    """Ask one view about ``state``; a view that raises gives an answer whose ``error`` says why."""
    try:
        own = getattr(view, "data", None)
        data = own(state) if callable(own) else None
        result = render(state)
    except Exception as err:  # noqa: BLE001 - one view's failure is its answer, the others still answer
        return OddsAnswer(title, None, error=f"could not answer: {type(err).__name__}: {err}")
    if isinstance(result, go.Figure):
        return OddsAnswer(title, data if data is not None else figure_data(result), figure=result)
    if isinstance(result, str):
        return OddsAnswer(title, data if data is not None else html_text(result), html=result)
    if result is None:
        return OddsAnswer(title, data if data is not None else "nothing to show in this position")
    if isinstance(result, W.Widget):
        shown = getattr(result, "value", None)
        text = html_text(shown) if isinstance(shown, str) else "shown as a widget on the Odds tab"
        return OddsAnswer(title, data if data is not None else text, html=shown if isinstance(shown, str) else None)
    return OddsAnswer(title, data, error=f"a view returns a Figure, a widget, HTML text or None, got {type(result).__name__}")


@dataclass(frozen=True)
class OddsReport:
    """Every view's answer, in the tab's order: ``report[0]``, ``report["Next draw"]``, ``list(report)``."""

    answers: tuple[OddsAnswer, ...]

    def __iter__(self) -> Iterator[OddsAnswer]:
        return iter(self.answers)

    def __len__(self) -> int:
        return len(self.answers)

    @property
    def titles(self) -> tuple[str, ...]:
        return tuple(a.title for a in self.answers)

    def __getitem__(self, key: int | str) -> OddsAnswer:
        if isinstance(key, int):
            return self.answers[key]
        for found in self.answers:
            if found.title == key:
                return found
        raise KeyError(f"no odds view called {key!r}; the views are {', '.join(map(repr, self.titles))}")

    def __str__(self) -> str:
        return "\n".join(str(a) for a in self.answers) or "No odds views for this game."

    __repr__ = __str__  # a plain-text front end prints the table, not the dataclass

    def _repr_html_(self) -> str:
        rows = []
        for a in self.answers:
            body = html.escape(str(a).split(":", 1)[1].strip() if ":" in str(a) else str(a))
            rows.append(f"<tr><th style='text-align:left;vertical-align:top;padding:2px 8px'>{html.escape(a.title)}</th>"
                        f"<td style='white-space:pre-wrap;padding:2px 8px'>{body}</td></tr>")
        return f"<table class='re-odds-report'>{''.join(rows)}</table>"
