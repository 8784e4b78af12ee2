"""The round of the Battle of Endor: deal, plan, orders in turn, bonus orders, draw back to 6.

Seed §4: each round the players plan (3 cards face down, 2 each in the 4-player
team game), then reveal and give orders in turn, Rebels first, one order per
card; a player whose pile is empty is skipped, so the other takes back-to-back
turns. Bonus orders are drawn blind from the top of one's own deck and placed at
the bottom of the order pile (on top in ``sw_ksirk_bonus_on_top``). When every
pile is empty each player draws back to 6 (an empty deck is rebuilt by shuffling
the discard pile) and the next round starts. After ``round_limit`` rounds
(an engine rule, not the seed's; 0 = none) the game is a draw.

:func:`settle` is the one place the position moves on by itself (reveal the
next card, start the next round, assign a die that has only one target).

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("endor"), seed=2)
>>> m.play("random", max_steps=30) == 30
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import cast

from explorer.core import Action, Deck, Multiset, Result, dice_rolls
from explorer.core.chance import weighted_outcomes
from explorer.core.frozen import replaced
from explorer.games.endor.census import census
from explorer.games.endor.board import hit_targets, type_side
from explorer.games.endor.order_end import finish_order, next_turn
from explorer.games.endor.orders import apply_step, assign_hit, order_refusal, resolve_roll, step_actions
from explorer.games.endor.state import DEATH_STAR, EndorState, Step


def plan_size(state: EndorState) -> int:
    """Cards in each order pile: 3, or 2 in the 4-player team game (seed §4)."""
    return 3 if state.seats == 2 else 2


def who(state: EndorState, seat: int) -> str:
    """How a seat reads in the story: "Rebels", or "Rebel 1" in the team game."""
    if state.seats == 2:
        return state.side_name(seat)
    return ("Rebel 1", "Empire 1", "Empire 2", "Rebel 2")[seat]


def agree(state: EndorState, seat: int, verb: str) -> str:
    """``verb`` (written as after "Rebels") agreeing with the seat's name from :func:`who`.

    The story reads as English: "Rebels" is plural, "Empire" and the team seats
    ("Rebel 1", "Empire 2") are singular. Only the first word of ``verb`` changes
    ("do not move" → "does not move").

    >>> import explorer
    >>> s = explorer.load_game("endor").initial_state()
    >>> [f"{who(s, seat)} {agree(s, seat, 'place')}" for seat in (0, 1)]
    ['Rebels place', 'Empire places']
    >>> t = explorer.load_game("endor").initial_state(players=4)
    >>> f"{who(t, 3)} {agree(t, 3, 'do not move')}"
    'Rebel 2 does not move'
    """
    if who(state, seat) == "Rebels":
        return verb
    first, space, rest = verb.partition(" ")
    return _singular(first) + space + rest


def _singular(verb: str) -> str:
    """The third person singular of one English verb: "place" → "places", "do" → "does"."""
    if verb in ("do", "go"):
        return verb + "es"
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "i", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


def _starting_hand(state: EndorState, seat: int) -> str:
    """Whose starting hand: "their" for the Rebels, "its" for the Empire, "a" for one seat of the team game.

    A team seat ("Rebel 1") is one player, neither "it" nor a known "he" or "she".
    """
    name = who(state, seat)
    if name == "Rebels":
        return "their starting hand"
    return "its starting hand" if name == "Empire" else "a starting hand"


# --- the surface ---------------------------------------------------------------
def phase(state: EndorState) -> str:
    """What the position waits for, in one line whose verb agrees with the seat (:func:`agree`).

    >>> import explorer
    >>> s = explorer.load_game("endor").initial_state()
    >>> s.phase
    'deal: Rebels draw their starting hand'
    >>> phase(s.replace(pending=s.pending[1:]))
    'deal: Empire draws its starting hand'
    """
    if state.winner:
        return "game over"
    if state.pending:
        task, seat, n = state.pending[0]
        draws = f"{who(state, seat)} {agree(state, seat, 'draw')}"
        return {"deal": f"deal: {draws} {_starting_hand(state, seat)}",
                "bonus": f"bonus orders: {draws} {n} face down",
                "refill": f"draw: {draws} back to {state.data.limits['hand_size']}"}[task]
    name = who(state, state.seat)

    def does(verb: str) -> str:
        return agree(state, state.seat, verb)

    if state.stage == "plan":
        return f"plan: {name} {does('place')} order {len(state.piles[state.seat]) + 1} of {plan_size(state)}"
    step = state.step
    if step.stage == "choose":
        return f"orders: {name} {does('reveal')} {state.revealed}"
    words = {"move": "move (optional)", "count": "how many move", "attack": "attack (optional)",
             "roll": "roll the dice", "assign": f"assign the die showing {step.faces[0] if step.faces else ''}",
             "target": "choose the Death Star's target", "ambush": "place stormtroopers"}
    return f"{step.order} order: {words.get(step.stage, step.stage)}"


def legal_actions(state: EndorState) -> tuple[Action, ...]:
    if state.stage == "plan":
        return _plans(state.hands[state.seat])
    return step_actions(state)


@lru_cache(maxsize=4096)
def _plans(hand: Multiset) -> tuple[Action, ...]:
    """Place one card of ``hand`` face down: one action per kind of card (hands of 6 recur all game)."""
    return tuple(Action("plan", (card,)) for card in hand.kinds())


def why_illegal(state: EndorState, action: Action) -> str:
    """Reasons in the seed's words for the common refusals."""
    if action.kind == "order" and action.args and state.step.stage == "choose":
        order = str(action.args[0])
        if order not in state.data.card_orders.get(state.revealed, ()):
            return f"{order} is not printed on the revealed card {state.revealed}"
        return order_refusal(state, order)
    if action.kind == "lose" and state.step.stage == "choose":
        return "an order on the revealed card can be used, so one must be chosen (seed FAQ)"
    if action.kind == "plan" and state.stage == "plan" and action.args:
        return f"{action.args[0]} is not in {who(state, state.seat)}'s hand"
    return ""


