"""Exact odds for Space Fleet Command: shots, destroying a ship, initiative, reach; cubes at the end.

Everything a player cannot see is one pool: the deck and the opponent's hand
(and a face-down initiative card not yet turned). By symmetry the next card
drawn from the deck is any card of that pool with equal chance, so the odds
are exact fractions over the pool's composition by number (cards in the
discard pile, in the asking player's hand and attached to ships are known and
excluded).

>>> import explorer
>>> from explorer.games.fleet_command.tactics import EXAMPLE
>>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
>>> shot_odds(s, 0, "Interceptor", "Fighter").draw
Fraction(1, 3)
>>> destroy_odds(s, 0, "Fighter")
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from explorer.core import Multiset
from explorer.core.chance import sample_outcome
from explorer.core.policies import random_policy
from explorer.core.rng import Generator
from explorer.errors import RulesError
from explorer.games.fleet_command import tactics
from explorer.games.fleet_command.geometry import Pose
from explorer.games.fleet_command.movement import reachable, ship_manoeuvres
from explorer.games.fleet_command.rules import initiative_key
from explorer.games.fleet_command.state import FleetState
from explorer.odds import Estimate, estimate


def unseen(state: FleetState, viewer: int) -> Multiset:
    """The cards ``viewer`` cannot see: the deck and the other player's hand (and face-down card)."""
    other = state.fleets[1 - viewer]
    pool = state.deck.contents() + other.hand
    if other.chosen and not state.fleets[viewer].chosen:
        pool = pool + Multiset([other.chosen])
    return pool


def numbers(state: FleetState, pool: Multiset) -> tuple[int, ...]:
    """How many cards of each number 1..6 the pool holds."""
    counts = [0] * 6
    for card, n in pool.items():
        counts[state.data.card_number(str(card)) - 1] += n
    return tuple(counts)


def hit_chance(counts: tuple[int, ...], cubes: int) -> Fraction:
    """P(a card drawn from a pool with these counts by number is at most ``cubes``).

    >>> hit_chance((9, 9, 9, 9, 9, 9), 2)
    Fraction(1, 3)
    """
    total = sum(counts)
    if total == 0:
        raise RulesError("no card is left to draw")
    return Fraction(sum(counts[: max(0, min(cubes, 6))]), total)


@dataclass(frozen=True)
class ShotOdds:
    """One shot: P(a cube is removed) drawing, and with each card in hand; cubes removed when drawing."""

    shooter: str
    target: str
    cubes: int
    draw: Fraction | None
    """``None`` when the deck is empty: no draw is offered (then ``no_draw`` says so)."""
    removed: dict[int, Fraction]
    hand: dict[str, Fraction]
    no_draw: str = ""


def shot_odds(state: FleetState, player: int, shooter: str, target: str, viewer: int | None = None) -> ShotOdds:
    """The odds of ``shooter``'s shot at enemy ``target`` removing a cube (before any Repair)."""
    viewer = player if viewer is None else viewer
    enemy = state.fleets[1 - player].ship(target)
    if not enemy.on_table:
        raise RulesError(f"enemy {target} is not on the table")
    c = enemy.cubes
    hand = {str(card): Fraction(int(state.data.card_number(str(card)) <= c))
            for card in state.fleets[player].hand.kinds()}
    if not state.deck:
        return ShotOdds(shooter, target, c, None, {}, hand,
                        "the deck is empty: no card can be drawn for a shot, only a card from hand")
    p = hit_chance(numbers(state, unseen(state, viewer)), c)
    ship = state.fleets[player].ship(shooter)
    hits = 1
    if ship.on_table and target in tactics.targets(state, player, shooter) \
            and tactics.is_close(state, player, shooter, target):
        hits = state.params.battleship_close_hits
    removed = {0: 1 - p, min(hits, c): p} if p not in (0, 1) else {0 if p == 0 else min(hits, c): Fraction(1)}
    return ShotOdds(shooter, target, c, p, removed, hand)


def shooters_at(state: FleetState, player: int, target: str) -> list[str]:
    """``player``'s ships that can still shoot ``target`` this Combat Phase (in arc and range, not yet shot)."""
    return [s.name for s in state.fleets[player].ships
            if s.on_table and not s.shot and target in tactics.targets(state, player, s.name)]


