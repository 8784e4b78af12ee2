"""The story of a move in the game's words, the turn label, the move groups and a text board.

The rules tell the story (docs/architecture.md rule 8): each line is computed from the
position before and after the move — who rolled what, which ships were
destroyed, how far the strike team went, which bonus orders were earned. With a
``viewer`` seat, cards that seat may not see are hidden: the other side's hand
and plan, and every bonus order (drawn blind: nobody looks at it).

>>> import explorer
>>> m = explorer.Match(explorer.load_game("endor"), seed=4)
>>> m.play("random", max_steps=20) == 20
True
>>> m.log_line(0, viewer=1).startswith("1. Rebels draw a card")
True
"""

from __future__ import annotations

from explorer.core import Action
from explorer.games.endor.rules import agree, plan_size, who
from explorer.games.endor.state import DEATH_STAR, EXECUTOR, FALCON, EndorState

_GROUPS = {"plan": "Plan", "order": "Orders", "pass": "Orders", "lose": "Orders", "move": "Move ships",
           "send": "Move ships", "deploy": "Move ships", "no move": "Move ships", "attack": "Attack",
           "no attack": "Attack", "fire": "Attack", "hit": "Assign hits", "place": "Stormtroopers"}


def action_group(state: EndorState, action: Action) -> str:
    """How the table groups a move: Plan, Orders, Move ships, Attack, Assign hits, Stormtroopers (by its kind
    alone, in every position)."""
    return _GROUPS.get(action.kind, action.kind.capitalize())


def turn_label(state: EndorState) -> str:
    """"Round 2 · Rebels" in the orders, "Round 2 · plan" while planning; "" during the first deal."""
    if state.stage == "deal":
        return ""
    if state.stage in ("plan", "draw"):
        return f"Round {state.round} · {state.stage}"
    return f"Round {state.round} · {who(state, state.seat)}"


def _sees(state: EndorState, viewer: int | None, seat: int) -> bool:
    return viewer is None or (0 <= viewer < state.seats and state.side(viewer) == state.side(seat))


def story(before: EndorState, action: Action, after: EndorState, *, viewer: int | None = None) -> str:
    """One line for ``action`` from ``before`` to ``after``, as ``viewer`` may see it.

    The verbs agree with the seat (:func:`~explorer.games.endor.rules.agree`):
    "Rebels place ...", "Empire places ...", "Rebel 1 places ...".
    """
    kind = action.kind
    if kind == "draw":
        task, seat, _ = before.pending[0]
        draws = f"{who(before, seat)} {agree(before, seat, 'draw')}"
        card = str(action.args[0])
        if task == "bonus":
            where = "top" if before.rules.bonus_on_top else "bottom"
            text = f"{draws} a bonus order face down to the {where} of the order pile"
            text += f" ({card})" if viewer is None else ""
        else:
            text = f"{draws} {card}" if _sees(before, viewer, seat) else f"{draws} a card"
        side = before.side(seat)
        if len(after.decks[side]) > len(before.decks[side]) - 1:
            text += f"; discard pile reshuffled into a new deck of {len(after.decks[side])}"
        return text + _tail(before, after)
    seat = before.seat
    name = who(before, seat)

    def does(verb: str) -> str:
        return agree(before, seat, verb)

    data = before.data
    step = before.step
    if kind == "plan":
        n = len(before.piles[seat]) + 1
        card = f" {action.args[0]}" if _sees(before, viewer, seat) else " a card"
        return f"{name} {does('place')}{card} face down as order {n} of {plan_size(before)}"
    if kind == "order":
        return (f"{name} {does('reveal')} {before.revealed} and {does('give')} the {action.args[0]} order"
                + _tail(before, after))
    if kind == "pass":
        return f"{name} {does('reveal')} {before.revealed} and {does('use')} no order on it" + _tail(before, after)
    if kind == "lose":
        return (f"{name} {does('reveal')} {before.revealed}: no order on it can be used, the turn is lost"
                + _tail(before, after))
    if kind == "move":
        ships, tname, src, dst = action.args
        return f"{name} {does('move')} {ships} {tname} {src} → {dst}"
    if kind == "send":
        tname = data.ship_types[step.ship].name
        return f"{name} {does('move')} {action.args[0]} {tname} {data.nodes[step.source]} → {data.nodes[step.dest]}"
    if kind == "deploy":
        n = before.tie_reserve - after.tie_reserve
        return (f"{name} {does('deploy')} {n} TIE at {action.args[0]} "
                f"(undeployed {before.tie_reserve} → {after.tie_reserve})")
    if kind == "no move":
        return f"{name} {does('do not move')}"
    if kind == "no attack":
        return f"{name} {does('do not attack')}" + _tail(before, after)
    if kind == "attack":
        tname = data.ship_types[step.ship].name
        return f"{name} {does('attack')} {action.args[1]} from {action.args[0]} with {after.step.dice} {tname} dice"
    if kind == "fire":
        return f"{name} {does('aim')} the Death Star at {action.args[0]}"
    if kind == "place":
        spaces = sorted(set(after.troopers) - set(before.troopers))
        return (f"{name} {does('place')} {len(spaces)} stormtrooper{'s' if len(spaces) > 1 else ''} on space"
                f"{'s' if len(spaces) > 1 else ''} {', '.join(map(str, spaces))}" + _tail(before, after))
    if kind == "hit":
        return f"{name} {does('hit')} {action.args[0]} with {action.args[1]}" + _tail(before, after)
    if kind == "roll":
        faces = " ".join(map(str, action.args))
        what = {"Shield Assault": "for the Shield Assault", "Luke Skywalker": "for Luke", "Darth Vader": "for Vader",
                "Death Star": f"for the Death Star at {data.nodes[step.target] if step.target >= 0 else ''}"}
        if step.order in what:
            purpose = what[step.order]
        elif step.target == DEATH_STAR:
            purpose = f"at the Death Star from {data.nodes[step.source]}"
        else:
            purpose = f"at {data.nodes[step.target]} from {data.nodes[step.source]}"
        return f"{name} {does('roll')} {len(action.args)} dice {purpose}: {faces}" + _tail(before, after, rolled=True)
    return f"{name}: {action}"


