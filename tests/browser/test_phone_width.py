"""Every dashboard at phone width (390 px): nothing overlaps, nothing makes the page scroll sideways.

Checked by element boxes, not by eye (issue "One match, wherever you look" §5): the page is no
wider than the screen; no two visible controls overlap; no chart legend or toolbar covers its
chart's title (legends sit under the chart, the toolbar shows only on hover); on the game pages
the Odds tab is opened so its charts are measured too. Screenshots go to ``$PHONE_SHOTS`` when set.

Issue 37 item 8: a game page shows its board within the first screen (the policy, the seed and New game fold
behind "More controls"; Step and Auto stay), and no text is cut by its box on the Play tab, with the controls
open, or on the Set up position tab (the label "Combat gained this turn" showed 28 px of its 45).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, open_page, overlapping_controls
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
GAMES = ("warps_edge", "star_realms", "endor", "fleet_command", "pinned_down")
OTHER_PAGES = {"calculators": ".re-panel", "simulation": ".re-sim, .re-match, .widget-button"}

# How far the page scrolls sideways past the screen (0: not at all).
SIDEWAYS_JS = "() => document.scrollingElement.scrollWidth - window.innerWidth"

# For every drawn chart: its title's box against its legend's and its visible toolbar's boxes.
CHART_COVERS_JS = """() => {
    const cut = (r, q) => Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1
                         && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 1;
    const out = [];
    for (const plot of document.querySelectorAll('.js-plotly-plot')) {
        const title = plot.querySelector('.gtitle');
        if (!title) continue;
        const t = title.getBoundingClientRect();
        if (t.width === 0) continue;
        const legend = plot.querySelector('.legend');
        if (legend && cut(t, legend.getBoundingClientRect())) out.push(title.textContent + ' covered by its legend');
        // the toolbar: its buttons, whether shown now or only on hover (a touch screen shows them always)
        for (const group of plot.querySelectorAll('.modebar-group')) {
            const g = group.getBoundingClientRect();
            if (cut(t, g)) {
                out.push(title.textContent + ' covered by the toolbar (title ' + [t.left, t.top, t.right, t.bottom].map(Math.round)
                         + ', toolbar ' + [g.left, g.top, g.right, g.bottom].map(Math.round) + ')');
                break;
            }
        }
        const right = plot.getBoundingClientRect().right;
        if (right > window.innerWidth + 2) out.push(title.textContent + ' runs past the screen by ' + (right - window.innerWidth));
    }
    return out;
}"""

ODDS_FIT_GAMES = ("endor", "fleet_command", "pinned_down", "star_realms", "warps_edge")
"""Games whose Odds tab is also checked to fit a phone (``ODDS_FIT_JS``): every game's, since task odds_phone_all.
Measured 2026-11-26 at 390 px before it: Star Realms' charts ran 14 px past the tab, Fleet Command's reach table
70 px, Endor's first plot was 96 px high (every other chart 122-171 px), and the tables' lines were 2.1 times
their text's size. After: nothing past the tab, plots 211-225 px, lines 1.4 times their text."""

MIN_PLOT_PX = 200  # the plot area of an Odds chart at phone width (Pinned Down's reveal chart was a 50 px strip)

# The Odds tab on a phone: what runs past the tab's right edge (hidden: the page never scrolls sideways), which
# HTML box clips its own content, each chart's plot-area height, and the tallest table line against its text.
ODDS_FIT_JS = """() => {
    const odds = document.querySelector('.re-odds');
    const edge = odds.getBoundingClientRect().right;
    const cut = [];
    for (const el of odds.querySelectorAll('table, p, .js-plotly-plot')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > edge + 2) cut.push(el.tagName + '.' + el.classList[0] + ' runs '
                                                        + Math.round(r.right - edge) + ' px past the Odds tab');
    }
    for (const box of odds.querySelectorAll('.widget-html-content')) {
        if (box.scrollHeight > box.clientHeight + 2 || box.scrollWidth > box.clientWidth + 2)
            cut.push('an HTML box clips its content (' + [box.clientWidth, box.clientHeight] + ' shows '
                     + [box.scrollWidth, box.scrollHeight] + ')');
    }
    // a chart with nothing to draw hides its axes and says why in a short box: it has no plot area to measure
    const drawn = Array.from(odds.querySelectorAll('.js-plotly-plot'))
        .filter(gd => !(gd.layout && gd.layout.xaxis && gd.layout.xaxis.visible === false));
    const plots = drawn.map(gd => gd.querySelector('.nsewdrag')).filter(d => d)
        .map(d => Math.round(d.getBoundingClientRect().height));
    // numbers on bars: Plotly shrinks a label to its bar's width (drawn at 5-6 px at 390 px before BAR_LABELS);
    // a label must be readable (9 px or more) or left off (scale 0)
    const tiny = [];
    for (const t of odds.querySelectorAll('text.bartext')) {
        const scale = parseFloat(((t.getAttribute('transform') || '').match(/scale\\(([0-9.]+)/) || [0, 1])[1]);
        const px = scale * parseFloat(getComputedStyle(t).fontSize);
        if (scale > 0 && px < 8.5) tiny.push(t.textContent + ' at ' + px.toFixed(1) + ' px');
    }
    const lines = Array.from(odds.querySelectorAll('td')).filter(td => td.getBoundingClientRect().width > 0)
        .map(td => { const st = getComputedStyle(td); return parseFloat(st.lineHeight) / parseFloat(st.fontSize); });
    return {cut, plots, tiny, tables: odds.querySelectorAll('table').length,
            line: lines.length ? Math.round(100 * Math.max(...lines)) / 100 : 0};
}"""


