"""Issue 37 item 9: one visitor, one fair share of the server's kernels.

The book (who holds which kernel) by itself; the visitor cookie over a real
HTTP request on loopback; the kernel manager refusing a visitor's next page
with a sentence; the operator's setting. The whole path through Voilà and a
browser: tests/browser/test_visitor_share.py.
"""

from __future__ import annotations

import uuid
from http.cookies import SimpleCookie
from typing import Any

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError

from tests.fresh_thread import run_async
from widgets.server.hooks import prelaunch_hook
from widgets.server.kernels import CappedKernelManager
from widgets.server.settings import configure_voila, kernels_per_visitor
from widgets.server.visitors import COOKIE, CURRENT, STARTING, TOO_MANY, Visitor, VisitorLimit, VisitorShares

ALICE = Visitor("a" * 32, "10.0.0.1", fresh=False)
BOB = Visitor("b" * 32, "10.0.0.1", fresh=False)  # behind the same router as Alice


def _hold(shares: VisitorShares, visitor: Visitor, kernel_id: str) -> None:
    shares.started(shares.admit(visitor), kernel_id)


# --- the book -----------------------------------------------------------------------------------------------
def test_a_visitor_holds_at_most_their_share_and_the_next_page_is_told_why() -> None:
    shares = VisitorShares(per_visitor=3)
    for n in range(3):
        _hold(shares, ALICE, f"k{n}")
    with pytest.raises(VisitorLimit) as refused:
        shares.admit(ALICE)
    assert str(refused.value) == (
        "You already have 3 dashboards open on this server, as many as one visitor may have at once. Close one of "
        "your other dashboard tabs (its dashboard stops when the tab closes), then reload this page.")


def test_another_visitor_behind_the_same_address_still_gets_a_kernel() -> None:
    shares = VisitorShares(per_visitor=2)
    _hold(shares, ALICE, "k1")
    _hold(shares, ALICE, "k2")
    _hold(shares, BOB, "k3")
    assert (shares.held(ALICE), shares.held(BOB)) == (2, 1)


def test_a_closed_tab_gives_its_place_back() -> None:
    shares = VisitorShares(per_visitor=1)
    _hold(shares, ALICE, "k1")
    with pytest.raises(VisitorLimit):
        shares.admit(ALICE)
    shares.forget("k1")
    _hold(shares, ALICE, "k2")
    assert shares.visitor_of("k2") == ALICE and "k1" not in shares


def test_a_kernel_still_starting_counts_and_one_that_failed_does_not() -> None:
    shares = VisitorShares(per_visitor=1)
    ticket = shares.admit(ALICE)  # two pages at once: the second is refused before the first is listed
    with pytest.raises(VisitorLimit):
        shares.admit(ALICE)
    shares.failed(ticket)
    assert shares.held(ALICE) == 0
    shares.admit(ALICE)


def test_pages_without_the_cookie_are_counted_by_their_address() -> None:
    """A client that drops cookies gets a new id every time; its address still bounds it."""
    shares = VisitorShares(per_visitor=2)
    for n in range(2):
        _hold(shares, Visitor(uuid.uuid4().hex, "10.0.0.9", fresh=True), f"k{n}")
    with pytest.raises(VisitorLimit) as refused:
        shares.admit(Visitor(uuid.uuid4().hex, "10.0.0.9", fresh=True))
    assert str(refused.value) == (
        "This server is already starting 2 dashboards for your network address, as many as it starts at once for "
        "visitors it does not know yet. Wait a few seconds, then reload this page (if it keeps saying this, allow "
        "this site's cookies: the server tells your tabs apart by one).")
    assert str(refused.value) == STARTING.format(held=2)
    _hold(shares, Visitor(uuid.uuid4().hex, "10.0.0.8", fresh=True), "elsewhere")  # another address: its own count


def test_a_first_page_counts_against_its_cookie_and_leaves_the_address_once_the_cookie_returns() -> None:
    shares = VisitorShares(per_visitor=2)
    first = Visitor("c" * 32, "10.0.0.1", fresh=True)
    _hold(shares, first, "k1")
    newcomer = Visitor("d" * 32, "10.0.0.1", fresh=True)
    assert shares.held(newcomer) == 1  # the first page has not connected yet: it counts against the address
    shares.returned("c" * 32)  # its websocket brought the cookie back
    assert shares.held(newcomer) == 0
    again = Visitor("c" * 32, "10.0.0.1", fresh=False)
    _hold(shares, again, "k2")  # the first page is the visitor's: one more, and the share is full
    with pytest.raises(VisitorLimit):
        shares.admit(again)


def test_the_share_is_a_whole_number_of_at_least_one() -> None:
    with pytest.raises(ValueError, match="kernels per visitor must be a whole number >= 1, got 0"):
        VisitorShares(0)


