"""The Odds tab of the Endor panel: exact answers from ``explorer.games.endor.odds``, redrawn live.

Each view carries a ``title`` in the game's words (the tab's heading). A view
that has nothing to answer in this position says so in one sentence.

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> "One Shield Assault from space 0" in shield_advance_figure(s).layout.title.text
True
>>> [v.title for v in odds_views()]
['Which order now?', 'Shield Assault: one order', 'Shield Assault: orders until the shields are down', 'This attack', 'Luke and Vader, and the Death Star']
"""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go

from explorer.games.endor import odds
from explorer.games.endor.state import DEATH_STAR
from widgets.common.charts import distribution_figure, figure_from_spec, fmt_prob, template, titled
from widgets.common.odds_table import odds_row, odds_table, reason_row

ADVANCE_HEIGHT = 440
"""The one-order chart: its title takes two lines at 390 px, the legend two rows under the axis; at 320 px
high the plot was a 96 px strip there, at 440 it keeps 216 px (at 1280 px too)."""

CHAIN_HEIGHT = 380
"""The orders-until-down chart: 320 px left a 165 px plot under its two-line title and axis titles; 380 keeps
about 225 px."""


def _note(css: str, text: str) -> str:
    return f"<div class='{css}' style='color:#5b6472;font-size:13px;line-height:1.4'>{html.escape(text)}</div>"


def shield_advance_figure(state: Any) -> go.Figure | str:
    """Spaces advanced by one Shield Assault order from the live track."""
    if state.shields_down:
        return _note("endor-shield", "The shields are already down: no Shield Assault order is left to give.")
    return distribution_figure(odds.shield_advance_odds(state),
                               f"One Shield Assault from space {state.strike_team} (5 dice)",
                               x_title="spaces advanced", height=ADVANCE_HEIGHT)


shield_advance_figure.title = "Shield Assault: one order"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def shield_chain_figure(state: Any, orders: int = 12) -> go.Figure | str:
    """P(shields down within k Shield Assault orders), with no new stormtroopers (absorbing chain)."""
    if state.shields_down:
        return _note("endor-shield-chain", "The shields are already down.")
    chain = odds.shield_chain(state)
    ks = list(range(1, orders + 1))
    ps = [float(chain.p_ended_by(k)) for k in ks]
    line = {"type": "scatter", "x": ks, "y": ps, "mode": "lines+markers", "name": "P(shields down)",
            "hovertemplate": "within %{x} orders: %{y:.1%}"}
    layout = {"template": template(),
              "title": titled(f"Shields down within k assault orders (expected {float(chain.expected_steps):.2f})"),
              "height": CHAIN_HEIGHT, "margin": {"l": 10, "r": 10, "t": 104, "b": 10},
              "xaxis": {"title": {"text": "assault orders"}, "dtick": 1},
              "yaxis": {"tickformat": ".0%", "range": [0, 1.02]}}
    return figure_from_spec({"data": [line], "layout": layout})


shield_chain_figure.title = "Shield Assault: orders until the shields are down"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def _table(headers: list[str], rows: list[str], css: str) -> str:
    """A table of the tab (``widgets.common.odds_table``): 13 px lines of its own, one card per row on a phone."""
    return odds_table("endor", css, headers, rows)


def which_order_view(state: Any) -> str:
    """For each order on the cards in hand (and the revealed card): its headline chance, side by side."""
    if state.is_terminal():
        return _note("endor-which-order", "The game is over: no order is left to give.")
    seat = state.seat
    rows = [odds_row("endor", card, [("order", order), ("what it can do", what),
                                     ("chance", "—" if what.startswith("cannot be used") else fmt_prob(p))],
                     notes=("what it can do",))
            for card, order, what, p in odds.which_order(state, seat)]
    if not rows:  # before the deal: a table of headings alone said nothing (and a phone hid even those)
        return _note("endor-which-order", f"{state.side_name(seat)} hold no order card yet: the odds of each order "
                     "appear once cards are in hand.")
    title = (f"<div style='font-weight:600;margin:4px 0;font-size:13px;line-height:1.4'>"
             f"{html.escape(state.side_name(seat))}, orders in hand</div>")
    return title + _table(["card", "order", "what it can do", "chance"], rows, "endor-which-order")


which_order_view.title = "Which order now?"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def attacks_view(state: Any) -> str:
    """Every attack the current ship order may make: dice, P(clear), expected losses, P(destroy Falcon/Executor)."""
    step = state.step
    if step.ship < 0 or step.stage not in ("move", "count", "attack"):
        return _note("endor-attacks", "Attack odds appear while a ship order is being given "
                     "(hits assigned easiest-first, the rest on the Falcon's or Executor's track).")
    data = state.data
    rows = []
    for a in state.legal_actions() if step.stage == "attack" else ():
        if a.kind != "attack":
            continue
        src = data.index[a.args[0]]
        tgt = DEATH_STAR if a.args[1] == "Death Star" else data.index[a.args[1]]
        o = odds.attack_odds(state, step.ship, src, tgt)
        special = odds.special_ship_odds(state, step.ship, src, tgt)
        big = "—" if special.reason else f"{fmt_prob(special.destroyed)} ({special.ship}, {special.hits_left} hits left)"
        rows.append(odds_row("endor", str(a), [("dice", str(o.dice)), ("P(clear / destroy)", fmt_prob(o.cleared)),
                                               ("expected enemy losses", f"{float(o.expected_losses):.2f}"),
                                               ("P(destroy the Falcon / Executor)", big)]))
    if not rows:
        return _note("endor-attacks", "No attack is open from here yet: move first, or no enemy is adjacent.")
    return _table(["attack", "dice", "P(clear / destroy)", "expected enemy losses",
                   "P(destroy the Falcon / Executor)"], rows, "endor-attacks")


attacks_view.title = "This attack"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def duel_view(state: Any) -> str:
    """Each duel order from the live tracks (or why the rules refuse it), and the Death Star's two shots."""
    rows = []
    for order, chances in odds.duel_odds(state).items():
        if not chances.usable:
            rows.append(reason_row("endor", order, f"cannot be used: {chances.reason}", 2))
            continue
        rows.extend(odds_row("endor", order, [("result", what), ("chance", fmt_prob(p))], notes=("result",))
                    for what, p in chances.items())
    dice = odds.best_death_star_dice(state)
    final = (f"Rebels' best attack on the Death Star now ({dice} dice, a 6): "
             f"{fmt_prob(odds.death_star_final(dice))}" if dice else
             "Rebels' attack on the Death Star: not yet — the shields are up or no Rebel ship is next to it")
    extra = (f"<div style='margin-top:4px;font-size:13px;line-height:1.4'>Death Star shot (Empire, 2 dice, a 5 or 6): "
             f"{fmt_prob(odds.death_star_shot())}; {html.escape(final)}</div>")
    return _table(["order", "result", "chance"], rows, "endor-duel") + extra


duel_view.title = "Luke and Vader, and the Death Star"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def odds_views() -> tuple[Any, ...]:
    """The Odds tab's views, in the order they are shown."""
    return (which_order_view, shield_advance_figure, shield_chain_figure, attacks_view, duel_view)
