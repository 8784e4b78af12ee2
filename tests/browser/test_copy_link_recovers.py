"""The Copy-link widget recovers when anywidget gives up on it, in a real browser (task s9_copy_link).

On a slow load anywidget 0.11's page gives up on a model whose code took more than 2 s to load
("[anywidget] Failed to initialize model.", seen in 11 of 234 slow loads): its view still renders,
but every later kernel->page message to it is dropped, so the link and the address bar stop
following the match. That timing cannot be produced on demand, so this test makes the same failure
deterministically: it routes the page's kernel websocket through Playwright and, from the kernel's
first "ack" on, drops every kernel->page comm message to the model that ack was for (a deaf model,
exactly as anywidget leaves it). The page must then call its link stale, the kernel must swap in a
new model, and after a move the address bar and the link must show the kernel's new query.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page
from playwright.sync_api import Page, WebSocketRoute

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/star_realms.ipynb"

COUNT_LINK_RENDERS = """
window.__reShareRenders = 0;
new MutationObserver(records => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1 && (n.matches('.re-share') || n.querySelector('.re-share'))) window.__reShareRenders += 1;
  }
}).observe(document, {childList: true, subtree: true});
"""
"""Counts every "Copy link" box the page draws (a replaced link draws a second one)."""


def kernel_message(frame: str | bytes) -> tuple[str, dict[str, Any]] | None:
    """(message type, content) of a Jupyter kernel websocket frame: JSON text, or the binary v1 protocol
    (``v1.kernel.websocket.jupyter.org``: offsets, channel, header, parent header, metadata, content, buffers)."""
    try:
        if isinstance(frame, str):
            msg = json.loads(frame)
            return msg["header"]["msg_type"], msg["content"]
        _channel, parts = deserialize_msg_from_ws_v1(frame)
        return json.loads(parts[0])["msg_type"], json.loads(parts[3])
    except (ValueError, KeyError, IndexError, TypeError):
        return None


class KernelWire:
    """The page's kernel websocket, passed through, except that the model of the first "ack" goes deaf."""

    def __init__(self) -> None:
        self.deaf_comm: str | None = None
        self.dropped = 0
        self.stale_from: list[str] = []
        self.queries: list[str] = []
        self.frames = {"text": 0, "binary": 0}

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda frame: self._to_page(ws, frame))
        ws.on_message(lambda frame: self._to_kernel(server, frame))

    def _to_page(self, page_side: WebSocketRoute, frame: str | bytes) -> None:
        self.frames["text" if isinstance(frame, str) else "binary"] += 1
        parsed = kernel_message(frame)
        if parsed and parsed[0] == "comm_msg":
            content = parsed[1]
            data = content.get("data") or {}
            if self.deaf_comm is None and data.get("method") == "custom" and data.get("content") == {"event": "ack"}:
                self.deaf_comm = content.get("comm_id")
            if content.get("comm_id") == self.deaf_comm:
                self.dropped += 1
                return
            if data.get("method") == "update" and "query" in (data.get("state") or {}):
                self.queries.append(data["state"]["query"])
        page_side.send(frame)

    def _to_kernel(self, server_side: WebSocketRoute, frame: str | bytes) -> None:
        parsed = kernel_message(frame)
        if parsed and parsed[0] == "comm_msg":
            data = parsed[1].get("data") or {}
            if data.get("method") == "custom" and data.get("content") == {"event": "stale"}:
                self.stale_from.append(parsed[1].get("comm_id"))
        server_side.send(frame)


def test_a_link_the_kernel_cannot_reach_is_replaced_and_follows_the_match(page: Page, voila_url: str) -> None:
    wire = KernelWire()
    page.route_web_socket(lambda url: "/channels" in url, wire.route)
    page.add_init_script(COUNT_LINK_RENDERS)
    open_page(page, voila_url + DASHBOARD, ".re-match .re-phase")

    # the page heard no ack within 4 s, said "stale", and the kernel drew a fresh link in the old one's place
    page.wait_for_function("() => window.__reShareRenders >= 2 && document.querySelectorAll('.re-share').length === 1",
                           timeout=60_000)
    assert wire.deaf_comm is not None, f"no ack seen from the kernel ({wire.frames} frames)"
    assert wire.stale_from and wire.stale_from[0] == wire.deaf_comm
    assert wire.dropped >= 1

    before_url = page.url
    assert page.locator(".re-share-url").input_value() == before_url  # the fresh link keeps the address in step
    before_query = wire.queries[-1] if wire.queries else None
    click_and_wait(page, page.get_by_role("button", name="Step", exact=True))
    deadline = time.monotonic() + 30
    while True:  # the link follows the status line in a message of its own
        page.wait_for_timeout(250)
        shown = page.locator(".re-share-url").input_value()
        query = wire.queries[-1] if wire.queries else None
        if query and query != before_query and page.url.endswith("?" + query) and shown == page.url:
            break
        assert time.monotonic() < deadline, (f"address {page.url!r} and link {shown!r} did not follow the kernel's "
                                             f"query {query!r} (before: {before_query!r})")
    assert page.url != before_url and "?game=star_realms&match=" in page.url
    assert_no_error_page(page)
