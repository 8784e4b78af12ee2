"""Pure figure builders for the Endor board: the space battle as a map, and the four tracks.

State in, ``go.Figure`` out, so tests read the figures without a browser. The
map's layout (three rings around the Death Star, the six fleet-marker slots on
the Rebel edge) is drawn by this module; positions on the board are this
project's drawing, not the printed board (no source gives its geometry).

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> fig = board_figure(s)
>>> [t.name for t in fig.data][:3]
['lanes', 'Rebels', 'Empire']
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

SHORT = {"X-wing": "X", "Y-wing": "Y", "B-wing": "B", "Falcon": "Falcon", "TIE": "TIE", "Executor": "Executor"}
REBEL_BLUE, EMPIRE_RED, EMPTY_GREY = "#2f6fb5", "#c0392b", "#9aa3ad"


def node_xy(state: Any) -> dict[int, tuple[float, float]]:
    """Where each sector is drawn: rings of radius 3, 2, 1 around the Death Star; markers on the left."""
    data = state.data
    xy: dict[int, tuple[float, float]] = {}
    for key, radius, turn in (("outer_ring", 3.0, 0.0), ("middle_ring", 2.0, 0.2), ("inner_ring", 1.0, 0.4)):
        ring = data.rings[key]
        for i, n in enumerate(ring):
            angle = math.pi * 0.75 - 2 * math.pi * (i + turn) / len(ring)
            xy[n] = (radius * math.cos(angle), radius * math.sin(angle))
    for i, n in enumerate(data.rings["marker_slots"]):
        xy[n] = (-4.3, 2.5 - i)
    return xy


def sector_text(state: Any, node: int) -> str:
    """What a sector label says: its id, then the ships by type ("O8 · 5 X")."""
    data = state.data
    row = state.ships[node]
    parts = [f"{c} {SHORT[data.ship_types[k].name]}" if data.ship_types[k].count > 1 else SHORT[data.ship_types[k].name]
             for k, c in enumerate(row) if c]
    return f"{data.nodes[node]}<br>{' '.join(parts)}" if parts else data.nodes[node]


def board_figure(state: Any, *, height: int = 460) -> go.Figure:
    """The space battle: lanes between sectors, ships by side and count, fleet markers, the Death Star."""
    data = state.data
    xy = node_xy(state)
    lx: list[float | None] = []
    ly: list[float | None] = []
    for a, near in enumerate(data.adjacent):
        for b in near:
            if a < b:
                lx += [xy[a][0], xy[b][0], None]
                ly += [xy[a][1], xy[b][1], None]
    fig = go.Figure(go.Scatter(x=lx, y=ly, mode="lines", name="lanes", hoverinfo="skip",
                               line={"color": "#d5dbe3", "width": 1}, showlegend=False))
    for side, colour in ((0, REBEL_BLUE), (1, EMPIRE_RED)):
        nodes = [n for n in range(len(data.nodes))
                 if (sum(state.ships[n][:4]) if side == 0 else sum(state.ships[n][4:]))]
        fig.add_trace(go.Scatter(
            x=[xy[n][0] for n in nodes], y=[xy[n][1] for n in nodes], mode="markers+text", name=("Rebels", "Empire")[side],
            text=[sector_text(state, n) for n in nodes], textposition="bottom center", textfont={"size": 10},
            marker={"size": [11 + 1.5 * min(sum(state.ships[n]), 10) for n in nodes], "color": colour},
            hovertext=[sector_text(state, n).replace("<br>", ": ") for n in nodes], hoverinfo="text"))
    empty = [n for n in range(len(data.nodes)) if not any(state.ships[n]) and n not in data.marker_slots]
    fig.add_trace(go.Scatter(x=[xy[n][0] for n in empty], y=[xy[n][1] for n in empty], mode="markers+text",
                             name="empty", text=[data.nodes[n] for n in empty], textposition="bottom center",
                             textfont={"size": 9, "color": EMPTY_GREY}, marker={"size": 8, "color": EMPTY_GREY},
                             showlegend=False, hoverinfo="text"))
    slots = data.marker_slots
    fig.add_trace(go.Scatter(
        x=[xy[n][0] for n in slots], y=[xy[n][1] for n in slots], mode="markers", name="fleet markers",
        marker={"symbol": ["square" if state.markers[m] else "square-x-open" for m in range(len(slots))],
                "size": 16, "color": ["#7fa7d6" if state.markers[m] else "#bbbbbb" for m in range(len(slots))],
                "line": {"width": 1, "color": REBEL_BLUE}},
        hovertext=[f"fleet marker {data.nodes[n]} " + ("face up" if state.markers[m] else "destroyed (flipped)")
                   for m, n in enumerate(slots)], hoverinfo="text"))
    ds_colour = "#555" if not state.shields_down else "#e67e22"
    fig.add_trace(go.Scatter(x=[0], y=[0], mode="markers+text", name="Death Star", text=["Death Star"],
                             textposition="middle center", textfont={"color": "white", "size": 10},
                             marker={"size": 50, "color": ds_colour}, hoverinfo="text",
                             hovertext=["shields down: attack from the inner ring" if state.shields_down
                                        else "shields up"]))
    fig.update_layout(
        title={"text": f"Space battle — round {state.round}", "x": 0.01}, height=height,
        margin={"l": 10, "r": 10, "t": 40, "b": 10}, plot_bgcolor="white",
        xaxis={"visible": False, "range": [-4.9, 3.7]}, yaxis={"visible": False, "scaleanchor": "x", "range": [-3.6, 3.6]},
        legend={"orientation": "h", "y": -0.02},
    )
    return fig


def tracks_figure(state: Any, *, height: int = 300) -> go.Figure:
    """The shield track (targets, strike team, stormtroopers) and the duel, Falcon and Executor tracks."""
    data, rules = state.data, state.rules
    spaces = list(range(1, len(data.track) + 1))
    targets = [data.track[p - 1] + (1 if p in state.troopers else 0) for p in spaces]
    passed = [p <= state.strike_team for p in spaces]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=spaces, y=targets, name="shield track (needed roll)", yaxis="y",
                         marker={"color": ["#27ae60" if p else "#b9c4cf" for p in passed]},
                         text=[str(t) for t in targets], textposition="inside", hovertemplate="space %{x}: %{y}+"))
    fig.add_trace(go.Scatter(x=list(state.troopers), y=[targets[p - 1] + 0.6 for p in state.troopers],
                             mode="markers", name="stormtroopers", marker={"symbol": "x", "size": 11, "color": "#222"}))
    fig.add_trace(go.Scatter(x=[max(state.strike_team, 0.4)], y=[6.6], mode="markers+text", name="strike team",
                             text=[f"strike team {state.strike_team}/{len(data.track)}"], textposition="middle right",
                             marker={"symbol": "triangle-down", "size": 14, "color": "#27ae60"}))
    falcon, executor = data.ship("Falcon").hits, data.ship("Executor").hits
    rows = [("Luke", state.luke_hits, rules.luke_hits), ("Vader", state.vader_hits, rules.vader_hits),
            ("Falcon", state.falcon_hits, falcon), ("Executor", state.executor_hits, executor)]
    fig.add_trace(go.Bar(y=[r[0] for r in rows], x=[r[1] / r[2] for r in rows], orientation="h", name="hits taken",
                         xaxis="x2", yaxis="y2", marker={"color": ["#2f6fb5", "#c0392b", "#2f6fb5", "#c0392b"]},
                         text=[f"{r[1]}/{r[2]}" + (" redeemed" if r[0] == "Vader" and state.vader == "redeemed" else "")
                               for r in rows], textposition="outside"))
    fig.update_layout(
        height=height, margin={"l": 10, "r": 10, "t": 30, "b": 10}, showlegend=False, plot_bgcolor="white",
        title={"text": "Shield track · duel and hit tracks", "x": 0.01},
        xaxis={"domain": [0, 0.62], "title": "shield-track space", "dtick": 3},
        yaxis={"range": [0, 7.2], "title": "roll needed"},
        xaxis2={"domain": [0.72, 1], "range": [0, 1.35], "anchor": "y2", "visible": False},
        yaxis2={"anchor": "x2", "autorange": "reversed"},
    )
    return fig
