"""What the players may do now: the table's moves in each window, with their notation.

Players act at the same time at the table; here their decisions are taken in a
fixed, stated order (Player 1, then 2, then 3): in each window the first player
who has not yet passed decides. Every action reads as the table says it
(``play Defiance``, ``assign TRB Ardor to Dra'tar Behemoth``, ``jump to Agniar``).

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("pinned_down"), seed=2)
>>> while m.state.is_chance(): _ = m.step()
>>> str(m.state.legal_actions()[-1])
'end main phase'
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import TYPE_CHECKING

from explorer.core import Action
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.cards import Card

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S

ACTION_KINDS = ("play", "use", "end", "pass", "assign", "leave", "resolve", "jump", "discard", "shuffle", "decline",
                "put", "keep")
WINDOW_TIMING = {"main": "MAIN", "attack": "ATTACK", "jump": "JUMP", "wrap up": "WRAP UP", "fight": "FIGHT"}


def name(s: "S", p: int) -> str:
    return s.game.player_name(p)


# --- choices a card's text asks for ---------------------------------------------
def _choices(s: "S", p: int, card: Card, *, from_hand: bool) -> Iterator[tuple[tuple, str]]:
    """Every way to pay for and aim ``card``'s ability: ``(args, label suffix)``; nothing if it cannot be used."""
    f = s.players[p]
    options: list[list[tuple[tuple, str]]] = []
    hand = f.hand.remove(card.name) if from_hand else f.hand
    for e in card.ability:
        if e.kind == "discard_from_hand":
            opts = [(("discard", c), f"discarding {c}") for c in hand.kinds()]
        elif e.kind == "repair":
            opts = []
            for q in s.alive():
                if (e.cond == "other_ship" and q == p) or (e.cond == "damaged_twice" and len(s.players[q].damage) < 2):
                    continue
                if e.cond == "no_enemies" and s.enemies:
                    continue
                for d in sorted(set(s.players[q].damage)):
                    opts.append((("repair", q, d), f"repairing {name(s, q)}'s {d}"))
        elif e.kind == "take_from_discard":
            opts = [(("take", c), f"taking {c}") for c in f.discard.kinds()]
        elif e.kind == "overload":
            need = sum(1 for x in card.ability if x.kind == "overload")
            opts = [((), "")] if fx.can_overload(s, p, need) else []
        elif e.kind == "look_attack":
            opts = [((), "")] if len(s.attack_deck) else []
        elif e.kind == "reveal_own_deck":
            opts = [((), "")] if len(f.deck) else []
        elif e.kind == "look_location":
            opts = [((), "")] if len(s.location_deck) else []
        else:
            continue
        if not opts:
            return
        options.append(opts)
    for combo in product(*options):
        args = tuple(x for a, _ in combo for x in a)
        suffix = ", ".join(t for _, t in combo if t)
        yield args, (", " + suffix if suffix else "")


def _plays(s: "S", p: int, timing: str) -> list[Action]:
    out = []
    f = s.players[p]
    for c in sorted(f.hand.kinds()):
        card = s.data.card(c)
        if card.type != "effect" or card.timing != timing:
            continue
        free = " (for free)" if fx.free_play(s, p, c) else ""
        for args, suffix in _choices(s, p, card, from_hand=True):
            out.append(Action("play", (c, *args), label=f"play {c}{suffix}{free}"))
    return out


def _powers(s: "S", p: int, timing: str) -> list[Action]:
    out = []
    f = s.players[p]
    for c in (*f.characters, f.flagship):
        card = s.data.card(c)
        if card.timing != timing or not card.ability:
            continue
        if card.once_per_turn and f"{p}:{c}" in s.used:
            continue
        for args, suffix in _choices(s, p, card, from_hand=False):
            out.append(Action("use", (c, *args), label=f"use {c}{suffix}"))
    return out


def has_options(s: "S", p: int, stage: str) -> bool:
    """Whether ``p`` has anything to do in an optional window (ATTACK, JUMP, WRAP UP)."""
    timing = WINDOW_TIMING[stage]
    return bool(_powers(s, p, timing) or _plays(s, p, timing))


def window_player(s: "S") -> int:
    """Who decides now: the first player, in seat order, who still has to."""
    if s.stage == "assign":
        for p in s.alive():
            if s.assigned[p] == -2:
                return p
    elif s.stage == "pick":
        return s.alive()[0]
    else:
        for p in s.alive():
            if not s.passed[p] and (s.stage == "main" or has_options(s, p, s.stage)):
                return p
    raise AssertionError(f"no player decides in {s.stage}")  # the rules never leave a window nobody acts in


