"""Charts at once: plotly made ready with the dashboard page, not with the first chart (issue 21).

The first open of a dashboard's Odds tab took 3.3–4.4 s before its charts appeared (the text came
after 0.2 s), because three things waited for the first figure:

* in the kernel, plotly's figure machinery (``plotly.graph_objs`` with its validators) loads and
  runs cold on the first ``go.Figure`` — about a second, more on a busy machine (the odds charts
  are now built without plotly's validation, ``charts.figure_from_spec``: 1-2 ms warm, ~0.1 s cold);
* in the page, the jupyterlab-plotly renderer evaluates its copy of plotly.js (4.8 MB, shipped in
  the plotly wheel and served by Voilà from this machine — never a CDN) only when it renders its
  first figure;
* and plotly.js draws its first real chart (axes, ticks, title, legend, hover layer, toolbar, the
  page's fonts measured) about three times slower than the next one: that code runs for the first
  time (0.15-0.7 s here, depending on the load).

:func:`plotly_preload`, put inside a dashboard's panel by :func:`with_plotly_preload`, does all three at page load: it
starts building and serialising an odds chart off the page's way (the kernel is idle while the
browser loads the page's scripts, so its cost is hidden from the visitor: on a thread, or where no
thread can start, in the browser's Python, on the event loop once the cell is done; see
:mod:`widgets.common.background`), and it returns
an ``ipywidgets.Output`` of zero height, hidden, showing a real odds chart (:func:`preload_spec`),
set as the Output's ``outputs`` mime bundle in one update like every chart here (no output capture,
no ``FigureWidget``: both stalled Voilà reloads, see ``/work/shared/JUPYTER_NOTES.md``). Drawing it
runs plotly.js's chart code once before anyone clicks "Odds".

Show it *inside* the panel's widget (:func:`with_plotly_preload`), never as an output of its own: a
page with two widget outputs sometimes showed "Error displaying widget: model not found" instead of
its panel, for good (the browser tests' "stalled" pages). In the page, each widget output asks the
widget manager for its model every 100 ms for at most 2 s (ipywidgets 8.1.9, ``get_model``), and
gives up *without looking again* once the 2 s are over. The preload's output found its model first
and drew plotly.js (evaluating 4.8 MB of script and a chart: 2-9 s of the page's only thread on a
loaded machine), so the panel's output woke after its 2 s with its model there but gave up anyway;
it recovers only if the page has not finished loading the widgets by then, which it had, now and
then. With one widget output per page, the one output finds its model before anything draws.

>>> out = plotly_preload(warm=False)
>>> out._dom_classes, out.layout.height, out.layout.visibility
(('re-plotly-preload',), '0px', 'hidden')
>>> spec = out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
>>> [trace["type"] for trace in spec["data"]], spec["config"]["displayModeBar"]
(['bar', 'scatter', 'bar'], 'hover')
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, Protocol, TypeVar

import ipywidgets as W

from widgets.common.background import Work, start

log = logging.getLogger(__name__)

PRELOAD_CLASS = "re-plotly-preload"
"""The class of the zero-height Output that carries the invisible figure (the browser test looks
for a drawn chart in it to tell that plotly.js was ready before the click)."""

PLOTLY_MIME = "application/vnd.plotly.v1+json"


class Shown(Protocol):
    """What a dashboard shows: an object whose ``widget`` box is the whole of it (every panel here)."""

    widget: W.Box


P = TypeVar("P", bound=Shown)

_warmed = threading.Event()
_started = threading.Lock()
_work: Work | None = None


def preload_spec() -> dict[str, Any]:
    """The figure drawn, out of sight, while the page loads: an odds chart of every kind the Odds tabs draw.

    A tiny static figure made plotly.js *loaded*, but the first real chart still took 0.15-0.7 s to
    draw in Chromium, three times the second one: its axes, ticks, title, legend, hover layer and
    toolbar each run plotly.js code for the first time (compiled on first use) and measure the page's
    fonts. So this is a real chart, built by the same builder as the Odds tab's (bars with their
    percentages, the dotted "at least k" line on a second axis, title, legend below) plus a second
    plot of bars over names (the buy, shot and initiative charts), with the panels' toolbar and hover
    settings: after it, the first chart the player asks for draws like any later one.

    >>> spec = preload_spec()
    >>> [t["type"] for t in spec["data"]], spec["layout"]["xaxis3"]["type"], spec["config"]["staticPlot"]
    (['bar', 'scatter', 'bar'], 'category', False)
    """
    from widgets.common.charts import FIGURE_CONFIG, PALETTE, series_spec

    third = Fraction(1, 3)
    spec = series_spec({"": {0: third, 1: third, 2: third}}, title="Odds, made ready with the page", height=420)
    spec["data"].append({"type": "bar", "x": ["one", "two"], "y": [0.25, 0.75], "xaxis": "x3", "yaxis": "y3",
                         "marker": {"color": PALETTE[1]}, "name": "by name", "hovertext": ["1/4", "3/4"],
                         "hoverinfo": "text+x", "text": ["25%", "75%"], "textposition": "outside"})
    layout = spec["layout"]
    layout["xaxis"]["domain"] = [0, 0.45]
    layout["xaxis3"] = {"domain": [0.55, 1], "type": "category", "anchor": "y3"}
    layout["yaxis3"] = {"anchor": "x3", "tickformat": ".0%", "range": [0, 1.05]}
    spec["config"] = {**FIGURE_CONFIG, "staticPlot": False}  # as wide as the page, like every chart
    return spec


def preload_outputs() -> tuple[dict[str, Any], ...]:
    """The ``outputs`` of an Output showing :func:`preload_spec` (the zero-height Output hides it).

    >>> bundle = preload_outputs()[0]["data"]
    >>> bundle["application/vnd.plotly.v1+json"]["layout"]["height"], bundle["text/plain"]
    (420, '<plotly.js, loaded with the page>')
    """
    bundle = {PLOTLY_MIME: preload_spec(), "text/plain": "<plotly.js, loaded with the page>"}
    return ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def warm_kernel() -> None:
    """Build and serialise odds charts the way the panels do, so the next one is fast.

    Runs, once, what every odds chart runs: the spec builders, ``go.Figure`` over a spec (bars, a
    line on a second axis, bars over names; layout, template) and the JSON encoding of
    :func:`widgets.common.charts.figure_outputs` — cold, that was 85-100 ms of the first chart here.
    Safe to call from any thread (it touches no widget); a failure is logged, never raised (a chart
    then simply loads as before).
    """
    try:
        from widgets.common.charts import figure_from_spec, figure_outputs, series_figure

        half = Fraction(1, 2)
        fig = series_figure({"warm": {0: half, 1: half}, "up": {0: Fraction(1, 4), 1: Fraction(3, 4)}},
                            title="Plotly, made ready with the page")
        figure_outputs(fig)
        figure_outputs(figure_from_spec(preload_spec()))
    except Exception:  # noqa: BLE001 - a warm-up must never break a dashboard
        log.exception("plotly warm-up failed; the first chart will load plotly itself")
    finally:
        _warmed.set()


def _warming() -> Iterator[None]:
    warm_kernel()
    yield None


def start_warming() -> Work:
    """Run :func:`warm_kernel` once per process, off the page's way (``background.start``: a daemon thread,
    else the event loop, else now); the work (started, running or done)."""
    global _work
    with _started:
        if _work is None:
            _work = start(_warming(), name="plotly-warm-up")
        return _work


def plotly_preload(*, warm: bool = True) -> W.Output:
    """The hidden chart that makes plotly ready in the page, and (``warm``) plotly ready in the kernel.

    Returns a zero-height, hidden ``Output`` (class ``re-plotly-preload``) whose one output is the
    odds chart of :func:`preload_outputs`; dashboards put it in their panel with :func:`with_plotly_preload`.
    """
    if warm:
        start_warming()
    out = W.Output(layout=W.Layout(height="0px", overflow="hidden", margin="0", padding="0", visibility="hidden"))
    out.add_class(PRELOAD_CLASS)
    out.outputs = preload_outputs()
    return out


def with_plotly_preload(panel: P, *, warm: bool = True) -> P:
    """``panel`` with :func:`plotly_preload`'s hidden chart as the last child of its own widget.

    A dashboard's cell ends with this call instead of showing the preload in a cell of its own, so its
    page has one widget output (why: the module's docstring). ``panel`` comes back, so the cell's last
    expression is still the panel.

    >>> class Table:  # anything with a ``widget`` box, as every panel has
    ...     widget = W.VBox([W.HTML("the table")])
    >>> shown = with_plotly_preload(Table(), warm=False)
    >>> [child._dom_classes for child in shown.widget.children]
    [(), ('re-plotly-preload',)]
    """
    box = panel.widget
    box.children = (*box.children, plotly_preload(warm=warm))
    return panel
