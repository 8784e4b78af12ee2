"""Bounded parsing: one linear scan refuses a hostile position text before ``tomllib`` sees it.

Python's TOML reader spends time out of all proportion on some short texts: a dotted key
``a.a.a. … = 1`` of 10,000 levels costs 1.4 s, of 60,000 levels 112 s, and a deep table header
``[a.a.a. …]`` does the same; a 200-character link can carry such a text packed. So every
position (from a link, the editor's box, a file: everything that calls
:func:`explorer.core.position.parse_toml`) is first scanned here, in time proportional to its
length, and refused with a :class:`~explorer.errors.StateFormatError` that says what is wrong
and what is allowed when it goes past what any game's position needs:

==================  =======  ====================================================================
limit               value    the largest real position (measured, see below)
==================  =======  ====================================================================
characters          50,000   3,906 (Pinned Down, 3 players)
nesting depth       8        6 (Fleet Command); 5 for Star Realms and Pinned Down, 4 for the others
one key's length    64       24 characters (Star Realms)
key parts in all    2,000    114 (Pinned Down)
values in all       5,000    204 (Pinned Down)
==================  =======  ====================================================================

Measured 2026-11-26 on every variant of the five games at their most players (Endor 4, Pinned
Down 3, Star Realms 6, Fleet Command 2, Warp's Edge 1), three seeded random games of up to
2,000 moves each (``Match(state, seed=s).play("random", 2000)``), about 80 positions per game
written with ``state.position_text()``. The size cap was 200,000 characters; 50,000 still leaves
more than ten times the largest real position, room for a hand-written one that lists every card
on its own instead of ``"Scout x3"``.

*Depth* is the length of the path from the top of the position to a value: each part of a table
header (``[[seat]]`` adds one more for the entry of the list), each part of a dotted key, each
key of an inline table and each list a value sits in adds one. ``hand = ["Scout"]`` under
``[[seat]]`` is 4 deep: seat, its entry, hand, the name in the list; a header ``[seat.deck]``
below a ``[[seat]]`` goes through the seat's entry too, as ``tomllib`` builds it. *Keys* counts
every key part written (a header's parts included), so a repeated ``[[seat]]`` counts each time.
*Values* bounds the rest of the reader's work, which grows with the number of items: 25,000
small numbers in one list pass every other limit in 50,000 characters and cost 0.17 s to scan
and parse; 5,000 values cost at most a few hundredths of a second.

The scan reads TOML's own grammar: strings of all four kinds (basic, literal, multi-line) are
skipped whole, so a quoted key or a name may hold dots, brackets and ``#``. Text the scan cannot
read as TOML is refused here too ("not valid TOML", with the line and column), so what reaches
``tomllib`` is always text whose every part was measured. A real position is a few hundred
tokens; the whole scan of the largest text allowed costs well under 0.1 s.

>>> shape = check_position_toml('turn = 3\\n\\n[[seat]]\\nhand = ["Scout x3", "Viper"]\\n')
>>> shape.depth, shape.keys, shape.longest_key
(4, 3, 4)
>>> check_position_toml("a.a.a.a.a.a.a.a.a = 1")
Traceback (most recent call last):
...
explorer.errors.StateFormatError: position: keys and lists are nested 9 deep at line 1; a position needs at most 8 levels (each table-header part, dotted-key part, inline-table key and list adds one)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn

from explorer.errors import StateFormatError, excerpt

MAX_POSITION_CHARS = 50_000
"""A position text longer than this is refused unread (the largest real one is 3,906 characters)."""
MAX_DEPTH = 8
"""How deep a position's values may sit (the deepest real one is 6)."""
MAX_KEY_CHARS = 64
"""The longest key (or key part) a position may use (the longest real one is 24 characters)."""
MAX_KEYS = 2_000
"""The most key parts a position may write (the most a real one writes is 114)."""
MAX_VALUES = 5_000
"""The most values (numbers, texts, lists, inline tables) a position may hold (the most a real one holds is 204)."""

_BLANK = re.compile(r"(?:[ \t\r\n]++|#[^\n]*+)*+")
"""Spaces, line ends and comments: what may come between statements and between list items."""
_SPACE = re.compile(r"[ \t]*+")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]++")
_BASIC = re.compile(r'"(?:[^"\\\n]++|\\.)*+"')
_LITERAL = re.compile(r"'[^'\n]*+'")
_MULTILINE_BASIC = re.compile(r'"""(?:[^"\\]++|\\[\s\S]|"(?!""))*+"""(?:""?)?')
"""As ``tomllib`` reads it: the first unescaped ``\"\"\"`` closes, and up to two more quotes belong to the text."""
_SCALAR = re.compile(r"[0-9A-Za-z_+.:-]++(?: [0-9][0-9A-Za-z_+.:-]*+)?")
"""Numbers, true/false and dates (``1979-05-27 07:32:00`` holds a space): never a quote, bracket or comma."""


