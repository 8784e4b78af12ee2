"""The Odds tab of the Star Realms panel: exact answers from ``explorer.games.star_realms.odds``.

Three views share one :class:`OddsContext` (who is asking, a clock per redraw):

* **Next hand** — the Trade and the Combat of the asking player's next hand as
  bar charts with the dotted "at least k" line (``charts.distribution_spec``);
* **Lethal check** — P(an opponent deals at least your Authority plus the
  Defense of the Outposts protecting you on their next turn), with the odds
  module's explanation, and the same question the other way round;
* **Buy comparison** — for every card the player moving can afford now: the
  next hand if it were bought (exact), the turn it first reaches the hand
  (exact) and the Trade and Combat of each of the next 3 turns (turn 1 exact
  within the odds' time budget, else sampled with the later turns; later turns
  sampled with an interval), so two buys can be told apart.

The asking player is the seat chosen in "view as" (or, for the table view, the
player moving). What they cannot know stays hidden: seen from another seat, an
opponent's hand is what that seat knows of it (``odds.seen_by``: the cards left
in their deck before a reshuffle are known to be in it, read from the match
history; the rest unseen). Values are exact (``Fraction``), printed as
fraction and percent. A cold question on a big deck takes about 0.1 s
(``benchmarks/star_realms_odds.py``); still, the tab computes only while open,
says "computing…" first, and past a time budget leaves the rest behind a button.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> mean_text(Fraction(25, 7))
'25/7 (≈3.57)'
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from explorer.games.star_realms import odds
from explorer.games.star_realms.formats import targets
from explorer.games.star_realms.odds.position import cards_to_draw, drawing_only, moving
from explorer.odds import Estimate
from widgets.common import background
from widgets.common.background import IN_PAGE, LOOP, THREAD, Queue
from widgets.common.charts import distribution_spec, figure_from_spec, fmt_fraction, fmt_prob, show_figure
from widgets.common.odds_table import odds_row, odds_table
from widgets.star_realms.buy_figures import arrival_text, buy_figure, turn_text

HAND_HEIGHT = 400
"""The next-hand charts: at 320 px the plot kept 145 px under the title, the axis and the two-row legend
(at 390 px and at 1280 px alike); 400 keeps about 225 px."""

BUY_COLUMNS = ("cost", "next hand E[Trade]", "E[Combat]", "first in hand (turn)", "Trade, turns 1 / 2 / 3",
               "Combat, turns 1 / 2 / 3", "how it reaches the next hand")
"""The buy table's columns after the card; on a phone each row is a card of "column  value" lines."""

BUY_CARDS_BELOW_PX = 980
"""The buy table shows its rows as cards in a box narrower than this: its six number columns, each on one
line, and the note need about 970 px side by side (the Odds tab is 1098 px wide on a 1280 px screen)."""

TRADE_COLOUR, COMBAT_COLOUR = "#D08C2E", "#8E6C9E"
LETHAL_BUDGET_S = 1.5  # past this many seconds of one redraw, the lethal check waits for a click
BUY_BUDGET_S = 3.0     # past this, the remaining buy rows wait for a click
CYCLE_SECONDS = 0.1    # most sampling of turns 2 and 3 per buy row (at least 20 runs; odds.BUDGET caps it too)
NOTE = "font-size:12px;line-height:1.4;color:#5b6472"


def esc(text: Any) -> str:
    return html.escape(str(text))


