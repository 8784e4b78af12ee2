"""The heuristic policy: what a careful crew does, cheaply.

Main phase (any player may act; the first useful move of anyone is taken): play the cards that take
threat off the coming attack — Distortion Field (free: -1 per attack effect seen, then the deck
reordered), Analyze Attack with 2 or more in the pool or for free (the strongest seen card discarded, the
weakest put back first so a strong one costs too much), Covert Ops when it cloaks two or more ships (1
threat against 1 per ship) — repair (the worst damage card, paying with the least useful card), refill a
short hand; use the free looking powers; else pass.

Fights (:mod:`~explorer.games.pinned_down.policy_fight`): the result is plain arithmetic once the fight
starts, so the fighter plays the fewest cards that win, none when nothing wins (the cards are kept for a
fight they can win), and the cheapest way out of being overpowered. Assignment: of every undecided ship
and allowed enemy, the pair where the ship wins with the fewest cards. Fight order: DSF Bane (+1 per other
attacker) last, the others the fight most likely won first.

Jump: the farthest location (fewer turns, so fewer attack phases), less what its text costs: Rahra
Asteroid Belt's damage card, Solmar Border Station's 3 threat, a discard, cheaper enemies; once a location
reaches distance 10, the nearest such one (the last attack phase adds the distance as threat). Discards:
the least useful card.

Measured against the heuristic before it (issue 22 §4; the simulation lab, the same seeds 0-9999, one
fleet, ``rules_2015``): 41 fleet wins in 10,000 against 8. One flagship alone rarely survives the attack
effects (Plasma Leak, Collateral Damage) of four or five attack phases, whatever it does in its fights.

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> from explorer import Match
>>> m = Match(explorer.load_game("pinned_down"), seed=2)
>>> _ = m.play("heuristic", max_steps=3000)
>>> m.state.is_terminal()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.core.rng import Generator
from explorer.games.pinned_down import effects as fx

from explorer.games.pinned_down.policy_fight import assign_move, card_value, fight_move, order_move

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S

LOCATION_COST = {"damage_random_flagship": 3.0, "each_discards": 0.5, "enemy_threat": 0.3}
"""What a location's text costs, in distance (Rahra's damage card is a quarter of a flagship)."""


def _uncloaked(s: "S") -> int:
    return sum(1 for q in s.alive() if not fx.is_cloaked(s, q))


def location_cost(s: "S", name: str) -> float:
    """What jumping to ``name`` costs besides its distance, in units of distance (see ``LOCATION_COST``).

    >>> import explorer
    >>> s = explorer.load_game("pinned_down").initial_state()
    >>> location_cost(s, "Rahra Asteroid Belt"), location_cost(s, "Solmar Border Station"), location_cost(s, "Harana")
    (3.0, 1.0, 0.0)
    """
    cost = 0.0
    for e in s.data.card(name).lasting:
        if e.kind == "add_threat" and e.on == "arrival":
            cost += e.amount / 3
        elif e.kind == "add_threat_per":
            cost += 0.5
        elif e.kind == "enemy_threat" and e.amount < 0:
            cost += LOCATION_COST["enemy_threat"]
        elif e.kind in LOCATION_COST:
            cost += LOCATION_COST[e.kind]
    return cost


def pick_move(s: "S", actions: tuple[Action, ...]) -> Action:
    """The farthest location less its cost; of those reaching the victory distance, the nearest, cheapest."""
    goal = s.knobs.victory_distance

    def score(a: Action) -> tuple[float, str]:
        name = str(a.args[0])
        d = s.data.card(name).distance if s.knobs.distance_per_jump != "one" else 1
        cost = location_cost(s, name)
        if s.distance + d >= goal:
            return (100 - cost - d / 10, name)
        return (d - cost, name)

    return max(actions, key=score)


def _repair_value(s: "S", a: Action, p: int) -> float:
    """A repair move's worth: the structure and power the damage card takes back, less the card paid."""
    args = a.args
    worth = 0.0
    for i, x in enumerate(args):
        if x == "repair":
            dmg = s.data.card(str(args[i + 2]))
            worth += dmg.structure / 10 - dmg.power + (2 if dmg.lasting else 0)
        elif x == "discard":
            worth -= card_value(s, p, str(args[i + 1]))
    return worth


def _main_move(s: "S", actions: tuple[Action, ...]) -> Action:
    """The first useful move of any player who may act; when none is left, the first open player passes."""
    repairs = [a for a in actions if a.kind in ("play", "use") and "repairing" in str(a)
               and "Ensign Stark" not in str(a)]
    repairs = [a for a in repairs if _repair_value(s, a, whole_arg(a.args[-1])) > 0]
    if repairs:
        return max(repairs, key=lambda a: _repair_value(s, a, whole_arg(a.args[-1])))
    for a in actions:
        if a.kind not in ("play", "use"):
            continue
        text = str(a)
        p = whole_arg(a.args[-1])
        card = str(a.args[0])
        if a.kind == "use" and ("Dr. Cooley" in text or "Ms. Cleveland" in text):
            return a
        if card == "Distortion Field" or (card == "Analyze Attack" and (s.threat >= 2 or "for free" in text)):
            return a
        if card == "Covert Ops" and not s.cloaked and _uncloaked(s) >= 2:
            return a
        if card == "Emergency Procedures" and len(s.players[p].hand) <= 2:
            return a
    return next(a for a in actions if a.kind == "end")


def _pending_move(s: "S", actions: tuple[Action, ...]) -> Action:
    step = s.pending[0]
    kinds = {a.kind for a in actions}
    if step.kind in ("discard", "may_discard"):
        if "keep" in kinds and step.kind == "may_discard":
            return next(a for a in actions if a.kind == "keep")
        return min((a for a in actions if a.kind == "discard"),
                   key=lambda a: (card_value(s, step.player, str(a.args[0])), str(a)))
    if step.kind == "change_of_plans":
        strong = sum(fx.printed_power(s, e.name) for e in s.enemies)
        return actions[0] if strong >= 24 else actions[1]
    if step.kind == "look_discard":
        return max(actions, key=lambda a: s.data.card(str(a.args[0])).power)
    if step.kind == "look_order":  # weakest enemy ships and effects first, so a strong one costs too much
        return min(actions, key=lambda a: s.data.card(str(a.args[0])).power)
    if step.kind == "cleveland_choice":
        top = s.data.card(str(actions[0].args[0]))
        return actions[0] if top.distance < 2 or top.has("damage_random_flagship") else actions[1]
    return actions[0]


def heuristic_policy(s: "S", rng: Generator) -> Action:
    actions = s.legal_actions()
    if len(actions) == 1:  # forced (an assignment to the one strongest enemy, a fight with nothing to play)
        return actions[0]
    if s.pending:
        return _pending_move(s, actions)
    stage = s.stage
    if stage == "fight":
        return fight_move(s, actions)
    if stage == "assign":
        return assign_move(s, actions)
    if stage == "order":
        return order_move(s, actions)
    if stage == "main":
        return _main_move(s, actions)
    if stage == "pick":
        return pick_move(s, actions)
    if stage in ("attack", "jump", "wrap up"):
        plays = [a for a in actions if a.kind == "play"]
        return plays[0] if plays else actions[-1]
    return actions[0]
