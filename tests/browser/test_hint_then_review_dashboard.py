"""Issue 37 §1, in headless Chromium: Hint → Play this → Review moves leaves that move unmarked, for every game.

On a game's dashboard a player steps to the first decision, asks the Advice tab for a hint, presses "Play
this" on its first row, chooses in the Review dropdown the seat that made that move (by the name the page
gives it) and reviews that seat's moves with the page's own controls. The review rests on the hint asked
there (its rollouts, value for value), so it can never mark the hint's leader: no mark in the log or under
Review, the ✓ (the review's best) on the move played, and the status says the decision was read from the
hint. tests/advisor/test_review_after_hint.py checks the same for every game without a browser.

Where the first decision is, on each dashboard (with the seed its notebook gives):

* Star Realms, Pinned Down, Warp's Edge: the panel deals the opening itself; Player 1 (the Pilot) decides.
* Endor: nothing is dealt when the page opens; Step deals both sides' starting hands (12 draws), then the
  Rebels plan their first order.
* Space Fleet Command: the page opens at round 1's Movement Phase, its set-up (five ship placements a side
  and the initiative cards) already played by the heuristic; Player 1 took the initiative, so Player 2 moves
  first. The Review dropdown starts on Player 1, so the player picks Player 2, and sets "last" to 1: Player
  2's six set-up choices are in the log too, and reviewing them (96 placements to roll out at the first, two
  minutes on a core) is not what the player asked about.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page, set_number, to_decision
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/hint-review-shots")

GAMES = (
    # (dashboard, the seat that takes the first decision as the page names it, "last" decisions to review)
    ("star_realms", "Player 1", None),
    ("warps_edge", "Pilot", None),
    ("pinned_down", "Player 1", None),
    ("endor", "Rebels", None),
    ("fleet_command", "Player 2", 1),
)
"""Each dashboard's first decision after the opening's chance steps: who takes it, and how many of that
seat's last decisions the review reads (``None``: the Review's default, 10, where the seat has taken no
decision before)."""


def set_labelled_number(page: Page, scope: str, label: str, value: int) -> None:
    """Type ``value`` into the number box labelled ``label`` under ``scope`` and commit it (Enter)."""
    box = page.locator(scope).get_by_label(label, exact=True)
    box.fill(str(value))
    box.press("Enter")


@pytest.mark.parametrize(("game", "seat", "last"), GAMES, ids=[g for g, _, _ in GAMES])
def test_review_after_playing_the_hints_first_row_marks_nothing(page: Page, voila_url: str, game: str, seat: str,
                                                                last: int | None) -> None:
    open_page(page, f"{voila_url}/voila/render/{game}.ipynb", ".re-match .re-phase")
    assert_no_error_page(page)
    to_decision(page)
    expect(page.locator(".re-phase")).to_contain_text(f"{seat} decide")  # "Player 2 decides", "Rebels decide"
    page.get_by_role("tab", name="Advice").click()
    set_number(page, ".re-advice-rollouts", 24)  # the Review's default: the review reads the hint as it is
    page.locator(".re-advice-ask").click()
    expect(page.locator(".re-advice-rows .re-advice-play").first).to_be_visible(timeout=180_000)
    page.wait_for_function("() => !document.querySelector('.re-advice-ask').disabled", timeout=240_000)
    moves_before = page.locator(".re-log-line").count()
    click_and_wait(page, page.locator(".re-advice-play").first)  # Play this, on the first row
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    said = page.locator(".re-status").inner_text()  # "✓ 13. Rebels place … as order 1 of 3": the move and its line
    number = re.search(r"✓ (\d+)\. ", said)  # (read here, not from the log: the status line is redrawn first)
    assert number, said
    page.wait_for_function(f"() => document.querySelectorAll('.re-log-line').length > {moves_before}",
                           timeout=30_000)  # the move (and any draws dealt after it) reach the log
    page.locator(".re-review select").select_option(label=seat)  # the seat that made the move, by its name
    if last is not None:
        set_labelled_number(page, ".re-review", "last", last)
    set_number(page, ".re-review-rollouts", 24)
    page.locator(".re-review-start").click()
    status = page.locator(".re-review-status")
    expect(status).to_contain_text("1 decision reviewed (1 on the rollouts of the hint asked there), 0 marked, "
                                   "0.0 points of win chance lost in all.", timeout=240_000)
    expect(page.locator(".re-review-mark")).to_have_count(0)
    expect(page.locator('.re-log-mark[data-mark*="?"]')).to_have_count(0)  # no ?!, ? or ?? in the log
    played = page.locator(f'.re-log-reviewed[data-pos="{number.group(1)}"]')
    expect(played.locator('.re-log-mark[data-mark="✓"]')).to_have_count(1)  # the move played: the review's best
    expect(page.locator('.re-log-mark[data-mark="✓"]')).to_have_count(1)
    expect(played).to_have_attribute("title", re.compile(r"^reviewed: the best move \(\d+\.\d% to win\)$"))
    assert played.inner_text().removesuffix("✓").strip() in said  # that line is the move Play this played
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".re-review").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{game}.png"))  # the hint's rows, the log with its ✓, the review
    assert_no_error_page(page)
