"""Main-phase actions: play, use a base, scrap from play, acquire, attack — each with its reason when illegal.

Notation (2 players): ``play Cutter``, ``use Trading Post``, ``scrap Ram``,
``buy Cutter``, ``buy Cutter to top`` (after Freighter's ally or Central Office),
``buy Explorer``, ``attack Space Station``, ``attack player 2 5``, ``end turn``.
With more players a base is named with its owner (``attack War World of player 3``)
and a shared Hydra Authority as a team (``attack team 2 6``).

>>> import explorer
>>> s = explorer.Match(explorer.load_game("star_realms"), seed=1)
>>> s.play("random", max_steps=12) and None
>>> all(str(a).split()[0] in ("play", "use", "scrap", "buy", "attack", "end") for a in s.state.legal_actions()) or s.state.queue != ()
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, cast

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.games.star_realms.effects import (SCRAPPED_SHIP, act, destroy_base, minus_one, plus_one, scrap_to,
                                                tasks_for)
from explorer.games.star_realms.formats import base_targets, protectors, targets
from explorer.core.frozen import replaced
from explorer.games.star_realms.state import Task, in_play

if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Card
    from explorer.games.star_realms.state import PlayerState, StarRealmsState

END = Action("end", ("turn",))


def switch_action(seat: int) -> Action:
    """The move that hands the team's main phase to teammate ``seat`` (0-based)."""
    return Action("switch", ("to", "player", seat + 1))


def trade_available(s: "StarRealmsState", me: int) -> int:
    """Trade ``me`` may spend: their own pool, plus teammates' in formats that pool Trade."""
    if s.fmt.pooled_trade:
        return sum(s.players[m].trade for m in s.members() if s.fmt.teams[m] == s.fmt.teams[me])
    return s.players[me].trade


def payments(s: "StarRealmsState", me: int, cost: int) -> list[tuple[int, int]]:
    """Who pays ``cost`` Trade and how much, as ``(seat, amount)``: ``me`` first, then teammates in formats
    that pool Trade (only seats that pay something are listed).

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> payments(s.with_player(0, trade=5), 0, 3)
    [(0, 3)]
    """
    found = []
    for m in [me] + [m for m in s.members() if m != me and s.fmt.pooled_trade and s.fmt.teams[m] == s.fmt.teams[me]]:
        take = min(cost, s.players[m].trade)
        if take:
            found.append((m, take))
        cost -= take
    return found


def _pay(s: "StarRealmsState", me: int, cost: int) -> "StarRealmsState":
    for m, take in payments(s, me, cost):
        s = s.with_player(m, trade=s.players[m].trade - take)
    return s


def explorer_available(s: "StarRealmsState") -> bool:
    return s.explorers > 0 or s.game.variant == "unlimited_explorers"


def _owner_label(s: "StarRealmsState", name: str, owner: int) -> tuple:
    return (name,) if len(s.players) == 2 else (name, "of", "player", owner + 1)


def attack_plan(s: "StarRealmsState", me: int) -> tuple[list[tuple[int, str]], list[int], dict[int, str]]:
    """``(attackable bases as (owner, name), attackable seats (one per Authority), blocked seats -> outpost)``."""
    fmt, alive = s.fmt, s.alive
    hitting = targets(fmt, me, alive)
    bases: list[tuple[int, str]] = []
    seats: list[int] = []
    blocked: dict[int, str] = {}
    lives: set[int] = set()
    for q in base_targets(fmt, me, alive, s.game.variant == "hunter_right_neighbour_bases"):
        outposts = [(o, r.name) for o in protectors(fmt, q, alive) for r in s.players[o].bases
                    if s.card(r.name).is_outpost]
        found = outposts or [(q, r.name) for r in s.players[q].bases]
        bases += [b for b in found if b not in bases]
        if q in hitting:
            if outposts:
                blocked[q] = outposts[0][1]
            elif fmt.lives[q] not in lives:
                lives.add(fmt.lives[q])
                seats.append(q)
    return bases, seats, blocked


