"""The moves available now, as buttons or a searchable list, and a typed-action box.

The picker draws ``state.legal_actions()`` (or, at a chance node,
``state.chance_outcomes()`` with their exact probabilities) and reports what the
user chose; it never decides what is legal and never applies anything itself.

* Few moves (``<= max_buttons``): one button per move, grouped in rows as the
  table groups them (``state.action_group(move)``: "Play", "Buy", "Attack"). Buttons are pooled and relabelled on every update, not
  rebuilt, so a redraw stays cheap.
* Many moves: a group filter (Dropdown), a text filter and a ``Select``; "Play
  selected" applies the selected move. Each move is offered once, in one place. Both filters are
  cleared when the position changes.
* A text box where a person types an action: "Why not?" asks the panel to
  explain it, "Apply typed" to play it. The text is only ever compared with the
  moves' notation (``state.parse_action``), never evaluated.

>>> p = ActionPicker(on_play=print, on_explain=print, on_apply_text=print)
>>> p.explain_button.description, p.apply_typed_button.description
('Why not?', 'Apply typed')
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as W

from explorer.core.actions import Action, normalise_notation
from explorer.errors import InvalidActionError

MAX_BUTTONS = 16
"""Above this many moves the picker shows the searchable list instead of buttons."""

MAX_TYPED = 200
"""Longest typed action accepted (characters); longer text is refused, not cut."""

_ALL_KINDS = "all moves"


def _fraction(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _percent(p: Fraction) -> str:
    if 0 < p < Fraction(1, 20000):
        return "<0.01%"
    return f"{float(p) * 100:.2f}%"


def typed_text(text: object) -> str:
    """A typed action, stripped; empty or overlong text is refused with ``InvalidActionError``."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidActionError("Type an action first, e.g. one of the moves listed above.")
    if len(text.strip()) > MAX_TYPED:
        raise InvalidActionError(f"A typed action is at most {MAX_TYPED} characters; this one has {len(text.strip())}.")
    return text.strip()


def moves_heading(state: Any) -> str:
    """What the picker offers, in a sentence ("2 legal moves: click one to play it.")."""
    if state.is_terminal():
        return "No moves: the game is over. Undo, move the slider, or start a new game."
    if state.is_chance():
        n = len(state.chance_outcomes())
        return f"{n} possible outcome{'s' if n != 1 else ''} with exact probabilities: Step samples one, or pick one."
    n = len(state.legal_actions())
    return f"{n} legal move{'s' if n != 1 else ''}: click one to play it."


def _group(state: Any, move: Action) -> str:
    """The group a move is offered in: ``state.action_group(move)``; chance outcomes form one group."""
    if state.is_chance():
        return "Outcome"
    group = state.action_group(move)
    return group if isinstance(group, str) and group else move.kind


def move_words(state: Any, move: Action) -> str:
    """A move in words: ``state.action_words(move)`` where the game words its moves apart from their notation
    (Warp's Edge names tokens: ``buy Laser 1`` for ``buy laser-1``), else the notation ``str(move)``."""
    return str(move) if state is None else state.action_words(move)


def move_label(move: Action, prob: Fraction | None = None, state: Any = None) -> str:
    """How a move reads on a button or in the list (:func:`move_words`): ``'rolled 3 · 1/6'`` for chance outcomes."""
    text = move_words(state, move)
    return text if prob is None else f"{text} · {_fraction(prob)}"


