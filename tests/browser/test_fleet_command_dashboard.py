"""The Space Fleet Command dashboard in headless Chromium: select a ship, move it, see the map and shot odds change.

Seed 1 (the dashboard's default) opens at round 1's Movement Phase with Player 2 to move. Their
Interceptor, given two more tiles by a cube, can close in on Player 1's line; then Player 1 is to
move and the Odds tab shows the shots their ships now have on it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/fleet_command.ipynb"
SHOTS = Path(os.environ.get("FLEET_COMMAND_SHOTS", "/tmp/fleet-command-shots"))
MAP_JS = """() => {
    const el = document.querySelector('.fc-map .js-plotly-plot');
    return el && el.layout && el.layout.meta ? JSON.stringify([el.layout.meta, el.data.map(t => t.x)]) : null;
}"""
SHOT_CHART_JS = """() => {
    const plots = Array.from(document.querySelectorAll('.re-odds .js-plotly-plot'));
    const el = plots.find(p => p.layout && p.layout.title && /shot|arc(\\s|<br>)+and(\\s|<br>)+range/.test(p.layout.title.text));
    return el ? el.layout.title.text + '|' + JSON.stringify(el.data[0].x) : null;
}"""


def select_option(page: Page, css: str, pattern: str) -> None:
    select = page.locator(f"{css} select")
    expect(select.locator("option", has_text=re.compile(pattern)).first).to_be_attached()
    labels = [t.replace("\xa0", " ") for t in select.locator("option").all_inner_texts()]
    index = next(i for i, t in enumerate(labels) if re.search(pattern, t))
    select.select_option(index=index)


def open_tab(page: Page, title: str) -> None:
    page.get_by_role("tab", name=title).click()


def test_select_a_ship_move_it_and_see_the_map_and_shot_odds_change(page: Page, voila_url: str) -> None:
    open_page(page, voila_url + DASHBOARD, ".fc-move")
    expect(page.locator(".re-phase")).to_contain_text("Movement Phase · Player 2 decides")
    page.wait_for_function(f"() => ({MAP_JS})() !== null", timeout=60_000)

    open_tab(page, "Odds")
    page.wait_for_function(f"() => ({SHOT_CHART_JS})() !== null", timeout=60_000)
    chart_before = page.evaluate(SHOT_CHART_JS)
    open_tab(page, "Play")

    # select Player 2's Interceptor and two more tiles for a cube: its arc and reach cloud are drawn
    map_before = page.evaluate(MAP_JS)
    select_option(page, ".fc-ship", r"^Player\s2\s·\sInterceptor")
    page.locator(".fc-tiles").get_by_role("button", name="+2 tiles (cube)").click()
    page.wait_for_function("""prev => { const el = document.querySelector('.fc-map .js-plotly-plot');
        return el && el.layout.meta.arc === 'Interceptor' && el.layout.meta.reach > 20; }""", timeout=30_000)
    click_and_wait(page, page.locator(".fc-move"))
    expect(page.locator(".re-phase")).to_contain_text("lay out the path")

    # preview a path that ends with a shot, then lay it out
    select_option(page, ".fc-path", r"can\sshoot")
    page.wait_for_function("() => document.querySelector('.fc-map .js-plotly-plot').layout.meta.ghost >= 3",
                           timeout=30_000)
    click_and_wait(page, page.locator(".fc-lay-out"))
    expect(page.locator(".re-status")).to_contain_text("Player 2's Interceptor")
    expect(page.locator(".re-phase")).to_contain_text("Movement Phase · Player 1 decides")
    page.wait_for_function(f"prev => {{ const m = ({MAP_JS})(); return m && m !== prev; }}", arg=map_before,
                           timeout=30_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "fleet-command-desktop.png"), full_page=True)

    # the shot odds follow: Player 1's ships now have the Interceptor in arc and range
    open_tab(page, "Odds")
    page.wait_for_function(f"prev => {{ const t = ({SHOT_CHART_JS})(); return t && t !== prev; }}",
                           arg=chart_before, timeout=60_000)
    assert "Interceptor" in page.evaluate(SHOT_CHART_JS)
    page.screenshot(path=str(SHOTS / "fleet-command-odds-desktop.png"), full_page=True)
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    assert_no_error_page(page)

    # a phone-width visitor: the page loaded at 390 px draws the table to fit
    page.set_viewport_size({"width": 390, "height": 900})
    open_page(page, voila_url + DASHBOARD, ".fc-move")
    page.wait_for_function(f"() => ({MAP_JS})() !== null", timeout=60_000)
    width = page.evaluate("() => document.querySelector('.fc-map .js-plotly-plot').getBoundingClientRect().width")
    assert width <= 390
    # issue 18 §5: readable at 390 px — the table across the panel's width, its ranges kept, zoomable
    table = page.evaluate("""() => { const el = document.querySelector('.fc-map .js-plotly-plot');
        const fl = el._fullLayout;
        return {drawn: fl.xaxis._length, box: el.getBoundingClientRect().width, range: fl.xaxis.range,
                zoom: el._context.scrollZoom}; }""")
    assert table["box"] >= 300 and table["drawn"] >= 0.9 * table["box"] - 20, table
    assert table["range"] == [-0.3, 12.3] and table["zoom"] is True, table
    page.screenshot(path=str(SHOTS / "fleet-command-390.png"), full_page=True)
    view = page.locator(".re-position-view")
    view.scroll_into_view_if_needed()
    view.screenshot(path=str(SHOTS / "fleet-command-390-table.png"))
    page.locator(".fc-move").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "fleet-command-390-controls.png"))
    assert_no_error_page(page)
