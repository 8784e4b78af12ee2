"""The plain-tuple representation the exact engine works on, and the small helpers over it.

It holds the sorted ``(item, count)`` pairs and their operations, the engine's value type, the relevance
bits of the memo keys, the mutable turn state (:class:`TurnState`) and the mixing of weighted outcomes.
They are kept apart from :class:`~explorer.games.star_realms.odds.engine.Engine` so the engine module
holds only the evaluation itself (a card label's data is :mod:`.odds.cards`); :func:`pairs_minus` and
:func:`merge_pairs` also deal the starts of the next turn (:mod:`.odds.exact`).

>>> hand = merge_pairs((("Scout", 3),), (("Viper", 1), ("Scout", 1)))
>>> hand, pairs_minus(hand, (("Scout", 4),)), pairs_add(hand, "Explorer")
((('Scout', 4), ('Viper', 1)), (('Viper', 1),), (('Explorer', 1), ('Scout', 4), ('Viper', 1)))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import lcm
from typing import Any

from explorer.games.star_realms.odds.model import Outcome

# --------------------------------------------------------------------------- the exact engine
# The same policy as :class:`Model`, computed on plain tuples, for both questions at once (the choices
# between plain resources only change the pools, so the two questions walk the same turn states), with
# memo keys that keep only what the rest of the turn can still depend on (see :meth:`Engine.value`).
#
# A value is ``(pairs_trade, total_trade, pairs_combat, total_combat, touched)``: for each question,
# integer weights over outcomes *relative to the pools of the state* (Trade, Combat and destroys gained
# from there on) and their total; ``touched`` says whether the discard pile was consulted (a draw found
# the deck empty).

Pairs = tuple[tuple[str, int], ...]
"""Sorted ``(card, copies)`` pairs, in ``Multiset`` order (:func:`sort_key`)."""
Weights = tuple[tuple[Outcome, int], ...]
"""``(outcome, weight)`` pairs of one question, integer weights over a total kept beside them."""
Value = tuple[Weights, int, Weights, int, bool]
DeckParts = tuple[tuple[str, ...], Pairs, tuple[str, ...]]
"""A deck as the engine walks it: the known top cards, the unknown middle (pairs), the known bottom cards."""
Shifts = Sequence[Outcome]
"""The ``(trade, combat, destroys)`` to add to a value's outcomes, playing for Trade and playing for Combat."""

REL_BASES, REL_BLOB, REL_SHIPS, REL_TARGETS = 1 << 20, 1 << 21, 1 << 22, 1 << 23


@lru_cache(maxsize=None)
def sort_key(label: str) -> str:
    """The ``Multiset`` order of a card label (items sort by their repr)."""
    return repr(label)


def pairs_add(pairs: Pairs, item: str, n: int = 1) -> Pairs:
    k = sort_key(item)
    for i, (x, c) in enumerate(pairs):
        if x == item:
            return pairs[:i] + ((x, c + n),) + pairs[i + 1:]
        if sort_key(x) > k:
            return pairs[:i] + ((item, n),) + pairs[i:]
    return pairs + ((item, n),)


def pairs_remove(pairs: Pairs, item: str, n: int = 1) -> Pairs:
    for i, (x, c) in enumerate(pairs):
        if x == item:
            if c > n:
                return pairs[:i] + ((x, c - n),) + pairs[i + 1:]
            if c == n:
                return pairs[:i] + pairs[i + 1:]
            break
    raise ValueError(f"cannot remove {n} x {item!r} from {pairs!r}")


def pairs_minus(pairs: Pairs, taken: Pairs) -> Pairs:
    """``pairs - taken`` for sorted ``(item, count)`` pairs (``taken`` contained in ``pairs``)."""
    out = []
    got = dict(taken)
    for x, c in pairs:
        c -= got.pop(x, 0)
        if c > 0:
            out.append((x, c))
        elif c < 0:
            raise ValueError(f"cannot remove {taken!r} from {pairs!r}")
    if got:
        raise ValueError(f"cannot remove {taken!r} from {pairs!r}")
    return tuple(out)


def merge_pairs(a: Pairs, b: Pairs) -> Pairs:
    """``a + b`` for sorted ``(item, count)`` pairs, in the same order (``Multiset`` order)."""
    if not a:
        return b
    if not b:
        return a
    out = dict(a)
    for x, c in b:
        out[x] = out.get(x, 0) + c
    return tuple(sorted(out.items(), key=lambda kv: sort_key(kv[0])))


