"""The rules' surface: the turn flow, the moves open now, playing one, chance steps and the result.

The state's hooks call these (``state.game.rulebook.rules``), as in every game (docs/architecture.md,
"One surface per game"). The main phase's moves are made in ``main_phase.py``, the card effects' queue
and its draws in ``effects.py``, and the ally abilities in ``allies.py``.

After every action the state *settles*: automatic effects resolve, ally
abilities whose condition now holds fire at once (even in the middle of
another card's abilities), and resolution stops at the first chance node or
decision. ``end turn`` runs the discard phase (pools lost, ships and hand to
the discard pile, bases stay) and queues the draw of 5 (reshuffling when the
deck runs out), then the next living turn group moves.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> [t.kind for t in s.queue]
['refill', 'draw', 'draw']
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, cast

from explorer.core import CHANCE, TERMINAL, Action, Multiset, Result
from explorer.core.frozen import replaced
from explorer.games.star_realms import effects
from explorer.games.star_realms.state import in_play
from explorer.games.star_realms.allies import trigger_allies
from explorer.games.star_realms.main_phase import END, apply_main, main_actions, plain_ship, why_illegal_main

if TYPE_CHECKING:
    from explorer.games.star_realms.state import PlayerState, StarRealmsState

HAND_SIZE = 5

DECISION_WORDS = {
    "opponent_discards": "choose the opponent who discards", "discard": "discard a card",
    "discard_then_draw": "discard up to {n} then draw that many",
    "scrap_hand_or_discard": "scrap up to {n} from hand or discard pile",
    "scrap_hand_or_discard_then_draw": "scrap up to {n} from hand or discard pile, then draw that many",
    "scrap_hand": "scrap a card from hand", "scrap_trade_row": "scrap a card from the trade row",
    "destroy_base": "destroy a base", "acquire_ship_to_top": "acquire a ship for free onto your deck",
    "copy_ship": "copy another ship", "choose": "choose one",
}


def _start_turn(s: "StarRealmsState", group: int) -> "StarRealmsState":
    members = s.group_members(group)
    players = list(s.players)
    for m in members:
        bases = players[m].bases
        if any(r.primary_used or r.ally_used or r.ally2_used for r in bases):  # bases are readied
            players[m] = replaced(players[m], bases=tuple(
                in_play(r.name, r.copied)
                if r.primary_used or r.ally_used or r.ally2_used else r for r in bases))
    return replaced(s, stage="main", group=group, turn=s.turn + 1, players=tuple(players), actor=members[0])


def _next_group(s: "StarRealmsState") -> int:
    groups = s.fmt.groups
    alive = s.alive
    for step in range(1, len(groups) + 1):
        g = (s.group + step) % len(groups)
        if any(alive[m] for m in groups[g]):
            return g
    return s.group


def end_turn(s: "StarRealmsState") -> "StarRealmsState":
    """Run the discard phase of every player of the turn group and queue their draws of 5.

    In the team formats the team shares one main phase, so ``end turn`` (by either
    teammate) ends it for the whole team: "Teammates do their Main, Discard and Draw
    phases at the same time" (reference, Hydra).
    """
    players = list(s.players)
    draws = []
    for m in s.members():
        p: PlayerState = players[m]
        discard = (p.discard + p.hand).add_all([r.name for r in p.ships])
        players[m] = replaced(p, hand=_EMPTY, ships=(), discard=discard, trade=0, combat=0, played=_EMPTY,
                              next_ship_to_top=False)
        draws.append(effects.draw_task(m, HAND_SIZE))
    return replaced(s, players=tuple(players), stage="draw", queue=tuple(draws))


_EMPTY: Multiset = Multiset()


def settle(s: "StarRealmsState", trace: "list[Step] | None" = None,
           going_on: "tuple[tuple[int, ...], int] | None" = None, allies_due: bool = True) -> "StarRealmsState":
    """Resolve automatically until a chance node, a decision, or the main phase needs a move.

    Ally abilities are checked when the settling starts and when a turn starts: an ally's
    condition only changes when cards enter play (a move or a decision, each followed by a
    settle) or when bases are readied, never while automatic effects (Trade, Combat,
    Authority, draws) resolve, so checking again between those would find nothing new.
    The position it stops at remembers who moves there (what ``mover`` would say).
    With ``trace`` (a list), each thing it resolves is appended as a :class:`Step` (allies fired,
    an effect resolved, a turn begun): the rules' own report of the move, which the story tells.
    ``going_on``: the Authority and turn of a position known not to be over (the one a move was made
    in), if any: whether the game is over is asked again only when they change (``outcome`` reads
    nothing else a move changes; the stage matters only in setup, which only a new turn leaves).
    ``allies_due=False``: the move settled from put no card in play (a card drawn or revealed, a buy, an
    attack), so the ally check its settled position had needs no repeating until a turn starts.
    """
    while going_on is not None and s.authority is going_on[0] and s.turn == going_on[1] or s.outcome() is None:
        going_on = (s.authority, s.turn)
        if allies_due and s.stage == "main":
            fired = trigger_allies(s)
            if trace is not None and fired.queue != s.queue:
                trace.append(Step("allies", s, fired))
            s, allies_due = fired, False
        if s.queue:
            task = s.queue[0]
            moved = effects.step(s, task)
            if moved is None:
                object.__setattr__(s, "_player_cache", CHANCE if effects.needs_chance(s, task) else task.player)
                return s
            if trace is not None:
                trace.append(Step("effect", s, moved))
            s = moved
            continue
        if s.stage in ("setup", "draw"):
            begun = _start_turn(s, 0 if s.stage == "setup" else _next_group(s))
            if trace is not None:
                trace.append(Step("turn", s, begun))
            s = begun
        else:
            object.__setattr__(s, "_player_cache", s.actor)
            return s
        allies_due = True
    object.__setattr__(s, "_player_cache", TERMINAL)
    return s


def mover(s: "StarRealmsState") -> int:
    """Who moves in ``s``: ``TERMINAL``, ``CHANCE`` (a draw or a reveal), the decider of the first queued effect,
    or the player taking the main phase.

    >>> import explorer
    >>> mover(explorer.load_game("star_realms").initial_state()) == CHANCE
    True
    """
    if s.outcome() is not None:
        return TERMINAL
    if s.queue:
        return CHANCE if effects.needs_chance(s, s.queue[0]) else s.queue[0].player
    return s.actor


def phase(s: "StarRealmsState") -> str:
    if s.outcome() is not None:
        return "game over"
    who = f"player {s.current_player + 1}" if s.current_player >= 0 else ""
    if s.queue:
        task = s.queue[0]
        if task.kind == "refill":
            return "setup: reveal the trade row" if s.stage == "setup" else "refill the trade row"
        if task.kind == "draw":
            return f"{'setup: ' if s.stage == 'setup' else ''}player {task.player + 1} draws"
        words = DECISION_WORDS.get(task.kind, task.kind).format(n=task.amount)
        return f"{words} ({who}, {task.card or 'effect'})"
    return f"main phase ({who}, turn {s.turn})"


def legal_actions(s: "StarRealmsState") -> tuple[Action, ...]:
    """The moves open now: the options of the ability waiting first, else the main phase's moves."""
    if s.queue:
        return effects.options(s, s.queue[0])
    return main_actions(s)


