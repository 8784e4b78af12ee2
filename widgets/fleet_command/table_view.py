"""The table drawn with Plotly: tiles with symbols and fronts, cubes, arc and range, ghost paths, reach cloud.

Pure figure builders (data in, figure out). Geometry comes from the rules
(``explorer.games.fleet_command``): a tile's corners, its front edge, its range
and the targets from an end position are the rules' answers, only drawn here.

>>> import explorer
>>> from explorer.games.fleet_command.tactics import EXAMPLE
>>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
>>> fig = table_figure(s, selected=(0, "Interceptor"))
>>> fig.layout.meta["ships"], fig.layout.meta["arc"]
(2, 'Interceptor')
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from explorer.games.fleet_command import tactics
from explorer.games.fleet_command.geometry import Pose
from explorer.games.fleet_command.odds import ReachEnd
from widgets.common.charts import FONT, TITLE_BELOW_TOOLBAR

SIDE_COLOURS = ("#4C6A92", "#D08C2E")  # slate, amber (from widgets.common.charts.PALETTE)
SIDE_FILLS = ("rgba(76,106,146,0.28)", "rgba(208,140,46,0.28)")
SYMBOLS = {"drop": "◆", "hammers": "╥", "circles": "⋮", "bricks": "▤", "wheel": "☸", "arrow": "➤"}
"""The tile symbols, drawn with glyphs every browser font has (drop, hammers, three circles, bricks, wheel, arrow)."""
REACH_COLOURS = ("#9aa3ad", "#3E9C8F", "#2b7a5e", "#1d5a44")


def _closed(points: Sequence[tuple[float, float]]) -> tuple[list[float], list[float]]:
    xs = [p[0] for p in points] + [points[0][0]]
    ys = [p[1] for p in points] + [points[0][1]]
    return xs, ys


def arc_outline(pose: Pose, reach: float, omnidirectional: bool, steps: int = 12) -> list[tuple[float, float]]:
    """The area a ship can shoot into: within ``reach`` of its front edge and forward of it.

    For an omnidirectional ship, within ``reach`` of any edge (a rounded square).

    >>> from explorer.games.fleet_command.geometry import Q
    >>> pts = arc_outline(Pose(Q(0), Q(0), 0), 2, False)
    >>> round(max(y for _, y in pts), 6), round(max(x for x, _ in pts), 6)
    (2.5, 2.5)
    """
    fx, fy = pose.axes
    rx, ry = fy, -fx
    cx, cy = pose.fx, pose.fy
    pts: list[tuple[float, float]] = []
    if omnidirectional:
        corners = pose.corners()  # front-left, front-right, back-right, back-left
        directions = [(-rx, -ry, fx, fy), (fx, fy, rx, ry), (rx, ry, -fx, -fy), (-fx, -fy, -rx, -ry)]
        for (x, y), (ax, ay, bx, by) in zip(corners, directions):
            for k in range(steps + 1):
                t = k / steps * math.pi / 2
                pts.append((x + reach * (ax * math.cos(t) + bx * math.sin(t)),
                            y + reach * (ay * math.cos(t) + by * math.sin(t))))
        return pts
    lx, ly = cx + 0.5 * fx - 0.5 * rx, cy + 0.5 * fy - 0.5 * ry  # front-left corner
    qx, qy = cx + 0.5 * fx + 0.5 * rx, cy + 0.5 * fy + 0.5 * ry  # front-right corner
    pts.append((lx, ly))
    for k in range(steps + 1):  # left quarter circle: from the left side round to forward
        t = k / steps * math.pi / 2
        pts.append((lx + reach * (-rx * math.cos(t) + fx * math.sin(t)), ly + reach * (-ry * math.cos(t) + fy * math.sin(t))))
    for k in range(steps + 1):  # right quarter circle: from forward round to the right side
        t = k / steps * math.pi / 2
        pts.append((qx + reach * (fx * math.cos(t) + rx * math.sin(t)), qy + reach * (fy * math.cos(t) + ry * math.sin(t))))
    pts.append((qx, qy))
    return pts


def _fleet_traces(state: Any, player: int, selected: tuple[int, str] | None) -> list[dict[str, Any]]:
    """One player's tiles as three traces: outlines, fronts, and symbol-and-cubes labels (with the hover)."""
    colour, who = SIDE_COLOURS[player], state.game.player_name(player)
    ox: list[float | None] = []
    oy: list[float | None] = []
    fx: list[float | None] = []
    fy: list[float | None] = []
    lx, ly, labels, hovers = [], [], [], []
    dashed_x: list[float | None] = []
    dashed_y: list[float | None] = []
    chosen = None
    for ship in state.fleets[player].ships:
        if not ship.on_table:
            continue
        pose: Pose = ship.pose
        kind = state.ship_type(ship)
        xs, ys = _closed(pose.corners())
        if selected == (player, ship.name):
            chosen = (xs, ys)
        (dashed_x if kind.omnidirectional else ox).extend([*xs, None])
        (dashed_y if kind.omnidirectional else oy).extend([*ys, None])
        if not kind.omnidirectional:
            (ax, ay), (bx, by) = pose.front_edge()
            fx.extend([ax, bx, None])
            fy.extend([ay, by, None])
        lx.append(pose.fx)
        ly.append(pose.fy)
        labels.append(f"{SYMBOLS.get(kind.symbol, '?')}{ship.cubes}")  # the symbol and the cubes on the tile
        hovers.append(f"<b>{html.escape(who)} · {html.escape(ship.name)}</b><br>{ship.cubes} "
                      f"cube{'s' if ship.cubes != 1 else ''} · heading {pose.heading}°<br>{html.escape(kind.ability)}"
                      + (f"<br>attached: {html.escape(str(ship.attached))}" if ship.attached else ""))
    fill = SIDE_FILLS[player]
    traces = [
        dict(type="scatter", x=ox, y=oy, mode="lines", fill="toself", fillcolor=fill, line={"color": colour, "width": 1.6},
                   hoverinfo="skip", showlegend=False, name=f"{who} tiles"),
        dict(type="scatter", x=dashed_x, y=dashed_y, mode="lines", fill="toself", fillcolor=fill,
                   line={"color": colour, "width": 1.6, "dash": "dot"}, hoverinfo="skip", showlegend=False,
                   name=f"{who} omnidirectional tiles"),
        dict(type="scatter", x=fx, y=fy, mode="lines", line={"color": colour, "width": 6}, hoverinfo="skip",
                   showlegend=False, name=f"{who} fronts"),
        dict(type="scatter", x=lx, y=ly, mode="text", text=labels, hovertext=hovers, hoverinfo="text", showlegend=False,
                   textfont={"size": 12, "color": colour}, name=f"{who} ships"),
    ]
    if chosen is not None:
        traces.append(dict(type="scatter", x=chosen[0], y=chosen[1], mode="lines", line={"color": colour, "width": 4},
                                 hoverinfo="skip", showlegend=False, name="selected"))
    return traces


