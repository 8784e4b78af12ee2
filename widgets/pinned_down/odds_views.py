"""The Odds tab: what the coming attack sends, every card in hand against it, this fight, and the fight order.

Every number is an exact ``Fraction`` from ``explorer.games.pinned_down.odds`` / ``odds_fight`` /
``odds_order``; floats appear only inside the Plotly figure. Each view answers in every phase: its figure or
table where the question applies, else one sentence saying why it does not (never an empty heading). The
headings are the table's questions (each view's ``title``).

>>> from widgets.pinned_down.panel import PinnedDownPanel
>>> fig = reveal_figure(PinnedDownPanel(seed=2).state)
>>> fig.data[0].legendgroup, [t.name for t in fig.data if t.showlegend is not False]
('play nothing', ['play nothing'])
>>> fight_table(PinnedDownPanel(seed=2).state)
'<p class="pd-odds-why" style="line-height:1.4">No fight is under way: fight odds appear in the fight phase, before each fight is resolved.</p>'
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from explorer.games.pinned_down.odds import CardOption, after_playing, reveal_distribution, summary_rows, why_no_reveal
from explorer.games.pinned_down.odds_fight import drawing_now, fight_choices, fight_moves, why_no_fight
from explorer.games.pinned_down.odds_order import fight_orders, order_matters, why_no_order
from widgets.common.charts import figure_from_spec, fmt_prob, series_spec, wrapped_title
from widgets.common.odds_table import odds_css, odds_row, odds_table, reason_row
from widgets.pinned_down.views import ship_power

REVEAL_TITLE_CHARS = 28
"""The reveal chart's title lines: at 16 px a 36-character line ("Enemy ships the attack phase reveals", the
charts' default) reached the chart's right edge at 390 px; 28 characters leave room."""

REVEAL_HEIGHT = 440
"""The reveal chart's height for up to three cards (three legend entries): at 390 px the title (two lines),
the x axis and a legend of one entry a row take about 230 px, so the plot keeps about 210 px (at 360 px
with six legend entries a phone showed a 50 px strip). At 1280 px the legend is one row and the plot 216 px."""

LEGEND_ROW_PX = 20
"""One more legend row: Plotly wraps a legend under a chart at the width of the plot (the axes' margins left
out), about 180 px on a 390 px screen, so each card past three takes a row of its own there."""


ODDS_CSS = odds_css("pd")
"""The odds tables' look (``widgets.common.odds_table``): their own line height (the HTML widget's 28 px made
every wrapped line a tall row), and in a box narrower than 560 px (a phone) one card per row, each cell
labelled with its column's name."""


def _why(text: str) -> str:
    return f'<p class="pd-odds-why" style="line-height:1.4">{html.escape(text)}</p>'


def _table(css: str, head: Sequence[str], rows: Sequence[str], lead: str = "") -> str:
    """A table in its box (:data:`ODDS_CSS`): ``head`` the columns' names, ``rows`` from :func:`_row`."""
    return odds_table("pd", css, head, rows, lead)


def _row(name: str, cells: Sequence[tuple[str, str]]) -> str:
    """One row: ``name`` (a card, a move, an order), then each ``(column, text)`` labelled with its column
    (a "note" wraps; numbers stay on one line on a wide screen)."""
    return odds_row("pd", name, cells)


def _reason_row(name: str, reason: str, span: int) -> str:
    """A row with no numbers: ``name``, then why it has none across the other ``span`` columns."""
    return reason_row("pd", name, reason, span)


def _askers(s: Any) -> list[int]:
    """Whose cards are asked about: in the main phase every player who may act, else the player deciding."""
    if s.stage == "main" and not s.pending:
        return [p for p in s.alive() if not s.passed[p]] or list(s.alive())
    p = s.current_player
    return [p if p >= 0 else (s.alive() or (0,))[0]]