def _life_label(s: "StarRealmsState", seat: int) -> tuple[str, int]:
    if s.fmt.shares_life(seat):
        return ("team", s.fmt.teams[seat] + 1)
    return ("player", seat + 1)


def attack_actions(s: "StarRealmsState", me: int) -> list[Action]:
    combat = s.players[me].combat
    if combat <= 0:
        return []
    bases, seats, _ = attack_plan(s, me)
    # Each move listed once: two copies of a base in play (two Trading Posts) are one "attack Trading
    # Post"; each Authority is attacked for each amount once.
    found = list(dict.fromkeys([act("attack", _owner_label(s, name, o)) for o, name in bases
                                if s.card(name).defense <= combat]))
    whole = len(seats) == 1 and s.game.variant == "whole_pool_attacks"
    for q in seats:
        found += _attacks(_life_label(s, q), combat, whole)
    return found


@lru_cache(maxsize=2048)
def _attacks(life: tuple[str, int], combat: int, whole: bool) -> tuple[Action, ...]:
    """The attacks on one Authority with ``combat`` to spend: every amount from 1, or the whole pool."""
    return tuple(act("attack", (*life, n)) for n in ((combat,) if whole else range(1, combat + 1)))


class _Named(dict[str, Action]):
    """The moves of one kind by card name (``PLAY["Scout"]``), each made once: they are listed at almost every step."""

    def __init__(self, kind: str, *after: str) -> None:
        super().__init__()
        self.kind, self.after = kind, after

    def __missing__(self, name: str) -> Action:
        move = self[name] = Action(self.kind, (name, *self.after))
        return move


PLAY, USE, SCRAP, BUY, BUY_TO_TOP = _Named("play"), _Named("use"), _Named("scrap"), _Named("buy"), _Named("buy", "to", "top")


def main_actions(s: "StarRealmsState") -> tuple[Action, ...]:
    """The main-phase actions of the player moving, in a fixed order.

    >>> import explorer
    >>> s = explorer.Match(explorer.load_game("star_realms"), seed=2)
    >>> s.play("random", max_steps=8) and None
    >>> [str(a) for a in main_actions(s.state)]
    ['play Scout', 'play Viper', 'end turn']
    """
    me = s.actor
    p = s.players[me]
    cards = s.game.cards
    # Each move is listed once: the hand and the trade row hold each kind once, two copies of a card in
    # play give one "use"/"scrap" (deduplicated by name), and the kinds differ from group to group.
    found = [PLAY[c] for c, _ in cast("tuple[tuple[str, int], ...]", p.hand.items())]  # a hand of card names
    if p.bases:
        found += use_moves(p, cards)
    if p.ships or p.bases:
        found += [SCRAP[name] for name in dict.fromkeys([r.name for r in p.ships + p.bases
                                                          if cards[r.copied or r.name].scrap])]
    found += buy_moves(s, cards)
    if p.combat > 0:
        found += attack_actions(s, me)
    if len(s.fmt.groups[s.group]) > 1:
        found += [switch_action(m) for m in s.members() if m != me]
    found.append(END)
    return tuple(found)


def use_moves(p: "PlayerState", cards: dict[str, Card]) -> list[Action]:
    """The ``use`` moves of ``main_actions`` (in its order): each base with its primary ability unused, once by name."""
    ready = [r.name for r in p.bases if not r.primary_used and cards[r.name].primary]
    return [USE[name] for name in dict.fromkeys(ready)]


