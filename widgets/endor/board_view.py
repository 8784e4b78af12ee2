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

from widgets.common.charts import TITLE_BELOW_TOOLBAR

SHORT = {"X-wing": "X", "Y-wing": "Y", "B-wing": "B", "Falcon": "Falcon", "TIE": "TIE", "Executor": "Executor"}
REBEL_BLUE, EMPIRE_RED, EMPTY_GREY = "#2f6fb5", "#c0392b", "#9aa3ad"

NODE_SIZE = 20
"""Sector markers are drawn this many pixels wide, the sector's id written inside (8 px type)."""

DEATH_STAR_SIZE = 36
"""The Death Star's marker, "Death Star" written inside in 9 px type."""

RINGS = (("outer_ring", 3.0, 0.0), ("middle_ring", 2.0, 0.2), ("inner_ring", 1.2, 0.2))
"""Each ring's radius and turn (a fraction of one step between its sectors) in the drawing."""

MARKER_ROW = (-2.5, 4.1)
"""Where the first fleet-marker slot is drawn (the others follow 1 apart to the right)."""

X_RANGE, Y_RANGE = (-3.9, 3.9), (-3.7, 4.95)
"""The map's drawn ranges in map units (the y axis is scaled to match x)."""

PHONE_PX_PER_UNIT = 35.0
"""Pixels per map unit when the map is narrowest: about 275 px of plot across its 7.8 units in the panel at 390 px."""


def node_xy(state: Any) -> dict[int, tuple[float, float]]:
    """Where each sector is drawn: rings of radius 3, 2, 1.2 around the Death Star; the fleet markers above."""
    data = state.data
    xy: dict[int, tuple[float, float]] = {}
    for key, radius, turn in RINGS:
        ring = data.rings[key]
        for i, n in enumerate(ring):
            angle = math.pi * 0.75 - 2 * math.pi * (i + turn) / len(ring)
            xy[n] = (radius * math.cos(angle), radius * math.sin(angle))
    for i, n in enumerate(data.rings["marker_slots"]):    # a row above the outer ring, by the sectors they face
        xy[n] = (MARKER_ROW[0] + i, MARKER_ROW[1])
    return xy


def sector_text(state: Any, node: int) -> str:
    """What a sector label says: its id, then the ships by type ("O8<br>5 X")."""
    data = state.data
    ships = ships_text(state, node)
    return f"{data.nodes[node]}<br>{ships}" if ships else data.nodes[node]


def ships_text(state: Any, node: int, *, sep: str = " ") -> str:
    """The ships in a sector, short: "5 X", "4 TIE", "5 X Falcon" ("" when empty)."""
    data = state.data
    row = state.ships[node]
    return sep.join(f"{c} {SHORT[data.ship_types[k].name]}" if data.ship_types[k].count > 1
                    else SHORT[data.ship_types[k].name] for k, c in enumerate(row) if c)


_PLACES = ("middle right", "middle left", "top center", "bottom center",
           "top right", "bottom right", "top left", "bottom left")


def _label_box(x: float, y: float, place: str, text: str, radius: float) -> tuple[float, float, float, float]:
    """The label's box in pixels (left, top, right, bottom; y grows downwards) beside a marker at (x, y).

    10 px type is about 4.8 px a character in Chromium's sans-serif; 5.3 leaves a margin.
    """
    lines = text.split("<br>")
    w, h, gap = 5.3 * max(len(line) for line in lines) + 2, 12.5 * len(lines), 2.0
    vertical, horizontal = place.split()
    if horizontal == "right":
        left = x + radius + gap
    elif horizontal == "left":
        left = x - radius - gap - w
    else:
        left = x - w / 2
    if vertical == "top":
        top = y - radius - gap - h
    elif vertical == "bottom":
        top = y + radius + gap
    else:
        top = y - h / 2
    return left, top, left + w, top + h


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def crowded_labels(state: Any, px_per_unit: float = PHONE_PX_PER_UNIT) -> list[str]:
    """The sectors whose ship label found no clear place on the map at phone scale (``[]``: none meet).

    >>> import explorer
    >>> crowded_labels(explorer.load_game("endor").initial_state())
    []
    """
    held = [n for n in range(len(state.data.nodes)) if any(state.ships[n])]
    return _place_labels(state, node_xy(state), held, px_per_unit)[1]