BOARD_TOP_JS = "() => Math.round(document.querySelector('.re-match .re-position-view').getBoundingClientRect().top)"
"""Where the board (the Play tab's position view) starts on the page, scrolled to the top. Measured 2026-12-07 at
390 x 844 before issue 37 item 8: Warp's Edge 863 px, Star Realms 1032, Endor 940, Fleet Command 947, Pinned Down
873 (the notebook's heading, the panel's header and two screens' width of controls came first). After: 536-632."""

# Text a box cuts off: an element holding text itself whose box hides what does not fit (overflow hidden or clip,
# or an ellipsis) and is smaller than its content, across or down. Scrolling boxes (the log) and the insides of
# charts, inputs and lists are left out: a person scrolls those, and a list shows its options when opened.
CUT_TEXT_JS = """root => {
    const cut = [];
    for (const el of document.querySelectorAll(root + ' *')) {
        if (el.closest('svg') || ['INPUT', 'SELECT', 'TEXTAREA', 'OPTION'].includes(el.tagName)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const own = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
        if (!own) continue;
        const st = getComputedStyle(el);
        if (st.visibility === 'hidden') continue;
        const hides = v => v === 'hidden' || v === 'clip';
        const name = '"' + own.slice(0, 40) + '" (' + el.tagName.toLowerCase() + '.' + (el.classList[0] || '') + ')';
        if ((hides(st.overflowX) || st.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1)
            cut.push(name + ' cut across: ' + el.clientWidth + ' px shows ' + el.scrollWidth);
        if (hides(st.overflowY) && el.scrollHeight > el.clientHeight + 1)
            cut.push(name + ' cut down: ' + el.clientHeight + ' px shows ' + el.scrollHeight);
    }
    return cut;
}"""

# Chart text that runs past its chart's own picture (the SVG clips it): an advice chart's option labels.
CHART_TEXT_PAST_JS = """root => {
    const past = [];
    for (const plot of document.querySelectorAll(root + ' .js-plotly-plot')) {
        const svg = plot.querySelector('.main-svg');
        if (!svg) continue;
        const edge = svg.getBoundingClientRect();
        for (const t of plot.querySelectorAll('.annotation-text, .gtitle')) {
            const r = t.getBoundingClientRect();
            if (r.width > 0 && (r.right > edge.right + 1 || r.left < edge.left - 1))
                past.push('"' + t.textContent.slice(0, 50) + '" runs ' + Math.round(Math.max(r.right - edge.right,
                          edge.left - r.left)) + ' px past its chart');
        }
    }
    return past;
}"""


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PHONE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def phone_page(browser: object) -> Page:
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)  # type: ignore[attr-defined]
    context.set_default_timeout(90_000)
    return context.new_page()


