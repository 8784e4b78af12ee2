"""Exact odds for the Battle of Endor's questions, from the live position.

Every answer is exact (``Fraction`` / :class:`explorer.odds.Dist`), computed over
the multisets of dice faces (:func:`explorer.odds.dice_faces`: 252 outcomes for
5 dice, weighted by their orderings), never by sampling.

* :func:`attack_odds` — an attack of one ship type from a sector into a sector:
  the number of dice that hit, the chance of clearing the sector and the enemy
  losses. **Hit-assignment rule** (the attacker assigns hits, seed §5A; this is
  the rule the odds assume): the enemy ships that are easiest to hit go first,
  each taking the smallest die that hits it; dice left showing 5+ go on the
  Falcon's or Executor's hit track; at a fleet marker, a 5+ destroys the marker
  and every fighter on it. This destroys as many ships as possible and clears
  the sector whenever any assignment can.
* :func:`special_ship_odds` — the chance that an attack destroys the
  Millennium Falcon or the Executor (every die that hits it on its track).
* :func:`shield_advance_odds` and :func:`shield_chain` — one Shield Assault from
  the current track, and the absorbing chain of repeated assaults (no new
  stormtroopers): expected orders to bring the shields down, P(within k).
* :func:`duel_odds` (from :mod:`explorer.games.endor.duel`) — each duel order
  from the current tracks, or why the rules refuse it.
* :func:`death_star_shot` and :func:`death_star_final` — the Empire's shot
  (a 5 or 6 on 2 dice) and the Rebels' attack (a 6 on the dice they can roll).
* :func:`which_order` — for each order on the cards in hand, its headline chance.

>>> death_star_shot()
Fraction(5, 9)
>>> death_star_final(5)
Fraction(4651, 7776)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from explorer.odds import ChainResult, Dist, absorbing_chain, dice_faces, dice_pool
from explorer.games.endor.board import attack_dice, attack_sources, attack_targets, death_star_targets, marker_at
from explorer.games.endor.duel import DuelChances, duel_odds
from explorer.games.endor.orders import free_spaces, order_attack_dice, order_refusal
from explorer.games.endor.state import DEATH_STAR, EMPIRE_TYPES, EXECUTOR, FALCON, REBEL_TYPES, EndorState

__all__ = ["AttackOdds", "DuelChances", "SpecialShipOdds", "assign", "attack_odds", "best_death_star_dice", "death_star_final",
           "death_star_shot", "duel_odds", "shield_advance_odds", "shield_chain",
           "special_ship_odds", "which_order"]


@dataclass(frozen=True)
class AttackOdds:
    """What one attack can do: dice rolled, dice that hit, P(cleared), ships destroyed, track hits."""

    dice: int
    hits: Dist
    cleared: Fraction
    losses: Dist
    track_hits: Dist

    @property
    def expected_losses(self) -> Fraction:
        return self.losses.mean()


def assign(faces: tuple[int, ...], fighters: tuple[tuple[int, int], ...], big: tuple[int, int] | None,
           marker: int) -> tuple[int, int, bool, int]:
    """The module's hit-assignment rule on one roll: ``(dice used, ships destroyed, cleared, track hits)``.

    ``fighters``: ``(hit_on, count)`` per one-hit ship type; ``big``: the
    Falcon's or Executor's ``(hit_on, hits left)``; ``marker``: the marker's
    ``hit_on`` (0 when there is no hittable marker).

    >>> assign((6, 3, 2), ((3, 2), (4, 1)), None, 0)
    (2, 2, False, 0)
    >>> assign((5, 1), ((4, 3),), None, 5)
    (1, 3, True, 0)
    >>> assign((6, 5, 3), ((3, 1),), (5, 6), 0)
    (3, 1, False, 2)
    """
    dice = sorted(faces)
    total = sum(c for _, c in fighters) + (1 if big else 0)
    if marker and dice and dice[-1] >= marker:
        return 1, total, True, 0
    used = destroyed = 0
    for hit_on, count in sorted(fighters):
        for _ in range(count):
            pick = next((i for i, f in enumerate(dice) if f >= hit_on), -1)
            if pick < 0:
                break
            dice.pop(pick)
            used += 1
            destroyed += 1
    cleared = destroyed == sum(c for _, c in fighters) and not marker
    track = 0
    if big:
        hit_on, left = big
        track = min(left, sum(1 for f in dice if f >= hit_on))
        used += track
        if track == left:
            destroyed += 1
        else:
            cleared = False
    return used, destroyed, cleared, track


Targets = tuple[tuple[tuple[int, int], ...], tuple[int, int] | None, int]
"""What an attack faces: ``(hit_on, count)`` per fighter type, the big ship's ``(hit_on, hits left)``, the marker."""


