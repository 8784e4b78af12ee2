"""Every order, step by step: choosing it on the revealed card, moving, attacking, the dice.

An order is carried out in small decisions so that each one is a short list a
player can read: choose the order, move (which ships, from where, to where),
how many, attack (from where, into where), then the dice are rolled (one chance
node over the multiset of faces) and the attacker assigns the dice, highest
first, to the ships they can hit. A die that can hit only one kind of ship is
assigned without asking. The rules of each step are the seed's (§5) unless a
variant of :mod:`explorer.games.endor.variants` says otherwise.

>>> import explorer
>>> from explorer.core import Action
>>> s = explorer.load_game("endor").initial_state()
>>> usable_orders(s, "Shield Assault / Luke Skywalker")
('Shield Assault', 'Luke Skywalker')
"""

from __future__ import annotations

from functools import lru_cache

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.core.frozen import replaced
from explorer.games.endor.actions import NO_ATTACK, NO_MOVE, attack_action, choices, move_actions
from explorer.games.endor.board import (
    FLEET_MARKER, attack_dice, attack_sources, attack_targets, death_star_targets, enemy_mask, executor_node,
    hit_targets, marker_at, reachable, ships_of, type_side,
)
from explorer.games.endor.census import census, with_ships
from explorer.games.endor.order_end import finish_order
from explorer.games.endor.state import DEATH_STAR, EXECUTOR, FALCON, TIE, EndorState, Step

DUEL_ORDERS = ("Luke Skywalker", "Darth Vader", "Emperor", "Vader Redeemed")


def order_refusal(state: EndorState, order: str) -> str:
    """Why ``order`` cannot be used now ("" when it can), in the seed's words."""
    data, rules = state.data, state.rules
    kind_name = data.ship_orders.get(order)
    if kind_name is not None:
        kind = data.type_index(kind_name)
        if ships_of(state, kind):
            return ""
        if kind == TIE and executor_node(state) >= 0 and state.tie_reserve:
            return ""
        return f"no {kind_name} is left on the board"
    if order in DUEL_ORDERS and rules.duel_closes and (not state.luke_alive or not state.vader_fighting):
        return "the duel is over (sw_ksirk_duel_closes)"
    if order == "Shield Assault":
        return "the shields are already down" if state.shields_down else ""
    if order == "Shield Ambush":
        if state.shields_down:
            return "the shields are already down"
        if len(state.troopers) >= data.limits["stormtroopers"]:
            return "no stormtrooper is left in the Empire's supply"
        return "" if free_spaces(state) else "no unoccupied space is left ahead of the strike team"
    if order == "Luke Skywalker":
        return "" if state.luke_alive else "Luke is destroyed"
    if order in ("Darth Vader", "Emperor"):
        if state.vader == "redeemed":
            return "Vader is redeemed"
        return "" if state.vader_fighting else "Vader is destroyed"
    if order == "Vader Redeemed":
        if not state.vader_fighting or not state.luke_alive:
            return "Vader and Luke must both still fight"
        if not 1 <= state.vader_left <= rules.red_spaces:
            return f"Vader is not on a red space ({state.vader_left} hits left; red = {rules.red_spaces} or fewer)"
        return ""
    if order == "Death Star":
        return "" if death_star_targets(state) else "the Death Star has no target"
    return f"unknown order {order!r}"


def usable_orders(state: EndorState, card: str) -> tuple[str, ...]:
    """The orders printed on ``card`` that can be used now, in printed order."""
    return tuple(o for o in state.data.card_orders[card] if not order_refusal(state, o))


def free_spaces(state: EndorState) -> tuple[int, ...]:
    """Track spaces ahead of the strike team without a stormtrooper (1-based)."""
    taken = set(state.troopers)
    return tuple(p for p in range(state.strike_team + 1, len(state.data.track) + 1) if p not in taken)


