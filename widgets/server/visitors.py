"""One visitor, one fair share: at most a few dashboard kernels per visitor, known by a cookie or an address.

The server-wide cap (``RULES_EXPLORER_MAX_KERNELS``, 50) let one stranger opening
pages in a loop hold every kernel. So each visitor may also hold at most
``RULES_EXPLORER_KERNELS_PER_VISITOR`` page kernels at once (3 by default); the
next page they open gets HTTP 503 and a sentence saying why no dashboard
started there and what to do: close another of their dashboard tabs, then reload.

Who is a visitor:

- **the cookie** ``rules_explorer_visitor`` the server sets on every page
  (signed with the server's cookie secret, so an id cannot be made up;
  ``HttpOnly``, ``SameSite=Lax`` so a shared link from elsewhere still carries
  it, kept 30 days). Every kernel counts against the cookie it was started for.
- **the client address**, as a fallback, for a page asked without the cookie
  (a first visit, or a client that drops cookies): its kernel also counts
  against its address until the cookie comes back, on the page's own websocket
  or on a later page. A real browser returns it within seconds; a script that
  never keeps cookies stays counted by its address.

Visitors behind one address (an office, a classroom behind one router) are told
apart by their cookies; they share the address's count only in the seconds
before each first page connects, and a first page refused for that says so and
asks to reload in a few seconds. A client that fetches a fresh cookie for every
page and returns each one is bounded by the server-wide cap alone: rate-limit by
address in a reverse proxy in front if that matters.

:class:`VisitorShares` is the book (no tornado in it); :func:`identify` reads
(or issues) the cookie of a request; :data:`CURRENT` carries the visitor from
the page hook to the kernel manager within one request.

>>> shares = VisitorShares(per_visitor=2)
>>> alice = Visitor("a" * 32, "10.0.0.1", fresh=False)
>>> for kernel in ("k1", "k2"):
...     shares.started(shares.admit(alice), kernel)
>>> shares.admit(alice)
Traceback (most recent call last):
...
widgets.server.visitors.VisitorLimit: You already have 2 dashboards open on this server, as many as one visitor may have at once. Close one of your other dashboard tabs (its dashboard stops when the tab closes), then reload this page.
>>> shares.forget("k1"); shares.held(alice)
1
"""

from __future__ import annotations

import contextvars
import re
import secrets
from dataclasses import dataclass
from typing import Any

from explorer.core.checks import whole_number

COOKIE = "rules_explorer_visitor"
"""The name of the visitor cookie."""
COOKIE_DAYS = 30
"""How long a browser keeps the visitor cookie (and how old a signed value the server still accepts)."""
_ID = re.compile(r"[0-9a-f]{32}")

TOO_MANY = ("You already have {held} dashboards open on this server, as many as one visitor may have at once. "
            "Close one of your other dashboard tabs (its dashboard stops when the tab closes), then reload this page.")
"""What the page past a visitor's share says (HTTP 503)."""
STARTING = ("This server is already starting {held} dashboards for your network address, as many as it starts at "
            "once for visitors it does not know yet. Wait a few seconds, then reload this page (if it keeps saying "
            "this, allow this site's cookies: the server tells your tabs apart by one).")
"""What a page without the visitor cookie says when its address has its share of pages not yet connected (503):
visitors behind one router who open their first page at the same moment, or a client that keeps no cookie."""


class VisitorLimit(Exception):
    """A visitor already holds their share of kernels; the message is the sentence for the page."""


@dataclass(frozen=True)
class Visitor:
    """Who asked for a page: the cookie's id, the client address, and whether the request came without the cookie."""

    cookie: str
    address: str
    fresh: bool


CURRENT: contextvars.ContextVar[Visitor | None] = contextvars.ContextVar("rules_explorer_visitor", default=None)
"""The visitor of the page request being served. Voilà calls the page hook and then starts the kernel in the
same request (the same asyncio task), so what the hook sets here the kernel manager reads."""


@dataclass
class _Share:
    visitor: Visitor
    returned: bool  # the cookie came back after this kernel started: it no longer counts against the address