def _targets(state: EndorState, target: int, attacker_side: int) -> Targets:
    data = state.data
    row = state.ships[target]
    kinds = REBEL_TYPES if attacker_side == 1 else EMPIRE_TYPES
    fighters = tuple((data.ship_types[k].hit_on, row[k]) for k in kinds if row[k] and k not in (FALCON, EXECUTOR))
    big = None
    for k, hits in ((FALCON, state.falcon_hits), (EXECUTOR, state.executor_hits)):
        if k in kinds and row[k]:
            big = (data.ship_types[k].hit_on, data.ship_types[k].hits - hits)
    m = marker_at(state, target)
    marker = data.marker_hit_on if (attacker_side == 1 and m >= 0 and state.markers[m]
                                    and not state.rules.markers_death_star_only) else 0
    return fighters, big, marker


@lru_cache(maxsize=2048)
def _attack(dice: int, fighters: tuple[tuple[int, int], ...], big: tuple[int, int] | None, marker: int) -> AttackOdds:
    faces = dice_faces(dice)
    hits: dict[int, int] = {}
    losses: dict[int, int] = {}
    track: dict[int, int] = {}
    cleared = 0
    for roll, w in zip(faces.outcomes, faces.weights):
        used, destroyed, clear, t = assign(roll, fighters, big, marker)
        hits[used] = hits.get(used, 0) + w
        losses[destroyed] = losses.get(destroyed, 0) + w
        track[t] = track.get(t, 0) + w
        cleared += w if clear else 0
    return AttackOdds(dice, Dist(hits), Fraction(cleared, faces.total), Dist(losses), Dist(track))


def attack_odds(state: EndorState, ship: int, source: int, target: int) -> AttackOdds:
    """The attack of ``ship`` (a type index) from ``source`` into ``target`` in this position.

    >>> import explorer
    >>> s = explorer.load_game("endor").initial_state()
    >>> i = s.data.index
    >>> a = attack_odds(s, 4, i["M19"], i["M17"])   # 4 TIEs into 4 Y-wings
    >>> a.dice, a.cleared, a.expected_losses
    (4, Fraction(1, 16), Fraction(2, 1))
    """
    if target == DEATH_STAR:
        n = order_attack_dice(state, ship, source, target)
        win = death_star_final(n)
        return AttackOdds(n, dice_pool(n, hit_on=6), win, Dist.from_fractions({0: 1 - win, 1: win}), Dist({0: 1}))
    side = 0 if ship in REBEL_TYPES else 1
    fighters, big, marker = _targets(state, target, side)
    return _attack(order_attack_dice(state, ship, source, target), fighters, big, marker)


@dataclass(frozen=True)
class SpecialShipOdds:
    """The chance that one attack destroys the Millennium Falcon or the Executor (seed §5A: hit tracks).

    The attacker assigns the hits (seed §5A), so a player aiming at the special
    ship puts every die that hits it on its track: ``track_hits`` is the number
    of hits it takes that way (at most the hits it has left) and ``destroyed``
    the chance its track fills this attack. ``reason`` says, in one sentence, why
    the question does not apply (then ``ship`` is "" and the chances are 0).
    """

    ship: str
    hits_left: int
    track_hits: Dist
    destroyed: Fraction
    reason: str = ""

    def __str__(self) -> str:
        if self.reason:
            return self.reason
        return (f"{self.ship}: {self.hits_left} hit{'s' if self.hits_left != 1 else ''} left, "
                f"destroyed this attack {self.destroyed}")


_SPECIAL_NAMES = {FALCON: "Millennium Falcon", EXECUTOR: "Executor"}


