"""The Odds tab: what the coming attack sends, every card in hand against it, this fight, and the fight order.

Every number is an exact ``Fraction`` from ``explorer.games.pinned_down.odds`` / ``odds_fight`` /
``odds_order``; floats appear only inside the Plotly figure. Each view answers in every phase: its figure or
table where the question applies, else one sentence saying why it does not (never an empty heading). The
headings are the table's questions (each view's ``title``).

>>> from widgets.pinned_down.panel import PinnedDownPanel
>>> fig = reveal_figure(PinnedDownPanel(seed=2).state)
>>> fig.data[0].legendgroup
'play nothing'
>>> fight_table(PinnedDownPanel(seed=2).state)
'<p class="pd-odds-why">No fight is under way: fight odds appear in the fight phase, before each fight is resolved.</p>'
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from explorer.games.pinned_down.odds import CardOption, after_playing, reveal_distribution, summary_rows, why_no_reveal
from explorer.games.pinned_down.odds_fight import fight_choices, why_no_fight
from explorer.games.pinned_down.odds_order import fight_orders, order_matters, why_no_order
from widgets.common.charts import fmt_prob, series_figure
from widgets.pinned_down.views import ship_power

def _why(text: str) -> str:
    return f'<p class="pd-odds-why">{html.escape(text)}</p>'


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
    _options._cache = (key, out)  # type: ignore[attr-defined]
    return out


def reveal_figure(s: Any) -> go.Figure | str:
    """Grouped bars: P(k enemy ships attack) for "play nothing" and each MAIN card that can be played now."""
    why = why_no_reveal(s)
    if why:
        return _why(why)
    series = {label: o.reveal.map(lambda r: r.ships).pmf() for label, o, _ in _options(s) if o is not None}
    return series_figure(series, title=f"Enemy ships the attack phase reveals (threat now {s.threat})",
                         x_title="enemy ships", height=360)


reveal_figure.title = "How many Dra'tar ships attack"  # type: ignore[attr-defined]


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
    head = "".join(f"<th>{html.escape(k)}</th>" for k in keys)
    body = []
    for label, o, reason in opts:
        if o is None:
            body.append(f"<tr><td>{html.escape(label)}</td><td colspan='{len(keys) - 1}' class='pd-muted'>"
                        f"{html.escape(reason)}</td></tr>")
        else:
            body.append("<tr>" + "".join(f"<td>{_cell(k, v)}</td>" for k, v in by_card[label].items()) + "</tr>")
    lead = ("The reveal is under way: what is still to come, as it stands." if s.stage == "reveal" else
            "Play nothing, or each card in hand now: what the coming attack phase reveals.")
    return (f'<p class="pd-muted">{html.escape(lead)}</p><table class="pd-odds-table" style="font-size:13px">'
            f'<tr>{head}</tr>{"".join(body)}</table>')


reveal_table.title = "Each card in hand against the coming attack"  # type: ignore[attr-defined]


def _cell(key: str, v: Any) -> str:
    if isinstance(v, Fraction):
        return html.escape(fmt_prob(v) if key.startswith("P(") else f"{float(v):.2f}")
    return html.escape(str(v))


def fight_table(s: Any) -> str:
    """In a fight: win / damaged / destroyed / overpowered for resolving now and after each FIGHT move."""
    why = why_no_fight(s)
    if why:
        return _why(why)
    rows = fight_choices(s)
    head = "<tr><th>move</th><th>win</th><th>damaged</th><th>destroyed</th><th>overpowered</th></tr>"
    body = "".join(f"<tr><td>{html.escape(name)}</td>" + "".join(f"<td>{html.escape(fmt_prob(p))}</td>"
                                                                for _, p in o.rows()) + "</tr>" for name, o in rows)
    fighter = s.players[s.fight.player]
    playable = {str(a.args[0]) for a in s.legal_actions() if a.kind == "play"}
    cards = [c for c in sorted(fighter.hand.kinds()) if c not in playable]
    missing = "".join(f"<tr><td>{html.escape(c)}</td><td colspan='4' class='pd-muted'>"
                      f"{html.escape(_not_in_fight(s, c))}</td></tr>" for c in cards)
    return f'<table class="pd-fight-table" style="font-size:13px">{head}{body}{missing}</table>'


fight_table.title = "This fight: resolve now or play a card first"  # type: ignore[attr-defined]


def _not_in_fight(s: Any, card: str) -> str:
    timing = s.data.card(card).timing
    if timing != "FIGHT":
        return f"a {timing or 'passive'} card: it cannot be played in a fight"
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
    head = "<tr><th>order</th><th>P(every fight won)</th><th>fights won (mean)</th><th>P(a flagship lost)</th></tr>"
    body = "".join(f"<tr><td>{html.escape(' then '.join(o.order))}</td><td>{html.escape(fmt_prob(o.all_won))}</td>"
                   f"<td>{float(o.expected_wins):.2f}</td><td>{html.escape(fmt_prob(o.flagship_lost))}</td></tr>"
                   for o in options)
    return (f'<p class="pd-muted">Each order played out through the rules, every fight resolved as it stands '
            f'(no card played).</p><table class="pd-order-table" style="font-size:13px">{head}{body}</table>')


fight_order_table.title = "Which fight first"  # type: ignore[attr-defined]


def odds_views() -> list[Any]:
    return [reveal_figure, reveal_table, fight_table, fight_order_table]
