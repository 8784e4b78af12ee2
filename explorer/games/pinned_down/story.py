"""The story of a move in the game's words, and the position drawn as text.

The rules tell what a move did from the position before and after it: which
card was revealed and what it cost, how a fight came out and why, what a
damage card did to structure. A seat that may not see a card (another
player's draw, the cards a player looked at) reads that a card was drawn.

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("pinned_down"), seed=1)
>>> _ = m.step()
>>> m.log_line(0, viewer=None).startswith("1. Player 1 draws "), m.log_line(0, viewer=1)
(True, '1. Player 1 draws a card (draw deck 20 → 19)')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.actions import actor

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


def _who(s: "S", p: int) -> str:
    return s.game.player_name(p)


def _ship(s: "S", p: int) -> str:
    return f"{_who(s, p)}'s {s.players[p].flagship}"


def _threat(s: "S", after: "S") -> str:
    return f" (threat {s.threat} → {after.threat})" if after.threat != s.threat else ""


def _consequences(s: "S", after: "S") -> str:
    """What else changed on the table: the phase, the game's end."""
    if after.is_terminal():
        return f" — {after.outcome}"
    if after.turn != s.turn:
        return f" — turn {after.turn} begins"
    if after.stage != s.stage and after.stage in ("reveal", "assign", "order", "fight", "jump", "pick", "wrap up") and (
            not after.pending):
        return f" — {after.phase}"
    return ""


def story(s: "S", action: Action, after: "S", *, viewer: int | None = None) -> str:
    step = s.pending[0] if s.pending else None
    k = action.kind
    arg = str(action.args[0]) if action.args else ""
    tail = _threat(s, after) + _consequences(s, after)
    if s.is_chance():
        if k == "draw" and step is not None:
            p = step.player
            card = arg if viewer is None or viewer == p else "a card"
            return f"{_who(s, p)} draws {card} (draw deck {len(s.players[p].deck)} → {len(after.players[p].deck)})" + tail
        if k == "reveal" and step is None:
            reshuffled = " (the attack discard pile is shuffled into a new attack deck)" if not len(s.attack_deck) else ""
            cost = fx.enemy_threat(s, arg)
            if cost > s.threat:
                return (f"The attack deck reveals {arg}{reshuffled}: it costs {cost}, more than the {s.threat} in the "
                        f"pool — ignored and discarded, revealing stops")
            return f"The attack deck reveals {arg}{reshuffled}, cost {cost}" + tail
        if k == "reveal" and step is not None:
            if step.kind == "cooley":
                seen = arg if viewer is None or viewer == step.player else "a card"
                return f"Dr. Cooley reveals the top of {_who(s, step.player)}'s draw deck: {seen}"
            return f"Ms. Cleveland reveals the top location: {arg}"
        if k == "destiny" and step is not None:
            side = "the enemy" if step.note == "enemy destiny" else _who(s, step.player)
            return f"Battle destiny for {side}: {arg} (threat {s.data.card(arg).threat})" + tail
        if k == "damage" and step is not None:
            p = step.player
            damage = s.data.card(arg)
            return (f"{_ship(s, p)} takes {arg} ({step.note}; power {damage.power:+d}, structure {s.structure(p)}% → "
                    f"{max(0, s.structure(p) - damage.structure)}%)" + tail)
        if k == "target" and step is not None:
            return f"{step.note} strikes {_ship(s, whole_arg(action.args[0]))}"
        if k == "lose" and step is not None:
            return f"{step.note}: {_who(s, step.player)} loses {arg}"
        if k == "look" and step is not None:
            seen = arg if viewer is None or viewer == step.player else "a card"
            return f"{_who(s, step.player)} looks at the next attack card ({step.note}): {seen}" + tail
        if k == "locations":
            c = s.data.card(arg)
            what = "Initial location" if step is not None else "Location revealed"
            return f"{what}: {arg} (distance {c.distance}, {c.location_type})" + tail
        return f"Chance: {action}" + tail
    p = actor(s, action)
    who = _who(s, p)
    if k == "end" and s.stage == "main":
        return f"{who} ends the main phase" + tail
    if k in ("play", "use") and s.stage == "main" and len(s.players) > 1:
        return f"{who}: {str(action).split(': ', 1)[-1]}" + tail
    if k == "resolve" and s.fight is not None:
        mine, theirs = fx.player_power(s), fx.enemy_power(s)
        enemy = s.enemies[s.fight.enemy].name
        if mine > theirs:
            how = f"wins, {mine} against {theirs}: {enemy} is discarded"
        elif after.players[p].destroyed or (after.is_terminal() and s.knobs.overpowered and theirs >= 2 * mine):
            how = f"is overpowered, {mine} against {theirs}: destroyed"
        else:
            how = f"loses, {mine} against {theirs}: damaged"
        return f"{_ship(s, p)} fights {enemy} and {how}" + tail
    if k == "assign":
        return f"{who} assigns {s.players[p].flagship} to {s.enemies[whole_arg(action.args[1])].name}" + tail
    if k == "leave":
        return f"{who} leaves {s.players[p].flagship} unassigned" + tail
    if k == "fight":
        q = whole_arg(action.args[0])
        return f"The players choose the next fight: {_ship(s, q)} against {s.enemies[s.assigned[q]].name}" + tail
    if k == "jump":
        return f"The fleet jumps to {arg} (distance {s.distance} → {after.distance})" + tail
    if k in ("discard", "put", "keep") and step is not None and step.kind in ("look_discard", "look_order"):
        shown = arg if viewer is None or viewer == p else "a card"
        verb = "discards" if k == "discard" else "puts back"
        return f"{who} {verb} {shown} ({step.note})" + tail
    if k == "discard" and viewer is not None and viewer != p and step is not None and step.kind != "cleveland_choice":
        return f"{who} discards a card" + tail
    return f"{who}: {action}" + tail