def special_ship_odds(state: EndorState, ship: int, source: int, target: int) -> SpecialShipOdds:
    """The chance that ``ship`` (a type index) attacking from ``source`` destroys the enemy special ship in ``target``.

    >>> import explorer
    >>> s = explorer.load_game("endor").initial_state()
    >>> i = s.data.index
    >>> s = s.replace(ships=s.with_ships(i["O14"], 3, 1), falcon_hits=3)   # the Falcon, 3 of 6 hits taken
    >>> o = special_ship_odds(s, 5, i["O13"], i["O14"])                 # the Executor's 4 dice, 5+ hits it
    >>> o.ship, o.hits_left, o.destroyed
    ('Millennium Falcon', 3, Fraction(1, 9))
    """
    data = state.data
    where = "the Death Star" if target == DEATH_STAR else data.nodes[target]
    none = Dist({0: 1})
    if target == DEATH_STAR:
        return SpecialShipOdds("", 0, none, Fraction(0), "The Death Star is not the Falcon or the Executor.")
    enemy = EMPIRE_TYPES if ship in REBEL_TYPES else REBEL_TYPES
    for kind, hits in ((FALCON, state.falcon_hits), (EXECUTOR, state.executor_hits)):
        if kind in enemy and state.ships[target][kind]:
            stats = data.ship_types[kind]
            left = stats.hits - hits
            dice = order_attack_dice(state, ship, source, target)
            track = dice_pool(dice, hit_on=stats.hit_on).map(lambda h: min(h, left))
            return SpecialShipOdds(_SPECIAL_NAMES[kind], left, track, track.at_least(left))
    name = "the Executor" if ship in REBEL_TYPES else "the Millennium Falcon"
    return SpecialShipOdds("", 0, none, Fraction(0), f"{name[0].upper()}{name[1:]} is not at {where}.")


def death_star_shot() -> Fraction:
    """The Empire's Death Star order: at least one 5 or 6 on 2 dice (seed §5A)."""
    return dice_pool(2, hit_on=5).at_least(1)


def death_star_final(dice: int) -> Fraction:
    """The Rebels' attack on the Death Star: at least one 6 on ``dice`` dice."""
    return dice_pool(dice, hit_on=6).at_least(1) if dice else Fraction(0)


def best_death_star_dice(state: EndorState) -> int:
    """The most dice the Rebels can roll at the Death Star now (0 while the shields are up)."""
    if not state.shields_down:
        return 0
    best = 0
    for kind in REBEL_TYPES:
        for n in state.data.inner:
            if state.ships[n][kind]:
                best = max(best, attack_dice(state, kind, n, DEATH_STAR))
    return best


Advances = tuple[tuple[tuple[int, tuple[int, ...]], int], ...]
"""``((strike team, stormtroopers left), weight)`` pairs of one assault."""


