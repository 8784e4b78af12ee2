"""Fight order odds: each order the players may choose for the fights still to come, played out exactly.

Seed, fight phase: "The players resolve all fights, one at a time, in an order decided by them." The order
matters when a fight's result changes another's: DSF Bane is +1 per other attacker, so beating its escort
first makes it weaker; a win that draws a card, a lost fight that adds threat. :func:`fight_orders` plays
every order through the rules, each fight resolved as it stands (no card played), every battle destiny and
damage card enumerated, and gives per order the chance that every fight is won, the expected number won
and the chance a flagship is lost.

>>> import explorer
>>> game = explorer.load_game("pinned_down")
>>> s = game.position(stage="order", threat=0, locations=["Harana"], enemies=[{"name": "DSF Bane"},
...     {"name": "Dra'tar Swarm Frigate"}, {"name": "Dra'tar Swarm Frigate"}],
...     players=[{"flagship": "TRB Faith", "characters": ["Captain Huber", "Captain Whitley"], "assignment": "enemy 1"},
...              {"flagship": "TRF Washington", "characters": ["Dr. Cooley", "Dr. Ferrell"], "hand": ["Never Say Die"],
...               "assignment": "enemy 2"}])
>>> [(o.order, o.all_won) for o in fight_orders(s)]  # Faith 10 against Bane 10, or 9 once a frigate is beaten
[(('TRB Faith', 'TRF Washington'), Fraction(0, 1)), (('TRF Washington', 'TRB Faith'), Fraction(1, 1))]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from typing import TYPE_CHECKING

from explorer.games.pinned_down.actions import waiting_fights

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


@dataclass(frozen=True)
class OrderOdds:
    """One fight order (flagships in the order they fight) and its exact chances."""

    order: tuple[str, ...]
    all_won: Fraction
    expected_wins: Fraction
    flagship_lost: Fraction


def _play_order(s: "S", seats: tuple[int, ...]) -> OrderOdds:
    frontier: dict[tuple["S", int, int], Fraction] = {(s, 0, 0): Fraction(1)}
    won = Fraction(0)
    total = Fraction(0)
    lost = Fraction(0)
    while frontier:
        nxt: dict[tuple["S", int, int], Fraction] = {}
        for (t, k, wins), p in frontier.items():
            if t.is_terminal() or t.stage not in ("order", "fight"):
                total += p * wins
                won += p if wins == len(seats) else 0
                lost += p if t.is_terminal() and t.outcome.startswith("loss") else 0
                continue
            if t.is_chance():
                for a, q in t.chance_outcomes():
                    key = (t.apply(a), k, wins)
                    nxt[key] = nxt.get(key, 0) + p * q
                continue
            if t.stage == "order":
                nxt_state = t.apply(next(a for a in t.legal_actions() if a.kind == "fight" and a.args[0] == seats[k]))
                key = (nxt_state, k + 1, wins)
            elif t.fight is not None and not t.fight.resolved and not t.pending:
                after = t.apply("resolve the fight")
                key = (after, k, wins + (1 if _beaten(t, after) else 0))
            else:  # a decision a fight's result left (a discard): it changes no fight to come
                key = (t.apply(t.legal_actions()[0]), k, wins)
            nxt[key] = nxt.get(key, 0) + p
        frontier = nxt
    names = tuple(s.players[q].flagship for q in seats)
    return OrderOdds(names, won, total, lost)


def _beaten(before: "S", after: "S") -> bool:
    """Whether the fight just resolved was won: its enemy went to the attack discard pile."""
    assert before.fight is not None, "the fight just resolved"
    enemy = before.enemies[before.fight.enemy].name
    return after.attack_discard.count(enemy) > before.attack_discard.count(enemy)


def fight_orders(s: "S") -> list[OrderOdds]:
    """Every order of the fights still to come, each played out exactly with every fight resolved as it stands.

    Asked where the players choose the next fight (``stage == "order"``); elsewhere there is no order to
    choose and the answer is empty (see :func:`why_no_order`).
    """
    if s.stage != "order" or s.pending:
        return []
    seats = waiting_fights(s)
    return [_play_order(s, order) for order in permutations(seats)]


def why_no_order(s: "S") -> str:
    """One sentence: why the fight order cannot be chosen here ("" when it can)."""
    if s.is_terminal():
        return "The game is over."
    if s.stage == "order" and not s.pending:
        return ""
    if s.stage == "fight":
        return "A fight is under way; the next one is chosen when it is over."
    if s.stage in ("assign", "assign_start"):
        return "The fight order is chosen once every ship is assigned."
    return "The fight order is chosen in the fight phase, when two or more fights are still to come."


def order_matters(options: list[OrderOdds]) -> bool:
    """Whether the orders differ in any chance shown."""
    return len({(o.all_won, o.expected_wins, o.flagship_lost) for o in options}) > 1


__all__ = ["OrderOdds", "fight_orders", "order_matters", "why_no_order"]
