"""The turn of Pinned Down: setup, the five phases and their windows, loss and win.

``apply_action`` resolves one decision or chance outcome, then :func:`advance`
runs everything automatic (adding threat, stopping a reveal, moving between
phases) until a player decides or chance moves. Card texts resolve through
:mod:`explorer.games.pinned_down.resolve`.

Phases (seed document, 2015 rules): main (all players act, in any order, until
every one has passed); attack (threat from the locations' distances and every
uncloaked ship, then reveal until a card costs more than the pool, that card
ignored and discarded); assignment; one fight per assigned ship, the players
choosing which comes next; jump (win at distance 10, upkeep, two locations revealed,
one picked and the other put beneath, each player draws 1, enemies discarded
adding 1 each, the pool kept).

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("pinned_down"), seed=3)
>>> _ = m.play("heuristic", max_steps=5000)
>>> m.state.is_terminal(), m.state.result().reason.split(":")[0] in ("win", "loss")
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fractions import Fraction

from explorer.core.actions import whole_arg
from explorer.core import Action, Deck, Result
from explorer.games.pinned_down import actions, chance
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down import phases as ph
from explorer.games.pinned_down import resolve as rs
from explorer.games.pinned_down.actions import actor, has_options, main_options, waiting_fights
from explorer.games.pinned_down.chance import added
from explorer.games.pinned_down.state import EMPTY, Enemy, Fight, Fleet, PinnedDownState, Step

if TYPE_CHECKING:
    from explorer.games.pinned_down.game import PinnedDown

S = PinnedDownState


def initial_state(game: "PinnedDown", wings: tuple[str, ...], flagships: tuple[str, ...],
                  characters: tuple[tuple[str, ...], ...]) -> S:
    """Setup (reference §2.4): flagships and two characters in play for free, decks shuffled, 2 threat."""
    data, knobs = game.data, game.knobs
    fleets = []
    for wing, ship, crew in zip(wings, flagships, characters):
        deck = data.wings[wing].deck
        fleets.append(Fleet(wing=wing, flagship=ship, characters=crew, hand=EMPTY, deck=Deck.shuffled(deck),
                            discard=EMPTY, brought=deck, crew=crew))
    n = len(fleets)
    pending = tuple(Step("draw", p, knobs.start_hand, "opening hand") for p in range(n))
    pending += (Step("locations", 0, 1, "initial location"),)
    return S(game=game, stage="setup", turn=1, threat=knobs.start_threat, players=tuple(fleets),
             attack_deck=Deck.shuffled(data.attack_deck()), damage_deck=Deck.shuffled(data.damage_deck()),
             location_deck=Deck.shuffled(data.location_deck()), pending=pending, passed=(False,) * n,
             assigned=())


# --- one move ----------------------------------------------------------------------
def apply_action(s: S, a: Action) -> S:
    """The position after decision or chance outcome ``a`` (legal here: ``State.apply`` checked it)."""
    waiting = _passed_options(s) if s.stage == "main" else None
    if s.pending:
        step = s.pending[0]
        kind = step.kind
        if kind == "draw":  # the commonest steps: the step done and taken off the list in one new position
            s = rs.draw_card(s, step, str(a.args[0]), s.pending[1:])
        elif kind == "damage":
            s = rs.attach_damage(s, step.player, str(a.args[0]), s.pending[1:])
        elif kind == "destiny":
            s = rs.battle_destiny(s, step, str(a.args[0]), s.pending[1:])
        else:
            s = rs.resolve_step(s.replace(pending=s.pending[1:]), step, a)
    else:
        s = _stage_action(s, a)
    if waiting and s.stage == "main":
        s = _may_act_again(s, waiting)
    return advance(s)


def _passed_options(s: S) -> dict[int, tuple[str, ...]]:
    """In the main phase: what each player who has passed could do, to see whether a move changes it."""
    if s.stage != "main" or not s.game.options.get("passed_may_return", True) or not any(s.passed):
        return {}
    return {p: main_options(s, p) for p in s.alive() if s.passed[p]}


def _may_act_again(s: S, before: dict[int, tuple[str, ...]]) -> S:
    """A player who passed may act again when another player's move changed what they can do (RULES.md)."""
    passed = list(s.passed)
    for p, options in before.items():
        if passed[p] and main_options(s, p) != options:
            passed[p] = False
    return s.replace(passed=tuple(passed))


