"""The Odds tab of the Space Fleet Command panel: shot, destroy, initiative and reach, exact, from the live table.

Every number comes from ``explorer.games.fleet_command.odds`` as a fraction;
floats appear only on the chart. The asking player is the one deciding (at a
chance node, the player to act); their hand is known, the other hand is not.

>>> import explorer
>>> from explorer.games.fleet_command.tactics import EXAMPLE
>>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
>>> fig = shot_odds_figure(s)
>>> list(fig.data[0].x), [round(y, 4) for y in fig.data[0].y]
(["Player 1's Interceptor →<br>Player 2's Fighter"], [0.3333])
"""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go

from explorer.core.words import possessive
from explorer.games.fleet_command import odds, tactics
from widgets.common.charts import (BAR_LABELS, FONT, LEGEND_BELOW, PALETTE, figure_from_spec, fmt_prob, template,
                                   titled, wrapped_title)
from widgets.common.odds_table import odds_row, odds_table

CHART_HEIGHT = 380
"""The tab's bar charts (before a wrapped title's extra lines): at 300 px the plot kept 142 px under the
title, the x labels and the legend, at 390 px and at 1280 px alike; 380 keeps about 220 px."""


def asker(state: Any) -> int:
    """Whose odds the tab shows: the deciding player, or the player to act at a chance node."""
    return state.current_player if state.current_player >= 0 else state.actor


def _note(text: str, width: int) -> dict[str, Any]:
    """A grey sentence in the middle of the plot, wrapped at ``width`` characters (a phone's chart is ~45 wide)."""
    return {"text": wrapped_title(text, width=width), "showarrow": False, "xref": "paper", "yref": "paper",
            "x": 0.5, "y": 0.5, "font": {"size": 13, "color": "#5b6472"}}


def _figure(bars: list[dict[str, Any]], title: str, height: int = CHART_HEIGHT, empty: str = "Nothing to show now.",
            **layout: Any) -> go.Figure:
    """The tab's bar chart: ``bars`` (Plotly JSON traces) under a wrapped title, 0-100% up the side.

    With no bar to draw, the chart is a short box saying ``empty`` (why there is nothing), without axes.

    Written as Plotly JSON and wrapped without plotly's validation (``charts.figure_from_spec``).
    """
    shown = wrapped_title(title)
    spec_layout = {"template": template(), "title": titled(title, size=13),
                   "height": height + 20 * shown.count("<br>"),
                   "margin": {"l": 10, "r": 10, "t": 70 + 18 * shown.count("<br>"), "b": 90},
                   "font": {"family": FONT, "size": 12},
                   "yaxis": {"tickformat": ".0%", "range": [0, 1.05]}, "barmode": "group",
                   "legend": dict(LEGEND_BELOW), "plot_bgcolor": "white", "uniformtext": dict(BAR_LABELS), **layout}
    if not any(bar.get("x") for bar in bars):
        # nothing to draw: say why in the plot instead of showing bare axes and a 0-100% scale
        why = _note(empty, 40)
        spec_layout.update({"xaxis": {"visible": False}, "yaxis": {"visible": False}, "showlegend": False,
                            "height": 160 + 20 * (shown.count("<br>") + why["text"].count("<br>")),
                            "annotations": [why]})
    return figure_from_spec({"data": bars, "layout": spec_layout})


def shot_label(state: Any, player: int, ship: str, target: str) -> str:
    """A shot named with both fleets' owners: the fleets use the same ship names ("Fighter 2" on each side).

    The shooter's ship, then the target on a second line (a phone's chart is ~45 characters wide).

    >>> import explorer
    >>> from explorer.games.fleet_command.tactics import EXAMPLE
    >>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
    >>> shot_label(s, 0, "Interceptor", "Fighter")
    "Player 1's Interceptor →<br>Player 2's Fighter"
    """
    game = state.game
    return f"{possessive(game.player_name(player))} {ship} →<br>{possessive(game.player_name(1 - player))} {target}"


