"""Positions in a player's words: a small TOML writer, counted name lists, typed field reads.

A game writes its position as nested tables of names and numbers, the way a
person at the table would describe it (``hand = ["Scout x3", "Viper"]``), and
reads one back with :class:`PositionReader`, which names the field path and
what is allowed in every refusal. The game's own ``check_state`` (the referee)
then checks conservation and ranges on the built state.

>>> print(toml_text({"turn": 3, "seat": [{"hand": counted(Multiset({"Scout": 3, "Viper": 1}))}]}))
turn = 3
<BLANKLINE>
[[seat]]
hand = ["Scout x3", "Viper"]
<BLANKLINE>
>>> r = PositionReader({"hand": ["Scout x3", "Viper"], "authority": 50}, "players[0]")
>>> r.names("hand", {"Scout", "Viper"}), r.int("authority", 0, 999)
(Multiset({'Scout': 3, 'Viper': 1}), 50)
>>> r.finish()
"""

from __future__ import annotations

import builtins  # PositionReader.int shadows the built-in in its own class body
import difflib
import re
import tomllib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from explorer.core.field_words import Words, field_label
from explorer.core.multiset import Multiset
from explorer.core.toml_guard import MAX_POSITION_CHARS, check_position_toml
from explorer.errors import StateFormatError, excerpt

MAX_COUNT = 999
"""The largest count one ``"Name xN"`` entry may carry: no box holds more of one piece."""

_COUNTED = re.compile(r"^(?P<name>.*?)\s*(?:[x×*]\s*(?P<n>\d+))?$")


@dataclass(frozen=True)
class PositionReading:
    """A position read from text: the state, and what was derived because it was unambiguous."""

    state: Any
    derived: tuple[str, ...] = ()


