"""The turn model behind the Star Realms odds: what one hand is worth, exactly.

A turn is evaluated on *compositions*, never on orderings. The state of a turn
is the cards in play (labels; a Stealth Needle copying X is ``"Stealth Needle>X"``),
which ally abilities have fired, the pools, how many cards are still owed by
draw effects, the deck (known top, unknown middle) and the discard pile (shuffled
into a new deck when a draw finds the deck empty). Chance nodes are single-card
draws weighted by count; values are ``Fraction`` throughout.

The play policy (the same one the brute-force tests drive through the real rules):

* every card in hand is played and every base in play is used, except a primary
  with a mandatory "scrap a card from hand" (Machine Base), which is not used;
* ally abilities fire as soon as their condition holds (as in the rules);
* a choice between plain resources (``+3 Trade or +5 Combat``) takes the option
  worth most for the question asked (ties: the other resource, then the first);
* cards whose value depends on when they are played wait until nothing else is
  left to play: ``copy another ship`` (Stealth Needle), ``draw if 2+ bases``
  (Embassy Yacht), and choices that involve drawing (Blob World); among those the
  player takes the order and option with the best *expected* value for the
  question (expectimax), since they cannot see the deck;
* optional scraps, discards and hand cycling ("discard / scrap up to N then draw
  that many") are declined; scrap abilities of cards in play are not used; the
  Blob Carrier ship put on top of the deck is not drawn this turn.

:class:`Model` states this policy on ``Multiset`` turn states (the sampled
fallback plays turns with it). :class:`Engine` computes the same values exactly
and fast: plain tuples, both questions in one walk (a choice between plain
resources only changes the pools), values relative to the pools, and memo keys
that keep only what the rest of the turn can still read (see
:meth:`Engine.value`); values that never reached the discard pile are kept
without it, so a bought card recomputes only the turns that reshuffle.

>>> import explorer
>>> from explorer.core import Deck, Multiset
>>> game = explorer.load_game("star_realms")
>>> dist = evaluate(game, "combat", Multiset({"Blob Fighter": 2}), (), Deck.shuffled({"Viper": 1}), Multiset())
>>> dist  # two Blob Fighters: 3 + 3 Combat, each ally draws a card (only one Viper left)
{(0, 7, 0): Fraction(1, 1)}
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from explorer.core import Deck, Multiset
from explorer.games.star_realms.odds.engine import Engine
from explorer.games.star_realms.odds.model import (DRAW_KINDS, OBJECTIVES, Model, Outcome, TooLarge, Turn, definition,
                                                   model, start, with_scraps)
from explorer.games.star_realms.odds.tuples import Pairs, merge_pairs, pairs_minus

# The reference model, the exact engine and its tuples live in odds.model, odds.engine and odds.tuples; their
# public names are re-exported here, where the odds (and the tests) have always found them.
__all__ = ["DRAW_KINDS", "OBJECTIVES", "Engine", "Model", "Outcome", "TooLarge", "Turn", "definition", "engine",
           "evaluate", "merge_pairs", "model", "pairs_minus", "play_sampled", "sample_card", "sample_turn", "start"]


@lru_cache(maxsize=16)
def engine(game: Any, scraps: bool = False) -> Engine:
    """One shared exact evaluator (and its memo) per game; ``scraps``: scrap abilities for Combat are played."""
    return Engine(game, cards=with_scraps(game.cards) if scraps else None)


def evaluate(game: Any, objective: str, hand: Multiset[str], bases: tuple[str, ...], deck: Deck,
             discard: Multiset[str]) -> dict[Outcome, Fraction]:
    """The exact outcome distribution of a turn starting with ``hand`` (see the module policy)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    e = engine(game)
    if e.size() > e.budget // 2:
        e.clear()
    # the bags hold card names (``Multiset.items`` is typed ``Hashable`` whatever a bag holds)
    value, *shifts = e.root(cast(Pairs, hand.items()), cast(Pairs, Multiset(bases).items()),
                            (deck.top, cast(Pairs, deck.middle.items()), deck.bottom), cast(Pairs, discard.items()))
    which = 0 if objective == "trade" else 1
    pairs, total = value[2:4] if which else value[:2]
    dt, dc, dd = shifts[which]
    return {(a + dt, b + dc, c + dd): Fraction(w, total) for (a, b, c), w in pairs}


def play_sampled(m: Model, t: Turn, rng: Any, pick: Callable[[list[Turn]], Turn] | None = None) -> Turn:
    """The turn ``t`` played to its end under ``m``'s policy, each card owed by a draw sampled (:func:`sample_card`).

    The discard pile is shuffled into a new deck when a draw finds the deck empty (a draw with neither is
    lost). A waiting card is decided by ``pick`` among :meth:`Model.decisions`; by default greedily, the
    option worth most for ``m``'s question now (Trade, Combat and the cards still owed). Returns the last
    state, nothing left to play. The one sampled way through a turn: the estimate's turns
    (:func:`sample_turn`), the buy comparison's later turns and the rest of this turn when it is too large
    to play out exactly (:meth:`.odds.position.RestOfTurn.sample`) all play it.

    >>> import explorer
    >>> from explorer.core.rng import new_generator
    >>> m = model(explorer.load_game("star_realms"), "combat")
    >>> t = play_sampled(m, start(m, Multiset({"Blob Fighter": 2}), (), Deck.shuffled({"Viper": 1}), Multiset()),
    ...                  new_generator(1))
    >>> sorted(t.inplay.items()), t.combat, t.pending
    ([('Blob Fighter', 2), ('Viper', 1)], 7, 0)
    """
    while True:
        t = m.play_simple(t)
        if t.pending:
            deck, discard = t.deck, t.discard
            if not deck:
                if not discard:
                    t = t._replace(pending=0)
                    continue
                deck, discard = Deck.shuffled(discard), Multiset()
            card = sample_card(deck, rng)
            t = t._replace(hand=t.hand.add(card), deck=deck.after_draw(card), discard=discard, pending=t.pending - 1)
            continue
        options = m.decisions(t)
        if not options:
            return t
        if pick is not None:
            t = pick(options)
        else:
            t = max(options, key=lambda s: m.key(s.trade, s.combat + s.pending, s.destroys))


def sample_turn(m: Model, t: Turn, rng: Any) -> Outcome:
    """One sampled turn of the model ``m`` (chance sampled, waiting cards decided greedily): the estimate's fallback."""
    return m.outcome(play_sampled(m, t, rng))


def sample_card(deck: Deck, rng: Any) -> str:
    """One card drawn from ``deck`` (a known top or bottom first, else uniformly from the middle)."""
    if deck.top:
        return deck.top[0]
    if deck.middle:
        pick = int(rng.integers(0, len(deck.middle)))
        for card, n in cast(Pairs, deck.middle.items()):  # a deck of card names
            if pick < n:
                return card
            pick -= n
    return deck.bottom[0]
