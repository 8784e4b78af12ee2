"""The effect interpreter: card abilities (data) become queued steps, resolved one at a time.

Each :class:`~explorer.games.star_realms.state.Task` is automatic (``+3 Combat``),
a chance node (``draw``: a card from a player's deck, reshuffling the discard
pile when the deck is empty; ``refill``: a card from the trade deck into the
trade row) or a decision of ``task.player`` (``choose``, ``scrap``, ``discard``,
``destroy``, ``copy``, ``acquire``, ``target``). There is one small function
per effect *kind*, never one per card.

>>> from explorer.games.star_realms.state import Task
>>> sorted(AUTOMATIC)[:3], is_decision(Task("choose", 0))
(['authority', 'combat', 'draw_if_bases'], True)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from explorer.core.actions import whole_arg
from explorer.core import CHANCE, Action, Deck, Multiset
from explorer.core.zones import DeckNodes
from explorer.games.star_realms.cards import Effect, describe
from explorer.games.star_realms.formats import base_targets, protectors, targets
from explorer.core.frozen import replaced
from explorer.games.star_realms.state import Task, in_play

if TYPE_CHECKING:
    from explorer.games.star_realms.state import StarRealmsState

SCRAPPED_SHIP = "scrapped ship: "
"""Variant ``needle_copies_scrapped``: ``played`` also remembers each ship scrapped from play this
turn as ``"scrapped ship: Ram"`` (a name no faction has), so Stealth Needle may copy it."""

AUTOMATIC = frozenset({"trade", "combat", "authority", "next_ship_to_top", "draw_per_faction_played", "draw_if_bases"})
CHANCE_KINDS = frozenset({"draw", "refill"})
THEN_DRAW = frozenset({"discard_then_draw", "scrap_hand_or_discard_then_draw"})


@lru_cache(maxsize=8192)
def act(kind: str, args: tuple) -> Action:
    """``Action(kind, args)``, remembered: the same few moves are listed at almost every decision.

    >>> act("play", ("Scout",)) == Action("play", ("Scout",)) and act("play", ("Scout",)) is act("play", ("Scout",))
    True
    """
    return Action(kind, args)


def is_decision(task: "Task") -> bool:
    return task.kind not in AUTOMATIC and task.kind not in CHANCE_KINDS


def tasks_for(effects: tuple[Effect, ...], player: int, card: str, slot: str) -> tuple["Task", ...]:
    """The queued steps of an ability: one per effect, in the card's order.

    Tasks are frozen values, so the tuple for the same ability and player is made once and shared.

    >>> from explorer.games.star_realms.cards import load_cards
    >>> cutter = load_cards()["Cutter"]
    >>> [(t.kind, t.amount) for t in tasks_for(cutter.primary, 0, "Cutter", "primary")]
    [('authority', 4), ('trade', 2)]
    >>> tasks_for(cutter.primary, 0, "Cutter", "primary") is tasks_for(cutter.primary, 0, "Cutter", "primary")
    True
    """
    key = (id(effects), player, card, slot)
    known = _TASKS.get(key)
    if known is not None and known[0] is effects:
        return known[1]
    tasks = tuple(Task(e.kind, player, card, slot, i, e.amount) for i, e in enumerate(effects))
    if len(_TASKS) >= 8192:
        _TASKS.clear()
    _TASKS[key] = (effects, tasks)  # the effects are kept alive with their tasks, so the id stays theirs
    return tasks


_TASKS: dict[tuple[int, int, str, str], tuple[tuple[Effect, ...], tuple["Task", ...]]] = {}


def effect_of(s: "StarRealmsState", task: "Task") -> Effect:
    """The card-data effect a task came from (``slot`` may be ``primary/0/1``: option 1 of a choice)."""
    card = s.card(task.card)
    parts = task.slot.split("/")
    effects = getattr(card, parts[0])
    for i in range(1, len(parts), 2):
        effects = effects[int(parts[i])].options[int(parts[i + 1])]
    return effects[task.index]


def scrap_to(s: "StarRealmsState", name: str) -> "StarRealmsState":
    """A scrapped card leaves the game; an Explorer goes back to the Explorer pile."""
    if name == "Explorer":
        if s.game.variant == "unlimited_explorers":
            return s  # the pile never runs out, so it does not grow either
        return s.replace(explorers=s.explorers + 1)
    return s.replace(scrap_heap=s.scrap_heap.add(name))


def scrapped_ships(played: "Multiset") -> tuple[str, ...]:
    """The ships scrapped from play this turn that ``played`` remembers (variant ``needle_copies_scrapped``)."""
    return tuple(str(k)[len(SCRAPPED_SHIP):] for k in played.kinds() if str(k).startswith(SCRAPPED_SHIP))


def _pop(s: "StarRealmsState", *front: "Task") -> "StarRealmsState":
    return s.replace(queue=front + s.queue[1:])


def _refill(s: "StarRealmsState", player: int) -> "Task":
    return Task("refill", player)


def _draw(player: int, n: int) -> tuple["Task", ...]:
    return (draw_task(player, n),) if n > 0 else ()


@lru_cache(maxsize=256)
def draw_task(player: int, n: int) -> "Task":
    """``player`` draws ``n`` cards (a frozen value, made once: every turn ends with the same draws).

    >>> draw_task(1, 5) is draw_task(1, 5), draw_task(1, 5).amount
    (True, 5)
    """
    return Task("draw", player, amount=n)


def one_fewer(task: "Task") -> "Task":
    """``task`` with one less to do (the draw of 5 after one card), remembered for the task value it came from.

    >>> one_fewer(draw_task(0, 5)) is one_fewer(draw_task(0, 5)), one_fewer(draw_task(0, 5)).amount
    (True, 4)
    """
    known = _FEWER.get(id(task))
    if known is not None and known[0] is task:
        return known[1]
    less = replaced(task, amount=task.amount - 1)
    if len(_FEWER) >= 4096:
        _FEWER.clear()
    _FEWER[id(task)] = (task, less)  # the task is kept alive here, so its id stays its own
    return less


_FEWER: dict[int, tuple["Task", "Task"]] = {}


def _finish(s: "StarRealmsState", task: "Task") -> "StarRealmsState":
    """Drop a finished task; "then draw that many" tasks queue their draw."""
    return _pop(s, *(_draw(task.player, task.done) if task.kind in THEN_DRAW else ()))


def needs_chance(s: "StarRealmsState", task: "Task") -> bool:
    if task.kind == "draw":
        return bool(s.players[task.player].deck)
    if task.kind == "refill":
        return bool(s.trade_deck) and len(s.row) < 5
    return False


def step(s: "StarRealmsState", task: "Task") -> "StarRealmsState | None":
    """Resolve the front task if no one needs to decide or draw; ``None`` when it waits (a run of gains of one
    player resolves together: ``_gain``)."""
    p = s.players[task.player]
    if task.kind == "draw":
        if p.deck:
            return None
        if p.discard:  # reshuffle: the discard pile becomes the deck, order unknown
            return s.with_player(task.player, deck=Deck.shuffled(p.discard), discard=type(p.discard)())
        return _pop(s)
    if task.kind == "refill":
        return None if needs_chance(s, task) else _pop(s)
    if task.kind in ("trade", "combat") or task.kind == "authority" and task.amount >= 0:
        return _gain(s, task)
    if task.kind == "authority":
        authority = list(s.authority)
        authority[s.fmt.lives[task.player]] += task.amount
        return _pop(s.replace(authority=tuple(authority)))
    if task.kind == "next_ship_to_top":
        return _pop(s.with_player(task.player, next_ship_to_top=True))
    if task.kind == "draw_per_faction_played":
        return _pop(s, *_draw(task.player, p.played.count(effect_of(s, task).faction)))
    if task.kind == "draw_if_bases":
        enough = len(p.bases) >= effect_of(s, task).bases
        return _pop(s, *_draw(task.player, task.amount if enough else 0))
    if task.kind == "opponent_discards":
        found = targets(s.fmt, task.player, s.alive)
        if len(found) == 1:
            return _pop(s, Task("discard", found[0], amount=task.amount))
        return None if found else _pop(s)
    if not options(s, task):
        return _finish(s, task)
    return None


def _gain(s: "StarRealmsState", task: "Task") -> "StarRealmsState":
    """Resolve ``task`` (+Trade, +Combat or +Authority) and the gains of the same player queued right after it, at once.

    Nothing is checked between them: no card enters play (no ally can fire) and no one decides or
    draws; and a gain of Authority never ends the game, so asking whether it is over after each
    would find it going on every time.
    """
    p = s.players[task.player]
    trade, combat, gained, done = p.trade, p.combat, 0, 0
    for following in s.queue:
        if following.player != task.player:
            break
        kind = following.kind
        if kind == "trade":
            trade += following.amount
        elif kind == "combat":
            combat += following.amount
        elif kind == "authority" and following.amount >= 0:
            gained += following.amount
        else:
            break
        done += 1
    changes: dict[str, object] = {"queue": s.queue[done:]}
    if trade != p.trade or combat != p.combat:
        players = list(s.players)
        players[task.player] = replaced(p, trade=trade, combat=combat)
        changes["players"] = tuple(players)
    if gained:
        authority = list(s.authority)
        authority[s.fmt.lives[task.player]] += gained
        changes["authority"] = tuple(authority)
    return replaced(s, **changes)


def _chance_deck(s: "StarRealmsState") -> tuple[str, Deck]:
    """What the waiting chance step takes its next card from: a player's deck (a draw) or the trade deck."""
    task = s.queue[0]
    return ("draw", s.players[task.player].deck) if task.kind == "draw" else ("reveal", s.trade_deck)