def table_figure(state: Any, *, selected: tuple[int, str] | None = None, ghost: Sequence[Pose] = (),
                 ghost_end: Pose | None = None, reach: Sequence[ReachEnd] = (), height: int = 440) -> go.Figure:
    """The table: both fleets, the selected ship's arc and range, a ghost path and a reach cloud.

    ``reach`` points are coloured by how many enemy ships could be shot from there.
    """
    p = state.params
    w, d = p.table_width, p.table_depth
    shapes = [{"type": "rect", "x0": 0, "y0": 0, "x1": w, "y1": d, "line": {"color": "#8a939e", "width": 1.5},
               "fillcolor": "#f6f8fb", "layer": "below"}]
    for player, y0, y1 in ((0, 0, p.setup_depth), (1, d - p.setup_depth, d)):
        shapes.append({"type": "rect", "x0": 0, "y0": y0, "x1": w, "y1": y1, "line": {"width": 0},
                       "fillcolor": SIDE_FILLS[player].replace("0.28", "0.07"), "layer": "below"})
    fig = _Traces()
    arc = ""
    if selected is not None:
        player, name = selected
        ship = state.fleets[player].ship(name)
        if ship.on_table:
            kind = state.ship_type(ship)
            reach_n = tactics.shooting_range(state, player, name)
            xs, ys = _closed(arc_outline(ship.pose, reach_n, kind.omnidirectional))
            fig.add_trace(dict(type="scatter", x=xs, y=ys, mode="lines", fill="toself", fillcolor="rgba(62,156,143,0.10)",
                                     line={"color": "#3E9C8F", "width": 1, "dash": "dash"}, hoverinfo="text",
                                     text=f"{html.escape(name)}: firing arc, range {reach_n}", showlegend=False,
                                     name="arc"))
            arc = name
    if ghost:
        gx: list[float | None] = []
        gy: list[float | None] = []
        for tile in ghost:
            xs, ys = _closed(tile.corners())
            gx.extend([*xs, None])
            gy.extend([*ys, None])
        fig.add_trace(dict(type="scatter", x=gx, y=gy, mode="lines", fill="toself", fillcolor="rgba(142,108,158,0.12)",
                                 line={"color": "#8E6C9E", "width": 1, "dash": "dot"}, hoverinfo="skip",
                                 showlegend=False, name="path tiles"))
    if ghost_end is not None:
        xs, ys = _closed(ghost_end.corners())
        fig.add_trace(dict(type="scatter", x=xs, y=ys, mode="lines", line={"color": "#8E6C9E", "width": 2.5},
                                 hoverinfo="text", text=f"ends at {ghost_end}", showlegend=False, name="path end"))
    if reach:
        counts = [len(e.targets) for e in reach]
        fig.add_trace(dict(type="scatter",
            x=[e.pose.fx for e in reach], y=[e.pose.fy for e in reach], mode="markers", name="reach",
            marker={"size": 8, "color": [REACH_COLOURS[min(c, 3)] for c in counts], "symbol": "circle",
                    "line": {"width": 0.5, "color": "white"}},
            hoverinfo="text", showlegend=False,
            text=[f"{' '.join(e.sequence) or 'stay'} → {html.escape(str(e.pose))}<br>"
                  f"can shoot: {html.escape(', '.join(e.targets)) or 'nobody'}" for e in reach]))
    ships = sum(1 for fleet in state.fleets for ship in fleet.ships if ship.on_table)
    fig.add_traces([t for player in (0, 1) for t in _fleet_traces(state, player, selected)])
    return go.Figure(data=fig.traces, layout=dict(shapes=shapes,
        height=height, margin={"l": 8, "r": 8, "t": 64, "b": 8}, font={"family": FONT, "size": 12},
        title={"text": html.escape(state.phase[0].upper() + state.phase[1:]), "font": {"size": 13}, **TITLE_BELOW_TOOLBAR},
        xaxis={"range": [-0.3, w + 0.3], "showgrid": False, "zeroline": False, "showticklabels": False,
               "constrain": "domain"},   # keep the table's ranges on a resize (the default widened them)
        yaxis={"range": [-0.3, d + 0.3], "showgrid": False, "zeroline": False, "showticklabels": False,
               "scaleanchor": "x", "scaleratio": 1, "constrain": "domain"},
        plot_bgcolor="white", paper_bgcolor="white", hovermode="closest",
        meta={"ships": ships, "arc": arc, "reach": len(reach), "ghost": len(ghost)},
    ))


class _Traces:
    """Traces collected first, so the figure is built (and checked by Plotly) once."""

    def __init__(self) -> None:
        self.traces: list[dict[str, Any]] = []

    def add_trace(self, trace: Any) -> None:
        self.traces.append(trace)

    def add_traces(self, traces: Sequence[Any]) -> None:
        self.traces.extend(traces)
