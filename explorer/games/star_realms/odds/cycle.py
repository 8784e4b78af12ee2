"""When a named card reaches the hand: the draw / discard / reshuffle cycle, exactly, on compositions.

Only three classes of card matter: the card asked about (``T``), other bases
(``B``: once drawn they are played and stay in play) and everything else
(``O``: discarded at the end of the turn). Assumes no purchases and exactly 5
cards drawn per turn (draw abilities ignored). Timing as in
:mod:`explorer.games.star_realms.odds`: turn 1 is the next hand.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> p_card_within(s, 0, "Viper", 3)
Fraction(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.checks import whole_number
from explorer.games.star_realms.odds.position import check_position, deal, start_branches


def _classes(state: Any, card: str, names: Any) -> Multiset:
    return Multiset(_label(state, card, c) for c in names)


def _label(state: Any, card: str, name: str) -> str:
    if name == card:
        return "T"
    return "B" if state.card(name).is_base else "O"


@lru_cache(maxsize=256)
def survival(key: tuple, horizon: int) -> tuple[Fraction, ...]:
    """``S[t]`` = P(the card is in none of the next ``t`` hands), t = 0..horizon (classes T / B / O)."""
    survive = [Fraction(1)]
    if key[0] == "known":
        _, hand, deck, discard = key
        if "T" in hand:
            return tuple([Fraction(1)] + [Fraction(0)] * horizon)
        layer = {(deck, discard + hand.remove("B", hand.count("B"))): Fraction(1)}
        survive.append(Fraction(1))
    else:
        _, deck, pile = key
        layer = {(deck, pile): Fraction(1)}
    while len(survive) <= horizon:
        nxt: dict[tuple[Deck, Multiset], Fraction] = {}
        for (deck, pile), p in layer.items():
            for hand, deck2, pile2, q in deal(deck, pile):
                if "T" in hand:
                    continue
                state = (deck2, pile2 + hand.remove("B", hand.count("B")))
                nxt[state] = nxt.get(state, 0) + p * q
        layer = nxt
        survive.append(sum(layer.values(), Fraction(0)))
        if not layer:
            survive += [Fraction(0)] * (horizon + 1 - len(survive))
    return tuple(survive[: horizon + 1])


def _class_key(state: Any, key: tuple, card: str) -> tuple:
    def lab(ms: Multiset) -> Multiset:
        return _classes(state, card, ms)

    deck = key[-2] if key[0] == "draw" else key[2]
    cdeck = Deck(tuple(_label(state, card, c) for c in deck.top), lab(deck.middle),
                 tuple(_label(state, card, c) for c in deck.bottom))
    if key[0] == "draw":
        return ("draw", cdeck, lab(key[2]))
    return ("known", lab(key[1]), cdeck, lab(key[3]))


def survival_of(state: Any, player: int, card: str, horizon: int, extra: Multiset = Multiset()) -> tuple[Fraction, ...]:
    """``S[t]`` = P(``card`` is in none of ``player``'s next ``t`` hands), over every way this turn can end.

    ``extra`` joins the discard pile at the end of this turn (a card bought).
    """
    out = [Fraction(0)] * (horizon + 1)
    for weight, key, _ in start_branches(state, player, extra=extra):
        for t, s in enumerate(survival(_class_key(state, key, card), horizon)):
            out[t] += weight * s
    return tuple(out)


def p_card_within(state: Any, player: int, card: str, turns: int) -> Fraction:
    """P(a copy of ``card`` is in ``player``'s hand at the start of one of their next ``turns`` turns).

    Exact over the draw / discard / reshuffle cycle, on compositions (the card,
    other ships, other bases: drawn bases stay in play). Assumes no purchases and
    exactly 5 cards drawn per turn (draw abilities ignored). Turn 1 is the next
    hand (timing: module docstring).

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> p_card_within(s, 0, "Viper", 1), p_card_within(s, 0, "Viper", 2)
    (Fraction(20, 21), Fraction(1, 1))
    """
    check_position(state, player)
    whole_number("turns", turns, 0, None, ValueError)
    return 1 - survival_of(state, player, card, turns)[turns]


@dataclass(frozen=True)
class TurnsUntil:
    """When ``card`` first reaches the hand: ``by_turn[t-1]`` = P(first at turn t), up to the horizon.

    ``by_turn`` stops early once the card is certain to have come.

    ``expected`` is exact when ``remainder`` (P(not by the horizon)) is 0; else it
    is ``None`` and ``partial`` = sum of t * P(first at turn t) over the horizon.
    """

    expected: Fraction | None
    by_turn: tuple[Fraction, ...]
    remainder: Fraction
    partial: Fraction
    horizon: int


def expected_turns_until(state: Any, player: int, card: str, horizon: int = 40) -> TurnsUntil:
    """The exact expected number of turns until ``card`` is in ``player``'s starting hand (1 = next hand).

    Same model and assumptions as :func:`p_card_within`. Without purchases every
    card of the draw cycle comes round, so the answer is exact within a short
    horizon; a card outside the cycle (a base in play, a card not owned) gives
    ``expected=None`` and ``remainder=1``.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> expected_turns_until(s, 0, "Viper").expected
    Fraction(22, 21)
    """
    check_position(state, player)
    return turns_until(survival_of(state, player, card, horizon), horizon)


def turns_until(survive: tuple[Fraction, ...], horizon: int) -> TurnsUntil:
    """When a card comes, from ``survive[t]``: the chance it has not come within ``t`` turns (``survive[0]`` is 1).

    >>> turns_until((Fraction(1), Fraction(1, 2), Fraction(0)), 2).expected
    Fraction(3, 2)
    """
    by_turn = tuple(survive[t - 1] - survive[t] for t in range(1, horizon + 1))
    while len(by_turn) > 1 and by_turn[-1] == 0 and survive[len(by_turn)] == 0:
        by_turn = by_turn[:-1]
    partial = sum((t * p for t, p in enumerate(by_turn, start=1)), Fraction(0))
    remainder = survive[horizon]
    return TurnsUntil(partial if remainder == 0 else None, by_turn, remainder, partial, horizon)


