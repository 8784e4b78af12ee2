"""The story of a move in the game's words, the turn a position belongs to, and how moves group.

The rules tell the story: the move itself is worded from the position before it ("Player 1
attacks Player 2 for 5", "Player 2 draws Scout (deck 1 → 0, discard reshuffled: 12 cards)"),
and every effect the rules resolved on the way is told from their own report of the move
(:mod:`move_events`: each step the rules took), worded by :mod:`effect_words` with the pools it changed:
"Player 2 plays Cutter: +4 Authority, +2 Trade (Authority 46 → 50, Trade 0 → 2)"; another
ability that resolved follows after a semicolon ("; Blob Fighter's ally ability: draw a card").
Chance lines say whose draw it is. With ``viewer`` set to a seat, another seat's drawn card is
hidden ("Player 2 draws a card").

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> outcome = s.chance_outcomes()[0][0]
>>> s.story(outcome, s.apply(outcome))
'Trade row: Barter World revealed (trade deck 80 → 79)'
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING

from explorer.core.actions import whole_arg
from explorer.core import Action

from explorer.games.star_realms.main_phase import END
from explorer.games.star_realms.effect_words import SEPARATOR, effect_parts
from explorer.games.star_realms.move_events import Told, told

if TYPE_CHECKING:
    from explorer.games.star_realms.state import InPlay, PlayerState, StarRealmsState

GROUPS = {"play": "Play", "use": "Use a base", "buy": "Buy", "attack": "Attack", "end": "End turn",
          "switch": "Teammates", "draw": "Draw", "reveal": "Trade row"}


def _who(seat: int) -> str:
    return f"Player {seat + 1}"


def _arrow(what: str, before: int, after: int) -> str:
    return f"{what} {before} → {after}"


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
    owner = whole_arg(action.args[3]) - 1 if len(action.args) > 1 else 1 - me
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


def _main(s: "StarRealmsState", action: Action) -> str:
    """The main-phase move in words, without its effects and pools (``effect_words`` adds them)."""
    me = s.actor
    who = _who(me)
    kind, args = action.kind, action.args
    if kind == "end":
        members = s.members()
        parts = []
        for m in members:
            p = s.players[m]
            gone = len(p.hand) + len(p.ships)
            parts.append(f"{_who(m)} discards {gone} (hand {len(p.hand)}, ships {len(p.ships)})")
        team = f"Team {s.fmt.teams[me] + 1} ends its turn" if len(members) > 1 else f"{who} ends the turn"
        return f"{team}: " + "; ".join(parts)
    if kind == "switch":
        return f"{who} hands the team's main phase to {_who(whole_arg(args[2]) - 1)}"
    if kind == "attack" and args[0] in ("player", "team"):
        seat = whole_arg(args[1]) - 1 if args[0] == "player" else next(
            q for q in range(len(s.players)) if s.fmt.teams[q] == whole_arg(args[1]) - 1)
        return f"{who} attacks {_target_name(s, seat)} for {args[2]}"
    if kind == "attack":
        base, _ = _base_words(s, action, me)
        return f"{who} attacks and destroys {base}"
    verbs = {"play": "plays", "use": "uses", "scrap": "scraps", "buy": "buys"}
    line = f"{who} {verbs.get(kind, kind)} {args[0]}"
    if kind == "buy" and len(args) > 1:
        line += " onto the top of their deck"
    return line


def _decision(s: "StarRealmsState", action: Action) -> str:
    """A choice inside an ability in words, without its effects and pools."""
    task = s.queue[0]
    who = _who(task.player)
    kind, args = action.kind, action.args
    note = _card_note(s)
    if kind == "done":
        return f"{who} stops{note}"
    if kind == "choose":
        return f"{who} chooses {args[0]}{note}"
    if kind == "target":
        return f"{who} makes Player {args[1]} discard{note}"
    if kind == "discard":
        return f"{who} discards {args[0]}{note}"
    if kind == "scrap":
        where = {"hand": "from hand", "discard": "from the discard pile", "row": "from the trade row"}[str(args[0])]
        return f"{who} scraps {args[1]} {where}{note}"
    if kind == "destroy":
        base, _ = _base_words(s, action, task.player)
        return f"{who} destroys {base}{note}"
    if kind == "acquire":
        return f"{who} acquires {args[0]} free onto the top of their deck{note}"
    if kind == "copy":
        return f"{who}'s Stealth Needle copies {args[0]}"
    return f"{who}: {action}"


def _own(s: "StarRealmsState", action: Action) -> tuple[str, str] | None:
    """The ability the move itself sets off, whose effects the head line tells (``("Cutter", "primary")``)."""
    kind, args = action.kind, action.args
    if s.is_chance():
        return None
    if s.queue:
        task = s.queue[0]
        if kind == "copy":
            return (str(args[0]), "primary")
        return (task.card, task.slot.split("/", 1)[0]) if kind in ("choose", "done", "discard", "scrap") else None
    if kind in ("play", "use"):
        return (str(args[0]), "primary")
    if kind == "scrap":
        copied = [r.copied for r in s.players[s.actor].ships if r.name == args[0] and r.copied]
        return (copied[0] if copied else str(args[0]), "scrap")
    return None


def _mover(s: "StarRealmsState") -> int:
    """Whose line it is: the drawing or deciding player, or the one taking the main phase."""
    return s.queue[0].player if s.queue else s.actor


def story_events(s: "StarRealmsState", action: Action, after: "StarRealmsState") -> tuple[Told, ...] | None:
    """What the rules report ``action`` did from ``s`` (:func:`move_events.told`), or ``None`` if ``after`` is not
    the position it leads to (then only the move itself can be told).

    >>> import explorer
    >>> from explorer.core import Action
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> s = s.replace(stage="main", queue=()).with_player(0, hand=s.players[0].hand.add("Viper"))
    >>> story_events(s, Action("play", ("Viper",)), s.apply("play Viper"))
    (Told(what='combat', seat=0, amount=1, card='Viper', ability='primary', kind=''),)
    """
    key = (id(s), id(after), action)
    known = _EVENTS.get(key)
    if known is not None and known[0] is s and known[1] is after:
        return known[2]
    reached, events = told(s, action)
    found = events if reached == after else None
    _remember(_EVENTS, key, (s, after, found))
    return found


def story(s: "StarRealmsState", action: Action, after: "StarRealmsState", *, viewer: int | None = None) -> str:
    """What ``action`` did from ``s`` to ``after``, as ``viewer`` may see it: the move, with each effect the
    rules resolved on the way told in its line (``effect_words``).

    A log redraws its last 200 lines at every step, so each line is remembered for the positions it joins
    (by identity, kept alive with it; the older half is forgotten past 4,096 lines).
    """
    key = (id(s), id(after), action, viewer)
    known = _LINES.get(key)
    if known is not None and known[0] is s and known[1] is after:
        return known[2]
    line = tell(s, action, after, story_events(s, action, after), viewer=viewer)
    _remember(_LINES, key, (s, after, line))
    return line


_EVENTS: dict[tuple, tuple] = {}
_LINES: dict[tuple, tuple] = {}
_KEEP = 4096


def _remember(cache: dict[tuple, tuple], key: tuple, value: tuple) -> None:
    if len(cache) >= _KEEP:  # forget the older half (a log's own lines come back, and are told again)
        for old in list(islice(cache, _KEEP // 2)):
            del cache[old]
    cache[key] = value


def told_move(s: "StarRealmsState", action: Action, *, viewer: int | None = None
              ) -> tuple["StarRealmsState", str, tuple[Told, ...]]:
    """``(after, story, events)``: the position ``action`` leads to, its story and the events told in it, in one go.

    >>> import explorer
    >>> from explorer.core import Action
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> s = s.replace(stage="main", queue=()).with_player(0, hand=s.players[0].hand.add("Cutter"))
    >>> print(told_move(s, Action("play", ("Cutter",)))[1])
    Player 1 plays Cutter: +4 Authority, +2 Trade (Authority 50 → 54, Trade 0 → 2)
    """
    after, events = told(s, action)
    return after, tell(s, action, after, events, viewer=viewer), events


def tell(s: "StarRealmsState", action: Action, after: "StarRealmsState", events: tuple[Told, ...] | None, *,
         viewer: int | None = None) -> str:
    """The story of ``action`` with the ``events`` the rules reported for it (``None``: the move alone)."""
    if s.is_chance():
        head = _chance(s, action, after, viewer)
    elif s.queue:
        head = _decision(s, action)
    else:
        head = _main(s, action)
    if events is None:  # not this move's position: tell the move alone
        return head + _ending(s, after)
    if "reshuffled" in head or action == END:  # the head already says so (one line per draw)
        events = tuple(e for e in events if not (e.what == "reshuffle" and not e.card))
    tail = ""
    if action == END:  # "Player 1 ends the turn (Trade 2 → 0): Player 1 discards 5 (hand 0, ships 5)"
        head, discards = head.split(": ", 1)
        tail = f": {discards}"
    # "chooses +2 Trade (Barter World)" already names the option: its effects show as the pools only
    parts = effect_parts(s, head, events, _mover(s), _own(s, action), tail, name_own=action.kind != "choose")
    return SEPARATOR.join(parts) + _ending(s, after)


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


# --- the text view: the trade row, then each player's Authority, bases, ships, hand and piles ---
def _record(s: "StarRealmsState", r: "InPlay") -> str:
    card = s.card(r.name)
    text = r.name + (f" (copying {r.copied})" if r.copied else "")
    if card.is_base:
        text += f" [{'outpost' if card.is_outpost else 'base'} {card.defense}{', used' if r.primary_used else ''}]"
    return text


def render(s: "StarRealmsState") -> str:
    fmt = s.fmt
    lines = [f"Star Realms — {fmt.name}, {s.phase}"]
    lines.append(f"Trade row: {s.row}   (trade deck {len(s.trade_deck)}, Explorers {s.explorers}, "
                 f"scrap heap {len(s.scrap_heap)})")
    for seat, p in enumerate(s.players):
        role = f" {fmt.roles[seat]}" if fmt.roles[seat] else ""
        team = f" team {fmt.teams[seat] + 1}" if len(set(fmt.teams)) < fmt.players else ""
        mark = " <" if seat == s.actor and s.stage == "main" else ""
        state = "" if s.alive[seat] else " (eliminated)"
        lines.append(f"Player {seat + 1}{team}{role}: Authority {s.authority[fmt.lives[seat]]}{state}{mark}")
        if p.bases:
            lines.append("  bases: " + ", ".join(_record(s, r) for r in p.bases))
        if p.ships:
            lines.append("  in play: " + ", ".join(_record(s, r) for r in p.ships))
        lines.append(f"  hand: {p.hand}")
        lines.append(f"  deck {len(p.deck)}, discard {len(p.discard)}; pools: {p.trade} Trade, {p.combat} Combat"
                     + ("; next ship on top" if p.next_ship_to_top else ""))
    if s.queue:
        lines.append("Pending: " + "; ".join(f"{t.kind} x{t.amount} (player {t.player + 1})" for t in s.queue))
    return "\n".join(lines)
