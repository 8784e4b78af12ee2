"""CSV download of the table behind a chart, with no server round-trip.

The CSV text is built purely (``csv_text``); the link is an ``<a download>``
whose ``href`` is a ``data:text/csv;base64,…`` URI, so it works the same in
JupyterLab and in Voilà. Cells typed by a user (a kind's name) are defused
against spreadsheet formula injection, and the file name is never taken from
a widget value.

>>> csv_text(["k", "P"], [[0, "1/4"], [1, "3/4"]])
'k,P\\r\\n0,1/4\\r\\n1,3/4\\r\\n'
>>> csv_text(["kind"], [["=HYPERLINK(1)"]]).splitlines()[1]
"'=HYPERLINK(1)"
"""

from __future__ import annotations

import base64
import csv
import html
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _is_number(value):
        return "'" + value
    return value


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def csv_text(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> str:
    """The CSV text (RFC 4180 line ends) of a header and rows."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow([_cell(h) for h in header])
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return buf.getvalue()


def data_uri(text: str) -> str:
    """``data:text/csv;base64,…`` for ``text`` (UTF-8)."""
    return "data:text/csv;charset=utf-8;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")


def safe_filename(name: str) -> str:
    """A plain file name ending in ``.csv`` (letters, digits, ``._-`` only)."""
    stem = _SAFE_NAME.sub("-", name.removesuffix(".csv")).strip("-.") or "table"
    return stem[:60] + ".csv"


def download_link_html(text: str, filename: str, label: str = "Download CSV") -> str:
    """An HTML ``<a download>`` link carrying ``text`` as a CSV file."""
    fname = safe_filename(filename)
    return (
        f'<a class="re-csv-link" download="{html.escape(fname)}" href="{data_uri(text)}" '
        f'title="Save the table as {html.escape(fname)}" '
        'style="text-decoration:none;padding:3px 10px;border:1px solid #c5cad3;border-radius:4px;'
        'color:#2b2f36;background:#f6f7f9;font-size:13px">'
        f"⬇ {html.escape(label)}</a>"
    )
