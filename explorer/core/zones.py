"""Zones shared by the games: a deck with known and unknown parts, and a bag.

A deck is a known top (cards seen or placed there, top first), an unknown
middle kept as a multiset, and a known bottom (cards put under the deck, in
order from the top of that part down). Drawing from the unknown middle is a
chance node over card *kinds* weighted by count, never over orderings; a
shuffle moves everything into the middle.

A bag needs no class of its own: it is a :class:`Multiset`, and drawing ``n``
tokens from it is one chance node, :func:`explorer.core.chance.multiset_draws`.

>>> deck = Deck.shuffled({"Scout": 8, "Viper": 2})
>>> [(card, str(p)) for card, p in deck.draw_outcomes()]
[('Scout', '4/5'), ('Viper', '1/5')]
>>> len(deck.after_draw("Viper")), deck.put_on_top("Explorer").draw_outcomes()
(9, (('Explorer', Fraction(1, 1)),))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from fractions import Fraction
from typing import Any

from explorer.core.chance import fraction, multiset_draws
from explorer.core.frozen import share_keys
from explorer.core.multiset import Multiset


@dataclass(frozen=True)
class Deck:
    """An immutable deck: ``top`` (known, top first), ``middle`` (unknown order), ``bottom`` (known)."""

    top: tuple[Any, ...] = ()
    middle: Multiset = field(default_factory=Multiset)
    bottom: tuple[Any, ...] = ()

    @classmethod
    def shuffled(cls, cards: Mapping[Hashable, int] | Iterable[Hashable] | Multiset) -> "Deck":
        """A freshly shuffled deck: every card in the unknown middle."""
        return cls(middle=cards if isinstance(cards, Multiset) else Multiset(cards))

    @classmethod
    def _of(cls, top: tuple[Any, ...], middle: Multiset, bottom: tuple[Any, ...]) -> "Deck":
        """Trusted constructor for this module (parts already of the right types): no ``__init__`` call."""
        new = _NEW(cls)  # the three parts go into the class's shared layout (share_keys below): a third of the memory
        _SET(new, "top", top)
        _SET(new, "middle", middle)
        _SET(new, "bottom", bottom)
        return new

    def __len__(self) -> int:
        return len(self.top) + len(self.middle) + len(self.bottom)

    def __bool__(self) -> bool:
        return bool(self.middle) or bool(self.top) or bool(self.bottom)

    def contents(self) -> Multiset:
        """Every card in the deck, order forgotten (what a player tracking the deck knows)."""
        if not self.top and not self.bottom:
            return self.middle
        return Multiset(self.top) + self.middle + Multiset(self.bottom)

    def draw_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """What the next card can be, with exact probabilities."""
        if self.top:
            return ((self.top[0], Fraction(1)),)
        if self.middle:
            return _middle_outcomes(self.middle)
        if self.bottom:
            return ((self.bottom[0], Fraction(1)),)
        raise ValueError("cannot draw from an empty deck")

    def draw_weights(self) -> tuple[tuple[Any, int], ...]:
        """What the next card can be, with whole weights (``draw_outcomes`` gives them as fractions).

        >>> Deck.shuffled({"Scout": 8, "Viper": 2}).draw_weights(), Deck(top=("Explorer",)).draw_weights()
        ((('Scout', 8), ('Viper', 2)), (('Explorer', 1),))
        """
        if self.top:
            return ((self.top[0], 1),)
        if self.middle:
            return self.middle.items()  # type: ignore[no-any-return]
        if self.bottom:
            return ((self.bottom[0], 1),)
        raise ValueError("cannot draw from an empty deck")

    def after_draw(self, card: Any) -> "Deck":
        """The deck after ``card`` was drawn from the top; ``ValueError`` if it cannot be next."""
        if self.top:
            if self.top[0] != card:
                raise ValueError(f"the top card is {self.top[0]!r}, not {card!r}")
            return Deck._of(self.top[1:], self.middle, self.bottom)
        if self.middle:
            return Deck._of((), _less_one(self.middle, card), self.bottom)
        if self.bottom and self.bottom[0] == card:
            return Deck._of((), self.middle, self.bottom[1:])
        raise ValueError(f"{card!r} cannot be drawn from this deck")

    def draw_many_outcomes(self, n: int) -> tuple[tuple[Multiset, Fraction], ...]:
        """What ``n`` cards drawn together can be, as multisets with exact probabilities.

        Known top cards come first, then a multiset draw from the unknown middle,
        then known bottom cards.
        """
        if not 0 <= n <= len(self):
            raise ValueError(f"cannot draw {n} cards from a deck of {len(self)}")
        from_top = self.top[:n]
        from_middle = min(n - len(from_top), len(self.middle))
        from_bottom = self.bottom[: n - len(from_top) - from_middle]
        known = Multiset(from_top) + Multiset(from_bottom)
        return tuple((known + m, p) for m, p in multiset_draws(self.middle, from_middle))

    def after_draw_many(self, drawn: Multiset) -> "Deck":
        """The deck after the multiset ``drawn`` (an outcome of ``draw_many_outcomes``) was drawn."""
        n = len(drawn)
        from_top = self.top[:n]
        from_middle = min(n - len(from_top), len(self.middle))
        k_bottom = n - len(from_top) - from_middle
        known = Multiset(from_top) + Multiset(self.bottom[:k_bottom])
        if not known <= drawn:
            raise ValueError(f"{drawn} cannot be the next {n} cards of this deck")
        return Deck(self.top[len(from_top):], self.middle - (drawn - known), self.bottom[k_bottom:])

    def put_on_top(self, card: Any) -> "Deck":
        return Deck._of((card,) + self.top, self.middle, self.bottom)

    def put_on_bottom(self, card: Any) -> "Deck":
        return Deck._of(self.top, self.middle, self.bottom + (card,))

    def shuffle_in(self, cards: Multiset | Iterable[Hashable]) -> "Deck":
        """Shuffle ``cards`` and this whole deck together: all order knowledge is lost."""
        extra = cards if isinstance(cards, Multiset) else Multiset(cards)
        return Deck(middle=self.contents() + extra)

    def __str__(self) -> str:
        parts = []
        if self.top:
            parts.append("top: " + ", ".join(map(str, self.top)))
        if self.middle:
            parts.append(f"{len(self.middle)} unknown ({self.middle})")
        if self.bottom:
            parts.append("bottom: " + ", ".join(map(str, self.bottom)))
        return f"Deck of {len(self)}" + (" — " + "; ".join(parts) if parts else " (empty)")


_NEW = object.__new__
_SET = object.__setattr__
share_keys(Deck)  # a deck is kept in every position of a match: one shared table of names for all of them


@lru_cache(maxsize=16_384)
def _less_one(middle: Multiset, card: Any) -> Multiset:
    """``middle.remove(card)``, remembered: the same piles lose the same cards game after game (a draw is the
    commonest step of a deck-builder), and the pile made once has its hash worked out for the next draw's
    look-up already."""
    return middle.remove(card)


def _middle_outcomes(middle: Multiset) -> tuple[tuple[Any, Fraction], ...]:
    """The next card of a shuffled pile, by kind (the few distinct probabilities are remembered)."""
    total = len(middle)
    return tuple((card, fraction(n, total)) for card, n in middle.items())
