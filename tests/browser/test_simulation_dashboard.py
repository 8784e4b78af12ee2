"""The simulation dashboard in headless Chromium: a 200-game run moves the progress bar and draws the
chart; a second run is cancelled and keeps its partial results (issue 13 §4).

The 200-game run is Warp's Edge (random games last a few dozen moves, so it ends
in seconds here); the cancelled run is 200 Star Realms games under the heuristic,
which lasts long enough to cancel mid-way.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, open_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/simulation.ipynb"
SHOTS = Path("/work/notes/shots/simulation")
PROGRESS_JS = """() => {
    const bar = document.querySelector('.sim-progress .progress-bar');
    return bar ? parseFloat(bar.style.width || '0') : -1;
}"""
CHART_X_JS = """() => {
    const el = document.querySelector('.sim-winrate .js-plotly-plot');
    return el && el.data && el.data.length ? el.data[0].x : null;
}"""


def _shot(page: Page, name: str) -> None:
    if SHOTS.parent.exists():
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)


def _choose(page: Page, css: str, label: str) -> None:
    page.locator(f"{css} select").select_option(label=label)


def test_run_shows_progress_and_chart_then_cancel_keeps_partial_results(page: Page, voila_url: str) -> None:
    open_page(page, voila_url + DASHBOARD, ".sim-run")
    expect(page.locator(".sim-status")).to_contain_text("Ready")

    # a 200-game Warp's Edge run: the bar advances, the chart appears, the table and CSV link follow
    _choose(page, ".sim-game", "Warp's Edge")
    expect(page.locator(".widget-dropdown", has_text="Pilot")).to_have_count(1)
    expect(page.locator(".sim-games input")).to_have_value("200")
    page.locator(".sim-run").click()
    page.wait_for_function(f"({PROGRESS_JS})() > 0", timeout=60_000)
    page.wait_for_function(f"JSON.stringify(({CHART_X_JS})()) === JSON.stringify(['Pilot'])", timeout=60_000)
    expect(page.locator(".sim-status")).to_contain_text("Done: 200 games", timeout=120_000)
    expect(page.locator(".sim-progress-text")).to_contain_text("200 / 200 games")
    expect(page.locator(".sim-winrate .gtitle")).to_contain_text("200 games")
    expect(page.locator(".sim-table")).to_contain_text("First 25 of 200 games")
    expect(page.locator(".sim-download a")).to_have_attribute("download", "warps_edge-standard-seeds-0.csv")
    _shot(page, "desktop-done.png")
    page.locator(".sim-lengths .js-plotly-plot").scroll_into_view_if_needed()
    _shot(page, "desktop-lengths.png")

    # "replay game #0": the game's own match panel opens below at seed 0, with the code line
    page.locator(".sim-replay").click()
    expect(page.locator(".sim-replay-code")).to_contain_text("Game #0 is seed 0")
    expect(page.locator(".re-match .re-phase")).to_be_visible()
    page.locator(".sim-replay-code").scroll_into_view_if_needed()
    _shot(page, "desktop-replay.png")

    # a second run (Star Realms, heuristic) is cancelled after its first chunks
    _choose(page, ".sim-game", "Star Realms (base set)")
    expect(page.locator(".widget-dropdown", has_text="Player 2")).to_have_count(1)
    page.locator(".sim-run").click()
    expect(page.locator(".sim-status")).to_contain_text("Running 200 games")
    page.wait_for_function(f"({PROGRESS_JS})() > 0", timeout=90_000)
    page.locator(".sim-cancel").click()
    expect(page.locator(".sim-status")).to_contain_text("Cancelled: kept the", timeout=90_000)
    kept = int(re.search(r"kept the (\d+) games", page.locator(".sim-status").inner_text()).group(1))
    assert 0 < kept < 200
    expect(page.locator(".sim-progress-text")).to_contain_text(f"{kept} / 200 games")
    page.wait_for_function(f"JSON.stringify(({CHART_X_JS})()) === JSON.stringify(['Player 1', 'Player 2'])")
    expect(page.locator(".sim-winrate .gtitle")).to_contain_text(f"{kept} of 200 games")
    expect(page.locator(".sim-summary")).to_contain_text("(cancelled)")
    _shot(page, "desktop-cancelled.png")
    page.set_viewport_size({"width": 390, "height": 900})
    _shot(page, "mobile-cancelled.png")
    assert_no_error_page(page)
