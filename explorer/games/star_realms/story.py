"""The story of a move in the game's words, the turn a position belongs to, and how moves group.

The rules tell the story: each line is computed from the position before a move
and the position after it ("Player 1 attacks Player 2 for 5 (Authority 45 → 40)",
"Player 2 draws Scout (deck 1 → 0, discard reshuffled: 12 cards)", "Player 1 buys
Cutter (Trade 4 → 2)"). Chance lines say whose draw it is. With ``viewer`` set to
a seat, another seat's drawn card is hidden ("Player 2 draws a card").

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> outcome = s.chance_outcomes()[0][0]
>>> s.story(outcome, s.apply(outcome))
'Trade row: Barter World revealed (trade deck 80 → 79)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import Action

if TYPE_CHECKING:
    from explorer.games.star_realms.state import PlayerState, StarRealmsState

GROUPS = {"play": "Play", "use": "Use a base", "buy": "Buy", "attack": "Attack", "end": "End turn",
          "switch": "Teammates", "draw": "Draw", "reveal": "Trade row"}


def _who(seat: int) -> str:
    return f"Player {seat + 1}"


def _arrow(what: str, before: int, after: int) -> str:
    return f"{what} {before} → {after}"


def _pool_changes(s: "StarRealmsState", after: "StarRealmsState", me: int) -> list[str]:
    """Trade, Combat and Authority that changed, mover first, as "Trade 0 → 2"."""
    from explorer.games.star_realms.rules import trade_available

    found = []
    if s.stage == "main" and after.stage == "main" and s.group == after.group:
        t0, t1 = trade_available(s, me), trade_available(after, me)
        if t0 != t1:
            found.append(_arrow("Trade", t0, t1))
        c0, c1 = s.players[me].combat, after.players[me].combat
        if c0 != c1:
            found.append(_arrow("Combat", c0, c1))
    lives = s.fmt.lives
    for seat in sorted(range(len(s.players)), key=lambda q: q != me):
        if lives.index(lives[seat]) != seat:
            continue  # a shared Hydra Authority is told once, for its first seat
        a0, a1 = s.authority_of(seat), after.authority_of(seat)
        if a0 != a1:
            label = "Authority" if seat == me else f"{_target_name(s, seat)}'s Authority"
            found.append(_arrow(label, a0, a1))
    return found


def _target_name(s: "StarRealmsState", seat: int) -> str:
    return f"Team {s.fmt.teams[seat] + 1}" if s.fmt.shares_life(seat) else _who(seat)


def _reshuffle(before: "PlayerState", after: "PlayerState") -> str:
    """", discard reshuffled: N cards" when the discard pile became the deck during the move."""
    if len(after.deck) > len(before.deck) and not after.deck.top and not after.discard and len(after.deck) > 0:
        return f", discard reshuffled: {len(after.deck)} cards"
    return ""


def _card_note(s: "StarRealmsState") -> str:
    task = s.queue[0] if s.queue else None
    return f" ({task.card})" if task is not None and task.card else ""


def _ending(s: "StarRealmsState", after: "StarRealmsState") -> str:
    notes = []
    for seat in range(len(s.players)):
        if s.alive[seat] and not after.alive[seat]:
            notes.append(f"{_who(seat)} is out")
    result = after.result()
    if result is not None:
        notes.append(f"game over: {result.reason}")
    return "".join(f" — {n}" for n in notes)


def _base_words(s: "StarRealmsState", action: Action, me: int) -> tuple[str, int]:
    """``("Player 2's Blob Wheel", owner)`` for a base named in an attack or destroy move."""
    name = str(action.args[0])
    owner = int(action.args[3]) - 1 if len(action.args) > 1 else 1 - me
    return f"{_who(owner)}'s {name}", owner


def _chance(s: "StarRealmsState", action: Action, after: "StarRealmsState", viewer: int | None) -> str:
    task = s.queue[0]
    if action.kind == "reveal":
        return (f"Trade row: {action.args[0]} revealed "
                f"({_arrow('trade deck', len(s.trade_deck), len(after.trade_deck))})")
    seat = task.player
    before, now = s.players[seat], after.players[seat]
    seen = viewer is None or viewer == seat
    card = str(action.args[0]) if seen else "a card"
    drawn_to = len(before.deck) - 1
    note = _reshuffle(before.__class__(deck=before.deck.after_draw(action.args[0])), now) if drawn_to == 0 else ""
    left = f", {task.amount - 1} more to draw" if task.amount > 1 else ""
    return f"{_who(seat)} draws {card} ({_arrow('deck', len(before.deck), drawn_to)}{note}{left})"


def _main(s: "StarRealmsState", action: Action, after: "StarRealmsState") -> str:
    me = s.actor
    who = _who(me)
    kind, args = action.kind, action.args
    if kind == "end":
        members = s.members()
        parts = []
        for m in members:
            p = s.players[m]
            gone = len(p.hand) + len(p.ships)
            parts.append(f"{_who(m)} discards {gone} (hand {len(p.hand)}, ships {len(p.ships)})"
                         f"{_reshuffle(p, after.players[m])}")
        team = f"Team {s.fmt.teams[me] + 1} ends its turn" if len(members) > 1 else f"{who} ends the turn"
        return f"{team}: " + "; ".join(parts)
    if kind == "switch":
        return f"{who} hands the team's main phase to {_who(args[2] - 1)}"
    if kind == "attack" and args[0] in ("player", "team"):
        seat = args[1] - 1 if args[0] == "player" else next(
            q for q in range(len(s.players)) if s.fmt.teams[q] == args[1] - 1)
        target = _target_name(s, seat)
        line = (f"{who} attacks {target} for {args[2]} "
                f"({_arrow('Authority', s.authority_of(seat), after.authority_of(seat))})")
        return line + _ending(s, after)
    if kind == "attack":
        base, _ = _base_words(s, action, me)
        return (f"{who} attacks and destroys {base} "
                f"({_arrow('Combat', s.players[me].combat, after.players[me].combat)})")
    verbs = {"play": "plays", "use": "uses", "scrap": "scraps", "buy": "buys"}
    line = f"{who} {verbs.get(kind, kind)} {args[0]}"
    if kind == "buy" and len(args) > 1:
        line += " onto the top of their deck"
    changes = _pool_changes(s, after, me)
    return line + (f" ({', '.join(changes)})" if changes else "") + _ending(s, after)


def _decision(s: "StarRealmsState", action: Action, after: "StarRealmsState") -> str:
    task = s.queue[0]
    me = task.player
    who = _who(me)
    kind, args = action.kind, action.args
    note = _card_note(s)
    if kind == "done":
        line = f"{who} stops{note}"
    elif kind == "choose":
        line = f"{who} chooses {args[0]}{note}"
    elif kind == "target":
        line = f"{who} makes Player {args[1]} discard{note}"
    elif kind == "discard":
        line = f"{who} discards {args[0]}{note}"
    elif kind == "scrap":
        where = {"hand": "from hand", "discard": "from the discard pile", "row": "from the trade row"}[str(args[0])]
        line = f"{who} scraps {args[1]} {where}{note}"
    elif kind == "destroy":
        base, _ = _base_words(s, action, me)
        line = f"{who} destroys {base}{note}"
    elif kind == "acquire":
        line = f"{who} acquires {args[0]} free onto the top of their deck{note}"
    elif kind == "copy":
        line = f"{who}'s Stealth Needle copies {args[0]}"
    else:
        line = f"{who}: {action}"
    changes = _pool_changes(s, after, me)
    return line + (f" ({', '.join(changes)})" if changes else "") + _ending(s, after)


def story(s: "StarRealmsState", action: Action, after: "StarRealmsState", *, viewer: int | None = None) -> str:
    """One line saying what ``action`` did from ``s`` to ``after``, as ``viewer`` may see it."""
    if s.is_chance():
        return _chance(s, action, after, viewer)
    if s.queue:
        return _decision(s, action, after)
    return _main(s, action, after)


def turn_label(s: "StarRealmsState") -> str:
    """``"Turn 3 · Player 1"`` (``"Turn 3 · Team 1"`` in team formats); ``""`` during setup."""
    if s.stage == "setup" or s.turn == 0:
        return ""
    group = s.fmt.groups[s.group]
    if len(group) > 1:
        return f"Turn {s.turn} · Team {s.fmt.teams[group[0]] + 1}"
    return f"Turn {s.turn} · {_who(group[0])}"


def action_group(s: "StarRealmsState", action: Action) -> str:
    """How the table groups a move: Play, Use a base, Scrap, Buy, Attack, Teammates, End turn, or the ability."""
    if s.queue and not s.is_chance():
        task = s.queue[0]
        return f"Resolve {task.card}" if task.card else "Resolve"
    if action.kind == "scrap":
        return "Scrap"
    return GROUPS.get(action.kind, action.kind.capitalize())