def mean_text(value: Fraction) -> str:
    """An expectation as ``'25/7 (≈3.57)'`` (whole numbers bare)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{fmt_fraction(value)} (≈{float(value):.2f})"


def askable(state: Any, *, while_drawing: bool = False) -> str:
    """'' when the odds can be asked now, else why not (they need the main phase with nothing pending;
    ``while_drawing``: or hands being drawn, for the next-hand view, whose hand is then the one being drawn)."""
    if state.is_terminal():
        return "The game is over."
    if while_drawing and drawing_only(state):
        return ""
    if state.stage != "main" or state.queue:
        return (f"The odds are asked in the main phase with nothing pending; now: {state.phase}. "
                "Resolve it first (the moves on the Play tab).")
    return ""


SPINNER = ('<style>@keyframes sr-spin{to{transform:rotate(360deg)}}</style>'
           '<span class="sr-spinner" style="display:inline-block;width:11px;height:11px;margin-right:6px;'
           'border:2px solid #c9ced6;border-top-color:#5b6472;border-radius:50%;animation:sr-spin .8s linear infinite">'
           '</span>')


class OddsContext:
    """Who asks (``viewer()``: a seat or ``None`` for the table), the clock of the redraw under way, and the worker.

    With ``background`` (the default) the views compute one after another, in order, off the kernel's way
    (``widgets.common.background.Queue``: on one worker thread, or where no thread can start, in the browser's
    Python, on the event loop, a view at a time), so the kernel keeps answering clicks while a spinner turns;
    :meth:`wait` blocks until a worker thread is idle (tests, and anyone who wants the answer now).
    """

    def __init__(self, viewer: Callable[[], int | None] = lambda: None, background: bool = True,
                 history: Callable[[], Sequence[Any]] = lambda: ()) -> None:
        self.viewer = viewer
        self.history = history  # the match's states up to the one shown: what each seat has seen
        self.started, self.spent = time.perf_counter(), 0.0
        self.views: list[Any] = []
        self.background = background
        self.queue = Queue("sr-odds", background)

    def run(self, job: Callable[[], None], failed: Callable[[BaseException], None]) -> None:
        """Queue ``job`` (or run it now); ``failed(error)`` shows an error instead of raising it."""
        def guarded() -> None:
            try:
                job()
            except Exception as err:  # noqa: BLE001 - shown in the view, never lost off the kernel's way
                failed(err)
        self.queue.submit(guarded)

    @property
    def in_page(self) -> bool:
        """Whether the odds are computed on the page's event loop (no thread starts here): the views then say so."""
        return self.background and (not background.threads_start() or self.queue.how == LOOP)

    def where(self) -> str:
        """The sentence saying where the odds run, where that is the page itself (else ``""``)."""
        return f" {esc(IN_PAGE)}" if self.in_page else ""

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Block until every queued computation has drawn its view; whether they all have.

        On the event loop nothing can block (the views are drawn there): this says whether they are done.
        A worker thread still busy after ``timeout`` seconds raises ``TimeoutError``.
        """
        done = self.queue.wait(timeout)
        if not done and self.queue.how == THREAD:
            raise TimeoutError(f"the Star Realms odds were still computing after {timeout} s")
        return done

    def asker(self, state: Any) -> int:
        """The seat asked about: the one viewed, else the player moving (while hands are drawn: the one drawing)."""
        seat = self.viewer()
        if seat is not None:
            return seat
        return state.queue[0].player if drawing_only(state) else state.actor

    def start(self) -> None:
        """A redraw begins: restart the clock and show "computing…" in every view."""
        self.started, self.spent = time.perf_counter(), 0.0
        for v in self.views:
            v.waiting()

    def elapsed(self) -> float:
        """Seconds this redraw has spent in odds questions (drawing the charts is not counted)."""
        return self.spent

    def ask(self, question: Callable[[], Any]) -> Any:
        """Answer one odds question, adding its time to :meth:`elapsed`."""
        began = time.perf_counter()
        try:
            return question()
        finally:
            self.spent += time.perf_counter() - began


class _View:
    title = ""

    def __init__(self, ctx: OddsContext) -> None:
        self.ctx = ctx
        ctx.views.append(self)
        self.info = W.HTML(layout=W.Layout(width="100%"))
        self.state: Any = None

    def waiting(self) -> None:
        self.info.value = f'<div class="sr-computing" style="{NOTE}">{SPINNER}computing…{self.ctx.where()}</div>'

    def failed(self, err: BaseException) -> None:
        self.info.value = (f'<div class="re-odds-error" style="color:#8a2d1c">Could not compute {esc(self.title)}: '
                           f"{esc(type(err).__name__)}: {esc(err)}</div>")


def hand_figure(dist: Any, what: str, who: str, colour: str) -> go.Figure:
    """Bars of P(``what`` = k) and the dotted "at least k" line in ``colour`` (a pure function)."""
    spec = distribution_spec(dist, f"{what} of {who}'s next hand", x_title=what, height=HAND_HEIGHT)
    bars, at_least = spec["data"]
    bars["marker"]["color"] = at_least["line"]["color"] = at_least["marker"]["color"] = colour
    spec["layout"]["margin"] = {"l": 55, "r": 55, "t": 70, "b": 45}
    spec["layout"]["title"]["font"] = {"size": 14}
    return figure_from_spec(spec)


class NextHandView(_View):
    """The Trade and Combat of the asking player's next hand, as two charts."""

    title = "Next hand: Trade and Combat"

    def __init__(self, ctx: OddsContext) -> None:
        super().__init__(ctx)
        # side by side from 840 px; alone on a line below that, as wide as the tab (a 320 px minimum ran 14 px
        # past a 390 px screen's 306 px tab)
        self.outs = {k: W.Output(layout=W.Layout(flex="1 1 420px", min_width="0")) for k in ("trade", "combat")}
        self.figures: dict[str, go.Figure] = {}
        self.odds: Any = None
        self.charts = W.HBox(list(self.outs.values()), layout=W.Layout(width="100%", flex_flow="row wrap"))
        self.notes = W.HTML()
        self.widget = W.VBox([self.info, self.charts, self.notes], layout=W.Layout(width="100%"))
        self.widget.add_class("sr-next-hand")

    def render(self, state: Any) -> W.Widget:
        self.ctx.start()
        self.state, why = state, askable(state, while_drawing=True)
        self.charts.layout.display = "none" if why else ""
        if why:
            self.odds, self.figures = None, {}
            self.info.value, self.notes.value = f'<div style="{NOTE}">{esc(why)}</div>', ""
            return self.widget
        self.info.value = f'<div class="sr-computing" style="{NOTE}">{SPINNER}computing…</div>'
        self.ctx.run(lambda: self._draw(state), self.failed)
        if self.ctx.in_page and "sr-computing" in self.info.value:  # still to come: say where it is computed
            self.waiting()
        return self.widget

    def _draw(self, state: Any) -> None:
        me = self.ctx.asker(state)
        who = f"player {me + 1}"
        self.odds = result = self.ctx.ask(lambda: odds.trade_and_combat(state, me))
        p = state.players[me]
        coming = cards_to_draw(state, me)
        if coming:
            when = f"the hand being drawn now, {coming} card{'' if coming == 1 else 's'} still to come"
        else:
            when = ("drawn at the end of this turn" + (" (the deck holds fewer than 5: the discard pile, this turn's "
                                                        "hand and ships are reshuffled)" if len(p.deck) < 5 else "")
                    if moving(state, me) else "the hand they hold now")
        self.info.value = (
            f'<div style="font-size:13.5px;line-height:1.4">Player {me + 1}\'s next hand ({esc(when)}): expected '
            f'<b class="sr-mean-trade">{esc(mean_text(result.trade.mean()))}</b> Trade, '
            f'<b class="sr-mean-combat">{esc(mean_text(result.combat.mean()))}</b> Combat; '
            f'P(Trade ≥ 5) = <b>{esc(fmt_prob(result.trade.at_least(5)))}</b>.</div>')
        for key, dist, what, col in (("trade", result.trade, "Trade", TRADE_COLOUR),
                                     ("combat", result.combat, "Combat", COMBAT_COLOUR)):
            self.figures[key] = fig = hand_figure(dist, what, who, col)
            show_figure(self.outs[key], fig)
        exact = ("Exact." if result.exact else
                 "<b>Estimate</b>: too large to enumerate within the time budget; sampled frequencies.")
        self.notes.value = (f'<div class="sr-exactness" style="{NOTE}">{exact} Play policy: '
                            f'{esc("; ".join(result.notes))}. Hover a bar for its exact fraction.{self.ctx.where()}</div>')