def parse_toml(text: Any) -> dict[str, Any]:
    """TOML text as data; refuses non-text, bad TOML and text past the limits with ``StateFormatError``.

    The limits (size, nesting, key length, keys, values) are checked by a linear scan before
    ``tomllib`` sees the text: see :mod:`explorer.core.toml_guard`.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * MAX_POSITION_CHARS:  # a character is at most 4 bytes: too long unread
            raise StateFormatError(f"position: {len(text):,} bytes; a position is at most {MAX_POSITION_CHARS} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise StateFormatError(f"position: not UTF-8 text (byte {err.start})") from None
    check_position_toml(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise StateFormatError(f"position: not valid TOML: {err}") from None
    except RecursionError:
        raise StateFormatError("position: nested too deeply") from None


def did_you_mean(value: str, allowed: Collection[str]) -> str:
    """`` — did you mean X?`` for the nearest allowed name ('' when nothing is near).

    >>> did_you_mean("Tradng Post", ["Trading Post", "Scout"])
    ' — did you mean Trading Post?'
    """
    names = [str(a) for a in allowed]
    folded = {n.casefold(): n for n in names}
    if value.casefold() in folded:
        return f" — did you mean {folded[value.casefold()]}?"
    close = difflib.get_close_matches(value, names, n=1, cutoff=0.6) or \
        [folded[c] for c in difflib.get_close_matches(value.casefold(), list(folded), n=1, cutoff=0.6)]
    return f" — did you mean {close[0]}?" if close else ""


def _example(allowed: Collection[str] | None) -> str:
    names = sorted(str(a) for a in allowed) if allowed else []
    a, b = (names + ["Name", "Other name"])[:2] if len(names) != 1 else (names[0], names[0])
    return f'["{a} x2", "{b}"]'


def counted(items: Multiset | Mapping[str, int] | Iterable[str]) -> list[str]:
    """Names with counts as a person writes them: ``["Scout x3", "Viper"]`` (sorted by name).

    >>> counted(["Viper", "Scout", "Scout"])
    ['Scout x2', 'Viper']
    """
    bag = items if isinstance(items, Multiset) else Multiset(items)
    return [str(name) if n == 1 else f"{name} x{n}" for name, n in sorted(bag.items(), key=lambda kv: str(kv[0]))]


def read_counted(value: Any, path: str, allowed: Collection[str] | None) -> Multiset:
    """Read a counted name list (``["Scout x3", "Viper"]``, ``"Scout ×3, Viper"`` or ``{Scout = 3}``).

    Every name must be in ``allowed`` (``None``: any name); a refusal names
    ``path`` (already in the form's words), the entry and what is allowed.

    >>> read_counted("Scout ×2, Viper", "hand", None)
    Multiset({'Scout': 2, 'Viper': 1})
    """
    counts: dict[str, int] = {}
    if isinstance(value, Mapping):
        entries: list[tuple[str, Any]] = [(str(k), v) for k, v in value.items()]
    else:
        if isinstance(value, str):
            value = [part for part in value.split(",") if part.strip()]
        if not isinstance(value, list):
            raise StateFormatError(f"{path}: expected a list of names like {_example(allowed)}, got {excerpt(value)}")
        entries = []
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise StateFormatError(f"{path} › entry {i + 1}: expected a name with an optional count, such as "
                                       f"{_example(allowed)[1:-1].split(', ')[0]}, got {excerpt(item)}")
            match = _COUNTED.match(item.strip())
            assert match is not None  # the pattern matches any text
            entries.append((match["name"], int(match["n"]) if match["n"] else 1))
    for name, n in entries:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_COUNT:
            raise StateFormatError(f"{path}: count of {excerpt(name)} must be a whole number from 1 to {MAX_COUNT}, "
                                   f"got {excerpt(n)}")
        if not name:
            raise StateFormatError(f"{path}: an entry has no name")
        if allowed is not None and name not in allowed:
            raise StateFormatError(f"{path}: {excerpt(name)} is not a name allowed here{did_you_mean(name, allowed) or '.'} "
                                   f"Allowed: {_listing(allowed)}")
        counts[name] = counts.get(name, 0) + n
    return Multiset(counts)


def _listing(names: Collection[str], most: int = 12) -> str:
    shown = sorted(str(n) for n in names)
    return ", ".join(shown[:most]) + (f", ... ({len(shown)} in all)" if len(shown) > most else "")


class PositionReader:
    """Typed reads of one table of a position, each refusal naming the field as the form labels it.

    ``path`` is the internal path of the table (``players[0]``); messages show it
    1-based and labelled (``Player 1 › hand``, see :func:`~explorer.core.field_words.field_label`), in the
    game's ``words`` where it has its own (tables read inside this one keep
    them). Call :meth:`finish` last: it refuses keys nobody read (a typo is
    never ignored silently).
    """

    def __init__(self, data: Any, path: str = "", words: Words | None = None) -> None:
        self.words = words
        if not isinstance(data, Mapping):
            raise StateFormatError(f"{field_label(path, words)}: expected a table of fields (such as name = \"...\"), "
                                   f"got {excerpt(data)}")
        self.data, self.path = data, path
        self._read: set[str] = set()

    def key_path(self, key: str) -> str:
        """The internal path of ``key`` (``players[0].hand``), for a table read inside this one."""
        return f"{self.path}.{key}" if self.path else key

    def at(self, key: str) -> str:
        """The field ``key`` of this table as the form labels it (``Player 1 › hand``)."""
        return field_label(self.key_path(key), self.words)

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, default: Any) -> Any:
        self._read.add(key)
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise StateFormatError(f"{self.at(key)}: missing; this field must be given")
        return default

    def int(self, key: str, low: int, high: int, default: Any = None) -> int:
        value = self._get(key, _MISSING if default is None else default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise StateFormatError(f"{self.at(key)}: expected a whole number from {low} to {high}, got {excerpt(value)}")
        return value

    def text(self, key: str, choices: Collection[str] | None = None, default: str | None = None) -> str:
        value = self._get(key, _MISSING if default is None else default)
        if not isinstance(value, str):
            raise StateFormatError(f"{self.at(key)}: expected text, got {excerpt(value)}")
        if choices is not None and value not in choices:
            raise StateFormatError(f"{self.at(key)}: {excerpt(value)} is not allowed{did_you_mean(value, choices) or '.'} "
                                   f"Allowed: {_listing([c for c in choices if c]) or 'nothing here'}")
        return value

    def flag(self, key: str, default: bool | None = None) -> bool:
        value = self._get(key, _MISSING if default is None else default)
        if not isinstance(value, bool):
            raise StateFormatError(f"{self.at(key)}: expected true or false (a tick box), got {excerpt(value)}")
        return value

    def names(self, key: str, allowed: Collection[str] | None, default: Any = ()) -> Multiset:
        """A counted name list (see :func:`read_counted`); missing means empty unless ``default=None``."""
        value = self._get(key, _MISSING if default is None else list(default))
        return read_counted(value, self.at(key), allowed)

    def ordered(self, key: str, allowed: Collection[str] | None, default: Any = ()) -> tuple[str, ...]:
        """An ordered list of names (a row, a known top of a deck, first first); counts expand in place."""
        value = self._get(key, _MISSING if default is None else list(default))
        if not isinstance(value, list):
            raise StateFormatError(f"{self.at(key)}: expected a list of names in order like {_example(allowed)}, "
                                   f"got {excerpt(value)}")
        out: list[str] = []
        for i, item in enumerate(value):
            one = read_counted([item], f"{self.at(key)} › entry {i + 1}", allowed)
            for name, n in one.items():
                out.extend([str(name)] * n)
        return tuple(out)

    def table(self, key: str, default: Any = None) -> "PositionReader":
        value = self._get(key, _MISSING if default is None else default)
        return PositionReader(value, self.key_path(key), self.words)

    def tables(self, key: str, count: tuple[builtins.int, builtins.int] | None = None) -> list["PositionReader"]:
        value = self._get(key, _MISSING)
        if not isinstance(value, list):
            raise StateFormatError(f"{self.at(key)}: expected a list of entries, each a table ([[{key}]]), "
                                   f"got {excerpt(value)}")
        if count is not None and not count[0] <= len(value) <= count[1]:
            wanted = str(count[0]) if count[0] == count[1] else f"{count[0]} to {count[1]}"
            raise StateFormatError(f"{self.at(key)}: expected {wanted} entries, got {len(value)}")
        return [PositionReader(v, f"{self.key_path(key)}[{i}]", self.words) for i, v in enumerate(value)]

    def raw(self, key: str, default: Any = None) -> Any:
        return self._get(key, _MISSING if default is None else default)

    def finish(self) -> None:
        """Refuse keys that were never read: a misspelt zone is an error, not an empty zone."""
        unknown = sorted(str(k) for k in self.data if k not in self._read)
        if unknown:
            known = sorted(self._read)
            raise StateFormatError(f"{field_label(self.path, self.words)}: unknown field {excerpt(unknown[0])}"
                                   f"{did_you_mean(unknown[0], known) or '.'} Allowed: {', '.join(known) or 'none'}")


_MISSING: Any = object()


def check_conserved(expected: Multiset, zones: Mapping[str, Multiset], what: str = "card", *,
                    holds: str = "the box holds", say_zones: bool = False) -> None:
    """Every piece of ``expected`` (what the box holds) appears across ``zones`` exactly once.

    A piece seen more often than the box holds is refused naming every zone it
    is in; pieces that are missing are refused naming the piece. ``zones`` are
    named as the form labels them; ``holds`` says who holds the pieces ("Player
    1 › cards brought (deck list) holds" for a player's own deck); ``say_zones`` adds where a
    missing piece may be written (what is allowed).

    >>> check_conserved(Multiset({"Viper": 2}), {"hand": Multiset({"Viper": 2}), "discard": Multiset({"Viper": 1})})
    Traceback (most recent call last):
    ...
    explorer.errors.StateFormatError: card 'Viper': 3 in play (2 in hand, 1 in discard) but the box holds 2
    >>> check_conserved(Multiset({"Viper": 2}), {"hand": Multiset({"Viper": 1}), "discard": Multiset()},
    ...                 say_zones=True)
    Traceback (most recent call last):
    ...
    explorer.errors.StateFormatError: cards missing from every zone: Viper; write each in one of: hand, discard
    """
    total: Multiset = Multiset()
    for bag in zones.values():
        total = total + bag
    for name, n in total.items():
        have = expected.count(name)
        if n > have:
            where = ", ".join(f"{bag.count(name)} in {zone}" for zone, bag in zones.items() if bag.count(name))
            if have == 0:
                raise StateFormatError(f"{what} {excerpt(name)}: not in this game ({where})")
            raise StateFormatError(f"{what} {excerpt(name)}: {n} in play ({where}) but {holds} {have}")
    missing = expected - total  # total <= expected here: any excess was refused above
    if missing:
        names = ", ".join(counted(missing)[:8])
        hint = f"; write each in one of: {', '.join(zones)}" if say_zones else ""
        raise StateFormatError(f"{what}s missing from every zone: {names}{hint}")


def toml_text(data: Mapping[str, Any]) -> str:
    """Write nested tables of str, int, bool and lists as TOML (keys in the given order).

    Tables come after the plain keys of their parent, lists of tables as ``[[name]]``.
    """
    lines: list[str] = []
    _write_table(data, [], lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _write_table(data: Mapping[str, Any], path: list[str], lines: list[str]) -> None:
    plain = [(k, v) for k, v in data.items() if not _is_table(v) and not _is_table_list(v)]
    for key, value in plain:
        lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in data.items():
        if _is_table(value):
            lines.append("")
            lines.append(f"[{'.'.join(_key(p) for p in [*path, key])}]")
            _write_table(value, [*path, key], lines)
        elif _is_table_list(value):
            for item in value:
                lines.append("")
                lines.append(f"[[{'.'.join(_key(p) for p in [*path, key])}]]")
                _write_table(item, [*path, key], lines)


def _is_table(value: Any) -> bool:
    return isinstance(value, Mapping)


def _is_table_list(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _string(key)


def _string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"a position holds names, whole numbers, true/false and lists; got {type(value).__name__}")
