"""Build the position editor's form from a position table: only the zones the game's format names.

The form is built from data (a position table) against the *shape* of the
format: the keys the game writes for a position (``state.position_dict()``)
and the templates of entries a list may gain (``FORM_ENTRIES`` in the game's
``position`` module: Star Realms bases hold ``name`` and ``primary used this
turn``; ``form_entry`` there completes a new entry from its picked name). A
table of zones whose every key is a place on the table (``form_zones``: each
sector of Endor's space) gets a field for every key, empty ones too, and reads
back only the zones that hold something or were written. The names a zone
offers come from the game's vocabulary by field path first (``cards[1].deck``:
the Empire's cards), then by key. A key the format does not name gets no widget: it is kept as written
(the game's reader then names it) and listed in one line, so 1,500 stray keys
cost one message, not 1,500 widgets. A position with more fields than any real
one is not built at all (:data:`MAX_FIELDS`).

>>> form = Form(lambda: None, lambda: None)
>>> form.build({"turn": 3, "hand": ["Scout x2"], "bogus": 1}, {"turn": 1, "hand": []}, {}, {})
>>> form.read(), form.unbuilt
({'turn': 3, 'hand': ['Scout x2'], 'bogus': 1}, ['bogus'])
>>> form.build({"space": {"B": ["Ship"]}}, {"space": {"B": []}}, {}, {"space": ("Ship",)}, zones={"space": ("A", "B")})
>>> sorted(form.fields), form.read()
(['space › A', 'space › B'], {'space': {'B': ['Ship']}})
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from explorer.core.field_words import ENTRY_WORDS, field_label, field_word, path_parts
from widgets.common.editor_fields import AddEntry, CountZone, NameZone, group, scalar_field

Data = dict[str, Any]
Reader = Callable[[], Any]
Complete = Callable[[str, Data], Data]


def _as_given(value: Any) -> Any:
    """``value`` itself: with ``functools.partial``, the reader of a field the form does not build."""
    return value


MAX_FIELDS = 600
"""More fields than this (every key and list entry counted) and the form is not built: no real position is near it."""


def count_fields(data: Any, limit: int = MAX_FIELDS) -> int:
    """Keys and list entries in ``data``, counted up to just past ``limit`` (cheap on a hostile input).

    >>> count_fields({"a": [1, 2], "b": {"c": 1}})
    5
    """
    seen, stack = 0, [data]
    while stack and seen <= limit:
        item = stack.pop()
        if isinstance(item, dict):
            seen += len(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            seen += len(item)
            stack.extend(v for v in item if isinstance(v, (dict, list)))
    return seen


def css_name(label: str) -> str:
    """The CSS class a field carries for its label (pages and browser tests find fields by it).

    >>> css_name("Player 1 › Trade gained this turn")
    're-f-player-1-trade-gained-this-turn'
    """
    return "re-f-" + re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def _is_names(value: Any) -> bool:
    """A list of names (or of whole numbers: track spaces, die faces), edited as one line."""
    return isinstance(value, list) and (all(isinstance(v, str) for v in value) or
                                        all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def add_words(key: str, owner: str) -> str:
    """The Add button's words for one more entry of the list ``key`` held by ``owner`` (its label; ``""`` at the top):
    the entry's singular with its article, where the form knows it (``""``: the button says "Add to" the list).

    >>> add_words("bases", "Player 1"), add_words("enemies", ""), add_words("tallies", "Player 1")
    ('Add a base to Player 1', 'Add an enemy', '')
    """
    entry = ENTRY_WORDS.get(key)
    if entry is None:
        return ""
    word = entry.lower() if entry == "Player" else entry
    said = f"Add {'an' if word[0] in 'aeiou' else 'a'} {word}"
    return f"{said} to {owner}" if owner else said


class Form:
    """The widgets of one position table; ``read()`` gives back the table, ``zones`` the zones of names."""

    def __init__(self, on_change: Callable[[], Any], on_structure: Callable[[], Any]) -> None:
        self._on_change, self._on_structure = on_change, on_structure
        self.children: list[W.Widget] = []
        self.zones: list[NameZone] = []
        self.unbuilt: list[str] = []
        self.fields: dict[str, W.Widget] = {}  # full label ("Player 1 › hand") -> its input widget
        self.adders: dict[str, AddEntry] = {}  # list label ("Player 1 › bases") -> its Add control
        self.removers: dict[str, W.Button] = {}  # entry label ("Player 1 › base 2") -> its Remove button
        self.titles: list[str] = []  # the titles of the groups, as shown ("Player 1", "enemy deck")
        self.note: Callable[[str], Any] = lambda _text: None
        self._read: Reader = dict
        self._data: Data = {}
        self._entries: dict[str, Data] = {}
        self._vocabulary: dict[str, tuple[str, ...]] = {}
        self._fixed: tuple[str, ...] = ()
        self._zone_keys: dict[str, tuple[str, ...]] = {}
        self._complete: Complete = lambda _key, entry: entry
        self._hints: dict[str, str] = {}
        self._words: dict[str, dict[str, str]] = {}
        self._label_words: dict[str, str] = {}
        self.pending: Data = {}  # the position after an Add or Remove, for the editor to rebuild from

    def build(self, data: Data, shape: Data, entries: dict[str, Data], vocabulary: dict[str, tuple[str, ...]],
              fixed: tuple[str, ...] = (), zones: dict[str, tuple[str, ...]] | None = None,
              complete: Complete | None = None, hints: dict[str, str] | None = None,
              words: dict[str, dict[str, str]] | None = None, label_words: dict[str, str] | None = None) -> None:
        """Widgets for ``data``; ``shape``: the format's keys (a position of this game), ``entries``: the fields
        of each entry of a list (and what a new one holds), ``vocabulary``: names by field path or key,
        ``fixed``: lists without Add and Remove, ``zones``: tables of zones shown with every key (empty zones
        too), ``complete(key, entry)``: a new entry of list ``key`` completed from its picked name, ``hints``: what
        a zone's empty field suggests, by field path (``enemy_deck.yellow``: "e.g. 3 face-down, ..."), ``words``: the
        words of each id of a closed set, by key (the stages), shown in a dropdown that reads back the id,
        ``label_words``: the game's own words for its keys (``LABEL_WORDS`` of its format; see
        :func:`explorer.core.field_words.field_label`)."""
        self._words = dict(words or {})
        self._label_words = dict(label_words or {})
        self._fixed = fixed
        self._hints = dict(hints or {})
        self._zone_keys = dict(zones or {})
        self._complete = complete or (lambda _key, entry: entry)
        self.close()
        self.zones, self.unbuilt, self.fields, self.adders, self.removers, self.titles = [], [], {}, {}, {}, []
        self._entries, self._vocabulary = entries, vocabulary
        self._data = data
        self.children, self._read = self._table(data, shape, "")

    def close(self) -> None:
        """Close the widgets of the last build (a rebuilt form must not leave its old widgets alive in the kernel)."""
        stack = list(self.children)
        while stack:
            widget = stack.pop()
            stack.extend(getattr(widget, "children", ()))
            for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
                if isinstance(part, W.Widget):
                    part.close()
            widget.close()
        self.children = []

    def read(self) -> Data:
        """The position the widgets describe now (stray keys kept as they were written)."""
        return self._read()

    def _choice_words(self, key: str, path: str) -> dict[str, str] | None:
        """The words of the choices of the field at ``path``: by its keys without numbers first (Endor's
        ``order.stage``, the order's step, beside the round's ``stage``), then by its key alone."""
        keys = ".".join(part for part in path_parts(path) if isinstance(part, str))
        return self._words.get(keys) or self._words.get(key)

    def _label(self, path: str) -> str:
        """The label of the field at ``path``, in the game's words (the reader's messages use the same)."""
        return field_label(path, self._label_words)

    # --- one table -----------------------------------------------------------------------------
    def _table(self, data: Data, shape: Data, path: str, names_from: str = "") -> tuple[list[W.Widget], Reader]:
        """Fields of one table; ``names_from``: a table of zones (sectors, enemy deck layers) takes its names from
        its own key's vocabulary."""
        widgets: list[W.Widget] = []
        readers: list[tuple[str, Reader]] = []
        for key, value in data.items():
            at = f"{path}.{key}" if path else key
            if key not in shape and key not in self._entries:
                self.unbuilt.append(self._label(at))
                readers.append((key, functools.partial(_as_given, value)))
                continue
            made, read = self._field(key, value, shape.get(key), at, names_from)
            widgets.extend(made)
            readers.append((key, read))
        return widgets, lambda: {k: read() for k, read in readers}

    def _field(self, key: str, value: Any, like: Any, at: str, names_from: str = "") -> tuple[list[W.Widget], Reader]:
        label, word = self._label(at), field_word(key, at, self._label_words)
        template = self._entries.get(key)
        if isinstance(value, dict) and (isinstance(like, dict) or like is None):
            like = like if isinstance(like, dict) else {}
            every = self._zone_keys.get(key, ()) if not path_parts(at)[:-1] else ()
            zone_map = all(_is_names(v) or isinstance(v, int) for v in value.values()) and \
                (all(_is_names(v) for v in like.values()) or bool(every))
            if zone_map and every:
                return self._every_zone(value, every, at, key)
            inner, read = (self._table(value, {k: [] for k in value}, at, key) if zone_map else
                           self._table(value, like, at))
            self.titles.append(label)
            return [group(label, inner)], read
        if template is not None and isinstance(value, list) and all(isinstance(v, dict) for v in value):
            merged: Data = dict(template)
            for entry in like if _is_tables(like) else []:
                merged.update(entry)
            return self._tables(key, value, template, at, merged)
        if _is_tables(value) and _is_tables(like):
            merged = {}
            for entry in like:
                merged.update(entry)
            return self._tables(key, value, None, at, merged)
        if isinstance(value, bool) or isinstance(value, int) and not isinstance(like, list):
            box = scalar_field(word, value, (), self._on_change)
            self.fields[label] = box
            box.add_class(css_name(label))
            return [box], lambda b=box: b.value
        if isinstance(value, int):  # a zone given as a count of face-down cards
            count = CountZone(at, label, value, self._on_change)
            self.fields[label] = count.box
            count.box.add_class(css_name(label))
            return [count.widget], count.value
        if isinstance(value, str):
            box = scalar_field(word, value, self._vocabulary.get(at) or self._vocabulary.get(key, ()), self._on_change,
                               words=self._choice_words(key, at))
            self.fields[label] = box
            box.add_class(css_name(label))
            return [box], lambda b=box: b.value
        if _is_names(value):
            names = self._vocabulary.get(at) or self._vocabulary.get(key) or self._vocabulary.get(names_from, ())
            zone = NameZone(at, label, value, names, self._on_change, short=word, hint=self._hints.get(at))
            self.zones.append(zone)
            self.fields[label] = zone.text
            zone.text.add_class(css_name(label))
            return [zone.widget], zone.value
        shown = W.HTML(f'<div style="font-size:12px;color:#5b6472">{html.escape(label)}: '
                       f"{html.escape(repr(value)[:200])} (edit in the text below)</div>")
        return [shown], lambda v=value: v

    def _every_zone(self, value: Data, every: tuple[str, ...], at: str, key: str) -> tuple[list[W.Widget], Reader]:
        """A table of zones with a field for every place (``every``), empty ones too; keys outside ``every`` are
        kept in their own fields for the reader to name. Reads back what holds something or was written."""
        full = {**{k: value.get(k, []) for k in every}, **{k: v for k, v in value.items() if k not in every}}
        inner, read = self._table(full, {k: [] for k in full}, at, key)
        self.titles.append(self._label(at))
        written = set(value)
        return [group(self._label(at), inner)], lambda: {k: v for k, v in read().items() if k in written or v}

    def _tables(self, key: str, value: list[Data], template: Data | None, at: str,
                like: Data | None = None) -> tuple[list[W.Widget], Reader]:
        shape = dict(like or template or {})
        widgets: list[W.Widget] = []
        readers: list[Reader] = []
        addable = template is not None and key not in self._fixed
        for i, item in enumerate(value):
            if template is not None:
                item = {**template, **item}
            inner, read = self._table(item, shape, f"{at}[{i}]")
            extra: list[W.Widget] = []
            if addable:
                remove = W.Button(description="Remove", layout=W.Layout(width="auto"),
                                  tooltip=f"Remove {self._label(f'{at}[{i}]')}")
                remove.add_class("re-remove-entry")
                remove.on_click(lambda _b, j=i, a=at: self._remove(a, j))
                self.removers[self._label(f"{at}[{i}]")] = remove
                remove.add_class(css_name(self._label(f"{at}[{i}]")).replace("re-f-", "re-remove-", 1))
                extra.append(remove)
            self.titles.append(self._label(f"{at}[{i}]"))
            widgets.append(group(self._label(f"{at}[{i}]"), inner, extra))
            readers.append(read)
        if addable and template is not None:
            names = self._vocabulary.get(key, ())
            adder = AddEntry(self._label(at), template, names,
                             lambda entry: self._add(at, self._complete(key, entry)), self.note,
                             add_words(key, self._label(at.rpartition(".")[0]) if "." in at else ""))
            widgets.append(adder.widget)
            self.adders[self._label(at)] = adder
            adder.widget.add_class(css_name(self._label(at)).replace("re-f-", "re-add-", 1))
        return widgets, lambda rs=tuple(readers): [r() for r in rs]

    # --- changing the structure -----------------------------------------------------------------
    def _list_at(self, data: Data, at: str) -> list[Data]:
        target: Any = data
        for part in path_parts(at):
            target = target[part] if isinstance(part, int) else target.setdefault(part, [])
        return target

    def _add(self, at: str, entry: Data) -> None:
        data = self.read()
        self._list_at(data, at).append(entry)
        self._data = data
        self._on_structure_change(data)

    def _remove(self, at: str, index: int) -> None:
        data = self.read()
        del self._list_at(data, at)[index]
        self._on_structure_change(data)

    def _on_structure_change(self, data: Data) -> None:
        self.pending = data
        self._on_structure()
