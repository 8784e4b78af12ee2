"""The fields of the position editor: one widget kind per kind of zone, labelled in the form's words.

A zone of names (``hand = ["Scout x3", "Viper"]``) is a :class:`NameZone`: a
text line, a picker that completes the game's names, a count and "Add". A
list of tables (bases in play, skills, enemy row slots) is one titled
:func:`group` per entry, with "Remove" on each and, when the format says
what a new entry holds, an :class:`AddEntry` (a picker and "Add") that produces exactly that table,
so no form path can hand the reader a bare name where it expects a table.
Labels come from :func:`explorer.core.field_words.field_label`, the same words
the reader's messages use ("Player 1 › base 2 › name").

>>> zone = NameZone("hand", "hand", ["Scout x3", "Viper"], ("Scout", "Viper"), lambda: None)
>>> zone.value(), zone.text.placeholder
(['Scout x3', 'Viper'], 'e.g. Scout x3, Viper')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable
from typing import Any

import ipywidgets as W

from explorer.core.multiset import Multiset
from explorer.core.position import read_counted

LABEL_WIDTH = "165px"


def placeholder(names: tuple[str, ...]) -> str:
    """An example in the game's own names (``e.g. Scout x3, Viper``); a generic one when none is known.

    >>> placeholder(("Demo Flit", "Demo Gnat")), placeholder(()), placeholder(("B-wing",))
    ('e.g. Demo Flit x3, Demo Gnat', 'e.g. Name x3, Other name', 'e.g. B-wing x3')
    """
    if len(names) == 1:
        return f"e.g. {names[0]} x3"
    first, second = (list(names) + ["Name", "Other name"])[:2]
    return f"e.g. {first} x3, {second}"


class NameZone:
    """One zone of names: a text line, a completing picker, a count and Add (``value()``: the entries)."""

    def __init__(self, path: str, label: str, names: list[Any], vocabulary: tuple[str, ...],
                 on_change: Callable[[], Any], short: str | None = None, hint: str | None = None) -> None:
        self.path, self.label, self.vocabulary = path, label, vocabulary
        self.text = W.Text(value=", ".join(map(str, names)), description=short or label, continuous_update=True,
                           placeholder=hint or placeholder(vocabulary),
                           layout=W.Layout(flex="1 1 260px", min_width="0"),
                           style={"description_width": LABEL_WIDTH})
        self.text.add_class("re-zone")
        self.text.tooltip = f"{label}: {hint}" if hint else label
        self.pick = W.Combobox(options=list(vocabulary), placeholder="name…", ensure_option=False,
                               layout=W.Layout(flex="1 1 150px", min_width="80px", max_width="200px"))
        self.count = W.BoundedIntText(value=1, min=1, max=99, layout=W.Layout(width="60px", flex="0 0 auto"))
        self.add = W.Button(description="Add", layout=W.Layout(width="auto", min_width="52px", flex="0 0 auto"),
                            tooltip=f"Add the picked name to {label}")
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

    def value(self) -> list[Any] | int:
        """The entries as written. In a zone of cards a bare number is a count of face-down cards ("5": five
        unknown cards); in a zone without names (track spaces, die faces) numbers are numbers ("3, 5")."""
        parts = [part.strip() for part in self.text.value.split(",") if part.strip()]
        if self.vocabulary and len(parts) == 1 and parts[0].isdigit():
            return int(parts[0])
        if not self.vocabulary and parts and all(p.isdigit() for p in parts):
            return [int(p) for p in parts]
        return parts

    def bag(self) -> Multiset:
        """The zone as counted names (refused with the zone's label if a count is unreadable)."""
        return read_counted(self.value(), self.label, None)

    def set_bag(self, bag: Multiset) -> None:
        """Write ``bag`` into the zone, keeping the order of the names already written (a row, a route of
        locations, a known top stay in order); names new to the zone follow, sorted.

        >>> zone = NameZone("locations", "locations", ["Harana", "Agniar"], ("Agniar", "Harana"), lambda: None)
        >>> zone.set_bag(Multiset({"Harana": 1, "Agniar": 2, "Berena": 1})); zone.text.value
        'Harana, Agniar x2, Berena'
        """
        from explorer.core.position import counted

        order: list[str] = []
        current = self.value()
        for part in current if isinstance(current, list) else []:
            for name in read_counted([str(part)], self.label, None).kinds():
                if name not in order:
                    order.append(str(name))  # a name read from the text (kinds() types it Hashable)
        kept = [name if bag.count(name) == 1 else f"{name} x{bag.count(name)}" for name in order if bag.count(name)]
        rest: Multiset[Hashable] = Multiset({name: n for name, n in bag.items() if name not in order})
        self.text.value = ", ".join(kept + counted(rest))


class CountZone:
    """A zone written as a count of face-down cards ("5 unknown cards"): a number box with its label."""

    def __init__(self, path: str, label: str, count: int, on_change: Callable[[], Any]) -> None:
        self.path, self.label = path, label
        self.box = W.BoundedIntText(value=count, min=0, max=999, description=label, continuous_update=False,
                                    layout=W.Layout(width="260px"), style={"description_width": LABEL_WIDTH})
        self.box.observe(lambda _c: on_change(), names="value")
        note = W.HTML('<span style="font-size:12px;color:#5b6472">face-down cards, unknown which</span>')
        self.widget = W.HBox([self.box, note], layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def value(self) -> int:
        return int(self.box.value)


def choice_labels(words: dict[str, str]) -> list[tuple[str, str]]:
    """A closed set of ids as (words, id) pairs for a dropdown; two ids with the same words are told apart by the
    id's own words.

    >>> choice_labels({"assign": "assignment phase", "assign_start": "assignment phase", "main": "main phase"})
    [('assignment phase', 'assign'), ('assignment phase (assign start)', 'assign_start'), ('main phase', 'main')]
    """
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for key, text in words.items():
        shown = text if text not in seen else f"{text} ({key.replace('_', ' ').replace('-', ' ')})"
        seen.add(text)
        out.append((shown, key))
    return out


def scalar_field(label: str, value: Any, options: tuple[str, ...], on_change: Callable[[], Any],
                 words: dict[str, str] | None = None) -> W.Widget:
    """A tick box, a whole-number box or a text box (a picker when the game names the choices; a dropdown in words
    when ``words`` gives each choice's words and the value is one of them: the stage "setup-keep" reads "setup:
    keep a skill card", and the form reads back the id)."""
    if isinstance(value, str) and words and value in words:
        pick = W.Dropdown(options=choice_labels(words), value=value, description=label,
                          layout=W.Layout(width="auto", max_width="440px"), style={"description_width": LABEL_WIDTH})
        pick.tooltip = label
        pick.observe(lambda _c: on_change(), names="value")
        return pick
    if isinstance(value, bool):
        box: W.Widget = W.Checkbox(value=value, description=label, indent=False)
    elif isinstance(value, int):
        box = W.IntText(value=value, description=label, continuous_update=False,
                        layout=W.Layout(width="280px"), style={"description_width": LABEL_WIDTH})
    else:
        box = (W.Combobox(options=list(options), value=value, ensure_option=False) if options
               else W.Text(value=value))
        box.description, box.continuous_update = label, False
        box.layout, box.style = W.Layout(width="auto", max_width="440px"), {"description_width": LABEL_WIDTH}
    box.tooltip = label
    box.observe(lambda _c: on_change(), names="value")
    return box


def group(title: str, children: list[W.Widget], extra: list[W.Widget] | None = None) -> W.VBox:
    """A titled group of fields (an entry of a list, or a table); ``extra`` sits beside the title."""
    head = W.HBox([W.HTML(f'<div class="re-editor-title">{html.escape(title)}</div>'), *(extra or [])],
                  layout=W.Layout(align_items="center", flex_flow="row wrap"))
    box = W.VBox([head, *children], layout=W.Layout(width="100%"))
    box.add_class("re-editor-group")
    return box


class AddEntry:
    """Under a list of tables: pick a name and Add a new entry built from the format's template."""

    def __init__(self, label: str, template: dict[str, Any], names: tuple[str, ...],
                 on_add: Callable[[dict[str, Any]], Any], note: Callable[[str], Any], text: str = "") -> None:
        """``label``: the list's label ("Player 1 › bases"); ``text``: the button's words ("Add a base to Player 1";
        by default "Add to" the label)."""
        self.template, self.names, self._on_add, self._note = template, names, on_add, note
        self.label = label
        wants_name = "name" in template and bool(names)
        self.pick = W.Combobox(options=list(names), placeholder=f"{placeholder(names)[5:].split(' x')[0]}…",
                               ensure_option=False, layout=W.Layout(width="220px"))
        self.pick.add_class("re-add-pick")
        self.button = W.Button(description=text or f"Add to {label}", layout=W.Layout(width="auto"),
                               tooltip=f"Add an entry to {label}")
        self.button.add_class("re-add-entry")
        self.button.on_click(lambda _b: self.add())
        self.widget = W.HBox([self.pick, self.button] if wants_name else [self.button],
                             layout=W.Layout(flex_flow="row wrap", align_items="center", margin="2px 0 6px"))

    def add(self, name: str | None = None) -> bool:
        """Add an entry (``name``: the picked name); a name the game does not know is refused with a message."""
        entry = dict(self.template)
        if "name" in self.template and self.names:
            name = (self.pick.value if name is None else name).strip()
            if name not in self.names:
                from explorer.core.position import did_you_mean

                hint = did_you_mean(name, self.names) if name else ""
                why = (f"{self.label}: {name!r} is not a name allowed here{hint or '.'}" if name
                       else f"{self.label}: pick a name first")
                self._note(why)
                return False
            entry["name"] = name
        self.pick.value = ""
        self._on_add(entry)
        return True