class ActionPicker:
    """Buttons or a searchable list of the current moves (class ``re-actions``), plus typed entry.

    Callbacks: ``on_play(action)`` when a move is clicked or "Play selected" is
    pressed (``None`` when nothing is selected in the list); ``on_explain(text)`` and ``on_apply_text(text)`` for the typed box.
    """

    def __init__(
        self,
        *,
        on_play: Callable[[Action | None], Any],
        on_explain: Callable[[str], Any],
        on_apply_text: Callable[[str], Any],
        max_buttons: int = MAX_BUTTONS,
    ) -> None:
        self._on_play, self._on_explain, self._on_apply_text = on_play, on_explain, on_apply_text
        self.max_buttons = max_buttons
        self.moves: tuple[Action, ...] = ()
        self.groups: tuple[str, ...] = ()  # the table's group of each move
        self.probs: tuple[Fraction, ...] | None = None  # set at chance nodes
        self.mode = "buttons"
        self._state: Any = None
        self._filling = False

        self.heading = W.HTML()
        self.heading.add_class("re-actions-heading")

        # --- button mode: pooled buttons in pooled rows (one row per kind) ---
        self.buttons: list[W.Button] = []
        self._rows: list[tuple[W.HTML, W.HBox, W.HBox]] = []
        self.buttons_box = W.VBox(layout=W.Layout(width="100%"))
        self.buttons_box.add_class("re-action-buttons")

        # --- list mode ---
        self.kind_filter = W.Dropdown(options=[_ALL_KINDS], value=_ALL_KINDS, description="Group",
                                      layout=W.Layout(width="220px"), style={"description_width": "40px"})
        self.text_filter = W.Text(placeholder="filter, e.g. laser", description="Find",
                                  continuous_update=True, layout=W.Layout(width="260px"),
                                  style={"description_width": "40px"})
        self.select = W.Select(options=[], rows=8, layout=W.Layout(width="100%"))
        self.select.add_class("re-action-select")
        self.play_selected_button = W.Button(description="Play selected", tooltip="Apply the move selected in the list")
        self.play_selected_button.add_class("re-play-selected")
        self.list_count = W.HTML()
        self.list_box = W.VBox(
            [W.HBox([self.kind_filter, self.text_filter, self.list_count],
                    layout=W.Layout(align_items="center", flex_flow="row wrap")),  # a phone: Find under Group
             self.select, self.play_selected_button],
            layout=W.Layout(width="100%", display="none"),
        )
        self.list_box.add_class("re-action-list")
        self.kind_filter.observe(lambda _c: self._fill_list(), names="value")
        self.text_filter.observe(lambda _c: self._fill_list(), names="value")
        self.play_selected_button.on_click(lambda _b: self._play_selected())

        # --- typed entry ---
        self.typed = W.Text(placeholder="type an action, e.g. hold", description="Action",
                            continuous_update=False, layout=W.Layout(width="280px"),
                            style={"description_width": "50px"})
        self.typed.add_class("re-typed")
        self.explain_button = W.Button(description="Why not?", tooltip="Explain whether the typed action is legal now")
        self.explain_button.add_class("re-explain")
        self.apply_typed_button = W.Button(description="Apply typed", tooltip="Play the typed action")
        self.apply_typed_button.add_class("re-apply-typed")
        self.explain_button.on_click(lambda _b: self._on_explain(self.typed.value))
        self.apply_typed_button.on_click(lambda _b: self._on_apply_text(self.typed.value))
        self.typed_box = W.HBox([self.typed, self.explain_button, self.apply_typed_button],
                                layout=W.Layout(align_items="center", flex_flow="row wrap"))

        self.moves_box = W.VBox([self.heading, self.buttons_box, self.list_box], layout=W.Layout(width="100%"))
        self.widget = W.VBox([self.moves_box, self.typed_box], layout=W.Layout(width="100%"))
        self.widget.add_class("re-actions")

    def show_moves(self, visible: bool) -> None:
        """Show or hide the move buttons / list (the typed box stays): a game panel that offers every
        move on its own table view hides them, so that each move is offered once."""
        self.moves_box.layout.display = "" if visible else "none"

    # --- reading ------------------------------------------------------------------
    @property
    def selected(self) -> Action | None:
        """The move selected in the list (list mode only), else ``None``."""
        if self.mode != "list" or self.select.value is None:
            return None
        return self.moves[self.select.value]

    # --- drawing ------------------------------------------------------------------
    def update(self, state: Any) -> None:
        """Show the moves of ``state`` (nothing changes if it is the position already shown)."""
        if state is self._state:
            return  # same position (a refused input, a redraw): keep the list selection and filters
        self._state = state
        self.heading.value = (f'<div style="font-size:13px;color:#3d4a5c;margin:2px 0 4px">'
                              f"{html.escape(moves_heading(state))}</div>")
        if state.is_chance():
            outcomes = state.chance_outcomes()
            self.moves = tuple(a for a, _ in outcomes)
            self.probs = tuple(p for _, p in outcomes)
        else:
            self.moves = state.legal_actions()
            self.probs = None
        self.groups = tuple(_group(state, m) for m in self.moves)
        self.mode = "buttons" if len(self.moves) <= self.max_buttons else "list"
        if self.mode == "buttons":
            self._fill_buttons()
            self.buttons_box.layout.display = ""
            self.list_box.layout.display = "none"
        else:
            kinds = [_ALL_KINDS, *dict.fromkeys(self.groups)]
            self._filling = True  # a new position starts with both filters cleared
            try:
                if list(self.kind_filter.options) != kinds:
                    self.kind_filter.options = kinds
                self.kind_filter.value = _ALL_KINDS
                self.text_filter.value = ""
            finally:
                self._filling = False
            self._fill_list()
            self.buttons_box.layout.display = "none"
            self.list_box.layout.display = ""

    def _label(self, i: int) -> str:
        return move_label(self.moves[i], None if self.probs is None else self.probs[i], self._state)

    def _fill_buttons(self) -> None:
        groups: dict[str, list[int]] = {}
        for i, group in enumerate(self.groups):
            groups.setdefault(group, []).append(i)
        while len(self.buttons) < len(self.moves):
            button = W.Button(layout=W.Layout(width="auto", min_width="64px"))
            button.add_class("re-action")
            slot = len(self.buttons)
            button.on_click(lambda _b, slot=slot: self._clicked(slot))
            self.buttons.append(button)
        while len(self._rows) < len(groups):
            label = W.HTML(layout=W.Layout(width="110px"))
            line = W.HBox(layout=W.Layout(flex_flow="row wrap"))
            self._rows.append((label, line, W.HBox([label, line], layout=W.Layout(align_items="center", flex_flow="row wrap"))))
        self._slots: list[int] = []  # button slot -> index into self.moves
        rows = []
        for (kind, indices), (label, line, row) in zip(groups.items(), self._rows):
            label.value = f'<span style="font-size:12px;color:#5b6472">{html.escape(kind)}</span>'
            used = []
            for i in indices:
                button = self.buttons[len(self._slots)]
                self._slots.append(i)
                text = self._label(i)
                if button.description != text:
                    button.description = text
                    button.tooltip = (f"{move_words(self._state, self.moves[i])}: probability {_fraction(self.probs[i])} "
                                      f"({_percent(self.probs[i])})") if self.probs is not None else f"Play {text}"
                used.append(button)
            line.children = used
            rows.append(row)
        self.buttons_box.children = rows

    def _fill_list(self) -> None:
        if self.mode != "list" or self._filling:
            return
        kind = self.kind_filter.value
        wanted = normalise_notation(self.text_filter.value or "")
        options = []
        for i in range(len(self.moves)):
            if kind not in (None, _ALL_KINDS) and self.groups[i] != kind:
                continue
            label = self._label(i)
            if wanted and wanted not in normalise_notation(label):
                continue
            options.append((label, i))
        self.select.options = options
        self.select.index = None
        self.list_count.value = (
            f'<span style="font-size:12px;color:#5b6472;margin-left:8px">{len(options)} of {len(self.moves)}</span>'
        )

    # --- reporting ----------------------------------------------------------------
    def _clicked(self, slot: int) -> None:
        self._on_play(self.moves[self._slots[slot]])

    def _play_selected(self) -> None:
        self._on_play(self.selected)  # None when nothing is selected: the panel says so
