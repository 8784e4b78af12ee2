"""What a move did, effect by effect, in the order the rules resolved it: the events the story tells.

The rules report each step of a move themselves (``rules.apply_traced(s, action, trace)``): the
action, ally abilities firing, each queued effect resolving, a turn beginning. :func:`told` reads
that report into :class:`Told` events — every change of a Trade, Combat or Authority pool with the
card and ability that made it, the draws an ability asks for, a discard pile reshuffled, an
opponent made to discard, an ability with nothing to act on. ``story.py`` words them; a test adds
the pool changes up and finds the pools of the position after the move.

>>> import explorer
>>> from explorer.core import Action
>>> s = explorer.load_game("star_realms").initial_state()
>>> s = s.replace(stage="main", queue=()).with_player(0, hand=s.players[0].hand.add("Cutter"))
>>> after, events = told(s, Action("play", ("Cutter",)))
>>> [(e.what, e.amount, e.card, e.ability) for e in events]
[('authority', 4, 'Cutter', 'primary'), ('trade', 2, 'Cutter', 'primary')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.games.star_realms import rules
from explorer.games.star_realms.effects import THEN_DRAW
from explorer.games.star_realms.main_phase import END, attack_plan, payments, plain_ship

if TYPE_CHECKING:
    from explorer.games.star_realms.state import StarRealmsState, Task

POOLS = ("trade", "combat", "authority")
"""The pools a move can change: a player's Trade and Combat, an Authority score."""


@dataclass(frozen=True)
class Told:
    """One thing a move did, as the rules resolved it.

    ``what``: a pool (``"trade"``, ``"combat"``, ``"authority"``, ``amount`` signed, of ``seat``), or
    ``"draw"`` (an ability makes ``seat`` draw ``amount`` cards), ``"reshuffle"`` (``seat``'s discard
    pile of ``amount`` cards becomes the deck), ``"no card"`` (nothing left to draw), ``"discards"``
    (``seat`` must discard ``amount`` cards), ``"on top"`` (the next ship acquired may go on top of
    the deck), ``"row short"`` (the trade deck is empty: the row is not refilled) or ``"nothing"``
    (an ability with nothing to act on; ``kind`` says which). ``card`` and ``ability`` (``primary``,
    ``ally``, ``ally2``, ``scrap``, ``passive``) name the ability that did it; both are ``""`` for
    the move itself (Trade paid for a buy, Combat spent on an attack, pools lost at the end of a turn).
    """

    what: str
    seat: int
    amount: int = 0
    card: str = ""
    ability: str = ""
    kind: str = ""

    @property
    def is_pool(self) -> bool:
        return self.what in POOLS


def told(s: "StarRealmsState", action: Action) -> tuple["StarRealmsState", tuple[Told, ...]]:
    """The position after ``action`` and what the move did on the way, in the order it happened."""
    trace: list[rules.Step] = []
    after = rules.apply_traced(s, action, trace)
    events: list[Told] = []
    front = _front(s.queue)
    for step in trace:
        if step.what == "move":
            events += _move(step.before, action, step.after)
        elif step.what == "effect":
            events += _effect(step.before, step.after)
        now = _front(step.after.queue)
        if now is not None and now != front and now[1] == "draw" and now[3]:
            task = step.after.queue[0]  # an ability's draw comes up: told as it starts (the cards are the next moves)
            events.append(Told("draw", task.player, task.amount, task.card, _ability(task)))
        front = now
    return after, tuple(events)


def _front(queue: tuple["Task", ...]) -> tuple[int, str, int, str, str, int] | None:
    """The first task with its distance from the end of the queue, which stays the same while it waits and
    while it goes on (one card drawn of two): tasks are only ever put in front of the waiting ones."""
    if not queue:
        return None
    task = queue[0]
    return len(queue), task.kind, task.player, task.card, task.slot, task.index


def _ability(task: "Task") -> str:
    """``primary``, ``ally``, ``ally2`` or ``scrap``: a chosen option's slot ``primary/0/1`` is its card's ``primary``."""
    return task.slot.split("/", 1)[0]