# --- legal actions of each stage -----------------------------------------------
def step_actions(state: EndorState) -> tuple[Action, ...]:
    step = state.step
    data = state.data
    names = data.nodes
    if step.stage == "choose":
        return choices(usable_orders(state, state.revealed), state.rules.optional_order)
    if step.stage == "move":
        kind = step.ship
        tname = data.ship_types[kind].name
        actions = []
        if kind == TIE:
            at = executor_node(state)
            if at >= 0 and state.tie_reserve:
                n = min(data.limits["tie_deploy"], state.tie_reserve)
                actions.append(Action("deploy", (names[at],), label=f"deploy {n} TIE at {names[at]}"))
        at = census(state.ships).kind_masks[kind]
        rows = state.ships
        reach, blocked = data.ship_types[kind].moves, enemy_mask(state, kind) | data.slot_mask  # as move_destinations
        while at:   # the sectors holding ships of this type, in board order
            low = at & -at
            src = low.bit_length() - 1
            at ^= low
            ships = rows[src][kind]
            for dst in reachable(data, reach, src, blocked):
                # one decision per move, as the table moves them: how many, from where, to where
                actions.extend(move_actions(tname, names[src], names[dst], ships))
        actions.append(NO_MOVE)
        return tuple(actions)
    if step.stage == "count":   # a position written at "how many move" (the position format still reads it)
        n = state.ships[step.source][step.ship]
        return tuple(Action("send", (k,), label=f"send {k} of {n}") for k in range(n, 0, -1))
    if step.stage == "attack":
        actions = [attack_action(names[src], "Death Star" if tgt == DEATH_STAR else names[tgt])
                   for src, tgt in _attacks(state)]
        actions.append(NO_ATTACK)
        return tuple(actions)
    if step.stage == "target":
        return tuple(Action("fire", (names[n],), label=f"fire the Death Star at {names[n]}")
                     for n in death_star_targets(state))
    if step.stage == "ambush":
        most = min(data.limits["stormtroopers_per_ambush"], data.limits["stormtroopers"] - len(state.troopers),
                   len(free_spaces(state)))
        return tuple(Action("place", (k,), label=f"place {k} stormtrooper" + ("s" if k > 1 else ""))
                     for k in range(most, 0, -1))
    if step.stage == "assign":
        face = step.faces[0]
        return tuple(Action("hit", (name, face), label=f"hit {name} with {face}")
                     for name in hit_targets(state, step.target, face, type_side(step.ship)))
    return ()


def _attacks(state: EndorState) -> list[tuple[int, int]]:
    step = state.step
    if state.rules.moved_ships_only:
        if step.moved <= 0:
            return []
        return [(step.dest, t) for t in attack_targets(state, step.ship, step.dest)]
    return [(src, t) for src in attack_sources(state, step.ship) for t in attack_targets(state, step.ship, src)]


# --- applying a decision -------------------------------------------------------
def apply_step(state: EndorState, action: Action) -> EndorState:
    """The position after the current seat's decision ``action`` (already checked legal)."""
    data = state.data
    step = state.step
    kind = action.kind
    if kind in ("pass", "lose"):
        return finish_order(state)
    if kind == "order":
        return choose_order(state, str(action.args[0]))
    if kind == "deploy":
        at = executor_node(state)
        n = min(data.limits["tie_deploy"], state.tie_reserve)
        return state.replace(ships=with_ships(state.ships, at, TIE, n), tie_reserve=state.tie_reserve - n,
                             step=replaced(step, stage="attack", dest=at, moved=n))
    if kind == "move":
        return _move(state, data.index[str(action.args[2])], data.index[str(action.args[3])], whole_arg(action.args[0]))
    if kind == "send":
        return _move(state, step.source, step.dest, whole_arg(action.args[0]))
    if kind == "no move":
        return state.replace(step=replaced(step, stage="attack"))
    if kind == "no attack":
        return finish_order(state)
    if kind == "attack":
        src = data.index[str(action.args[0])]
        tgt = DEATH_STAR if action.args[1] == "Death Star" else data.index[str(action.args[1])]
        dice = order_attack_dice(state, step.ship, src, tgt)
        return state.replace(step=replaced(step, stage="roll", source=src, target=tgt, dice=dice))
    if kind == "fire":
        return state.replace(step=replaced(step, stage="roll", target=data.index[str(action.args[0])],
                                          dice=data.limits["death_star_dice"]))
    if kind == "place":
        spaces = free_spaces(state)[: whole_arg(action.args[0])]
        state = state.replace(troopers=tuple(sorted(state.troopers + spaces)))
        return finish_order(state)
    if kind == "hit":
        return assign_hit(state, str(action.args[0]))
    raise AssertionError(f"unhandled action {action}")


