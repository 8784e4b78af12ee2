"""Exact odds for Star Realms: the next hand, its Trade and Combat, a card's arrival, lethal, buys.

Everything is conditioned on what ``player`` knows: their own deck's composition
(not its order, except a known top), their discard pile and their bases. Answers
are exact (``Fraction``, :class:`~explorer.odds.Dist` with integer weights) and
cached by composition.

**Timing.** "The next hand" is the hand a player *starts their next turn with*:

* for a player of the turn group now moving (``player in state.members()``): the 5
  cards drawn at the end of this turn, after this turn's discard phase, so the
  discard pile the draw may reshuffle is ``discard + hand + ships in play`` (bases
  stay in play); cards bought later this turn are not included unless asked
  (:func:`compare_buys`);
* for any other player: the hand they hold now (they drew it at the end of their
  last turn), which they know.

During that turn the cards drawn by abilities come from what is left of the deck,
reshuffling the discard pile when it runs out (the play policy is described in
:mod:`explorer.games.star_realms.odds.hand`). The position must have no effect
waiting to resolve (``state.queue`` empty).

This package is where callers ask the questions (``from explorer.games.star_realms import odds``): it
sets their budget, forgets their answers and re-exports every public name of the modules that answer
them, one module per concept. The engine (the budget, the next hand, Trade and Combat) is
:mod:`.odds.next_turn`; the other questions live in their own modules, built on it: a card's arrival
(:mod:`.odds.cycle`), lethal (:mod:`.odds.lethality`), the buy comparison (:mod:`.odds.buys`), what a
seat knows of another's hand and the discards it may be forced to make (:mod:`.odds.knowledge`). Under
them: where a question starts (:mod:`.odds.position`), the exact walk over the next hands
(:mod:`.odds.exact`), the turn model (:mod:`.odds.hand`, stated plainly in :mod:`.odds.model`, evaluated
fast by :mod:`.odds.engine` on :mod:`.odds.tuples` with each card's data from :mod:`.odds.cards`) and the
estimate past the budget (:mod:`.odds.sampled`). Each of them imports the engine or the modules under it,
none imports this package's own names, so the odds import in one direction.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> odds = trade_and_combat(s, 1)    # player 2 is not moving: their hand (5 Scouts) is known
>>> odds.trade.pmf(), odds.exact
({5: Fraction(1, 1)}, True)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from explorer.games.star_realms.odds import buys, cycle, exact, hand, next_turn, position
from explorer.games.star_realms.odds.next_turn import (ASSUMES, POLICY_NOTE, SCRAPS_DECLINED, SCRAPS_USED, Budget,
                                                       HandOdds, answer, estimated_odds, exact_odds, next_hand)
from explorer.games.star_realms.odds.buys import BuyCycle, BuyOdds, buyable, compare_buys, compare_buys_over_cycle
from explorer.games.star_realms.odds.cycle import TurnsUntil, expected_turns_until, p_card_within
from explorer.games.star_realms.odds.exact import weighted_dist
from explorer.games.star_realms.odds.knowledge import ForcedDiscards, Seen, forced_discards, known_in_hand, seen_by
from explorer.games.star_realms.odds.lethality import LethalOdds, lethal
from explorer.games.star_realms.odds.position import cards_to_draw, check_position


def trade_and_combat(state: Any, player: int, *, viewer: int | None = None, known: Any = None) -> HandOdds:
    """Trade and Combat ``player`` will have from their next hand (timing: module docstring).

    Counts the primary abilities of every card played, ally abilities (cards drawn
    together and bases still in play), bases in play, Fleet HQ, and the cards
    drawn by abilities, exactly, by recursion over what is left of the deck.
    Choices ``+X Trade or +Y Combat`` take the maximising option *per question*.
    Past the time and memory budget (:data:`BUDGET`) the answer is a seeded
    sample, ``exact=False``, with the interval in ``estimate`` and the notes.
    With ``viewer`` (another seat), the hand is what ``viewer`` knows of it
    (:func:`~.odds.knowledge.seen_by`: ``known`` cards of it known, the rest
    unseen); the notes say so, and name the discards the seats moving before
    that turn may force on ``player`` (:func:`~.odds.knowledge.forced_discards`).

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> odds = trade_and_combat(s, 0)    # the 5 of a deck of 5 Scouts and 2 Vipers
    >>> odds.trade.pmf()[5], odds.combat.at_least(1), odds.joint.p((3, 2))
    (Fraction(1, 21), Fraction(20, 21), Fraction(10, 21))
    """
    check_position(state, player, while_drawing=True)
    drawing = cards_to_draw(state, player)
    seen = None if drawing else seen_by(state, player, viewer, known)
    found = answer(state, player, seen=seen)
    forced = forced_discards(state, player, while_drawing=True)
    extra = ((seen.note,) if seen is not None else ()) + ((forced.note,) if forced.sources else ())
    if drawing:
        extra += (f"asked while player {player + 1}'s hand is being drawn ({drawing} card"
                  f"{'' if drawing == 1 else 's'} to come): the odds are of the hand being drawn",)
    return replace(found, notes=found.notes + extra) if extra else found


def set_budget(**changes: Any) -> Budget:
    """Change :data:`BUDGET` (fields of :class:`Budget`), forget cached answers, and return the old one.

    >>> old = set_budget(exact_seconds=2.0)
    >>> old.exact_seconds, set_budget(**old.__dict__).exact_seconds   # the default, then the 2.0 it replaces
    (0.45, 2.0)
    """
    old = next_turn.replace_budget(**changes)
    cache_clear()
    return old


def cache_clear() -> None:
    """Forget every cached answer (the benchmark times cold questions after this)."""
    exact.clear()
    next_turn.clear()
    cycle.survival.cache_clear()
    position.clear()
    buys.clear()
    hand.model.cache_clear()
    hand.engine.cache_clear()


def __getattr__(name: str) -> Any:
    """``BUDGET``, read where it lives (:mod:`.odds.next_turn`): :func:`set_budget` replaces it there."""
    if name == "BUDGET":
        return next_turn.BUDGET
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BUDGET",  # noqa: F822 (read through __getattr__ above)
           "ASSUMES", "Budget", "BuyCycle", "BuyOdds", "ForcedDiscards", "HandOdds", "LethalOdds",
           "POLICY_NOTE", "SCRAPS_DECLINED", "SCRAPS_USED", "Seen", "TurnsUntil", "answer", "buyable", "cache_clear",
           "compare_buys", "compare_buys_over_cycle", "estimated_odds", "exact_odds", "expected_turns_until",
           "forced_discards", "known_in_hand", "lethal", "next_hand", "p_card_within", "seen_by", "set_budget",
           "trade_and_combat", "weighted_dist"]