def buy_moves(s: "StarRealmsState", cards: dict[str, Card]) -> list[Action]:
    """The ``buy`` moves of ``main_actions`` (in its order): the trade row's affordable cards, then an Explorer."""
    me = s.actor
    p = s.players[me]
    trade = trade_available(s, me) if s.fmt.pooled_trade else p.trade
    to_top = p.next_ship_to_top
    found = []
    for c, _ in cast("tuple[tuple[str, int], ...]", s.row.items()):  # a row of card names
        card = cards[c]
        if card.cost <= trade:
            found.append(BUY[c])
            if to_top and card.is_ship:
                found.append(BUY_TO_TOP[c])
    if cards["Explorer"].cost <= trade and explorer_available(s):
        found.append(BUY["Explorer"])
        if to_top:
            found.append(BUY_TO_TOP["Explorer"])
    return found


def surely_listed(s: "StarRealmsState", action: Action) -> bool:
    """Whether ``action`` is one of ``main_actions(s)``, told from the few moves of its own kind alone.

    ``s`` is in its main phase (no queued effect, the game not over). True for ``end turn`` (always listed)
    and a play, use or buy that its part of ``main_actions`` lists; False: not told so (list every move).
    """
    if action is END:
        return True
    if type(action) is not Action:
        return False
    kind, args = action.kind, action.args
    if kind == "play":
        return len(args) == 1 and type(args[0]) is str and args[0] in s.players[s.actor].hand
    if kind == "use":
        return action in use_moves(s.players[s.actor], s.game.cards)
    if kind == "buy":
        return action in buy_moves(s, s.game.cards)
    return False


def plain_ship(card: "Card") -> tuple[int, int] | None:
    """``(Trade, Combat)`` of an unaligned ship whose only ability is Trade and Combat, else ``None``.

    Scout, Viper and Explorer are such ships, and they are most of the cards played in a game.

    Playing one fires no ally ability (it has no faction and makes no card an ally of all) and waits for
    nothing, so its pools are added as it is played and the position needs no settling: the same
    position as queueing its +Trade/+Combat and resolving them, one step less work at most plays.

    >>> import explorer
    >>> cards = explorer.load_game("star_realms").cards
    >>> plain_ship(cards["Scout"]), plain_ship(cards["Viper"]), plain_ship(cards["Cutter"])
    ((1, 0), (0, 1), None)
    """
    known = _PLAIN.get(id(card))
    if known is None or known[0] is not card:
        plain = None
        if (card.is_ship and card.faction == "Unaligned" and not (card.passive or card.ally or card.ally2)
                and all(e.kind in ("trade", "combat") for e in card.primary)):
            plain = (sum(e.amount for e in card.primary if e.kind == "trade"),
                     sum(e.amount for e in card.primary if e.kind == "combat"))
        if len(_PLAIN) > 4096:
            _PLAIN.clear()
        known = _PLAIN[id(card)] = (card, plain)  # the card is kept here, so its id stays its own
    return known[1]


_PLAIN: dict[int, tuple["Card", tuple[int, int] | None]] = {}


