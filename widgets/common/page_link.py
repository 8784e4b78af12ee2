"""The page's link: "Copy link" for the match on screen, and the address bar kept in step with it.

A panel shown inside another page (the simulation lab's replay) sets ``keep_address``
to False, so it never rewrites that page's address, and ``page`` to its game's dashboard,
so its link opens the game's own page.

A few lines of browser code (an ``anywidget``) do what the kernel cannot: read
the page's own address, copy a link to the clipboard, and, in a Voilà
dashboard, rewrite the address bar's query (``history.replaceState``, no page
load) every time the match changes, so that reloading the page reopens the
match that was on screen. The kernel only ever sets ``query`` (text it built
with :mod:`explorer.core.share`); nothing typed in the page flows back to it.

Voilà hands a page's query to its kernel as ``QUERY_STRING`` in the
environment; :func:`page_query` reads it (``None`` outside Voilà). A page of the
static site (Voici) runs its kernel in a web worker, which cannot see the page's
address: there the page's code sends its query with its first message ("shown"),
and :class:`ShareLink` hands it, once, to whoever asked (``on_address``), so a
``?seed=`` or ``?match=`` link opens the same game on both. Copy link on a static
page gives the static page's own address.

A panel holds its link as a :class:`ShareLink`: a box showing one ``PageLink``
that is swapped for a fresh one when the page reports it deaf. anywidget 0.11's
page gives a model 2 s to load its code; on a slow load (the page busy drawing)
it gives up, the button still shows and works, but every later message from
the kernel to that model is dropped, so the link and the address bar would stop
following the match. The page's code therefore says "shown" and waits 4 s for
the kernel's "ack"; without it, it says "stale" and the kernel swaps in a new
model (a new 2 s clock, now on an idle page).

>>> link = ShareLink()
>>> link.query = "game=toy&match=abc"
>>> link.note, link.link.query
('', 'game=toy&match=abc')
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

log = logging.getLogger(__name__)

ACK_WAIT_MS = 4_000
"""How long the page waits for the kernel's "ack" before it calls its link stale (anywidget gives up after 2 s)."""

MAX_REPLACEMENTS = 3
"""Fresh links one ``ShareLink`` makes at most (see :meth:`ShareLink.replacements_left`)."""

_ESM = r"""
const ACK_WAIT_MS = %d;
// The page's query as the visitor opened it: read when this code first loads, before any view rewrites the
// address bar to follow the match (history.replaceState below).
const OPENED_WITH = window.location.search;
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "re-share";
  const button = document.createElement("button");
  button.className = "re-copy-link jupyter-button widget-button";
  button.textContent = "Copy link";
  button.title = "Copy a link that opens this match (or position) in the dashboard";
  const input = document.createElement("input");
  input.type = "text";
  input.readOnly = true;
  input.className = "re-share-url widget-input";
  input.setAttribute("aria-label", "link to this match");
  const note = document.createElement("span");
  note.className = "re-share-note";
  // A dashboard page: served by Voilà (/voila/render/x.ipynb) or built by Voici into the static site
  // (/voici/render/x.html), where the notebook x.ipynb is the page x.html.
  const where = window.location.pathname;
  const inStatic = where.indexOf("/voici/render/") >= 0;
  const onDashboard = inStatic || where.indexOf("/voila/render/") >= 0;
  function pageFile(page) { return inStatic ? page.replace(/\.ipynb$/, ".html") : page; }
  function url() {
    const q = model.get("query");
    if (!onDashboard) { return q ? "?" + q : ""; }
    const page = model.get("page");
    const path = page ? where.replace(/[^/]*$/, encodeURIComponent(pageFile(page))) : where;
    const base = window.location.origin + path;
    return q ? base + "?" + q : base;
  }
  function sync() {
    input.value = url();
    note.textContent = model.get("note") ||
      (onDashboard ? "" : "Add this to the dashboard's address (make dashboard) to open the same match.");
    if (onDashboard && model.get("keep_address") && window.history && window.history.replaceState) {
      try { window.history.replaceState(window.history.state, "", url()); } catch (e) { /* keep the page */ }
    }
  }
  button.addEventListener("click", async () => {
    input.focus();
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      note.textContent = "Link copied.";
    } catch (e) {
      let ok = false;
      try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
      note.textContent = ok ? "Link copied." : "Select the link and copy it (Ctrl+C).";
    }
  });
  model.on("change:query", sync);
  model.on("change:note", sync);
  sync();
  box.append(button, input, note);
  el.append(box);
  // anywidget 0.11 drops every kernel->page message to a model whose code loaded after its 2 s clock; the
  // kernel answers "shown" with "ack", so no ack in time means this link is deaf: ask the kernel for a new one.
  let acked = false;
  function onMessage(msg) { if (msg && msg.event === "ack") { acked = true; } }
  model.on("msg:custom", onMessage);
  const timer = setTimeout(() => { if (!acked) { model.send({ event: "stale" }); } }, ACK_WAIT_MS);
  // The page's own query goes with "shown": a static page's kernel runs in a worker that cannot read it.
  model.send({ event: "shown", search: onDashboard ? OPENED_WITH : "" });
  return () => {
    clearTimeout(timer);
    model.off("msg:custom", onMessage);
    model.off("change:query", sync);
    model.off("change:note", sync);
  };
}
export default { render };
""" % ACK_WAIT_MS