@lru_cache(maxsize=64)
def _at_least(dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """For each multiset of faces of ``dice`` dice: how many dice show t or more (t = 1..7), and its weight."""
    faces = dice_faces(dice)
    return tuple((tuple(sum(f >= t for f in roll) for t in range(1, 8)), w)
                 for roll, w in zip(faces.outcomes, faces.weights))


@lru_cache(maxsize=4096)
def _advance(track: tuple[int, ...], start: int, troopers: tuple[int, ...]) -> Advances:
    """One Shield Assault (5 dice) from ``start``: the engine's rule (:func:`~.orders.shield_advance`: each
    space in turn takes the smallest unused die that meets it) counted over all 252 face multisets at once.

    That rule advances k spaces exactly when the first k spaces' needs can all be met by distinct dice (taking
    the smallest die that fits never spoils a later space), that is when, for every t, at least as many dice
    show t or more as there are needs of t or more among those k spaces.
    """
    needs = [track[p] + (1 if p + 1 in troopers else 0) for p in range(start, min(len(track), start + 5))]
    wanted = [tuple(sum(n >= t for n in needs[:k]) for t in range(1, 8)) for k in range(1, len(needs) + 1)]
    by_advance = [0] * (len(needs) + 1)
    for shown, weight in _at_least(5):
        k = 0
        while k < len(wanted) and all(have >= want for have, want in zip(shown, wanted[k])):
            k += 1
        by_advance[k] += weight
    out: dict[tuple[int, tuple[int, ...]], int] = {}
    for k, w in enumerate(by_advance):
        if w:
            end = start + k
            out[(end, tuple(t for t in troopers if t > end))] = w
    return tuple(sorted(out.items()))


def shield_advance_odds(state: EndorState) -> Dist:
    """Spaces the strike team advances with one Shield Assault order (5 dice) from here.

    >>> import explorer
    >>> s = explorer.load_game("endor").initial_state()
    >>> d = shield_advance_odds(s)
    >>> d.p(0), d.mean() > 4
    (Fraction(1, 7776), True)
    """
    rows = _advance(state.data.track, state.strike_team, state.troopers)
    return Dist({p - state.strike_team: w for (p, _), w in rows}) if rows else Dist({0: 1})


def shield_chain(state: EndorState, *, max_steps: int = 60) -> ChainResult:
    """Repeated Shield Assault orders (no new stormtroopers) as an absorbing chain to the shields down.

    ``expected_steps`` is the expected number of orders; ``p_ended_by(k)`` the
    chance of the shields being down within ``k`` orders.
    """
    track = state.data.track
    start = (state.strike_team, state.troopers)
    transitions: dict = {}
    todo = [start]
    while todo:
        node = todo.pop()
        if node in transitions or node[0] >= len(track):
            continue
        rows = _advance(track, node[0], node[1])
        total = sum(w for _, w in rows)
        transitions[node] = {nxt: Fraction(w, total) for nxt, w in rows}
        todo.extend(nxt for nxt, _ in rows if nxt not in transitions)
    if not transitions:
        return absorbing_chain({start: {}}, start)
    return absorbing_chain(transitions, start, max_steps=max_steps)


def which_order(state: EndorState, seat: int | None = None) -> list[tuple[str, str, str, Fraction]]:
    """For each order on the cards in hand (and the revealed card) of ``seat``: its headline chance.

    Rows are ``(card, order, what, probability)``; an order that cannot be used
    now has probability 0 and says why. Ship orders show their best attack from
    where the ships stand now (before any move).
    """
    seat = state.seat if seat is None else seat
    cards = list(dict.fromkeys(([state.revealed] if state.revealed and state.seat == seat else [])
                               + list(state.piles[seat]) + [str(card) for card in state.hands[seat].kinds()]))
    rows = []
    cache: dict[str, tuple[str, Fraction]] = {}
    for card in cards:
        for order in state.data.card_orders[card]:
            if order not in cache:
                cache[order] = _headline(state, order)
            what, p = cache[order]
            rows.append((card, order, what, p))
    return rows


def _headline(state: EndorState, order: str) -> tuple[str, Fraction]:
    refusal = order_refusal(state, order)
    if refusal:
        return f"cannot be used: {refusal}", Fraction(0)
    data = state.data
    if order in data.ship_orders:
        kind = data.type_index(data.ship_orders[order])
        best: tuple[str, Fraction] = ("no attack from where the ships stand", Fraction(0))
        for src in attack_sources(state, kind):
            for tgt in attack_targets(state, kind, src):
                a = attack_odds(state, kind, src, tgt)
                name = "the Death Star" if tgt == DEATH_STAR else data.nodes[tgt]
                what = "destroy the Death Star" if tgt == DEATH_STAR else f"clear {name} from {data.nodes[src]}"
                if a.cleared > best[1]:
                    best = (what, a.cleared)
        return best
    if order == "Shield Assault":
        d = shield_advance_odds(state)
        return f"advance at least 1 space (expected {float(d.mean()):.2f})", d.at_least(1)
    if order == "Shield Ambush":
        return f"place {min(3, len(free_spaces(state)))} stormtroopers", Fraction(1)
    if order == "Death Star":
        targets = death_star_targets(state)
        return f"destroy everything at {data.nodes[targets[0]]}" + (" (or another target)" if len(targets) > 1 else ""), \
            death_star_shot()
    duel = duel_odds(state)[order]
    what, p = max(duel.items(), key=lambda kv: kv[1])
    return what, p
