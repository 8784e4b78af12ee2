"""Fast copies of frozen dataclasses: a rules step copies a position two or three times.

``replaced`` is ``dataclasses.replace`` without re-running ``__init__``; ``share_keys`` lays out a
class's instance dictionaries once so that every copy shares one table of names. Both keep the
values what they are (frozen, equal by fields); only their cost changes.

>>> from explorer.core.zones import Deck
>>> replaced(Deck(top=("Scout",)), top=()) == Deck()
True
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

V = TypeVar("V")


def replaced(obj: V, /, **changes: Any) -> V:
    """``dataclasses.replace`` for frozen dataclasses with no ``__post_init__`` and no ``init=False`` field, fast.

    A rules step makes several new positions, and ``dataclasses.replace`` re-runs ``__init__``
    for each; copying the fields and setting the changed ones gives the same value at a fraction
    of the cost. Remembered derived values (``REMEMBERED`` of the class, or any other name starting
    with "_") are left behind. An unknown field name goes to ``dataclasses.replace``, which refuses
    it as it always did.

    >>> from explorer.core.zones import Deck
    >>> replaced(Deck(top=("Scout",)), bottom=("Viper",)) == Deck(top=("Scout",), bottom=("Viper",))
    True
    """
    cls = type(obj)
    plan = _PLANS.get(cls)
    if plan is None:
        names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        plan = _PLANS[cls] = (len(names), tuple(getattr(cls, "REMEMBERED", ())), names)
    try:
        old = obj.__dict__
    except AttributeError:  # a class with __slots__: nothing to copy faster
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    values = old.copy()
    n = plan[0]
    if len(values) != n:  # remembered derived values are not copied
        for name in plan[1]:
            if name in values:
                del values[name]
        if len(values) != n:  # one the class does not list
            values = {name: old[name] for name in plan[2]}
    values.update(changes)
    if len(values) != n:  # a name that is no field
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new = _NEW(cls)
    _SET(new, "__dict__", values)
    return new


_NEW = object.__new__
_SET = object.__setattr__


def share_keys(*classes: type) -> None:
    """Lay out the instance dictionaries of each frozen dataclass in ``classes``: fields, then ``REMEMBERED`` names.

    Called once, right after the classes are defined and before any instance exists. CPython lets the
    instances of a class share one table of attribute names ("key-sharing" dictionaries), but the table
    only grows while the first few instances are made; a name first set later (a value a position
    remembers, set after the class has many instances) turns that position's dictionary, and every copy
    ``replaced`` makes of it, into a full table of its own. Laying the names out first keeps every kept
    position in the shared form: a quarter less memory per move of a long match, and faster copies.
    Nothing else changes (the names, values, equality and hashing are the same), and on an interpreter
    without key sharing this costs one throwaway instance.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int
    ...     y: int
    ...     REMEMBERED = ("_norm",)
    >>> share_keys(Point)
    >>> replaced(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    for cls in classes:
        layout: Any = _NEW(cls)
        for name in (*(f.name for f in dataclasses.fields(cls)), *getattr(cls, "REMEMBERED", ())):
            _SET(layout, name, None)


_PLANS: dict[type, tuple[int, tuple[str, ...], tuple[str, ...]]] = {}
"""For each class ``replaced`` has copied: its number of fields, the names it remembers, its field names."""
