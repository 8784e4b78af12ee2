"""A layer of the Warp's Edge enemy deck given as face-down cards, in the words a pilot uses for them.

At the table a layer is a face-down pile: the pilot counts it and says "3 face-down", "3 unknown",
"3 unknown level-2" or "face down x3" (or just "3"); cards shuffled back into it at a warp's end are
known by name and may stand beside the count (``["Demo Gnat", "2 face-down"]``). Each form means the
same as the bare number: that many cards dealt at random from the level's cards seen in no other zone.

>>> face_down_count("3 unknown level-2", 2, "enemy deck › orange"), face_down_count("face down x3", 2, "x")
(3, 3)
>>> face_down_count("Demo Gnat", 1, "x") is None
True
"""

from __future__ import annotations

import re
from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.position import counted, did_you_mean, read_counted
from explorer.core.zones import DealtDeck
from explorer.errors import StateFormatError, excerpt

LAYERS = ("yellow", "orange", "red")
MAX_FACE_DOWN = 9
"""No layer is dealt more than 9 cards (the demo motherships deal at most 5 a level)."""

_WORD = r"(?:face[- ]?down|unknown|hidden)(?:\s+cards?)?"
_LEVEL = r"(?:\s+level[- ]?(?P<level>\d+))?(?:\s+cards?)?"
_FORMS = (re.compile(rf"^(?P<n>\d+)(?:\s+{_WORD}{_LEVEL})?$", re.I),
          re.compile(rf"^{_WORD}{_LEVEL}(?:\s*[x×*]\s*(?P<n>\d+))?$", re.I))


def forms(level: int) -> str:
    """The ways to write a count of face-down cards, briefly (for hints and refusals).

    >>> forms(2)
    '3, "3 face-down", "3 unknown", "3 unknown level-2" or "face down x3"'
    """
    return f'3, "3 face-down", "3 unknown", "3 unknown level-{level}" or "face down x3"'


def face_down_count(entry: Any, level: int, at: str) -> int | None:
    """The count of face-down cards an entry writes (``None``: the entry is not a count but a name); a count
    naming another level than the layer's is refused, naming the layer."""
    if isinstance(entry, int) and not isinstance(entry, bool):
        return entry
    if not isinstance(entry, str):
        return None
    text = " ".join(entry.split())
    for form in _FORMS:
        match = form.match(text)
        if match:
            if match["level"] is not None and int(match["level"]) != level:
                raise StateFormatError(f"{at}: {excerpt(entry)} counts level-{match['level']} cards, but this layer "
                                       f"holds level-{level} cards")
            return int(match["n"]) if match["n"] else 1
    return None


def read_layer(value: Any, level: int, at: str, enemies: set[str]) -> tuple[Multiset, int | None]:
    """A layer as written: its cards known by name and its count of face-down cards (``None``: no count given,
    every card named). A string is read as comma-separated entries; at most one entry is a count."""
    entries = [part for part in value.split(",") if part.strip()] if isinstance(value, str) else value
    if isinstance(value, int) and not isinstance(value, bool):
        entries = [value]
    if not isinstance(entries, list):
        raise StateFormatError(f"{at}: expected enemy cards by name (e.g. Demo Dart x2) or a count of face-down "
                               f"cards ({forms(level)}), got {excerpt(value)}")
    count: int | None = None
    names: list[Any] = []
    for entry in entries:
        n = face_down_count(entry, level, at)
        if n is None:
            names.append(entry)
        elif count is not None:
            raise StateFormatError(f"{at}: two counts of face-down cards ({count} and {excerpt(entry)}); write one")
        else:
            count = n
    for entry in names:
        name = str(read_counted([entry], at, None).kinds()[0]) if isinstance(entry, str) and entry.strip() else ""
        if isinstance(entry, str) and name and name not in enemies:
            raise StateFormatError(f"{at}: {excerpt(name)} is not an enemy card{did_you_mean(name, enemies) or '.'} "
                                   f"Write the cards by name (e.g. Demo Dart x2) or a count of face-down cards: "
                                   f"{forms(level)}")
    return read_counted(names, at, enemies), count


def layers(d: Any, named: dict[str, Multiset], face_down: dict[str, tuple[int, str]], seen: Multiset,
           box: Multiset, derived: list[str]) -> tuple[tuple[Deck | DealtDeck, ...], Multiset]:
    """The three layers, and the box with the cards the counts show to be set aside in it."""
    out: list[Deck | DealtDeck] = []
    for c in LAYERS:
        if c not in face_down:
            out.append(Deck.shuffled(named[c]))
            continue
        count, at = face_down[c]
        layer, aside = deal_face_down(d, c, count, at, named[c], seen, derived)
        out.append(layer)
        box = box + aside
    return tuple(out), box


def deal_face_down(d: Any, colour: str, count: int, at: str, known: Multiset, seen: Multiset,
                   derived: list[str]) -> tuple[Deck | DealtDeck, Multiset]:
    """A layer given as a count of face-down cards (plus the ``known`` cards shuffled back into it), and the
    cards this puts in the box.

    The pilot sees the layer's size, never its cards: the face-down cards are dealt at random from the
    level's cards seen in no zone (the "unseen" ones); the others were set aside in the box at setup,
    unseen. A count of all the unseen cards is those cards; a count of 0 puts them all in the box.
    """
    level = LAYERS.index(colour) + 1
    if not 0 <= count <= MAX_FACE_DOWN:
        raise StateFormatError(f"{at}: a count of face-down cards from 0 to {MAX_FACE_DOWN}, got {count}")
    level_cards: Multiset[str] = Multiset(e.name for e in d.enemies if e.level == level)
    unseen: Multiset[str] = Multiset({name: n - seen.count(name) for name, n in level_cards.items()
                                      if n > seen.count(name)})
    if count > len(unseen):
        shown = f" ({', '.join(counted(unseen))})" if unseen else ""
        raise StateFormatError(f"{at}: {_cards(count, 'face-down level-' + str(level))}, but only "
                               f"{_cards(len(unseen), 'level-' + str(level))} {_are(len(unseen))} in no other zone"
                               f"{shown}: a count from 0 to {len(unseen)}")
    if count == len(unseen):
        if count:
            derived.append(f"{colour} enemy deck: the {_cards(count, f'level-{level}')} seen in no other zone")
        return Deck.shuffled(known + unseen), Multiset()
    if count == 0:
        derived.append(f"enemy cards in the box: the {_cards(len(unseen), f'level-{level}')} seen in no other zone "
                       f"(the {colour} enemy deck has no face-down card)")
        return Deck.shuffled(known), unseen
    aside = len(unseen) - count
    derived.append(f"{colour} enemy deck: {_cards(count, 'face-down')} dealt at random from the "
                   f"{_cards(len(unseen), f'level-{level}')} seen in no other zone; the other {aside} "
                   f"{_are(aside)} set aside in the box, unseen")
    return DealtDeck(unseen, count, known), Multiset()


def _cards(n: int, what: str) -> str:
    return f"{n} {what} card{'' if n == 1 else 's'}"


def _are(n: int) -> str:
    return "is" if n == 1 else "are"
