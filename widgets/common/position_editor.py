"""The "Set up position" tab: enter the position on your own table, checked as you type.

The editor is built from what the game writes (``state.position_dict()``), so
every game gets one without code of its own (see :mod:`widgets.common.editor_form`):
a table becomes a titled group, a list of tables one group per entry (with Add
and Remove where the format says what a new entry holds), a number a number
box, true/false a tick box, a list of names a zone with a picker of the game's
names (``game.position_vocabulary()``), and a face-down zone written as a count a
count box. Labels and the reader's messages use the same words, 1-based
("Player 1 › base 2 › name": an entry by its singular and number, see
:func:`explorer.core.field_words.field_label`). Below the form, "Move cards between zones"
moves cards without retyping, and the TOML text of the same position sits at
the bottom for copy and paste; the form and the text follow each other. Every
change is read by the game (``game.read_position_data``: the reader and the
referee check names, conservation and ranges) and the verdict is shown at
once; "Use this position" reads what was edited last (the text or the form)
and hands the checked state to the panel in one click. The editor never decides
what is legal: the game's reader and referee do.

>>> import explorer
>>> used = []
>>> editor = PositionEditor(on_use=lambda state, derived: used.append(state))
>>> editor.game is None
True
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from explorer.core.game import Game
from explorer.core.position import parse_toml, toml_text
from explorer.core.state import State
from explorer.errors import RulesError
from widgets.common.editor_fields import placeholder
from widgets.common.editor_form import MAX_FIELDS, Form, count_fields
from widgets.common.editor_move import MoveControl

_CSS = (
    "<style>.re-editor .re-editor-group{border-left:3px solid #c9d3e0;padding:2px 0 2px 8px;margin:4px 0}"
    ".re-editor .re-editor-title{font-size:13px;font-weight:600;color:#2b2f36;margin:4px 8px 2px 0}"
    ".re-editor .re-editor-verdict{font-size:13px;padding:4px 8px;border-radius:4px}"
    ".re-editor .re-ok{background:#eaf5ec;color:#1e5b2b}.re-editor .re-bad{background:#fbeaea;color:#8a1c1c}"
    ".re-editor .re-editor-note{font-size:12.5px;color:#5b3a00;background:#fff6e0;padding:3px 8px;border-radius:4px}"
    ".re-editor .re-move{border-top:1px solid #e3e8ef;margin-top:6px;padding-top:2px}"
    ".re-editor .widget-inline-hbox{max-width:100%;box-sizing:border-box}.re-editor input{min-width:0}"
    "@media (max-width:560px){.re-editor .widget-inline-hbox>.widget-label{width:96px!important;"
    "min-width:96px!important;white-space:normal;line-height:1.15}"
    ".re-editor .re-move .widget-inline-hbox>.widget-label{width:40px!important;min-width:40px!important}}"
    ".re-editor textarea{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}</style>"
)

Data = dict[str, Any]


def _position_module(game: Game) -> Any:
    try:
        return importlib.import_module(f"explorer.games.{game.info.id}.position")
    except ImportError:
        return None


def form_entries(game: Game) -> tuple[dict[str, Data], tuple[str, ...]]:
    """The list entries a game's position format declares for the form (``FORM_ENTRIES``) and its fixed lists."""
    module = _position_module(game)
    return dict(getattr(module, "FORM_ENTRIES", {})), tuple(getattr(module, "FORM_FIXED", ()))


def form_zones(game: Game) -> dict[str, tuple[str, ...]]:
    """Tables of zones the form shows with every key, empty zones too (``form_zones(game)`` of the format)."""
    hook = getattr(_position_module(game), "form_zones", None)
    return dict(hook(game)) if callable(hook) else {}


def form_hints(game: Game) -> dict[str, str]:
    """What a zone's empty field suggests, by field path (``FORM_HINTS`` of the format: Warp's Edge's enemy deck
    layers take a count of face-down cards as a pilot says it)."""
    return dict(getattr(_position_module(game), "FORM_HINTS", {}))


def form_words(game: Game) -> dict[str, dict[str, str]]:
    """The words of each id of a closed set, by key (``FORM_WORDS`` of the format: the stages in the rules' words)."""
    return {k: dict(v) for k, v in getattr(_position_module(game), "FORM_WORDS", {}).items()}


