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
    return (type(item).__name__, repr(item))


class Multiset(Generic[T]):
    """A frozen bag of hashable items with positive integer counts."""

    __slots__ = ("_items", "_hash", "_size")

    def __init__(self, items: Mapping[Hashable, int] | Iterable[Hashable] = ()) -> None:
        counts: Counter[Hashable] = Counter()
        if isinstance(items, Mapping):
            for item, n in items.items():
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise ValueError(f"count of {item!r} must be a whole number >= 0, got {n!r}")
                if n:
                    counts[item] += n
        else:
            counts.update(items)
        pairs = tuple(sorted(counts.items(), key=lambda kv: _key(kv[0])))
        self._items: tuple[tuple[Hashable, int], ...] = pairs
        self._hash = hash(pairs)
        self._size = sum(n for _, n in pairs)

    @classmethod
    def _from_sorted(cls, pairs: tuple[tuple[Hashable, int], ...], size: int | None = None) -> "Multiset":
        """Trusted constructor for enumerators: ``pairs`` already sorted, counts positive.

        ``size`` may be passed when the caller knows it (the draw enumerators do).
        """
        new = object.__new__(cls)
        new._items = pairs
        new._hash = hash(pairs)
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
        return self._hash

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
        counts = dict(self._items)
        counts[item] = counts.get(item, 0) + n
        return Multiset(counts)

    def remove(self, item: Hashable, n: int = 1) -> "Multiset":
        """A new multiset with ``n`` fewer copies; ``ValueError`` if there are not that many."""
        have = self.count(item)
        if n < 0 or have < n:
            raise ValueError(f"cannot remove {n} x {item!r}: only {have} present")
        counts = dict(self._items)
        counts[item] = have - n
        return Multiset(counts)

    def __add__(self, other: "Multiset") -> "Multiset":
        counts = Counter(dict(self._items))
        counts.update(dict(other._items))
        return Multiset(counts)

    def __sub__(self, other: "Multiset") -> "Multiset":
        """Remove every item of ``other``; ``ValueError`` if ``other`` is not contained."""
        if not other <= self:
            raise ValueError(f"cannot remove {other} from {self}")
        counts = dict(self._items)
        for k, n in other._items:
            counts[k] -= n
        return Multiset(counts)

    def __le__(self, other: "Multiset") -> bool:
        return all(other.count(k) >= n for k, n in self._items)
