"""The Odds tab: what the coming attack sends for "play nothing" and each card in hand, and the fight odds.

Every number is an exact ``Fraction`` from ``explorer.games.pinned_down.odds`` / ``odds_fight``; floats appear
only inside the Plotly figure.

>>> from widgets.pinned_down.panel import PinnedDownPanel
>>> fig = reveal_figure(PinnedDownPanel(seed=2).state)
>>> fig.data[0].legendgroup
'play nothing'
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from explorer.games.pinned_down.odds import reveal_by_card, summary_rows
from explorer.games.pinned_down.odds_fight import fight_choices
from widgets.common.charts import fmt_prob, series_figure
from widgets.pinned_down.views import ship_power

ATTACK_STAGES = ("main", "attack", "setup")


def _asker(s: Any) -> int:
    p = s.current_player
    return p if p >= 0 else 0


def _options(s: Any) -> list[Any]:
    key = (s.threat, s.attack_deck, s.attack_discard, s.players, s.locations, s.enemy_threat_bonus, s.cloaked)
    cached = getattr(_options, "_cache", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    out = reveal_by_card(s, _asker(s))
    _options._cache = (key, out)  # type: ignore[attr-defined]
    return out


def reveal_figure(s: Any) -> go.Figure | None:
    """Grouped bars: P(k enemy ships attack) for "play nothing" and each card in hand."""
    if s.stage not in ATTACK_STAGES or s.is_terminal():
        return None
    series = {o.card: o.reveal.map(lambda r: r.ships).pmf() for o in _options(s)}
    return series_figure(series, title=f"Enemy ships the attack phase reveals (threat now {s.threat})",
                         x_title="enemy ships", height=360)


def reveal_table(s: Any) -> str | None:
    """A table beside the chart: P(no ships), mean ships and power, P(an enemy at least as strong as us)."""
    if s.stage not in ATTACK_STAGES or s.is_terminal():
        return None
    p = _asker(s)
    rows = summary_rows(_options(s), ship_power(s, p))
    head = "".join(f"<th>{html.escape(k)}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{_cell(k, v)}</td>" for k, v in row.items()) + "</tr>" for row in rows)
    return f'<table class="pd-odds-table" style="font-size:13px"><tr>{head}</tr>{body}</table>'


def _cell(key: str, v: Any) -> str:
    if isinstance(v, Fraction):
        return html.escape(fmt_prob(v) if key.startswith("P(") else f"{float(v):.2f}")
    return html.escape(str(v))


def fight_table(s: Any) -> str | None:
    """In a fight: win / damaged / destroyed / overpowered for resolving now and after each FIGHT move."""
    if s.stage != "fight" or s.fight is None or s.fight.resolved or s.pending:
        return None
    rows = fight_choices(s)
    head = "<tr><th>move</th><th>win</th><th>damaged</th><th>destroyed</th><th>overpowered</th></tr>"
    body = "".join(f"<tr><td>{html.escape(name)}</td>" + "".join(f"<td>{html.escape(fmt_prob(p))}</td>"
                                                                for _, p in o.rows()) + "</tr>" for name, o in rows)
    return f'<table class="pd-fight-table" style="font-size:13px">{head}{body}</table>'


def odds_views() -> list[Any]:
    return [reveal_figure, reveal_table, fight_table]