def _past(blank: re.Pattern[str], text: str, i: int) -> int:
    """Where ``blank`` (:data:`_SPACE` or :data:`_BLANK`, which match the empty string too) ends, matched at ``i``."""
    found = blank.match(text, i)
    assert found is not None, "a pattern that matches the empty string matches everywhere"
    return found.end()


@dataclass(frozen=True)
class TomlShape:
    """What the scan measured: characters, key parts written, values, the deepest level, the longest key."""

    chars: int
    keys: int
    values: int
    depth: int
    longest_key: int


class _Scan:
    """One pass over the text; every method returns the index just after what it read."""

    def __init__(self, text: str, what: str) -> None:
        self.text, self.end, self.what = text, len(text), what
        self.keys = self.values = self.depth = self.longest_key = 0

    # --- refusals -------------------------------------------------------------------------
    def _line(self, i: int) -> int:
        return self.text.count("\n", 0, i) + 1

    def _where(self, i: int) -> str:
        line = self._line(i)
        column = i - (self.text.rfind("\n", 0, i) + 1) + 1
        return f"line {line}, column {column}"

    def invalid(self, i: int, problem: str) -> NoReturn:
        found = "the end of the text" if i >= self.end else excerpt(self.text[i:i + 20])
        raise StateFormatError(f"{self.what}: not valid TOML at {self._where(i)}: {problem}; found {found}")

    def level(self, depth: int, i: int) -> None:
        if depth > MAX_DEPTH:
            raise StateFormatError(
                f"{self.what}: keys and lists are nested {depth} deep at line {self._line(i)}; a position needs at "
                f"most {MAX_DEPTH} levels (each table-header part, dotted-key part, inline-table key and list adds one)")
        if depth > self.depth:
            self.depth = depth

    # --- keys -----------------------------------------------------------------------------
    def key(self, i: int, base: int, names: list[str] | None = None) -> tuple[int, int]:
        """A key, dotted or not, whose first part sits at depth ``base + 1``; returns (index, parts).

        ``names``, when given, receives each part as ``tomllib`` reads it (quotes and escapes undone).
        """
        text, parts = self.text, 0
        while True:
            i = _past(_SPACE, text, i)
            char = text[i] if i < self.end else ""
            if char == '"':
                found = _BASIC.match(text, i)
                if found is None:
                    self.invalid(i, 'a quoted key must close with " on the same line')
            elif char == "'":
                found = _LITERAL.match(text, i)
                if found is None:
                    self.invalid(i, "a quoted key must close with ' on the same line")
            else:
                found = _BARE_KEY.match(text, i)
                if found is None:
                    self.invalid(i, "expected a key (letters, digits, _ and -, or a quoted name)")
            start, i = found.span()
            length = i - start - (2 if char in ('"', "'") else 0)
            parts += 1
            self.keys += 1
            if self.keys > MAX_KEYS:
                raise StateFormatError(f"{self.what}: more than {MAX_KEYS:,} keys (the next one is at line "
                                       f"{self._line(start)}); a position needs at most {MAX_KEYS:,}")
            if length > MAX_KEY_CHARS:
                raise StateFormatError(f"{self.what}: a key of {length:,} characters at line {self._line(start)} "
                                       f"({excerpt(text[start:start + 30])}); a key in a position is at most "
                                       f"{MAX_KEY_CHARS} characters")
            self.longest_key = max(self.longest_key, length)
            if names is not None:
                names.append(_key_name(found.group(), char))
            self.level(base + parts, start)
            i = _past(_SPACE, text, i)
            if not text.startswith(".", i):
                return i, parts
            i += 1

    # --- values ---------------------------------------------------------------------------
    def value(self, i: int, depth: int) -> int:
        """A value sitting at ``depth`` (already counted by the key or list that holds it)."""
        text = self.text
        char = text[i] if i < self.end else ""
        self.level(depth, i)
        self.values += 1
        if self.values > MAX_VALUES:
            raise StateFormatError(f"{self.what}: more than {MAX_VALUES:,} values (the next one is at line "
                                   f"{self._line(i)}); a position needs at most {MAX_VALUES:,}")
        if char == "[":
            return self.array(i + 1, depth)
        if char == "{":
            return self.inline_table(i + 1, depth)
        if char == '"':
            found = _MULTILINE_BASIC.match(text, i) if text.startswith('"""', i) else _BASIC.match(text, i)
            if found is None:
                self.invalid(i, 'a string must close with " (with """ when it starts with """)')
            return found.end()
        if char == "'":
            if text.startswith("'''", i):
                close = text.find("'''", i + 3)
                if close < 0:
                    self.invalid(i, "a string that starts with ''' must close with '''")
                close += 3
                return close + (2 if text.startswith("''", close) else 1 if text.startswith("'", close) else 0)
            found = _LITERAL.match(text, i)
            if found is None:
                self.invalid(i, "a string must close with ' on the same line")
            return found.end()
        found = _SCALAR.match(text, i)
        if found is None:
            self.invalid(i, "expected a value (a number, true or false, \"text\" or a [list])")
        return found.end()

    def array(self, i: int, depth: int) -> int:
        opened, text = i - 1, self.text
        while True:
            i = _past(_BLANK, text, i)
            if text.startswith("]", i):
                return i + 1
            if i >= self.end:
                self.invalid(opened, "a list opened with [ must close with ]")
            i = self.value(i, depth + 1)
            i = _past(_BLANK, text, i)
            if text.startswith(",", i):
                i += 1
            elif text.startswith("]", i):
                return i + 1
            else:
                self.invalid(i, "list items are separated by , and the list closes with ]")

    def inline_table(self, i: int, depth: int) -> int:
        text = self.text
        i = _past(_SPACE, text, i)
        if text.startswith("}", i):
            return i + 1
        while True:
            i, parts = self.key(i, depth)
            if not text.startswith("=", i):
                self.invalid(i, "expected = after the key")
            i = _past(_SPACE, text, i + 1)
            i = _past(_SPACE, text, self.value(i, depth + parts))
            if text.startswith(",", i):
                i += 1
            elif text.startswith("}", i):
                return i + 1
            else:
                self.invalid(i, "inline-table entries are separated by , and the table closes with } on one line")

    # --- statements -----------------------------------------------------------------------
    def document(self) -> TomlShape:
        text, table_depth, i = self.text, 0, 0
        lists: set[tuple[str, ...]] = set()  # the [[name]] tables so far: a header below one goes through its entry
        while True:
            i = _past(_BLANK, text, i)
            if i >= self.end:
                return TomlShape(self.end, self.keys, self.values, self.depth, self.longest_key)
            if text.startswith("[", i):
                list_entry = text.startswith("[[", i)
                names: list[str] = []
                i, parts = self.key(i + (2 if list_entry else 1), 0, names)
                close = "]]" if list_entry else "]"
                if not text.startswith(close, i):
                    self.invalid(i, f"a table header closes with {close}")
                path = tuple(names)
                table_depth = parts + list_entry + sum(path[:k] in lists for k in range(1, parts))
                if list_entry:  # a new entry: the [[lists]] below the old entry were its own, not this one's
                    lists = {p for p in lists if p[:len(path)] != path or len(p) == len(path)}
                    lists.add(path)
                self.level(table_depth, i)
                i += len(close)
            else:
                i, parts = self.key(i, table_depth)
                if not text.startswith("=", i):
                    self.invalid(i, "expected = after the key")
                i = self.value(_past(_SPACE, text, i + 1), table_depth + parts)
            i = _past(_SPACE, text, i)
            if text.startswith("#", i):
                newline = text.find("\n", i)
                i = self.end if newline < 0 else newline
            if i < self.end and not text.startswith(("\n", "\r\n"), i):
                self.invalid(i, "expected the end of the line (one key = value or [table] per line)")


