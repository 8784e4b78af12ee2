"""The Odds tab of the Warp's Edge panel: exact answers from ``explorer.games.warps_edge.odds``.

Every number is a ``Fraction`` from the odds module, shown as fraction and
percent; floats appear only inside the Plotly figures. Figure builders are pure
(state in, ``go.Figure`` out), so tests compare them with the odds module.

>>> from explorer.games.warps_edge.odds import example_position
>>> rows = key_odds(example_position())
>>> rows[0]
('P(the next pool, with the hold, can stun every enemy)', Fraction(23, 66))
"""

from __future__ import annotations

import functools
import html
from fractions import Fraction
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from explorer.games.warps_edge import odds
from widgets.common.charts import distribution_figure, figure_from_spec, fmt_fraction, fmt_prob, series_spec
from widgets.warps_edge.legend import token_name

FAMILIES = ("energy", "laser", "maneuver", "power")
FAMILY_COLOURS = {"energy": "#2e8b57", "laser": "#c0392b", "maneuver": "#2f6fb5", "power": "#d4a017"}

DRAW_HEIGHT = 460
"""The next-draw chart: at 390 px its four-family legend takes two rows under the axis, and 420 px left a
171 px plot; 460 keeps about 210 px."""

LASER_HEIGHT = 440
"""The laser chart: its title takes two lines and its legend two rows at 390 px; 380 px left a 156 px plot,
440 keeps about 216 px."""

TABLE_STYLE = "border-collapse:collapse;font-size:13.5px;line-height:1.4"
"""The tab's tables set their own line height: the HTML widget's (28 px) made each 13.5 px line twice its size."""


def _family(state: Any, token_id: str) -> str:
    kind = state.token(token_id).kind
    return kind if kind in FAMILIES else "power"


def draw_by_kind(state: Any) -> dict[str, dict[int, Fraction]]:
    """For each token family, the exact pmf of how many of the next 5 drawn tokens belong to it."""
    dist = odds.next_draw(state)

    def in_family(family: str, drawn: Any) -> int:
        return sum(n for k, n in drawn.items() if _family(state, k) == family)

    return {fam: dist.map(functools.partial(in_family, fam)).pmf() for fam in FAMILIES}


def next_draw_figure(state: Any) -> go.Figure:
    """Grouped bars: P(exactly k tokens of each family in the next draw of 5)."""
    pop = odds.next_draw_population(state)
    where = "the bag" if pop is state.bag else "the bag refilled at the warp's end"
    spec = series_spec(draw_by_kind(state), title=f"Next draw of 5 from {where}: {len(pop)} tokens, by kind",
                       x_title="tokens of that kind among the 5", show_at_least=False, height=DRAW_HEIGHT)
    for trace in spec["data"]:
        fam = trace["legendgroup"]
        trace["marker"]["color"] = FAMILY_COLOURS.get(fam, trace["marker"]["color"])
        trace["name"] = fam
    return figure_from_spec(spec)


def laser_total_figure(state: Any) -> go.Figure:
    """The laser value of the next draw: bars P(= k) and the dotted P(at least k) line."""
    return distribution_figure(odds.laser_total(state), "Laser value of the next draw (one target)",
                               x_title="laser value", height=LASER_HEIGHT)


def signature_tokens(state: Any) -> tuple[str, ...]:
    return state.data.starfighter(state.starfighter).signature_tokens


def key_odds(state: Any) -> list[tuple[str, Any]]:
    """(question, exact answer) rows: Fractions, or whole numbers for counts; a chance's question reads "P(…)"."""
    rows: list[tuple[str, Any]] = [
        ("P(the next pool, with the hold, can stun every enemy)", odds.p_stun_every_enemy(state)),
        ("Draws of 5 left in this warp", odds.draws_left(state)),
    ]
    for tid in signature_tokens(state):
        if tid in state.bag:
            rows.append((f"P(signature token {token_name(state, tid)} is drawn before this warp ends)",
                         odds.p_drawn_before_warp_end(state, tid)))
    rows += [
        ("Expected shield damage at the next attack step (no more stuns)", odds.expected_shield_damage(state)),
        ("P(the hull reaches 0 at the next attack step, no more stuns)", odds.p_hull_destroyed(state)),
    ]
    return rows


def value_text(value: Any, question: str) -> str:
    """The answer to ``question`` as shown: a chance (a question ``"P(…)"``) as ``'23/66 (34.85%)'``, an
    expectation as a number, ``'17/2 (≈8.50)'`` or ``'1'``, a count as ``'2'``.

    Read from the question, not from the value: an expected shield damage of 1 (or 0) is a number of
    shields, not a certainty, and was shown as "1 (100.00%)" (issue 37 §7).

    >>> value_text(Fraction(23, 66), "P(stun every enemy)"), value_text(Fraction(1), "Expected shield damage")
    ('23/66 (34.85%)', '1')
    >>> value_text(Fraction(5, 4), "Expected shield damage"), value_text(Fraction(3, 4), "Expected shield damage")
    ('5/4 (≈1.25)', '3/4 (≈0.75)')
    """
    if isinstance(value, Fraction):
        if question.startswith("P("):
            return fmt_prob(value)
        if value.denominator == 1:
            return str(value.numerator)
        return f"{fmt_fraction(value)} (≈{float(value):.2f})"
    return str(value)