def ship_labels(state: Any, xy: dict[int, tuple[float, float]], labelled: list[int],
                px_per_unit: float = PHONE_PX_PER_UNIT) -> list[tuple[str, str]]:
    """Each sector's ship label and where it goes (Plotly ``textposition``), so that nothing meets.

    The first side that meets no marker, no label and no edge wins: beside the
    marker before its corners, away from the Death Star first; a label with two
    kinds of ships may break into one line per kind, and one kind into its count
    over its name. Laid out at phone scale
    (the map's narrowest), so it holds at every width: a wider map only moves the
    markers apart while the type keeps its size.
    """
    return _place_labels(state, xy, labelled, px_per_unit)[0]


def _place_labels(state: Any, xy: dict[int, tuple[float, float]], labelled: list[int],
                  px_per_unit: float) -> tuple[list[tuple[str, str]], list[str]]:
    px = {n: (x * px_per_unit, -y * px_per_unit) for n, (x, y) in xy.items()}
    r = NODE_SIZE / 2
    taken = [(x - r, y - r, x + r, y + r) for x, y in px.values()]
    taken.append((-DEATH_STAR_SIZE / 2,) * 2 + (DEATH_STAR_SIZE / 2,) * 2)   # the Death Star
    slots = state.data.marker_slots
    # every candidate box once; the markers and the edge rule out some for good
    boxes = {n: [(t, p, _label_box(*px[n], p, t, r)) for t, p in _tries(state, n, px[n], r, n in slots)]
             for n in labelled}
    clear = {n: [c for c in boxes[n] if _inside(c[2], px_per_unit) and not any(_meets(c[2], b) for b in taken)]
             for n in labelled}
    chosen: dict[int, tuple[str, str]] = {}
    crowded: list[str] = []
    while len(chosen) < len(labelled):
        # the sector with the fewest clear places goes first (the usual greedy for map labels)
        n = min((k for k in labelled if k not in chosen),
                key=lambda k: (len(clear[k]) == 0, len(clear[k]), labelled.index(k)))
        if clear[n]:
            text, place, box = clear[n][0]
        else:                   # nothing is clear: the place on the map that covers least
            crowded.append(state.data.nodes[n])
            text, place, box = min(boxes[n], key=lambda c: (not _inside(c[2], px_per_unit),
                                                            sum(_overlap(c[2], b) for b in taken)))
        chosen[n] = (text, place)
        taken.append(box)
        for k in labelled:
            if k not in chosen:
                clear[k] = [c for c in clear[k] if not _meets(c[2], box)]
    return [chosen[n] for n in labelled], crowded


def _tries(state: Any, n: int, at: tuple[float, float], r: float, slot: bool) -> list[tuple[str, str]]:
    """The label texts and places to try for sector ``n``, best first."""
    x, y = at
    one = ships_text(state, n)
    # one line; else one line per kind; else a narrow stack, the count over the kind
    texts = [one] + ([ships_text(state, n, sep="<br>")] if _kinds(state, n) > 1 else
                     [one.replace(" ", "<br>", 1)] if " " in one else [])
    # beside the marker before its corners, away from the Death Star first; a fleet marker's fighters
    # above it (the row of markers leaves no room at its sides)
    order = sorted(_PLACES, key=lambda p: (p != "top center" or not slot, "center" not in p and "middle" not in p,
                                           -sum(abs(c) for c in _centre(_label_box(x, y, p, one, r)))))
    return [(t, p) for t in texts for p in order]


def _kinds(state: Any, node: int) -> int:
    return sum(1 for c in state.ships[node] if c)


