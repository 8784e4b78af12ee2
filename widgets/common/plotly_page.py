"""Charts at once: plotly made ready with the dashboard page, not with the first chart (issue 21).

The first open of a dashboard's Odds tab took 3.3–4.4 s before its charts appeared (the text came
after 0.2 s), because two things waited for the first figure:

* in the kernel, plotly's figure machinery (``plotly.graph_objs`` with its validators, and the
  data-frame layer it imports) loads lazily on the first ``go.Figure`` — about a second, more on
  a busy machine;
* in the page, the jupyterlab-plotly renderer evaluates its copy of plotly.js (4.8 MB, shipped in
  the plotly wheel and served by Voilà from this machine — never a CDN) only when it renders its
  first figure, and that first render also measures fonts and injects plotly's styles.

:func:`plotly_preload`, called in a dashboard's first code cell, does both at page load: it starts
building and serialising a small odds chart in a background thread (the kernel is idle while the
browser loads the page's scripts, so the thread's second costs the visitor nothing), and it
returns an ``ipywidgets.Output`` of zero height showing a tiny invisible figure, set as the
Output's ``outputs`` mime bundle in one update like every chart here (no output capture, no
``FigureWidget``: both stalled Voilà reloads, see ``/work/shared/JUPYTER_NOTES.md``). Rendering it
makes the page's plotly.js ready before anyone clicks "Odds".

>>> out = plotly_preload(warm=False)
>>> out._dom_classes, out.layout.height
(('re-plotly-preload',), '0px')
>>> spec = out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
>>> [trace["type"] for trace in spec["data"]], spec["config"]["staticPlot"]
(['bar', 'scatter'], True)
"""

from __future__ import annotations

import logging
import threading
from fractions import Fraction
from typing import Any

import ipywidgets as W

log = logging.getLogger(__name__)

PRELOAD_CLASS = "re-plotly-preload"
"""The class of the zero-height Output that carries the invisible figure (the browser test looks
for a drawn chart in it to tell that plotly.js was ready before the click)."""

PLOTLY_MIME = "application/vnd.plotly.v1+json"

_warmed = threading.Event()
_started = threading.Lock()
_thread: threading.Thread | None = None


def preload_outputs() -> tuple[dict[str, Any], ...]:
    """The ``outputs`` of an Output showing a 2 x 2 px static figure: one bar trace and one line
    trace (the kinds every odds chart draws), no axes, no toolbar, no hover.

    >>> bundle = preload_outputs()[0]["data"]
    >>> bundle["application/vnd.plotly.v1+json"]["layout"]["width"], bundle["text/plain"]
    (2, '<plotly.js, loaded with the page>')
    """
    hidden_axis = {"visible": False, "fixedrange": True}
    spec = {
        "data": [
            {"type": "bar", "x": [0], "y": [1], "hoverinfo": "skip", "showlegend": False},
            {"type": "scatter", "mode": "lines", "x": [0, 1], "y": [0, 1], "hoverinfo": "skip", "showlegend": False},
        ],
        "layout": {"width": 2, "height": 2, "margin": {"l": 0, "r": 0, "t": 0, "b": 0, "pad": 0},
                   "xaxis": hidden_axis, "yaxis": hidden_axis, "paper_bgcolor": "rgba(0,0,0,0)",
                   "plot_bgcolor": "rgba(0,0,0,0)"},
        "config": {"staticPlot": True, "displayModeBar": False, "responsive": False},
    }
    bundle = {PLOTLY_MIME: spec, "text/plain": "<plotly.js, loaded with the page>"}
    return ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def warm_kernel() -> None:
    """Build and serialise one odds chart the way the panels do, so the next one is fast.

    Loads ``plotly.graph_objs`` and the validators of bars, lines, a second y axis, a legend and a
    title, and the JSON encoder :func:`widgets.common.charts.figure_outputs` uses. Safe to call
    from any thread; a failure is logged, never raised (a chart then simply loads as before).
    """
    try:
        from widgets.common.charts import figure_outputs, series_figure

        half = Fraction(1, 2)
        fig = series_figure({"warm": {0: half, 1: half}, "up": {0: Fraction(1, 4), 1: Fraction(3, 4)}},
                            title="Plotly, made ready with the page")
        figure_outputs(fig)
    except Exception:  # noqa: BLE001 - a warm-up must never break a dashboard
        log.exception("plotly warm-up failed; the first chart will load plotly itself")
    finally:
        _warmed.set()


def start_warming() -> threading.Thread:
    """Run :func:`warm_kernel` once per process, in a daemon thread; the thread (started or running)."""
    global _thread
    with _started:
        if _thread is None:
            _thread = threading.Thread(target=warm_kernel, name="plotly-warm-up", daemon=True)
            _thread.start()
        return _thread


def plotly_preload(*, warm: bool = True) -> W.Output:
    """What a dashboard's first cell shows: plotly ready in the page and (``warm``) in the kernel.

    Returns a zero-height ``Output`` (class ``re-plotly-preload``) whose one output is the tiny
    figure of :func:`preload_outputs`; display it (a cell's last expression) before the panel.
    """
    if warm:
        start_warming()
    out = W.Output(layout=W.Layout(height="0px", overflow="hidden", margin="0", padding="0"))
    out.add_class(PRELOAD_CLASS)
    out.outputs = preload_outputs()
    return out