def render(s: "S") -> str:
    """The table as text: location and distance, threat, each ship, enemies, the decks."""
    lines = [f"Pinned Down ({s.game.variant}) · turn {s.turn} · {s.phase}",
             f"Location: {s.location or '-'} · distance {s.distance}/{s.knobs.victory_distance} · "
             f"threat pool {s.threat}"]
    for p, f in enumerate(s.players):
        state = "destroyed" if f.destroyed else f"structure {s.structure(p)}%"
        lines.append(f"{_who(s, p)} ({f.wing}): {f.flagship}, {state}; crew: {', '.join(f.characters) or '-'}; "
                     f"damage: {', '.join(f.damage) or '-'}")
        lines.append(f"  hand: {f.hand}; draw deck {len(f.deck)}; discard {len(f.discard)}")
    if s.enemies:
        lines.append("Enemies: " + ", ".join(e.name for e in s.enemies))
    lines.append(f"Attack deck {len(s.attack_deck)} (discard {len(s.attack_discard)}) · damage deck "
                 f"{len(s.damage_deck)} · location deck {len(s.location_deck)}")
    if s.outcome:
        lines.append(s.outcome)
    return "\n".join(lines)


GROUPS = {"play": "Play", "use": "Powers", "assign": "Assign", "leave": "Assign", "resolve": "Fight",
          "jump": "Jump", "end": "Pass", "pass": "Pass", "discard": "Discard", "keep": "Discard",
          "shuffle": "Attack effect", "decline": "Attack effect", "put": "Order the attack deck",
          "fight": "Next fight"}


def action_group(s: "S", action: Action) -> str:
    """How the table groups a move in the panel's list (in a main phase of several players: by player first)."""
    group = GROUPS.get(action.kind, "Chance")
    if s.stage == "main" and not s.pending and len(s.players) > 1 and group != "Chance":
        return f"{s.game.player_name(actor(s, action))} · {group}"
    return group


def turn_label(s: "S") -> str:
    """``"Turn 3"``; "" during the setup."""
    return "" if s.stage == "setup" else f"Turn {s.turn}"