def _inside(box: tuple[float, float, float, float], px_per_unit: float) -> bool:
    """Whether a label box lies within the map's drawn ranges (a label past the edge is cut off)."""
    (x0, x1), (y0, y1) = X_RANGE, Y_RANGE
    return (box[0] >= x0 * px_per_unit and box[2] <= x1 * px_per_unit
            and box[1] >= -y1 * px_per_unit and box[3] <= -y0 * px_per_unit)


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def board_figure(state: Any, *, height: int = 460) -> go.Figure:
    """The space battle: lanes between sectors, ships by side and count, fleet markers, the Death Star.

    Each sector's id is written inside its marker and its ships beside it, away
    from the Death Star, so that no two labels meet even at phone width (390 px).
    """
    data = state.data
    xy = node_xy(state)
    slots = data.marker_slots
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
            text=["" if n in slots else data.nodes[n] for n in nodes], textposition="middle center",
            textfont={"size": 8, "color": "white"}, marker={"size": NODE_SIZE, "color": colour},
            hovertext=[sector_text(state, n).replace("<br>", ": ") for n in nodes], hoverinfo="text"))
    empty = [n for n in range(len(data.nodes)) if not any(state.ships[n]) and n not in slots]
    fig.add_trace(go.Scatter(x=[xy[n][0] for n in empty], y=[xy[n][1] for n in empty], mode="markers+text",
                             name="empty", text=[data.nodes[n] for n in empty], textposition="middle center",
                             textfont={"size": 8, "color": "#5b6472"},
                             marker={"size": NODE_SIZE, "color": "#eef1f4", "line": {"width": 1, "color": EMPTY_GREY}},
                             showlegend=False, hovertext=[f"{data.nodes[n]}: empty" for n in empty], hoverinfo="text"))
    fig.add_trace(go.Scatter(
        x=[xy[n][0] for n in slots], y=[xy[n][1] for n in slots], mode="markers+text", name="fleet markers",
        text=[data.nodes[n] for n in slots], textposition="middle center", textfont={"size": 8, "color": "#1d3f66"},
        marker={"symbol": ["square" if state.markers[m] else "square-x-open" for m in range(len(slots))],
                "size": NODE_SIZE, "color": ["#a9c5e6" if state.markers[m] else "#bbbbbb" for m in range(len(slots))],
                "line": {"width": 1, "color": REBEL_BLUE}},
        hovertext=[f"fleet marker {data.nodes[n]} " + ("face up" if state.markers[m] else "destroyed (flipped)")
                   + (f": {ships_text(state, n)}" if ships_text(state, n) else "")
                   for m, n in enumerate(slots)], hoverinfo="text"))
    held = [n for n in range(len(data.nodes)) if any(state.ships[n])]
    labels = ship_labels(state, xy, held)
    fig.add_trace(go.Scatter(   # the ships beside each sector; invisible markers keep the text clear of the node
        x=[xy[n][0] for n in held], y=[xy[n][1] for n in held], mode="markers+text", name="ships",
        text=[text for text, _ in labels], textposition=[place for _, place in labels],
        textfont={"size": 10, "color": ["#1d3f66" if sum(state.ships[n][:4]) else "#7a2218" for n in held]},
        marker={"size": NODE_SIZE, "opacity": 0}, showlegend=False, hoverinfo="skip"))
    ds_colour = "#555" if not state.shields_down else "#e67e22"
    fig.add_trace(go.Scatter(x=[0], y=[0], mode="markers+text", name="Death Star", text=["Death<br>Star"],
                             textposition="middle center", textfont={"color": "white", "size": 9},
                             marker={"size": DEATH_STAR_SIZE, "color": ds_colour}, hoverinfo="text",
                             hovertext=["shields down: attack from the inner ring" if state.shields_down
                                        else "shields up"]))
    fig.update_layout(
        title={"text": f"Space battle — round {state.round}", **TITLE_BELOW_TOOLBAR}, height=height,
        margin={"l": 6, "r": 6, "t": 70, "b": 10}, plot_bgcolor="white",
        # "domain": keep these ranges and shrink the drawn area instead; with the default ("range") Plotly
        # widened the ranges on each resize of a responsive page and the map shrank to a third at 390 px
        xaxis={"visible": False, "range": list(X_RANGE), "constrain": "domain"},
        yaxis={"visible": False, "scaleanchor": "x", "range": list(Y_RANGE), "constrain": "domain"},
        legend={"orientation": "h", "y": -0.02},
    )
    return fig


