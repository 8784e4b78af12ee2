"""The "Set up position" tab: enter the position on your own table, checked as you type.

The editor is built from what the game writes (``state.position_dict()``), so
every game gets one without code of its own: a table becomes a titled group,
a list of tables one group per entry, a number a number box, true/false a
tick box, and a list of names a zone: a text line such as ``Scout x3, Viper``
with a name picker that completes the game's names
(``game.position_vocabulary()``), a count and "Add". The TOML text of the
same position sits below for copy and paste; the form and the text follow each
other. Every change is read by the game (``game.position(...)``: the referee
checks names, conservation and ranges) and the verdict is shown at once; "Use
this position" hands the checked state to the panel. The editor never decides
what is legal: the game's reader and referee do.

>>> import explorer
>>> used = []
>>> editor = PositionEditor(on_use=lambda state, derived: used.append(state))
>>> editor.game is None
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from explorer.core.game import Game
from explorer.core.position import parse_toml, toml_text
from explorer.core.state import State
from explorer.errors import RulesError

_CSS = (
    "<style>.re-editor .re-editor-group{border-left:3px solid #c9d3e0;padding:2px 0 2px 8px;margin:4px 0}"
    ".re-editor .re-editor-title{font-size:13px;font-weight:600;color:#2b2f36;margin:4px 0 2px}"
    ".re-editor .re-editor-verdict{font-size:13px;padding:4px 8px;border-radius:4px}"
    ".re-editor .re-ok{background:#eaf5ec;color:#1e5b2b}.re-editor .re-bad{background:#fbeaea;color:#8a1c1c}"
    ".re-editor textarea{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}</style>"
)

Data = dict[str, Any]


def _label(key: str) -> str:
    return key.replace("_", " ")


class NameZone:
    """One zone of names: a text line ("Scout x3, Viper"), a completing picker, a count and Add."""

    def __init__(self, key: str, names: list[str], vocabulary: tuple[str, ...], on_change: Callable[[], Any]) -> None:
        self.key = key
        self.text = W.Text(value=", ".join(names), description=_label(key), continuous_update=False,
                           placeholder="e.g. Scout x3, Viper", layout=W.Layout(flex="1 1 260px", min_width="200px"),
                           style={"description_width": "110px"})
        self.text.add_class("re-zone")
        self.pick = W.Combobox(options=list(vocabulary), placeholder="name…", ensure_option=False,
                               layout=W.Layout(width="170px"))
        self.count = W.BoundedIntText(value=1, min=1, max=99, layout=W.Layout(width="64px"))
        self.add = W.Button(description="Add", layout=W.Layout(width="auto", min_width="52px"),
                            tooltip=f"Add the picked name to {_label(key)}")
        self.add.on_click(lambda _b: self._add())
        self.text.observe(lambda _c: on_change(), names="value")
        parts = [self.text] + ([self.pick, self.count, self.add] if vocabulary else [])
        self.widget = W.HBox(parts, layout=W.Layout(flex_flow="row wrap", align_items="center", width="100%"))

    def _add(self) -> None:
        name = self.pick.value.strip()
        if not name:
            return
        entry = name if self.count.value == 1 else f"{name} x{self.count.value}"
        self.text.value = f"{self.text.value}, {entry}" if self.text.value.strip() else entry
        self.pick.value = ""

    def value(self) -> list[str]:
        return [part.strip() for part in self.text.value.split(",") if part.strip()]


class PositionEditor:
    """The editor (``.widget``); ``load(state)`` fills it, ``on_use(state, derived)`` receives a checked position."""

    def __init__(self, *, on_use: Callable[[State, tuple[str, ...]], Any]) -> None:
        self._on_use = on_use
        self.game: Game | None = None
        self._shape: Data = {}
        self._reader: Callable[[], Data] = dict
        self._quiet = False
        self.checked: State | None = None
        self.derived: tuple[str, ...] = ()

        self.help = W.HTML(
            '<div style="font-size:13px;color:#3d4a5c;margin:2px 0 6px">Describe the position on your table: '
            "what each zone holds (a deck's contents; its order is unknown). Names complete as you type; "
            "write counts as <code>Scout x3</code>. Every change is checked at once; "
            "<b>Use this position</b> starts the match there and the Odds tab answers about it.</div>")
        self.form = W.VBox(layout=W.Layout(width="100%"))
        self.verdict = W.HTML()
        self.verdict.add_class("re-editor-verdict-box")
        self.use_button = W.Button(description="Use this position", button_style="primary",
                                   tooltip="Start the match from this position", layout=W.Layout(width="auto"))
        self.use_button.add_class("re-use-position")
        self.reset_button = W.Button(description="Back to the match's position", layout=W.Layout(width="auto"),
                                     tooltip="Fill the editor from the position on screen again")
        self.reset_button.add_class("re-reset-position")
        self.text = W.Textarea(layout=W.Layout(width="100%", height="220px"), continuous_update=False)
        self.text.add_class("re-position-text")
        self.use_button.on_click(lambda _b: self.use())
        self.reset_button.on_click(lambda _b: self.load(self.loaded) if self.loaded is not None else None)
        self.text.observe(lambda _c: self._text_changed(), names="value")
        self.loaded: State | None = None
        self.widget = W.VBox(
            [W.HTML(_CSS), self.help, self.form, self.verdict,
             W.HBox([self.use_button, self.reset_button], layout=W.Layout(flex_flow="row wrap")),
             W.HTML('<div class="re-editor-title">The same position as text (TOML: copy, paste, edit)</div>'),
             self.text],
            layout=W.Layout(width="100%"))
        self.widget.add_class("re-editor")

    # --- filling ---------------------------------------------------------------------------
    def load(self, state: State) -> None:
        """Fill the form and the text from ``state`` (the position the match shows)."""
        self.loaded, self.game = state, state.game
        try:
            data = state.position_dict()
        except RulesError as err:
            self.form.children = ()
            self.text.value = ""
            self._show(False, err.message)
            self.use_button.disabled = True
            return
        self.use_button.disabled = False
        self._fill(data)
        self._quiet = True
        try:
            self.text.value = toml_text(data)
        finally:
            self._quiet = False
        self.check()

    def _fill(self, data: Data) -> None:
        vocabulary = self.game.position_vocabulary() if self.game is not None else {}
        children, self._reader = self._build(data, vocabulary, depth=0)
        self.form.children = children

    def _build(self, data: Data, vocabulary: dict[str, tuple[str, ...]], depth: int) -> tuple[list[W.Widget], Callable[[], Data]]:
        widgets: list[W.Widget] = []
        readers: list[tuple[str, Callable[[], Any]]] = []
        for key, value in data.items():
            if isinstance(value, dict):
                inner, read = self._build(value, vocabulary, depth + 1)
                widgets.append(self._group(_label(key), inner))
                readers.append((key, read))
            elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                item_readers = []
                for i, item in enumerate(value):
                    inner, read = self._build(item, vocabulary, depth + 1)
                    widgets.append(self._group(f"{_label(key)} {i + 1}", inner))
                    item_readers.append(read)
                readers.append((key, lambda rs=tuple(item_readers): [r() for r in rs]))
            elif isinstance(value, bool):
                box = W.Checkbox(value=value, description=_label(key), indent=False)
                box.observe(lambda _c: self._form_changed(), names="value")
                widgets.append(box)
                readers.append((key, lambda b=box: b.value))
            elif isinstance(value, int):
                box = W.IntText(value=value, description=_label(key), continuous_update=False,
                                layout=W.Layout(width="240px"), style={"description_width": "110px"})
                box.observe(lambda _c: self._form_changed(), names="value")
                widgets.append(box)
                readers.append((key, lambda b=box: b.value))
            elif isinstance(value, str):
                options = vocabulary.get(key, ())
                box = (W.Combobox(options=list(options), value=value, ensure_option=False) if options else W.Text(value=value))
                box.description, box.continuous_update = _label(key), False
                box.layout, box.style = W.Layout(width="100%", max_width="420px"), {"description_width": "110px"}
                box.observe(lambda _c: self._form_changed(), names="value")
                widgets.append(box)
                readers.append((key, lambda b=box: b.value))
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                zone = NameZone(key, value, vocabulary.get(key, ()), self._form_changed)
                widgets.append(zone.widget)
                readers.append((key, zone.value))
            else:  # a list of numbers, or anything else: edited as TOML in the text box
                shown = W.HTML(f'<div style="font-size:12px;color:#5b6472">{html.escape(_label(key))}: '
                               f"{html.escape(toml_text({key: value}).strip())} (edit in the text below)</div>")
                widgets.append(shown)
                readers.append((key, lambda v=value: v))
        return widgets, lambda: {k: read() for k, read in readers}

    def _group(self, title: str, children: list[W.Widget]) -> W.VBox:
        box = W.VBox([W.HTML(f'<div class="re-editor-title">{html.escape(title)}</div>'), *children],
                     layout=W.Layout(width="100%"))
        box.add_class("re-editor-group")
        return box

    # --- checking ----------------------------------------------------------------------------
    def data(self) -> Data:
        """The position the form describes now, as the game's reader takes it."""
        return self._reader()

    def _form_changed(self) -> None:
        if self._quiet:
            return
        data = self.data()
        self._quiet = True
        try:
            self.text.value = toml_text(data)
        except TypeError:
            pass
        finally:
            self._quiet = False
        self.check(data)

    def _text_changed(self) -> None:
        if self._quiet:
            return
        try:
            data = parse_toml(self.text.value)
        except RulesError as err:
            self.checked = None
            self._show(False, err.message)
            return
        self._quiet = True
        try:
            self._fill(data)
        finally:
            self._quiet = False
        self.check(data)

    def check(self, data: Data | None = None) -> bool:
        """Read ``data`` (default: the form) with the game's referee; the verdict line says the result."""
        if self.game is None:
            return False
        try:
            reading = self.game.read_position_data(self.data() if data is None else data)
        except RulesError as err:
            self.checked, self.derived = None, ()
            self._show(False, err.message)
            return False
        self.checked, self.derived = reading.state, reading.derived
        extra = ("; derived: " + "; ".join(reading.derived)) if reading.derived else ""
        self._show(True, f"A position the rules can reach: {reading.state.phase}{extra}.")
        return True

    def _show(self, ok: bool, message: str) -> None:
        cls = "re-ok" if ok else "re-bad"
        prefix = "✓ " if ok else "✗ "
        self.verdict.value = f'<div class="re-editor-verdict {cls}">{prefix}{html.escape(message)}</div>'
        self.use_button.disabled = not ok

    def use(self) -> bool:
        """Hand the checked position to the panel (False, with the reason shown, if it does not check)."""
        if self.checked is None and not self.check():
            return False
        assert self.checked is not None
        self._on_use(self.checked, self.derived)
        return True
