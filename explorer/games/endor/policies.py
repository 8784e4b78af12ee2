"""Policies for the Battle of Endor: ``random`` (from the core) and a simple ``heuristic``.

The heuristic is a table player's rule of thumb, not a search. For the Rebels it
plans the cards whose best order scores highest first; it chooses the order on a
revealed card by its exact headline chance
(:func:`explorer.games.endor.odds.which_order`) times a weight for what that order
is worth; it attacks where the exact odds give the most expected losses (the
Death Star first, once the shields are down); it hits the most valuable target a
die can reach; it moves toward the inner ring once the shields are down.

The Empire plays by its own rules of thumb (:mod:`explorer.games.endor.empire_play`):
hold the inner ring with TIEs and the Executor where the Rebels could reach the
Death Star next; attack and fire the Death Star at what threatens it most; ambush
the strike team as it nears the end of the track; kill Luke before Vader can be
redeemed; destroy fighters rather than scratch the Falcon. Its orders are valued
on one scale (:func:`~explorer.games.endor.empire_play.order_values`) and planned
and chosen by that value.

>>> import explorer
>>> s = explorer.Match(explorer.load_game("endor"), seed=1)
>>> s.play("heuristic", max_steps=50)
50
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from explorer.core import Action, Multiset
from explorer.core.rng import Generator
from explorer.games.endor import empire_play
from explorer.games.endor.odds import attack_odds, which_order
from explorer.games.endor.state import EndorState

_WEIGHT = {
    "Vader Redeemed": 5, "Shield Assault": 2, "Millennium Falcon": 2.5, "X-wing": 2.5, "Y-wing": 2.5, "B-wing": 2.5,
    "Luke Skywalker": 1, "Death Star": 3, "Emperor": 2, "TIE Fighter": 2.5, "Executor": 2.5, "Shield Ambush": 0.8,
    "Darth Vader": 1,
}
_HIT_RANK = {"Falcon": 6, "Executor": 6, "fleet marker": 5, "B-wing": 4, "Y-wing": 3, "X-wing": 2, "TIE": 2}


def _scores(state: EndorState, cards: tuple[str, ...]) -> dict[tuple[str, str], float]:
    """(card, order) -> weight x headline chance, for the orders printed on ``cards``.

    An order's headline (:func:`~explorer.games.endor.odds.which_order`) depends on the board, the
    tracks and the duel, never on whose hand holds the card, so its score is remembered per
    position of those (:func:`_odds_key`): the three plans of one seat, and the first order after
    them, ask about one position. Only the orders not yet scored there are worked out, on the
    position with just those cards in the deciding seat's hand.
    """
    data = state.data
    values = _remembered(_odds_key(state), dict)
    missing = tuple(card for card in cards if any(order not in values for order in data.card_orders[card]))
    if missing:
        seat = state.seat
        hands, piles = list(state.hands), list(state.piles)
        hands[seat], piles[seat] = Multiset(missing), ()
        asked = state.replace(revealed="", hands=tuple(hands), piles=tuple(piles))
        for _card, order, _what, p in which_order(asked, seat):
            values[order] = _WEIGHT.get(order, 1) * float(p) + (0.5 if order in data.ship_orders else 0)
    return {(card, order): values[order] for card in cards for order in data.card_orders[card]}


def _odds_key(state: EndorState) -> tuple:
    """Everything an order's headline chance reads: the board, the tracks, the duel, the variant.

    The step counts only through the ships that moved (``sw_ksirk_moved_ships_only``).
    """
    step = state.step
    return (state.game, state.ships, state.markers, state.falcon_hits, state.executor_hits, state.tie_reserve,
            state.strike_team, state.troopers, state.luke_hits, state.vader_hits, state.vader, step.ship, step.moved)


REMEMBERED_POSITIONS = 4096
"""How many positions' order scores the heuristic remembers before it starts afresh."""
_VALUES: dict[tuple, dict[str, float]] = {}