def measure(page: Page) -> dict[str, object]:
    return {"sideways": page.evaluate(SIDEWAYS_JS), "overlaps": overlapping_controls(page, "body"),
            "covered": page.evaluate(CHART_COVERS_JS)}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_dashboard_at_phone_width_has_no_overlap_and_no_sideways_scroll(
        browser: object, voila_url: str, tmp_path: Path, game: str) -> None:
    page = phone_page(browser)
    try:
        open_page(page, f"{voila_url}/voila/render/{game}.ipynb", ".re-match .re-phase")
        assert_no_error_page(page)
        page.wait_for_timeout(500)
        play = measure(page)
        board_top = page.evaluate(BOARD_TOP_JS)
        cut = {"play": page.evaluate(CUT_TEXT_JS, ".re-match")}
        page.screenshot(path=str(shots(tmp_path) / f"{game}-390-play.png"), full_page=True)
        folded = page.locator(".re-match .re-new-game").is_visible()
        page.locator(".re-more-toggle").click()
        page.locator(".re-match .re-new-game").wait_for(state="visible", timeout=30_000)
        opened = {"controls": [page.locator(f".re-match {c}").is_visible()
                               for c in (".re-auto", ".re-set-seed", ".re-new-game")], "overlaps": overlapping_controls(page, "body")}
        cut["controls open"] = page.evaluate(CUT_TEXT_JS, ".re-match")
        page.screenshot(path=str(shots(tmp_path) / f"{game}-390-more-controls.png"))
        page.locator(".lm-TabBar-tab", has_text="Set up position").first.click()
        page.wait_for_function("() => Array.from(document.querySelectorAll('.re-editor .widget-label'))"
                               ".some(l => l.offsetParent !== null && l.innerText.trim())", timeout=60_000)
        page.wait_for_timeout(500)
        cut["set up position"] = page.evaluate(CUT_TEXT_JS, ".re-match")
        page.locator(".lm-TabBar-tab", has_text="Odds").first.click()
        page.wait_for_function("() => !document.querySelector('.re-odds-busy') || "
                               "document.querySelector('.re-odds-busy').innerText.trim() === ''", timeout=60_000)
        page.wait_for_timeout(1500)  # charts draw after their widget message
        odds = measure(page)
        fit = page.evaluate(ODDS_FIT_JS)
        page.locator(".re-odds").screenshot(path=str(shots(tmp_path) / f"{game}-390-odds.png"))
    finally:
        page.context.close()
    assert board_top <= PHONE["height"], f"the board starts {board_top} px down, below the first screen"
    assert not folded and opened == {"controls": [True, True, True], "overlaps": []}, (folded, opened)
    assert cut == {"play": [], "controls open": [], "set up position": []}, cut
    assert play["sideways"] <= 2 and odds["sideways"] <= 2, (play, odds)
    assert play["overlaps"] == [] and odds["overlaps"] == [], (play, odds)
    assert play["covered"] == [] and odds["covered"] == [], (play, odds)
    if game in ODDS_FIT_GAMES:
        assert fit["cut"] == [], fit
        assert fit["tiny"] == [], fit  # numbers on bars are readable or left off (hover still gives them)
        assert fit["plots"] and min(fit["plots"]) >= MIN_PLOT_PX, fit  # a legend must not squeeze its plot
        assert fit["tables"] and fit["line"] <= 1.6, fit  # the HTML widget's 28 px lines made 13 px rows tall


@pytest.mark.parametrize("name", sorted(OTHER_PAGES))
def test_the_calculators_and_the_lab_at_phone_width_have_no_overlap_and_no_sideways_scroll(
        browser: object, voila_url: str, tmp_path: Path, name: str) -> None:
    page = phone_page(browser)
    try:
        open_page(page, f"{voila_url}/voila/render/{name}.ipynb", OTHER_PAGES[name])
        assert_no_error_page(page)
        page.wait_for_timeout(2000)
        found = measure(page)
        page.screenshot(path=str(shots(tmp_path) / f"{name}-390.png"), full_page=True)
    finally:
        page.context.close()
    assert found["sideways"] <= 2, found
    assert found["overlaps"] == [], found
    assert found["covered"] == [], found


def test_a_hint_s_option_labels_fit_a_phone_s_chart(browser: object, voila_url: str, tmp_path: Path) -> None:
    """Fleet Command's options read long ("move Fighter 2, activate for +2 tiles paid by Hopper"): every label is
    written above its bar, and none may run past the chart's right edge, where the picture cuts it (issue 37
    item 8: "Hoppe|" was cut there while the page's and the tab's margins took 60 px of a 390 px screen)."""
    page = phone_page(browser)
    try:
        open_page(page, f"{voila_url}/voila/render/fleet_command.ipynb", ".re-match .re-phase")
        assert_no_error_page(page)
        page.locator(".lm-TabBar-tab", has_text="Advice").first.click()
        page.locator(".re-advice-ask").click()
        page.locator(".re-advice-rows .re-advice-play").first.wait_for(state="visible", timeout=120_000)
        page.wait_for_function("() => !document.querySelector('.re-advice-ask').disabled", timeout=180_000)
        page.wait_for_timeout(1500)  # the chart draws after its widget message
        past = page.evaluate(CHART_TEXT_PAST_JS, ".re-advice")
        cut = page.evaluate(CUT_TEXT_JS, ".re-advice")
        page.locator(".re-advice").screenshot(path=str(shots(tmp_path) / "fleet_command-390-advice.png"))
    finally:
        page.context.close()
    assert past == [] and cut == [], (past, cut)