def apply_main(s: "StarRealmsState", action: Action) -> "StarRealmsState":
    """Apply a legal main-phase action (the caller settles the queue afterwards)."""
    me = s.actor
    p = s.players[me]
    kind, args = action.kind, action.args
    tasks: tuple[Task, ...]
    if kind == "play":
        name = cast(str, args[0])  # a legal move's arguments: a card name (``PLAY``)
        card = s.card(name)
        hand, played = minus_one(p.hand, name), plus_one(p.played, card.faction)
        if card.is_ship:
            bonus = sum(s.card(r.name).passive_amount("ship_combat") for r in p.bases) if p.bases else 0
            pools = plain_ship(card)
            if pools is not None:  # its Trade and Combat are added at once (see plain_ship)
                p = replaced(p, hand=hand, played=played, ships=p.ships + (in_play(name),),
                             trade=p.trade + pools[0], combat=p.combat + bonus + pools[1])
                tasks = ()
            else:
                p = replaced(p, hand=hand, played=played, ships=p.ships + (in_play(name),), combat=p.combat + bonus)
                tasks = tasks_for(card.primary, me, name, "primary")
        else:
            bonus = card.passive_amount("ship_combat") * len(p.ships)
            p = replaced(p, hand=hand, played=played, bases=p.bases + (in_play(name),), combat=p.combat + bonus)
            tasks = ()  # a base's primary is used with "use" (when played or later this turn)
        players = list(s.players)
        players[me] = p
        return replaced(s, players=tuple(players), queue=s.queue + tasks)
    if kind == "use":
        name = cast(str, args[0])
        bases = list(p.bases)
        i = next(i for i, r in enumerate(bases) if r.name == name and not r.primary_used)
        bases[i] = in_play(bases[i].name, bases[i].copied, bases[i].ally_used, bases[i].ally2_used, True)
        return s.with_seat(me, replaced(p, bases=tuple(bases)),
                           queue=s.queue + tasks_for(s.card(name).primary, me, name, "primary"))
    if kind == "scrap":
        name = cast(str, args[0])
        ships, bases = list(p.ships), list(p.bases)
        zone = ships if any(r.name == name for r in ships) else bases
        # Scrap the copy that has already used the most of its abilities.
        i = max((i for i, r in enumerate(zone) if r.name == name),
                key=lambda i: (zone[i].primary_used, zone[i].ally_used, i))
        definition = zone[i].definition
        del zone[i]
        played = p.played
        if s.game.variant == "needle_copies_scrapped" and zone is ships and definition != "Stealth Needle" \
                and SCRAPPED_SHIP + definition not in played:
            played = played.add(SCRAPPED_SHIP + definition)  # Stealth Needle may still copy it this turn
        s = scrap_to(s.with_player(me, ships=tuple(ships), bases=tuple(bases), played=played), name)
        return s.replace(queue=s.queue + tasks_for(s.card(definition).scrap, me, definition, "scrap"))
    if kind == "buy":
        return acquire(s, me, cast(str, args[0]), to_top=len(args) > 1)
    if kind == "attack":
        return attack(s, me, args)
    if kind == "switch":
        return s.replace(actor=whole_arg(args[2]) - 1)
    raise ValueError(f"not a main-phase action: {action}")


def acquire(s: "StarRealmsState", me: int, name: str, *, to_top: bool) -> "StarRealmsState":
    """Pay, take the card (trade row or Explorer pile), refill the row at once."""
    card = s.card(name)
    pooled = s.fmt.pooled_trade
    s = _pay(s, me, card.cost) if pooled else s  # else ``me`` alone pays, in the one copy that takes the card
    p = s.players[me]
    trade = p.trade if pooled else p.trade - min(card.cost, p.trade)
    changes: dict[str, object] = {}
    if name != "Explorer":
        changes.update(row=s.row.remove(name), queue=(Task("refill", me),) + s.queue)
    elif s.game.variant != "unlimited_explorers":
        changes["explorers"] = s.explorers - 1
    if to_top:
        p = replaced(p, trade=trade, deck=p.deck.put_on_top(name), next_ship_to_top=False)
    else:
        flag = p.next_ship_to_top and not card.is_ship
        p = replaced(p, trade=trade, discard=p.discard.add(name), next_ship_to_top=flag)
    return s.with_seat(me, p, **changes)


def attack(s: "StarRealmsState", me: int, args: tuple) -> "StarRealmsState":
    p = s.players[me]
    if args[0] in ("player", "team") and len(args) == 3 and isinstance(args[2], int):
        n = args[2]
        seat = args[1] - 1 if args[0] == "player" else next(
            q for q in attack_plan(s, me)[1] if s.fmt.teams[q] == args[1] - 1)
        authority = list(s.authority)
        authority[s.fmt.lives[seat]] = max(0, authority[s.fmt.lives[seat]] - n)  # Authority stops at 0
        return s.with_seat(me, replaced(p, combat=p.combat - n), authority=tuple(authority))
    name = args[0]
    owner = args[3] - 1 if len(args) > 1 else 1 - me
    s = s.with_player(me, combat=p.combat - s.card(name).defense)
    return destroy_base(s, owner, name)


