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
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from fractions import Fraction
from functools import lru_cache
from typing import Any, Union, get_args, get_origin

from explorer.core.multiset import Multiset
from explorer.errors import StateFormatError

SKIP_FIELDS = frozenset({"game"})
"""Fields never written: a state's ``game`` is named in the JSON envelope instead."""


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
                return decode(option, data, path)
            except StateFormatError as err:
                errors.append(err.message)
        raise StateFormatError("; ".join(errors) or f"{path}: unexpected null")
    if origin is typing.Literal:
        if data not in get_args(hint):
            _fail(path, f"one of {list(get_args(hint))}", data)
        return data
    if hint is bool:
        if not isinstance(data, bool):
            _fail(path, "true or false", data)
        return data
    if hint is int:
        if not isinstance(data, int) or isinstance(data, bool):
            _fail(path, "a whole number", data)
        return data
    if hint is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            _fail(path, "a number", data)
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            _fail(path, "a string", data)
        return data
    if hint is Fraction:
        try:
            return Fraction(data)
        except (TypeError, ValueError, ZeroDivisionError):
            _fail(path, "a fraction like '3/4'", data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            _fail(path, f"one of {[m.value for m in hint]}", data)
    if hint is Multiset or origin is Multiset:
        (item_hint,) = get_args(hint) or (Any,)
        if not isinstance(data, list):
            _fail(path, "a list of [item, count] pairs", data)
        counts: dict[Any, int] = {}
        for i, pair in enumerate(data):
            if not (isinstance(pair, list) and len(pair) == 2):
                _fail(f"{path}[{i}]", "an [item, count] pair", pair)
            item = decode(item_hint, pair[0], f"{path}[{i}][0]")
            n = decode(int, pair[1], f"{path}[{i}][1]")
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
            return tuple(decode(a, d, f"{path}[{i}]") for i, (a, d) in enumerate(zip(args, data)))
        item_hint = args[0] if args else Any
        items = [decode(item_hint, d, f"{path}[{i}]") for i, d in enumerate(data)]
        return frozenset(items) if origin is frozenset else tuple(items)
    if dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            _fail(path, f"an object ({hint.__name__})", data)
        hints = _hints(hint)
        kwargs: dict[str, Any] = {}
        known = set()
        for f in dataclasses.fields(hint):
            if not f.init:
                continue
            known.add(f.name)
            if f.name in SKIP_FIELDS:
                if f.name in context:
                    kwargs[f.name] = context[f.name]
                continue
            if f.name not in data:
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                    continue
                raise StateFormatError(f"{path}.{f.name}: missing")
            kwargs[f.name] = decode(hints[f.name], data[f.name], f"{path}.{f.name}")
        unknown = sorted(set(data) - known)
        if unknown:
            raise StateFormatError(f"{path}: unknown field {unknown[0]!r} (allowed: {sorted(known - SKIP_FIELDS)})")
        try:
            return hint(**kwargs)
        except (TypeError, ValueError) as err:
            raise StateFormatError(f"{path}: {err}") from err
    raise StateFormatError(f"{path}: no decoder for type {hint!r}")


def _plain(data: Any, path: str) -> Any:
    """Untyped data (an action's args): lists become tuples so the value is hashable."""
    if isinstance(data, list):
        return tuple(_plain(d, f"{path}[{i}]") for i, d in enumerate(data))
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    _fail(path, "a plain value", data)


def _fail(path: str, expected: str, got: Any) -> typing.NoReturn:
    shown = repr(got)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    raise StateFormatError(f"{path}: expected {expected}, got {shown}")