def destroy_odds(state: FleetState, player: int, target: str, viewer: int | None = None) -> Fraction:
    """P(``target`` loses its last cube this round if every ship that can reach it shoots it, drawing).

    Shots are drawn one after another without replacement from the unseen pool;
    each compares with the cubes left then (a Battleship at range 1 removes 2).
    """
    viewer = player if viewer is None else viewer
    enemy = state.fleets[1 - player].ship(target)
    if not enemy.on_table:
        return Fraction(1) if enemy.destroyed else Fraction(0)
    hits = tuple(state.params.battleship_close_hits if tactics.is_close(state, player, name, target) else 1
                 for name in shooters_at(state, player, target))[: len(state.deck)]   # a draw needs a card
    return _destroy(hits, enemy.cubes, numbers(state, unseen(state, viewer)))


@lru_cache(maxsize=65536)
def _destroy(hits: tuple[int, ...], cubes: int, counts: tuple[int, ...]) -> Fraction:
    if cubes <= 0:
        return Fraction(1)
    total = sum(counts)
    if not hits or total == 0:
        return Fraction(0)
    out = Fraction(0)
    for number, n in enumerate(counts, start=1):
        if not n:
            continue
        rest = counts[: number - 1] + (n - 1,) + counts[number:]
        left = cubes - hits[0] if number <= cubes else cubes
        out += Fraction(n, total) * _destroy(hits[1:], left, rest)
    return out


def initiative_odds(state: FleetState, player: int) -> dict[str, Fraction]:
    """P(taking initiative) with each card in hand, the opponent's card any card of the unseen pool.

    Lower number wins, then lower symbol value; a full tie goes to the player
    who did not have initiative last round (round 1: even).
    """
    pool = unseen(state, player)
    total = len(pool)
    if total == 0:
        raise RulesError("no unseen card: the opponent's card is known")
    tie_share = Fraction(1, 2) if state.initiative < 0 else Fraction(int(state.initiative != player))
    out = {}
    for card in state.fleets[player].hand.kinds():
        mine = initiative_key(state, str(card))
        win = Fraction(0)
        for other, n in pool.items():
            theirs = initiative_key(state, str(other))
            win += Fraction(n, total) * (1 if mine < theirs else tie_share if mine == theirs else 0)
        out[str(card)] = win
    return out


@dataclass(frozen=True)
class ReachEnd:
    """One end position: the manoeuvres reaching it and the enemy ships in arc and range from there."""

    pose: Pose
    sequence: tuple[str, ...]
    targets: tuple[str, ...]


def reach(state: FleetState, player: int, ship: str) -> dict[str, tuple[ReachEnd, ...]]:
    """Where ``ship`` can end this Movement Phase, by tiles: ``"base"``, ``"cube"`` (+2), ``"card"`` (+1).

    Other ships stay where they are now. A Fighter, or a ship given Do A Barrel
    Roll, may also barrel roll (``"roll card"`` for the others).
    """
    fleet = state.fleets[player]
    me = fleet.ship(ship)
    if not me.on_table:
        raise RulesError(f"{ship} is not on the table")
    assert me.pose is not None
    kind = state.ship_type(me)
    base = kind.movement
    p = state.params
    can_roll = "Barrel Roll" in kind.manoeuvres
    options = {"base": (base, can_roll), "cube": (base + p.activation_tiles, can_roll),
               "card": (base + p.card_tiles, can_roll)}
    if not can_roll:
        options["roll card"] = (base + (p.card_tiles if state.game.variant == "fighter_card_extra_tile" else 0), True)
    blocked = [s.pose for f in state.fleets for s in f.ships if s.on_table and s is not me and s.pose is not None]
    out = {}
    for label, (tiles, roll) in options.items():
        ends = reachable(me.pose, tiles=tiles, manoeuvres=ship_manoeuvres(kind.manoeuvres), roll=roll,
                         omnidirectional=kind.omnidirectional, blocked=blocked,
                         width=p.table_width, depth=p.table_depth, two_fronts=tactics.fronts(state, me) == 2)
        out[label] = tuple(ReachEnd(pose, seq, tactics.targets(state, player, ship, pose=pose))
                           for pose, seq in ends.items())
    return out


def _playout(state: FleetState, rng: Generator, policy: Callable = random_policy) -> FleetState:
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state = state.apply(policy(state, rng))
    return state


def expected_cubes(state: FleetState, *, trials: int = 100, seed: int = 0) -> tuple[Estimate, Estimate]:
    """Cubes on each player's ships when the deck runs out, both players random from here (seeded)."""
    second: list[int] = []

    def trial(rng: Generator) -> int:
        end = _playout(state, rng)
        second.append(end.fleets[1].cubes_on_ships())
        return end.fleets[0].cubes_on_ships()

    first = estimate(trial, trials=trials, seed=seed)
    replay = iter(second)
    return first, estimate(lambda rng: next(replay), trials=trials, seed=seed)