def label_words(game: Game) -> dict[str, str]:
    """The game's own words for its keys where two games use one key for different things (``LABEL_WORDS`` of
    the format: Star Realms' ``moving`` is the player moving, Fleet Command's the ship laying out its path)."""
    return dict(getattr(_position_module(game), "LABEL_WORDS", {}))


def move_excluded(game: Game) -> tuple[str, ...]:
    """Keys of lists that record cards rather than hold them (``MOVE_EXCLUDED`` of the format: Pinned Down's deck
    list), which the Move control does not offer."""
    return tuple(getattr(_position_module(game), "MOVE_EXCLUDED", ()))


def entry_completer(game: Game) -> Callable[[str, Data], Data]:
    """``complete(key, entry)``: a new list entry completed from its picked name (``form_entry`` of the format)."""
    hook = getattr(_position_module(game), "form_entry", None)
    return (lambda key, entry: hook(game, key, entry)) if callable(hook) else (lambda _key, entry: entry)


class PositionEditor:
    """The editor (``.widget``); ``load(state)`` fills it, ``on_use(state, derived)`` receives a checked position."""

    def __init__(self, *, on_use: Callable[[State, tuple[str, ...]], Any]) -> None:
        self._on_use = on_use
        self.game: Game | None = None
        self._shape: Data = {}
        self._entries: dict[str, Data] = {}
        self._fixed: tuple[str, ...] = ()
        self._quiet = False
        self._source = "form"  # what was edited last: "form" or "text"; Use this position reads it
        self.checked: State | None = None
        self.derived: tuple[str, ...] = ()
        self.loaded: State | None = None

        self.help = W.HTML()
        self.form = W.VBox(layout=W.Layout(width="100%"))
        self.notice = W.HTML()
        self._form = Form(self._form_changed, self._structure_changed)
        self._form.note = self._note
        self.move = MoveControl(self._batch)
        self.verdict = W.HTML()
        self.verdict.add_class("re-editor-verdict-box")
        self.use_button = W.Button(description="Use this position", button_style="primary",
                                   tooltip="Start the match from this position", layout=W.Layout(width="auto"))
        self.use_button.add_class("re-use-position")
        self.reset_button = W.Button(description="Back to the match's position", layout=W.Layout(width="auto"),
                                     tooltip="Fill the editor from the position on screen again")
        self.reset_button.add_class("re-reset-position")
        self.text = W.Textarea(layout=W.Layout(width="auto", height="220px"), continuous_update=True)
        self.text.add_class("re-position-text")
        self.use_button.on_click(lambda _b: self.use())
        self.reset_button.on_click(lambda _b: self.load(self.loaded) if self.loaded is not None else None)
        self.text.observe(lambda _c: self._text_changed(), names="value")
        self.widget = W.VBox(
            [W.HTML(_CSS), self.help, self.form, self.notice, self.move.widget, self.verdict,
             W.HBox([self.use_button, self.reset_button], layout=W.Layout(flex_flow="row wrap")),
             W.HTML('<div class="re-editor-title">The same position as text (TOML: copy, paste, edit)</div>'),
             self.text],
            layout=W.Layout(width="100%"))
        self.widget.add_class("re-editor")

    # --- filling ---------------------------------------------------------------------------
    def load(self, state: State) -> None:
        """Fill the form and the text from ``state`` (the position the match shows)."""
        self.loaded, self.game = state, state.game
        self._source = "form"
        try:
            data = state.position_dict()
        except RulesError as err:
            self.form.children = ()
            self.text.value = ""
            self._show(False, err.message)
            self.use_button.disabled = True
            return
        self._shape = data
        self._entries, self._fixed = form_entries(state.game)
        self.help.value = self._help_text()
        self.use_button.disabled = False
        self._quiet = True
        try:
            self._fill(data)
            self.text.value = toml_text(data)
        finally:
            self._quiet = False
        self.check(data)

    def _help_text(self) -> str:
        voc = self.game.position_vocabulary() if self.game is not None else {}
        names = next((v for v in voc.values() if len(v) > 1), ())
        example = html.escape(placeholder(tuple(names))[5:])
        return ('<div style="font-size:13px;color:#3d4a5c;margin:2px 0 6px">Describe the position on your table: '
                "what each zone holds (a deck's contents; its order is unknown). Names complete as you type; "
                f"write counts as <code>{example}</code>. Every change is checked at once; "
                "<b>Use this position</b> starts the match there and the Odds tab answers about it.</div>")

    def _fill(self, data: Data) -> bool:
        """Build the form for ``data``; False (no widget built, one message) past :data:`MAX_FIELDS` fields."""
        fields = count_fields(data)
        if fields > MAX_FIELDS:
            self.form.children = ()
            self.move.set_zones([])
            self._note(f"This position has more than {MAX_FIELDS} fields; a position of this game has far fewer, "
                       "so the form was not built. Check the text for repeated or stray keys.")
            return False
        game = self.game
        vocabulary = game.position_vocabulary() if game is not None else {}
        self._form.build(data, self._shape, self._entries, vocabulary, self._fixed,
                         zones=form_zones(game) if game is not None else {},
                         complete=entry_completer(game) if game is not None else None,
                         hints=form_hints(game) if game is not None else {},
                         words=form_words(game) if game is not None else {},
                         label_words=label_words(game) if game is not None else {})
        self.form.children = tuple(self._form.children)
        self.move.set_zones(self._form.zones, move_excluded(game) if game is not None else ())
        unbuilt = self._form.unbuilt
        self._note("" if not unbuilt else
                   f"No form field for (kept as written in the text; the check below reads it): "
                   f"{', '.join(unbuilt[:6])}{f' and {len(unbuilt) - 6} more' if len(unbuilt) > 6 else ''}.")
        return True

    def _note(self, text: str) -> None:
        self.notice.value = f'<div class="re-editor-note">{html.escape(text)}</div>' if text else ""

    def field(self, label: str) -> W.Widget:
        """The input widget the form labels ``label`` ("Player 1 › authority"); KeyError names the labels there are."""
        try:
            return self._form.fields[label]
        except KeyError:
            raise KeyError(f"no field {label!r}; fields: {', '.join(self._form.fields)}") from None

    def labels(self) -> list[str]:
        """Every label the form shows: its fields, its groups and its lists with Add, in the form's words."""
        form = self._form
        return [*form.fields, *form.titles, *form.adders]

    def adder(self, label: str) -> Any:
        """The Add control under the list labelled ``label`` ("Player 1 › bases")."""
        return self._form.adders[label]

    def remover(self, label: str) -> W.Button:
        """The Remove button of the entry labelled ``label`` ("Player 1 › base 2")."""
        return self._form.removers[label]

    # --- checking ----------------------------------------------------------------------------
    def data(self) -> Data:
        """The position the form describes now, as the game's reader takes it."""
        return self._form.read()

    def _form_changed(self) -> None:
        if self._quiet:
            return
        self._source = "form"
        data = self.data()
        self._quiet = True
        try:
            self.text.value = toml_text(data)
        except TypeError:
            pass
        finally:
            self._quiet = False
        self.check(data)

    def _batch(self, apply: Callable[[], Any]) -> None:
        """Run ``apply`` (several fields change) and check the form once afterwards."""
        self._quiet = True
        try:
            apply()
        finally:
            self._quiet = False
        self._form_changed()

    def _structure_changed(self) -> None:
        data = self._form.pending
        self._quiet = True
        try:
            self._fill(data)
        finally:
            self._quiet = False
        self._form_changed()

    def _read_text(self) -> Data | None:
        """The text box as data, or None with the reason shown (bad TOML, or a position too big to build)."""
        try:
            data = parse_toml(self.text.value)
        except RulesError as err:
            self.checked = None
            self._show(False, err.message)
            return None
        return data

    def _text_changed(self) -> None:
        if self._quiet:
            return
        self._source = "text"
        data = self._read_text()
        if data is None:
            return
        self._quiet = True
        try:
            built = self._fill(data)
        finally:
            self._quiet = False
        if not built:
            self.checked = None
            self._show(False, f"position: more than {MAX_FIELDS} fields; not read")
            return
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
        """Hand the position on screen to the panel: the text if it was edited last, else the form.

        It is read again at the click, so one click uses what is shown (False, with the reason, if it does not check).
        """
        if self._source == "text":
            data = self._read_text()
            if data is None:
                return False
            ok = count_fields(data) <= MAX_FIELDS and self.check(data)
        else:
            ok = self.check()
        if not ok or self.checked is None:
            return False
        self._on_use(self.checked, self.derived)
        return True
