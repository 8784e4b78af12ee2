"""JSON for frozen dataclasses, driven by their type hints.

Every game's state is a frozen dataclass of ints, strings, tuples, multisets and
smaller dataclasses. Rather than each game writing ``to_dict``/``from_dict`` by
hand, this module walks the type hints both ways. Decoding checks every value
and raises :class:`~explorer.errors.StateFormatError` naming the field path
(``state.players[1].hand``) and what was expected, so a damaged file is refused
with a message a person can act on.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Ship:
...     name: str
...     hull: int
>>> encode(Ship("Viper", 3))
{'name': 'Viper', 'hull': 3}
>>> decode(Ship, {"name": "Viper", "hull": 3})
Ship(name='Viper', hull=3)

Whatever the data, decoding answers with a value or a ``StateFormatError``
naming the field: bytes, deep nesting, numbers past 64 bits, non-finite
floats and wrong types are all refused, and any echoed input is cut to a short
:func:`~explorer.errors.excerpt`. :func:`loads` does the same for JSON text.

>>> decode(Ship, {"name": "Viper", "hull": 2**63})
Traceback (most recent call last):
...
explorer.errors.StateFormatError: state.hull: expected a whole number from -2**63 to 2**63-1, got 9223372036854775808
>>> loads(b'{"name": "Viper"}')
Traceback (most recent call last):
...
explorer.errors.StateFormatError: expected JSON text (str), got bytes
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import re
import sys
import types
import typing
from fractions import Fraction
from functools import lru_cache
from typing import Any, Union, get_args, get_origin

from explorer.core.multiset import Multiset
from explorer.errors import StateFormatError, excerpt

SKIP_FIELDS = frozenset({"game"})
"""Fields never written: a state's ``game`` is named in the JSON envelope instead."""

INT_LIMIT = 2**63
"""Whole numbers in saved data lie in ``-2**63 .. 2**63 - 1``; nothing in a game needs more."""

MAX_DEPTH = 64
"""Untyped data (an action's arguments) nests at most this deep; a saved game never needs more."""

MAX_JSON_CHARS = 20_000_000
"""The longest JSON text :func:`loads` reads (a long saved match is well under 1 MB)."""

_FRACTION = re.compile(r"-?[0-9]{1,40}(/[0-9]{1,40})?")


