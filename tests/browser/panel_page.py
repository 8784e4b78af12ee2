"""What the game-panel browser tests do on a page: read the status line, click and wait, check for errors."""

from __future__ import annotations

import warnings

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

FIRST_LOAD_MS = 75_000
"""How long a page gets to show its panel before it is reloaded (a load takes 3-10 s here)."""

RELOAD_MS = 120_000
"""How long the last reload gets."""

RELOADS = 2
"""Reloads of a page that stalls before the test fails."""


def loading_text(page: Page) -> str:
    """What Voilà's loading banner says now ("Executing 1 of 2", "Running …"), or "" once it is gone."""
    try:
        return page.evaluate("() => { const el = document.getElementById('loading_text');"
                             " return el && el.offsetParent !== null ? el.innerText : ''; }")
    except PlaywrightError as err:
        return f"(unreadable: {err.message[:80]})"


def widget_errors(page: Page) -> str:
    """The "Error displaying widget" messages the page shows in place of widgets, or ""."""
    try:
        return page.evaluate("() => Array.from(document.querySelectorAll('.jupyter-widgets'))"
                             ".map(el => el.innerText).filter(t => t.startsWith('Error displaying widget'))"
                             ".slice(0, 3).join('; ')")
    except PlaywrightError as err:
        return f"(unreadable: {err.message[:80]})"


def open_page(page: Page, url: str, ready: str, *, wait_until: str = "domcontentloaded") -> None:
    """Open ``url`` and wait until ``ready`` (a selector) is visible; reload (at most twice) if the page stalls.

    A page could render its text and, in the panel's place, "Error displaying widget: model not
    found" (README, "Serving for a group": a widget output gives up on its model after 2 s while
    another output's plotly.js drawing holds the page; the dashboards now show one widget output). A
    visitor then reloads, and so does this helper, after ``FIRST_LOAD_MS``. Each stall is reported
    as a warning with the banner's text, so a run shows how often it happens; a page that stalls
    three times in a row fails the test.
    """
    for attempt in range(RELOADS + 1):
        page.goto(url, wait_until=wait_until)
        try:
            page.wait_for_selector(ready, timeout=FIRST_LOAD_MS if attempt < RELOADS else RELOAD_MS)
            return
        except PlaywrightError:
            if attempt == RELOADS:
                raise
            banner = loading_text(page)
            shown = widget_errors(page)
        warnings.warn(f"{url} did not show {ready} within {FIRST_LOAD_MS // 1000} s "
                      f"(banner: {banner or 'gone'}; {shown or 'no widget error shown'}); reloading", stacklevel=2)


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


def to_decision(page: Page) -> None:
    """Step chance nodes until somebody decides (the Step button deals at a chance node)."""
    for _ in range(40):
        if "Chance" not in page.locator(".re-phase").inner_text():
            return
        click_and_wait(page, page.locator(".re-step"))
    raise AssertionError(f"no decision reached: {page.locator('.re-phase').inner_text()!r}")


def set_number(page: Page, css: str, value: int) -> None:
    """Type ``value`` into the number box under ``css`` and commit it (Enter)."""
    box = page.locator(f"{css} input")
    box.fill(str(value))
    box.press("Enter")


def overlapping_controls(page: Page, scope: str = ".re-match") -> list[str]:
    """Pairs of visible controls (buttons, inputs, selects, tabs, sliders) inside ``scope`` whose boxes
    overlap, as text; Plotly's own toolbar buttons are left out (they sit on their chart by design)."""
    return page.evaluate(_OVERLAPS_JS, scope)


_OVERLAPS_JS = """scope => {
    const els = Array.from(document.querySelectorAll(
        ['button', 'input', 'select', '.lm-TabBar-tab', '.widget-slider'].map(s => scope + ' ' + s).join(', ')))
        .filter(el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
                        && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.modebar'); });
    const boxes = els.map(el => [el, el.getBoundingClientRect()]);
    const out = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, r] = boxes[i], [b, q] = boxes[j];
        if (a.contains(b) || b.contains(a)) continue;
        const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
        const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        if (w > 2 && h > 2) out.push((a.innerText || a.value || a.className) + ' / ' + (b.innerText || b.value || b.className));
    }
    return out;
}"""
