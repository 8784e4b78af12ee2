"""An immutable, hashable multiset: the contents of a bag, a discard pile, a hand.

Counts, not orderings, are what the rules and the odds work on, so this is the
value every zone keeps. Items are stored sorted by their ``repr`` so that two
equal multisets are the same tuple, hash the same and print the same.

>>> m = Multiset({"laser": 2, "energy": 1})
>>> m.add("laser").count("laser"), len(m)
(3, 3)
>>> m.remove("energy")
Multiset({'laser': 2})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound=Hashable)


def _key(item: Any) -> tuple[str, str]:
    if type(item) is str:  # the common case (card and token names): remembered, equal strings share a repr
        key = _STR_KEYS.get(item)
        if key is None:
            if len(_STR_KEYS) > 100_000:
                _STR_KEYS.clear()
            key = _STR_KEYS[item] = ("str", repr(item))
        return key
    return (type(item).__name__, repr(item))


_STR_KEYS: dict[str, tuple[str, str]] = {}


def _pair_key(pair: tuple[Any, int]) -> tuple[str, str]:
    return _key(pair[0])


def _ordered(counts: dict[Any, int]) -> tuple[tuple[Any, int], ...]:
    """The ``(item, count)`` pairs of ``counts`` in the fixed order every multiset keeps (by ``_key``)."""
    return tuple(sorted(counts.items(), key=_pair_key)) if len(counts) > 1 else tuple(counts.items())


class Multiset(Generic[T]):
    """A frozen bag of hashable items with positive integer counts."""

    __slots__ = ("_items", "_hash", "_size")
    _items: tuple[tuple[Hashable, int], ...]  # (item, count) pairs, sorted by item (``_key``), counts positive
    _hash: int | None  # worked out when first asked
    _size: int  # the number of copies

    def __init__(self, items: Mapping[Hashable, int] | Iterable[Hashable] = ()) -> None:
        if type(items) is tuple and not items:  # the empty bag (a hand after the discard phase): no counting
            self._items, self._hash, self._size = (), None, 0
            return
        if isinstance(items, Multiset):
            pairs = items._items
        else:
            counts: dict[Hashable, int]
            if isinstance(items, Mapping):
                counts = {}
                for item, n in items.items():
                    if type(n) is not int and (not isinstance(n, int) or isinstance(n, bool)) or n < 0:
                        raise ValueError(f"count of {item!r} must be a whole number >= 0, got {n!r}")
                    if n:
                        counts[item] = counts.get(item, 0) + n
            else:
                counts = Counter()
                counts.update(items)
            pairs = _ordered(counts)
        self._items = pairs
        self._hash = None
        self._size = sum([n for _, n in pairs])

    @classmethod
    def from_sorted(cls, pairs: tuple[tuple[Hashable, int], ...], size: int | None = None) -> "Multiset":
        """A multiset built as given, for enumerators (the odds' draw walks): no checks, no sorting.

        The caller promises ``pairs`` sorted by item, each item once, counts positive; ``size`` may be
        passed when the caller knows it (the draw enumerators do). A user builds a ``Multiset`` the checked way.

        >>> Multiset.from_sorted((("Scout", 2), ("Viper", 1))) == Multiset({"Viper": 1, "Scout": 2})
        True
        """
        new = object.__new__(cls)
        new._items = pairs
        new._hash = None
        new._size = sum(n for _, n in pairs) if size is None else size
        return new

    # --- reading -------------------------------------------------------------
    def count(self, item: Hashable) -> int:
        """How many copies of ``item`` there are (0 if none)."""
        for k, n in self._items:
            if k == item:
                return n
        return 0

    def items(self) -> tuple[tuple[Hashable, int], ...]:
        """``(item, count)`` pairs in a fixed order."""
        return self._items

    def kinds(self) -> tuple[Hashable, ...]:
        """The distinct items in a fixed order."""
        return tuple(k for k, _ in self._items)

    def elements(self) -> tuple[Hashable, ...]:
        """Every copy, grouped by kind, in a fixed order."""
        return tuple(k for k, n in self._items for _ in range(n))

    def as_dict(self) -> dict[Hashable, int]:
        return dict(self._items)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.elements())

    def __contains__(self, item: object) -> bool:
        return any(k == item for k, _ in self._items)

    def __bool__(self) -> bool:
        return self._size > 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Multiset):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        # Worked out when first asked: most bags (a hand, a discard pile) live for one step and are
        # never hashed; a deck's unknown middle is, once, when its next card is looked up.
        h = self._hash
        if h is None:
            h = self._hash = hash(self._items)
        return h

    def __repr__(self) -> str:
        return f"Multiset({dict(self._items)!r})"

    def __str__(self) -> str:
        if not self._items:
            return "(empty)"
        return ", ".join(f"{n}x {k}" if n > 1 else str(k) for k, n in self._items)

    # --- building new values -------------------------------------------------
    def add(self, item: Hashable, n: int = 1) -> "Multiset":
        """A new multiset with ``n`` more copies of ``item``."""
        if n < 0:
            raise ValueError(f"n must be >= 0, got {n}")
        pairs = self._items
        if type(n) is not int:  # the constructor judges an odd count, as it always did
            counts = dict(pairs)
            counts[item] = counts.get(item, 0) + n
            return Multiset(counts)
        for i, (k, have) in enumerate(pairs):
            if k == item:
                if not n:
                    return self
                return Multiset.from_sorted(pairs[:i] + ((k, have + n),) + pairs[i + 1:], self._size + n)
        if not n:
            return self
        # A new kind goes after every kind whose sort key is not greater (the constructor's stable sort).
        key = _key(item)
        at = len(pairs)
        for i, (k, _) in enumerate(pairs):
            if _key(k) > key:
                at = i
                break
        return Multiset.from_sorted(pairs[:at] + ((item, n),) + pairs[at:], self._size + n)

    def remove(self, item: Hashable, n: int = 1) -> "Multiset":
        """A new multiset with ``n`` fewer copies; ``ValueError`` if there are not that many."""
        pairs = self._items
        for i, (k, have) in enumerate(pairs):  # noqa: B007 - i and have are read after the break
            if k == item:
                break
        else:
            i, have = -1, 0
        if n < 0 or have < n:
            raise ValueError(f"cannot remove {n} x {item!r}: only {have} present")
        if type(n) is not int:  # the constructor judges an odd count, as it always did
            counts = dict(pairs)
            counts[item] = have - n
            return Multiset(counts)
        if not n:
            return self
        if have == n:
            return Multiset.from_sorted(pairs[:i] + pairs[i + 1:], self._size - n)
        return Multiset.from_sorted(pairs[:i] + ((pairs[i][0], have - n),) + pairs[i + 1:], self._size - n)

    def __add__(self, other: "Multiset") -> "Multiset":
        if not other._items:
            return self
        if not self._items:
            return other
        return self._plus(other._items, other._size)

    def add_all(self, items: Iterable[Hashable]) -> "Multiset":
        """A new multiset with one more copy of each of ``items`` (an item named twice is added twice).

        What ``self + Multiset(items)`` gives, without counting ``items`` into a bag first (the ships
        going to the discard pile at the end of a turn).

        >>> Multiset({"Scout": 2}).add_all(["Viper", "Scout"])
        Multiset({'Scout': 3, 'Viper': 1})
        """
        pairs = [(item, 1) for item in items]
        return self._plus(pairs, len(pairs)) if pairs else self

    def _plus(self, pairs: Iterable[tuple[Hashable, int]], size: int) -> "Multiset":
        """This bag with the ``(item, count)`` pairs (counts > 0, ``size`` in all) added.

        One sort, and only when a kind is new."""
        counts = dict(self._items)
        new_kind = False
        for k, n in pairs:
            if k in counts:
                counts[k] += n
            else:
                counts[k] = n
                new_kind = True
        if new_kind:
            return Multiset.from_sorted(_ordered(counts), self._size + size)
        return Multiset.from_sorted(tuple((k, counts[k]) for k, _ in self._items), self._size + size)

    def __sub__(self, other: "Multiset") -> "Multiset":
        """Remove every item of ``other``; ``ValueError`` if ``other`` is not contained."""
        if not other <= self:
            raise ValueError(f"cannot remove {other} from {self}")
        if not other._items:
            return self
        counts = dict(self._items)
        for k, n in other._items:
            counts[k] -= n
        return Multiset.from_sorted(tuple((k, counts[k]) for k, _ in self._items if counts[k]),
                                     self._size - other._size)

    def __le__(self, other: "Multiset") -> bool:
        if len(self._items) > 1 and len(other._items) > 1:
            have = dict(other._items)
            return all(have.get(k, 0) >= n for k, n in self._items)
        return all(other.count(k) >= n for k, n in self._items)
