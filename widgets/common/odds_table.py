"""The Odds tabs' tables: their own line height, and one labelled box per row on a phone.

An ``ipywidgets.HTML`` box gives its content a 28 px line height (one control's height), so a 13 px
table row that wraps becomes a tall band; and a table of four to eight columns is wider than a
phone's Odds tab (about 306 px at 390 px), so it ran past the tab's edge. Each game's tables are
built here instead: inside a box (``<prefix>-odds-box``) that sets its own line height and, when the
box is narrower than :data:`CARD_BELOW_PX`, shows each row as a card: its name on top, then one
"column  value" line per cell (the column's name is the cell's ``data-label``), the header hidden.
Pinned Down's tables were the first (task pd_phone_odds); the other games share this helper.

Each game keeps its own class prefix (``pd``, ``endor``, ``fc``, ``sr``), so its pages and tests
read its classes as before.

>>> html_text = odds_table("fc", "fc-reach", ["ship", "base tiles"], [odds_row("fc", "Fighter", [("base tiles", "2 ends")])])
>>> "@container (max-width: 560px)" in html_text and "<td data-label='base tiles' class='fc-num'>2 ends</td>" in html_text
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

CARD_BELOW_PX = 560
"""Under this width of the table's box, each row is shown as a card (a 390 px screen leaves about 306 px)."""

LINE_HEIGHT = 1.4
"""The tables' line height against their text (the HTML widget's own made 13 px lines 28 px high)."""


def odds_css(prefix: str, cards_below: int = CARD_BELOW_PX) -> str:
    """The ``<style>`` of the tables in a ``<prefix>-odds-box`` (the same rules for every game).

    On a wide screen number cells (class ``<prefix>-num``) and the first cell keep to one line; in a
    phone's card they wrap rather than run past the card (prose cells are not marked: :func:`odds_row`).
    ``cards_below``: the box width (px) under which rows become cards; a table of many number columns
    needs more than :data:`CARD_BELOW_PX` to show them side by side.

    >>> odds_css("pd").startswith("<style>.pd-odds-box{container-type:inline-size;width:100%;font-size:13px;"
    ...                            "line-height:1.4;color:#2b2f36}")
    True
    """
    box, num = f".{prefix}-odds-box", f"{prefix}-num"
    return (
        f"<style>{box}{{container-type:inline-size;width:100%;font-size:13px;line-height:{LINE_HEIGHT};"
        f"color:#2b2f36}}"
        f"{box} p{{margin:2px 0 6px}}{box} table{{border-collapse:collapse}}"
        f"{box} th,{box} td{{padding:3px 8px;text-align:left;vertical-align:top;"
        f"border-bottom:1px solid #e3e6ea}}{box} th{{font-weight:600}}"
        f"{box} td.{num},{box} td:first-child{{white-space:nowrap}}"
        f"@container (max-width: {cards_below}px){{{box} table,{box} thead,{box} tbody,{box} tr,"
        f"{box} td{{display:block;width:auto}}{box} thead{{display:none}}"
        f"{box} tr{{border:1px solid #d5d9e0;border-radius:6px;margin:0 0 6px;padding:4px 8px}}"
        f"{box} td,{box} td.{num}{{border:0;padding:1px 0;white-space:normal}}"
        f"{box} td:empty{{display:none}}"
        f"{box} td:first-child{{font-weight:600;white-space:normal}}"
        f"{box} td[data-label]{{display:grid;grid-template-columns:minmax(0,10em) minmax(0,1fr);gap:8px;"
        f"overflow-wrap:anywhere}}{box} td[data-label]::before{{content:attr(data-label);color:#5b6472}}}}</style>"
    )


def odds_table(prefix: str, css: str, head: Sequence[str], rows: Sequence[str], lead: str = "", *,
               cards_below: int = CARD_BELOW_PX) -> str:
    """A table (class ``css``) in its box: ``head`` the columns' names, ``rows`` from :func:`odds_row`.

    ``lead`` is a sentence above the table (class ``<prefix>-muted``), escaped here; ``cards_below`` as in
    :func:`odds_css`.
    """
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    intro = f'<p class="{prefix}-muted">{html.escape(lead)}</p>' if lead else ""
    return (f'{odds_css(prefix, cards_below)}<div class="{prefix}-odds-box">{intro}<table class="{css}"><thead><tr>{th}</tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table></div>')


def odds_row(prefix: str, name: str, cells: Sequence[tuple[str, str]], *, notes: Iterable[str] = ("note",)) -> str:
    """One row: ``name`` (a card, a move, a ship), then each ``(column, text)`` labelled with its column.

    A cell whose column is in ``notes`` is prose: it wraps on a wide screen too; the others are numbers
    (class ``<prefix>-num``), on one line there. An empty cell stays empty (and out of a phone's card).
    Texts are escaped here.

    >>> odds_row("pd", "play nothing", [("threat added", "0"), ("note", "")])
    "<tr><td>play nothing</td><td data-label='threat added' class='pd-num'>0</td><td></td></tr>"
    """
    prose = set(notes)
    tds = []
    for column, text in cells:
        if not text:
            tds.append("<td></td>")
            continue
        css = "" if column in prose else f" class='{prefix}-num'"
        tds.append(f"<td data-label='{html.escape(column, quote=True)}'{css}>{html.escape(text)}</td>")
    return f"<tr><td>{html.escape(name)}</td>{''.join(tds)}</tr>"


def reason_row(prefix: str, name: str, reason: str, span: int) -> str:
    """A row with no numbers: ``name``, then why it has none across the other ``span`` columns.

    >>> reason_row("endor", "Luke Skywalker", "cannot be used: Luke is destroyed", 2)
    "<tr><td>Luke Skywalker</td><td colspan='2' class='endor-muted'>cannot be used: Luke is destroyed</td></tr>"
    """
    return (f"<tr><td>{html.escape(name)}</td><td colspan='{span}' class='{prefix}-muted'>{html.escape(reason)}"
            f"</td></tr>")