def _then_draw(before: tuple["Task", ...], after: tuple["Task", ...], source: "Task") -> list[Told]:
    """The draw a finished "… then draw that many" ability queues (its draw task names no card), told with
    the ability's card."""
    new = after[: len(after) - (len(before) - 1)]
    return [Told("draw", t.player, t.amount, source.card, _ability(source))
            for t in new if t.kind == "draw" and not t.card and source.kind in THEN_DRAW]


def _move(s: "StarRealmsState", action: Action, after: "StarRealmsState") -> list[Told]:
    """What the action itself did: Trade paid, Combat spent, Authority lost, pools lost at the end of the turn, a
    plain ship's gains and a base's passive Combat (the rest of a card's abilities resolve as queued effects)."""
    if s.queue:  # a draw, a reveal or a decision: its pools change only as the effects it queues resolve
        return _then_draw(s.queue, after.queue, s.queue[0])
    me, p = s.actor, s.players[s.actor]
    kind, args = action.kind, action.args
    found: list[Told] = []
    if action == END:
        for m in s.members():
            q = s.players[m]
            found += [Told(pool, m, -getattr(q, pool)) for pool in ("trade", "combat") if getattr(q, pool)]
        return found
    if kind == "play":
        card = s.card(str(args[0]))
        if card.is_ship:
            for r in p.bases:
                bonus = s.card(r.name).passive_amount("ship_combat")
                if bonus:
                    found.append(Told("combat", me, bonus, r.name, "passive"))
            pools = plain_ship(card)
            if pools is not None:
                found += [Told(pool, me, n, card.name, "primary") for pool, n in zip(("trade", "combat"), pools) if n]
        elif card.passive_amount("ship_combat") and p.ships:
            found.append(Told("combat", me, card.passive_amount("ship_combat") * len(p.ships), card.name, "passive"))
    elif kind == "buy":
        found += [Told("trade", seat, -paid) for seat, paid in payments(s, me, s.card(str(args[0])).cost)]
    elif kind == "attack" and args[0] in ("player", "team"):
        seat = whole_arg(args[1]) - 1 if args[0] == "player" else next(
            q for q in attack_plan(s, me)[1] if s.fmt.teams[q] == whole_arg(args[1]) - 1)
        found.append(Told("combat", me, -whole_arg(args[2])))
        lost = s.authority_of(seat) - after.authority_of(seat)  # Authority stops at 0
        if lost:
            found.append(Told("authority", seat, -lost))
    elif kind == "attack":
        found.append(Told("combat", me, -s.card(str(args[0])).defense))
    return found


def _effect(s: "StarRealmsState", after: "StarRealmsState") -> list[Told]:
    """One resolved effect (``effects.step``): a run of gains, a reshuffle, a draw queued, an opponent's discard."""
    task = s.queue[0]
    kind, seat = task.kind, task.player
    origin = (task.card, _ability(task))
    if kind in POOLS:
        done = s.queue[: len(s.queue) - len(after.queue)]
        return [Told(t.kind, t.player, t.amount, t.card, _ability(t)) for t in done]
    if kind == "draw":
        if len(after.players[seat].deck) > len(s.players[seat].deck):
            return [Told("reshuffle", seat, len(after.players[seat].deck), *origin)]
        return [Told("no card", seat, task.amount, *origin)]
    if kind == "refill":
        return [Told("row short", seat)] if not s.trade_deck else []
    if kind == "next_ship_to_top":
        return [Told("on top", seat, 0, *origin)]
    if kind in ("draw_per_faction_played", "draw_if_bases"):
        drawn = after.queue[0].amount if len(after.queue) == len(s.queue) else 0
        return [Told("draw", seat, drawn, *origin, kind=kind)]
    if kind == "opponent_discards":
        if len(after.queue) == len(s.queue):  # one opponent to choose from: they must discard
            return [Told("discards", after.queue[0].player, task.amount, *origin)]
        return [Told("nothing", seat, 0, *origin, kind=kind)]
    # a decision with nothing to choose from ends at once (then-draw abilities draw what was done)
    return [Told("nothing", seat, 0, *origin, kind=kind)] + _then_draw(s.queue, after.queue, task)