_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))")


def _unescape(found: re.Match[str]) -> str:
    code = found.group(1) or found.group(2)
    if code:
        return chr(int(code, 16)) if int(code, 16) <= 0x10FFFF else found.group()
    return _ESCAPES.get(found.group(3), found.group())


def _key_name(written: str, quote: str) -> str:
    """A key part as ``tomllib`` reads it, so ``a``, ``'a'`` and ``"\\u0061"`` name one table."""
    if quote == "'":
        return written[1:-1]
    if quote == '"':
        return _ESCAPE.sub(_unescape, written[1:-1])
    return written


def check_position_toml(text: str, what: str = "position") -> TomlShape:
    """Refuse ``text`` unless it is within every limit above; returns what was measured.

    Linear in the length of ``text`` and stops at the first limit passed, so a refusal costs
    little whatever the text holds. Text that is not TOML may be refused here ("not valid
    TOML ...") or left for ``tomllib`` to refuse; text that passes has had every part measured.

    >>> check_position_toml('"a.b [c]" = "x.y.z [[w]] # not a comment"').depth
    1
    >>> check_position_toml("[" + "a." * 20 + "a]")
    Traceback (most recent call last):
    ...
    explorer.errors.StateFormatError: position: keys and lists are nested 9 deep at line 1; a position needs at most 8 levels (each table-header part, dotted-key part, inline-table key and list adds one)
    """
    if not isinstance(text, str):
        raise StateFormatError(f"{what}: expected TOML text, got {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise StateFormatError(f"{what}: {len(text)} characters; a position is at most {MAX_POSITION_CHARS} "
                               "characters (the largest real one is about 4,000)")
    return _Scan(text, what).document()