# --- the cookie, over a real request on loopback ---------------------------------------------------------------
def _serve_and_ask(cookies: list[str]) -> list[tuple[Visitor, str]]:
    """Serve the page hook on 127.0.0.1, send one request per ``cookies`` entry; each visitor and Set-Cookie."""
    from tornado.httpclient import AsyncHTTPClient
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.web import Application, RequestHandler

    seen: list[Visitor] = []

    class Page(RequestHandler):
        def get(self) -> None:
            prelaunch_hook(self)
            seen.append(CURRENT.get())
            self.write("ok")

    async def main() -> list[tuple[Visitor, str]]:
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(Application([("/", Page)], cookie_secret="s" * 32))
        server.add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        out = []
        try:
            for cookie in cookies:
                headers = {"Cookie": cookie} if cookie else {}
                reply = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/", headers=headers)
                set_cookie = next((c for c in reply.headers.get_list("Set-Cookie") if c.startswith(COOKIE)), "")
                out.append((seen[-1], set_cookie))
        finally:
            server.stop()
        return out

    return run_async(main())


def test_a_first_visit_gets_a_signed_httponly_samesite_cookie_and_comes_back_as_the_same_visitor() -> None:
    [(first, set_cookie)] = _serve_and_ask([""])
    assert first.fresh and first.address == "127.0.0.1"
    parsed = SimpleCookie(set_cookie)[COOKIE]
    assert parsed["httponly"] and parsed["samesite"] == "Lax" and parsed["path"] == "/"
    assert parsed.value != first.cookie  # signed: the id is not the cookie's whole value
    [(again, renewed)] = _serve_and_ask([f"{COOKIE}={parsed.value}"])
    assert again == Visitor(first.cookie, "127.0.0.1", fresh=False) and renewed == ""


def test_a_made_up_cookie_is_a_new_visitor() -> None:
    [(visitor, set_cookie)] = _serve_and_ask([f"{COOKIE}={'e' * 32}"])
    assert visitor.fresh and visitor.cookie != "e" * 32 and set_cookie


# --- the kernel manager -----------------------------------------------------------------------------------------
PAGE_ENV = {"SERVER_SOFTWARE": "voila/0.5.13"}


@pytest.fixture
def manager(monkeypatch: pytest.MonkeyPatch) -> CappedKernelManager:
    """The capped manager, whose parent's start hands out ids without starting a process."""
    started: list[str] = []

    async def start_kernel(self: Any, *, kernel_id: str | None = None, **kwargs: Any) -> str:
        started.append(kernel_id or uuid.uuid4().hex)
        return started[-1]

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start_kernel)
    monkeypatch.setattr(CappedKernelManager, "_start_sweeper", lambda self: None)
    monkeypatch.setattr(CappedKernelManager, "list_kernel_ids", lambda self: list(started))
    return CappedKernelManager(kernels_per_visitor=2, max_kernels=10)


def _start(manager: CappedKernelManager, visitor: Visitor | None, env: dict[str, str] | None = PAGE_ENV) -> str:
    async def page() -> str:
        CURRENT.set(visitor)  # what the page hook does in the same request
        return await manager.start_kernel(path="", env=env)

    return run_async(page())


def test_the_kernel_manager_refuses_a_visitors_next_page_with_a_503_that_says_why(manager) -> None:
    _start(manager, ALICE)
    _start(manager, ALICE)
    with pytest.raises(HTTPError) as refused:
        _start(manager, ALICE)
    assert refused.value.status_code == 503 and refused.value.reason == "Too many dashboards open"
    assert refused.value.log_message == TOO_MANY.format(held=2)
    _start(manager, BOB)  # another visitor is not held up


def test_notebook_kernels_and_requests_no_hook_named_are_not_counted(manager) -> None:
    for _ in range(3):
        _start(manager, ALICE, env=None)  # JupyterLab's kernels on a Binder server
    for _ in range(3):
        _start(manager, None)
    assert manager.shares.held(ALICE) == 0


def test_a_forgotten_kernel_frees_its_visitors_place(manager) -> None:
    first = _start(manager, ALICE)
    _start(manager, ALICE)
    manager.remove_kernel(first)
    _start(manager, ALICE)


# --- the operator's setting ---------------------------------------------------------------------------------------
def test_the_share_is_configured_from_the_environment_and_a_bad_value_is_refused() -> None:
    from traitlets.config import Config

    c = Config()
    configure_voila(c, {"RULES_EXPLORER_KERNELS_PER_VISITOR": "4"})
    assert c.CappedKernelManager.kernels_per_visitor == 4
    assert kernels_per_visitor({}) == 3
    with pytest.raises(ValueError, match="RULES_EXPLORER_KERNELS_PER_VISITOR must be a whole number from 1 to 1000"):
        kernels_per_visitor({"RULES_EXPLORER_KERNELS_PER_VISITOR": "0"})