def tracks_figure(state: Any, *, height: int = 420) -> go.Figure:
    """The shield track (targets, strike team, stormtroopers) above the duel, Falcon and Executor tracks.

    Stacked, not side by side: the track's 28 spaces across the full width keep each needed roll
    readable on a phone (beside the hit tracks they had 7 px each at 390 px and the digits ran together).
    """
    data, rules = state.data, state.rules
    spaces = list(range(1, len(data.track) + 1))
    targets = [data.track[p - 1] + (1 if p in state.troopers else 0) for p in spaces]
    passed = [p <= state.strike_team for p in spaces]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=spaces, y=targets, name="shield track (needed roll)", yaxis="y",
                         marker={"color": ["#27ae60" if p else "#b9c4cf" for p in passed]},
                         text=[str(t) for t in targets], textposition="inside", hovertemplate="space %{x}: %{y}+",
                         # a digit at 9 px, never shrunk: left to Plotly it was drawn at 6 px even at 1280 px
                         textfont={"size": 9}, constraintext="none"))
    fig.add_trace(go.Scatter(x=list(state.troopers), y=[targets[p - 1] + 0.6 for p in state.troopers],
                             mode="markers", name="stormtroopers", marker={"symbol": "x", "size": 11, "color": "#222"}))
    # the label reads away from the track's end, so far along it is not cut off at the plot's edge
    late = state.strike_team > 0.6 * len(data.track)
    fig.add_trace(go.Scatter(x=[max(state.strike_team, 0.4)], y=[6.6], mode="markers+text", name="strike team",
                             text=[f"strike team {state.strike_team}/{len(data.track)}"],
                             textposition="middle left" if late else "middle right", cliponaxis=False,
                             marker={"symbol": "triangle-down", "size": 14, "color": "#27ae60"}))
    falcon, executor = data.ship("Falcon").hits, data.ship("Executor").hits
    rows = [("Luke", state.luke_hits, rules.luke_hits), ("Vader", state.vader_hits, rules.vader_hits),
            ("Falcon", state.falcon_hits, falcon), ("Executor", state.executor_hits, executor)]
    fig.add_trace(go.Bar(y=[r[0] for r in rows], x=[r[1] / r[2] for r in rows], orientation="h", name="hits taken",
                         xaxis="x2", yaxis="y2", marker={"color": ["#2f6fb5", "#c0392b", "#2f6fb5", "#c0392b"]},
                         text=[f"{r[1]}/{r[2]}" + (" redeemed" if r[0] == "Vader" and state.vader == "redeemed" else "")
                               for r in rows], textposition="outside"))
    fig.update_layout(
        height=height, margin={"l": 10, "r": 10, "t": 64, "b": 10}, showlegend=False, plot_bgcolor="white",
        title={"text": "Shield track · duel and hit tracks", **TITLE_BELOW_TOOLBAR},
        xaxis={"domain": [0, 1], "anchor": "y", "title": {"text": "shield-track space", "standoff": 4}, "dtick": 3},
        yaxis={"domain": [0.42, 1], "range": [0, 7.2], "title": "roll needed"},
        xaxis2={"domain": [0, 1], "range": [0, 1.35], "anchor": "y2", "visible": False},
        yaxis2={"domain": [0, 0.26], "anchor": "x2", "autorange": "reversed"},
    )
    return fig