def _stage_action(s: S, a: Action) -> S:
    stage = s.stage
    if stage == "reveal":
        return ph.reveal(s, str(a.args[0]))
    if stage == "locations":
        return ph.location_revealed(s, str(a.args[0]))
    if stage == "assign":  # the ship the move names (any undecided one: the players choose, seed assignment)
        p = actor(s, a)
        target = whole_arg(a.args[1]) if a.kind == "assign" else -1
        return s.replace(assigned=_set(s.assigned, p, target))
    if stage == "pick":
        return ph.jump_to(s, str(a.args[0]))
    if stage == "order":  # the players chose which fight is resolved next (seed, fight phase)
        return ph.start_fight(s, whole_arg(a.args[0]))
    if stage == "fight":
        if a.kind == "resolve":
            return ph.resolve_fight(s)
        assert s.fight is not None, "the fight stage has its fight (phases.start_fight)"
        return rs.play_or_use(s, s.fight.player, a)
    p = actor(s, a)  # the main phase: whoever the move names (all play simultaneously)
    if a.kind in ("end", "pass"):
        return s.replace(passed=_set(s.passed, p, True))
    return rs.play_or_use(s, p, a)


def _set(values: tuple, i: int, value: object) -> tuple:
    return values[:i] + (value,) + values[i + 1:]


# --- everything automatic ----------------------------------------------------------
def advance(s: S) -> S:
    """Run automatic steps until a decision, a chance node or the end."""
    for _ in range(10_000):
        if s.stage == "over":
            return s
        if s.pending:
            ready = rs.step_ready(s, s.pending[0])
            if ready is None:
                s = s.replace(pending=s.pending[1:])
                continue
            return ready if ready is s else advance(ready)
        nxt = _auto(s)
        if nxt is s:
            return s
        s = nxt
    raise AssertionError("the turn did not settle")  # a rules bug, never a player's doing


_ORDERS = {
    "2011": ("main", "jump_start", "attack_start", "assign_start", "fights", "wrap_start", "end_turn"),
    "2015": ("main", "attack_start", "assign_start", "fights", "jump_start", "wrap_start", "end_turn"),
}


def _order(s: S) -> tuple[str, ...]:
    return _ORDERS["2011" if s.knobs.turn_order == "2011" else "2015"]


def _after(s: S, block: str, **changes: object) -> S:
    order = _order(s)
    return s.replace(stage=order[(order.index(block) + 1) % len(order)], **changes)


def _window(s: S, stage: str, then: str, **changes: object) -> S:
    """Open an optional window (ATTACK, JUMP, WRAP UP) if somebody can act in it, else go on.

    Whether a player has options there reads the cards, not the stage or who has passed: it is asked of
    ``s`` as it stands, so the position is made once.
    """
    opens = any(has_options(s, p, stage) for p in s.alive())
    return s.replace(stage=stage if opens else then, passed=(False,) * len(s.players), **changes)


def _auto(s: S) -> S:
    step = _AUTO.get(s.stage)
    if step is None:
        raise AssertionError(f"unknown stage {s.stage}")
    return step(s)


def _auto_setup(s: S) -> S:
    return ph.arrive(s, stage="main")


def _auto_main(s: S) -> S:
    passed = s.passed
    if all(passed[p] for p in s.alive()):
        return _after(s, "main")
    return s


def _auto_attack_start(s: S) -> S:
    threat = s.threat + fx.attack_threat(s)
    for _, e in fx.triggered(s, "attack_start"):
        threat = max(0, threat + (e.amount if e.kind == "add_threat" else -e.amount))  # change_threat
    return _window(s, "attack", "reveal", threat=threat, reveal_reshuffles=0)


_WINDOW_ENDS = {"attack": "reveal", "jump": "locations", "wrap up": "end_turn"}


def _auto_window(s: S) -> S:
    stage = s.stage
    if any(not s.passed[p] and has_options(s, p, stage) for p in s.alive()):
        return s
    return s.replace(stage=_WINDOW_ENDS[stage])


def _auto_reveal(s: S) -> S:
    if not len(s.attack_deck) and (not s.attack_discard or s.reveal_reshuffles >= 1):
        return s.replace(stage="assign_start")
    return s


def _auto_assign_start(s: S) -> S:
    if not s.enemies or not s.alive():
        return _after(s, "assign_start", assigned=())
    return s.replace(stage="assign", assigned=tuple(-2 if not f.destroyed else -1 for f in s.players))


def _auto_assign(s: S) -> S:
    if any(s.assigned[p] == -2 for p in s.alive()):
        return s
    return s.replace(stage="fights")


def _auto_fights(s: S) -> S:
    waiting = [p for p in s.alive() if p < len(s.assigned) and s.assigned[p] >= 0]
    if len(waiting) > 1:  # "in an order decided by them" (seed, fight phase): the players choose
        return s.replace(stage="order")
    if waiting:
        return ph.start_fight(s, waiting[0])
    return _after(s, "fights")


def _auto_order(s: S) -> S:  # the players choose the next fight (a decision), unless fewer than two are left
    return s if len(waiting_fights(s)) > 1 else s.replace(stage="fights")


def _auto_fight(s: S) -> S:
    if s.fight is None or s.fight.resolved or s.players[s.fight.player].destroyed:
        return s.replace(stage="fights", fight=None)
    return s


