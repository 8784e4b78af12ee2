"""The table behind each chart: one value that renders as HTML and as CSV.

A ``ProbTable`` holds exact probabilities; the HTML shows each as a fraction
with its percentage beside it, the CSV carries the fraction and a decimal.

>>> from fractions import Fraction as F
>>> t = ProbTable("hits", ("",), ("exactly k", "at least k"),
...               ((0, (F(1, 2), F(1))), (1, (F(1, 2), F(1, 2)))))
>>> print(t.to_csv().replace("\\r", ""), end="")
hits,exactly k (fraction),exactly k (decimal),at least k (fraction),at least k (decimal)
0,1/2,0.5000000000,1,1.0000000000
1,1/2,0.5000000000,1/2,0.5000000000
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction

from widgets.common.charts import fmt_fraction, fmt_percent
from widgets.common.csv_export import csv_text

_CSS = (
    "<style>"
    ".re-ptable{border-collapse:collapse;font-size:13px;font-variant-numeric:tabular-nums;}"
    ".re-ptable th,.re-ptable td{padding:3px 10px;border-bottom:1px solid #e3e6ea;text-align:right;white-space:nowrap;}"
    ".re-ptable th{background:#f3f5f8;color:#3d4a5c;font-weight:600;position:sticky;top:0;}"
    ".re-ptable th.re-grp{border-bottom:2px solid #c5cad3;text-align:center;}"
    ".re-ptable td.re-key,.re-ptable th.re-key{text-align:center;font-weight:600;color:#2b2f36;}"
    ".re-ptable .re-pct{color:#6b7380;margin-left:6px;}"
    ".re-ptable tr.re-hl td{background:#fff6e5;}"
    ".re-ptable td.re-zero{color:#b0b6bf;}"
    ".re-ptable-box{max-width:100%;overflow:auto;display:block;width:fit-content;border:1px solid #e3e6ea;"
    "border-radius:4px}"
    # At phone width a cell shows its percentage; the exact fraction stays in the cell's title and the CSV.
    "@media (max-width:640px){.re-ptable{font-size:12px}.re-ptable th,.re-ptable td{padding:3px 5px}"
    ".re-ptable .re-frac{display:none}.re-ptable .re-pct{margin-left:0;color:inherit}}"
    "</style>"
)


@dataclass(frozen=True)
class ProbTable:
    """Rows keyed by an integer (k, or a count of kind A), with exact probability cells.

    ``groups`` label column groups (one per threshold, or ``("",)`` for none);
    each group has the sub-columns ``columns``. A row is ``(key, cells)`` with
    ``len(groups) * len(columns)`` fractions, group by group.
    """

    key_header: str
    groups: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[int, tuple[Fraction, ...]], ...]
    highlight: int | None = None  # key of a row to shade (the "at least" target)

    def _flat_headers(self) -> list[str]:
        out = []
        for g in self.groups:
            for c in self.columns:
                out.append(" ".join(x for x in (c, g) if x))
        return out

    def to_csv(self) -> str:
        header = [self.key_header]
        for name in self._flat_headers():
            header += [f"{name} (fraction)", f"{name} (decimal)"]
        body = []
        for key, cells in self.rows:
            row: list[object] = [key]
            for p in cells:
                row += [fmt_fraction(p), f"{float(p):.10f}"]
            body.append(row)
        return csv_text(header, body)

    def to_html(self, max_height: str = "320px") -> str:
        esc = html.escape
        two_rows = len(self.groups) > 1 or bool(self.groups[0])
        head = []
        if two_rows:
            head.append(
                "<tr>"
                + f'<th class="re-key" rowspan="2">{esc(self.key_header)}</th>'
                + "".join(f'<th class="re-grp" colspan="{len(self.columns)}">{esc(g)}</th>' for g in self.groups)
                + "</tr>"
            )
            head.append("<tr>" + "".join(f"<th>{esc(c)}</th>" for _ in self.groups for c in self.columns) + "</tr>")
        else:
            head.append(
                f'<tr><th class="re-key">{esc(self.key_header)}</th>'
                + "".join(f"<th>{esc(c)}</th>" for c in self.columns)
                + "</tr>"
            )
        body = []
        for key, cells in self.rows:
            cls = ' class="re-hl"' if key == self.highlight else ""
            tds = "".join(_cell(p) for p in cells)
            body.append(f'<tr{cls}><td class="re-key">{key}</td>{tds}</tr>')
        return (
            f'{_CSS}<div class="re-ptable-box" style="max-height:{max_height}">'
            f'<table class="re-ptable"><thead>{"".join(head)}</thead><tbody>{"".join(body)}</tbody></table></div>'
        )


def _cell(p: Fraction) -> str:
    if p == 0:
        return '<td class="re-zero">0</td>'
    exact = fmt_fraction(p)
    return (f'<td title="{exact} ({fmt_percent(p)})"><span class="re-frac">{exact}</span>'
            f'<span class="re-pct">{fmt_percent(p)}</span></td>')
