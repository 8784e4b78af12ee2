"""What the players may do now: the table's moves in each window, with their notation.

The main phase is played as the table plays it (seed: "All players play simultaneously ... in any order"):
every player who has not passed may act next, so the moves of all of them are offered, each naming its
player ("Player 2: play Rise From The Ashes"), and the phase ends when every player has passed. A player who
passed may act again once what they can do changes (RULES.md; option ``passed_may_return``). In the other
windows (ATTACK, JUMP, WRAP UP) the first player in seat order who has not passed decides. Every action
reads as the table says it (``play Defiance``, ``assign TRB Ardor to Dra'tar Behemoth``, ``jump to Agniar``).

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("pinned_down"), seed=2)
>>> while m.state.is_chance(): _ = m.step()
>>> str(m.state.legal_actions()[-1])
'end main phase'
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

from explorer.core import Action
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.cards import Card

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S

ACTION_KINDS = ("play", "use", "end", "pass", "assign", "leave", "resolve", "jump", "discard", "shuffle", "decline",
                "put", "keep", "fight")
_RESOLVE = Action("resolve", (), label="resolve the fight")
_PASS = Action("pass", (), label="pass")
WINDOW_TIMING = {"main": "MAIN", "attack": "ATTACK", "jump": "JUMP", "wrap up": "WRAP UP", "fight": "FIGHT"}


def name(s: "S", p: int) -> str:
    return s.game.player_name(p)


# --- choices a card's text asks for ---------------------------------------------
def _choices(s: "S", p: int, card: Card, *, from_hand: bool) -> Iterator[tuple[tuple, str]]:
    """Every way to pay for and aim ``card``'s ability: ``(args, label suffix)``; nothing if it cannot be used."""
    if _plain(card):  # most texts ask for nothing: one way, no arguments
        yield (), ""
        return
    f = s.players[p]
    options: list[list[tuple[tuple, str]]] = []
    for e in card.ability:
        if e.kind == "discard_from_hand":
            hand = f.hand.remove(card.name) if from_hand else f.hand
            opts: list[tuple[tuple, str]] = [(("discard", c), f"discarding {c}") for c in hand.kinds()]
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


_CHOOSING = frozenset({"discard_from_hand", "repair", "take_from_discard", "overload", "look_attack",
                       "reveal_own_deck", "look_location"})
"""The effect kinds whose use asks for a choice or may be impossible now (``_choices`` reads them)."""
_PLAIN: dict[int, tuple[Card, bool]] = {}


def _plain(card: Card) -> bool:
    """Whether ``card``'s ability has no effect ``_choices`` reads (remembered per card)."""
    found = _PLAIN.get(id(card))
    if found is None or found[0] is not card:
        found = _PLAIN[id(card)] = (card, not any(e.kind in _CHOOSING for e in card.ability))
    return found[1]


@lru_cache(maxsize=8192)
def _move(kind: str, args: tuple, label: str) -> Action:
    """``Action(kind, args, label=label)``, made once: the same plays and powers are offered move after move."""
    return Action(kind, args, label=label)


def _plays(s: "S", p: int, timing: str) -> list[Action]:
    out = []
    f = s.players[p]
    for c in sorted(map(str, f.hand.kinds())):
        card = s.data.card(c)
        if card.type != "effect" or card.timing != timing:
            continue
        free = " (for free)" if fx.free_play(s, p, c) else ""
        for args, suffix in _choices(s, p, card, from_hand=True):
            out.append(_move("play", (c, *args), f"play {c}{suffix}{free}"))
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
            out.append(_move("use", (c, *args), f"use {c}{suffix}"))
    return out


def main_options(s: "S", p: int) -> tuple[str, ...]:
    """What ``p`` can do in the main phase (the moves' texts): a passed player may act again when it changes."""
    return tuple(str(a) for a in (*_plays(s, p, "MAIN"), *_powers(s, p, "MAIN")))


def main_actions(s: "S") -> tuple[Action, ...]:
    """Every move open in the main phase, of every player who has not passed; the acting seat is the last arg."""
    multi = len(s.players) > 1
    out: list[Action] = []
    for p in s.alive():
        if s.passed[p]:
            continue
        who = f"{name(s, p)}: " if multi else ""
        for a in (*_plays(s, p, "MAIN"), *_powers(s, p, "MAIN")):
            out.append(_move(a.kind, (*a.args, p), who + a.label))
        out.append(_move("end", ("main", p), who + "end main phase"))
    return tuple(out)


def actor(s: "S", action: Action) -> int:
    """The seat making ``action``: named by the move in the main phase, the ship's own seat in the assignment
    phase (the move names its flagship), else the player deciding now."""
    if s.pending:
        return s.current_player
    if s.stage == "main" and action.args and isinstance(action.args[-1], int):
        return int(action.args[-1])
    if s.stage == "assign" and action.kind in ("assign", "leave") and action.args:
        return ship_seat(s, str(action.args[0]))
    return s.current_player


def ship_seat(s: "S", ship: str) -> int:
    """The seat flying flagship ``ship`` (every player flies a different wing, so each flagship is one seat's)."""
    for p, f in enumerate(s.players):
        if f.flagship == ship:
            return p
    raise AssertionError(f"no player flies {ship}")  # only moves the rules offered reach here


def has_options(s: "S", p: int, stage: str) -> bool:
    """Whether ``p`` has anything to do in an optional window (ATTACK, JUMP, WRAP UP)."""
    timing = WINDOW_TIMING[stage]
    return bool(_powers(s, p, timing) or _plays(s, p, timing))