def _auto_jump_start(s: S) -> S:
    if s.knobs.turn_order == "2015" and s.distance >= s.knobs.victory_distance:
        return s.replace(stage="over", outcome=f"win: the fleet covered distance {s.distance}")
    return _window(s, "jump", "locations", threat=s.threat + rs.jump_threat(s))


def _auto_locations(s: S) -> S:
    if not len(s.location_deck) and not s.location_discard:
        return ph.after_arrival(s)
    return s


def _auto_pick(s: S) -> S:
    choices = s.legal_actions()
    return ph.jump_to(s, str(choices[0].args[0])) if len(choices) == 1 else s


def _auto_draw(s: S) -> S:
    draws = s.knobs.jump_draw
    alive = s.alive()
    steps: tuple[Step, ...] = ()
    if draws == "draw_one":
        steps = tuple(Step("draw", p, 1, "draw a card") for p in alive)
    elif draws == "refill_two":
        steps = tuple(Step("draw", p, 2, "upto") for p in alive)
    return s.replace(stage="wrap_start", pending=s.pending + steps)


def _auto_wrap_start(s: S) -> S:
    for _, e in fx.triggered(s, "wrap_up"):
        s = rs.change_threat(s, e.amount * len(s.enemies))
    if s.knobs.jump_draw == "wrap_up_four":
        alive = s.alive()
        steps = tuple(Step("may_discard", p, 1, "may discard a card") for p in alive)
        steps += tuple(Step("draw", p, 4, "upto") for p in alive)
        s = s.replace(pending=s.pending + steps)
    return _window(s, "wrap up", "end_turn")


def _auto_over(s: S) -> S:
    return s


def _end_turn(s: S) -> S:
    """Jump phase step 5 (seed): discard all enemy ships, add (1) each; the pool stays; a new turn."""
    n = len(s.enemies)
    threat = s.threat + (n if s.knobs.enemy_discard_threat else 0)
    discard = s.attack_discard
    for name in (*(e.name for e in s.enemies), *s.table):  # one card at a time: the same piles as adding them all
        discard = added(discard, name)
    ending: dict[str, Any]  # fields of the position that follows
    if s.knobs.turn_order == "2011" and s.distance >= s.knobs.victory_distance:
        ending = {"stage": "over", "outcome": f"win: the fleet covered distance {s.distance}"}
    else:
        ending = {"stage": "main", "turn": s.turn + 1, "passed": (False,) * len(s.players)}
    return s.replace(threat=threat, attack_discard=discard, enemies=(), table=(), assigned=(), fight=None,
                     cloaked=False, enemy_threat_bonus=0, first_enemy_seen=False, used=(), extra_locations=0,
                     **ending)


_AUTO = {
    "setup": _auto_setup, "main": _auto_main, "attack_start": _auto_attack_start, "attack": _auto_window,
    "jump": _auto_window, "wrap up": _auto_window, "reveal": _auto_reveal, "assign_start": _auto_assign_start,
    "assign": _auto_assign, "fights": _auto_fights, "order": _auto_order, "fight": _auto_fight,
    "jump_start": _auto_jump_start, "locations": _auto_locations, "pick": _auto_pick, "draw": _auto_draw,
    "wrap_start": _auto_wrap_start, "end_turn": _end_turn, "over": _auto_over,
}
"""What runs by itself in each stage (``_auto``): one function per stage, found at once."""


__all__ = ["Enemy", "Fight", "advance", "apply_action", "initial_state"]


def legal_actions(s: PinnedDownState) -> tuple[Action, ...]:
    """The decisions open now (listed in ``actions.py``, with their notation): a pending card text's choices,
    else the moves of the window or stage."""
    return actions.open_moves(s)


def chance_outcomes(s: PinnedDownState) -> tuple[tuple[Action, Fraction], ...]:
    """What the waiting chance step deals (an attack card revealed, a card drawn, a battle destiny, a damage
    card, a random target), each with its exact chance: the decks are read in ``chance.py``."""
    return chance.outcomes(s)


def why_illegal(s: PinnedDownState, action: Action) -> str:
    """Why ``action`` is refused here, in the table's words (``actions.refusal``)."""
    return actions.refusal(s, action)


def result(s: PinnedDownState) -> Result:
    """The game is cooperative: every player wins together (the fleet reached distance 10) or loses together.

    >>> import explorer
    >>> s = explorer.load_game("pinned_down").initial_state(players=2)
    >>> result(s.replace(outcome="win: the fleet reached distance 10")).returns
    (1.0, 1.0)
    """
    n = len(s.players)
    if s.outcome.startswith("win"):
        return Result(tuple(range(n)), (1.0,) * n, s.outcome)
    return Result((), (0.0,) * n, s.outcome)
