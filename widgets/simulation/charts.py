"""Figures of a simulation, built by pure functions from :class:`explorer.sim.SimResult` values.

``win_rate_figure`` draws each seat's win rate as a bar with its 95% Wilson
interval as a whisker, one bar colour per compared arm; ``length_figure`` the
distribution of game lengths. Both take partial results, so the panel redraws
them after every chunk.

>>> from explorer.sim import simulate
>>> result = simulate("warps_edge", games=5)
>>> fig = win_rate_figure([("standard", result)])
>>> fig.data[0].x, fig.layout.title.text.startswith("Win rate per seat")
(('Pilot',), True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import plotly.graph_objects as go

from explorer.sim import SimResult

COLOURS = ("#4C6A92", "#D08C3C", "#5E9C6B", "#9C5E8F")

Arm = tuple[str, SimResult]


def _progress_note(arms: Sequence[Arm]) -> str:
    done = sum(r.done for _, r in arms)
    total = sum(r.spec.games for _, r in arms)
    return f"{done} of {total} games" if done < total else f"{total} games"


def win_rate_figure(arms: Sequence[Arm], *, height: int = 340) -> go.Figure:
    """Win rate per seat with 95% intervals; one trace per arm (label, result)."""
    fig = go.Figure()
    for i, (label, result) in enumerate(arms):
        seats = result.seats
        fig.add_trace(go.Bar(
            name=label,
            x=[f"{s.name}" for s in seats],
            y=[s.wins.rate for s in seats],
            error_y=dict(type="data", symmetric=False, array=[s.wins.high - s.wins.rate for s in seats],
                         arrayminus=[s.wins.rate - s.wins.low for s in seats], thickness=1.5, width=6),
            marker_color=COLOURS[i % len(COLOURS)],
            customdata=[[s.policy, str(s.wins), str(s.draws), str(s.losses), s.games] for s in seats],
            hovertemplate=("%{x} (%{customdata[0]})<br>win %{customdata[1]}<br>draw %{customdata[2]}"
                           "<br>loss %{customdata[3]}<br>%{customdata[4]} games<extra>" + label + "</extra>"),
        ))
    fig.update_layout(
        title=dict(text=f"Win rate per seat, with 95% intervals — {_progress_note(arms)}", font=dict(size=15)),
        barmode="group", bargap=0.35 if len(arms) > 1 else 0.55, height=height, margin=dict(l=50, r=20, t=50, b=40),
        yaxis=dict(title="win rate", range=[0, 1], tickformat=".0%"),
        legend=dict(orientation="h", y=-0.15), template="plotly_white", showlegend=len(arms) > 1,
    )
    return fig


def length_figure(arms: Sequence[Arm], unit: str = "turns", *, height: int = 300) -> go.Figure:
    """How many games lasted each number of ``unit`` (turns or steps); steps are grouped into 40 bins."""
    fig = go.Figure()
    for i, (label, result) in enumerate(arms):
        values = result.lengths(unit)
        if unit == "steps" and values:
            fig.add_trace(go.Histogram(name=label, x=values, nbinsx=40, marker_color=COLOURS[i % len(COLOURS)],
                                       opacity=0.75))
            continue
        counts = sorted(Counter(values).items())
        fig.add_trace(go.Bar(name=label, x=[k for k, _ in counts], y=[n for _, n in counts],
                             marker_color=COLOURS[i % len(COLOURS)], opacity=0.75))
    fig.update_layout(
        title=dict(text=f"Game length in {unit} — {_progress_note(arms)}", font=dict(size=15)),
        barmode="overlay", height=height, margin=dict(l=50, r=20, t=50, b=40),
        xaxis=dict(title=unit), yaxis=dict(title="games"), template="plotly_white", showlegend=len(arms) > 1,
        legend=dict(orientation="h", y=-0.2),
    )
    return fig
