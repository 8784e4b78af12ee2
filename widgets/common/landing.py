"""The dashboard index: what each game and tool is, a picture, and a link — the page a visitor lands on.

``dashboard_index()`` returns one HTML widget with a card per dashboard that
this installation has (a game's card appears once its game is registered in
``explorer.games()``). Links are relative to the page (``star_realms.ipynb``
next to ``index.ipynb`` under ``/voila/render/``), so the index works behind
any base URL; on the static site, whose kernel runs in the browser (Pyodide,
``sys.platform == "emscripten"``), each notebook is the page ``star_realms.html``
next to ``index.html`` under ``/voici/render/``, and the links say so. The pictures are small inline drawings made for this page; no
asset is fetched from anywhere.

>>> html_text = dashboard_index().value
>>> 'href="star_realms.ipynb"' in html_text and 'href="calculators.ipynb"' in html_text
True
"""

from __future__ import annotations

import html
import sys
from dataclasses import dataclass

import ipywidgets as W

from explorer.core.registry import game_ids


@dataclass(frozen=True)
class Dashboard:
    """One card: the notebook it opens, its title, a sentence, what it needs, and a small drawing."""

    notebook: str
    title: str
    blurb: str
    game: str | None
    picture: str


def _svg(body: str) -> str:
    return (f'<svg viewBox="0 0 120 72" width="120" height="72" role="img" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


DASHBOARDS: tuple[Dashboard, ...] = (
    Dashboard("calculators.ipynb", "Dice and draw calculators",
              "Exact odds for any dice pool or draw from a bag or deck: hits at 3+, two lasers in five draws, "
              "as fractions and charts.", None,
              _svg('<rect x="10" y="18" width="34" height="34" rx="6" fill="#4C6A92"/>'
                   '<circle cx="20" cy="28" r="3.5" fill="#fff"/><circle cx="34" cy="42" r="3.5" fill="#fff"/>'
                   '<rect x="56" y="48" width="12" height="14" fill="#9db4d4"/><rect x="72" y="30" width="12" '
                   'height="32" fill="#6f8fbd"/><rect x="88" y="14" width="12" height="48" fill="#4C6A92"/>')),
    Dashboard("star_realms.ipynb", "Star Realms",
              "The deck-builder in every format: play a seeded match, enter the position on your table, and see "
              "your next hand's Trade and Combat, lethal checks and which buy helps most.", "star_realms",
              _svg('<rect x="14" y="10" width="32" height="48" rx="4" fill="#2d6a4f"/>'
                   '<rect x="44" y="14" width="32" height="48" rx="4" fill="#b5651d"/>'
                   '<rect x="74" y="10" width="32" height="48" rx="4" fill="#4C6A92"/>'
                   '<polygon points="60,24 64,34 74,34 66,40 69,50 60,44 51,50 54,40 46,34 56,34" fill="#ffd166"/>')),
    Dashboard("warps_edge.ipynb", "Warp's Edge (demonstration data)",
              "The solo bag-builder: draw tokens, stun and destroy enemies, reach the mothership. The numbers are "
              "a demonstration set invented by this project.", "warps_edge",
              _svg('<circle cx="30" cy="36" r="16" fill="#e63946"/><circle cx="60" cy="36" r="16" fill="#457b9d"/>'
                   '<circle cx="90" cy="36" r="16" fill="#f4a261"/>')),
    Dashboard("endor.ipynb", "The Battle of Endor",
              "Orders, the space battle, the shield assault and the duel: which order gives the best chance now?",
              "endor",
              _svg('<circle cx="88" cy="30" r="20" fill="#6c757d"/><circle cx="82" cy="24" r="5" fill="#343a40"/>'
                   '<circle cx="30" cy="48" r="12" fill="#2a9d8f"/><path d="M10 60 L40 20" stroke="#e63946" '
                   'stroke-width="3"/>')),
    Dashboard("fleet_command.ipynb", "Space Fleet Command",
              "Tiles on a table: where each ship can go, whom it can shoot from there, and the odds of every shot.",
              "fleet_command",
              _svg('<polygon points="20,50 30,30 40,50" fill="#4C6A92"/><polygon points="70,24 80,44 90,24" '
                   'fill="#e63946"/><path d="M30 30 A40 40 0 0 1 90 30" fill="none" stroke="#9db4d4" '
                   'stroke-dasharray="4 3"/>')),
    Dashboard("pinned_down.ipynb", "Pinned Down",
              "The co-operative escape: before each card you play, see what the Dra'tar will send and whether the "
              "fleet survives the fights.", "pinned_down",
              _svg('<rect x="12" y="20" width="26" height="36" rx="3" fill="#264653"/>'
                   '<rect x="46" y="14" width="26" height="36" rx="3" fill="#e76f51"/>'
                   '<rect x="80" y="20" width="26" height="36" rx="3" fill="#e9c46a"/>')),
    Dashboard("simulation.ipynb", "Simulation lab",
              "Thousands of seeded games per rules variant: who wins and how often, with honest intervals.",
              None,
              _svg('<rect x="14" y="40" width="16" height="22" fill="#9db4d4"/><rect x="38" y="22" width="16" '
                   'height="40" fill="#4C6A92"/><rect x="62" y="30" width="16" height="32" fill="#6f8fbd"/>'
                   '<path d="M46 14 V28 M42 14 H50 M42 28 H50" stroke="#2b2f36" stroke-width="2"/>')),
)

_CSS = (
    "<style>.re-index{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:1100px}"
    ".re-index h1{font-size:24px;margin:8px 0 4px;color:#2b2f36}.re-index p.re-lead{color:#3d4a5c;font-size:15px}"
    ".re-index .re-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:12px}"
    ".re-index a.re-card{display:flex;flex-direction:column;gap:6px;padding:12px;border:1px solid #d5d9e0;"
    "border-radius:8px;background:#fbfbfc;text-decoration:none;color:#2b2f36}"
    ".re-index a.re-card:hover{border-color:#4C6A92;background:#f3f6fa}"
    ".re-index .re-card h2{font-size:16px;line-height:1.3;margin:0 0 4px}"
    ".re-index .re-card p{font-size:13px;line-height:1.45;margin:0;color:#3d4a5c}.re-index p.re-lead{line-height:1.5}"
    ".re-index svg{flex:0 0 auto}.re-index p.re-where{font-size:13px;color:#5b6472;line-height:1.5;margin-top:14px}"
    "</style>"
)


def on_static_site() -> bool:
    """True in the static site's kernel (Pyodide in the visitor's browser), where the pages are ``.html`` files."""
    return sys.platform == "emscripten"


def page_href(notebook: str, *, static: bool | None = None) -> str:
    """The link to a dashboard from the landing page: the notebook under Voilà, its ``.html`` page on the static site.

    >>> page_href("star_realms.ipynb", static=False), page_href("star_realms.ipynb", static=True)
    ('star_realms.ipynb', 'star_realms.html')
    """
    static = on_static_site() if static is None else static
    return notebook.removesuffix(".ipynb") + ".html" if static else notebook


def available(dashboards: tuple[Dashboard, ...] = DASHBOARDS) -> tuple[Dashboard, ...]:
    """The dashboards this installation can open (a game's once the game is registered)."""
    games = set(game_ids())
    return tuple(d for d in dashboards if d.game is None or d.game in games)


def index_html(dashboards: tuple[Dashboard, ...] | None = None, *, static: bool | None = None) -> str:
    """The landing page's HTML: a title, one sentence, and a card per dashboard (links as :func:`page_href`)."""
    cards = "".join(
        f'<a class="re-card" href="{html.escape(page_href(d.notebook, static=static))}">{d.picture}<div><h2>{html.escape(d.title)}</h2>'
        f"<p>{html.escape(d.blurb)}</p></div></a>"
        for d in (available() if dashboards is None else dashboards))
    return (f'{_CSS}<div class="re-index"><h1>Rules Explorer</h1><p class="re-lead">Step through five space '
            "tabletop games by their rules, set up the position on your own table, and see exact odds for what "
            f'happens next. Pick a dashboard:</p><div class="re-cards">{cards}</div>'
            f'<p class="re-where">{html.escape(where_it_runs(static))}</p></div>')


def where_it_runs(static: bool | None = None) -> str:
    """The landing page's last sentence: what runs where, and what a visitor waits for (see docs/publish.md).

    >>> "your browser" in where_it_runs(static=True), "make site" in where_it_runs(static=False)
    (True, True)
    """
    if on_static_site() if static is None else static:
        return ("Every page runs in your browser, with nothing on a server: the first visit downloads Python and "
                "the packages (about 50 MB) and starts them, which takes 15 seconds or so; later visits take them "
                "from the browser's cache. The simulation lab runs up to 200 games here; the processes and Dask "
                "backends need the served dashboards.")
    return ("These pages run on this server, a Python kernel per page. To publish them for any number of readers "
            "with no server, build the static site (make site, or rules-explorer site) and copy site/ to any "
            "static host.")


def dashboard_index() -> W.HTML:
    """The landing page as a widget (what ``notebooks/dashboards/index.ipynb`` shows)."""
    page = W.HTML(index_html(), layout=W.Layout(width="100%"))
    page.add_class("re-dashboard-index")
    return page