def key_odds_html(state: Any) -> str:
    sig_in_bag = [t for t in signature_tokens(state) if t in state.bag]
    note = "" if sig_in_bag else (
        '<div style="font-size:12px;line-height:1.4;color:#5b6472">No signature token is in the bag now (they may be in the pool, '
        "the discard, the hold, the supply or removed).</div>")
    body = "".join(f'<tr><td style="padding:3px 10px 3px 0">{html.escape(q)}</td>'
                   f'<td class="we-odds-value" style="padding:3px 0;font-weight:600;font-variant-numeric:tabular-nums">'
                   f"{html.escape(value_text(v, q))}</td></tr>" for q, v in key_odds(state))
    return (f'<table class="we-key-odds" style="{TABLE_STYLE}">{body}</table>{note}'
            '<div style="font-size:12px;line-height:1.4;color:#5b6472;margin-top:3px">Exact, from the bag\'s composition; assumes '
            "nothing is bought, gained or removed before the draw (RULES.md, “Odds”).</div>")


class DestroyOdds:
    """P(destroy the chosen enemy this turn): a slot dropdown and the exact answer, updated in place."""

    title = "P(destroy a chosen enemy this turn)"

    def __init__(self) -> None:
        # 320 px, but never wider than the panel (at 390 px phone width it touched the screen's edge)
        self.slot = W.Dropdown(description="Enemy", layout=W.Layout(width="320px", max_width="100%"),
                               style={"description_width": "50px"})
        self.slot.add_class("we-destroy-slot")
        self.answer = W.HTML()
        self.answer.add_class("we-destroy-answer")
        self.widget = W.VBox([self.slot, self.answer])
        self.state: Any = None
        self.value: Fraction | None = None
        self._setting = False
        self.slot.observe(lambda _c: self._draw(), names="value")

    def render(self, state: Any) -> W.Widget:
        self.state = state
        options = [(f"slot {i + 1}: {t.card}", i + 1) for i, t in enumerate(state.row) if t.card]
        keep = self.slot.value
        self._setting = True
        try:
            if list(self.slot.options) != options:
                self.slot.options = options
            values = [v for _, v in options]
            self.slot.value = keep if keep in values else (values[0] if values else None)
        finally:
            self._setting = False
        self._draw()
        return self.widget

    def _draw(self) -> None:
        if self._setting or self.state is None:
            return
        slot = self.slot.value
        if slot is None:
            self.value = None
            self.answer.value = '<div style="color:#5b6472;line-height:1.4">The enemy row is empty.</div>'
            return
        self.value = odds.p_destroy(self.state, slot)
        enemy = self.state.data.enemy(self.state.row[slot - 1].card)
        self.answer.value = (
            f'<div style="font-size:14px;line-height:1.4">P(enough laser value, or a Warhammer, for {html.escape(enemy.name)} '
            f"(hull {enemy.hull}, {self.state.row[slot - 1].lasers} already) this turn): "
            f'<b class="we-odds-value">{html.escape(fmt_prob(self.value))}</b></div>'
            '<div style="font-size:12px;line-height:1.4;color:#5b6472">Counts the pool and hold, and the draw the position is waiting '
            "for (step 4 or a reward draw).</div>")


def next_enemy_rows(state: Any) -> list[tuple[str, Fraction]]:
    """(enemy, exact chance) of the next enemy card to arrive, likeliest first; [] when the deck is empty.

    >>> from explorer.core.zones import DealtDeck
    >>> from explorer.core.multiset import Multiset
    >>> from explorer.games.warps_edge.odds import example_position
    >>> pos = example_position().replace(enemy_deck=(DealtDeck(Multiset(["Demo Dart", "Demo Wisp"]), 1),) * 3)
    >>> next_enemy_rows(pos)
    [('Demo Dart', Fraction(1, 2)), ('Demo Wisp', Fraction(1, 2))]
    """
    if not any(state.enemy_deck):
        return []
    dist = odds.next_enemy(state)
    return sorted(((str(name), p) for name, p in dist.pmf().items()), key=lambda row: (-row[1], row[0]))


def next_enemy_view(state: Any) -> str:
    """The next enemy card to arrive, as a table; a face-down count is read as a random deal from the unseen cards."""
    rows = next_enemy_rows(state)
    if not rows:
        return '<div style="color:#5b6472;line-height:1.4">The enemy deck is empty: no enemy arrives this warp.</div>'
    dealt = any(hasattr(layer, "dealt") for layer in state.enemy_deck)
    body = "".join(f'<tr><td style="padding:2px 12px 2px 0">{html.escape(name)}</td>'
                   f'<td class="we-odds-value" style="font-variant-numeric:tabular-nums">{html.escape(fmt_prob(p))}</td></tr>'
                   for name, p in rows)
    how = ("A face-down count is read as cards dealt at random from that level's unseen cards (the others set aside "
           "in the box), so each unseen card has its share." if dealt else
           "From the cards the position says are in the next layer of the enemy deck.")
    return (f'<table class="we-next-enemy" style="{TABLE_STYLE}">{body}</table>'
            f'<div style="font-size:12px;line-height:1.4;color:#5b6472;margin-top:3px">{how}</div>')


def odds_views() -> list[Any]:
    """Fresh views for one panel (DestroyOdds keeps its own widget)."""
    return [next_draw_figure, laser_total_figure, key_odds_view, next_enemy_view, DestroyOdds()]


def key_odds_view(state: Any) -> str:
    return key_odds_html(state)


next_draw_figure.title = "Next draw by token kind"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)
laser_total_figure.title = "Laser value of the next draw"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)
key_odds_view.title = "Stun, warp and damage odds"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)
next_enemy_view.title = "Next enemy to arrive"  # type: ignore[attr-defined]  # the odds tab reads a view's title off the function (odds_tab.view_title)
