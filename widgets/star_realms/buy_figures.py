"""The buy comparison drawn: bars over the next turns, and the texts of its table cells (pure functions).

>>> turn_text(Fraction(25, 7)), arrival_text(None)
('25/7', '—')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from widgets.common.charts import (BAR_LABELS, FONT, LEGEND_BELOW, figure_from_spec, fmt_fraction, fmt_prob, template,
                                   titled)

TRADE_COLOUR, COMBAT_COLOUR = "#D08C2E", "#8E6C9E"

BUY_HEIGHT = 460
"""The buy chart: its two-line title (104 px) and the card names and legend under it (120 px) left a 116 px
plot at 340 px; 460 keeps about 236 px."""


def turn_value(v: Any) -> float:
    return float(v.value) if hasattr(v, "value") else float(v)


def turn_text(v: Any) -> str:
    """A turn's expected value: exact as ``'25/7'``, sampled as ``'3.9 ±0.2'`` (the 95% interval's half-width)."""
    if hasattr(v, "low"):
        return f"{v.value:.1f} ±{(v.high - v.low) / 2:.1f}"
    return fmt_fraction(Fraction(v)) if Fraction(v).denominator != 1 else str(Fraction(v))


def buy_figure(cycle: list[Any]) -> go.Figure:
    """Grouped bars: expected Trade and Combat over the next turns for each buy (the first row: no buy).

    Written as Plotly JSON and wrapped without plotly's validation (``charts.figure_from_spec``).
    """
    names = [r.card + (" to top" if r.to_top else "") for r in cycle]
    n = len(cycle[0].turns) if cycle else 3
    data = []
    for what, col in (("Trade", TRADE_COLOUR), ("Combat", COMBAT_COLOUR)):
        per = [[getattr(m, what.lower()) for m in r.turns] for r in cycle]
        totals = [sum(turn_value(v) for v in turns) for turns in per]
        data.append({"type": "bar", "x": list(names), "y": totals, "name": f"{what}, next {n} turns",
                     "marker": {"color": col},
                     "customdata": [[" · ".join(f"turn {i + 1}: {turn_text(v)}" for i, v in enumerate(turns))]
                                    for turns in per],
                     "text": [f"{t:.1f}" for t in totals], "textposition": "outside", "cliponaxis": False,
                     "hovertemplate": f"%{{x}}<br>{what}: %{{customdata[0]}}<extra></extra>"})
    layout = {"template": template("plotly_white"), "barmode": "group", "height": BUY_HEIGHT,
              "uniformtext": dict(BAR_LABELS),
              "font": {"family": FONT, "size": 13},
              "title": titled(f"If bought now: expected Trade and Combat over the next {n} turns", size=14),
              "margin": {"l": 55, "r": 20, "t": 104, "b": 120},
              "legend": dict(LEGEND_BELOW),
              "yaxis": {"title": {"text": "expected, summed over the turns"}, "rangemode": "tozero",
                        "gridcolor": "#e8eaee"}}
    return figure_from_spec({"data": data, "layout": layout})


def arrival_text(arrives: Any) -> str:
    """When a bought card first reaches the hand: ``'2.8 (turn 2: 33%)'``; ``'—'`` for the baseline."""
    if arrives is None:
        return "—"
    first = next((t for t, p in enumerate(arrives.by_turn, start=1) if p), None)
    mean = arrives.expected if arrives.expected is not None else arrives.partial
    likely = f"turn {first}: {fmt_prob(arrives.by_turn[first - 1])}" if first else ""
    return f"{float(mean):.2f}" + (f" (from {likely})" if likely else "")