def hand_options(s: Any) -> list[tuple[str, CardOption | None, str]]:
    """"Play nothing" and every card in the askers' hands: (label, its attack odds or None, the reason/note).

    A MAIN card playable now gets its exact attack; every other card is listed with why it has no answer here
    (a FIGHT card is played after the reveal; a card the rules do not let the player play now says so).
    """
    out: list[tuple[str, CardOption | None, str]] = [
        ("play nothing", CardOption("play nothing", 0, "", reveal_distribution(s)), "")]
    if s.stage == "reveal":
        return out
    multi = len(s.players) > 1
    for p in _askers(s):
        playable = {str(a.args[0]) for a in s.legal_actions() if a.kind == "play" and (
            s.stage != "main" or a.args[-1] == p)}
        for card in sorted(s.players[p].hand.kinds()):
            label = f"{s.game.player_name(p)}: {card}" if multi else card
            c = s.data.card(card)
            if c.timing != "MAIN":
                when = {"FIGHT": "played in a fight, after the reveal", "WRAP UP": "played at the end of the jump phase"}
                reason = f"a {c.timing or 'passive'} card: {when.get(c.timing, 'not played before the reveal')}, so " \
                         f"it changes nothing in this attack"
                out.append((label, None, reason))
                continue
            if card not in playable or s.stage != "main":
                out.append((label, None, "cannot be played now (its cost or target is not available, or it is "
                                         "not the main phase)"))
                continue
            t, added, note = after_playing(s, card, p)
            out.append((label, CardOption(label, added, note, reveal_distribution(t)), note))
    return out


