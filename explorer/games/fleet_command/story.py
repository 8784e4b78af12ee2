"""The story of a move in the game's words, the turn a position belongs to, and a text drawing.

Every line is computed by the rules from the state before and after the move
(docs/architecture.md rule 8). Hands are hidden: with ``viewer`` set to a seat, the other
player's draws and face-down initiative card read "a card".

>>> import explorer
>>> s = explorer.load_game("fleet_command").position_from_text(tactics.EXAMPLE)
>>> a = s.legal_actions()[0]
>>> s.story(a, s.apply(a))
"Player 1's Interceptor shoots enemy Fighter (2 cubes), drawing a card"
"""

from __future__ import annotations

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.games.fleet_command import tactics  # noqa: F401 (doctest)
from explorer.games.fleet_command.geometry import Pose
from explorer.games.fleet_command.movement import describe

from explorer.games.fleet_command.rules import DECK_OUT_BETWEEN_ROUNDS
from explorer.games.fleet_command.state import FleetState

GROUPS = {
    "place": "Place ships", "draw": "Draw", "discard": "Discard", "initiative": "Initiative",
    "initiative to": "Initiative", "move": "Move ships", "path": "Lay out the path",
    "activate": "Activate", "attach": "Activate", "replenish": "Play a card", "pass": "Pass",
    "shoot": "Shoot", "big guns": "Play a card", "hold fire": "Pass", "reveal": "Draw",
    "repair": "Repair", "take hit": "Repair",
}
PHASE_NAMES = {
    "draw": "Initiative", "discard": "Initiative", "initiative": "Initiative", "tie": "Initiative",
    "movement": "Movement", "path": "Movement", "activation": "Activation", "combat": "Combat",
    "shot": "Combat", "repair": "Combat",
}


def _name(state: FleetState, p: int) -> str:
    return state.game.player_name(p)


def turn_label(state: FleetState) -> str:
    """``"Round 2 · Movement"``; ``""`` during setup, before the first round.

    The game ends when a card must be drawn and the deck is empty (seed §8): at a shot's draw
    (the Combat Phase; the shot is still on the table), at the Initiative Phase's draws, or when a
    round ends with the deck already empty — then the next round never begins, and the end keeps
    the Combat heading of the round just played (no "Round 6 · Initiative" heading after the end).
    """
    if state.round == 0:
        return ""
    if state.stage == "over":
        ended_in_combat = state.shot is not None or state.outcome == DECK_OUT_BETWEEN_ROUNDS
        return f"Round {state.round} · {'Combat' if ended_in_combat else 'Initiative'}"
    return f"Round {state.round} · {PHASE_NAMES.get(state.stage, 'Initiative')}"


def action_group(state: FleetState, action: Action) -> str:
    return GROUPS.get(action.kind, action.kind.capitalize())


def _cubes(before: FleetState, after: FleetState, p: int, name: str) -> str:
    a, b = before.fleets[p].ship(name), after.fleets[p].ship(name)
    if b.destroyed and not a.destroyed:
        return f"{name} cubes {a.cubes} → 0, destroyed"
    return f"{name} cubes {a.cubes} → {b.cubes}"


def story(before: FleetState, action: Action, after: FleetState, *, viewer: int | None = None) -> str:
    line = _line(before, action, after, viewer)
    if after.stage == "over" and before.stage != "over":
        line += f" — {after.outcome}: game over"
    return line


