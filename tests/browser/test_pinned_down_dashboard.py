"""The Pinned Down dashboard in headless Chromium: play an effect, see the threat pool and the reveal chart change.

Seed 2, one player flying the Purple Wing (TRI Pegasus, Mr. Alford and Mr. Snider): the setup is dealt at once
and the page opens at the main phase with Analyze Attack, Covert Ops and Watch Your Back in hand, threat 2.
Playing Covert Ops adds 1 threat, so the attack the Odds tab forecasts changes. Screenshots (desktop and
390 px) go to ``$PD_SHOTS`` when set, else a temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/pinned_down.ipynb"
BARS = ".re-odds .js-plotly-plot .trace.bars"
CHART_DATA_JS = """() => {
    const plots = Array.from(document.querySelectorAll('.re-odds .js-plotly-plot'));
    if (plots.length !== 1 || !plots[0].data || !plots[0].data.length) return null;
    return JSON.stringify(plots[0].data.map(t => [t.name, t.y]));
}"""


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PD_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_play_an_effect_moves_threat_and_reveal_chart(page: Page, voila_url: str, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    open_page(page, voila_url + DASHBOARD, ".pd-threat")
    assert_no_error_page(page)
    expect(page.locator(".re-phase")).to_contain_text("main phase")
    expect(page.locator(".pd-threat")).to_have_text("2")

    page.get_by_role("tab", name="Odds").click()
    page.wait_for_selector(BARS, timeout=60_000)
    page.wait_for_function(f"() => ({CHART_DATA_JS})() !== null", timeout=60_000)
    before = page.evaluate(CHART_DATA_JS)
    assert "Covert Ops" in before
    page.screenshot(path=str(shots(tmp_path) / "pinned_down_odds_desktop.png"), full_page=True)

    page.get_by_role("tab", name="Play").click()
    click_and_wait(page, page.locator(".re-actions").get_by_role("button", name="play Covert Ops"))
    expect(page.locator(".pd-threat")).to_have_text("3")
    expect(page.locator(".re-status")).to_contain_text("Covert Ops")
    page.screenshot(path=str(shots(tmp_path) / "pinned_down_play_desktop.png"), full_page=True)

    page.get_by_role("tab", name="Odds").click()
    page.wait_for_function(f"prev => {{ const now = ({CHART_DATA_JS})(); return now !== null && now !== prev; }}",
                           arg=before, timeout=60_000)
    assert "Covert Ops" not in page.evaluate(CHART_DATA_JS)

    page.set_viewport_size({"width": 390, "height": 900})
    page.get_by_role("tab", name="Play").click()
    expect(page.locator(".pd-threat")).to_be_visible()
    page.screenshot(path=str(shots(tmp_path) / "pinned_down_phone.png"), full_page=True)
    board = page.locator(".re-position-view")
    board.scroll_into_view_if_needed()
    assert board.bounding_box()["width"] <= 390
    board.screenshot(path=str(shots(tmp_path) / "pinned_down_phone_board.png"))
    assert_no_error_page(page)