def chance_outcomes(s: "StarRealmsState") -> tuple[tuple[Action, Fraction], ...]:
    """What the waiting chance step deals (the next card drawn, or the trade-row card revealed), each with its
    exact chance: the deck is read in ``effects.py``."""
    return effects.chance_outcomes(s)


def result(s: "StarRealmsState") -> Result:
    """Who won and why, with each seat's return: 1 to each winner; in a draw, shared by the living seats."""
    decided = s.outcome()
    assert decided is not None, "result() is asked of a finished game only"
    won, reason = decided
    n = len(s.players)
    if won:
        returns = tuple(1.0 if seat in won else 0.0 for seat in range(n))
    else:
        living = [seat for seat in range(n) if s.alive[seat]] or list(range(n))
        returns = tuple(1.0 / len(living) if seat in living else 0.0 for seat in range(n))
    return Result(won, returns, reason)


def apply_action(s: "StarRealmsState", action: Action) -> "StarRealmsState":
    """The position after ``action`` (:func:`apply_traced` reaches the same one and reports each step)."""
    before = s
    if s.queue and s.is_chance():
        drawn = effects.apply_chance(s, action)
        following = drawn.queue[0] if drawn.queue else None
        if following is not None and following.kind == "draw" and drawn.players[following.player].deck:
            # The next card of the same draw: settling would stop here at once. A draw changes no
            # Authority, turn or stage (so the game goes on, as it did) and puts no card in play
            # (so no ally waits to fire).
            object.__setattr__(drawn, "_outcome_cache", None)
            object.__setattr__(drawn, "_player_cache", CHANCE)
            return drawn
        s = drawn
    elif s.queue:
        s = effects.apply_decision(s, action)
    elif action == END:
        s = end_turn(s)
    else:
        played = apply_main(s, action)
        if action.kind == "play" and plain_ship(s.card(cast(str, action.args[0]))) is not None:
            # Its pools were added as it was played; no ally can fire (it brings no faction), nothing is
            # queued, Authority and turn are unchanged: settling would stop here at once, the main phase goes on.
            object.__setattr__(played, "_outcome_cache", None)
            object.__setattr__(played, "_player_cache", s.actor)
            return played
        s = played
    known = before.__dict__.get("_player_cache")  # who moved, when remembered: not TERMINAL, so the game went on
    # Every position a move starts from is settled (the referee refuses a loaded one that is not), so no ally
    # waits in it; only a move that puts a card in play (or changes one: a copy, a decision) can make one fire.
    quiet = before.queue[0].kind in CHANCE_TASKS if before.queue else action.kind in QUIET_MOVES
    return settle(s, going_on=(before.authority, before.turn) if known is not None and known != TERMINAL else None,
                  allies_due=not quiet)


