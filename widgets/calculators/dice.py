"""``DiceCalculator``: how many hits a pool of dice scores, read at one or several thresholds.

One roll is often read against several targets at once (ships hit on 3+, 4+
and 5+); the panel shows each threshold's exact distribution side by side, the
"at least k" curve, a table of exact fractions and a CSV of that table.

>>> calc = DiceCalculator(n=4, sides=6, thresholds="6", at_least=1)
>>> calc.headline_text
'P(at least 1 hit) with 4d6, hit on 6+: 671/1296 (51.77%)'
>>> calc.thresholds.value = "3, x"
>>> calc.status.message
"Hit on: 'x' is not a whole number. Write thresholds like 3, 4, 5 (each from 1 to 6)."
>>> calc.thresholds.value = "6"; calc.n.value = 200
>>> calc.n.value, calc.status.message.split(" 60d6")[0]
(60, 'Dice: 200 is more than 60, so 60 is used.')
"""

from __future__ import annotations

import html
import re
from fractions import Fraction

import ipywidgets as W

from explorer.odds import dice_pool
from widgets.calculators._panel import CalculatorPanel, Result
from widgets.calculators._tables import ProbTable
from widgets.common.charts import distributions_figure, fmt_fraction, fmt_percent

MAX_DICE = 60
MIN_SIDES, MAX_SIDES = 2, 100
MAX_THRESHOLDS = 6
_TOKEN = re.compile(r"([0-9]{1,3})\+?")


def parse_thresholds(text: str, sides: int) -> tuple[int, ...]:
    """Strictly parse "3, 4, 5" (or "3+ 4+ 5+") into sorted thresholds within 1..sides.

    >>> parse_thresholds("5, 3+ 4", 6)
    (3, 4, 5)
    >>> parse_thresholds("7", 6)
    Traceback (most recent call last):
    ...
    ValueError: Hit on: 7+ is outside a d6. Each threshold must be from 1 to 6.
    """
    allowed = f"each from 1 to {sides}"
    raw = (text or "").strip()
    if not raw:
        raise ValueError(f"Hit on: enter at least one threshold, e.g. 4 or 3, 4, 5 ({allowed}).")
    if len(raw) > 60:
        raise ValueError(f"Hit on: too long. Enter up to {MAX_THRESHOLDS} thresholds like 3, 4, 5 ({allowed}).")
    found: list[int] = []
    for part in (p for p in re.split(r"[,;\s]+", raw) if p):
        m = _TOKEN.fullmatch(part)
        if not m:
            raise ValueError(
                f"Hit on: {part!r} is not a whole number. Write thresholds like 3, 4, 5 ({allowed})."
            )
        t = int(m.group(1))
        if not 1 <= t <= sides:
            raise ValueError(f"Hit on: {t}+ is outside a d{sides}. Each threshold must be from 1 to {sides}.")
        if t in found:
            raise ValueError(f"Hit on: {t}+ is listed twice. List each threshold once.")
        found.append(t)
    if len(found) > MAX_THRESHOLDS:
        raise ValueError(f"Hit on: {len(found)} thresholds given; at most {MAX_THRESHOLDS} fit side by side.")
    return tuple(sorted(found))


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _clamp(value: object, low: int, high: int, default: int) -> int:
    try:
        v = int(value)  # type: ignore[call-overload]  # whatever a notebook passes: int() refusing it gives the default
    except (TypeError, ValueError):
        return default
    return max(low, min(high, v))


