"""The Odds tab of the Endor panel: exact answers from ``explorer.games.endor.odds``, redrawn live.

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> shield_advance_figure(s).layout.title.text
'One Shield Assault from space 0 (5 dice)'
"""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go

from explorer.games.endor import odds
from explorer.games.endor.state import DEATH_STAR
from widgets.common.charts import distribution_figure, fmt_prob


def shield_advance_figure(state: Any) -> go.Figure:
    """Spaces advanced by one Shield Assault order from the live track."""
    return distribution_figure(odds.shield_advance_odds(state),
                               f"One Shield Assault from space {state.strike_team} (5 dice)",
                               x_title="spaces advanced", height=320)


def shield_chain_figure(state: Any, orders: int = 12) -> go.Figure:
    """P(shields down within k Shield Assault orders), with no new stormtroopers (absorbing chain)."""
    chain = odds.shield_chain(state)
    ks = list(range(1, orders + 1))
    ps = [float(chain.p_ended_by(k)) for k in ks]
    fig = go.Figure(go.Scatter(x=ks, y=ps, mode="lines+markers", name="P(shields down)",
                               hovertemplate="within %{x} orders: %{y:.1%}"))
    fig.update_layout(title={"text": f"Shields down within k assault orders (expected "
                                     f"{float(chain.expected_steps):.2f})", "x": 0.01},
                      height=300, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                      xaxis={"title": "assault orders", "dtick": 1}, yaxis={"tickformat": ".0%", "range": [0, 1.02]})
    return fig


def _table(headers: list[str], rows: list[list[str]], css: str) -> str:
    head = "".join(f"<th style='text-align:left;padding:2px 8px'>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table class='{css}' style='border-collapse:collapse;font-size:13px'><tr>{head}</tr>{body}</table>"


def which_order_view(state: Any) -> str:
    """For each order on the cards in hand (and the revealed card): its headline chance, side by side."""
    if state.is_terminal():
        return "<div>The game is over.</div>"
    seat = state.seat
    rows = [[html.escape(card), html.escape(order), html.escape(what), fmt_prob(p)]
            for card, order, what, p in odds.which_order(state, seat)]
    title = f"<div style='font-weight:600;margin:4px 0'>Which order now? ({html.escape(state.side_name(seat))})</div>"
    return title + _table(["card", "order", "what it can do", "chance"], rows, "endor-which-order")


def attacks_view(state: Any) -> str:
    """Every attack the current ship order may make: dice, P(clear the sector), expected enemy losses."""
    step = state.step
    if step.ship < 0 or step.stage not in ("move", "count", "attack"):
        return ("<div class='endor-attacks'>Attack odds appear while a ship order is being given "
                "(hits assigned easiest-first, the rest on the Falcon's or Executor's track).</div>")
    data = state.data
    rows = []
    for a in state.legal_actions() if step.stage == "attack" else ():
        if a.kind != "attack":
            continue
        src = data.index[a.args[0]]
        tgt = DEATH_STAR if a.args[1] == "Death Star" else data.index[a.args[1]]
        o = odds.attack_odds(state, step.ship, src, tgt)
        rows.append([html.escape(str(a)), str(o.dice), fmt_prob(o.cleared), f"{float(o.expected_losses):.2f}"])
    if not rows:
        return "<div class='endor-attacks'>No attack open from here yet (move first, or no enemy is adjacent).</div>"
    return _table(["attack", "dice", "P(clear / destroy)", "expected enemy losses"], rows, "endor-attacks")


def duel_view(state: Any) -> str:
    """One duel order from the live tracks: P(Vader destroyed), P(redemption possible), P(Luke destroyed)."""
    rows = [[html.escape(order), html.escape(what), fmt_prob(p)]
            for order, results in odds.duel_odds(state).items() for what, p in results.items()]
    extra = (f"<div style='margin-top:4px'>Death Star shot (Empire, 2 dice, a 5 or 6): "
             f"{fmt_prob(odds.death_star_shot())}; Rebels' best attack on the Death Star now: "
             f"{fmt_prob(odds.death_star_final(odds.best_death_star_dice(state)))}</div>")
    return _table(["order", "result", "chance"], rows, "endor-duel") + extra


def odds_views() -> tuple[Any, ...]:
    """The Odds tab's views, in the order they are shown."""
    return (which_order_view, shield_advance_figure, shield_chain_figure, attacks_view, duel_view)

