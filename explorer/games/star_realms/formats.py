"""Game formats: seats, teams, Authority, starting hands, turn order, who may attack whom.

A :class:`Format` is computed from the format's name and the player count, so
a state stores only those two. Seats are numbered from 0 in turn order; the
first turn group moves first.

>>> f = make_format("hydra", 4)
>>> f.teams, f.authority, f.hands, f.groups
((0, 0, 1, 1), (75, 75), (3, 3, 5, 5), ((0, 1), (2, 3)))
>>> make_format("raid", 5).authority
(70, 50, 50, 50, 50)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from explorer.errors import RulesError

FORMATS = ("standard", "free_for_all", "hunter", "hydra", "emperor", "raid")
PLAYER_COUNTS = {
    "standard": (2,),
    "free_for_all": (3, 4, 5, 6),
    "hunter": (3, 4, 5, 6),
    "hydra": (4, 6),
    "emperor": (4, 6),
    "raid": (3, 4, 5, 6),
}


@dataclass(frozen=True)
class Format:
    """Everything a format fixes about seats.

    ``lives[seat]`` indexes ``authority`` (teammates in Hydra share one);
    ``groups`` are the turn groups in order (a team in Hydra and Emperor);
    ``pooled_trade``: teammates spend each other's Trade; ``team_outposts``:
    an Outpost protects every player of its team.
    """

    name: str
    players: int
    teams: tuple[int, ...]
    roles: tuple[str, ...]
    lives: tuple[int, ...]
    authority: tuple[int, ...]
    hands: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    pooled_trade: bool = False
    team_outposts: bool = False

    def teammates(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.teams[s] == self.teams[seat])

    def shares_life(self, seat: int) -> bool:
        return self.lives.count(self.lives[seat]) > 1


@lru_cache(maxsize=64)
def make_format(name: str, players: int) -> Format:
    """The format ``name`` for ``players`` players; ``RulesError`` lists what is allowed."""
    if name not in FORMATS:
        raise RulesError(f"unknown format {name!r}; formats: {', '.join(FORMATS)}")
    if players not in PLAYER_COUNTS[name]:
        allowed = ", ".join(map(str, PLAYER_COUNTS[name]))
        raise RulesError(f"format {name} is for {allowed} players, not {players}")
    seats = tuple(range(players))
    solo = tuple((s,) for s in seats)
    if name in ("standard", "free_for_all", "hunter"):
        hands = tuple(3 if s == 0 else 4 if (s == 1 and players > 2) else 5 for s in seats)
        return Format(name, players, seats, ("",) * players, seats, (50,) * players, hands, solo)
    if name in ("hydra", "emperor"):
        size = players // 2
        teams = tuple(s // size for s in seats)
        hands = tuple(3 if t == 0 else 5 for t in teams)
        groups = (seats[:size], seats[size:])
        if name == "hydra":
            return Format(name, players, teams, ("",) * players, teams, ((75, 100)[size - 2],) * 2, hands,
                          groups, pooled_trade=True, team_outposts=True)
        roles = tuple("emperor" if s % size == 0 else "admiral" for s in seats)
        authority = tuple(60 if r == "emperor" else 50 for r in roles)
        return Format(name, players, teams, roles, seats, authority, hands, groups, pooled_trade=True,
                      team_outposts=True)
    raiders = players - 1
    boss_authority = {2: 50, 3: 70, 4: 70, 5: 90}[raiders]
    boss_hand = {2: 5, 3: 5, 4: 6, 5: 6}[raiders]
    teams = (0,) + (1,) * raiders
    roles = ("boss",) + ("raider",) * raiders
    return Format(name, players, teams, roles, seats, (boss_authority,) + (50,) * raiders,
                  (boss_hand,) + (5,) * raiders, solo)


def left_of(seat: int, alive: tuple[bool, ...]) -> int | None:
    """The next living seat after ``seat`` in turn order (the player on the left)."""
    n = len(alive)
    for step in range(1, n):
        other = (seat + step) % n
        if alive[other]:
            return other
    return None


def right_of(seat: int, alive: tuple[bool, ...]) -> int | None:
    """The previous living seat before ``seat`` in turn order (the player on the right)."""
    n = len(alive)
    for step in range(1, n):
        other = (seat - step) % n
        if alive[other]:
            return other
    return None


def targets(fmt: Format, seat: int, alive: tuple[bool, ...]) -> tuple[int, ...]:
    """Seats whose Authority and Bases ``seat`` may attack or target (opponent discards, destroy base)."""
    enemies = [s for s in range(fmt.players) if alive[s] and fmt.teams[s] != fmt.teams[seat]]
    if fmt.name == "hunter":
        left = left_of(seat, alive)
        return () if left is None else (left,)
    if fmt.name == "emperor" and fmt.roles[seat] == "admiral":
        return tuple(s for s in enemies if fmt.roles[s] == "emperor")
    return tuple(enemies)


def base_targets(fmt: Format, seat: int, alive: tuple[bool, ...], right_bases: bool) -> tuple[int, ...]:
    """Seats whose Bases ``seat`` may attack: ``targets`` plus, in the variant, the right neighbour's."""
    found = list(targets(fmt, seat, alive))
    if fmt.name == "hunter" and right_bases:
        right = right_of(seat, alive)
        if right is not None and right not in found:
            found.append(right)
    return tuple(found)


def protectors(fmt: Format, seat: int, alive: tuple[bool, ...]) -> tuple[int, ...]:
    """Seats whose Outposts protect ``seat`` (the whole team in Hydra and Emperor)."""
    if fmt.team_outposts:
        return tuple(s for s in fmt.teammates(seat) if alive[s])
    return (seat,)


def winners(fmt: Format, authority: tuple[int, ...]) -> tuple[tuple[int, ...], str] | None:
    """``(winning seats, reason)`` once the game is decided, else ``None``."""
    alive = tuple(authority[fmt.lives[s]] > 0 for s in range(fmt.players))
    if fmt.name == "emperor":
        for team in (0, 1):
            emperor = next(s for s in range(fmt.players) if fmt.teams[s] == team and fmt.roles[s] == "emperor")
            if not alive[emperor]:
                won = tuple(s for s in range(fmt.players) if fmt.teams[s] != team)
                return won, f"the Emperor of team {team + 1} was eliminated"
        return None
    if fmt.name == "raid":
        if not alive[0]:
            return tuple(range(1, fmt.players)), "the Raiders reduced the Boss to 0 Authority"
        if not any(alive[1:]):
            return (0,), "the Boss defeated every Raider"
        return None
    living_teams = {fmt.teams[s] for s in range(fmt.players) if alive[s]}
    if len(living_teams) == 1:
        (team,) = living_teams
        won = tuple(s for s in range(fmt.players) if fmt.teams[s] == team)
        who = f"team {team + 1}" if len(won) > 1 else f"player {won[0] + 1}"
        return won, f"{who} is the last standing"
    if not living_teams:
        return (), "nobody is left standing"
    return None