class DiceCalculator(CalculatorPanel):
    """Exact hit counts for ``n`` dice with ``sides`` faces, hitting on each threshold or more.

    ``.widget`` is the container to display; ``n``, ``sides``, ``thresholds`` and
    ``at_least`` are the input widgets (set ``.value`` to drive the panel).
    """

    def __init__(self, n: int = 5, sides: int = 6, thresholds: str = "3, 4, 5", at_least: int = 1) -> None:
        super().__init__()
        wide = {"description_width": "initial"}
        # IntText, not BoundedIntText: the browser would clamp silently; ``clamp`` says so instead
        self.n = W.IntText(
            value=_clamp(n, 0, MAX_DICE, 5), description="Dice",
            tooltip=f"How many dice are rolled (0 to {MAX_DICE})", style=wide, layout=W.Layout(width="130px"),
        )
        self.sides = W.IntText(
            value=_clamp(sides, MIN_SIDES, MAX_SIDES, 6), description="Sides",
            tooltip=f"Faces on each die ({MIN_SIDES} to {MAX_SIDES})", style=wide, layout=W.Layout(width="130px"),
        )
        self.thresholds = W.Text(
            value=str(thresholds)[:60], description="Hit on", placeholder="3, 4, 5", continuous_update=False,
            tooltip="A die hits when it shows this number or more; several thresholds separated by commas",
            style=wide, layout=W.Layout(width="200px"),
        )
        self.at_least = W.IntText(
            value=_clamp(at_least, 0, MAX_DICE, 1), description="At least",
            tooltip="The headline asks for at least this many hits", style=wide, layout=W.Layout(width="150px"),
        )
        for w, css in (
            (self.n, "re-dice-n"), (self.sides, "re-dice-sides"),
            (self.thresholds, "re-dice-thresholds"), (self.at_least, "re-dice-at-least"),
        ):
            w.add_class(css)
            w.observe(self._on_change, names="value")
        inputs = W.HBox(
            [self.n, self.sides, self.thresholds, self.at_least],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.widget = self._frame(
            "Dice pool: how many hits?",
            "Roll a number of dice; each die showing the threshold or more is a hit. "
            "Give several thresholds (e.g. <b>3, 4, 5</b>) to read one roll against several targets.",
            inputs,
            "re-dice",
        )
        self.refresh()

    @property
    def headline_text(self) -> str:
        return self.result.headline_text if self.result else ""

    def _compute(self) -> Result:
        n = self.clamp(self.n, 0, MAX_DICE, "Dice", 0)
        sides = self.clamp(self.sides, MIN_SIDES, MAX_SIDES, "Sides", 6)
        target = self.clamp(self.at_least, 0, MAX_DICE, "At least", 1)
        ts = parse_thresholds(self.thresholds.value, sides)
        dists = {t: dice_pool(n, sides=sides, hit_on=t) for t in ts}
        labels = {t: f"hit on {t}+" for t in ts}
        pool = f"{n}d{sides}"

        fig = distributions_figure(
            {labels[t]: d for t, d in dists.items()},
            f"{pool}: number of hits" + ("" if len(ts) > 1 else f" ({labels[ts[0]]})"),
            x_title="hits",
        )
        cdfs = {t: d.cdf_at_least() for t, d in dists.items()}
        pmfs = {t: d.pmf() for t, d in dists.items()}
        rows = tuple(
            (k, tuple(x for t in ts for x in (pmfs[t].get(k, Fraction(0)), cdfs[t].get(k, Fraction(0)))))
            for k in range(n + 1)
        )
        table = ProbTable(
            "hits", tuple(labels[t] for t in ts) if len(ts) > 1 else ("",),
            ("P(exactly k)", "P(at least k)"), rows, highlight=target if target <= n else None,
        )

        what = f"P(at least {_plural(target, 'hit')})"
        probs = [(t, dists[t].at_least(target)) for t in ts]
        if len(ts) == 1:
            t, p = probs[0]
            text = f"{what} with {pool}, hit on {t}+: {fmt_fraction(p)} ({fmt_percent(p)})"
            body = (
                f"{html.escape(what)} with {pool}, hit on {t}+: "
                f'<b>{fmt_fraction(p)}</b> <span class="re-pcent">({fmt_percent(p)})</span>'
            )
        else:
            parts = [f"{t}+: {fmt_fraction(p)} ({fmt_percent(p)})" for t, p in probs]
            text = f"{what} with {pool}: " + "; ".join(parts)
            body = f"{html.escape(what)} with {pool}:" + "".join(
                f'<br>&nbsp;&nbsp;hit on {t}+: <b>{fmt_fraction(p)}</b> '
                f'<span class="re-pcent">({fmt_percent(p)})</span>'
                for t, p in probs
            )
        means = ", ".join(f"{t}+ averages {float(dists[t].mean()):.2f}" for t in ts)
        return Result(
            figure=fig,
            table=table,
            headline_html=f'<div class="re-headline">{body}</div>',
            headline_text=text,
            csv_name=f"dice-{pool}-hits",
            status=f"{pool}, hit on {', '.join(f'{t}+' for t in ts)}: {means} hits.",
        )