class LethalView(_View):
    """P(an opponent can finish the asking player next turn), and the other way round."""

    title = "Lethal check"

    def __init__(self, ctx: OddsContext) -> None:
        super().__init__(ctx)
        self.more = W.Button(description="Compute the lethal check", layout=W.Layout(width="auto"))
        self.more.add_class("sr-lethal-more")
        self.more.on_click(lambda _b: self.ctx.run(lambda: self._draw(self.state, budget=False), self.failed))
        self.widget = W.VBox([self.info, self.more])
        self.widget.add_class("sr-lethal")
        self.rows: list[tuple[str, Any]] = []
        self.seen: tuple[Any, ...] = ()

    def render(self, state: Any) -> W.Widget:
        self.state = state
        history = tuple(self.ctx.history())
        self.seen = history if history and history[-1] is state else (state,)
        self.ctx.run(lambda: self._draw(state, budget=True), self.failed)
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
        why = askable(state, while_drawing=True) if state is not None else "No position yet."
        if why:
            self.rows, self.info.value = [], f'<div style="{NOTE}">{esc(why)}</div>'
            return
        if budget and self.ctx.elapsed() > LETHAL_BUDGET_S:
            self.rows = []
            self.info.value = (f'<div style="{NOTE}">Skipped for now: the next hand alone took '
                               f"{self.ctx.elapsed():.1f} s of odds questions on this deck. Press the button to compute it.</div>")
            self.more.layout.display = ""
            return
        viewer, rows, body = self.ctx.viewer(), [], []
        for question, attacker, defender in self.questions(state):
            known = odds.known_in_hand(self.seen, attacker) if viewer not in (None, attacker) else None
            result = self.ctx.ask(lambda: odds.lethal(state, attacker, defender, viewer=viewer, known=known))
            rows.append((question, result))
            hidden = ""
            body.append(
                f'<tr><td class="sr-lethal-value" style="padding:4px 14px 4px 0;font-weight:700;white-space:nowrap;'
                f'vertical-align:top;font-variant-numeric:tabular-nums">{esc(fmt_prob(result.probability))}</td>'
                f'<td style="padding:4px 0;vertical-align:top">{esc(question)}<div style="{NOTE}">'
                f'{esc(result.explanation)}.{esc(hidden)}{"" if result.exact else " Estimate (sampled within the time budget)."}</div></td></tr>')
        self.rows = rows
        self.info.value = (f'<table class="sr-lethal-table" style="border-collapse:collapse;font-size:13.5px;line-height:1.4">'
                           f'{"".join(body)}</table>' if body else f'<div style="{NOTE}">Nobody to attack.</div>')


