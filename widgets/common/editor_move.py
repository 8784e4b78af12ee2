"""Moving cards between zones of the position editor without retyping: "move 3 from deck to discard".

The control offers every zone of names the form holds where cards lie on the
table (labelled as the form labels them: "side 1 › deck"; a deck's
``› cards`` is shown as the deck itself: "Player 1 › draw deck"; a list that records what a player
brought, such as Pinned Down's deck list, is no place to move cards and is not
offered: the format names those in ``MOVE_EXCLUDED``), a count, the cards and
Move. The cards are one name, a mix written as in a zone ("Scout x2, Viper",
its total the count), or "any" when the zone holds one kind of card only
(anything else would be a guess). The move is refused with a sentence when the
from-zone does not hold them; it never invents a card. The two zones' text
lines change at once and the form is checked as after any edit.

>>> from widgets.common.editor_fields import NameZone
>>> deck = NameZone("deck", "deck", ["Scout x5", "Viper"], ("Scout", "Viper"), lambda: None)
>>> discard = NameZone("discard", "discard", [], ("Scout", "Viper"), lambda: None)
>>> move = MoveControl(lambda apply: apply())
>>> move.set_zones([deck, discard])
>>> move.move(3, "Scout", "deck", "discard"), deck.value(), discard.value()
(True, ['Scout x2', 'Viper'], ['Scout x3'])
>>> move.move(2, "any", "deck", "discard"), "deck holds Scout x2, Viper: pick the card" in move.note.value
(False, True)
>>> move.move(2, "Scout, Viper", "deck", "discard"), deck.value(), discard.value()
(True, ['Scout'], ['Scout x4', 'Viper'])
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from explorer.core.multiset import Multiset
from explorer.core.position import counted, read_counted
from explorer.errors import RulesError
from widgets.common.editor_fields import NameZone

ANY = "any"


class MoveControl:
    """Count, card (or any), from-zone, to-zone and Move; ``set_zones`` fills it from the form."""

    def __init__(self, on_moved: Callable[[Callable[[], Any]], Any]) -> None:
        """``on_moved(apply)``: the editor runs ``apply`` (both zones change) and checks the form once."""
        self._on_moved = on_moved
        self.zones: dict[str, NameZone] = {}
        self.count = W.BoundedIntText(value=1, min=1, max=999, description="move", layout=W.Layout(width="130px"),
                                      style={"description_width": "40px"})
        self.card = W.Combobox(value=ANY, options=[ANY], placeholder="card, a mix (Name x2, Other) or any",
                               ensure_option=False,
                               layout=W.Layout(width="220px"))
        self.source = W.Dropdown(description="from", layout=W.Layout(width="250px"), style={"description_width": "40px"})
        self.target = W.Dropdown(description="to", layout=W.Layout(width="250px"), style={"description_width": "40px"})
        self.button = W.Button(description="Move", layout=W.Layout(width="auto"),
                               tooltip="Move the cards from one zone to the other")
        self.button.add_class("re-move-button")
        self.button.on_click(lambda _b: self.move(self.count.value, self.card.value, self.source.value,
                                                  self.target.value))
        self.source.observe(lambda _c: self._offer_cards(), names="value")
        self.note = W.HTML()
        title = W.HTML('<div class="re-editor-title">Move cards between zones</div>')
        row = W.HBox([self.count, self.card, self.source, self.target, self.button],
                     layout=W.Layout(flex_flow="row wrap", align_items="center", width="100%"))
        self.widget = W.VBox([title, row, self.note], layout=W.Layout(width="100%"))
        self.widget.add_class("re-move")

    def set_zones(self, zones: list[NameZone], excluded: tuple[str, ...] = ()) -> None:
        """Offer these zones (the form's zones of names, in form order) but those whose last key is in ``excluded``
        (lists that record cards rather than hold them: Pinned Down's deck list)."""
        self.zones = {z.label: z for z in zones if z.vocabulary and z.path.rsplit(".", 1)[-1] not in excluded}
        labels = list(self.zones)
        options = [(shown_zone(label), label) for label in labels]
        self.source.options, self.target.options = options, options
        if len(labels) > 1:
            self.target.value = labels[1]
        self.widget.layout.display = "" if len(labels) > 1 else "none"
        self._offer_cards()

    def _offer_cards(self) -> None:
        zone = self.zones.get(self.source.value or "")
        names = sorted(set(zone.vocabulary)) if zone is not None else []
        self.card.options = [ANY, *names]

    def _say(self, ok: bool, text: str) -> None:
        colour = "#1e5b2b" if ok else "#8a1c1c"
        self.note.value = f'<div style="font-size:12.5px;color:{colour}">{html.escape(text)}</div>'

    def move(self, n: int, card: str, source: str, target: str) -> bool:
        """Move ``n`` of ``card`` (or ``any``) from the zone labelled ``source`` to ``target``; False with a note if not."""
        if source not in self.zones or target not in self.zones:
            self._say(False, f"Move: pick two zones of this form (from {source!r} to {target!r}).")
            return False
        if source == target:
            self._say(False, "Move: the from-zone and the to-zone are the same.")
            return False
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 999:
            self._say(False, f"Move: the count is a whole number from 1 to 999, got {n!r}.")
            return False
        src, dst = self.zones[source], self.zones[target]
        try:
            have = src.bag()
            dst.bag()
        except RulesError as err:
            self._say(False, f"Move: {err.message}")
            return False
        card = (card or ANY).strip()
        if card == ANY:
            kinds = have.kinds()
            if len(kinds) != 1:
                listing = ", ".join(counted(have)) or "nothing"
                self._say(False, f"Move: {shown_zone(source)} holds {listing}: pick the card to move, or write a mix "
                                 "such as Name x2, Other (any means the zone holds one kind only).")
                return False
            card = str(next(iter(kinds)))
        try:
            mix = read_counted(card, "Move › cards", set(src.vocabulary))
        except RulesError as err:
            self._say(False, f"Move: {err.message}")
            return False
        moved = mix if len(mix) > 1 or "," in card else Multiset({name: n for name in mix.kinds()})
        if len(moved) != n:
            self._say(False, f"Move: the cards written ({', '.join(counted(moved))}) are {len(moved)}, "
                             f"but the count says {n}.")
            return False
        short = [f"{name} ({have.count(name)} there)" for name in moved.kinds() if have.count(name) < moved.count(name)]
        if short and len(moved.kinds()) == 1:
            name = moved.kinds()[0]
            self._say(False, f"Move: {shown_zone(source)} holds {have.count(name)} {name}, not {n}.")
            return False
        if short:
            self._say(False, f"Move: {shown_zone(source)} holds too few of {', '.join(short)} to move "
                             f"{', '.join(counted(moved))}.")
            return False
        after = dst.bag() + moved

        def apply() -> None:
            src.set_bag(have - moved)
            dst.set_bag(after)

        self._on_moved(apply)
        what = f"{n} {card}" if len(moved.kinds()) == 1 else ", ".join(counted(moved))
        self._say(True, f"Moved {what} from {shown_zone(source)} to {shown_zone(target)}.")
        return True


def shown_zone(label: str) -> str:
    """A zone's label as the Move control shows it: a deck's ``› cards`` is the deck itself.

    >>> shown_zone("Player 1 › draw deck › cards"), shown_zone("attack deck › cards"), shown_zone("Player 1 › hand")
    ('Player 1 › draw deck', 'attack deck', 'Player 1 › hand')
    """
    head, sep, last = label.rpartition(" › ")
    return head if sep and last == "cards" and head.endswith("deck") else label
