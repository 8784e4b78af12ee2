"""What the game-panel browser tests do on a page: read the status line, click and wait, check for errors."""

from __future__ import annotations

from playwright.sync_api import Locator, Page


def assert_no_error_page(page: Page) -> None:
    """Voilà's error page says this; a dashboard must never show it."""
    assert "There was an error" not in page.content()


def status_text(page: Page) -> str:
    return page.locator(".re-status").inner_text()


def click_and_wait(page: Page, locator: Locator) -> None:
    """Click, then wait until the status line says something new (every move and refusal rewrites it)."""
    before = status_text(page)
    locator.click()
    page.wait_for_function(
        "prev => { const s = document.querySelector('.re-status'); return s && s.innerText !== prev; }",
        arg=before, timeout=30_000)
