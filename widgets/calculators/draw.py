"""``DrawCalculator``: what you draw from a bag or a deck typed as kinds and counts.

Rows of kind + count (editable, removable, presets for real and demo sets), how
many are drawn, which kinds count as a success. Shows the exact distribution of
successes, the "at least k" curve, a table with a CSV, and — when exactly two
kinds are chosen — the joint table of how many of each.

>>> calc = DrawCalculator()
>>> calc.headline_text
'P(at least 1 Viper among 5 drawn from 10) = 7/9 (77.78%)'
>>> calc.n.value = 11
>>> calc.n.value, calc.status.level  # more than the bag holds: refused, the engine is never asked
(11, 'error')
>>> calc.rows[0].count.value = 400
>>> calc.rows[0].count.value, calc.status.message.split(" Draw")[0]
(200, "Row 1 ('Scout') count: 400 is more than 200, so 200 is used.")
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any

import ipywidgets as W

from explorer.odds import draw_count, draw_joint
from widgets.calculators._panel import CalculatorPanel, Result
from widgets.calculators._tables import ProbTable
from widgets.common.charts import distribution_figure, fmt_fraction, fmt_percent

MAX_KINDS = 20
MAX_COUNT = 200
MAX_DRAW = 100
MAX_NAME = 40
CUSTOM = "custom"


def load_presets() -> list[dict[str, Any]]:
    """The presets from ``presets.json`` (data, not code: an owner can correct a count there)."""
    text = resources.files("widgets.calculators").joinpath("presets.json").read_text(encoding="utf-8")
    return json.loads(text)["presets"]


def parse_population(rows: list[tuple[object, object]]) -> dict[str, int]:
    """Check rows of (kind name, count) and return the population ``{kind: count}``.

    >>> parse_population([("Scout", 8), (" Viper ", 2)])
    {'Scout': 8, 'Viper': 2}
    >>> parse_population([("Scout", 8), ("scout", 1)])
    Traceback (most recent call last):
    ...
    ValueError: Row 2: 'scout' is already in row 1. List each kind once (add their counts together).
    """
    if not rows:
        raise ValueError("The bag is empty: add a kind with a count of 1 or more.")
    if len(rows) > MAX_KINDS:
        raise ValueError(f"Too many kinds ({len(rows)}): at most {MAX_KINDS}.")
    pop: dict[str, int] = {}
    seen: dict[str, int] = {}
    for i, (raw_name, raw_count) in enumerate(rows, start=1):
        name = raw_name.strip() if isinstance(raw_name, str) else ""
        if not name:
            raise ValueError(f"Row {i}: the kind needs a name (1 to {MAX_NAME} characters).")
        if len(name) > MAX_NAME:
            raise ValueError(f"Row {i}: the kind's name is {len(name)} characters long; at most {MAX_NAME}.")
        folded = name.casefold()
        if folded in seen:
            raise ValueError(
                f"Row {i}: {name!r} is already in row {seen[folded]}. List each kind once (add their counts together)."
            )
        seen[folded] = i
        if isinstance(raw_count, bool) or not isinstance(raw_count, int) or not 0 <= raw_count <= MAX_COUNT:
            raise ValueError(f"Row {i} ({name!r}): the count must be a whole number from 0 to {MAX_COUNT}, got {raw_count!r}.")
        pop[name] = raw_count
    if sum(pop.values()) == 0:
        raise ValueError("The bag is empty: give at least one kind a count of 1 or more.")
    return pop


@dataclass
class _Row:
    kind: W.Text
    count: W.IntText
    remove: W.Button
    box: W.HBox


class DrawCalculator(CalculatorPanel):
    """Exact odds of drawing kinds from a bag or deck, without replacement.

    ``.widget`` is the container to display. Inputs: ``preset`` (Dropdown),
    the rows (``set_rows``, ``add_row``, ``remove_row``; or the row widgets in
    ``rows``), ``n`` (how many are drawn), ``success`` (SelectMultiple of kinds)
    and ``at_least``.
    """

    def __init__(self, preset: str = "star_realms_start") -> None:
        super().__init__()
        self.presets = {p["id"]: p for p in load_presets()}
        wide = {"description_width": "initial"}
        self.rows: list[_Row] = []
        self.preset = W.Dropdown(
            options=[(p["label"], pid) for pid, p in self.presets.items()] + [("Custom (edited)", CUSTOM)],
            value=CUSTOM, description="Preset", style=wide, layout=W.Layout(width="380px"),
        )
        self.preset_note = W.HTML()
        self.preset_note.add_class("re-draw-note")
        self.rows_box = W.VBox(layout=W.Layout())
        self.rows_box.add_class("re-draw-rows")
        self.add_button = W.Button(description="+ Add kind", tooltip="Add a row for another kind",
                                   layout=W.Layout(width="120px"))
        self.add_button.add_class("re-draw-add")
        # IntText, not BoundedIntText: the browser would clamp silently; ``clamp`` says so instead
        self.n = W.IntText(value=5, description="Draw", style=wide,
                                  tooltip=f"How many are drawn (0 to the bag's size, at most {MAX_DRAW})",
                                  layout=W.Layout(width="130px"))
        self.success = W.SelectMultiple(options=[], value=(), rows=5, description="Success",
                                        style=wide, layout=W.Layout(width="260px"))
        self.at_least = W.IntText(value=1, description="At least", style=wide,
                                         tooltip="The headline asks for at least this many successes",
                                         layout=W.Layout(width="150px"))
        for w, css in ((self.preset, "re-draw-preset"), (self.n, "re-draw-n"),
                       (self.success, "re-draw-success"), (self.at_least, "re-draw-at-least")):
            w.add_class(css)
        self.preset.observe(self._on_preset, names="value")
        self.add_button.on_click(lambda _b: self.add_row())
        for w in (self.n, self.success, self.at_least):
            w.observe(self._on_change, names="value")

        bag = W.VBox(
            [W.HTML('<b style="font-size:13px">Bag or deck</b> <span style="font-size:12px;color:#6b7380">'
                    "kind and count</span>"), self.rows_box, self.add_button],
            layout=W.Layout(min_width="340px"),
        )
        question = W.VBox(
            [self.n, self.success,
             W.HTML('<span style="font-size:12px;color:#6b7380">Ctrl/Cmd-click to choose several; '
                    "exactly two also gives a joint table.</span>"),
             self.at_least],
            layout=W.Layout(),
        )
        inputs = W.VBox([self.preset, self.preset_note,
                         W.HBox([bag, question], layout=W.Layout(flex_flow="row wrap"))])
        self.widget = self._frame(
            "Draw from a bag or deck",
            "Type the bag as kinds and counts (or pick a preset), say how many are drawn without "
            "replacement and which kinds count as a success.",
            inputs,
            "re-draw",
        )
        self.preset.value = preset if preset in self.presets else next(iter(self.presets))

    # --- rows ----------------------------------------------------------------
    def _make_row(self, kind: str, count: int) -> _Row:
        text = W.Text(value=str(kind)[:MAX_NAME], placeholder="kind name", continuous_update=False,
                      layout=W.Layout(width="190px"))
        number = W.IntText(value=max(0, min(MAX_COUNT, int(count))), layout=W.Layout(width="80px"))
        remove = W.Button(description="✕", tooltip="Remove this kind", layout=W.Layout(width="36px"))
        box = W.HBox([text, number, remove])
        for w, css in ((text, "re-draw-kind"), (number, "re-draw-count"), (remove, "re-draw-remove"),
                       (box, "re-draw-row")):
            w.add_class(css)
        row = _Row(text, number, remove, box)
        text.observe(self._on_rename, names="value")
        number.observe(self._on_rows_edited, names="value")
        remove.on_click(lambda _b: self.remove_row(self.rows.index(row)) if row in self.rows else None)
        return row

    def set_rows(self, pairs: list[tuple[str, int]], success: list[str] | None = None) -> bool:
        """Replace every row (at most ``MAX_KINDS``); optionally choose the success kinds; redraw."""
        with self._hold():
            self.rows = [self._make_row(k, c) for k, c in list(pairs)[:MAX_KINDS]]
            self.rows_box.children = [r.box for r in self.rows]
            self._sync_success(keep=success)
        return self.refresh()

    def add_row(self, kind: str = "", count: int = 1) -> None:
        if len(self.rows) >= MAX_KINDS:
            self.status.error(f"At most {MAX_KINDS} kinds: remove one first.")
            return
        row = self._make_row(kind, count)
        self.rows.append(row)
        self.rows_box.children = [r.box for r in self.rows]
        self._edited()

    def remove_row(self, index: int) -> None:
        if 0 <= index < len(self.rows):
            del self.rows[index]
            self.rows_box.children = [r.box for r in self.rows]
            self._edited()

    def _on_rename(self, change: dict[str, Any]) -> None:
        """A renamed kind stays chosen, unless another row still carries the old name."""
        old, new = str(change["old"]).strip(), str(change["new"]).strip()
        if any(r.kind.value.strip() == old for r in self.rows):
            self._edited()
            return
        self._edited([new if k == old else k for k in self.success.value])

    def _on_rows_edited(self, _change: Any = None) -> None:
        self._edited()

    def _edited(self, keep: list[str] | None = None) -> None:
        with self._hold():
            self.preset.value = CUSTOM
            self.preset_note.value = ""  # the preset's note describes a bag that is no longer there
            self._sync_success(keep=keep)
        self.refresh()

    def _sync_success(self, keep: list[str] | None = None) -> None:
        """Success options = the named kinds, in row order; keep what stays chosen."""
        names: list[str] = []
        for r in self.rows:
            name = r.kind.value.strip()
            if name and len(name) <= MAX_NAME and name not in names:
                names.append(name)
        chosen = tuple(k for k in (self.success.value if keep is None else keep) if k in names)
        # options and selection go to the browser in one message: sent apart, the page briefly
        # selected an option index that no longer existed ("Cannot set properties of undefined")
        with self.success.hold_sync():
            if tuple(self.success.options) != tuple(names):
                self.success.options = names
            self.success.value = chosen

    def _on_preset(self, change: dict[str, Any]) -> None:
        pid = change["new"]
        if pid == CUSTOM or pid not in self.presets:
            return
        p = self.presets[pid]
        label = "Demonstration data" if p.get("demo") else "Preset"
        self.preset_note.value = (
            f'<div style="font-size:12px;line-height:1.45;color:#5b6472;max-width:760px"><b>{label}:</b> {html.escape(p["note"])}</div>'
        )
        with self._hold():
            self.n.value = int(p.get("draw", 5))
            self.set_rows([(k, c) for k, c in p["kinds"]], success=list(p.get("success", [])))
            self.preset.value = pid  # set_rows leaves it alone; editing later switches to Custom
        self.refresh()

    # --- compute -------------------------------------------------------------
    @property
    def headline_text(self) -> str:
        return self.result.headline_text if self.result else ""

    def population(self) -> dict[str, int]:
        """The checked population of the rows (raises ValueError naming the bad row)."""
        return parse_population([(r.kind.value, r.count.value) for r in self.rows])

    def _compute(self) -> Result:
        for i, r in enumerate(self.rows, start=1):
            name = r.kind.value.strip()[:MAX_NAME]
            self.clamp(r.count, 0, MAX_COUNT, f"Row {i} ({name!r}) count" if name else f"Row {i} count", 0)
        pop = self.population()
        total = sum(pop.values())
        n = self.clamp(self.n, 0, MAX_DRAW, "Draw", 0)
        if not 0 <= n <= total:
            raise ValueError(f"Draw: cannot draw {n} from a bag of {total}. Allowed: 0 to {total}.")
        kinds = [k for k in self.success.value if k in pop]
        if not kinds:
            raise ValueError("Success: choose which kinds count as a success (Ctrl/Cmd-click for several).")
        target = self.clamp(self.at_least, 0, MAX_DRAW, "At least", 0)
        # A dict[str, int] is a population, but explorer.odds.draws.Population says
        # Mapping[Hashable, int], invariant in its key (Mapping[Any, int] there would fix both calls)
        dist = draw_count(pop, n, list(kinds))  # type: ignore[arg-type]  # a dict[str, int] is a Population
        what = kinds[0] if len(kinds) == 1 else " / ".join(kinds)
        shown = html.escape(what)  # Plotly reads tags in titles: a kind's name is text, never markup
        fig = distribution_figure(dist, f"Draw {n} of {total}: how many {shown}", x_title=f"number of {shown}")
        pmf, cdf = dist.pmf(), dist.cdf_at_least()
        top = max(k for k, p in pmf.items() if p)  # more than this many is impossible: no rows for it
        rows = tuple((k, (pmf.get(k, Fraction(0)), cdf.get(k, Fraction(0)))) for k in range(top + 1))
        table = ProbTable("k", ("",), ("P(exactly k)", "P(at least k)"), rows,
                          highlight=target if target <= top else None)
        p = dist.at_least(target)
        head = f"P(at least {target} {what} among {n} drawn from {total})"
        extra = []
        if len(kinds) == 2:
            extra.append(self._joint_table(pop, n, kinds[0], kinds[1]))
        return Result(
            figure=fig,
            table=table,
            headline_html=(
                f'<div class="re-headline">{html.escape(head)} = <b>{fmt_fraction(p)}</b> '
                f'<span class="re-pcent">({fmt_percent(p)})</span></div>'
            ),
            headline_text=f"{head} = {fmt_fraction(p)} ({fmt_percent(p)})",
            csv_name=f"draw-{n}-of-{total}",
            status=f"Drawing {n} of {total}: on average {float(dist.mean()):.2f} {what}.",
            extra_tables=extra,
        )

    def _joint_table(self, pop: dict[str, int], n: int, a: str, b: str) -> tuple[str, ProbTable, str]:
        joint = draw_joint(pop, n, a, b).pmf()  # type: ignore[arg-type]  # a dict[str, int] is a Population
        max_a, max_b = min(n, pop[a]), min(n, pop[b])
        rows = tuple(
            (i, tuple(joint.get((i, j), Fraction(0)) for j in range(max_b + 1))) for i in range(max_a + 1)
        )
        table = ProbTable(f"{a} \\ {b}", ("",), tuple(f"{b} = {j}" for j in range(max_b + 1)), rows)
        title = f"Joint: how many {a} (rows) and {b} (columns) among {n} drawn"
        return title, table, f"draw-{n}-joint"
