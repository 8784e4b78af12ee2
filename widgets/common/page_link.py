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
environment; :func:`page_query` reads it (``None`` outside Voilà).

>>> link = PageLink()
>>> link.query = "game=toy&match=abc"
>>> link.note
''
"""

from __future__ import annotations

import os

import anywidget
import traitlets

_ESM = r"""
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
  const inVoila = window.location.pathname.indexOf("/voila/render/") >= 0;
  function url() {
    const q = model.get("query");
    if (!inVoila) { return q ? "?" + q : ""; }
    const page = model.get("page");
    const path = page ? window.location.pathname.replace(/[^/]*$/, encodeURIComponent(page)) : window.location.pathname;
    const base = window.location.origin + path;
    return q ? base + "?" + q : base;
  }
  function sync() {
    input.value = url();
    note.textContent = model.get("note") ||
      (inVoila ? "" : "Add this to the dashboard's address (make dashboard) to open the same match.");
    if (inVoila && model.get("keep_address") && window.history && window.history.replaceState) {
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
}
export default { render };
"""

_CSS = """
.re-share { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; width: 100%; }
.re-share .re-share-url { flex: 1 1 220px; min-width: 0; font-size: 12px; color: #3d4a5c; }
.re-share .re-share-note { font-size: 12px; color: #5b6472; }
.re-share .re-copy-link { flex: 0 0 auto; }
"""


class PageLink(anywidget.AnyWidget):
    """"Copy link" and the address bar of a Voilà page, kept to ``query``; ``note`` is shown beside it."""

    _esm = _ESM
    _css = _CSS
    query = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    keep_address = traitlets.Bool(True).tag(sync=True)
    page = traitlets.Unicode("", help="Another dashboard the link opens (e.g. 'star_realms.ipynb'); '' for this page").tag(
        sync=True)


def page_query() -> str | None:
    """The query of the Voilà page this kernel serves (``QUERY_STRING``), or ``None`` outside Voilà."""
    query = os.environ.get("QUERY_STRING")
    return query if query else None