def order_attack_dice(state: EndorState, kind: int, source: int, target: int) -> int:
    """The dice of this order's attack of ``kind`` from ``source``: every ship there, or in
    ``sw_ksirk_moved_ships_only`` only the ships that moved (the engine and the odds both ask here)."""
    step = state.step
    if state.rules.moved_ships_only and step.ship == kind:
        return attack_dice(state, kind, source, target, min(step.moved, state.ships[source][kind]))
    return attack_dice(state, kind, source, target)


def choose_order(state: EndorState, order: str) -> EndorState:
    """Start ``order``: its first step, or its whole effect when it needs no choice and no dice."""
    data = state.data
    kind_name = data.ship_orders.get(order)
    if kind_name is not None:
        return state.replace(step=_first_step(order, "move", data.type_index(kind_name), 0))
    if order == "Shield Assault":
        return state.replace(step=_first_step(order, "roll", -1, data.limits["shield_dice"]))
    if order in ("Luke Skywalker", "Darth Vader"):
        return state.replace(step=_first_step(order, "roll", -1, data.limits["saber_dice"]))
    if order == "Shield Ambush":
        return state.replace(step=_first_step(order, "ambush", -1, 0))
    if order == "Death Star":
        return state.replace(step=_first_step(order, "target", -1, 0))
    step = Step(stage="", order=order)
    if order == "Emperor":
        return finish_order(hit_luke(state.replace(step=step), data.limits["emperor_hits"]))
    if order == "Vader Redeemed":
        earned = data.bonus["redeem_vader"]
        return finish_order(state.replace(vader="redeemed", step=replaced(step, earned=earned)))
    raise AssertionError(order)


@lru_cache(maxsize=256)
def _first_step(order: str, stage: str, ship: int, dice: int) -> Step:
    """The first step of ``order`` (a value: made once per order and board data)."""
    return Step(stage=stage, order=order, ship=ship, dice=dice)


def _move(state: EndorState, src: int, dst: int, n: int) -> EndorState:
    kind = state.step.ship
    ships = with_ships(with_ships(state.ships, src, kind, -n), dst, kind, n)
    return state.replace(ships=ships, step=replaced(state.step, stage="attack", source=src, dest=dst, moved=n))


def hit_luke(state: EndorState, hits: int) -> EndorState:
    """``hits`` on Luke's track; destroying him earns the Empire 4 bonus orders (seed §6)."""
    if not state.luke_alive:
        return state
    new = min(state.rules.luke_hits, state.luke_hits + hits)
    earned = state.step.earned
    if new >= state.rules.luke_hits:
        earned += state.data.bonus["destroy_luke"]
    return state.replace(luke_hits=new, step=replaced(state.step, earned=earned))


def hit_vader(state: EndorState, hits: int) -> EndorState:
    """``hits`` on Vader's track; destroying him earns the Rebels 3 bonus orders (seed §6)."""
    if not state.vader_fighting:
        return state
    new = min(state.rules.vader_hits, state.vader_hits + hits)
    earned = state.step.earned
    vader = state.vader
    if new >= state.rules.vader_hits:
        earned += state.data.bonus["destroy_vader"]
        vader = "destroyed"
    return state.replace(vader_hits=new, vader=vader, step=replaced(state.step, earned=earned))


def destroy(state: EndorState, node: int, kind: int, n: int = 1) -> EndorState:
    """Remove ``n`` ships of ``kind`` from ``node`` to the destroyed pile (with their consequences)."""
    return state.replace(**_destroyed(state, node, kind, n))


def _destroyed(state: EndorState, node: int, kind: int, n: int) -> dict:
    """The changed fields of :func:`destroy` (``step`` always among them), for one copy of the position."""
    destroyed = list(state.destroyed)
    destroyed[kind] += n
    changes: dict = {"ships": with_ships(state.ships, node, kind, -n), "destroyed": tuple(destroyed)}
    step = state.step
    if kind == FALCON:
        step = replaced(step, earned=step.earned + state.data.bonus["destroy_falcon"])
        changes["falcon_hits"] = state.data.ship_types[FALCON].hits   # the track is full once it is destroyed
    if kind == EXECUTOR:
        changes["executor_hits"] = state.data.ship_types[EXECUTOR].hits
        # Seed §5A: the Executor destroyed takes every undeployed TIE with it.
        destroyed[TIE] += state.tie_reserve
        changes.update(destroyed=tuple(destroyed), tie_reserve=0)
    changes["step"] = step
    return changes