def chance_outcomes(s: "StarRealmsState") -> tuple[tuple[Action, Fraction], ...]:
    return _DECK_NODES(*_chance_deck(s))


def sample_chance(s: "StarRealmsState", rng: Any) -> Action:
    """The next card drawn or revealed, sampled as ``chance_outcomes`` would be, without making the node."""
    return _DECK_NODES.sample(*_chance_deck(s), rng)


def draw_run(s: "StarRealmsState", rng: Any, limit: int) -> "tuple[StarRealmsState, int]":
    """The front draw's cards sampled and drawn in one go while more of that draw follow them, at most ``limit``:
    the position and how many cards.

    Card by card this is ``sample_chance`` then ``apply_chance`` (the same numbers drawn from ``rng``, the same
    position), as long as the draw goes on after the card and the deck still holds one (``apply_action`` then
    stops at once for the next card); the last card of the draw is left to the usual step, which settles.
    A rollout draws five cards a turn per player, and makes one position for them instead of five.
    """
    task = s.queue[0]
    p = s.players[task.player]
    deck, hand, made = p.deck, p.hand, 0
    while made < limit and task.amount > 1 and len(deck) > 1:
        card = _DECK_NODES.sample("draw", deck, rng).args[0]
        deck, hand, task, made = deck.after_draw(card), plus_one(hand, card), one_fewer(task), made + 1
    if not made:
        return s, 0
    players = list(s.players)
    players[task.player] = replaced(p, deck=deck, hand=hand)
    drawn = replaced(s, players=tuple(players), queue=(task,) + s.queue[1:])
    object.__setattr__(drawn, "_outcome_cache", None)
    object.__setattr__(drawn, "_player_cache", CHANCE)
    return drawn, made


