"""A panel's status line: where a refused input says what was wrong and what is allowed.

Voilà hides tracebacks, so a panel never lets a ``ValueError`` escape into the
notebook: it shows the message here and keeps its last good chart.

>>> s = StatusLine()
>>> s.error("dice must be 0..60"); s.level, s.message
('error', 'dice must be 0..60')
>>> s.ok("ready"); s.level
'ok'
"""

from __future__ import annotations

import html
import sys
from typing import Any

import ipywidgets as W

_STYLE = {
    "ok": ("#2f6b3a", "#eef6ef", "✓"),
    "info": ("#3d4a5c", "#eef1f5", "ℹ"),
    "error": ("#8a2d1c", "#fbeeea", "⚠"),
}


class StatusLine:
    """An ``ipywidgets.HTML`` with class ``re-status`` and a ``level`` of ok / info / error."""

    def __init__(self, css_class: str = "re-status") -> None:
        self.widget = W.HTML(value="", layout=W.Layout(width="100%", min_height="28px"))
        self.widget.add_class(css_class)
        self.level = "info"
        self.message = ""

    def _set(self, level: str, message: str) -> None:
        self.level, self.message = level, message
        fg, bg, icon = _STYLE[level]
        self.widget.value = (
            f'<div class="re-status-{level}" role="status" style="color:{fg};background:{bg};'
            f'padding:4px 10px;border-radius:4px;font-size:13px;line-height:1.5">'
            f"{icon} {html.escape(message)}</div>"
        )

    def ok(self, message: str) -> None:
        self._set("ok", message)

    def info(self, message: str) -> None:
        self._set("info", message)

    def error(self, message: str) -> None:
        self._set("error", message)


def variant_title(game: Any, name: str | None = None) -> str:
    """A variant's display name (``VARIANT_TITLES`` beside the game's class), for every line and option that names
    it; the id (``printed_explorer``) stays in files and links. ``name``: the game's own variant by default.

    >>> import explorer
    >>> variant_title(explorer.load_game("star_realms"), "printed_explorer")
    'Printed Explorer (+2 Trade)'
    """
    name = game.variant if name is None else name
    titles = getattr(sys.modules.get(type(game).__module__), "VARIANT_TITLES", {})
    return str(titles.get(name, name.replace("_", " ")))


def variant_options(game: Any) -> list[tuple[str, str]]:
    """The game's variants as a dropdown's (display name, id) pairs, the seed's reading first."""
    return [(variant_title(game, v.name), v.name) for v in game.info.variants]
