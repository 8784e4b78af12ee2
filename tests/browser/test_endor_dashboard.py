"""The Endor dashboard in headless Chromium: plan, play a Shield Assault order, see the track and chart change.

Seed 1 (the dashboard's default) deals the Rebels a Shield Assault card; they plan it first, the
Empire plans any three, and the Rebels reveal it and give the Shield Assault order.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/endor.ipynb"
SHOTS = Path(os.environ.get("ENDOR_SHOTS", "/tmp/endor-shots"))
TRACK_JS = """() => {
    const el = document.querySelector('.endor-tracks .js-plotly-plot');
    return el && el.data ? JSON.stringify(el.data[2].x) : null;
}"""
SHIELD_CHART_JS = """() => {
    const plots = Array.from(document.querySelectorAll('.re-odds .js-plotly-plot'));
    const el = plots.find(p => p.layout && p.layout.title && /Shield Assault from space/.test(p.layout.title.text));
    return el ? el.layout.title.text + '|' + JSON.stringify(el.data[0].y) : null;
}"""


def action(page: Page, name: str | re.Pattern) -> None:
    button = page.locator(".re-actions").get_by_role("button", name=name).first
    expect(button).to_be_visible()
    click_and_wait(page, button)


def open_tab(page: Page, title: str) -> None:
    page.get_by_role("tab", name=title).click()


def test_shield_assault_moves_the_track_and_the_odds_chart(page: Page, voila_url: str) -> None:
    open_page(page, voila_url + DASHBOARD, ".endor-resolve")
    expect(page.locator(".re-phase")).to_contain_text("deal: Rebels draw their starting hand")
    click_and_wait(page, page.locator(".endor-resolve"))
    expect(page.locator(".re-phase")).to_contain_text("plan: Rebels place order 1 of 3")
    action(page, re.compile(r"^plan .*Shield Assault"))
    for _ in range(5):
        action(page, re.compile(r"^plan "))
    expect(page.locator(".re-phase")).to_contain_text("orders: Rebels reveal")
    open_tab(page, "Odds")
    page.wait_for_function(SHIELD_CHART_JS, timeout=30_000)
    chart_before = page.evaluate(SHIELD_CHART_JS)
    assert "from space 0" in chart_before
    open_tab(page, "Play")
    track_before = page.evaluate(TRACK_JS)
    action(page, "order Shield Assault")
    click_and_wait(page, page.locator(".endor-resolve"))                 # roll the 5 dice
    expect(page.locator(".re-status")).to_contain_text("roll 5 dice for the Shield Assault")
    page.wait_for_function(f"prev => ({TRACK_JS})() !== prev", arg=track_before, timeout=30_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 2000})
    page.locator(".re-match").screenshot(path=str(SHOTS / "endor-desktop.png"))
    open_tab(page, "Odds")
    page.wait_for_function(f"prev => {{ const t = ({SHIELD_CHART_JS})(); return t && t !== prev; }}",
                           arg=chart_before, timeout=30_000)
    assert "from space 0" not in page.evaluate(SHIELD_CHART_JS)
    page.locator(".re-match").screenshot(path=str(SHOTS / "endor-odds-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 3000})
    open_tab(page, "Play")
    page.wait_for_timeout(1500)                                          # let Plotly re-lay out at 390 px
    page.locator(".re-match").screenshot(path=str(SHOTS / "endor-390.png"))
    assert_no_error_page(page)


LABEL_OVERLAPS_JS = """() => {
    const svg = document.querySelector('.endor-board .main-svg');
    const frame = svg.getBoundingClientRect();
    const boxes = Array.from(document.querySelectorAll('.endor-board .textpoint text'))
        .filter(t => t.textContent.trim())
        .map(t => { const r = t.getBoundingClientRect();
                    return {text: t.textContent, l: r.left, t: r.top, r: r.right, b: r.bottom}; });
    const meets = [];
    for (let i = 0; i < boxes.length; i++) {
        const a = boxes[i];
        if (a.l < frame.left || a.r > frame.right || a.t < frame.top || a.b > frame.bottom) meets.push([a.text, 'edge']);
        for (let j = i + 1; j < boxes.length; j++) {
            const c = boxes[j];
            if (a.l < c.r - 0.5 && c.l < a.r - 0.5 && a.t < c.b - 0.5 && c.t < a.b - 0.5) meets.push([a.text, c.text]);
        }
    }
    const plot = document.querySelector('.endor-board .js-plotly-plot');
    const fl = plot && plot._fullLayout;
    const size = fl ? [fl.width, fl.height, fl.xaxis._length, fl.yaxis._length, fl.xaxis.range, fl.yaxis.range, fl.xaxis.domain, fl.yaxis.domain] : null;
    return {labels: boxes.length, width: frame.width, meets: meets, size: size};
}"""


def _labels_clear(page: Page, shot: str) -> None:
    page.wait_for_timeout(1500)                                          # let Plotly lay out at this width
    found = page.evaluate(LABEL_OVERLAPS_JS)
    page.screenshot(path=str(SHOTS / shot), full_page=True)
    assert found["labels"] >= 30 and found["width"] <= 390            # every sector's id, the ships, the Death Star
    assert found["meets"] == [], f"map labels meet at 390 px: {found['meets']} (figure, plot sizes {found['size']})"


def test_map_labels_never_meet_at_phone_width(page: Page, voila_url: str) -> None:
    # issue 18 §5: "Endor's map labels must not overlap" at 390 px, checked by the labels' element boxes
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 1600})
    open_page(page, voila_url + DASHBOARD, ".endor-board .textpoint text")
    _labels_clear(page, "endor-map-390-start.png")                      # the starting position: every ship placed
    moves = page.locator(".widget-inline-hbox:has(label:text-is('N')) input")
    moves.fill("150")
    moves.press("Enter")
    click_and_wait(page, page.locator(".re-auto"))                       # 150 moves of the chosen policy
    expect(page.locator(".re-status")).not_to_contain_text("…", timeout=120_000)
    _labels_clear(page, "endor-map-390-later.png")
    assert_no_error_page(page)