def chance_outcomes(state: EndorState) -> tuple[tuple[Action, Fraction], ...]:
    if state.pending:
        return _draws(state.decks[state.side(state.pending[0][1])])
    return _rolls(state.step.dice)


def _draws(deck: Deck) -> tuple[tuple[Action, Fraction], ...]:
    """One chance node over the kind of the next card of ``deck``.

    A shuffled deck (every card in its unknown middle, as the Battle of Endor's decks always are)
    gives its whole weights to ``weighted_outcomes``: the very chances ``draw_outcomes`` gives,
    with the sampling plan worked out from the whole numbers at once.
    """
    if deck.top or deck.bottom or not deck.middle:
        return tuple((_draw_action(card), p) for card, p in deck.draw_outcomes())
    return weighted_outcomes([(_draw_action(card), n) for card, n in deck.middle.items()])


@lru_cache(maxsize=1024)
def _draw_action(card: str) -> Action:
    """The chance outcome "draw ``card``" (made once per card name)."""
    return Action("draw", (card,))


@lru_cache(maxsize=64)
def _rolls(dice: int) -> tuple[tuple[Action, Fraction], ...]:
    """One chance node over the multiset of faces of ``dice`` dice, printed highest first."""
    return tuple((Action("roll", tuple(reversed(faces))), p) for faces, p in dice_rolls(dice))


def apply_action(state: EndorState, action: Action) -> EndorState:
    if action.kind == "draw":
        return settle(_draw(state, str(action.args[0])))
    if action.kind == "roll":
        faces = cast("tuple[int, ...]", action.args)  # a roll's arguments are its faces, numbers (``_rolls``)
        return settle(resolve_roll(state, tuple(map(int, faces))))
    if action.kind == "plan":
        return settle(_plan(state, str(action.args[0])))
    return settle(apply_step(state, action))


# --- cards ---------------------------------------------------------------------
def _draw(state: EndorState, card: str) -> EndorState:
    task, seat, n = state.pending[0]
    side = state.side(seat)
    decks = list(state.decks)
    decks[side] = decks[side].after_draw(card)
    pending = ((task, seat, n - 1),) + state.pending[1:] if n > 1 else state.pending[1:]
    if task == "bonus":
        piles, blind = list(state.piles), list(state.blind)
        piles[seat] = (card,) + piles[seat] if state.rules.bonus_on_top else piles[seat] + (card,)
        blind[seat] += 1
        return state.replace(decks=tuple(decks), piles=tuple(piles), blind=tuple(blind), pending=pending)
    hands = list(state.hands)
    hands[seat] = hands[seat].add(card)
    return state.replace(decks=tuple(decks), hands=tuple(hands), pending=pending)


