"""Input checks shared by the odds engines: loud, and naming the argument.

Every public entry point of :mod:`explorer.odds` validates its arguments here
*before* looking in its cache, so that a bad value can never be answered from
memory (``True == 1`` would otherwise hit the cache entry for ``1``). A failed
check raises ``ValueError`` whose message names the argument, the allowed
range and the value that was given.

>>> whole_number("hit_on", 7, 1, 6)
Traceback (most recent call last):
...
ValueError: hit_on must be a whole number from 1 to 6, got 7
>>> whole_number("n", 3, 0)
3
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from numbers import Integral

from explorer.core.multiset import Multiset
from explorer.core.numeric import BOOLS
from explorer.odds.limits import MAX_KINDS, MAX_POPULATION, cap_text


def _range_text(low: int, high: int | None) -> str:
    if high is None:
        return f">= {low}"
    return f"from {low} to {high}"


def whole_number(name: str, value: object, low: int, high: int | None = None, why: str = "") -> int:
    """``value`` as an ``int`` if it is a whole number in ``low..high`` (bools refused).

    ``why`` is appended to the range in the message, e.g. " (the population size)".
    """
    if type(value) is int and low <= value and (high is None or value <= high):
        return value  # the common case, kept fast for sliders
    if (
        isinstance(value, BOOLS)
        or not isinstance(value, Integral)
        or not (low <= int(value) and (high is None or int(value) <= high))
    ):
        raise ValueError(f"{name} must be a whole number {_range_text(low, high)}{why}, got {short(value)}")
    return int(value)


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
            count = whole_number(f"{name} count of {short(kind)}", count, 0, MAX_POPULATION,
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


def short(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a refusal never echoes a huge input.

    A huge whole number is described by its size instead (its digits may not
    even be printable: Python refuses ints of more than 4,300 digits).

    >>> short("x" * 100)[-8:], short(10**5000)
    ('xxxxx...', 'a whole number of 5,001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 200:
        digits = len(str(abs(value))) if abs(value).bit_length() < 10_000 else int(abs(value).bit_length() * 0.30103) + 1
        return f"a whole number of {digits:,} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the refusal
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
                f"{name}: {short(kind)} is unhashable ({type(kind).__name__}); a kind is a string, a number or a tuple"
            ) from None
        if not present:
            listing = ", ".join(short(k, 30) for k, _ in pairs[:12]) or "none"
            more = f", ... ({len(pairs)} kinds)" if len(pairs) > 12 else ""
            raise ValueError(f"{name}: {short(kind)} is not in the population (its kinds: {listing}{more})")
    return frozenset(group)