def _tail(before: EndorState, after: EndorState, *, rolled: bool = False) -> str:
    """" — what changed": ships destroyed, tracks moved, bonus orders earned, the game's end."""
    parts = changes(before, after)
    if rolled and not parts:
        parts = ["no effect"]
    return (" — " + "; ".join(parts)) if parts else ""


def changes(before: EndorState, after: EndorState) -> list[str]:
    """The visible differences between two positions, in the game's words."""
    data = before.data
    out = []
    lost = [after.destroyed[k] - before.destroyed[k] for k in range(len(data.ship_types))]
    for k, n in enumerate(lost):
        if n > 0:
            name = data.ship_types[k].name
            if k == FALCON:
                out.append("the Millennium Falcon is destroyed")
            elif k == EXECUTOR:
                out.append("the Executor is destroyed")
            else:
                out.append(f"{n} {name} destroyed")
    flipped = [data.nodes[data.marker_slots[m]] for m in range(len(before.markers))
               if before.markers[m] and not after.markers[m]]
    if flipped:
        out.append(f"fleet marker {', '.join(flipped)} destroyed and flipped")
    if after.falcon_hits != before.falcon_hits and not lost[FALCON]:
        out.append(f"Falcon hits {before.falcon_hits} → {after.falcon_hits} of {data.ship_types[FALCON].hits}")
    if after.executor_hits != before.executor_hits and not lost[EXECUTOR]:
        out.append(f"Executor hits {before.executor_hits} → {after.executor_hits} of "
                   f"{data.ship_types[EXECUTOR].hits}")
    if after.strike_team != before.strike_team:
        out.append(f"strike team {before.strike_team} → {after.strike_team} of {len(data.track)}")
        removed = len(set(before.troopers) - set(after.troopers))
        if removed:
            out.append(f"{removed} stormtrooper{'s' if removed > 1 else ''} back to the Empire's supply")
        if after.shields_down:
            out.append("the shields are down")
    if after.luke_hits != before.luke_hits:
        out.append(f"Luke {before.luke_hits} → {after.luke_hits} of {before.rules.luke_hits} hits"
                   + (" — Luke is destroyed" if not after.luke_alive else ""))
    if after.vader_hits != before.vader_hits:
        out.append(f"Vader {before.vader_hits} → {after.vader_hits} of {before.rules.vader_hits} hits"
                   + (" — Vader is destroyed" if after.vader == "destroyed" else ""))
    if after.vader == "redeemed" and before.vader != "redeemed":
        out.append("Vader is redeemed: Vader and the Emperor are destroyed")
    for seat in range(after.seats):
        n = _bonus_owed(after, seat) - _bonus_owed(before, seat)
        if n > 0:
            out.append(f"{who(after, seat)} {agree(after, seat, 'earn')} {n} bonus order{'s' if n > 1 else ''}")
    if after.winner and not before.winner:
        out.append(str(after.result()))
    return out


def _bonus_owed(state: EndorState, seat: int) -> int:
    """The bonus orders ``seat`` has still to draw.

    Only a rise in this total is an earning (seed §6): each bonus draw lowers it by one,
    and the shrunken entry ("bonus", seat, 2) it leaves in ``pending`` was earned before.
    """
    return sum(n for task, owner, n in state.pending if task == "bonus" and owner == seat)


def render(state: EndorState) -> str:
    """The position as text: sectors, markers, tracks, cards in hand and in the piles."""
    data = state.data
    lines = [f"Round {state.round} — {state.phase}"]
    for n, row in enumerate(state.ships):
        pieces = [f"{c} {data.ship_types[k].name}" for k, c in enumerate(row) if c]
        m = data.marker_slots.index(n) if n in data.marker_slots else -1
        if m >= 0:
            pieces.insert(0, "fleet marker" if state.markers[m] else "fleet marker (flipped)")
        if pieces:
            lines.append(f"  {data.nodes[n]:>4}: {', '.join(pieces)}")
    lines.append(f"  Falcon hits {state.falcon_hits}/{data.ship_types[FALCON].hits}, Executor hits "
                 f"{state.executor_hits}/{data.ship_types[EXECUTOR].hits}, undeployed TIE {state.tie_reserve}")
    lines.append(f"  Shield track: strike team {state.strike_team}/{len(data.track)}, stormtroopers on "
                 f"{list(state.troopers) or 'none'}")
    lines.append(f"  Duel: Luke {state.luke_hits}/{state.rules.luke_hits} hits, Vader {state.vader_hits}/"
                 f"{state.rules.vader_hits} hits ({state.vader})")
    for seat in range(state.seats):
        lines.append(f"  {who(state, seat)}: hand {len(state.hands[seat])}, order pile {len(state.piles[seat])}")
    if state.revealed:
        lines.append(f"  Revealed: {state.revealed}")
    return "\n".join(lines)