CHANCE_TASKS = frozenset({"draw", "refill"})
"""Queued tasks that are chance steps when they wait (a card drawn, a trade-row card revealed): no card enters play."""
QUIET_MOVES = frozenset({"buy", "attack", "end"})
"""Main-phase moves that put no card in play (a buy goes to the discard pile or the deck, an attack only removes)."""


def apply_traced(s: "StarRealmsState", action: Action, trace: "list[Step]") -> "StarRealmsState":
    """``apply_action`` step by step, each step appended to ``trace`` (see :class:`Step`), for the story.

    The shortcuts of ``apply_action`` skip a settle that would stop at once, so settling here reaches the same
    position.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> first_card = s.chance_outcomes()[0][0]  # the trade row's first reveal
    >>> trace: list = []
    >>> apply_traced(s, first_card, trace) == apply_action(s, first_card), trace[0].what
    (True, 'move')
    """
    if s.queue and s.is_chance():
        moved = effects.apply_chance(s, action)
    elif s.queue:
        moved = effects.apply_decision(s, action)
    elif action == END:
        moved = end_turn(s)
    else:
        moved = apply_main(s, action)
    trace.append(Step("move", s, moved))
    return settle(moved, trace)


class Step(NamedTuple):
    """One thing the rules did in a move, for the story: ``what`` is ``"move"`` (the action itself),
    ``"allies"`` (ally abilities fired), ``"effect"`` (the first queued effect resolved, or a run of
    gains of one player: ``effects.step``) or ``"turn"`` (a turn began); ``before`` and ``after`` are
    the positions around it."""

    what: str
    before: "StarRealmsState"
    after: "StarRealmsState"


DECISION_KINDS = ("choose", "discard", "destroy", "acquire", "copy", "target", "done")
OUTCOME_KINDS = ("draw", "reveal")


def _answers_a_question(action: Action) -> bool:
    """Whether ``action`` answers an ability's question (``scrap hand Viper``, ``choose ...``)."""
    return action.kind in DECISION_KINDS or (action.kind == "scrap" and len(action.args) == 2)


def why_illegal(s: "StarRealmsState", action: Action) -> str:
    if s.is_terminal() or s.is_chance():
        return ""
    if action.kind == "end" and action != END:
        return "the action that ends your turn is 'end turn'"
    if action.kind in OUTCOME_KINDS:
        return f"{action.kind} is a chance outcome, and nothing is being drawn or revealed now"
    if s.queue:
        if _answers_a_question(action):
            return f"not one of the options of {s.queue[0].card or 'this ability'} now"
        return f"first {phase(s)}"
    if _answers_a_question(action):
        return "no ability is waiting for a decision; main-phase actions are play, use, scrap, buy, attack, " \
               "switch (team formats) and end turn"
    return why_illegal_main(s, action)


def parse_notation(s: "StarRealmsState", text: str) -> Action | None:
    """Read typed text as an action even when it is not legal now (to explain why).

    >>> import explorer
    >>> st = explorer.load_game("star_realms").initial_state()
    >>> parse_notation(st, "attack player 2 5"), parse_notation(st, "buy cutter")
    (Action('attack', ('player', 2, 5)), Action('buy', ('Cutter',)))
    """
    words = text.split()
    if not words:
        return None
    kind, rest = words[0].casefold(), words[1:]
    names = {n.casefold(): n for n in s.game.cards}
    if kind == "end":
        return END if [w.casefold() for w in rest] == ["turn"] else Action("end", tuple(rest))
    if kind in DECISION_KINDS + OUTCOME_KINDS:
        return Action(kind, tuple(int(w) if w.isdigit() else names.get(w.casefold(), w) for w in rest))
    if kind == "switch" and len(rest) == 3 and [w.casefold() for w in rest[:2]] == ["to", "player"] \
            and rest[2].isdigit():
        return Action("switch", ("to", "player", int(rest[2])))
    if kind == "scrap" and len(rest) > 1 and rest[0].casefold() in ("hand", "discard", "row"):
        return Action(kind, (rest[0].casefold(), names.get(" ".join(rest[1:]).casefold(), " ".join(rest[1:]))))
    if kind == "attack" and len(rest) == 3 and rest[0].casefold() in ("player", "team") \
            and rest[1].isdigit() and rest[2].isdigit():
        return Action("attack", (rest[0].casefold(), int(rest[1]), int(rest[2])))
    owner: tuple = ()
    if len(rest) >= 4 and [w.casefold() for w in rest[-3:-1]] == ["of", "player"] and rest[-1].isdigit():
        owner, rest = ("of", "player", int(rest[-1])), rest[:-3]
    to_top = len(rest) > 2 and [w.casefold() for w in rest[-2:]] == ["to", "top"]
    if to_top:
        rest = rest[:-2]
    name = names.get(" ".join(rest).casefold())
    if kind in ("play", "use", "scrap", "buy", "attack") and name:
        return Action(kind, (name,) + owner + (("to", "top") if to_top else ()))
    return None
