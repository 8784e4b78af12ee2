"""A row of buttons, one per legal move, reused across redraws.

A game panel shows groups of moves ("play from hand", "targets of this token")
as buttons. Building new buttons on every step is slow and flickers, so a row
keeps a pool: each redraw relabels the buttons it needs and hides the rest.
Each button remembers the action it plays; the row never decides legality, it
shows what the panel gives it (taken from ``state.legal_actions()``).

>>> from explorer.core.actions import Action
>>> played = []
>>> row = ButtonRow("demo-row", played.append)
>>> row.set([("roll", Action("roll")), ("hold", Action("hold"))])
>>> row.labels
['roll', 'hold']
>>> row.click("hold"); played
[Action('hold')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from explorer.core.actions import Action


class ButtonRow:
    """Pooled buttons relabelled on every update; each remembers the action it plays."""

    def __init__(self, css: str, on_play: Callable[[Action | None], Any], style: str = "") -> None:
        self.box = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.box.add_class(css)
        self.buttons: list[W.Button] = []
        self.actions: list[Action | None] = []
        self._on_play, self._style = on_play, style

    def _make(self) -> W.Button:
        i = len(self.buttons)
        b = W.Button(layout=W.Layout(width="auto", min_width="60px", margin="2px"), button_style=self._style)
        b.on_click(lambda _b, i=i: self._on_play(self.actions[i]))
        self.buttons.append(b)
        self.actions.append(None)
        return b

    def set(self, moves: Sequence[tuple[str, Action]]) -> None:
        while len(self.buttons) < len(moves):
            self._make()
        for i, b in enumerate(self.buttons):
            if i < len(moves):
                label, action = moves[i]
                self.actions[i] = action
                b.description, b.tooltip = label, str(action)
            else:
                self.actions[i] = None
        shown = tuple(self.buttons[: len(moves)])
        if self.box.children != shown:
            self.box.children = shown

    @property
    def labels(self) -> list[str]:
        return [b.description for b in self.box.children]

    def click(self, label: str) -> None:
        for b in self.box.children:
            if b.description == label:
                b.click()
                return
        raise KeyError(f"no button {label!r}; shown: {self.labels}")
