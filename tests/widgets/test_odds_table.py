"""The Odds tabs' shared table (``widgets.common.odds_table``) and section headings, as a phone reads them.

At 390 px the HTML widget's 28 px line height made each wrapped 13 px line a tall band and wide tables ran past
the tab's edge (task odds_phone_all, measured with tests/browser/test_phone_width.py ODDS_FIT_JS).
"""

from __future__ import annotations

from widgets.common.odds_tab import OddsTab
from widgets.common.odds_table import odds_css, odds_row, odds_table, reason_row

# Pinned Down's table style as commit d91283f wrote it into widgets/pinned_down/odds_views.py (ODDS_CSS):
# the shared helper must give it back unchanged for the prefix "pd".
PINNED_DOWN_CSS = (
    "<style>.pd-odds-box{container-type:inline-size;width:100%;font-size:13px;line-height:1.4;color:#2b2f36}"
    ".pd-odds-box p{margin:2px 0 6px}.pd-odds-box table{border-collapse:collapse}"
    ".pd-odds-box th,.pd-odds-box td{padding:3px 8px;text-align:left;vertical-align:top;"
    "border-bottom:1px solid #e3e6ea}.pd-odds-box th{font-weight:600}"
    ".pd-odds-box td.pd-num,.pd-odds-box td:first-child{white-space:nowrap}"
    "@container (max-width: 560px){.pd-odds-box table,.pd-odds-box thead,.pd-odds-box tbody,.pd-odds-box tr,"
    ".pd-odds-box td{display:block;width:auto}.pd-odds-box thead{display:none}"
    ".pd-odds-box tr{border:1px solid #d5d9e0;border-radius:6px;margin:0 0 6px;padding:4px 8px}"
    ".pd-odds-box td,.pd-odds-box td.pd-num{border:0;padding:1px 0;white-space:normal}"
    ".pd-odds-box td:empty{display:none}"
    ".pd-odds-box td:first-child{font-weight:600;white-space:normal}"
    ".pd-odds-box td[data-label]{display:grid;grid-template-columns:minmax(0,10em) minmax(0,1fr);gap:8px;"
    "overflow-wrap:anywhere}.pd-odds-box td[data-label]::before{content:attr(data-label);color:#5b6472}}</style>"
)


def test_the_shared_style_is_pinned_downs_for_its_prefix() -> None:
    assert odds_css("pd") == PINNED_DOWN_CSS


def test_a_game_prefix_names_its_own_box_and_number_cells() -> None:
    css = odds_css("fc")
    assert ".fc-odds-box td.fc-num,.fc-odds-box td:first-child{white-space:nowrap}" in css
    assert "pd-" not in css


def test_a_wide_table_turns_into_cards_at_a_width_of_its_own() -> None:
    # Star Realms' buy table: seven one-line columns need ~970 px, so its rows become cards below 980 px
    assert "@container (max-width: 980px){" in odds_table("sr", "sr-buy-table", ["buy"], [], cards_below=980)
    assert "@container (max-width: 560px){" in odds_table("sr", "sr-buy-table", ["buy"], [])


def test_a_row_labels_each_cell_with_its_column_and_escapes_every_text() -> None:
    row = odds_row("endor", "B-wing & co", [("chance", "1/2 (50.00%)"), ("result", "a <hit>")], notes=("result",))
    assert row == ("<tr><td>B-wing &amp; co</td><td data-label='chance' class='endor-num'>1/2 (50.00%)</td>"
                   "<td data-label='result'>a &lt;hit&gt;</td></tr>")


def test_a_reason_row_spans_the_number_columns() -> None:
    assert reason_row("pd", "Watch Your Back", "a FIGHT card", 6) == (
        "<tr><td>Watch Your Back</td><td colspan='6' class='pd-muted'>a FIGHT card</td></tr>")


def test_a_table_puts_its_lead_and_header_in_its_box() -> None:
    text = odds_table("fc", "fc-reach", ["ship", "base tiles"], ["<tr><td>Fighter</td></tr>"], "Reach & more")
    assert text.endswith('<div class="fc-odds-box"><p class="fc-muted">Reach &amp; more</p><table class="fc-reach">'
                         "<thead><tr><th>ship</th><th>base tiles</th></tr></thead>"
                         "<tbody><tr><td>Fighter</td></tr></tbody></table></div>")


def test_an_odds_heading_sets_its_own_line_height() -> None:
    # a wrapped heading ("Shield Assault: orders until the shields are down" at 390 px) took 28 px lines
    tab = OddsTab([lambda s: "x"])
    assert tab.slots[0].heading.value == ('<div style="font-size:15px;font-weight:600;color:#2b2f36;margin:6px 0 2px;'
                                          'line-height:1.3">Odds 1</div>')