@dataclass(frozen=True)
class Ticket:
    """A kernel being started for ``visitor``: counted until it is started (:meth:`VisitorShares.started`) or not."""

    visitor: Visitor
    number: int


class VisitorShares:
    """Which visitor each page kernel was started for, and whether a visitor may start one more."""

    def __init__(self, per_visitor: int) -> None:
        self.per_visitor = whole_number("kernels per visitor", per_visitor, 1, None, ValueError)
        self._kernels: dict[str, _Share] = {}
        self._starting: dict[int, Visitor] = {}  # starts overlap on a busy server: counted before they are listed
        self._numbers = 0

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self._kernels

    def _counts(self, visitor: Visitor) -> tuple[int, int]:
        """(kernels held by the visitor's cookie, kernels of cookieless pages from its address not yet returned)."""
        counted = [(share.visitor, share.returned) for share in self._kernels.values()]
        counted += [(starting, False) for starting in self._starting.values()]
        by_cookie = sum(1 for v, _ in counted if v.cookie == visitor.cookie)
        by_address = sum(1 for v, back in counted if v.fresh and not back and v.address == visitor.address)
        return by_cookie, by_address

    def held(self, visitor: Visitor) -> int:
        """Kernels counted against this visitor: by its cookie, and by its address if it came without one."""
        by_cookie, by_address = self._counts(visitor)
        return max(by_cookie, by_address) if visitor.fresh else by_cookie

    def returned(self, cookie: str) -> None:
        """The cookie came back (a page or a websocket): its kernels no longer count against their address."""
        for share in self._kernels.values():
            if share.visitor.cookie == cookie:
                share.returned = True

    def admit(self, visitor: Visitor) -> Ticket:
        """Count a kernel about to start for ``visitor``, or refuse (:class:`VisitorLimit`) past the share."""
        if not visitor.fresh:
            self.returned(visitor.cookie)
        by_cookie, by_address = self._counts(visitor)
        if by_cookie >= self.per_visitor:
            raise VisitorLimit(TOO_MANY.format(held=by_cookie))
        if visitor.fresh and by_address >= self.per_visitor:
            raise VisitorLimit(STARTING.format(held=by_address))
        self._numbers += 1
        self._starting[self._numbers] = visitor
        return Ticket(visitor, self._numbers)

    def started(self, ticket: Ticket, kernel_id: str) -> None:
        """The kernel of ``ticket`` is running as ``kernel_id``."""
        self._starting.pop(ticket.number, None)
        self._kernels[kernel_id] = _Share(ticket.visitor, returned=False)

    def failed(self, ticket: Ticket) -> None:
        """The kernel of ``ticket`` did not start: it counts no more."""
        self._starting.pop(ticket.number, None)

    def forget(self, kernel_id: str) -> None:
        """The kernel is gone."""
        self._kernels.pop(kernel_id, None)

    def visitor_of(self, kernel_id: str) -> Visitor | None:
        share = self._kernels.get(kernel_id)
        return None if share is None else share.visitor


def read_cookie(handler: Any) -> str | None:
    """The visitor id of a request's signed cookie, or ``None`` (absent, forged, expired or malformed)."""
    try:
        raw = handler.get_signed_cookie(COOKIE, max_age_days=COOKIE_DAYS)
    except Exception:  # noqa: BLE001 - no cookie secret, or a value that does not decode: no visitor cookie
        return None
    value = raw.decode("ascii", "replace") if isinstance(raw, bytes) else None
    return value if value is not None and _ID.fullmatch(value) else None


def identify(handler: Any) -> Visitor:
    """The visitor of a page request: its cookie's id, or a new id set as the cookie on the response."""
    address = str(getattr(handler.request, "remote_ip", "") or "unknown")
    cookie = read_cookie(handler)
    if cookie is not None:
        return Visitor(cookie, address, fresh=False)
    cookie = secrets.token_hex(16)
    handler.set_signed_cookie(COOKIE, cookie, expires_days=COOKIE_DAYS, httponly=True, samesite="Lax",
                              path=getattr(handler, "base_url", "/") or "/")
    return Visitor(cookie, address, fresh=True)