_DECK_NODES = DeckNodes(lambda kind, card: act(kind, (card,)))
"""A deck's next card as ``draw``/``reveal`` outcomes, remembered (the same decks recur every game)."""


def apply_chance(s: "StarRealmsState", action: Action) -> "StarRealmsState":
    task = s.queue[0]
    card = action.args[0]
    queue = ((one_fewer(task),) if task.amount > 1 else ()) + s.queue[1:]
    if action.kind == "draw":
        players = list(s.players)
        p = players[task.player]
        players[task.player] = replaced(p, deck=p.deck.after_draw(card), hand=plus_one(p.hand, card))
        return replaced(s, players=tuple(players), queue=queue)
    return replaced(s, trade_deck=s.trade_deck.after_draw(card), row=s.row.add(card),
                    queue=queue)


@lru_cache(maxsize=16_384)
def plus_one(bag: Multiset, item: str) -> Multiset:
    """``bag.add(item)``, remembered: hands of the same few cards take the same card game after game (and a
    turn's ``played`` the same factions)."""
    return bag.add(item)


@lru_cache(maxsize=16_384)
def minus_one(bag: Multiset, item: str) -> Multiset:
    """``bag.remove(item)``, remembered: the same few hands play the same cards game after game."""
    return bag.remove(item)


def _base_label(s: "StarRealmsState", name: str, owner: int) -> tuple[str, ...]:
    return (name,) if len(s.players) == 2 else (name, "of", "player", str(owner + 1))


