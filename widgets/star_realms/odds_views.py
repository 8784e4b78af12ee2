"""The Odds tab of the Star Realms panel: exact answers from ``explorer.games.star_realms.odds``.

Three views share one :class:`OddsContext` (who is asking, a clock per redraw):

* **Next hand** — the Trade and the Combat of the asking player's next hand as
  bar charts with the dotted "at least k" line (``charts.distribution_figure``);
* **Lethal check** — P(an opponent deals at least your Authority plus the
  Defense of the Outposts protecting you on their next turn), with the odds
  module's explanation, and the same question the other way round;
* **Buy comparison** — for every card the player moving can afford now, the
  expected Trade and Combat of the next hand if it were bought, side by side.

The asking player is the seat chosen in "view as" (or, for the table view, the
player moving). What they cannot know stays hidden: seen from another seat, an
opponent's hand is treated as 5 cards drawn at random from their hand and deck
together (:func:`as_seen_by`). Values are exact (``Fraction``), printed as
fraction and percent. A cold question on a big deck takes about 0.1 s
(``benchmarks/star_realms_odds.py``); still, the tab computes only while open,
says "computing…" first, and past a time budget leaves the rest behind a button.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> hidden = as_seen_by(s, attacker=1, viewer=0)
>>> len(hidden.players[1].hand), len(hidden.players[1].deck), hidden.actor
(0, 10, 1)
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from explorer.core import Deck
from explorer.games.star_realms import odds
from explorer.games.star_realms.formats import targets
from widgets.common.charts import FONT, distribution_figure, fmt_fraction, fmt_prob, show_figure

TRADE_COLOUR, COMBAT_COLOUR = "#D08C2E", "#8E6C9E"
LETHAL_BUDGET_S = 1.5  # past this many seconds of one redraw, the lethal check waits for a click
BUY_BUDGET_S = 3.0     # past this, the remaining buy rows wait for a click
NOTE = "font-size:12px;color:#5b6472"


def esc(text: Any) -> str:
    return html.escape(str(text))


def mean_text(value: Fraction) -> str:
    """An expectation as ``'25/7 (≈3.57)'`` (whole numbers bare)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{fmt_fraction(value)} (≈{float(value):.2f})"


def askable(state: Any) -> str:
    """'' when the odds can be asked now, else why not (they need the main phase with nothing pending)."""
    if state.is_terminal():
        return "The game is over."
    if state.stage != "main" or state.queue:
        return (f"The odds are asked in the main phase with nothing pending; now: {state.phase}. "
                "Resolve it first (the moves on the Play tab).")
    return ""


def as_seen_by(state: Any, attacker: int, viewer: int | None) -> Any:
    """``state`` as ``viewer`` may use it to ask about ``attacker``'s next hand.

    The viewer does not see the attacker's hand: it goes back into the unknown
    middle of their deck and the attacker is treated as about to draw 5 (their
    ships in play join the discard pile, as at the end of a turn). Unchanged for
    the table view (``viewer=None``) or when the attacker asks about themself.
    """
    if viewer is None or viewer == attacker:
        return state
    p = state.players[attacker]
    deck = Deck(p.deck.top, p.deck.middle + p.hand, p.deck.bottom)
    hidden = state.with_player(attacker, hand=type(p.hand)(), deck=deck)
    group = next(g for g, seats in enumerate(state.fmt.groups) if attacker in seats)
    return hidden.replace(stage="main", group=group, actor=attacker, queue=())


class OddsContext:
    """Who asks (``viewer()``: a seat or ``None`` for the table) and the clock of the redraw under way."""

    def __init__(self, viewer: Callable[[], int | None] = lambda: None) -> None:
        self.viewer = viewer
        self.started = time.perf_counter()
        self.views: list[Any] = []

    def asker(self, state: Any) -> int:
        seat = self.viewer()
        return state.actor if seat is None else seat

    def start(self) -> None:
        """A redraw begins: restart the clock and show "computing…" in every view."""
        self.started = time.perf_counter()
        for v in self.views:
            v.waiting()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