def _options(s: Any) -> list[tuple[str, CardOption | None, str]]:
    key = (s.threat, s.stage, s.attack_deck, s.attack_discard, s.players, s.passed, s.locations,
           s.enemy_threat_bonus, s.cloaked)
    cached = getattr(_options, "_cache", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    out = hand_options(s)
    _options._cache = (key, out)  # type: ignore[attr-defined]  # a one-entry cache kept on the function
    return out


def reveal_figure(s: Any) -> go.Figure | str:
    """Grouped bars: P(k enemy ships attack) for "play nothing" and each MAIN card that can be played now."""
    why = why_no_reveal(s)
    if why:
        return _why(why)
    series = {label: o.reveal.map(lambda r: r.ships).pmf() for label, o, _ in _options(s) if o is not None}
    return figure_from_spec(reveal_spec(series, s.threat))


def reveal_spec(series: Mapping[str, Mapping[int, Fraction]], threat: int) -> dict[str, Any]:
    """The reveal chart as Plotly JSON: the charts' bars and dotted "at least" lines, laid out for a phone too.

    One legend entry per card (its bars and its dotted line are one group: a click hides both); the axes
    say which is which. Two entries per card made six rows at 390 px that squeezed the plot to a 50 px strip.
    The title wraps at :data:`REVEAL_TITLE_CHARS`; the chart grows a legend row for each card past three.

    >>> spec = reveal_spec({"play nothing": {0: Fraction(1, 2), 1: Fraction(1, 2)},
    ...                     "Covert Ops": {0: Fraction(1, 4), 1: Fraction(3, 4)}}, 2)
    >>> [t["name"] for t in spec["data"] if t.get("showlegend", True)], spec["layout"]["title"]["text"]
    (['play nothing', 'Covert Ops'], 'Enemy ships the attack phase<br>reveals (threat now 2)')
    """
    title = f"Enemy ships the attack phase reveals (threat now {threat})"
    height = REVEAL_HEIGHT + LEGEND_ROW_PX * max(0, len(series) - 3)
    spec = series_spec(series, title=title, x_title="enemy ships", height=height)
    for trace in spec["data"]:
        if trace["type"] == "bar":
            trace["name"] = trace["legendgroup"] or trace["name"]
        else:
            trace["showlegend"] = False
    layout = spec["layout"]
    layout["legend"]["traceorder"] = "normal"  # grouped, each card took a row and a 10 px gap at 390 px
    layout["title"]["text"] = wrapped_title(title, REVEAL_TITLE_CHARS)
    layout["margin"]["t"] = 84 + 20 * layout["title"]["text"].count("<br>")
    layout["yaxis"]["title"]["text"] = "P(exactly k), bars"
    if "yaxis2" in layout:
        layout["yaxis2"]["title"]["text"] = "P(at least k), dotted"
    return spec


reveal_figure.title = "How many Dra'tar ships attack"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def reveal_table(s: Any) -> str:
    """Every card in hand: P(no ships), mean ships and power, P(an enemy as strong as our ship), or why none."""
    why = why_no_reveal(s)
    if why:
        return _why(why)
    opts = _options(s)
    p = _askers(s)[0]
    rows = summary_rows([o for _, o, _ in opts if o is not None], ship_power(s, p))
    keys = list(rows[0])
    by_card = {r["card"]: r for r in rows}
    body = [_reason_row(label, reason, len(keys) - 1) if o is None else
            _row(label, [(k, _cell(k, v)) for k, v in list(by_card[label].items())[1:]])
            for label, o, reason in opts]
    lead = ("The reveal is under way: what is still to come, as it stands." if s.stage == "reveal" else
            "Play nothing, or each card in hand now: what the coming attack phase reveals.")
    return _table("pd-odds-table", keys, body, lead)


reveal_table.title = "Each card in hand against the coming attack"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def _cell(key: str, v: Any) -> str:
    if isinstance(v, Fraction):
        return html.escape(fmt_prob(v) if key.startswith("P(") else f"{float(v):.2f}")
    return html.escape(str(v))


def fight_table(s: Any) -> str:
    """In a fight: win / damaged / destroyed / overpowered for resolving now and after each FIGHT move.

    While a battle destiny (or another draw of the fight) is being drawn, the table counts it and its first
    line says so (:func:`~explorer.games.pinned_down.odds_fight.drawing_now`); the moves are those open
    after it whatever it reveals."""
    why = why_no_fight(s)
    if why:
        return _why(why)
    head = ["move", "win", "damaged", "destroyed", "overpowered"]
    body = [_row(name, [(k, fmt_prob(p)) for k, (_, p) in zip(head[1:], o.rows())]) for name, o in fight_choices(s)]
    fighter = s.players[s.fight.player]
    playable = {str(a.args[0]) for a in fight_moves(s) if a.kind == "play"}
    body += [_reason_row(c, _not_in_fight(s, c), 4) for c in sorted(fighter.hand.kinds()) if c not in playable]
    return _table("pd-fight-table", head, body, drawing_now(s))  # at a battle destiny: says it is counted


fight_table.title = "This fight: resolve now or play a card first"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def _not_in_fight(s: Any, card: str) -> str:
    timing = s.data.card(card).timing
    if timing != "FIGHT":
        return f"a {timing or 'passive'} card: it cannot be played in a fight"
    if s.is_chance():  # a battle destiny is being drawn: the moves shown are open whatever it reveals
        return "not open after every card the draw may reveal (its cost or condition)"
    return "cannot be played in this fight (its cost or condition is not met)"


def fight_order_table(s: Any) -> str:
    """Where the players choose the next fight: each order played out (every fight resolved as it stands)."""
    why = why_no_order(s)
    if why:
        return _why(why)
    options = fight_orders(s)
    if not order_matters(options):
        return _why("The order changes nothing here: every order gives the same chances (each fight resolved "
                    "as it stands).")
    head = ["order", "P(every fight won)", "fights won (mean)", "P(a flagship lost)"]
    body = [_row(" then ".join(o.order), [(head[1], fmt_prob(o.all_won)), (head[2], f"{float(o.expected_wins):.2f}"),
                                          (head[3], fmt_prob(o.flagship_lost))]) for o in options]
    return _table("pd-order-table", head, body, "Each order played out through the rules, every fight resolved "
                                                "as it stands (no card played).")


fight_order_table.title = "Which fight first"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)


def odds_views() -> list[Any]:
    return [reveal_figure, reveal_table, fight_table, fight_order_table]
