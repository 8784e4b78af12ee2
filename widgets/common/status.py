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