class _View:
    title = ""

    def __init__(self, ctx: OddsContext) -> None:
        self.ctx = ctx
        ctx.views.append(self)
        self.info = W.HTML(layout=W.Layout(width="100%"))
        self.state: Any = None

    def waiting(self) -> None:
        self.info.value = f'<div class="sr-computing" style="{NOTE}">computing…</div>'


def hand_figure(dist: Any, what: str, who: str, colour: str) -> go.Figure:
    fig = distribution_figure(dist, f"{what} of {who}'s next hand", x_title=what, height=320)
    fig.data[0].marker.color = colour
    fig.data[1].line.color = colour
    fig.data[1].marker.color = colour
    fig.update_layout(margin={"l": 55, "r": 55, "t": 70, "b": 45}, title={"font": {"size": 14}})
    return fig


class NextHandView(_View):
    """The Trade and Combat of the asking player's next hand, as two charts."""

    title = "Next hand: Trade and Combat"

    def __init__(self, ctx: OddsContext) -> None:
        super().__init__(ctx)
        self.outs = {k: W.Output(layout=W.Layout(flex="1 1 420px", min_width="320px")) for k in ("trade", "combat")}
        self.figures: dict[str, go.Figure] = {}
        self.odds: Any = None
        self.charts = W.HBox(list(self.outs.values()), layout=W.Layout(width="100%", flex_flow="row wrap"))
        self.notes = W.HTML()
        self.widget = W.VBox([self.info, self.charts, self.notes], layout=W.Layout(width="100%"))
        self.widget.add_class("sr-next-hand")

    def render(self, state: Any) -> W.Widget:
        self.ctx.start()
        self.state, why = state, askable(state)
        self.charts.layout.display = "none" if why else ""
        if why:
            self.odds, self.figures = None, {}
            self.info.value, self.notes.value = f'<div style="{NOTE}">{esc(why)}</div>', ""
            return self.widget
        me = self.ctx.asker(state)
        who = f"player {me + 1}"
        self.odds = result = odds.trade_and_combat(state, me)
        p = state.players[me]
        when = ("drawn at the end of this turn" + (" (the deck holds fewer than 5: the discard pile, this turn's "
                                                    "hand and ships are reshuffled)" if len(p.deck) < 5 else "")
                if me in state.members() else "the hand they hold now")
        self.info.value = (
            f'<div style="font-size:13.5px">Player {me + 1}\'s next hand ({esc(when)}): expected '
            f'<b class="sr-mean-trade">{esc(mean_text(result.trade.mean()))}</b> Trade, '
            f'<b class="sr-mean-combat">{esc(mean_text(result.combat.mean()))}</b> Combat; '
            f'P(Trade ≥ 5) = <b>{esc(fmt_prob(result.trade.at_least(5)))}</b>.</div>')
        for key, dist, what, col in (("trade", result.trade, "Trade", TRADE_COLOUR),
                                     ("combat", result.combat, "Combat", COMBAT_COLOUR)):
            self.figures[key] = fig = hand_figure(dist, what, who, col)
            show_figure(self.outs[key], fig)
        exact = "Exact." if result.exact else "Too large to enumerate: sampled frequencies."
        self.notes.value = (f'<div style="{NOTE}">{esc(exact)} Play policy: {esc("; ".join(result.notes))}. '
                            "Hover a bar for its exact fraction.</div>")
        return self.widget