def why_illegal_main(s: "StarRealmsState", action: Action) -> str:
    """Why a main-phase action is not legal now ('' if no specific reason is known)."""
    me, p, args = s.actor, s.players[s.actor], action.args
    if action.kind == "play" and args and args[0] not in p.hand:
        return f"{args[0]} is not in your hand"
    if action.kind == "use" and args:
        if not any(r.name == args[0] for r in p.bases):
            return f"you have no base {args[0]} in play"
        return f"{args[0]}'s primary ability was already used this turn"
    if action.kind == "scrap" and args and len(args) == 1:
        if not any(r.name == args[0] for r in p.in_play()):
            return f"{args[0]} is not in play"
        return f"{args[0]} has no scrap ability"
    if action.kind == "buy" and args:
        name = args[0]
        if name == "Explorer" and not explorer_available(s):
            return "the Explorer pile is empty"
        if name != "Explorer" and name not in s.row:
            return f"{name} is not in the trade row"
        cost = s.card(cast(str, name)).cost  # a card name: the trade row or the Explorer pile has it
        if cost > trade_available(s, me):
            return f"{name} costs {cost} Trade, you have {trade_available(s, me)}"
        if len(args) > 1:
            return "only a ship may go on top of your deck, after an ability lets the next ship do so"
    if action.kind == "attack" and args:
        bases, seats, blocked = attack_plan(s, me)
        if args[0] in ("player", "team") and len(args) == 3:
            who = f"{args[0]} {args[1]}"
            seat = cast(int, args[1]) - 1 if args[0] == "player" else None  # a number when the move is well formed
            if seat is not None and seat in blocked:
                return f"cannot attack {who}: outpost {blocked[seat]} must be destroyed first"
            if args[0] == "team" and blocked and not seats:
                return f"cannot attack {who}: outpost {next(iter(blocked.values()))} must be destroyed first"
            if seat is not None and seat not in seats:
                return f"{who} cannot be attacked by player {me + 1} in the {s.fmt.name} format"
            if not isinstance(args[2], int) or args[2] > p.combat or args[2] < 1:
                return f"cannot attack {who} for {args[2]}: you have {p.combat} Combat"
            if s.game.variant == "whole_pool_attacks" and len(seats) == 1:
                return f"attack {who} with your whole {p.combat} Combat (variant whole_pool_attacks)"
            return f"{who} cannot be attacked now"
        name = args[0]
        if len(args) == 4 and isinstance(args[3], int):
            owner = args[3] - 1
            if not 0 <= owner < len(s.players) or owner == me:
                return f"player {args[3]} has no base you may attack"
            if owner not in base_targets(s.fmt, me, s.alive, s.game.variant == "hunter_right_neighbour_bases"):
                return f"the bases of player {args[3]} cannot be attacked by player {me + 1} in the {s.fmt.name} format"
            if not any(r.name == name for r in s.players[owner].bases):
                return f"player {args[3]} has no base {name} in play"
        outposts = [n for _, n in bases if s.card(n).is_outpost]
        if name in s.game.cards and outposts and not s.card(name).is_outpost:
            return f"cannot attack {name}: outpost {outposts[0]} must be destroyed first"
        if name in s.game.cards and s.card(name).is_base and s.card(name).defense > p.combat:
            return f"{name} has defense {s.card(name).defense}, you have {p.combat} Combat"
        return f"no attackable base {name}"
    if action.kind == "switch":
        team = [m for m in s.members() if m != me]
        if not team:
            return "you have no teammate in this turn: switching is for the team formats (hydra, emperor)"
        if len(args) == 3 and isinstance(args[2], int):
            return f"player {args[2]} is not on your team this turn; you may switch to " + \
                ", ".join(f"player {m + 1}" for m in team)
        return "the move is 'switch to player N', N a teammate's seat"
    return ""
