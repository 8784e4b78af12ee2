"""Your own table, in a real browser: enter a Star Realms position, see its odds, share it, reload it.

Issue "Your own table" §5: a mid-game position with a Blob Carrier in the deck and two bases in
play is typed into the "Set up position" tab; the Odds tab answers about it; "Copy link" opens the
same position in a fresh page; a reload keeps the match; at phone width (390 px) no two controls
overlap.
"""

from __future__ import annotations

import re

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/star_realms.ipynb"
MY_TABLE = """format = "standard"
stage = "main"
turn = 9
moving = 1
explorers = 10
trade_row = ["Cutter", "Federation Shuttle", "Imperial Fighter", "Survey Ship", "Battle Pod"]

[[players]]
authority = 38
hand = ["Scout x3", "Viper", "Blob Fighter"]
deck = ["Scout x2", "Blob Carrier", "Trade Pod", "Viper"]
discard = ["Scout x3", "Cutter"]
bases = [{name = "Trading Post"}, {name = "Blob Wheel"}]

[[players]]
authority = 31
hand = ["Scout x5"]
deck = ["Scout x3", "Viper x2"]
"""


def open_dashboard(page: Page, url: str) -> None:
    open_page(page, url, ".re-match .re-phase")


def link_of(page: Page) -> str:
    field = page.locator(".re-share-url")
    page.wait_for_function("() => (document.querySelector('.re-share-url') || {}).value?.includes('?game=')")
    return field.input_value()


def test_enter_my_position_see_its_odds_share_it_and_reload(page: Page, voila_url: str, tmp_path) -> None:
    open_dashboard(page, voila_url + DASHBOARD)
    page.get_by_role("tab", name="Set up position").click()
    text = page.locator(".re-position-text textarea")
    expect(text).to_have_value(re.compile(r"\[\[players\]\]"))  # pre-filled from the game on screen
    text.fill(MY_TABLE)
    text.blur()
    expect(page.locator(".re-editor-verdict")).to_contain_text("A position the rules can reach: main phase "
                                                               "(player 1, turn 9)")
    expect(page.locator(".re-editor-verdict")).to_contain_text("trade deck: the 69 trade cards not seen elsewhere")
    page.screenshot(path=str(tmp_path / "own-table-editor.png"), full_page=True)
    click_and_wait(page, page.get_by_role("button", name="Use this position"))
    expect(page.locator(".re-status")).to_contain_text("Position set up")
    expect(page.locator(".re-phase")).to_contain_text("main phase (player 1, turn 9)")

    page.get_by_role("tab", name="Odds").click()
    page.wait_for_selector(".re-odds .js-plotly-plot .trace.bars", timeout=60_000)
    expect(page.locator(".re-odds")).to_contain_text("Player 1")
    page.screenshot(path=str(tmp_path / "own-table-odds.png"), full_page=True)
    page.get_by_role("tab", name="Play").click()

    # the address bar follows the match: a reload keeps it
    shared = link_of(page)
    assert "/voila/render/star_realms.ipynb?game=star_realms&match=" in shared
    assert page.url == shared
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(".re-match .re-phase", timeout=90_000)
    expect(page.locator(".re-status")).to_contain_text("Opened the match from the link")
    expect(page.locator(".re-phase")).to_contain_text("main phase (player 1, turn 9)")
    expect(page.locator('.sr-player[data-seat="1"]')).to_contain_text("Blob Wheel")
    assert_no_error_page(page)


def test_a_shared_link_opens_the_same_position_in_a_fresh_page(page: Page, voila_url: str, browser) -> None:
    open_dashboard(page, voila_url + DASHBOARD)
    click_and_wait(page, page.get_by_role("button", name="Step", exact=True))
    click_and_wait(page, page.get_by_role("button", name="Step", exact=True))
    page.wait_for_timeout(2_000)  # the link follows the status line in a message of its own
    shared = link_of(page)
    phase = page.locator(".re-phase").inner_text()
    other = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    try:
        open_dashboard(other, shared)
        expect(other.locator(".re-status")).to_contain_text("Opened the match from the link")
        expect(other.locator(".re-phase")).to_have_text(phase)
        expect(other.locator(".re-log")).to_contain_text(page.locator(".re-log-current").inner_text())
    finally:
        other.context.close()


def test_a_damaged_link_opens_the_default_game_with_a_message(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url + DASHBOARD + "?game=star_realms&match=AAAA")
    expect(page.locator(".re-status")).to_contain_text("The link could not be opened")
    expect(page.locator(".re-phase")).to_contain_text("main phase (player 1, turn 1)")
    assert_no_error_page(page)


def _overlaps(boxes: list[dict]) -> list[tuple[int, int]]:
    found = []
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[i + 1:], start=i + 1):
            if a["x"] < b["x"] + b["width"] - 1 and b["x"] < a["x"] + a["width"] - 1 and \
                    a["y"] < b["y"] + b["height"] - 1 and b["y"] < a["y"] + a["height"] - 1:
                found.append((i, j))
    return found


def test_at_phone_width_controls_wrap_and_never_overlap(page: Page, voila_url: str, tmp_path) -> None:
    page.set_viewport_size({"width": 390, "height": 1600})
    open_dashboard(page, voila_url + DASHBOARD)
    controls = page.locator(".re-match button:visible, .re-match select:visible, "
                            ".re-match input:not([type=checkbox]):visible")
    boxes = [b for b in (controls.nth(i).bounding_box() for i in range(controls.count())) if b and b["width"]]
    assert len(boxes) > 10
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 + 1 for b in boxes), "a control runs off the screen"
    assert _overlaps(boxes) == []
    narrow = [b for b in boxes if b["width"] < 40]
    assert narrow == [], "a control shrank to a sliver"
    page.screenshot(path=str(tmp_path / "own-table-390.png"), full_page=True)


def test_the_servers_root_is_the_dashboard_index(page: Page, voila_url: str) -> None:
    """Issue "Your own table" §3: the Voilà root shows what each dashboard is, not a bare file list."""
    open_page(page, voila_url + "/", ".re-index .re-card")
    assert page.url.endswith("/voila/render/index.ipynb")
    expect(page.locator(".re-index h1")).to_have_text("Rules Explorer")
    cards = page.locator(".re-index a.re-card")
    assert cards.count() >= 6  # calculators, simulation and a card per registered game
    expect(page.locator(".re-index a.re-card", has_text="Star Realms")).to_have_attribute("href", "star_realms.ipynb")
    assert_no_error_page(page)
