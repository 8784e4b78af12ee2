"""Lethal: can a player bring another to 0 Authority on their next turn, exactly?

The attacker's next hand (timing: :mod:`explorer.games.star_realms.odds`) is
played for Combat; a lethal turn spends what it must, so scrap abilities that
add Combat or destroy a base are used once everything else is played, and the
answer also gives the chance without them. The Combat needed is the
defender's Authority plus the Defense of every Outpost protecting them. Asked
from a seat that does not see the attacker's hand (``viewer``), the hand is
what that seat knows of it (:mod:`.odds.knowledge`), and the explanation says so.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> lethal(s, 1, 0, n=2, viewer=0).probability    # 2 Combat: both Vipers among 5 of 8 Scouts, 2 Vipers
Fraction(2, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from time import perf_counter
from collections.abc import Callable
from typing import Any

from explorer.core import Multiset
from explorer.games.star_realms.formats import protectors
from explorer.games.star_realms.odds import next_turn
from explorer.games.star_realms.odds.next_turn import ASSUMES, HandOdds, answer, estimated_odds, exact_odds
from explorer.games.star_realms.odds.knowledge import forced_discards, seen_by
from explorer.games.star_realms.odds.model import TooLarge
from explorer.games.star_realms.odds.position import cards_to_draw, check_position, start_branches
from explorer.odds import Dist

__all__ = ["LethalOdds", "lethal"]

@dataclass(frozen=True)
class LethalOdds:
    """P(``attacker`` deals at least ``needed`` Combat to ``defender`` on their next turn).

    ``probability`` lets the attacker scrap cards for Combat (the question needs
    every point); ``without_scraps`` is the same question with every scrap
    ability declined; ``combat`` is the Combat played for, scraps included.
    """

    probability: Fraction
    needed: int
    authority: int
    outposts: tuple[tuple[str, int], ...]
    combat: Dist
    explanation: str
    exact: bool
    without_scraps: Fraction = Fraction(0)


def _scrappable(state: Any, player: int) -> bool:
    """True when a card ``player`` owns has a scrap ability that adds Combat or destroys a base."""
    p = state.players[player]
    names = p.all_cards().kinds()
    return any(e.kind in ("combat", "destroy_base") for name in names for e in state.card(name).scrap)


def _both(state: Any, attacker: int, seen: Any) -> tuple[HandOdds, HandOdds]:
    """The attacker's next turn declining scraps and scrapping for Combat, within one :data:`~.odds.BUDGET`.

    Two questions in one: the first may take half the exact time, the second what is left. When no card
    the attacker owns can be scrapped for Combat the two are the same question, asked once with all of it.
    """
    began = perf_counter()
    try:
        branches = start_branches(state, attacker, seen=seen)
    except TooLarge:  # the rest of this turn is too large: both sampled, half the budget each
        return (answer(state, attacker, share=0.5, seen=seen),
                answer(state, attacker, scraps=True, share=0.5, seen=seen))
    game = state.game
    spent = perf_counter() - began  # playing out the rest of this turn counts against the exact budget
    if not _scrappable(state, attacker):
        found = exact_odds(game, branches, False, 1.0, spent) or estimated_odds(game, branches, False, 1.0)
        return found, found
    plain = exact_odds(game, branches, False, 0.5, spent)
    left = max(0.05, 1.0 - (perf_counter() - began) / max(next_turn.BUDGET.exact_seconds, 1e-9))
    scrapped = exact_odds(game, branches, True, round(left, 2)) if plain is not None else None
    return (plain or estimated_odds(game, branches, False, 0.5),
            scrapped or estimated_odds(game, branches, True, 0.5))


def _chance(plays: Dist, need: Callable[[int], int]) -> Fraction:
    return sum((p for (_, combat, destroys), p in plays.pmf().items() if combat >= need(destroys)), Fraction(0))


def lethal(state: Any, attacker: int, defender: int, n: int | None = None, *, viewer: int | None = None,
           known: Multiset | None = None) -> LethalOdds:
    """The probability that ``attacker`` can bring ``defender`` to 0 Authority on their next turn.

    Uses the attacker's own knowledge of their cards (their next hand, timing in
    the module docstring) played for Combat, *scrapping* every card whose scrap
    ability adds Combat or destroys a base once everything else is played
    (Explorer, Battle Blob, Dreadnaught, Trading Post, Barter World, Battle
    Station...): a lethal turn spends what it must. The explanation says when
    scrapping changes the answer and gives the chance without it. By default the
    Combat needed is the defender's Authority plus the Defense of every Outpost
    protecting them (they must be destroyed first); a "destroy target base"
    ability fired in the same turn removes the strongest Outpost instead. With
    ``n`` given, the question is simply P(Combat >= n). Assumes the defender's
    Authority and bases stay as they are until then. ``viewer``: the seat asking
    (``None``: the attacker's own knowledge); ``known``: the cards of the
    attacker's hand that seat knows (:func:`~.odds.knowledge.known_in_hand`).
    Both questions (with and without scraps) share one :data:`~.odds.BUDGET`
    (asked once when no card the attacker owns can be scrapped for Combat);
    past it the answer is a seeded estimate, ``exact=False``.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> lethal(s, 0, 1, n=1).probability, lethal(s, 0, 1).probability
    (Fraction(20, 21), Fraction(0, 1))
    """
    check_position(state, attacker, while_drawing=True)
    check_position(state, defender, while_drawing=True)
    fmt = state.fmt
    authority = state.authority_of(defender)
    outposts = tuple(sorted(((r.name, state.card(r.name).defense) for q in protectors(fmt, defender, state.alive)
                             for r in state.players[q].bases if state.card(r.name).is_outpost),
                            key=lambda x: -x[1]))
    # while the attacker's hand is being drawn, that hand is the next one, whoever asks (start_branches)
    seen = None if cards_to_draw(state, attacker) else seen_by(state, attacker, viewer, known)
    plain, odds = _both(state, attacker, seen)
    walls = [d for _, d in outposts]
    if n is None:
        def need(destroys: int) -> int:
            return authority + sum(walls[destroys:])
        needed = authority + sum(walls)
    else:
        def need(destroys: int) -> int:
            return n
        needed = n
    total, without = _chance(odds.plays, need), _chance(plain.plays, need)
    if total < without:  # the expectimax order of play chose differently: the player may always decline scraps
        total = without
    who = f"player {attacker + 1}"
    if n is None:
        wall = " + ".join(f"{name} {d}" for name, d in outposts)
        what = f"{authority} Authority" + (f" + outposts {wall}" if outposts else "")
        explanation = f"{who} needs {needed} Combat ({what}) against player {defender + 1}"
        if outposts:
            explanation += "; each 'destroy target base' ability fired removes the strongest outpost instead"
    else:
        explanation = f"{who} needs {needed} Combat"
    explanation += f"; P = {total} ({float(total):.2%})"
    if total != without:
        explanation += (f" counting the scrap abilities that add Combat (scrapped once everything else is played);"
                        f" without scrapping P = {without} ({float(without):.2%})")
    explanation += f"; expected Combat {float(plain.combat.mean()):.2f}"
    if odds.combat.mean() != plain.combat.mean():
        explanation += f" ({float(odds.combat.mean()):.2f} scrapping for Combat)"
    explanation += f"; {ASSUMES}"
    if seen is not None:
        explanation += f"; {seen.note}"
    forced = forced_discards(state, attacker, while_drawing=True)
    if cards_to_draw(state, attacker):
        explanation += f"; asked while player {attacker + 1}'s hand is being drawn: of the hand being drawn"
    if forced.sources:
        explanation += f"; {forced.note}"
    if not (odds.exact and plain.exact):
        explanation += "; estimate (sampled turns, see the notes of the next-hand odds)"
    return LethalOdds(total, needed, authority, outposts, odds.combat, explanation, odds.exact and plain.exact,
                      without)
