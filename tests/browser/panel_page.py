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