class LethalView(_View):
    """P(an opponent can finish the asking player next turn), and the other way round."""

    title = "Lethal check"

    def __init__(self, ctx: OddsContext) -> None:
        super().__init__(ctx)
        self.more = W.Button(description="Compute the lethal check", layout=W.Layout(width="auto"))
        self.more.add_class("sr-lethal-more")
        self.more.on_click(lambda _b: self._draw(self.state, budget=False))
        self.widget = W.VBox([self.info, self.more])
        self.widget.add_class("sr-lethal")
        self.rows: list[tuple[str, Any]] = []

    def render(self, state: Any) -> W.Widget:
        self.state = state
        self._draw(state, budget=True)
        return self.widget

    def questions(self, state: Any) -> list[tuple[str, int, int]]:
        """(question, attacker, defender): every opponent who may attack the asker, then the asker's own."""
        me, alive = self.ctx.asker(state), state.alive
        found = [(f"Can player {q + 1} finish you (player {me + 1}) on their next turn?", q, me)
                 for q in range(len(state.players)) if q != me and alive[q] and me in targets(state.fmt, q, alive)]
        found += [(f"Can you (player {me + 1}) finish player {q + 1} on your next turn?", me, q)
                  for q in targets(state.fmt, me, alive)]
        return found

    def _draw(self, state: Any, *, budget: bool) -> None:
        self.more.layout.display = "none"
        why = askable(state) if state is not None else "No position yet."
        if why:
            self.rows, self.info.value = [], f'<div style="{NOTE}">{esc(why)}</div>'
            return
        if budget and self.ctx.elapsed() > LETHAL_BUDGET_S:
            self.rows = []
            self.info.value = (f'<div style="{NOTE}">Skipped for now: the next hand alone took '
                               f"{self.ctx.elapsed():.1f} s on this deck. Press the button to compute it.</div>")
            self.more.layout.display = ""
            return
        viewer, rows, body = self.ctx.viewer(), [], []
        for question, attacker, defender in self.questions(state):
            seen = as_seen_by(state, attacker, viewer)
            result = odds.lethal(seen, attacker, defender)
            rows.append((question, result))
            hidden = (" Their hand is unknown to you: treated as 5 random cards of their hand and deck."
                      if seen is not state else "")
            body.append(
                f'<tr><td class="sr-lethal-value" style="padding:4px 14px 4px 0;font-weight:700;white-space:nowrap;'
                f'vertical-align:top;font-variant-numeric:tabular-nums">{esc(fmt_prob(result.probability))}</td>'
                f'<td style="padding:4px 0;vertical-align:top">{esc(question)}<div style="{NOTE}">'
                f'{esc(result.explanation)}.{esc(hidden)}{"" if result.exact else " (sampled estimate)"}</div></td></tr>')
        self.rows = rows
        self.info.value = (f'<table class="sr-lethal-table" style="border-collapse:collapse;font-size:13.5px">'
                           f'{"".join(body)}</table>' if body else f'<div style="{NOTE}">Nobody to attack.</div>')


def buy_figure(rows: list[Any]) -> go.Figure:
    """Grouped bars: expected Trade and Combat of the next hand for each buy (the first row: no buy)."""
    names = [r.card + (" to top" if r.to_top else "") for r in rows]
    fig = go.Figure()
    for what, col in (("Trade", TRADE_COLOUR), ("Combat", COMBAT_COLOUR)):
        means = [(r.odds.trade if what == "Trade" else r.odds.combat).mean() for r in rows]
        fig.add_trace(go.Bar(x=names, y=[float(m) for m in means], name=f"expected {what}", marker={"color": col},
                             customdata=[[mean_text(m)] for m in means], text=[f"{float(m):.2f}" for m in means],
                             textposition="outside", cliponaxis=False,
                             hovertemplate=f"%{{x}}<br>expected {what}: %{{customdata[0]}}<extra></extra>"))
    fig.update_layout(template="plotly_white", barmode="group", height=340, font={"family": FONT, "size": 13},
                      title={"text": "Next hand if bought now: expected Trade and Combat", "x": 0.01,
                             "font": {"size": 14}},
                      margin={"l": 55, "r": 20, "t": 70, "b": 60},
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1.0},
                      yaxis={"title": {"text": "expected value"}, "rangemode": "tozero", "gridcolor": "#e8eaee"})
    return fig


