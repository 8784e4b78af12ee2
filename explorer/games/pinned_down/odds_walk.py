"""The walks behind the attack-phase odds: every way the reveal can go, counted exactly.

:func:`quick_walk` merges attack cards that behave alike in a reveal (same cost, threat added, effect) and
walks positions that are only counts, with whole-number weights over one denominator; ship powers come
back afterwards by the hypergeometric split of each merged group. :func:`full_walk` walks every group
with the accumulated outcome in the position (used when the deck has a known top). Both follow the seed's
rule: pay each card's cost, stop at the first card that costs more than the pool.

>>> quiet_before(1, 2, 1)
{0: Fraction(2, 3), 1: Fraction(1, 3)}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd
from typing import TYPE_CHECKING

from explorer.core import Multiset
from explorer.games.pinned_down import effects as fx
from explorer.odds import Dist

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


@dataclass(frozen=True, order=True)
class Reveal:
    """One way the attack phase can turn out."""

    ships: int
    total_power: int
    largest_power: int
    effects: tuple[str, ...]
    threat_left: int

    def __str__(self) -> str:
        fx_text = f"; effects: {', '.join(self.effects)}" if self.effects else ""
        return (f"{self.ships} ships, power {self.total_power} (largest {self.largest_power}), "
                f"threat left {self.threat_left}{fx_text}")


LOUD = ("Collateral Damage", "The End Draws Near")
"""Attack effects that change the reveal itself (threat added, battle destinies drawn)."""


@dataclass(frozen=True)
class _Group:
    """Attack cards that behave alike in a reveal (same cost, power, threat added, effect)."""

    ship: bool
    cost: int
    first_cost: int
    power: int
    bonus: int
    effect: str


@dataclass
class WalkModel:
    """What the reveal needs to know about the table, fixed for one attack phase.

    Enemy ships and the "loud" effects are counted by group; every other attack effect is "quiet" (it
    changes nothing in the reveal but the per-effect threat of Ms. McGowan and Agniar) and only their
    number is tracked, which keeps the count of positions small and the answer exact.
    """

    groups: tuple[_Group, ...]
    index: dict[str, int]
    per_effect: int
    destinies: int
    stop_at_zero: bool
    start: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    quiet_start: int = 0
    quiet_discard: int = 0


QUIET = -1
DECK_OUT = 1 << 30
"""The depth recorded when the reveal ran out of cards rather than stopping at one it could not pay for."""


def build_model(s: "S") -> WalkModel:
    groups: list[_Group] = []
    index: dict[str, int] = {}
    for n in s.data.names("Dra'tar"):
        card = s.data.card(n)
        ship = card.type == "enemy ship"
        if not ship and n not in LOUD:
            index[n] = QUIET
            continue
        bonus = sum(e.amount for e in card.lasting if e.on == "reveal" and e.kind == "add_threat")
        if ship:
            bonus = dict(s.knobs.threat_on_reveal).get(n, bonus)
        g = _Group(ship, fx.enemy_threat(s, n, first=False), fx.enemy_threat(s, n, first=True),
                   fx.printed_power(s, n) if ship else 0, bonus, "" if ship else n)
        if g not in groups:
            groups.append(g)
        index[n] = groups.index(g)
    per_effect = sum(e.amount if e.kind == "add_threat" else -e.amount for _, e in fx.triggered(s, "attack_effect"))
    nullified = fx.fleet_has(s, "nullify", card="Collateral Damage")
    return WalkModel(tuple(groups), index, per_effect, 0 if nullified else len(s.alive()), s.knobs.stop_at_zero)


def group_counts(model: WalkModel, cards: Multiset) -> tuple[tuple[int, ...], int]:
    out = [0] * len(model.groups)
    quiet = 0
    for c, n in cards.items():
        g = model.index[c]
        if g == QUIET:
            quiet += n
        else:
            out[g] += n
    return tuple(out), quiet


Acc = tuple[int, int, int, int, int]  # ships, total power, largest power, loud-effect mask, quiet effects
Key = tuple  # (top, counts, quiet, pool, first, owed, reshuffle, acc)


def full_walk(model: WalkModel, top: tuple[int, ...], counts: tuple[int, ...], quiet: int, pool: int, first: bool,
            reshuffle: bool) -> dict[tuple[Acc, int, int], Fraction]:
    """Forward over the reveal, one card a layer; the accumulated outcome rides in the state (it is fixed by
    the cards drawn, so it does not multiply the positions). Returns (outcome, threat left) -> probability.

    Every position of a layer has drawn the same number of cards from a deck of the same size (the known
    top first, a reshuffle only when the deck is out, which every path reaches at the same layer), so
    weights are whole numbers over one denominator per layer: exact, and no fractions in the inner loop.
    """
    frontier: dict[Key, int] = {(top, counts, quiet, pool, first, 0, reshuffle, (0, 0, 0, 0, 0)): 1}
    done: dict[tuple[Acc, int, int], Fraction] = {}
    denominator = 1
    depth = 0
    while frontier:
        nxt: dict[Key, int] = {}
        ended: dict[tuple[Acc, int], int] = {}
        layer_size = 0
        for (top, counts, quiet, pool, first, owed, reshuffle, acc), w in frontier.items():
            size = sum(counts) + quiet
            if not top and not size and reshuffle:
                drawn = [a - b for a, b in zip(model.start, counts)]
                counts = tuple(d + (x if not g.ship else 0) for d, x, g in zip(model.discard, drawn, model.groups))
                quiet = model.quiet_discard + model.quiet_start
                size, reshuffle = sum(counts) + quiet, False
            if not top and not size:
                ended[(acc, pool)] = ended.get((acc, pool), 0) + w
                continue
            if top:
                draws = [(top[0], w, top[1:], counts, quiet)]
                layer_size = 1
            else:
                layer_size = size
                draws = [(g, w * n, (), counts[:g] + (n - 1,) + counts[g + 1:], quiet)
                         for g, n in enumerate(counts) if n]
                if quiet:
                    draws.append((QUIET, w * quiet, (), counts, quiet - 1))
            ships, total, largest, mask, nq = acc
            for g, q, top2, counts2, quiet2 in draws:
                if owed:
                    key = (top2, counts2, quiet2, pool, first, owed - 1, reshuffle, acc)
                    nxt[key] = nxt.get(key, 0) + q
                    continue
                if g == QUIET:
                    left = max(0, pool + model.per_effect)
                    acc2 = (ships, total, largest, mask, nq + 1)
                    first2, owed2 = first, 0
                else:
                    group = model.groups[g]
                    cost = group.first_cost if first and group.ship else group.cost
                    if cost > pool:
                        ended_key = (acc, -1 - pool)  # ended after this draw: one layer deeper
                        ended[ended_key] = ended.get(ended_key, 0) + q
                        continue
                    left = max(0, pool - cost + group.bonus)
                    if group.ship:
                        acc2 = (ships + 1, total + group.power, max(largest, group.power), mask, nq)
                        first2, owed2 = False, 0
                    else:
                        left = max(0, left + model.per_effect)
                        acc2 = (ships, total, largest, mask | 1 << LOUD.index(group.effect), nq)
                        first2, owed2 = first, (model.destinies if group.effect == "Collateral Damage" else 0)
                if model.stop_at_zero and left == 0:
                    ended[(acc2, -1)] = ended.get((acc2, -1), 0) + q
                    continue
                key = (top2, counts2, quiet2, left, first2, owed2, reshuffle, acc2)
                nxt[key] = nxt.get(key, 0) + q
        for (acc, left), w in ended.items():
            # left >= 0: ended before drawing (deck out); left < 0: ended with this layer's draw
            den = denominator if left >= 0 else denominator * layer_size
            k = (acc, left if left >= 0 else -1 - left, DECK_OUT if left >= 0 else depth + 1)
            done[k] = done.get(k, 0) + Fraction(w, den)
        denominator *= layer_size or 1
        depth += 1
        frontier = nxt
    return done


def _merged_groups(s: "S", model: WalkModel) -> tuple[list[int], list[tuple[tuple[int, int], ...]]]:
    """Ship groups that differ only in power merge: which merged group each group goes to, and its members."""
    keys: list[tuple] = []
    where: list[int] = []
    for g in model.groups:
        key = (g.ship, g.cost, g.first_cost, g.bonus, g.effect)
        if key not in keys:
            keys.append(key)
        where.append(keys.index(key))
    return where, []


def _fast_reveal(model: WalkModel, counts: tuple[int, ...], quiet: int, pool: int, first: bool,
                 second: tuple[int, ...] | None, second_quiet: int) -> tuple[dict[tuple, int], int]:
    """The reveal walk over merged groups (same cost, threat added and effect): positions are counts only.

    ``counts`` are the deck's merged groups; ``second`` the groups of the deck rebuilt from the discard pile
    if the deck runs out (``None``: no reshuffle left this phase). Positions carry both passes (2n counts).
    A battle destiny (Collateral Damage) takes the next card face down: since the deck is shuffled, what
    is revealed after it is distributed as if that card were still at the bottom, so a destiny only makes
    the deck run out one card sooner (``skipped``) and never branches the walk.
    Returns ((counts left, threat left, depth, quiet left, reshuffled) -> whole-number weight, the one
    denominator of them all); at a deck-out the cards left are the ones the destinies took.
    """
    n = len(model.groups)
    costs = [(g.cost, g.first_cost, g.bonus, g.ship, g.effect) for g in model.groups] * 2
    frontier: dict[tuple, int] = {(counts + (0,) * n, quiet, pool, first, 0, False): 1}
    layers: list[tuple[int, dict[tuple, int]]] = []
    denominator = 1
    depth = 0
    while frontier:
        nxt: dict[tuple, int] = {}
        ended: dict[tuple, int] = {}
        out_now: dict[tuple, int] = {}
        live = []
        for (counts, quiet, pool, first, skipped, shuffled), w in frontier.items():
            size = sum(counts) + quiet
            if size <= skipped and second is not None and not shuffled and sum(second) + second_quiet:
                counts, quiet, shuffled, skipped = (0,) * n + second, second_quiet, True, 0
                size = sum(counts) + quiet
            if size <= skipped:
                k = (counts, pool, DECK_OUT, quiet, shuffled)
                out_now[k] = out_now.get(k, 0) + w
                continue
            live.append((counts, quiet, pool, first, skipped, shuffled, w, size))
        # paths that reshuffled at different moments hold decks of different sizes: one common multiple
        layer_size = 0
        for *_, size in live:
            layer_size = size if not layer_size else layer_size * size // gcd(layer_size, size)
        for counts, quiet, pool, first, skipped, shuffled, w, size in live:
            w = w * (layer_size // size)
            for g in range(2 * n + (1 if quiet else 0)):
                if g < 2 * n:
                    c = counts[g]
                    if not c:
                        continue
                    q = w * c
                    counts2 = counts[:g] + (c - 1,) + counts[g + 1:]
                    quiet2 = quiet
                else:
                    q = w * quiet
                    counts2, quiet2 = counts, quiet - 1
                skipped2 = skipped
                if g == 2 * n:
                    left, first2 = max(0, pool + model.per_effect), first
                else:
                    cost, first_cost, bonus, ship, effect = costs[g]
                    price = first_cost if first and ship else cost
                    if price > pool:
                        k = (counts, pool, depth + 1, quiet, shuffled)  # the card it stopped at: not revealed
                        ended[k] = ended.get(k, 0) + q
                        continue
                    left = max(0, pool - price + bonus)
                    if ship:
                        first2 = False
                    else:
                        left = max(0, left + model.per_effect)
                        first2 = first
                        if effect == "Collateral Damage":
                            skipped2 = skipped + model.destinies
                if model.stop_at_zero and left == 0:
                    k = (counts2, 0, depth + 1, quiet2, shuffled)
                    ended[k] = ended.get(k, 0) + q
                    continue
                key = (counts2, quiet2, left, first2, skipped2, shuffled)
                nxt[key] = nxt.get(key, 0) + q
        if out_now:
            layers.append((denominator, out_now))
        if layer_size:
            denominator *= layer_size
        if ended:
            layers.append((denominator, ended))
        depth += 1
        frontier = nxt
    done: dict[tuple, int] = {}
    for den, part in layers:
        scale = denominator // den
        for k, w in part.items():
            done[k] = done.get(k, 0) + w * scale
    return done, denominator


def _power_split(members: tuple[tuple[int, int], ...], r: int) -> dict[tuple[int, int], int]:
    """(total power, largest power) of ``r`` ships drawn from a merged group's members (power, count), as the
    number of ways out of C(members, r)."""
    out: dict[tuple[int, int], int] = {}

    def walk(i: int, left: int, ways: int, total: int, largest: int) -> None:
        if i == len(members):
            if left == 0:
                out[(total, largest)] = out.get((total, largest), 0) + ways
            return
        power, n = members[i]
        for k in range(min(n, left) + 1):
            walk(i + 1, left - k, ways * comb(n, k), total + k * power, max(largest, power) if k else largest)

    walk(0, r, 1, 0, 0)
    return out


def quick_walk(s: "S", model: WalkModel, counts: tuple[int, ...], quiet: int, pool: int) -> tuple[Dist, Dist]:
    """The walk over merged groups, with no known top (a destiny drawn by Collateral Damage that is a quiet
    effect counts as revealed when Ms. McGowan or Agniar react to effects; after a reshuffle, ships drawn as a
    destiny this phase are not counted back in and quiet effects of the second pass are not counted when
    nothing reacts to them)."""
    where, _ = _merged_groups(s, model)
    m = max(where) + 1
    reps = [next(model.groups[g] for g in range(len(where)) if where[g] == i) for i in range(m)]

    def merge(groups: tuple[int, ...]) -> tuple[list[int], list[dict[int, int]]]:
        merged = [0] * m
        members: list[dict[int, int]] = [dict() for _ in range(m)]
        for g, c in enumerate(groups):
            merged[where[g]] += c
            if model.groups[g].ship and c:
                members[where[g]][model.groups[g].power] = members[where[g]].get(model.groups[g].power, 0) + c
        return merged, members

    merged, members = merge(counts)
    discard, members2 = merge(model.discard)
    reacts = model.per_effect != 0  # Ms. McGowan or Agniar: quiet effects move the pool, so they are walked too
    second = None
    if s.reveal_reshuffles < 1:
        second = tuple(d + (0 if reps[i].ship else merged[i]) for i, d in enumerate(discard))
    second_quiet = (model.quiet_discard + quiet) if reacts else 0
    merged_model = WalkModel(tuple(reps), {}, model.per_effect, model.destinies, model.stop_at_zero)
    table, denominator = _fast_reveal(merged_model, tuple(merged), quiet if reacts else 0, pool,
                                      not s.first_enemy_seen, second, second_quiet)
    big_k = sum(merged)
    both = merged + list(second or (0,) * m)
    agg: dict[tuple, int] = {}
    depths: dict[int, int] = {}
    for (left_counts, left, depth, quiet_left, shuffled), w in table.items():
        start = both if shuffled else merged + [0] * m
        drawn = tuple(a - b for a, b in zip(start, left_counts))
        if reacts:
            depth = -1 - ((quiet - quiet_left) if not shuffled else quiet + (second_quiet - quiet_left))
        effects = tuple(e for e in LOUD if any(drawn[i] for i in range(2 * m) if reps[i % m].effect == e))
        ship_drawn = tuple(r if reps[i % m].ship else 0 for i, r in enumerate(drawn))
        k = (ship_drawn, effects, left)
        agg[k] = agg.get(k, 0) + w
        depths[depth] = depths.get(depth, 0) + w
    # every split of r ships of a merged group counts ways out of C(n, r); scale all to one whole number
    all_members = members + members2
    sizes = [sum(x.values()) for x in all_members]
    scale = 1
    for i in range(2 * m):
        if reps[i % m].ship:
            scale *= _lcm_of_combs(sizes[i])
    splits: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
    out: dict[Reveal, int] = {}
    for (ship_drawn, effects, left), w in agg.items():
        power: dict[tuple[int, int], int] = {(0, 0): w * scale}
        for i, r in enumerate(ship_drawn):
            if not r:
                continue
            split = splits.get((i, r))
            if split is None:
                split = splits[(i, r)] = _power_split(tuple(sorted(all_members[i].items())), r)
            whole = comb(sizes[i], r)
            combined: dict[tuple[int, int], int] = {}
            for (t1, l1), p1 in power.items():
                for (t2, l2), p2 in split.items():
                    k2 = (t1 + t2, max(l1, l2))
                    combined[k2] = combined.get(k2, 0) + p1 * p2 // whole
            power = combined
        n_ships = sum(ship_drawn)
        for (total, largest), q in power.items():
            key = Reveal(n_ships, total, largest, effects, left)
            out[key] = out.get(key, 0) + q
    quiet_dist: dict[int, Fraction] = {}
    for depth, w in depths.items():
        p = Fraction(w, denominator)
        spread = {-1 - depth: Fraction(1)} if depth < 0 else (
            quiet_before(depth, big_k, quiet) if quiet else {0: Fraction(1)})
        for nq, r_ in spread.items():
            quiet_dist[nq] = quiet_dist.get(nq, 0) + p * r_
    return Dist(out), Dist.from_fractions(quiet_dist)


def _lcm_of_combs(n: int) -> int:
    out = 1
    for r in range(n + 1):
        c = comb(n, r)
        out = out * c // gcd(out, c)
    return out


def quiet_before(j: int, k: int, q: int) -> dict[int, Fraction]:
    """How many of ``q`` quiet cards lie before the ``j``-th of ``k`` other cards in a shuffled deck
    (negative hypergeometric); ``j == 0`` means nothing was drawn."""
    if j == 0:
        return {0: Fraction(1)}
    if j >= k + 1:
        return {q: Fraction(1)}
    whole = comb(q + k, q)
    return {m: Fraction(comb(m + j - 1, m) * comb(q - m + k - j, q - m), whole) for m in range(q + 1)
            if comb(m + j - 1, m) * comb(q - m + k - j, q - m)}
