"""The advice as a chart: one bar per option, its win chance with its 95% interval (a pure builder).

Options are listed best first, top to bottom, each option's text written above its bar (not
beside it: long option texts beside the bars left a phone a plot a third of the screen wide,
so the bars now span the width at any size); the best is drawn in the accent colour,
options the race stopped as clearly worse in grey, the rest in the base colour. The
hover text gives the exact figures: win chance, interval, rollouts, and the paired
difference to the best with its interval (the number that says whether two options
really differ, since every option met the same dice).

>>> from explorer.advisor.advice import Advice, OptionAdvice
>>> from explorer.advisor.options import Option
>>> from explorer.core.actions import Action
>>> rows = tuple(OptionAdvice(Option(i, Action(t), t, "Play"), 40, w, w - 0.1, w + 0.1, d, d - 0.05, d + 0.05, s)
...              for i, (t, w, d, s) in enumerate([("play Scout", 0.6, 0.0, ""), ("end turn", 0.3, -0.3, "worse")]))
>>> advice = Advice("star_realms", "main", 0, "Player 1", rows, 40, "heuristic", 1, "local", False, 1.0, "", "")
>>> fig = advice_figure(advice)
>>> list(fig.data[0].y), [round(x, 2) for x in fig.data[0].x]
(['1. play Scout', '2. end turn'], [60.0, 30.0])
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from explorer.core.words import possessive
from widgets.common.charts import FONT, TITLE_BELOW_TOOLBAR, wrapped_title

BEST, OTHER, WORSE = "#3E9C8F", "#4C6A92", "#b7bcc6"
ROW_HEIGHT = 50
"""Pixels per option: a 13 px label above a bar of half the row (``bargap`` 0.5)."""
MAX_LABEL = 44
TOP, BOTTOM = 84, 50
"""Margins above the plot (the toolbar and a two-line title) and below it (the percent ticks)."""


def _label(i: int, text: str) -> str:
    """The bar's label, cut in the middle when long: options often differ only at their end
    ("activate for +2 tiles" / "... paid by Hopper"), so both ends stay readable."""
    label = f"{i + 1}. {text}"
    if len(label) <= MAX_LABEL:
        return label
    keep = (MAX_LABEL - 1) // 2
    return label[:keep] + "…" + label[-keep:]


def advice_figure(advice: Any) -> go.Figure:
    """Horizontal bars of each option's win chance (percent) with 95% interval whiskers, best on top."""
    rows = advice.rows
    short = advice.value_short
    what = "win chance" if short == "win" else short
    labels = [_label(i, r.words) for i, r in enumerate(rows)]
    colours = [BEST if i == 0 else (WORSE if r.stopped == "worse" else OTHER) for i, r in enumerate(rows)]
    hover = []
    for i, r in enumerate(rows):
        versus = "the best" if i == 0 else (f"vs best {100 * r.diff:+.1f} points "
                                            f"(95% CI {100 * r.diff_low:+.1f} to {100 * r.diff_high:+.1f})")
        hover.append(f"{r.words}<br>{short} {100 * r.win:.1f}% (95% CI {100 * r.low:.1f}–{100 * r.high:.1f}%)"
                     f"<br>{r.rollouts} rollouts · {versus}")
    fig = go.Figure(go.Bar(
        x=[100 * r.win for r in rows], y=labels, orientation="h", marker={"color": colours},
        error_x={"type": "data", "symmetric": False, "array": [100 * (r.high - r.win) for r in rows],
                 "arrayminus": [100 * (r.win - r.low) for r in rows], "color": "#2b2f36", "thickness": 1.2},
        hovertext=hover, hoverinfo="text", name=what,
    ))
    title = f"{possessive(advice.seat_name)} {what} by option, with 95% intervals" + (" (partial)" if advice.partial else "")
    extra = 20 * wrapped_title(title).count("<br>")  # room for each extra line of the title
    fig.update_layout(
        template="plotly_white", font={"family": FONT, "size": 13, "color": "#2b2f36"},
        title={"text": wrapped_title(title), "font": {"size": 15}, **TITLE_BELOW_TOOLBAR},
        # every option gets its full row, however few: the label needs the room above its bar
        height=TOP + extra + BOTTOM + ROW_HEIGHT * len(rows),
        margin={"l": 14, "r": 20, "t": TOP + extra, "b": BOTTOM},  # l: room for half of the "0%" tick label
        # the unit is in the title, which wraps, and on the ticks
        xaxis={"range": [0, 100], "gridcolor": "#e8eaee", "ticksuffix": "%"},
        yaxis={"autorange": "reversed", "showticklabels": False}, showlegend=False, bargap=0.5,
        annotations=[{"x": 0, "xref": "x", "y": label, "yref": "y", "text": label, "showarrow": False,
                      "xanchor": "left", "yanchor": "bottom", "yshift": ROW_HEIGHT // 4, "font": {"size": 13}}
                     for label in labels],
    )
    return fig