def _line(s: FleetState, action: Action, after: FleetState, viewer: int | None) -> str:  # noqa: C901 (one branch per kind of action)
    kind, args = action.kind, action.args
    p = s.current_player if s.current_player >= 0 else s.actor  # a shot's draw is the shooter's
    who = _name(s, p)
    if kind == "place":
        ship = after.fleets[p].ship(str(args[0]))
        return f"{who} places {args[0]} at {_at(ship.pose)} (column {args[1]}, row {args[2]})"
    if kind == "draw":
        drawer = s.draws[0]
        seen = viewer is None or viewer == drawer
        what = str(args[0]) if seen else "a card"
        return f"{_name(s, drawer)} draws {what} (deck {len(s.deck)} → {len(after.deck)})"
    if kind == "discard":
        return f"{who} discards {args[0]} (hand limit {s.params.hand_limit})"
    if kind == "initiative":
        line = f"{who} puts {args[0] if viewer in (None, p) else 'a card'} face down for initiative"
        if after.stage != "initiative":
            shown = ", ".join(f"{_name(s, q)} {after_card(s, after, q, str(args[0]))}" for q in (0, 1))
            line += f"; revealed: {shown}"
            if after.stage != "tie":
                line += f" — {_name(s, after.initiative)} takes initiative{_first_mover(s, after.initiative)}"
            else:
                line += " — a full tie in round 1: chance decides"
        return line
    if kind == "initiative to":
        taker = whole_arg(args[0])
        return f"Chance: {_name(s, taker)} takes initiative (a full tie in round 1){_first_mover(s, taker)}"
    if kind == "move":
        name, boost, how, source = (str(a) for a in args)
        tiles = after.moving.tiles if after.moving else 0
        extra = ""
        if boost == "activate":
            payer = {"cube": name, "hopper": source}.get(how)
            extra = f", activating ({_cubes(s, after, p, payer)})" if payer else f", activating with {source}"
        elif boost == "card":
            extra = f" with {source + chr(39) + 's ' if source else ''}{how}"
        return f"{who} moves {name} with {tiles} tile{'s' if tiles != 1 else ''}{extra}"
    if kind == "path":
        assert s.moving is not None
        name = s.moving.ship
        ship = after.fleets[p].ship(name)
        assert ship.pose is not None
        shots = tactics.targets(after, p, name)
        aim = f"; in arc and range: enemy {', '.join(shots)}" if shots else ""
        return f"{who}'s {name}: {describe(tuple(str(c) for c in args))} → {_at(ship.pose)}{aim}"
    if kind == "activate":
        name = str(args[0])
        gained = [sh.name for sh, old in zip(after.fleets[p].ships, s.fleets[p].ships) if sh.cubes > old.cubes]
        how, source = str(args[1]), str(args[2])
        paid = f" with {source}" if how == "surge" else f" ({_cubes(s, after, p, source if how == 'hopper' else name)})"
        return f"{who} activates {name}{paid}: +1 cube on {', '.join(gained) or 'no ship in range'}"
    if kind == "attach":
        card, target, how1, source1, how2, source2 = (str(a) for a in args)
        builder = next(sh for sh, old in zip(after.fleets[p].ships, s.fleets[p].ships)
                       if sh.kind == "Construction Ship" and sh.activated and not old.activated)
        payers = dict.fromkeys([builder.name if how == "cube" else src
                                for how, src in ((how1, source1), (how2, source2)) if how != "surge"])
        payments = [_cubes(s, after, p, name) for name in payers]
        payments += [f"{src} played" for how, src in ((how1, source1), (how2, source2)) if how == "surge"]
        return f"{who}'s {builder.name} attaches {card} to {target} ({'; '.join(payments)})"
    if kind == "replenish":
        card, target, carrier = (str(a) for a in args)
        src = f" from {carrier}" if carrier else ""
        return f"{who} plays {card}{src}: {_cubes(s, after, p, target)}"
    if kind == "pass":
        ends = " — the Activation Phase ends" if after.stage != "activation" else ""
        return f"{who} passes{ends}"
    if kind == "shoot":
        name, target, card = (str(a) for a in args)
        cubes = s.fleets[1 - p].ship(target).cubes
        line = f"{who}'s {name} shoots enemy {target} ({cubes} cube{'s' if cubes != 1 else ''})"
        if not card:
            return line + ", drawing a card"
        return line + f" with {card}" + _outcome(s, after, p, target, card)
    if kind == "reveal":
        assert s.shot is not None
        return f"{who} draws {args[0]} for the shot" + _outcome(s, after, p, s.shot.target, str(args[0]))
    if kind == "big guns":
        card, carrier = (str(a) for a in args)
        return f"{who} plays {card}{' from ' + carrier if carrier else ''}: range +{s.params.big_guns_bonus} " \
               f"this turn (now {after.fleets[p].range_bonus} extra)"
    if kind == "hold fire":
        return f"{who} holds fire for the rest of the Combat Phase"
    if kind == "repair":
        assert s.shot is not None
        card, carrier = (str(a) for a in args)
        return f"{who} plays {card}{' from ' + carrier if carrier else ''}: {s.shot.target} keeps a cube"
    if kind == "take hit":
        assert s.shot is not None
        return f"{who} takes the hit: {_cubes(s, after, p, s.shot.target)}"
    return f"{who}: {action}"


def _first_mover(s: FleetState, taker: int) -> str:
    """Seed, Movement Phase: "Beginning with the player who did not receive initiative"."""
    return f"; {_name(s, 1 - taker)}, without initiative, moves first"


def _at(pose: Pose | None) -> str:
    """Where a ship stands, as a player measures it: tile-lengths to one decimal from Player 1's left corner.

    >>> from explorer.games.fleet_command.geometry import Q
    >>> _at(Pose(Q(4.5, -1), Q(2), 60))
    '(3.6, 2.0) facing 60°'
    """
    if pose is None:
        return "off the table"
    return f"({pose.fx:.1f}, {pose.fy:.1f}) facing {pose.heading}°"


def after_card(s: FleetState, after: FleetState, q: int, last: str) -> str:
    return s.fleets[q].chosen or last


def _outcome(s: FleetState, after: FleetState, p: int, target: str, card: str) -> str:
    number = s.data.card_number(card)
    cubes = s.fleets[1 - p].ship(target).cubes
    if number > cubes:
        return f" — miss ({number} > {cubes})"
    if after.stage == "repair":
        hits = after.shot.hits if after.shot else 1
        return f" — hit ({number} ≤ {cubes}): {hits} cube{'s' if hits > 1 else ''} to remove, " \
               f"{_name(s, 1 - p)} may Repair"
    return f" — hit ({number} ≤ {cubes}): {_cubes(s, after, 1 - p, target)}"


def render(state: FleetState) -> str:
    """The position as text: phase, deck, and each fleet's ships and hand."""
    lines = [f"Space Fleet Command — {state.phase}; deck {len(state.deck)}, discard {len(state.discard)}"]
    if state.initiative >= 0:
        lines.append(f"Initiative: {_name(state, state.initiative)}")
    for p, fleet in enumerate(state.fleets):
        lines.append(f"{_name(state, p)}: hand {fleet.hand}; supply {fleet.supply}")
        for ship in fleet.ships:
            where = "destroyed" if ship.destroyed else str(ship.pose) if ship.pose else "not placed"
            extra = f"; attached {ship.attached}" if ship.attached else ""
            lines.append(f"  {ship.name}: {ship.cubes} cubes, {where}{extra}")
    return "\n".join(lines)
