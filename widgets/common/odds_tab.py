"""The "Odds" page of a match panel: views redrawn from the live state, lazily.

An odds view is either a callable ``view(state)`` or a small object with a
``title`` and ``render(state)``. It returns what to show:

* a ``plotly.graph_objects.Figure`` — set into an ``ipywidgets.Output`` by
  :func:`widgets.common.charts.show_figure` (no output capture, no
  FigureWidget: both stalled Voilà reloads), and kept in ``OddsTab.figures[i]``
  for tests;
* an ``ipywidgets.Widget`` — placed as it is (return the same widget each time
  and update it in place for the cheapest redraw);
* a string — shown as HTML (the view's own markup: escape any user text in it);
* ``None`` — nothing to show in this position (the slot is emptied).

Redrawing can cost (exact distributions, a figure), so the tab redraws only
while it is visible: ``update(state)`` while hidden just remembers the state,
and ``show()`` (the panel calls it when the user opens the tab) redraws once.
A view that raises shows "Could not draw <title>: …" in its own slot; the other
views and the panel carry on.

>>> calls = []
>>> tab = OddsTab([lambda s: calls.append(s) or f"<b>{s}</b>"])
>>> tab.update("pos 1"); calls          # hidden: nothing drawn yet
[]
>>> tab.show(); calls, tab.redraws
(['pos 1'], 1)
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from widgets.common.charts import show_figure
from widgets.common.odds_report import OddsReport, answer

log = logging.getLogger(__name__)

_BUSY = ('<div style="display:flex;align-items:center;gap:8px;font-size:13px;color:#3d4a5c">'
         '<span style="width:14px;height:14px;border:2px solid #c9d3e0;border-top-color:#4C6A92;border-radius:50%;'
         'display:inline-block;animation:re-spin 0.8s linear infinite"></span>@TEXT@</div>'
         "<style>@keyframes re-spin{to{transform:rotate(360deg)}}</style>")


def view_title(view: Any, index: int) -> str:
    """A view's ``title`` attribute, else its function name made readable, else "Odds <n>"."""
    title = getattr(view, "title", None)
    if isinstance(title, str) and title:
        return title
    name = getattr(view, "__name__", "")
    if name and name != "<lambda>":
        return name.replace("_", " ").strip().capitalize()
    return f"Odds {index + 1}"


def _render_function(view: Any) -> Callable[[Any], Any]:
    render = getattr(view, "render", None)
    if callable(render) and not isinstance(view, type):
        return render
    if callable(view):
        return view
    raise TypeError(f"an odds view is a callable view(state) or has render(state); got {type(view).__name__}")


class _Slot:
    """One view's place on the page: a title and whichever widget shows its last result."""

    def __init__(self, view: Any, index: int) -> None:
        self.title = view_title(view, index)
        self.view = view
        self.render = _render_function(view)
        self.heading = W.HTML(f'<div style="font-size:15px;font-weight:600;color:#2b2f36;margin:6px 0 2px;'
                              f'line-height:1.3">'
                              f"{html.escape(self.title)}</div>")
        self.html = W.HTML(layout=W.Layout(width="100%"))
        self.out = W.Output(layout=W.Layout(width="100%"))
        self.body = W.Box(layout=W.Layout(width="100%"))
        self.widget = W.VBox([self.heading, self.body], layout=W.Layout(width="100%"))
        self.widget.add_class("re-odds-view")


class OddsTab:
    """A ``VBox`` (class ``re-odds``) with one slot per view, redrawn only while visible."""

    def __init__(self, views: Sequence[Any] = (), *, empty_text: str = "No odds views for this game yet.",
                 current: Callable[[], Any] | None = None) -> None:
        self.slots = [_Slot(v, i) for i, v in enumerate(views)]
        self._current = current
        self.figures: list[go.Figure | None] = [None] * len(self.slots)
        self.errors: list[str | None] = [None] * len(self.slots)
        self.visible = False
        self.redraws = 0
        self._state: Any = None
        self._drawn: Any = None  # the state the slots show
        children = [s.widget for s in self.slots] or [
            W.HTML(f'<div style="color:#5b6472;font-size:13px">{html.escape(empty_text)}</div>')
        ]
        self.busy = W.HTML()
        self.busy.add_class("re-odds-busy")
        self.widget = W.VBox([self.busy, *children], layout=W.Layout(width="100%"))
        self.widget.add_class("re-odds")

    def __call__(self, state: Any = None) -> "OddsReport":
        """What the tab shows for ``state`` (default: the panel's position now), as data: one
        :class:`OddsAnswer` per view, computed afresh whether or not the tab is open.

        ``panel.odds()`` in a notebook is this call: the same views, the same answers, no widget read.
        """
        if state is None:
            state = self._current() if self._current is not None else self._state
        if state is None:
            raise ValueError("odds: no position yet; pass a state")
        return OddsReport(tuple(answer(slot.title, slot.render, state, slot.view) for slot in self.slots))

    @property
    def stale(self) -> bool:
        return self._state is not None and self._state is not self._drawn

    def update(self, state: Any) -> None:
        """Remember ``state``; redraw now only if the tab is visible."""
        self._state = state
        if self.visible:
            self.redraw()

    def show(self) -> None:
        """The tab became visible: redraw if the state changed while it was hidden."""
        self.visible = True
        if self.stale:
            self.redraw()

    def hide(self) -> None:
        self.visible = False

    def redraw(self) -> None:
        """Render every view from the remembered state (even if it was drawn already)."""
        state = self._state
        if state is None:
            return
        self.redraws += 1
        self._drawn = state
        for i, slot in enumerate(self.slots):
            # Widget messages leave the kernel at once, so the page shows this while the view computes.
            self.busy.value = _BUSY.replace("@TEXT@", html.escape(f"Computing {slot.title.lower()} for this position…"))
            try:
                result = slot.render(state)
                self.errors[i] = None
            except Exception as err:  # noqa: BLE001 - one broken view must not break the panel
                log.exception("odds view %r failed", slot.title)
                message = f"Could not draw {slot.title}: {type(err).__name__}: {err}"
                self.errors[i] = message
                result = f'<div class="re-odds-error" style="color:#8a2d1c">{html.escape(message)}</div>'
            self._place(i, slot, result)
        self.busy.value = ""

    def _place(self, i: int, slot: _Slot, result: Any) -> None:
        if isinstance(result, go.Figure):
            self.figures[i] = result
            child: W.Widget | None = slot.out
            show_figure(slot.out, result)
        elif isinstance(result, W.Widget):
            child = result
        elif isinstance(result, str):
            slot.html.value = result
            child = slot.html
        elif result is None:
            child = None
        else:
            message = f"Could not draw {slot.title}: a view returns a Figure, a widget, HTML text or None, got {type(result).__name__}"
            self.errors[i] = message
            slot.html.value = f'<div class="re-odds-error" style="color:#8a2d1c">{html.escape(message)}</div>'
            child = slot.html
        if not isinstance(result, go.Figure):
            self.figures[i] = None
        children = (child,) if child is not None else ()
        if slot.body.children != children:
            slot.body.children = children
