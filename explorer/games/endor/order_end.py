"""The end of an order: its card discarded, the bonus orders it earned queued, the next seat's card revealed.

Seed §4: an order card is discarded once its order is carried out; a sector cleared by an attack earns a
bonus order; the players then reveal and give orders in turn, and a player whose pile is empty is skipped.
The steps of an order (:mod:`explorer.games.endor.orders`) end here, and so does the round's own flow
(:func:`explorer.games.endor.rules.settle` reveals the next card with :func:`next_turn`): both import this
module, and it imports neither of them, so the orders and the round import in one direction.

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> after = next_turn(s.replace(stage="orders", seat=1, piles=(("Shield Assault / Luke Skywalker",), ())))
>>> after.seat, after.revealed, after.step.stage
(0, 'Shield Assault / Luke Skywalker', 'choose')
"""

from __future__ import annotations

from explorer.games.endor.board import holds, type_side
from explorer.games.endor.census import census
from explorer.games.endor.state import EndorState, Step

NO_STEP = Step()
"""No order under way (between two orders)."""
CHOOSE = Step(stage="choose")
"""A card just revealed: its player chooses one of its orders."""


def finish_order(state: EndorState) -> EndorState:
    """The order is done: discard its card, queue the bonus orders earned, end the turn."""
    seat = state.seat
    side = state.side(seat)
    discards = list(state.discards)
    discards[side] = discards[side].add(state.revealed)
    earned = state.step.earned
    if state.step.stage == "assign" and not holds(state, state.step.target, 1 - type_side(state.step.ship)):
        earned += state.data.bonus["clear_sector"]
    if not census(state.ships).rebel_mask:
        return state.replace(discards=tuple(discards), revealed="", step=NO_STEP, winner="Empire",
                             pending=state.pending + ((("bonus", seat, earned),) if earned else ()))
    if earned or state.pending:
        return state.replace(discards=tuple(discards), revealed="", step=NO_STEP,
                             pending=state.pending + ((("bonus", seat, earned),) if earned else ()))
    # nothing to draw: the next turn starts at once (what settle would do next), in one copy
    return next_turn(state, discards=tuple(discards), revealed="", step=NO_STEP)


def next_turn(state: EndorState, **changes: object) -> EndorState:
    """Reveal the top card of the next seat with orders left, or go to the draw phase (with ``changes``)."""
    seats = state.seats
    piles = state.piles
    for k in range(1, seats + 1):
        seat = (state.seat + k) % seats
        pile = piles[seat]
        if pile:
            blind = state.blind
            if blind[seat] and (state.rules.bonus_on_top or len(pile) == blind[seat]):
                blind = blind[:seat] + (blind[seat] - 1,) + blind[seat + 1:]
            return state.replace(**{**changes, "seat": seat, "revealed": pile[0], "blind": blind, "step": CHOOSE,
                                    "piles": piles[:seat] + (pile[1:],) + piles[seat + 1:]})
    hand_size = state.data.limits["hand_size"]
    pending = tuple(("refill", s, hand_size - len(state.hands[s])) for s in range(seats)
                    if len(state.hands[s]) < hand_size)
    return state.replace(**{**changes, "stage": "draw", "pending": pending})