def window_player(s: "S") -> int:
    """Who decides now: the first player, in seat order, who still has to.

    In the assignment phase the players choose together which ship takes which enemy (``assign_actions``);
    the choice is spoken by the first player whose ship is still undecided.
    """
    if s.stage == "assign":
        for p in undecided(s):
            return p
    elif s.stage in ("pick", "order"):  # the fleet's choice, spoken by the first player still in play
        return s.alive()[0]
    else:
        for p in s.alive():
            if not s.passed[p] and (s.stage == "main" or has_options(s, p, s.stage)):
                return p
    raise AssertionError(f"no player decides in {s.stage}")  # the rules never leave a window nobody acts in


def waiting_fights(s: "S") -> list[int]:
    """The seats whose assigned fight is still to be resolved this fight phase."""
    return [p for p in s.alive() if p < len(s.assigned) and s.assigned[p] >= 0]


def unassigned_enemies(s: "S") -> list[int]:
    taken = {a for a in s.assigned if a >= 0}
    return [i for i in range(len(s.enemies)) if i not in taken]


def undecided(s: "S") -> list[int]:
    """The seats in play whose ship is not yet assigned nor left unassigned this assignment phase."""
    return [p for p in s.alive() if s.assigned[p] == -2]


def assignable(s: "S") -> list[int]:
    """Enemies an undecided ship may be assigned to: the strongest unassigned ones (2015 rule), one per name."""
    free = unassigned_enemies(s)
    if s.knobs.strongest_first and free:
        top = max(fx.printed_power(s, s.enemies[i].name) for i in free)
        free = [i for i in free if fx.printed_power(s, s.enemies[i].name) == top]
    seen: dict[str, int] = {}
    for i in free:
        seen.setdefault(s.enemies[i].name, i)
    return list(seen.values())


def may_stay_unassigned(s: "S") -> bool:
    """Whether an undecided ship may be left out: the other undecided ships can still take every free enemy."""
    return len(undecided(s)) - 1 >= len(unassigned_enemies(s))


def assign_actions(s: "S") -> tuple[Action, ...]:
    """The assignment moves: for every undecided ship, in seat order, each enemy it may take, then leaving it
    unassigned when allowed.

    Seed, turn sequence: "All players play simultaneously" and, in the assignment phase, the players assign
    their starships; the only limits are the three rules (every ship, or every enemy, must be assigned; no
    weaker enemy while a stronger one is unassigned). So any ship may take the strongest enemy, not only
    Player 1's.

    >>> import explorer
    >>> s = explorer.load_game("pinned_down").position(stage="assign", threat=0, locations=["Harana"],
    ...     enemies=[{"name": "Dra'tar Behemoth"}, {"name": "Dra'tar Assault Cruiser"}],
    ...     players=[{"flagship": "TRB Ardor", "assignment": "undecided"},
    ...              {"flagship": "TRF Moscow", "assignment": "undecided"}])
    >>> [str(a) for a in assign_actions(s)]
    ["assign TRB Ardor to Dra'tar Behemoth", "assign TRF Moscow to Dra'tar Behemoth"]
    """
    targets = assignable(s)
    leave = may_stay_unassigned(s)
    out: list[Action] = []
    for q in undecided(s):
        ship = s.players[q].flagship
        out += [_move("assign", (ship, i), f"assign {ship} to {s.enemies[i].name}") for i in targets]
        if leave:
            out.append(_move("leave", (ship,), f"leave {ship} unassigned"))
    return tuple(out)


def open_moves(s: "S") -> tuple[Action, ...]:
    """The decisions open now: a pending card text's choices, else the moves of the window or stage."""
    if s.pending:
        return _pending_actions(s)
    if s.stage == "fight":
        assert s.fight is not None, "the fight stage has its fight (phases.start_fight)"
        p = s.fight.player
    else:
        p = window_player(s)
    if s.stage == "main":
        return main_actions(s)
    if s.stage == "fight":
        return (*_plays(s, p, "FIGHT"), *_powers(s, p, "FIGHT"), _RESOLVE)
    if s.stage in ("attack", "jump"):
        return (*_powers(s, p, WINDOW_TIMING[s.stage]), _PASS)
    if s.stage == "wrap up":
        return (*_plays(s, p, "WRAP UP"), Action("end", ("wrap up",), label="end wrap up"))
    if s.stage == "assign":
        return assign_actions(s)
    if s.stage == "order":
        return tuple(Action("fight", (q,), label=f"{s.players[q].flagship} fights {s.enemies[s.assigned[q]].name} next")
                     for q in waiting_fights(s))
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


def refusal(s: "S", action: Action) -> str:
    """Why ``action`` is refused here, in the table's words."""
    if s.is_terminal():
        return "the game is over"
    if s.is_chance():
        return "chance moves next: a card is revealed or drawn"
    if action.kind == "play" and action.args:
        card = str(action.args[0])
        p = s.current_player
        if s.stage == "main":
            p = next((q for q in s.alive() if card in s.players[q].hand), p)
            if s.passed[p]:
                return f"{name(s, p)} has passed; they act again only if another player's move changes what they can do"
        if card not in s.players[p].hand:
            return f"{card} is not in {name(s, p)}'s hand"
        timing = s.data.card(card).timing if card in s.data.names() else ""
        if timing and WINDOW_TIMING.get(s.stage) != timing:
            return f"{card} is a {timing} card and this is the {s.phase}"
        return f"{card} cannot be played like that here (its cost or target is not available)"
    return f"it is not one of the {len(s.legal_actions())} moves open in the {s.phase}"
