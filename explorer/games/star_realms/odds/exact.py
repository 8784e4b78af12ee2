"""The exact walk of a next turn: a start key dealt into every next hand, and the engine summed over them.

:func:`~explorer.games.star_realms.odds.position.start_branches` says how the next
turn can start as keys (``("known", ...)``, ``("hidden", ...)``, ``("draw", ...)``).
Here each key is dealt into the starts it stands for, ``(hand, deck, discard,
ways)`` on the engine's plain tuples (:func:`deal_starts`), and the engine's
values over those starts are summed into exact probabilities of ``(trade,
combat, destroys)`` playing for Trade and for Combat (:func:`exact_outcomes`).

What to ask and how long it may take are not decided here: the questions, the
budget and the answers kept live in :mod:`explorer.games.star_realms.odds`,
which gives this module a deadline and turns its sums into a ``HandOdds``.

>>> from explorer.core import Deck, Multiset
>>> starts, total = deal_starts(("draw", Deck.shuffled({"Scout": 5, "Viper": 2}), Multiset()))
>>> [(hand, ways) for hand, _, _, ways in starts], total   # 5 of 7 cards: 21 ways
([((('Scout', 5),), 1), ((('Scout', 4), ('Viper', 1)), 10), ((('Scout', 3), ('Viper', 2)), 10)], 21)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import gcd, lcm
from time import perf_counter
from typing import Any, cast

from explorer.core import Multiset
from explorer.games.star_realms.odds.engine import Engine
from explorer.games.star_realms.odds.model import Outcome, TooLarge
from explorer.games.star_realms.odds.position import HAND
from explorer.games.star_realms.odds.tuples import Pairs, Shifts, Value, combine_values, merge_pairs, pairs_minus
from explorer.odds import Dist, draw

Start = tuple[tuple, tuple, tuple, int]
"""One start of the next turn: hand pairs, deck as ``(top, middle pairs, bottom)``, discard pairs, ways."""


@lru_cache(maxsize=512)
def deal_starts(key: tuple) -> tuple[tuple[Start, ...], int]:
    """The starts of the next turn ``(hand, deck, discard, ways)`` on plain tuples, and the total of the ways.

    ``key`` is a start key of :func:`~.odds.position.start_branches`: a hand held now (one start), a hand
    partly seen by another seat (the rest from the deck's unknown middle), or 5 cards dealt from the deck
    (reshuffling the pile when the deck holds fewer). Example: the module docstring.
    """
    if key[0] == "known":
        _, hand, deck, discard = key
        return ((hand.items(), (deck.top, deck.middle.items(), deck.bottom), discard.items(), 1),), 1
    if key[0] == "hidden":  # seen by another seat: the known cards, the rest from the deck's unknown middle
        _, known, deck, pile, unseen = key
        drawn = draw(deck.middle, unseen)
        middle = deck.middle.items()
        return tuple((merge_pairs(known.items(), m.items()), (deck.top, pairs_minus(middle, m.items()), deck.bottom),
                      pile.items(), w) for m, w in zip(drawn.outcomes, drawn.weights)), drawn.total
    _, deck, pile = key
    if len(deck) >= HAND:
        from_top = deck.top[:HAND]
        from_middle = min(HAND - len(from_top), len(deck.middle))
        from_bottom = deck.bottom[: HAND - len(from_top) - from_middle]
        known = cast(Pairs, (Multiset(from_top) + Multiset(from_bottom)).items())  # card names
        top, bottom = deck.top[len(from_top):], deck.bottom[len(from_bottom):]
        middle, discard = deck.middle.items(), pile.items()
        drawn = draw(deck.middle, from_middle)
        return tuple((merge_pairs(known, m.items()), (top, pairs_minus(middle, m.items()), bottom), discard, w)
                     for m, w in zip(drawn.outcomes, drawn.weights)), drawn.total
    known = deck.contents().items()
    drawn = draw(pile, min(HAND - len(deck), len(pile)))
    pairs = pile.items()
    return tuple((merge_pairs(known, m.items()), ((), pairs_minus(pairs, m.items()), ()), (), w)
                 for m, w in zip(drawn.outcomes, drawn.weights)), drawn.total


def weighted_dist(probs: dict[Any, Fraction]) -> Dist:
    """A :class:`Dist` from exact probabilities (scaled to whole-number weights).

    >>> weighted_dist({"a": Fraction(1, 3), "b": Fraction(2, 3)}).pmf()
    {'a': Fraction(1, 3), 'b': Fraction(2, 3)}
    """
    common = lcm(*[Fraction(p).denominator for p in probs.values()]) if probs else 1
    weights = {o: int(p * common) for o, p in probs.items() if p}
    g = gcd(*weights.values())
    return Dist({o: w // g for o, w in weights.items()})


def exact_outcomes(e: Engine, key: tuple, bases: tuple[str, ...],
                   deadline: float) -> tuple[dict[Outcome, Fraction], dict[Outcome, Fraction]]:
    """The exact probabilities of ``(trade, combat, destroys)`` playing for Trade and for Combat, from the
    start ``key`` with ``bases`` in play; raises :class:`~.odds.model.TooLarge` past ``deadline``
    (``time.perf_counter()``) or the engine's budget of turn states.

    The probabilities of one key add up to 1 (each start counts its ways out of the total of
    :func:`deal_starts`), so a caller mixing several keys weighs each by its own chance alone: keys dealt
    from decks or piles of different sizes have different totals of ways.

    When the hand is dealt from the deck alone, the starts whose turn never reaches the discard pile
    are summed once per deck and bases and kept: another discard pile (a card bought, see
    :func:`~.odds.buys.compare_buys`) recomputes only the starts that reshuffle it.

    >>> import explorer
    >>> from explorer.core import Deck, Multiset
    >>> from explorer.games.star_realms.odds.hand import engine
    >>> e = engine(explorer.load_game("star_realms"))
    >>> by_trade, _ = exact_outcomes(e, ("draw", Deck.shuffled({"Scout": 5, "Viper": 2}), Multiset()), (), float("inf"))
    >>> by_trade    # 1, 10 and 10 of the 21 ways
    {(5, 0, 0): Fraction(1, 21), (4, 1, 0): Fraction(10, 21), (3, 2, 0): Fraction(10, 21)}
    """
    if e.size() > e.budget // 2:
        e.clear()
    e.deadline = deadline
    starts, ways_in_all = deal_starts(key)
    placed = cast(Pairs, Multiset(bases).items())  # card names
    shared = key[0] == "draw" and len(key[1]) >= HAND
    part = e.partials.get((key[1], placed)) if shared else None
    results: list[tuple[int, Value, Shifts]] = []
    if part is None:
        kept: list[tuple[int, Value, Shifts]] = []
        again: list[Start] = []
        for start in starts:
            hand, deck, discard, ways = start
            if perf_counter() > deadline:
                raise TooLarge("out of time")
            value, *shifts = e.root(hand, placed, deck, discard)
            if value[4]:  # reached the discard pile: depends on it
                again.append(start)
            else:
                kept.append((ways, value, shifts))
            results.append((ways, value, shifts))
        if shared:
            e.partials[(key[1], placed)] = (combine_values(kept), again)
    else:
        combined, again = part
        results.append((1, combined, ((0, 0, 0), (0, 0, 0))))
        discard = key[2].items()
        for hand, deck, _, ways in again:
            if perf_counter() > deadline:
                raise TooLarge("out of time")
            value, *shifts = e.root(hand, placed, deck, discard)
            results.append((ways, value, shifts))
    final = combine_values(results)  # weights over the ways of dealing: out of ways_in_all times each total
    return ({o: Fraction(w, final[1] * ways_in_all) for o, w in final[0]},
            {o: Fraction(w, final[3] * ways_in_all) for o, w in final[2]})


def clear() -> None:
    """Forget the dealt starts (:func:`explorer.games.star_realms.odds.cache_clear`)."""
    deal_starts.cache_clear()