def _plan(state: EndorState, card: str) -> EndorState:
    seat = state.seat
    hands, piles = list(state.hands), list(state.piles)
    hands[seat] = hands[seat].remove(card)
    piles[seat] = piles[seat] + (card,)
    if len(piles[seat]) < plan_size(state):
        return state.replace(hands=tuple(hands), piles=tuple(piles))
    if seat + 1 < state.seats:
        return state.replace(hands=tuple(hands), piles=tuple(piles), seat=seat + 1)
    return state.replace(hands=tuple(hands), piles=tuple(piles), stage="orders", seat=state.seats - 1, step=Step())


# --- moving on by itself -------------------------------------------------------
def settle(state: EndorState) -> EndorState:
    """Carry out everything that needs no decision and no chance, then stop."""
    while True:
        if state.winner:
            return state
        if not census(state.ships).rebel_mask:
            return state.replace(winner="Empire")
        if state.pending:
            fixed = _ready_to_draw(state)
            if fixed is None:
                state = state.replace(pending=state.pending[1:])  # nothing left to draw anywhere
                continue
            return fixed
        if state.stage == "deal":
            return state.replace(stage="plan", seat=0)
        if state.stage == "plan":
            return state
        if state.stage == "draw":
            limit = state.game.round_limit
            if limit and state.round >= limit:
                return state.replace(winner="draw")
            return state.replace(stage="plan", seat=0, round=state.round + 1)
        step = state.step
        if step.stage == "assign":
            state = _auto_assign(state)
            if state.step.stage == "assign":
                return state
            continue
        if step.stage:
            return state
        state = next_turn(state)
        if state.stage == "orders" and state.step.stage == "":
            continue
        if state.stage == "orders":
            return state


def _ready_to_draw(state: EndorState) -> EndorState | None:
    """The state with a deck to draw from (reshuffling the discard pile), or None if none is left."""
    seat = state.pending[0][1]
    side = state.side(seat)
    if state.decks[side]:
        return state
    if not state.discards[side]:
        return None
    decks, discards = list(state.decks), list(state.discards)
    decks[side] = Deck.shuffled(discards[side])
    discards[side] = Multiset()
    return state.replace(decks=tuple(decks), discards=tuple(discards))


def _auto_assign(state: EndorState) -> EndorState:
    """Assign dice that have at most one kind of target; stop at the first real choice."""
    side = type_side(state.step.ship)
    while state.step.faces:
        if state.step.target == DEATH_STAR:
            break
        options = hit_targets(state, state.step.target, state.step.faces[0], side)
        if len(options) > 1:
            return state
        if not options:
            # faces are highest first: if this die hits nothing, no later die does
            state = state.replace(step=replaced(state.step, faces=()))
            break
        state = assign_hit(state, options[0])
        if not census(state.ships).rebel_mask:
            return state.replace(winner="Empire")
    return finish_order(state)


def result(s: EndorState) -> Result:
    """The Rebels win when the Death Star is destroyed, the Empire when no Rebel ship remains; the round limit
    (a setting, not the seed's) ends the game in a draw.

    >>> import explorer
    >>> s = explorer.load_game("endor").initial_state()
    >>> result(s.replace(winner="Rebels")).reason
    'Rebels win: the Death Star is destroyed'
    """
    seats = range(s.seats)
    if s.winner == "draw":
        limit = s.game.round_limit
        return Result((), tuple(0.5 for _ in seats), f"draw: the round limit of {limit} rounds was reached")
    won = tuple(seat for seat in seats if s.side_name(seat) == s.winner)
    reason = ("Rebels win: the Death Star is destroyed" if s.winner == "Rebels"
              else "Empire wins: no Rebel ships remain")
    return Result(won, tuple(1.0 if seat in won else 0.0 for seat in seats), reason)