class BuyView(_View):
    """For each affordable card: the next hand's expected Trade and Combat if it were bought now."""

    title = "Buy comparison"

    def __init__(self, ctx: OddsContext) -> None:
        super().__init__(ctx)
        self.out = W.Output(layout=W.Layout(width="100%"))
        self.table = W.HTML()
        self.more = W.Button(description="Compute the rest", layout=W.Layout(width="auto"))
        self.more.add_class("sr-buy-more")
        self.more.on_click(lambda _b: self.ctx.run(lambda: self._draw(self.state, budget=False), self.failed))
        self.figure: go.Figure | None = None
        self.rows: list[Any] = []
        self.cycle: list[Any] = []
        self.widget = W.VBox([self.info, self.out, self.table, self.more], layout=W.Layout(width="100%"))
        self.widget.add_class("sr-buys")

    def render(self, state: Any) -> W.Widget:
        self.state = state
        self.ctx.run(lambda: self._draw(state, budget=True), self.failed)
        return self.widget

    def _draw(self, state: Any, *, budget: bool) -> None:
        self.more.layout.display = self.out.layout.display = "none"
        self.table.value, self.rows, self.cycle, self.figure = "", [], [], None
        why = askable(state) if state is not None else "No position yet."
        me = None if why else self.ctx.asker(state)
        if not why and (me != state.actor or me not in state.members()):
            why = f"Only the player moving (player {state.actor + 1}) can buy now: view as them, or the table."
        if why:
            self.info.value = f'<div style="{NOTE}">{esc(why)}</div>'
            return
        assert me is not None  # no reason to refuse: the seat asked about was read
        cards = odds.buyable(state, me)
        if not cards:
            self.info.value = (f'<div style="{NOTE}">Player {me + 1} has {state.players[me].trade} Trade: '
                               "no card of the trade row (nor an Explorer) is affordable.</div>")
            return
        rows = list(odds.compare_buys(state, me, []))
        cycle = list(odds.compare_buys_over_cycle(state, me, [], seconds=CYCLE_SECONDS))
        done = []
        for name in cards:
            if budget and self.ctx.elapsed() > BUY_BUDGET_S:
                break
            rows += self.ctx.ask(lambda: odds.compare_buys(state, me, [name])[1:])
            cycle += self.ctx.ask(lambda: odds.compare_buys_over_cycle(state, me, [name], seconds=CYCLE_SECONDS)[1:])
            done.append(name)
        self.rows, self.cycle = rows, cycle
        self.figure = buy_figure(cycle)
        self.out.layout.display = ""
        show_figure(self.out, self.figure)
        left = len(cards) - len(done)
        if left:
            self.more.description = f"Compute the other {left} (slow on this deck)"
            self.more.layout.display = ""
        self.info.value = (f'<div style="{NOTE}">Player {me + 1} can afford {len(cards)}: '
                           f'{esc(", ".join(cards))}.{f" Computed {len(done)} within {BUY_BUDGET_S:.0f} s." if left else ""}'
                           "</div>")
        body = [odds_row("sr", r.card + (" to top" if r.to_top else ""), list(zip(BUY_COLUMNS, (
            str(r.cost), mean_text(r.odds.trade.mean()), mean_text(r.odds.combat.mean()), arrival_text(c.arrives),
            " / ".join(turn_text(m.trade) for m in c.turns), " / ".join(turn_text(m.combat) for m in c.turns),
            r.note))), notes=(BUY_COLUMNS[-1],)) for r, c in zip(rows, cycle)]
        sampled = [m.trade for c in cycle for m in c.turns if isinstance(m.trade, Estimate)]  # the turns not exact
        first = ("exact" if all(c.turns[0].exact for c in cycle) else
                 "an estimate on this deck, sampled with turns 2 and 3: too large to enumerate in the time budget")
        runs = (f"{min(e.trials for e in sampled)} to {max(e.trials for e in sampled)} sampled runs, seed "
                f"{sampled[0].seed}" if sampled else "exact")
        self.table.value = (
            odds_table("sr", "sr-buy-table", ("buy", *BUY_COLUMNS), body, cards_below=BUY_CARDS_BELOW_PX)
            + f'<div style="{NOTE}">Turn 1 is the next hand ({esc(first)}). Turns 2 and 3: {esc(runs)} per row, the '
            "same seed for every row (± the 95% interval); nothing else bought, every card played. First in hand: "
            "exact over the draw / discard / reshuffle cycle, 5 cards a turn (draw abilities ignored).</div>")


def odds_views(viewer: Callable[[], int | None] = lambda: None, background: bool = True,
               history: Callable[[], Sequence[Any]] = lambda: ()) -> list[Any]:
    """Fresh views for one panel, sharing ``viewer`` (the "view as" seat, ``None`` for the table) and
    ``history`` (the match's states up to the one shown: what another seat has seen of a hand).

    With ``background`` the odds are computed off the kernel's way (see :class:`OddsContext`).
    """
    ctx = OddsContext(viewer, background, history)
    return [NextHandView(ctx), LethalView(ctx), BuyView(ctx)]
