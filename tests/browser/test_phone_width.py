"""Every dashboard at phone width (390 px): nothing overlaps, nothing makes the page scroll sideways.

Checked by element boxes, not by eye (issue "One match, wherever you look" §5): the page is no
wider than the screen; no two visible controls overlap; no chart legend or toolbar covers its
chart's title (legends sit under the chart, the toolbar shows only on hover); on the game pages
the Odds tab is opened so its charts are measured too. Screenshots go to ``$PHONE_SHOTS`` when set.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from panel_page import assert_no_error_page, open_page, overlapping_controls
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
        page.screenshot(path=str(shots(tmp_path) / f"{game}-390-play.png"), full_page=True)
        page.locator(".lm-TabBar-tab", has_text="Odds").first.click()
        page.wait_for_function("() => !document.querySelector('.re-odds-busy') || "
                               "document.querySelector('.re-odds-busy').innerText.trim() === ''", timeout=60_000)
        page.wait_for_timeout(1500)  # charts draw after their widget message
        odds = measure(page)
        fit = page.evaluate(ODDS_FIT_JS)
        page.locator(".re-odds").screenshot(path=str(shots(tmp_path) / f"{game}-390-odds.png"))
    finally:
        page.context.close()
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
