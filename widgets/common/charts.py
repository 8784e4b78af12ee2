"""Pure figure builders for the odds panels: data in, ``go.Figure`` out.

A builder writes the figure's Plotly JSON itself (``series_spec``: data in, spec out) and wraps it
in a ``go.Figure`` without plotly's per-property validation (:func:`figure_from_spec`): the same
figure, 1-2 ms instead of about 35 ms (the first Odds chart of a dashboard waited for it, issue 21).

Probabilities arrive exact (``Fraction``) and become floats only here, at the
chart. Every bar carries its exact fraction in the hover text, so a player can
read "7/9" as well as "77.78%". Colours are faction-neutral (no red-vs-blue
reading of any game's sides).

>>> from fractions import Fraction
>>> fig = series_figure({"4+": {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}},
...                     title="Two dice")
>>> [round(y, 2) for y in fig.data[0].y], [round(y, 2) for y in fig.data[1].y]
([0.25, 0.5, 0.25], [1.0, 0.75, 0.25])
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio

# Faction-neutral: slate, amber, teal, plum, olive, sand. None of them reads as a side.
PALETTE = ("#4C6A92", "#D08C2E", "#3E9C8F", "#8E6C9E", "#7D8F3A", "#B5866A")
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
_MAX_LABELLED_BARS = 30  # above this many bars, percentages on the bars are clutter

LEGEND_BELOW: dict[str, Any] = {"orientation": "h", "yref": "container", "yanchor": "bottom", "y": 0.0,
                                "xanchor": "left", "x": 0.0}
"""The legend under the chart: at phone width a legend or toolbar above it covered the title."""

BAR_LABELS: dict[str, Any] = {"minsize": 9, "mode": "hide"}
"""``layout.uniformtext`` of every chart with numbers on its bars: one size for all of a chart's labels,
never under 9 px; a label that would need less is left off (its bar's hover still says it). Plotly
shrinks a label to its bar's width, and at 390 px it drew "40.19%" at 5-6 px, too small to read."""

TITLE_BELOW_TOOLBAR: dict[str, Any] = {"x": 0.01, "xanchor": "left", "yref": "container", "y": 1.0,
                                       "yanchor": "top", "pad": {"t": 44}}
"""A chart title placed under the band where Plotly's toolbar appears (touch screens show it always)."""

BARS_BELOW = 0.6
"""The fraction of a chart's plot height that its bars and their value labels stay under, when the chart
also draws the "at least k" line (issue 37 §7): the bars' axis tops out at this height."""

LINE_BAND = (0.7, 0.97)
"""Where the "at least k" line runs, as fractions of the plot height: 0% at the band's foot, 100% at its top.
Drawn over the whole plot on its own scale, it crossed the bars' percentages (Star Realms, Endor); in a band
of its own above :data:`BARS_BELOW`, neither its line nor its markers can touch a bar or a label."""

LABEL_ROOM = 1.15
"""The bars' axis runs to this many times the tallest bar (up to :data:`BARS_BELOW`): room for its label."""

TITLE_LINE_CHARS = 36
"""A chart title longer than this is broken into lines: Plotly never wraps a title, and at 390 px
a long one ran past the chart's right edge."""


def wrapped_title(text: str, width: int = TITLE_LINE_CHARS) -> str:
    """``text`` broken with ``<br>`` at spaces into lines of at most ``width`` characters (Plotly's line break).

    >>> wrapped_title("Laser value of the next draw (one target)")
    'Laser value of the next draw (one<br>target)'
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


FIGURE_CONFIG: dict[str, Any] = {"displayModeBar": "hover", "displaylogo": False, "responsive": True}
"""Plotly's toolbar only while the pointer is on the chart (it sat on the title at 390 px), and charts
that follow their box's width."""


def fmt_fraction(p: Fraction) -> str:
    """``Fraction(671, 1296)`` -> ``'671/1296'``; whole numbers print bare (``'0'``, ``'1'``)."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def fmt_percent(p: Fraction) -> str:
    """A probability as a percentage with two decimals: ``'51.77%'``.

    A probability that is not exactly 0 or 1 never prints as ``0.00%`` or
    ``100.00%``: it prints ``<0.01%`` or ``>99.99%`` so "impossible" and "certain"
    keep their meaning.
    """
    p = Fraction(p)
    if 0 < p < Fraction(1, 20000):
        return "<0.01%"
    if Fraction(19999, 20000) < p < 1:
        return ">99.99%"
    return f"{float(p) * 100:.2f}%"


def fmt_prob(p: Fraction) -> str:
    """``'671/1296 (51.77%)'``."""
    return f"{fmt_fraction(p)} ({fmt_percent(p)})"


def at_least_from_pmf(pmf: Mapping[int, Fraction], ks: list[int]) -> list[Fraction]:
    """P(X >= k) for each k in ``ks`` from an exact pmf over integers."""
    return [sum((p for x, p in pmf.items() if x >= k), Fraction(0)) for k in ks]


def support_range(pmfs: Iterable[Mapping[int, Fraction]]) -> list[int]:
    """Every k from the smallest listed outcome to the largest possible one (trailing zeros cut).

    >>> support_range([{0: Fraction(1, 2), 1: Fraction(1, 2), 2: Fraction(0)}])
    [0, 1]
    """
    pmfs = list(pmfs)
    listed = [int(k) for pmf in pmfs for k in pmf]
    possible = [int(k) for pmf in pmfs for k, p in pmf.items() if p]
    if not listed:
        return [0]
    low, high = min(listed), max(possible or listed)
    return list(range(low, high + 1))


def template(name: str | None = None) -> dict[str, Any]:
    """A fresh copy of the registered Plotly template ``name`` (default: Plotly's default) as JSON data.

    It is what plotly's validation puts in ``layout.template`` for ``template="plotly_white"``; a
    figure built from a spec (:func:`figure_from_spec`) carries it itself, so it looks the same.

    >>> template("plotly_white")["layout"]["plot_bgcolor"]
    'white'
    """
    return json.loads(_template_json(name or str(pio.templates.default)))


@functools.lru_cache(maxsize=8)
def _template_json(name: str) -> str:
    return json.dumps(pio.templates[name].to_plotly_json())


def figure_from_spec(spec: Mapping[str, Any]) -> go.Figure:
    """A ``go.Figure`` holding ``spec`` (``{"data": [...], "layout": {...}}``) as it is, unvalidated.

    Plotly checks every property of a figure built the usual way (``go.Bar(...)``, ``update_layout``)
    and deep-copies its layout on each update: about 35 ms a chart here, 0.2 s for the first one, and
    several times that on a loaded machine, which the Odds tab's first chart used to wait for (issue
    21). The builders of this project write the figure's JSON themselves (pure functions, data in,
    spec out) and wrap it here in 1-2 ms; the tests validate every builder's spec with plotly
    (``tests/widgets/test_fast_figures.py``), so a misspelt property still fails a test. The result
    is a normal ``go.Figure``: ``fig.data[0].y``, ``fig.layout.title.text`` read as before.

    >>> fig = figure_from_spec({"data": [{"type": "bar", "x": [0, 1], "y": [0.5, 0.5]}], "layout": {}})
    >>> fig.data[0].type, list(fig.data[0].y)
    ('bar', [0.5, 0.5])
    """
    return go.Figure(dict(spec), _validate=False)


def series_spec(
    series: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str,
    x_title: str = "k",
    show_at_least: bool = True,
    height: int = 400,
) -> dict[str, Any]:
    """The figure of :func:`series_figure` as Plotly JSON data (a pure function: edit it, then
    :func:`figure_from_spec`).

    >>> spec = series_spec({"": {0: Fraction(1, 4), 1: Fraction(3, 4)}}, title="A coin, biased")
    >>> [t["type"] for t in spec["data"]], spec["data"][0]["customdata"][1], spec["layout"]["yaxis2"]["overlaying"]
    (['bar', 'scatter'], ['3/4', '75.00%'], 'y')
    """
    ks = support_range(series.values())
    label_bars = len(series) == 1 and len(ks) <= _MAX_LABELLED_BARS
    data: list[dict[str, Any]] = []
    for i, (label, pmf) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        probs = [Fraction(pmf.get(k, 0)) for k in ks]
        bar: dict[str, Any] = {
            "type": "bar",
            "x": list(ks),
            "y": [float(p) for p in probs],
            "name": f"P(= k) {label}" if len(series) > 1 else "P(exactly k)",
            "legendgroup": label,
            "marker": {"color": colour, "line": {"width": 0}},
            "customdata": [[fmt_fraction(p), fmt_percent(p)] for p in probs],
            "textfont": {"size": 11},
            "cliponaxis": False,
            "hovertemplate": f"{label}<br>exactly %{{x}}: %{{customdata[0]}} (%{{customdata[1]}})<extra></extra>",
        }
        if label_bars:
            bar["text"] = [fmt_percent(p) for p in probs]
            bar["textposition"] = "outside"
        data.append(bar)
        if show_at_least:
            at_least = at_least_from_pmf(pmf, ks)
            data.append({
                "type": "scatter",
                "x": list(ks),
                "y": [float(p) for p in at_least],
                "name": f"P(≥ k) {label}" if len(series) > 1 else "P(at least k)",
                "legendgroup": label,
                "mode": "lines+markers",
                "line": {"color": colour, "width": 2, "dash": "dot"},
                "marker": {"size": 6, "color": colour},
                "customdata": [[fmt_fraction(p), fmt_percent(p)] for p in at_least],
                "hovertemplate": f"{label}<br>at least %{{x}}: %{{customdata[0]}} (%{{customdata[1]}})<extra></extra>",
                "yaxis": "y2",
            })
    top = min(1.0, max((float(p) for pmf in series.values() for p in pmf.values()), default=1.0) or 1.0)
    layout = _layout(title=title, x_title=x_title, ks=ks, height=height, second_axis=show_at_least)
    if show_at_least:
        # the bars (and their labels) under BARS_BELOW, the line in LINE_BAND above them: one plot, two scales
        layout["yaxis"]["range"] = [0, top * LABEL_ROOM / BARS_BELOW]
        layout["yaxis"].update(bar_ticks(top))
    else:
        layout["yaxis"]["range"] = [0, top * LABEL_ROOM]
    return {"data": data, "layout": layout}


def band_range(band: tuple[float, float] = LINE_BAND) -> list[float]:
    """The range of an axis over the whole plot that puts 0 at ``band[0]`` and 1 at ``band[1]`` of its height.

    >>> [round(v, 4) for v in band_range((0.5, 1.0))]
    [-1.0, 1.0]
    """
    low, high = band
    span = 1 / (high - low)
    return [-low * span, (1 - low) * span]


def bar_ticks(top: float) -> dict[str, Any]:
    """Ticks of the bars' axis from 0 up to ``top`` at most (none beside the line's band above the bars).

    >>> bar_ticks(0.5)
    {'tickmode': 'array', 'tickvals': [0.0, 0.2, 0.4], 'tickformat': '.0%'}
    """
    step = next((s for s in (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25) if top / s <= 4), 0.25)
    vals = [round(i * step, 4) for i in range(int(top / step + 1e-9) + 1)]
    return {"tickmode": "array", "tickvals": vals, "tickformat": ".0%" if step >= 0.01 else ".1%"}


def series_figure(
    series: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str,
    x_title: str = "k",
    show_at_least: bool = True,
    height: int = 400,
) -> go.Figure:
    """Grouped bars of P(X = k), one group per series, and dashed "at least k" lines.

    ``series`` maps a legend label ("hit on 4+") to an exact pmf ``{k: P(X=k)}``.
    The x axis runs over every k from the smallest to the largest outcome of any
    series (missing ks are zero). The "at least k" lines use a second y axis (0–100%, on the right) drawn in
    a band of their own above the bars (:data:`LINE_BAND`), so no line or marker crosses a bar or its label.
    Built from :func:`series_spec` without plotly's validation.
    """
    return figure_from_spec(series_spec(series, title=title, x_title=x_title, show_at_least=show_at_least,
                                        height=height))


def distribution_spec(dist: Any, title: str, *, label: str = "", x_title: str = "k", **kw: Any) -> dict[str, Any]:
    """The figure of :func:`distribution_figure` as Plotly JSON data."""
    return series_spec({label or "": _pmf(dist)}, title=title, x_title=x_title, **kw)


def distribution_figure(dist: Any, title: str, *, label: str = "", x_title: str = "k", **kw: Any) -> go.Figure:
    """One exact distribution (an ``explorer.odds.Dist`` or a pmf mapping) as bars + "at least k" line."""
    return figure_from_spec(distribution_spec(dist, title, label=label, x_title=x_title, **kw))


def distributions_figure(
    dists: Mapping[str, Any], title: str, *, x_title: str = "k", **kw: Any
) -> go.Figure:
    """Several distributions side by side (e.g. one roll read at 3+, 4+ and 5+)."""
    return series_figure({label: _pmf(d) for label, d in dists.items()}, title=title, x_title=x_title, **kw)


def _pmf(dist: Any) -> dict[int, Fraction]:
    pmf = dist.pmf() if hasattr(dist, "pmf") else dist
    return {int(k): Fraction(p) for k, p in pmf.items()}


def titled(text: str, **font: Any) -> dict[str, Any]:
    """A layout ``title`` under the toolbar band, broken into lines (:func:`wrapped_title`); ``font`` optional.

    >>> titled("Odds", size=14)["font"], titled("Odds")["pad"]
    ({'size': 14}, {'t': 44})
    """
    title: dict[str, Any] = {"text": wrapped_title(text)}
    if font:
        title["font"] = dict(font)
    return {**title, **copy.deepcopy(TITLE_BELOW_TOOLBAR)}


def _layout(*, title: str, x_title: str, ks: list[int], height: int, second_axis: bool) -> dict[str, Any]:
    xaxis: dict[str, Any] = {"title": {"text": x_title}, "tickmode": "linear" if len(ks) <= 25 else "auto"}
    if len(ks) <= 25:
        xaxis["dtick"] = 1
    xaxis.update({"range": [ks[0] - 0.6, ks[-1] + 0.6], "showgrid": False})
    layout: dict[str, Any] = {
        "template": template("plotly_white"),
        "title": titled(title, size=16),
        "font": {"family": FONT, "size": 13, "color": "#2b2f36"},
        "height": height,
        "margin": {"l": 60, "r": 60, "t": 84 + 20 * wrapped_title(title).count("<br>"), "b": 120},
        "barmode": "group",
        "bargap": 0.18,
        "bargroupgap": 0.04,
        "uniformtext": dict(BAR_LABELS),
        "hovermode": "closest",
        "legend": dict(LEGEND_BELOW),
        "xaxis": xaxis,
        "yaxis": {"title": {"text": "P(exactly k)"}, "tickformat": ".0%", "rangemode": "tozero",
                  "gridcolor": "#e8eaee"},
    }
    if second_axis:
        layout["yaxis2"] = {
            "title": {"text": "P(at least k)"},
            "overlaying": "y",
            "side": "right",
            "range": band_range(),
            "tickmode": "array",
            "tickvals": [0, 0.5, 1.0],
            "tickformat": ".0%",
            "showgrid": True,
            "gridcolor": "#e8eaee",
            "zeroline": False,
        }
    return layout


def figure_outputs(fig: go.Figure) -> tuple[dict[str, Any], ...]:
    """The ``outputs`` state of an ``ipywidgets.Output`` that shows ``fig`` (a plain go.Figure)."""
    spec = json.loads(pio.to_json(fig, validate=False))
    spec["config"] = {**FIGURE_CONFIG, **spec.get("config", {})}
    bundle = {
        "application/vnd.plotly.v1+json": spec,
        "text/plain": f"<Figure: {fig.layout.title.text or 'chart'}>",
    }
    return ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def show_figure(out: Any, fig: go.Figure) -> None:
    """Show ``fig`` in the ``ipywidgets.Output`` ``out``, replacing what it showed, in one state update.

    Use this rather than ``with out: clear_output(wait=True); display(fig)``: no output capture
    is opened, so it also works outside a kernel (tests), and Voilà pages that drew by capture
    while the notebook ran often stalled at "Executing 1 of 2" on a reload (JUPYTER_NOTES).
    """
    out.outputs = figure_outputs(fig)