def options(s: "StarRealmsState", task: "Task") -> tuple[Action, ...]:
    """The choices of a decision task, in a fixed order."""
    p = s.players[task.player]
    kind = task.kind
    if kind == "opponent_discards":
        return tuple(act("target", ("player", str(q + 1))) for q in targets(s.fmt, task.player, s.alive))
    if kind == "discard":
        return tuple(act("discard", (c,)) for c in p.hand.kinds())
    if kind == "discard_then_draw":
        return tuple(act("discard", (c,)) for c in p.hand.kinds()) + (Action("done"),) if p.hand else ()
    if kind in ("scrap_hand_or_discard", "scrap_hand_or_discard_then_draw", "scrap_hand"):
        found = tuple(act("scrap", ("hand", c)) for c in p.hand.kinds())
        if kind != "scrap_hand":
            found += tuple(act("scrap", ("discard", c)) for c in p.discard.kinds())
            found += (Action("done"),) if found else ()
        return found
    if kind == "scrap_trade_row":
        return tuple(act("scrap", ("row", c)) for c in s.row.kinds()) + ((Action("done"),) if s.row else ())
    if kind == "destroy_base":
        seen: list[Action] = []
        for q in base_targets(s.fmt, task.player, s.alive, s.game.variant == "hunter_right_neighbour_bases"):
            records = s.players[q].bases
            if s.game.variant == "outposts_block_destroy":
                walls = [(o, r) for o in protectors(s.fmt, q, s.alive) for r in s.players[o].bases
                         if s.card(r.name).is_outpost]
                if walls:
                    for o, rec in walls:
                        a = act("destroy", _base_label(s, rec.name, o))
                        if a not in seen:
                            seen.append(a)
                    continue
            for rec in records:
                a = act("destroy", _base_label(s, rec.name, q))
                if a not in seen:
                    seen.append(a)
        return tuple(seen) + ((Action("done"),) if seen else ())
    if kind == "acquire_ship_to_top":
        return tuple(act("acquire", (c,)) for c in cast("tuple[str, ...]", s.row.kinds()) if s.card(c).is_ship)
    if kind == "copy_ship":
        names = {r.definition for r in p.ships if r.definition != "Stealth Needle"}
        names |= set(scrapped_ships(p.played))
        return tuple(act("copy", (c,)) for c in sorted(names))
    if kind == "choose":
        return tuple(act("choose", (describe(o),)) for o in effect_of(s, task).options)
    raise ValueError(f"unknown effect kind {kind!r}")


def apply_decision(s: "StarRealmsState", action: Action) -> "StarRealmsState":
    """Apply one of ``options(s, s.queue[0])``."""
    task = s.queue[0]
    me = task.player
    p = s.players[me]
    less = replaced(task, amount=task.amount - 1, done=task.done + 1)
    if action.kind == "done":
        return _finish(s, task)
    if action.kind == "target":
        return _pop(s, Task("discard", whole_arg(action.args[1]) - 1, amount=task.amount))
    if action.kind == "choose":
        labels = [str(a.args[0]) for a in options(s, task)]
        j = labels.index(cast(str, action.args[0]))
        option = effect_of(s, task).options[j]
        return _pop(s, *tasks_for(option, me, task.card, f"{task.slot}/{task.index}/{j}"))
    if action.kind == "discard":
        card = action.args[0]
        s = s.with_player(me, hand=p.hand.remove(card), discard=p.discard.add(card))
    elif action.kind == "scrap":
        zone, card = cast("tuple[str, str]", action.args)  # ("hand" | "discard" | "row", a card name)
        if zone == "row":
            s = scrap_to(s.replace(row=s.row.remove(card)), card)
            return _pop(s, _refill(s, me), *((less,) if less.amount > 0 else ()))
        s = scrap_to(s.with_player(me, **{zone: getattr(p, zone).remove(card)}), card)
    elif action.kind == "destroy":
        name = cast(str, action.args[0])
        owner = whole_arg(action.args[3]) - 1 if len(action.args) > 1 else 1 - me
        return _pop(destroy_base(s, owner, name))
    elif action.kind == "acquire":
        card = action.args[0]
        s = s.replace(row=s.row.remove(card))
        # The free ship is "the next ship you acquire this turn": it uses up a pending "next ship on top".
        s = s.with_player(me, deck=s.players[me].deck.put_on_top(card), next_ship_to_top=False)
        return _pop(s, _refill(s, me))
    elif action.kind == "copy":
        return copy_ship(s, me, cast(str, action.args[0]))
    if less.amount <= 0:
        return _finish(s, less)
    return _pop(s, less)


def copy_ship(s: "StarRealmsState", me: int, name: str) -> "StarRealmsState":
    """Stealth Needle becomes a copy of ``name``: it gains that ship's faction and abilities.

    The Needle was played this turn, so from now on it also counts as a card of the copied
    faction played this turn (Blob World's "each Blob card you have played this turn").
    """
    p = s.players[me]
    ships = list(p.ships)
    i = max(i for i, r in enumerate(ships) if r.name == "Stealth Needle" and not r.copied)
    ships[i] = in_play("Stealth Needle", name)
    faction = s.card(name).faction
    played = p.played if faction in ("Unaligned", s.card("Stealth Needle").faction) else p.played.add(faction)
    s = s.with_player(me, ships=tuple(ships), played=played)
    return _pop(s, *tasks_for(s.card(name).primary, me, name, "primary"))


def destroy_base(s: "StarRealmsState", owner: int, name: str) -> "StarRealmsState":
    """A destroyed base goes to its owner's discard pile."""
    p = s.players[owner]
    bases = list(p.bases)
    del bases[next(i for i, r in enumerate(bases) if r.name == name)]
    return s.with_player(owner, bases=tuple(bases), discard=p.discard.add(name))