def loads(text: object, what: str = "JSON") -> Any:
    """JSON text as data; anything else (bytes, oversized, broken, too deep) is a ``StateFormatError``.

    >>> loads('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> loads("[" * 100_000)
    Traceback (most recent call last):
    ...
    explorer.errors.StateFormatError: not JSON: nested too deeply
    """
    if not isinstance(text, str):
        raise StateFormatError(f"expected {what} text (str), got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise StateFormatError(f"not {what}: {len(text)} characters; at most {MAX_JSON_CHARS} are read")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise StateFormatError(f"not {what}: {err.msg} (line {err.lineno}, column {err.colno})") from None
    except RecursionError:
        raise StateFormatError(f"not {what}: nested too deeply") from None
    except ValueError as err:  # e.g. an integer literal of more than 4300 digits
        raise StateFormatError(f"not {what}: {excerpt(str(err), 120)}") from None


def encode(value: Any) -> Any:
    """Turn a value made of dataclasses, tuples, multisets and scalars into JSON data."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Multiset):
        return [[encode(k), n] for k, n in value.items()]
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, frozenset) else value
        return [encode(v) for v in items]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: encode(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.name not in SKIP_FIELDS and f.init
        }
    raise TypeError(f"cannot encode {type(value).__name__} value {value!r}")


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    module = sys.modules.get(cls.__module__)
    return typing.get_type_hints(cls, vars(module) if module else None)


def decode(hint: Any, data: Any, path: str = "state", **context: Any) -> Any:
    """Rebuild a value of type ``hint`` from JSON data, checking it on the way.

    ``context`` supplies fields that are not stored (a state's ``game``).
    """
    try:
        return _decode(hint, data, path, **context)
    except RecursionError:
        raise StateFormatError(f"{path}: nested too deeply") from None


def _decode(hint: Any, data: Any, path: str = "state", **context: Any) -> Any:
    if hint is Any:
        return _plain(data, path)
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _decode(option, data, path)
            except StateFormatError as err:
                errors.append(err.message)
        raise StateFormatError("; ".join(errors) or f"{path}: unexpected null")
    if origin is typing.Literal:
        choices = get_args(hint)
        if not any(type(data) is type(c) and data == c for c in choices):
            _fail(path, f"one of {list(choices)}", data)
        return data
    if hint is bool:
        if not isinstance(data, bool):
            _fail(path, "true or false", data)
        return data
    if hint is int:
        return _whole(data, path)
    if hint is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            _fail(path, "a number", data)
        if isinstance(data, int):
            _whole(data, path)
        if not math.isfinite(data):
            _fail(path, "a finite number", data)
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            _fail(path, "a string", data)
        return data
    if hint is Fraction:
        if isinstance(data, int) and not isinstance(data, bool):
            return Fraction(_whole(data, path))
        if not (isinstance(data, str) and _FRACTION.fullmatch(data)):
            _fail(path, "a fraction like '3/4'", data)
        try:
            return Fraction(data)
        except ZeroDivisionError:
            _fail(path, "a fraction like '3/4' (not over 0)", data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except (ValueError, TypeError):
            _fail(path, f"one of {[m.value for m in hint]}", data)
    if hint is Multiset or origin is Multiset:
        (item_hint,) = get_args(hint) or (Any,)
        if not isinstance(data, list):
            _fail(path, "a list of [item, count] pairs", data)
        counts: dict[Any, int] = {}
        for i, pair in enumerate(data):
            if not (isinstance(pair, list) and len(pair) == 2):
                _fail(f"{path}[{i}]", "an [item, count] pair", pair)
            item = _decode(item_hint, pair[0], f"{path}[{i}][0]")
            n = _decode(int, pair[1], f"{path}[{i}][1]")
            if n < 0:
                _fail(f"{path}[{i}][1]", "a count >= 0", n)
            counts[item] = counts.get(item, 0) + n
        return Multiset(counts)
    if origin in (tuple, frozenset) or hint in (tuple, frozenset):
        if not isinstance(data, list):
            _fail(path, "a list", data)
        args = get_args(hint)
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                _fail(path, f"a list of {len(args)} items", data)
            return tuple(_decode(a, d, f"{path}[{i}]") for i, (a, d) in enumerate(zip(args, data)))
        item_hint = args[0] if args else Any
        items = [_decode(item_hint, d, f"{path}[{i}]") for i, d in enumerate(data)]
        return frozenset(items) if origin is frozenset else tuple(items)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            _fail(path, f"an object ({hint.__name__})", data)
        hints = _hints(hint)
        kwargs: dict[str, Any] = {}
        known = set()
        for f in dataclasses.fields(hint):  # fields come from the type, never from the data
            if not f.init:
                continue
            known.add(f.name)
            if f.name in SKIP_FIELDS:
                if f.name in context:
                    kwargs[f.name] = context[f.name]
                continue
            if f.name not in data:
                # every field is written on save: a missing one is damage, never "use the default"
                # (a deleted zone would otherwise load silently empty)
                raise StateFormatError(f"{path}.{f.name}: missing (a saved position lists every field)")
            kwargs[f.name] = _decode(hints[f.name], data[f.name], f"{path}.{f.name}")
        unknown = sorted((k for k in data if k not in known), key=repr)
        if unknown:
            raise StateFormatError(
                f"{path}: unknown field {excerpt(unknown[0])} (allowed: {sorted(known - SKIP_FIELDS)})")
        try:
            return hint(**kwargs)
        except StateFormatError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, ArithmeticError) as err:
            raise StateFormatError(f"{path}: {excerpt(str(err), 200)}") from None
    raise StateFormatError(f"{path}: no decoder for type {hint!r}")


def _plain(data: Any, path: str, depth: int = 0) -> Any:
    """Untyped data (an action's args): lists become tuples so the value is hashable."""
    if isinstance(data, list):
        if depth >= MAX_DEPTH:
            raise StateFormatError(f"{path}: nested more than {MAX_DEPTH} lists deep")
        return tuple(_plain(d, f"{path}[{i}]", depth + 1) for i, d in enumerate(data))
    if isinstance(data, int) and not isinstance(data, bool):
        return _whole(data, path)
    if isinstance(data, float) and not math.isfinite(data):
        _fail(path, "a finite number", data)
    if data is None or isinstance(data, (bool, float, str)):
        return data
    _fail(path, "a plain value (text, a number, true/false, null or a list of them)", data)


def _whole(data: Any, path: str) -> int:
    """A whole number within the 64-bit range (bools are not numbers here)."""
    if not isinstance(data, int) or isinstance(data, bool):
        _fail(path, "a whole number", data)
    if not -INT_LIMIT <= data < INT_LIMIT:
        _fail(path, "a whole number from -2**63 to 2**63-1", data)
    return data


def _fail(path: str, expected: str, got: Any) -> typing.NoReturn:
    raise StateFormatError(f"{path}: expected {expected}, got {excerpt(got)}")