_CSS = """
.re-share { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; width: 100%; }
.re-share .re-share-url { flex: 1 1 220px; min-width: 0; font-size: 12px; color: #3d4a5c; }
.re-share .re-share-note { font-size: 12px; color: #5b6472; }
.re-share .re-copy-link { flex: 0 0 auto; }
"""


class PageLink(anywidget.AnyWidget):
    """"Copy link" and the address bar of a Voilà page, kept to ``query``; ``note`` is shown beside it.

    It answers each view's "shown" with an "ack" (the page's proof that messages from the kernel
    still reach this model); anything else the page sends is left to :class:`ShareLink` or ignored.
    """

    _esm = _ESM
    _css = _CSS
    query = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    keep_address = traitlets.Bool(True).tag(sync=True)
    page = traitlets.Unicode("", help="Another dashboard the link opens (e.g. 'star_realms.ipynb'); '' for this page").tag(
        sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._answer_shown)

    def _answer_shown(self, _widget: object, content: object, _buffers: object) -> None:
        if page_event(content) == "shown":
            self.send({"event": "ack"})


def page_search(content: object) -> str:
    """The page's query a "shown" message carries, without its ``?`` ("" when it carries none or not text).

    >>> page_search({"event": "shown", "search": "?seed=4"}), page_search({"event": "shown", "search": 4})
    ('seed=4', '')
    """
    search = content.get("search") if isinstance(content, dict) else None
    if not isinstance(search, str):
        return ""
    return search.removeprefix("?")


def page_event(content: object) -> str | None:
    """The ``event`` a message from the page names, or ``None`` for anything else (never raises: the page is
    not trusted to send well-formed messages).

    >>> page_event({"event": "stale"}), page_event(["stale"]), page_event({"event": 3})
    ('stale', None, None)
    """
    if isinstance(content, dict) and isinstance(content.get("event"), str):
        return content["event"]
    return None


class ShareLink:
    """The panel's link: ``widget`` (a box the panel places) shows one :class:`PageLink`, ``link``,
    replaced by a fresh one carrying the same four values when its page reports it "stale".

    ``query``, ``note``, ``keep_address`` and ``page`` read and set the current link's values, so
    callers never hold a model that may be swapped out.

    >>> share = ShareLink()
    >>> share.keep_address = False
    >>> share.widget.children == (share.link,) and share.link.keep_address is False
    True
    """

    def __init__(self) -> None:
        self.link: PageLink = PageLink()
        self.link.on_msg(self._on_page_message)
        self.replacements: int = 0
        self.on_address: Callable[[str], None] | None = None
        """Called once with the page's query (without ``?``) when the page first reports a non-empty one."""
        self.address_heard: bool = False
        self.widget: W.VBox = W.VBox([self.link], layout=W.Layout(width="100%"))
        self.widget.add_class("re-share-slot")

    @property
    def query(self) -> str:
        return self.link.query

    @query.setter
    def query(self, value: str) -> None:
        self.link.query = value

    @property
    def note(self) -> str:
        return self.link.note

    @note.setter
    def note(self, value: str) -> None:
        self.link.note = value

    @property
    def keep_address(self) -> bool:
        return self.link.keep_address

    @keep_address.setter
    def keep_address(self, value: bool) -> None:
        self.link.keep_address = value

    @property
    def page(self) -> str:
        return self.link.page

    @page.setter
    def page(self, value: str) -> None:
        self.link.page = value

    def replacements_left(self) -> int:
        """Fresh links this one may still make.

        Bounded because "stale" only says that no ack came within 4 s: a kernel busy for longer (a long
        simulation in the same kernel) delays every ack, and each fresh link would then be called stale in
        turn. After ``MAX_REPLACEMENTS`` the current link stays; at worst it is a deaf one.
        """
        return MAX_REPLACEMENTS - self.replacements

    def _on_page_message(self, sender: object, content: object, _buffers: object) -> None:
        event = page_event(content)
        if event == "shown":
            self._heard_address(page_search(content))
            return
        # Several views of one model may each call it stale; only the first call about the current link counts.
        if event != "stale" or sender is not self.link:
            return
        if self.replacements_left() <= 0:
            log.warning("The page called its link stale again; kept it (%d fresh links made).", self.replacements)
            return
        self._replace()

    def _heard_address(self, query: str) -> None:
        """The first report of the page's address (from any view, any link) goes to ``on_address``; later ones
        are the same page again (another view, a fresh link) and change nothing."""
        if self.address_heard:
            return
        self.address_heard = True
        if query and self.on_address is not None:
            self.on_address(query)

    def _replace(self) -> None:
        """Show a fresh ``PageLink`` with the current one's values, and close the old one (its views go)."""
        old = self.link
        fresh = PageLink(query=old.query, note=old.note, keep_address=old.keep_address, page=old.page)
        fresh.on_msg(self._on_page_message)
        self.link = fresh
        self.replacements += 1
        self.widget.children = (fresh,)
        old.close()


def page_query() -> str | None:
    """The query of the Voilà page this kernel serves (``QUERY_STRING``), or ``None`` outside Voilà."""
    query = os.environ.get("QUERY_STRING")
    return query if query else None
