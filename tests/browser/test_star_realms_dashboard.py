"""The Star Realms dashboard in headless Chromium: play, buy, end the turn, the seat view, the odds charts change.

Seed 12 (the dashboard's default): player 1 opens with 3 Scouts and the trade row
holds Trade Pod (cost 2), so a buy is possible on the first turn.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/star_realms.ipynb"
SHOTS = Path(os.environ.get("SR_SHOTS", "/tmp/sr-shots"))  # where the screenshots go (looked at by a person)
BARS = ".re-odds .js-plotly-plot .trace.bars"
# The three odds charts' data (Trade, Combat, buy comparison) once all are drawn, else null:
# a chart being replaced is briefly missing or empty, and such a moment must not count as a change.
CHART_DATA_JS = """() => {
    const plots = Array.from(document.querySelectorAll('.re-odds .js-plotly-plot'));
    if (plots.length !== 3 || plots.some(el => !el.data || !el.data.length)) return null;
    return JSON.stringify(plots.map(el => el.data.map(t => t.y)));
}"""


def table_button(page: Page, group: str, name: str):
    return page.locator(f".{group}").get_by_role("button", name=name, exact=True)


def chart_data(page: Page) -> str | None:
    return page.evaluate(CHART_DATA_JS)


def test_play_buy_end_turn_and_the_odds_change(page: Page, voila_url: str, tmp_path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    open_page(page, voila_url + DASHBOARD, ".sr-board")
    expect(page.locator(".re-phase")).to_contain_text("main phase (player 1, turn 1)")
    expect(page.locator(".sr-trade-row .sr-card")).to_have_count(5)
    # the header: format, seats, and the Explorer of the rules document against the printed card (issue 7 §4)
    expect(page.locator(".sr-format-line")).to_contain_text("Standard (1 vs 1) · 2 players")
    expect(page.locator(".sr-format-line")).to_contain_text("the printed card gives +2 Trade")
    expect(page.locator(".sr-explorer-variant")).to_be_visible()

    for _ in range(3):
        expect(table_button(page, "sr-play", "play Scout")).to_be_visible()
        click_and_wait(page, table_button(page, "sr-play", "play Scout"))
    expect(page.locator('.sr-player[data-seat="1"] .sr-trade')).to_have_text("3 Trade")
    expect(table_button(page, "sr-buy", "buy Trade Pod")).to_be_visible()
    expect(table_button(page, "sr-buy", "buy Brain World")).to_have_count(0)  # 8 Trade: no button

    # the odds of player 1's next hand, before buying
    page.get_by_role("tab", name="Odds").click()
    page.wait_for_selector(BARS, timeout=60_000)
    expect(page.locator(".sr-next-hand")).to_contain_text("Player 1's next hand")
    expect(page.locator(".sr-buy-table")).to_contain_text("Trade Pod")
    expect(page.locator(".sr-lethal-table")).to_contain_text("Can player 2 finish you")
    expect(page.locator(".sr-buy-table")).to_contain_text("first in hand (turn)")
    page.wait_for_function(f"() => ({CHART_DATA_JS})() !== null")
    before = chart_data(page)
    page.set_viewport_size({"width": 1280, "height": 2000})
    page.screenshot(path=str(SHOTS / "odds-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 2400})
    page.screenshot(path=str(SHOTS / "odds-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 2000})
    page.get_by_role("tab", name="Play").click()
    page.screenshot(path=str(SHOTS / "play-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 2400})
    page.screenshot(path=str(SHOTS / "play-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 2000})

    click_and_wait(page, table_button(page, "sr-buy", "buy Trade Pod"))
    expect(page.locator(".re-status")).to_contain_text("Player 1 buys Trade Pod")  # the rules' story
    expect(page.locator('.sr-player[data-seat="1"] .sr-discard')).to_contain_text("Trade Pod")
    click_and_wait(page, table_button(page, "sr-end", "end turn"))
    expect(page.locator(".re-phase")).to_contain_text("main phase (player 2, turn 2)")

    # view as player 1: player 2's hand is face down and their moves are not listed
    select = page.locator(".sr-view-as select")
    expect(select.locator("option", has_text="Player 1")).to_have_count(1)  # options arrive in their own message
    select.select_option(label="Player\xa01")
    expect(page.locator('.sr-player[data-seat="2"] .sr-hand')).to_contain_text("5 face-down cards")
    expect(page.locator(".sr-hint")).to_contain_text("Player 2 decides")
    page.screenshot(path=str(tmp_path / "star-realms-seat-view.png"), full_page=True)
    select.select_option(label="table (all hands)".replace(" ", "\xa0"))
    expect(page.locator('.sr-player[data-seat="2"] .sr-hand')).not_to_contain_text("face-down")

    page.get_by_role("tab", name="Odds").click()
    page.wait_for_function(f"prev => {{ const now = ({CHART_DATA_JS})(); return now !== null && now !== prev; }}",
                           arg=before, timeout=30_000)
    expect(page.locator(".sr-next-hand")).to_contain_text("Player 2's next hand")
    assert chart_data(page) not in (None, before)
    expect(page.locator(BARS).first).to_be_visible()
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    page.screenshot(path=str(tmp_path / "star-realms-odds-turn2.png"), full_page=True)
    page.get_by_role("tab", name="Play").click()
    page.screenshot(path=str(tmp_path / "star-realms-play.png"), full_page=True)
    assert_no_error_page(page)
