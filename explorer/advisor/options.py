"""The options at a decision: every legal action once, in the group the table offers it in.

A hint ranks what the seat may do *now*, so it needs a decision position (not
a chance node, not a finished game) and the seat that decides there. The
options are ``state.legal_actions()`` in the rules' own order, each labelled
with ``state.action_group(action)`` ("Play", "Buy", "Attack"): the grouping
the panels' move picker uses, so a row of the advice names a button on screen.

When an option leads straight to a chance node (a draw, a roll), the exact
odds of that step are the node's own outcomes with their ``Fraction``
probabilities: :func:`immediate_chance` returns them, and the advice shows
how many outcomes there are and the likeliest one. :func:`seen_chance` gives
them only when they do not depend on cards the seat cannot see.

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> s = explorer.load_game("warps_edge").initial_state()
>>> decision_seat(s, None)
Traceback (most recent call last):
...
explorer.errors.RulesError: advice needs a decision: setup: draw 2 skill cards is a chance step (a draw or roll comes next); step it first
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from explorer.advisor.knowledge import determinize
from explorer.core.actions import Action
from explorer.core.rng import new_generator
from explorer.core.state import State
from explorer.errors import RulesError


@dataclass(frozen=True)
class Option:
    """One legal action at the decision: its index in ``legal_actions()``, the action, its text (the notation,
    which the advice saves and matches moves by) and group, and its words on screen (``State.action_words``)."""

    index: int
    action: Action
    text: str
    group: str
    words: str = ""


def decision_seat(state: State, seat: int | None) -> int:
    """The seat the advice is for: the one deciding now (``seat`` may name it; any other seat is refused).

    Refuses chance nodes, finished games and a ``seat`` that does not decide here, each with a sentence
    saying what is allowed.
    """
    if not isinstance(state, State):
        raise RulesError(f"advice needs a game position (a State), got {type(state).__name__}")
    if state.is_terminal():
        raise RulesError(f"advice needs a decision: the game is over ({state.result()}); there is nothing to choose",
                         state=state)
    if state.is_chance():
        raise RulesError(f"advice needs a decision: {state.phase} is a chance step (a draw or roll comes next); "
                         "step it first", state=state)
    mover = state.current_player
    if seat is None:
        return mover
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise RulesError(f"seat must be a seat number (0 for the first player), got {seat!r}", state=state)
    if seat != mover:
        raise RulesError(f"advice is for the seat that decides now: {state.game.player_name(mover)} (seat {mover}) "
                         f"decides in {state.phase}, not seat {seat}", state=state)
    return seat


def group_of(state: State, action: Action) -> str:
    """The group the table offers ``action`` in (``state.action_group``), its kind when the game gives none."""
    group = state.action_group(action)
    return group if isinstance(group, str) and group else action.kind


def decision_options(state: State) -> tuple[Option, ...]:
    """Every legal action of the decision, once, in the rules' order, with its group.

    >>> import explorer
    >>> from explorer.core.rng import new_generator
    >>> from explorer.core.chance import sample_outcome
    >>> s, rng = explorer.load_game("warps_edge").initial_state(), new_generator(0)
    >>> while s.is_chance(): s = s.apply(sample_outcome(s.chance_outcomes(), rng))
    >>> [(o.index, o.group) for o in decision_options(s)][:1]
    [(0, 'Setup')]
    """
    return tuple(Option(i, a, str(a), group_of(state, a), state.action_words(a))
                 for i, a in enumerate(state.legal_actions()))


def immediate_chance(state: State, action: Action) -> tuple[tuple[Action, Fraction], ...]:
    """The exact outcomes of the chance step right after ``action`` (empty when a decision or the end follows)."""
    after = state.apply(action)
    return after.chance_outcomes() if after.is_chance() else ()


WORLDS = 3
"""Worlds dealt from the seat's view to see whether a chance step depends on cards the seat cannot see."""


def seen_chance(state: State, seat: int, action: Action, seed: int) -> tuple[tuple[Action, Fraction], ...]:
    """The exact odds of the chance step after ``action`` as ``seat`` may know them, or ``()``.

    The odds of the true position could tell what the seat cannot see (the next card of a deck whose
    other cards sit in an opponent's hand). So the step is worked out in ``WORLDS`` positions dealt from
    the seat's view (:func:`~explorer.advisor.knowledge.determinize`, generators from ``seed`` alone): when
    they all agree, the step does not depend on hidden cards and its odds are given; otherwise nothing is
    shown. Both the choice and the odds come from the seat's view only.
    """
    if type(state).deal_unseen is State.deal_unseen and state.game.hidden_information is not None:
        return immediate_chance(state, action)  # the game says its positions hide no card: nothing to deal
    seen = None
    for world in range(WORLDS):
        rng = new_generator([seed, 2**32 + world])
        odds = immediate_chance(determinize(state, seat, rng), action)
        if seen is not None and odds != seen:
            return ()
        seen = odds
    return seen or ()


def chance_summary(outcomes: tuple[tuple[Action, Fraction], ...]) -> str:
    """The chance step in a few words: ``'then 6 outcomes; likeliest roll 6 (1/6)'`` or ``''``.

    >>> chance_summary(((Action("roll", (1,)), Fraction(1, 2)), (Action("roll", (2,)), Fraction(1, 2))))
    'then 2 outcomes; likeliest roll 1 (1/2)'
    """
    if not outcomes:
        return ""
    best, p = max(outcomes, key=lambda pair: pair[1])
    shown = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    count = len(outcomes)
    return f"then {count} outcome{'s' if count != 1 else ''}; likeliest {best} ({shown})"
