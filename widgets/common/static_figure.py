"""A Plotly figure as a plain cell output, drawn without a kernel: the charts of the guided notebooks' pages.

A panel draws its charts inside ipywidgets (``show_figure`` into an ``Output``), and a widget's view needs
a running kernel: on a static page (the documentation site, ``make docs``) a panel shows nothing. So a
guided notebook also shows, for each odds question it asks, the same figure (built by the same pure
builder the panel calls) as an ordinary output: :func:`static_figure`.

The output carries three forms of one figure, and each front end picks the one it draws:

- ``application/vnd.plotly.v1+json``, Plotly's own type (the one the panels use): JupyterLab and Voilà
  draw it with their Plotly extension;
- ``text/html``: a ``<div class="re-static-figure">`` and a script calling ``Plotly.newPlot`` on it. It
  brings no plotly.js and names no other host: the page is expected to load plotly.js itself (before or
  after the figure). The docs site does, once, from its own ``_static/plotly.min.js`` (copied from the
  installed plotly package by ``docs/_ext/plotlyfigures.py``), only on the pages that hold such a div;
- ``text/plain``: the figure's title, for a terminal.

>>> from fractions import Fraction
>>> from widgets.common.charts import distribution_figure
>>> shown = static_figure(distribution_figure({0: Fraction(1, 4), 1: Fraction(3, 4)}, "A biased coin"))
>>> bundle = shown._repr_mimebundle_()
>>> sorted(bundle)
['application/vnd.plotly.v1+json', 'text/html', 'text/plain']
>>> bundle["text/plain"], bundle["text/html"].count("Plotly.newPlot"), "http" in bundle["text/html"]
('<Figure: A biased coin>', 1, False)
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import plotly.graph_objects as go

from widgets.common.charts import figure_outputs

MARKER = "re-static-figure"
"""The class of the ``<div>`` around each figure's HTML: a page holding one needs plotly.js (docs/_ext)."""
PLOTLY_TYPE = "application/vnd.plotly.v1+json"
DEFAULT_HEIGHT = 450
"""Plotly's own height for a figure whose layout sets none (every builder here sets one)."""


def figure_html(fig: go.Figure) -> str:
    """``fig`` as an HTML fragment: a div, the figure's JSON and the ``Plotly.newPlot`` call, no plotly.js.

    The call waits for plotly.js when the page loads it after the figure (the docs theme puts its
    scripts at the end of the body): at once if ``window.Plotly`` is there, else at ``DOMContentLoaded``.
    The JSON escapes ``<``, ``>`` and ``&``, so a title holding ``</script>`` cannot end the script early.

    >>> from widgets.common.charts import figure_from_spec
    >>> html = figure_html(figure_from_spec({"data": [{"type": "bar", "x": [1], "y": [1]}],
    ...                                      "layout": {"title": {"text": "</script>"}, "height": 300}}))
    >>> html.startswith('<div class="re-static-figure">'), html.count("</script>"), "height:300px" in html
    (True, 1, True)
    """
    (output,) = figure_outputs(fig)
    spec = json.dumps(output["data"][PLOTLY_TYPE], separators=(",", ":"))
    spec = spec.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    div = f"re-figure-{uuid.uuid4().hex[:12]}"
    height = fig.layout.height or DEFAULT_HEIGHT
    return (f'<div class="{MARKER}"><div id="{div}" class="plotly-graph-div" style="height:{height}px;width:100%">'
            f"</div><script>(function () {{ var draw = function () {{ Plotly.newPlot({json.dumps(div)}, {spec}); }};"
            ' if (window.Plotly) { draw(); } else { window.addEventListener("DOMContentLoaded", draw); } })();'
            "</script></div>")


class StaticFigure:
    """A figure shown as a cell's output (the value of the cell's last line, or ``display(...)``)."""

    def __init__(self, fig: go.Figure) -> None:
        self.figure = fig

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        (output,) = figure_outputs(self.figure)
        return {**output["data"], "text/html": figure_html(self.figure)}

    def __repr__(self) -> str:
        return f"<Figure: {self.figure.layout.title.text or 'chart'}>"


def static_figure(fig: go.Figure) -> StaticFigure:
    """``fig`` as an output that draws in JupyterLab and on a page without a kernel (see the module's note).

    >>> from widgets.common.charts import distribution_figure
    >>> static_figure(distribution_figure({1: 1}, "Certain"))
    <Figure: Certain>
    """
    return StaticFigure(fig)