def _remembered(key: tuple, work_out: Callable[[], dict[str, float]]) -> dict[str, float]:
    """The order values remembered for ``key``, worked out by ``work_out()`` the first time (the memory
    starts afresh once it holds :data:`REMEMBERED_POSITIONS` positions)."""
    values = _VALUES.get(key)
    if values is None:
        if len(_VALUES) >= REMEMBERED_POSITIONS:
            _VALUES.clear()
        values = _VALUES[key] = work_out()
    return values


def _empire_values(state: EndorState) -> dict[str, float]:
    """Each Empire order's worth (:func:`~explorer.games.endor.empire_play.order_values`), remembered
    per position as :func:`_scores` remembers the headlines (it reads only what :func:`_odds_key` names)."""
    return _remembered(("Empire",) + _odds_key(state), lambda: empire_play.order_values(state))


def _empire_policy(state: EndorState, actions: tuple[Action, ...]) -> Action:
    """The Empire's decision by the rules of thumb of :mod:`~explorer.games.endor.empire_play`."""
    first = actions[0].kind
    if first == "plan":
        values = _empire_values(state)
        card_orders = state.data.card_orders
        return max(actions, key=lambda a: max(values.get(o, 0.0) for o in card_orders[str(a.args[0])]))
    stage = state.step.stage
    if stage == "choose":
        orders = [a for a in actions if a.kind == "order"]
        if not orders:
            return actions[0]
        values = _empire_values(state)
        return max(orders, key=lambda a: values.get(str(a.args[0]), 0.0))
    if first == "hit":
        return empire_play.choose_hit(state, actions)
    if stage == "attack":
        return empire_play.choose_attack(state, actions)
    if stage == "move":
        return empire_play.choose_move(state, actions)
    if stage == "target":
        return empire_play.choose_target(state, actions)
    return actions[0]


def heuristic_policy(state: EndorState, rng: Generator) -> Action:
    actions = state.legal_actions()
    if state.side(state.seat) == 1:
        return _empire_policy(state, actions)
    # the Rebels' rules of thumb from here on
    first = actions[0].kind
    if first == "plan":
        scores = _scores(state, tuple(str(a.args[0]) for a in actions))
        best: dict[str, float] = {}   # each card's best order
        for (card, _), v in scores.items():
            best[card] = max(best[card], v) if card in best else v
        return max(actions, key=lambda a: best.get(str(a.args[0]), 0))
    step = state.step
    if step.stage == "choose":
        orders = [a for a in actions if a.kind == "order"]
        if not orders:
            return actions[0]
        scores = _scores(state, (state.revealed,))
        if state.shields_down:
            ships = [a for a in orders if a.args[0] in state.data.ship_orders]
            if ships:
                return ships[int(rng.integers(len(ships)))]
        return max(orders, key=lambda a: scores.get((state.revealed, str(a.args[0])), 0))
    if first == "hit":
        return max(actions, key=lambda a: _HIT_RANK.get(str(a.args[0]), 0))
    if step.stage == "attack":
        return _best_attack(state, actions)
    if step.stage == "move":
        if state.shields_down:
            inner = [a for a in actions if a.kind == "move" and str(a.args[3]).startswith("I")]
            if inner:
                return inner[0]
        moves = [a for a in actions if a.kind == "move"]
        if moves and rng.random() < 0.3:
            return moves[int(rng.integers(len(moves)))]
        return actions[-1]
    return actions[0]


def _best_attack(state: EndorState, actions: tuple[Action, ...]) -> Action:
    best, value = actions[-1], Fraction(0)
    data = state.data
    for a in actions:
        if a.kind != "attack":
            continue
        if a.args[1] == "Death Star":
            return a
        src, tgt = data.index[str(a.args[0])], data.index[str(a.args[1])]
        odds = attack_odds(state, state.step.ship, src, tgt)
        score = odds.expected_losses + odds.cleared
        if score > value:
            best, value = a, score
    return best
