"""Input checks shared by the odds engines: loud, and naming the argument.

Every public entry point of :mod:`explorer.odds` validates its arguments here
*before* looking in its cache, so that a bad value can never be answered from
memory (``True == 1`` would otherwise hit the cache entry for ``1``). A failed
check raises ``ValueError`` whose message names the argument, the allowed
range and the value that was given.

Whole numbers are checked by the one check every layer uses (:func:`explorer.core.checks.whole_number`,
with ``ValueError``), and a bad value is quoted by :func:`explorer.errors.excerpt`.

>>> population_pairs({"laser": True})
Traceback (most recent call last):
...
ValueError: population count of 'laser' must be a whole number from 0 to 10000 (the cap MAX_POPULATION), got True
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from explorer.core.checks import whole_number
from explorer.core.multiset import Multiset
from explorer.errors import excerpt
from explorer.odds.limits import MAX_KINDS, MAX_POPULATION, cap_text


def _sort_key(pair: tuple[Hashable, int]) -> tuple[str, str]:
    # The same order as explorer.core.multiset.Multiset keeps its items in.
    return (type(pair[0]).__name__, repr(pair[0]))


def population_pairs(population: object, name: str = "population") -> tuple[tuple[Hashable, int], ...]:
    """``(kind, count)`` pairs of a population, in ``Multiset`` order, zero counts kept.

    ``population`` is a mapping kind -> count or a ``Multiset``; every count must
    be a whole number >= 0. Caps: at most ``MAX_KINDS`` kinds and
    ``MAX_POPULATION`` items in all.

    >>> population_pairs({"laser": 2, "energy": 0})
    (('energy', 0), ('laser', 2))
    >>> population_pairs({"laser": -1})
    Traceback (most recent call last):
    ...
    ValueError: population count of 'laser' must be a whole number from 0 to 10000 (the cap MAX_POPULATION), got -1
    """
    if isinstance(population, Multiset):
        pairs_in: tuple[tuple[Hashable, int], ...] = population.items()
        _check_size(name, len(pairs_in), sum(c for _, c in pairs_in))
        return pairs_in
    if not isinstance(population, Mapping):
        raise ValueError(
            f"{name} must be a mapping kind -> count or a Multiset, got {type(population).__name__}"
        )
    if len(population) > MAX_KINDS:
        _check_size(name, len(population), 0)
    pairs = []
    for kind, count in population.items():
        if type(count) is not int or not 0 <= count <= MAX_POPULATION:  # the message is built only when needed
            count = whole_number(f"{name} count of {excerpt(kind)}", count, 0, MAX_POPULATION, ValueError,
                                 cap_text("MAX_POPULATION"))
        pairs.append((kind, count))
    _check_size(name, len(pairs), sum(c for _, c in pairs))
    pairs.sort(key=_sort_key)
    return tuple(pairs)


def _check_size(name: str, kinds: int, size: int) -> None:
    if kinds > MAX_KINDS:
        raise ValueError(f"{name} must have at most {MAX_KINDS:,} kinds (the cap MAX_KINDS), got {kinds:,}")
    if size > MAX_POPULATION:
        raise ValueError(
            f"{name} must hold at most {MAX_POPULATION:,} items in all (the cap MAX_POPULATION), got {size:,}"
        )


def kind_group(
    pairs: tuple[tuple[Hashable, int], ...], kinds: object, name: str = "kinds"
) -> frozenset[Hashable]:
    """The set of kinds named by ``kinds``: one kind, or an iterable of kinds.

    ``kinds`` is read as a single kind when it is a string or a kind of the
    population itself (a tuple kind stays one kind); otherwise as a collection.
    Every kind must be in the population (a mapping may list a kind with count
    0), so that a typo is an error rather than a silent probability of 0.

    >>> sorted(kind_group((("energy", 1), ("laser", 2)), ["laser", "energy"]))
    ['energy', 'laser']
    >>> kind_group((("laser", 2),), "lazer")
    Traceback (most recent call last):
    ...
    ValueError: kinds: 'lazer' is not in the population (its kinds: 'laser')
    """
    known = {kind for kind, _ in pairs}
    single = isinstance(kinds, str)
    if not single:
        try:
            single = kinds in known
        except TypeError:  # unhashable: a list or a set of kinds
            single = False
    if single:
        group = [kinds]
    elif isinstance(kinds, (str, bytes)) or not hasattr(kinds, "__iter__"):
        group = [kinds]
    else:
        group = list(kinds)
    if not group:
        raise ValueError(f"{name} must name at least one kind of the population, got an empty collection")
    if len(group) > MAX_KINDS:
        raise ValueError(f"{name} must name at most {MAX_KINDS:,} kinds (the cap MAX_KINDS), got {len(group):,}")
    for kind in group:
        try:
            present = kind in known
        except TypeError:
            raise TypeError(
                f"{name}: {excerpt(kind)} is unhashable ({type(kind).__name__}); a kind is a string, a number or a tuple"
            ) from None
        if not present:
            listing = ", ".join(excerpt(k, 30) for k, _ in pairs[:12]) or "none"
            more = f", ... ({len(pairs)} kinds)" if len(pairs) > 12 else ""
            raise ValueError(f"{name}: {excerpt(kind)} is not in the population (its kinds: {listing}{more})")
    return frozenset(group)