def shot_odds_figure(state: Any) -> go.Figure:
    """P(a cube is removed) for every shot the asking player's ships have now: drawing, or the best card in hand."""
    player = asker(state)
    pairs = [(s.name, t) for s in state.fleets[player].ships if s.on_table and not s.shot
             for t in tactics.targets(state, player, s.name)]
    labels, draw, best, hover_d, hover_b = [], [], [], [], []
    for name, target in pairs:
        got = odds.shot_odds(state, player, name, target)
        labels.append(shot_label(state, player, name, target))
        draw.append(float(got.draw) if got.draw is not None else 0.0)
        hover_d.append(f"drawing: {fmt_prob(got.draw)} against {got.cubes} cube(s)" if got.draw is not None
                       else got.no_draw)
        good = [c for c, p in got.hand.items() if p == 1]
        best.append(1.0 if good else 0.0)
        hover_b.append("sure hit with " + ", ".join(good) if good else "no card in hand hits")
    bars = [{"type": "bar", "x": labels, "y": draw, "name": "draw from the deck", "marker": {"color": PALETTE[0]},
             "hovertext": hover_d, "hoverinfo": "text+x", "text": [f"{y:.0%}" for y in draw],
             "textposition": "outside"},
            {"type": "bar", "x": list(labels), "y": best, "name": "best card in hand", "marker": {"color": PALETTE[1]},
             "hovertext": hover_b, "hoverinfo": "text+x"}]
    who = state.game.player_name(player)
    title = f"{who}: chance a shot removes a cube" if pairs else f"{who}: no enemy ship in arc and range"
    return _figure(bars, title, empty="No ship that has not fired has an enemy in arc and range.",
                   meta={"shots": len(pairs)})


def destroy_figure(state: Any) -> go.Figure:
    """P(each enemy ship is destroyed this round if every ship that can reach it shoots it, drawing)."""
    player = asker(state)
    enemies = [s for s in state.fleets[1 - player].ships if s.on_table]
    ps = [odds.destroy_odds(state, player, e.name) for e in enemies]
    shooters = [odds.shooters_at(state, player, e.name) for e in enemies]
    bar = {"type": "bar", "x": [e.name for e in enemies], "y": [float(p) for p in ps], "marker": {"color": PALETTE[2]},
           "hovertext": [f"{fmt_prob(p)} · {e.cubes} cube(s) · shooters: {', '.join(sh) or 'none'}"
                         for p, e, sh in zip(ps, enemies, shooters)], "hoverinfo": "text+x"}
    layout: dict[str, Any] = {}
    if enemies and not any(shooters):
        # every bar is 0%: say so, or the chart reads as if it had failed to draw
        layout["annotations"] = [_note("0% for every ship: none of yours that can still fire has it in arc and "
                                       "range.", 30)]  # 30: clear of the axis ticks
    return _figure([bar], f"{state.game.player_name(player)}: chance to destroy each enemy ship this round",
                   empty="No enemy ship is on the table.", **layout)


def initiative_figure(state: Any) -> go.Figure:
    """P(taking initiative) with each card in the asking player's hand."""
    player = asker(state)
    got = odds.initiative_odds(state, player) if len(odds.unseen(state, player)) else {}
    cards = sorted(got, key=lambda c: (state.data.card_number(c), c))
    bar = {"type": "bar", "x": cards, "y": [float(got[c]) for c in cards], "marker": {"color": PALETTE[3]},
           "hovertext": [fmt_prob(got[c]) for c in cards], "hoverinfo": "text+x"}
    return _figure([bar], f"{state.game.player_name(player)}: chance to take initiative with each card",
                   empty="No card in hand, or no card left unseen to compare with.")


def reach_view(state: Any) -> str:
    """For each unmoved ship of the asking player: end positions and whom it could shoot, by tiles."""
    player = asker(state)
    rows = []
    for ship in state.fleets[player].ships:
        if not ship.on_table:
            continue
        r = odds.reach(state, player, ship.name)
        cells = []
        for label, column in (("base", "base tiles"), ("card", "+1 (Afterburner)"), ("cube", "+2 (a cube)")):
            ends = r[label]
            shootable = sorted({t for e in ends for t in e.targets})
            with_shot = sum(1 for e in ends if e.targets)
            cells.append((column, f"{len(ends)} ends, {with_shot} with a shot"
                          + (f" ({', '.join(shootable)})" if shootable else "")))
        rows.append(odds_row("fc", ship.name, cells, notes=[column for column, _ in cells]))
    return (f"<div style='font-weight:600;margin:4px 0;font-size:13px;line-height:1.4'>Reach this Movement Phase "
            f"({html.escape(state.game.player_name(player))}; other ships where they are)</div>"
            + odds_table("fc", "fc-reach", ["ship", "base tiles", "+1 (Afterburner)", "+2 (a cube)"], rows))


shot_odds_figure.title = "Shots: chance to remove a cube"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)
destroy_figure.title = "Destroying a ship this round"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)
initiative_figure.title = "Initiative: each card in hand"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)
reach_view.title = "Reach: where each ship can end"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def odds_views() -> list[Any]:
    return [shot_odds_figure, destroy_figure, initiative_figure, reach_view]


__all__ = ["asker", "destroy_figure", "initiative_figure", "odds_views", "reach_view", "shot_odds_figure"]