def unassigned_enemies(s: "S") -> list[int]:
    taken = {a for a in s.assigned if a >= 0}
    return [i for i in range(len(s.enemies)) if i not in taken]


def assignable(s: "S") -> list[int]:
    """Enemies the deciding ship may be assigned to: the strongest unassigned ones (2015 rule)."""
    free = unassigned_enemies(s)
    if s.knobs.strongest_first and free:
        top = max(fx.printed_power(s, s.enemies[i].name) for i in free)
        free = [i for i in free if fx.printed_power(s, s.enemies[i].name) == top]
    seen: dict[str, int] = {}
    for i in free:
        seen.setdefault(s.enemies[i].name, i)
    return list(seen.values())


def may_stay_unassigned(s: "S") -> bool:
    undecided = sum(1 for p in s.alive() if s.assigned[p] == -2)
    return undecided - 1 >= len(unassigned_enemies(s))


def legal_actions(s: "S") -> tuple[Action, ...]:
    if s.pending:
        return _pending_actions(s)
    p = window_player(s) if s.stage != "fight" else s.fight.player  # type: ignore[union-attr]
    ship = s.players[p].flagship
    if s.stage == "main":
        return (*_plays(s, p, "MAIN"), *_powers(s, p, "MAIN"), Action("end", ("main",), label="end main phase"))
    if s.stage == "fight":
        return (*_plays(s, p, "FIGHT"), *_powers(s, p, "FIGHT"), Action("resolve", (), label="resolve the fight"))
    if s.stage in ("attack", "jump"):
        return (*_powers(s, p, WINDOW_TIMING[s.stage]), Action("pass", (), label="pass"))
    if s.stage == "wrap up":
        return (*_plays(s, p, "WRAP UP"), Action("end", ("wrap up",), label="end wrap up"))
    if s.stage == "assign":
        out = [Action("assign", (ship, i), label=f"assign {ship} to {s.enemies[i].name}") for i in assignable(s)]
        if may_stay_unassigned(s):
            out.append(Action("leave", (ship,), label=f"leave {ship} unassigned"))
        return tuple(out)
    if s.stage == "pick":
        forced = [x for x in s.revealed if s.data.card(x).has("must_jump")]
        return tuple(Action("jump", (x,), label=f"jump to {x}") for x in (forced[:1] or sorted(set(s.revealed))))
    raise AssertionError(f"no decision in stage {s.stage}")


def _pending_actions(s: "S") -> tuple[Action, ...]:
    step = s.pending[0]
    f = s.players[step.player]
    if step.kind in ("discard", "may_discard"):
        out = [Action("discard", (c,), label=f"discard {c}") for c in f.hand.kinds()]
        if step.kind == "may_discard":
            out.append(Action("keep", ("hand",), label="keep the hand"))
        return tuple(out)
    if step.kind == "change_of_plans":
        return (Action("shuffle", (), label="shuffle the hand into the draw deck (A Change Of Plans)"),
                Action("decline", (), label="decline A Change Of Plans"))
    if step.kind == "look_discard":
        return tuple(Action("discard", (c,), label=f"discard {c} from the attack cards")
                     for c in sorted(set(s.looking)))
    if step.kind == "look_order":
        return tuple(Action("put", (c,), label=f"put {c} back next") for c in sorted(set(s.looking)))
    if step.kind == "cleveland_choice":
        top = s.revealed[0]
        return (Action("discard", (top,), label=f"discard {top}"),
                Action("keep", (top,), label=f"keep {top} on top"))
    raise AssertionError(f"no decision for step {step.kind}")


def why_illegal(s: "S", action: Action) -> str:
    if s.is_terminal():
        return "the game is over"
    if s.is_chance():
        return "chance moves next: a card is revealed or drawn"
    if action.kind == "play" and action.args:
        card = str(action.args[0])
        p = s.current_player
        if card not in s.players[p].hand:
            return f"{card} is not in {name(s, p)}'s hand"
        timing = s.data.card(card).timing if card in s.data.names() else ""
        if timing and WINDOW_TIMING.get(s.stage) != timing:
            return f"{card} is a {timing} card and this is the {s.phase}"
        return f"{card} cannot be played like that here (its cost or target is not available)"
    return f"it is not one of the {len(s.legal_actions())} moves open in the {s.phase}"


GROUPS = {"play": "Play", "use": "Powers", "assign": "Assign", "leave": "Assign", "resolve": "Fight",
          "jump": "Jump", "end": "Pass", "pass": "Pass", "discard": "Discard", "keep": "Discard",
          "shuffle": "Attack effect", "decline": "Attack effect", "put": "Order the attack deck"}


def action_group(s: "S", action: Action) -> str:
    """How the table groups a move in the panel's list."""
    return GROUPS.get(action.kind, "Chance")