def destroy_marker(state: EndorState, node: int) -> EndorState:
    """A fleet marker destroyed: the fighters on it are destroyed and it is flipped (seed §5A)."""
    for kind in range(3):
        if state.ships[node][kind]:
            state = destroy(state, node, kind, state.ships[node][kind])
    markers = list(state.markers)
    markers[marker_at(state, node)] = False
    return state.replace(markers=tuple(markers))


def assign_hit(state: EndorState, name: str) -> EndorState:
    """One die of the attack assigned to a target of kind ``name``."""
    step = state.step
    node = step.target
    data = state.data
    if name == FLEET_MARKER:
        state = destroy_marker(state, node)
        return state.replace(step=replaced(state.step, faces=state.step.faces[1:]))
    kind = data.type_index(name)
    if kind == FALCON and state.falcon_hits + 1 < data.ship_types[FALCON].hits:
        changes: dict = {"falcon_hits": state.falcon_hits + 1, "step": step}
    elif kind == EXECUTOR and state.executor_hits + 1 < data.ship_types[EXECUTOR].hits:
        changes = {"executor_hits": state.executor_hits + 1, "step": step}
    else:   # a fighter, or the hit that fills the Falcon's or the Executor's track
        changes = _destroyed(state, node, kind, 1)
    changes["step"] = replaced(changes["step"], faces=step.faces[1:])
    return state.replace(**changes)


def resolve_roll(state: EndorState, faces: tuple[int, ...]) -> EndorState:
    """Apply the dice of the order being carried out (faces highest first)."""
    data = state.data
    step = state.step
    order = step.order
    if order == "Shield Assault":
        return finish_order(advance_strike_team(state, faces))
    if order == "Luke Skywalker":
        return finish_order(hit_vader(state, sum(f >= data.limits["saber_hit_on"] for f in faces)))
    if order == "Darth Vader":
        return finish_order(hit_luke(state, sum(f >= data.limits["saber_hit_on"] for f in faces)))
    if order == "Death Star":
        if max(faces) >= data.limits["death_star_hit_on"]:
            state = death_star_shot(state, step.target)
        return finish_order(state)
    if step.target == DEATH_STAR:
        if max(faces) >= data.limits["death_star_final_hit_on"]:
            return state.replace(winner="Rebels", step=replaced(step, stage="done", faces=faces))
        return finish_order(state)
    return state.replace(step=replaced(step, stage="assign", faces=faces))


def death_star_shot(state: EndorState, node: int) -> EndorState:
    """A hit of the Death Star: everything Rebel in ``node`` is destroyed (seed §5A)."""
    data = state.data
    if marker_at(state, node) >= 0:
        state = destroy_marker(state, node)
        if not state.rules.no_marker_bonus:
            state = state.replace(step=replaced(state.step, earned=state.step.earned + data.bonus["destroy_fleet_marker"]))
        return state
    for kind in range(4):
        if state.ships[node][kind]:
            state = destroy(state, node, kind, state.ships[node][kind])
    return state.replace(step=replaced(state.step, earned=state.step.earned + data.bonus["clear_sector"]))


def advance_strike_team(state: EndorState, faces: tuple[int, ...]) -> EndorState:
    """Seed §5B: each die meeting the next space's number (+1 per stormtrooper) advances the team.

    The dice are used as well as they can be: for each next space, the smallest
    unused die that meets it (this advances furthest). A stormtrooper on a space
    the team reaches goes back to the Empire's supply.
    """
    p, troopers = shield_advance(state.data.track, state.strike_team, state.troopers, faces)
    return state.replace(strike_team=p, troopers=troopers)


def shield_advance(track: tuple[int, ...], start: int, troopers: tuple[int, ...],
                   faces: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Where the strike team ends from ``start`` with ``faces``, and the stormtroopers left.

    >>> shield_advance((2, 2, 3), 0, (2,), (6, 2, 2))
    (2, ())
    """
    dice = sorted(faces)
    p = start
    while p < len(track) and dice:
        need = track[p] + (1 if p + 1 in troopers else 0)
        pick = next((i for i, f in enumerate(dice) if f >= need), -1)
        if pick < 0:
            break
        dice.pop(pick)
        p += 1
    return p, tuple(t for t in troopers if t > p)
