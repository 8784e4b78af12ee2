"""The Advice tab and the log's Review in headless Chromium.

On every game page: open Advice, ask a hint with few rollouts, see the bars and the progress
fill, press "Play this" on the best row and see the move in the log. On every game page, opened
by a share link on a position with a clear blunder (``tests/advisor/blunders.py``: Star Realms'
Player 1 can win by attacking and ends the turn; each other game's position was found by
rollouts, see there): play the blunder with the panel's own buttons, review the seat's moves,
see the blunder marked "??" in the log with the best move on hover, and click the mark to go
back to that decision. Screenshots go to ``$ADVICE_SHOTS`` when set.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page, set_number, to_decision
from playwright.sync_api import Page, expect

import explorer
from explorer.core.share import position_query
from tests.advisor.blunders import BLUNDERS, blunder

pytestmark = pytest.mark.browser

# Every game's dashboard: the Advice tab and the Review are the same widgets on every panel, and each game's
# moves reach them through its own controls. Every page load risks Voila's known stall (JUPYTER_NOTES):
# open_page reloads a stalled page. tests/test_advice_panel.py drives the same widgets in-process.
GAMES = ("star_realms", "pinned_down", "warps_edge", "endor", "fleet_command")


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("ADVICE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("game", GAMES)
def test_ask_a_hint_see_the_bars_fill_and_play_the_best_option(page: Page, voila_url: str, tmp_path: Path,
                                                                game: str) -> None:
    open_page(page, f"{voila_url}/voila/render/{game}.ipynb", ".re-match .re-phase")
    assert_no_error_page(page)
    to_decision(page)
    page.get_by_role("tab", name="Advice").click()
    set_number(page, ".re-advice-rollouts", 8)
    page.locator(".re-advice-ask").click()
    expect(page.locator(".re-advice-rows .re-advice-play").first).to_be_visible(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.re-advice-ask').disabled", timeout=180_000)
    expect(page.locator(".re-advice .js-plotly-plot .trace.bars")).to_have_count(1)
    expect(page.locator(".re-advice-headline")).to_contain_text("Advice for")
    first_row = page.locator(".re-advice-rows > .widget-hbox").first.inner_text()
    page.locator(".re-advice").screenshot(path=str(shots(tmp_path) / f"{game}-advice.png"))
    moves_before = page.locator(".re-log-line").count()
    click_and_wait(page, page.locator(".re-advice-play").first)
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    assert page.locator(".re-log-line").count() > moves_before or "1." in first_row
    assert_no_error_page(page)


REVIEWED = tuple(g for g in GAMES if g in BLUNDERS)
"""The games whose page gets the review test: every game with a blunder position in ``tests/advisor/blunders.py``."""

PLAYED_FROM = {"star_realms": ".sr-end", "warps_edge": ".we-general"}
"""Where a player presses the blunder's button: the game's own controls (Star Realms' end-turn row, Warp's Edge's
buy / hold / skill / end row) or the generic move buttons (``.re-actions``)."""


@pytest.mark.parametrize("game", REVIEWED)
def test_review_marks_the_blunder_and_its_mark_goes_back_to_the_decision(page: Page, voila_url: str,
                                                                         tmp_path: Path, game: str) -> None:
    case = BLUNDERS[game]
    state, move = blunder(game)
    open_page(page, f"{voila_url}/voila/render/{game}.ipynb?{position_query(state)}", ".re-match .re-phase")
    assert_no_error_page(page)
    expect(page.locator(".re-status")).to_contain_text("Opened the position from the link")
    button = page.locator(PLAYED_FROM.get(game, ".re-actions")).get_by_role("button", name=move, exact=True)
    click_and_wait(page, button)  # the blunder, played as a player plays it
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    if case.seat != 0:  # the Review box starts on the first seat
        page.locator(".re-review select").select_option(label=explorer.load_game(game).player_name(case.seat))
    set_number(page, ".re-review-rollouts", 24)
    page.locator(".re-review-start").click()
    mark = page.locator(".re-review-mark").first
    expect(mark).to_be_visible(timeout=180_000)
    expect(mark).to_contain_text(f"?? 1. {move}")
    expect(page.locator('.re-log-mark[data-mark="??"]')).to_have_count(1)
    hover = page.locator(".re-log-reviewed").first.get_attribute("title") or ""
    assert f"best: {case.best} (" in hover, hover
    assert re.search(r"\(95% CI \d+\.\d to \d+\.\d points, \d+ paired rollouts", hover), hover  # a mark carries its interval
    mark.scroll_into_view_if_needed()  # the page around the log and the marks (an element shot of the whole
    page.screenshot(path=str(shots(tmp_path) / f"{game}-review.png"))  # panel, taller than the window, lost its header)
    click_and_wait(page, mark)
    expect(page.locator(".re-position")).to_contain_text(re.compile(r"· 0 of \d+ in all"))
    expect(button).to_be_visible()  # back at the decision: the blunder can be played again (or not)
    assert_no_error_page(page)