class TurnState:
    """One turn state: the hand, an abstract board, the draws owed, the deck, the discard pile, the pools.

    The board keeps what the rest of the turn can depend on: ``P`` the factions (bits) of the cards in
    play, ``U`` the cards in play whose ally ability has not fired (each alone of its faction), ``B`` the
    number of bases in play, ``DB`` the deferred bases not used yet ``(label, copies unused)``, ``blob`` the
    count of cards played per faction named by a "draw per faction played" ability, ``bonus`` the Combat
    per ship (Fleet HQ), ``ships`` the ships played, ``targets`` the ships in play a copy could take.
    The pools are kept per question: ``t0 c0 d0`` (Trade, Combat, destroys) playing for Trade, ``t1 c1 d1``
    playing for Combat.
    """

    __slots__ = ("hand", "P", "U", "B", "DB", "blob", "bonus", "ships", "targets", "pending", "deck", "discard",
                 "t0", "c0", "d0", "t1", "c1", "d1")
    hand: Pairs
    P: int
    U: tuple[str, ...]
    B: int
    DB: Pairs
    blob: tuple[int, ...]
    bonus: int
    ships: int
    targets: frozenset[str]
    pending: int
    deck: DeckParts
    discard: Pairs
    t0: int
    c0: int
    d0: int
    t1: int
    c1: int
    d1: int

    def copy(self) -> "TurnState":
        new = TurnState.__new__(TurnState)
        new.hand, new.P, new.U, new.B, new.DB = self.hand, self.P, self.U, self.B, self.DB
        new.blob, new.bonus, new.ships, new.targets = self.blob, self.bonus, self.ships, self.targets
        new.pending, new.deck, new.discard = self.pending, self.deck, self.discard
        new.t0, new.c0, new.d0, new.t1, new.c1, new.d1 = self.t0, self.c0, self.d0, self.t1, self.c1, self.d1
        return new


def shift(pairs: Weights, dt: int, dc: int, dd: int) -> Weights:
    if not (dt or dc or dd):
        return pairs
    return tuple(((a + dt, b + dc, c + dd), w) for (a, b, c), w in pairs)


def mix(kids: Sequence[tuple[int, tuple[Any, ...], Shifts]], which: int) -> tuple[dict[Outcome, int], int]:
    """``sum(n * pairs / total)`` over the kids ``(n, value, shifts)`` for one question.

    Each kid's value is a :data:`Value`, typed here as a plain tuple: it is read at the question's places
    (``p``, ``q``), worked out at run time, which a type checker cannot follow."""
    p, q, s = (0, 1, 1) if which == 0 else (2, 3, 4)
    common = lcm(*[k[1][q] for k in kids])
    out: dict[Outcome, int] = {}
    get = out.get
    for n, value, shifts in kids:
        f = n * (common // value[q])
        dt, dc, dd = shifts[which]
        for (a, b, c), w in value[p]:
            o = (a + dt, b + dc, c + dd)
            out[o] = get(o, 0) + f * w
    return out, common


def combine_values(parts: list[tuple[int, Value, Shifts]]) -> Value:
    """``sum(ways * value)``, each value's outcomes shifted, as one value (integer weights, one total each).

    Parts with the same value and shifts (many hands end the turn without drawing) are added up first.
    """
    grouped: dict[tuple[object, ...], list[Any]] = {}  # by (id(value), *shifts)
    for ways, value, shifts in parts:
        k = (id(value), *shifts)
        found = grouped.get(k)
        if found is None:
            grouped[k] = [ways, value, shifts]
        else:
            found[0] += ways
    if not grouped:
        return ((), 1, (), 1, False)
    combined: list[Any] = []
    for which in (0, 1):
        p, q = 2 * which, 2 * which + 1
        common = lcm(*[value[q] for _, value, _ in grouped.values()])
        out: dict[Outcome, int] = {}
        get = out.get
        for ways, value, shifts in grouped.values():
            f = ways * (common // value[q])
            dt, dc, dd = shifts[which]
            for (a, b, c), w in value[p]:
                o = (a + dt, b + dc, c + dd)
                out[o] = get(o, 0) + f * w
        combined += [tuple(out.items()), common]
    return (combined[0], combined[1], combined[2], combined[3], False)
