"""Issue 37 §1, in headless Chromium: Hint → Play this → Review moves leaves that move unmarked.

On a game's dashboard a player steps to the first decision, asks the Advice tab for a hint, presses "Play
this" on its first row, and reviews the seat's moves with the page's own controls. The review rests on the
hint asked there (its rollouts, value for value), so it can never mark the hint's leader: no mark in the log
or under Review, and the status says the decision was read from the hint. tests/advisor/test_review_after_hint.py
checks the same for every game without a browser.
"""

from __future__ import annotations

import pytest
from panel_page import assert_no_error_page, click_and_wait, open_page, set_number, to_decision
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

GAMES = ("star_realms", "warps_edge", "pinned_down")
"""Dashboards whose first decision (after the opening's chance steps) is the first seat's."""


@pytest.mark.parametrize("game", GAMES)
def test_review_after_playing_the_hints_first_row_marks_nothing(page: Page, voila_url: str, game: str) -> None:
    open_page(page, f"{voila_url}/voila/render/{game}.ipynb", ".re-match .re-phase")
    assert_no_error_page(page)
    to_decision(page)
    page.get_by_role("tab", name="Advice").click()
    set_number(page, ".re-advice-rollouts", 24)  # the Review's default: the review reads the hint as it is
    page.locator(".re-advice-ask").click()
    expect(page.locator(".re-advice-rows .re-advice-play").first).to_be_visible(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.re-advice-ask').disabled", timeout=180_000)
    moves_before = page.locator(".re-log-line").count()
    click_and_wait(page, page.locator(".re-advice-play").first)  # Play this, on the first row
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    page.wait_for_function(f"() => document.querySelectorAll('.re-log-line').length > {moves_before}",
                           timeout=30_000)  # the move (and any draws dealt after it) reach the log
    set_number(page, ".re-review-rollouts", 24)
    page.locator(".re-review-start").click()
    status = page.locator(".re-review-status")
    expect(status).to_contain_text("reviewed (1 on the rollouts of the hint asked there)", timeout=180_000)
    expect(status).to_contain_text("0 marked")
    expect(page.locator(".re-review-mark")).to_have_count(0)
    expect(page.locator('.re-log-mark[data-mark*="?"]')).to_have_count(0)  # no ?!, ? or ?? in the log
    expect(page.locator('.re-log-mark[data-mark="✓"]')).to_have_count(1)  # the move played: the review's best
    assert_no_error_page(page)
