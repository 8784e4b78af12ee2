"""Zones shared by the games: a deck with known and unknown parts, a deck dealt from a pool, and a bag.

A deck is a known top (cards seen or placed there, top first), an unknown
middle kept as a multiset, and a known bottom (cards put under the deck, in
order from the top of that part down). Drawing from the unknown middle is a
chance node over card *kinds* weighted by count, never over orderings; a
shuffle moves everything into the middle.

A deck dealt at random from a bigger set, the rest set aside unseen (a player
knows its size and the set, not its cards), is a :class:`DealtDeck`.

A bag needs no class of its own: it is a :class:`Multiset`, and drawing ``n``
tokens from it is one chance node, :func:`explorer.core.chance.multiset_draws`.

>>> deck = Deck.shuffled({"Scout": 8, "Viper": 2})
>>> [(card, str(p)) for card, p in deck.draw_outcomes()]
[('Scout', '4/5'), ('Viper', '1/5')]
>>> len(deck.after_draw("Viper")), deck.put_on_top("Explorer").draw_outcomes()
(9, (('Explorer', Fraction(1, 1)),))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from math import comb, gcd
from fractions import Fraction
from typing import Any

from explorer.core.chance import draw_below, fraction, multiset_draws, weighted_node
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
            return self.middle.items()
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


class DeckNodes:
    """The next card of a :class:`Deck` as a chance node of the game's outcome actions, remembered by the deck's parts.

    A game asks for the same decks rollout after rollout (every game starts from one deck), and handing back
    the very same tuple also lets :func:`~explorer.core.chance.sample_outcome` find its plan at once. A new
    deck's node is made from its kinds' outcome actions (remembered apart: a deck keeps its kinds for many
    draws) and its counts, without a Python step per card (:func:`~explorer.core.chance.weighted_node`),
    which gives the very outcomes and plan of ``deck.draw_outcomes()``. ``outcome(kind, card)`` makes one
    outcome action; ``kind`` tells draws from reveals and the like.

    >>> from explorer.core.actions import Action
    >>> nodes = DeckNodes(lambda kind, card: Action(kind, (card,)))
    >>> deck = Deck.shuffled({"Scout": 8, "Viper": 2})
    >>> [(str(a), str(p)) for a, p in nodes("draw", deck)]
    [('draw Scout', '4/5'), ('draw Viper', '1/5')]
    >>> nodes("draw", deck) is nodes("draw", Deck.shuffled({"Scout": 8, "Viper": 2}))
    True
    """

    def __init__(self, outcome: Callable[[str, Any], Any], remembered: int = 8192) -> None:
        self._outcome = outcome
        self._remembered = remembered
        self._nodes: dict[tuple[str, tuple[Any, ...], Multiset, tuple[Any, ...]], tuple[tuple[Any, Fraction], ...]] = {}
        self._actions = lru_cache(maxsize=remembered)(self._kinds)
        self._one = lru_cache(maxsize=remembered)(outcome)  # one outcome action by kind and card (``sample``)

    def _kinds(self, kind: str, cards: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple([self._outcome(kind, card) for card in cards])

    def __call__(self, kind: str, deck: Deck) -> tuple[tuple[Any, Fraction], ...]:
        key = (kind, deck.top, deck.middle, deck.bottom)  # hashing the parts skips a Deck hash per draw
        found = self._nodes.get(key)
        if found is None:
            if len(self._nodes) >= self._remembered:  # forget the older half: the opening decks come back
                for old in list(islice(self._nodes, self._remembered // 2)):
                    del self._nodes[old]
            cards, counts = zip(*deck.draw_weights())
            found = self._nodes[key] = weighted_node(self._actions(kind, cards), counts)
        return found

    def sample(self, kind: str, deck: Deck, rng: Any) -> Any:
        """The outcome ``sample_outcome(self(kind, deck), rng)`` picks, with the very same draws from ``rng``,
        without making the node: a rollout samples a deck's next card hundreds of times a game, and most
        of those decks are new mixes whose node (a fraction per kind) would be made for one draw only.

        The pick is the node's own plan worked out from the counts: one number below ``total / gcd`` of
        the counts (none when the next card is known), then the first kind whose running count, over that
        common factor, passes it. ``tests/core/test_zones.py`` checks the two agree draw for draw.

        >>> from explorer.core.actions import Action
        >>> from explorer.core.chance import sample_outcome
        >>> from explorer.core.rng import new_generator
        >>> nodes = DeckNodes(lambda kind, card: Action(kind, (card,)))
        >>> deck = Deck.shuffled({"Scout": 8, "Viper": 2})
        >>> a, b = new_generator(3), new_generator(3)
        >>> picks = [nodes.sample("draw", deck, a) for _ in range(6)]
        >>> picks == [sample_outcome(nodes("draw", deck), b) for _ in range(6)]
        True
        """
        if deck.top:
            card = deck.top[0]
        elif deck.middle:
            pairs = deck.middle.items()
            card = pairs[0][0]
            if len(pairs) > 1:
                common = gcd(*[n for _, n in pairs])
                ticket = draw_below(rng, len(deck.middle) // common)
                running = 0
                for card, n in pairs:  # noqa: B007 - the card reached is the one drawn, read after the break
                    running += n // common
                    if running > ticket:
                        break
        elif deck.bottom:
            card = deck.bottom[0]
        else:
            raise ValueError("cannot draw from an empty deck")
        return self._one(kind, card)


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


@dataclass(frozen=True)
class DealtDeck:
    """A shuffled deck of ``dealt`` cards dealt at random from ``pool``, plus ``known`` cards shuffled in.

    What a player knows of a deck built from a bigger set whose other cards went back to the box
    unseen: its size and the set it came from, never which cards it holds. ``pool`` keeps the whole
    set (the dealt cards and the ``len(pool) - dealt`` set aside, which no draw can reach), so the
    cards are conserved. Each draw is uniform over the deck's cards: a known card weighs its count, a
    pool card its share of the pool times the cards dealt. A card drawn from the pool leaves the pool
    and the dealt count together (the rest of the deck is then a random deal from the pool that is
    left). ``known`` and ``pool`` share no card, so a drawn card tells which part it came from.

    >>> deck = DealtDeck(Multiset({"Gnat": 1, "Midge": 1, "Dart": 2}), 2)
    >>> len(deck), [(card, str(p)) for card, p in deck.draw_outcomes()]
    (2, [('Dart', '1/2'), ('Gnat', '1/4'), ('Midge', '1/4')])
    >>> after = deck.after_draw("Dart")
    >>> len(after), after.set_aside(), [(card, str(p)) for card, p in after.draw_outcomes()]
    (1, 2, [('Dart', '1/3'), ('Gnat', '1/3'), ('Midge', '1/3')])
    """

    pool: Multiset
    dealt: int
    known: Multiset = field(default_factory=Multiset)

    def __post_init__(self) -> None:
        if not 0 <= self.dealt <= len(self.pool):
            raise ValueError(f"cannot deal {self.dealt} cards from a pool of {len(self.pool)}")
        shared = [card for card in self.known.kinds() if card in self.pool]
        if shared:
            raise ValueError(f"{', '.join(map(repr, shared))} both known to be in the deck and in its pool: "
                             "a drawn card could not tell which part it came from")

    def __len__(self) -> int:
        return self.dealt + len(self.known)

    def __bool__(self) -> bool:
        return self.dealt > 0 or bool(self.known)

    def set_aside(self) -> int:
        """How many cards of the pool are set aside, out of reach of every draw."""
        return len(self.pool) - self.dealt

    def possible(self) -> Multiset:
        """Every card that may be in the deck: the known ones and the whole pool (set-aside cards included)."""
        return self.known + self.pool

    def draw_weights(self) -> tuple[tuple[Any, int], ...]:
        """What the next card can be, with whole weights: a known card ``count * len(pool)``, a pool card
        ``count * dealt`` (out of ``len(self) * len(pool)``).

        >>> DealtDeck(Multiset({"Gnat": 1, "Dart": 2}), 1, Multiset({"Hydra": 1})).draw_weights()
        (('Hydra', 3), ('Dart', 2), ('Gnat', 1))
        """
        if not self:
            raise ValueError("cannot draw from an empty deck")
        n = len(self.pool) or 1
        known = tuple((card, k * n) for card, k in self.known.items())
        return known + tuple((card, k * self.dealt) for card, k in self.pool.items() if self.dealt)

    def draw_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """What the next card can be, with exact probabilities (see :meth:`draw_weights`)."""
        weights = self.draw_weights()
        total = len(self) * (len(self.pool) or 1)
        return tuple((card, Fraction(w, total)) for card, w in weights)

    def after_draw(self, card: Any) -> "DealtDeck":
        """The deck after ``card`` was drawn; ``ValueError`` if it cannot be drawn."""
        if card in self.known:
            return DealtDeck(self.pool, self.dealt, self.known.remove(card))
        if self.dealt and card in self.pool:
            return DealtDeck(self.pool.remove(card), self.dealt - 1, self.known)
        raise ValueError(f"{card!r} cannot be drawn from this deck")

    def draw_many_outcomes(self, n: int) -> tuple[tuple[Multiset, Fraction], ...]:
        """What ``n`` cards drawn together can be, as multisets with exact probabilities.

        ``j`` of them are known cards with chance C(known, j) C(dealt, n - j) / C(len, n); the known
        ones are a draw of ``j`` from ``known``, the others a draw of ``n - j`` from the whole pool.

        >>> [(str(m), str(p)) for m, p in DealtDeck(Multiset({"Gnat": 1, "Dart": 1}), 1,
        ...                                          Multiset({"Hydra": 1})).draw_many_outcomes(2)]
        [('Dart, Hydra', '1/2'), ('Gnat, Hydra', '1/2')]
        """
        if not 0 <= n <= len(self):
            raise ValueError(f"cannot draw {n} cards from a deck of {len(self)}")
        total = comb(len(self), n)
        out: dict[Multiset, Fraction] = {}
        for j in range(max(0, n - self.dealt), min(n, len(self.known)) + 1):
            p_j = Fraction(comb(len(self.known), j) * comb(self.dealt, n - j), total)
            for from_known, p in multiset_draws(self.known, j):
                for from_pool, q in multiset_draws(self.pool, n - j):
                    drawn = from_known + from_pool
                    out[drawn] = out.get(drawn, Fraction(0)) + p_j * p * q
        return tuple(out.items())

    def after_draw_many(self, drawn: Multiset) -> "DealtDeck":
        """The deck after the multiset ``drawn`` (an outcome of ``draw_many_outcomes``) was drawn."""
        from_known: Multiset = Multiset({card: k for card, k in drawn.items() if card in self.known})
        from_pool = drawn - from_known
        if not (from_known <= self.known and from_pool <= self.pool and len(from_pool) <= self.dealt):
            raise ValueError(f"{drawn} cannot be the next {len(drawn)} cards of this deck")
        return DealtDeck(self.pool - from_pool, self.dealt - len(from_pool), self.known - from_known)

    def shuffle_in(self, cards: Multiset | Iterable[Hashable]) -> "DealtDeck":
        """Shuffle ``cards`` (seen, so known) into the deck: the pool and the dealt count stay."""
        extra = cards if isinstance(cards, Multiset) else Multiset(cards)
        return DealtDeck(self.pool, self.dealt, self.known + extra)

    def __str__(self) -> str:
        known = f"{len(self.known)} known ({self.known}) and " if self.known else ""
        return (f"Deck of {len(self)} — {known}{self.dealt} dealt at random from {len(self.pool)} ({self.pool}), "
                f"{self.set_aside()} set aside")
