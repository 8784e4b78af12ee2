"""The simulation lab's written results: the summary per variant, the first rows of the table, the CSV link.

HTML strings built from a finished (or cancelled) :class:`~explorer.sim.SimResult`;
every value from the run is escaped.

>>> from explorer.sim import simulate
>>> result = simulate("warps_edge", games=3)
>>> "First 3 of 3 games (standard)" in table_html("standard", result)
True
"""

from __future__ import annotations

import html

from explorer.sim import Comparison, SimResult
from widgets.common.csv_export import csv_text, download_link_html

TABLE_ROWS = 25
DOWNLOAD_ROWS = 50_000


def summary_html(results: list[tuple[str, SimResult]]) -> str:
    """Per variant: each seat's wins (95% CI), draws, losses; lengths; failures; the command that reproduces it.

    Two or more variants with games also get the difference of win rates with its interval.
    """
    parts = []
    for label, r in results:
        rows = "".join(
            f"<tr><td>{html.escape(s.name)}</td><td>{html.escape(s.policy)}</td><td>{s.wins}</td>"
            f"<td>{s.draws}</td><td>{s.losses}</td><td>{s.unfinished}</td></tr>" for s in r.seats)
        turns = r.length_summary("turns")
        fails = "".join(f"<li>{html.escape(str(f))}</li>" for f in r.failures[:10])
        parts.append(
            f"<div style='margin:6px 0'><b>{html.escape(label)}</b> — {len(r.records)} games"
            f"{' (cancelled)' if r.cancelled else ''}<table class='sim-seats' style='font-size:13px'>"
            "<tr><th>seat</th><th>policy</th><th>win (95% CI)</th><th>draw</th><th>loss</th>"
            f"<th>unfinished</th></tr>{rows}</table>"
            f"<div style='font-size:13px'>{html.escape(str(turns)) if turns else ''} · hit a step or turn "
            f"limit: {r.limit_hits}</div>{'<ul>' + fails + '</ul>' if fails else ''}"
            f"<div style='font-size:12px;color:#5b6472'>Reproduce: <code>{html.escape(r.command)}</code>"
            "</div></div>")
    done = [(label, r) for label, r in results if r.records]
    if len(done) > 1:
        comparison = Comparison(tuple(label for label, _ in done), tuple(r for _, r in done))
        parts.append("<div class='sim-difference'>" + "<br>".join(
            html.escape(str(d)) for d in comparison.differences()) + "</div>")
    return "".join(parts)


def table_html(label: str, r: SimResult) -> str:
    """The first ``TABLE_ROWS`` games of the run as a table."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in r.columns())
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>"
                   for row in r.rows()[:TABLE_ROWS])
    return (f"<div style='font-size:12px;color:#5b6472'>First {min(TABLE_ROWS, len(r.records))} of "
            f"{len(r.records)} games ({html.escape(label)})</div><table style='font-size:12px'>"
            f"<tr>{head}</tr>{body}</table>")


def download_html(label: str, r: SimResult) -> str:
    """A link that downloads the per-game table as CSV (the first ``DOWNLOAD_ROWS`` games)."""
    note = "" if len(r.records) <= DOWNLOAD_ROWS else (
        f" (first {DOWNLOAD_ROWS}; <code>panel.result.save('games.parquet')</code> writes all)")
    return download_link_html(csv_text(r.columns(), r.rows()[:DOWNLOAD_ROWS]),
                              f"{r.spec.game_id}-{label}-seeds-{r.spec.seed}.csv") + note
