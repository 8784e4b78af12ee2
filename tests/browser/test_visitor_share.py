"""Issue 37 item 9, as a hostile visitor tries it: one visitor cannot hold more than their share of kernels.

A Voilà of its own (the hardened configuration, a share of ``SHARE`` kernels per
visitor) on 127.0.0.1. One browser context (one visitor: its cookie jar) opens
one page more than its share: that page starts no kernel and says why and what
to do. A second browser context (a second visitor, from the same address)
still gets a kernel. A client that keeps no cookie is bounded by its address.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from tests.browser.conftest import serve_voila
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.test_kernels import DASHBOARD, RETURN_WITHIN_S, close, close_windows, kernels_of, wait_for_count

pytestmark = pytest.mark.browser

SHARE = 2


@pytest.fixture(scope="module")
def shared_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    env = {"RULES_EXPLORER_KERNELS_PER_VISITOR": str(SHARE), "RULES_EXPLORER_MAX_KERNELS": "8"}
    with serve_voila(tmp_path_factory.mktemp("voila-share"), env=env) as served:
        yield served


def open_in(context: BrowserContext, base: str) -> Page:
    page = context.new_page()
    response = page.goto(base + DASHBOARD, timeout=60_000)
    assert response is not None and response.status == 200
    expect(page.locator(".re-dice .re-status")).to_contain_text("hit", timeout=60_000)
    return page


def test_one_visitor_past_their_share_is_told_why_while_another_visitor_gets_a_kernel(
        shared_voila: tuple[str, int], browser: Browser) -> None:
    base, pid = shared_voila
    wait_for_count(pid, 0, RETURN_WITHIN_S)
    visitor = browser.new_context(viewport={"width": 1100, "height": 800})
    visitor.set_default_timeout(60_000)
    pages = [open_in(visitor, base) for _ in range(SHARE)]
    try:
        [cookie] = [c for c in visitor.cookies() if c["name"] == "rules_explorer_visitor"]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
        assert len(kernels_of(pid)) == SHARE

        extra = visitor.new_page()  # one tab more than the share, from the same visitor
        response = extra.goto(base + DASHBOARD, timeout=60_000)
        assert response is not None and response.status == 503
        text = extra.locator("body").inner_text()
        assert f"You already have {SHARE} dashboards open on this server" in text
        assert "Close one of your other dashboard tabs" in text and "then reload this page" in text
        assert "There was an error" not in text
        assert len(kernels_of(pid)) == SHARE, "the refused page must not start a kernel"
        extra.close()

        stranger = browser.new_context(viewport={"width": 1100, "height": 800})  # a second visitor, same address
        stranger.set_default_timeout(60_000)
        other = open_in(stranger, base)
        assert len(kernels_of(pid)) == SHARE + 1
        close(other)

        close(pages.pop())  # the visitor closes a tab: their next page gets a kernel
        assert wait_for_count(pid, SHARE - 1, RETURN_WITHIN_S) == SHARE - 1
        pages.append(open_in(visitor, base))
    finally:
        for page in pages:
            close(page)
        wait_for_count(pid, 0, RETURN_WITHIN_S)
        close_windows(browser)


def test_a_client_that_keeps_no_cookie_is_bounded_by_its_address(shared_voila: tuple[str, int]) -> None:
    """A script asking for pages without ever sending the cookie back: every request is a "new" visitor."""
    base, pid = shared_voila
    wait_for_count(pid, 0, RETURN_WITHIN_S)
    for _ in range(SHARE):
        with urllib.request.urlopen(base + DASHBOARD, timeout=120) as reply:  # noqa: S310 - our loopback server
            assert reply.status == 200
            reply.read()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(base + DASHBOARD, timeout=120)  # noqa: S310 - our own server on 127.0.0.1
    assert refused.value.code == 503
    page = refused.value.read().decode()
    assert f"This server is already starting {SHARE} dashboards for your network address" in page
    assert "Wait a few seconds, then reload this page" in page
    assert len(kernels_of(pid)) == SHARE