class BuyView(_View):
    """For each affordable card: the next hand's expected Trade and Combat if it were bought now."""

    title = "Buy comparison"

    def __init__(self, ctx: OddsContext) -> None:
        super().__init__(ctx)
        self.out = W.Output(layout=W.Layout(width="100%"))
        self.table = W.HTML()
        self.more = W.Button(description="Compute the rest", layout=W.Layout(width="auto"))
        self.more.add_class("sr-buy-more")
        self.more.on_click(lambda _b: self._draw(self.state, budget=False))
        self.figure: go.Figure | None = None
        self.rows: list[Any] = []
        self.widget = W.VBox([self.info, self.out, self.table, self.more], layout=W.Layout(width="100%"))
        self.widget.add_class("sr-buys")

    def render(self, state: Any) -> W.Widget:
        self.state = state
        self._draw(state, budget=True)
        return self.widget

    def _draw(self, state: Any, *, budget: bool) -> None:
        self.more.layout.display = self.out.layout.display = "none"
        self.table.value, self.rows, self.figure = "", [], None
        why = askable(state) if state is not None else "No position yet."
        me = None if why else self.ctx.asker(state)
        if not why and (me != state.actor or me not in state.members()):
            why = f"Only the player moving (player {state.actor + 1}) can buy now: view as them, or the table."
        if why:
            self.info.value = f'<div style="{NOTE}">{esc(why)}</div>'
            return
        cards = odds.buyable(state, me)
        if not cards:
            self.info.value = (f'<div style="{NOTE}">Player {me + 1} has {state.players[me].trade} Trade: '
                               "no card of the trade row (nor an Explorer) is affordable.</div>")
            return
        rows = list(odds.compare_buys(state, me, []))
        done = []
        for name in cards:
            if budget and self.ctx.elapsed() > BUY_BUDGET_S:
                break
            rows += odds.compare_buys(state, me, [name])[1:]
            done.append(name)
        self.rows = rows
        self.figure = buy_figure(rows)
        self.out.layout.display = ""
        show_figure(self.out, self.figure)
        left = len(cards) - len(done)
        if left:
            self.more.description = f"Compute the other {left} (slow on this deck)"
            self.more.layout.display = ""
        self.info.value = (f'<div style="{NOTE}">Player {me + 1} can afford {len(cards)}: '
                           f'{esc(", ".join(cards))}.{f" Computed {len(done)} within {BUY_BUDGET_S:.0f} s." if left else ""}'
                           "</div>")
        body = "".join(
            f'<tr><td style="padding:2px 10px 2px 0">{esc(r.card + (" to top" if r.to_top else ""))}</td>'
            f'<td style="text-align:right;padding:2px 10px">{r.cost}</td>'
            f'<td class="sr-buy-trade" style="padding:2px 10px">{esc(mean_text(r.odds.trade.mean()))}</td>'
            f'<td class="sr-buy-combat" style="padding:2px 10px">{esc(mean_text(r.odds.combat.mean()))}</td>'
            f'<td style="padding:2px 10px">{esc(fmt_prob(r.odds.trade.at_least(5)))}</td>'
            f'<td style="{NOTE};padding:2px 0">{esc(r.note)}</td></tr>' for r in rows)
        self.table.value = (
            '<table class="sr-buy-table" style="border-collapse:collapse;font-size:13px"><tr style="color:#5b6472">'
            "<th align=left style='padding:2px 10px 2px 0'>buy</th><th style='padding:2px 10px'>cost</th>"
            "<th align=left style='padding:2px 10px'>E[Trade]</th><th align=left style='padding:2px 10px'>E[Combat]</th>"
            "<th align=left style='padding:2px 10px'>P(Trade ≥ 5)</th><th align=left>how it reaches the next hand</th>"
            "</tr>"
            f"{body}</table>")


def odds_views(viewer: Callable[[], int | None] = lambda: None) -> list[Any]:
    """Fresh views for one panel, sharing ``viewer`` (the "view as" seat, ``None`` for the table)."""
    ctx = OddsContext(viewer)
    return [NextHandView(ctx), LethalView(ctx), BuyView(ctx)]
