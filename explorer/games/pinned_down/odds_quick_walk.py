"""The quick walk of the reveal: attack cards that behave alike merged, positions that are only counts.

:func:`quick_walk` merges the groups of a :class:`~.odds_walk.WalkModel` that differ only in a ship's
printed power (same cost, threat added and effect) and walks positions that are only counts (packed
into one integer, :class:`PackedCounts`, so a position hashes and copies as one number), with
whole-number weights over one denominator, both passes through the deck at once (the discard pile
shuffled in when the deck runs out). The powers come back afterwards by the hypergeometric split of each
merged group (:func:`power_split`); how many quiet effects came up before the reveal stopped is the
negative hypergeometric count of quiet cards ahead of the stopping card (:func:`quiet_before`), which the
full walk (:func:`~.odds_walk.full_walk`) uses too. It answers the same as the full walk, far faster,
when nothing is known of the deck's order (the approximations are listed in
:func:`~explorer.games.pinned_down.odds.reveal_tables`).

>>> quiet_before(1, 2, 1)
{0: Fraction(2, 3), 1: Fraction(1, 3)}
>>> power_split(((3, 1), (5, 2)), 2)    # 2 ships of a group of three (power 3, 5, 5): ways out of C(3, 2)
{(10, 5): 1, (8, 5): 2}
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, gcd
from typing import TYPE_CHECKING

from explorer.games.pinned_down.odds_walk import DECK_OUT, LOUD, QUIET, Reveal, WalkModel, quiet_matters, react
from explorer.odds import Dist

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


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


class PackedCounts:
    """Count vectors packed into one integer, ``bits`` bits a field, so that hashing a position, copying it and
    taking one card off are single integer operations. No field ever goes below 0, so ``start - left`` is the
    vector of the cards drawn, field by field (no borrow crosses a field).

    >>> codes = PackedCounts(3, 5)
    >>> start = codes.pack((5, 2, 0))
    >>> codes.unpack(start - codes.one(1)), codes.unpack(start - codes.pack((1, 2, 0)))
    ((5, 1, 0), (4, 0, 0))
    """

    def __init__(self, fields: int, largest: int) -> None:
        self.bits = max(1, largest.bit_length())
        self.mask = (1 << self.bits) - 1
        self.fields = fields

    def pack(self, counts: tuple[int, ...] | list[int]) -> int:
        return sum(c << (i * self.bits) for i, c in enumerate(counts))

    def unpack(self, code: int) -> tuple[int, ...]:
        return tuple((code >> (i * self.bits)) & self.mask for i in range(self.fields))

    def one(self, field: int) -> int:
        """One card of ``field``: subtract it to take that card off."""
        return 1 << (field * self.bits)

    def field_mask(self, fields: list[int]) -> int:
        """The bits of ``fields``: ``code & field_mask(...)`` keeps those counts and zeroes the others."""
        return sum(self.mask << (i * self.bits) for i in fields)


def _fast_reveal(model: WalkModel, counts: tuple[int, ...], quiet: int, pool: int, first: bool,
                 second: tuple[int, ...] | None, second_quiet: int,
                 codes: PackedCounts, owed: int = 0) -> tuple[dict[tuple, int], int]:
    """The reveal walk over merged groups (same cost, threat added and effect): positions are counts only.

    ``counts`` are the deck's merged groups; ``second`` the groups of the deck rebuilt from the discard pile
    if the deck runs out (``None``: no reshuffle left this phase). Positions carry both passes (2n counts,
    packed by ``codes``). A battle destiny (Collateral Damage) takes the next card face down: since the deck is
    shuffled, what is revealed after it is distributed as if that card were still at the bottom, so a destiny
    only makes the deck run out one card sooner (``skipped``) and never branches the walk.
    Returns ((packed counts left, threat left, depth, quiet left, reshuffled) -> whole-number weight, the one
    denominator of them all); at a deck-out the cards left are the ones the destinies took.
    """
    n = len(model.groups)
    bits, mask = codes.bits, codes.mask
    # per pass, the groups whose cards may be drawn: (shift, one card, price, price of a first ship, bonus,
    # ship, destinies drawn); the quiet effects are one more, counted apart
    passes = tuple([(g * bits, 1 << (g * bits), grp.cost, grp.first_cost if grp.ship else grp.cost, grp.bonus,
                     grp.ship, model.destinies if grp.effect == "Collateral Damage" else 0)
                    for g, grp in ((h, model.groups[h % n]) for h in range(offset, offset + n))]
                   for offset in (0, n))
    per_effect, stop_at_zero = model.per_effect, model.stop_at_zero
    reacted: dict[int, int] = {}  # the pool after the texts that react to an effect, by the pool before

    second_code = codes.pack((0,) * n + second) if second is not None else 0
    second_size = sum(second) + second_quiet if second is not None else 0
    # a position: (packed counts, quiet left, pool, first ship still to come, destinies owed, reshuffled, size)
    frontier: dict[tuple, int] = {(codes.pack(counts + (0,) * n), quiet, pool, first, owed, False,
                                   sum(counts) + quiet): 1}
    layers: list[tuple[int, dict[tuple, int]]] = []
    denominator = 1
    depth = 0
    while frontier:
        nxt: dict[tuple, int] = {}
        ended: dict[tuple, int] = {}
        out_now: dict[tuple, int] = {}
        live = []
        for key, w in frontier.items():
            code, quiet, pool, first, skipped, shuffled, size = key
            if size <= skipped and second is not None and not shuffled and second_size:
                code, quiet, shuffled, skipped, size = second_code, second_quiet, True, 0, second_size
                key = (code, quiet, pool, first, skipped, shuffled, size)
            if size <= skipped:
                k = (code, pool, DECK_OUT, quiet, shuffled)
                out_now[k] = out_now.get(k, 0) + w
                continue
            live.append((key, w))
        # paths that reshuffled at different moments hold decks of different sizes: one common multiple
        layer_size = 0
        for key, _ in live:
            size = key[6]
            layer_size = size if not layer_size else layer_size * size // gcd(layer_size, size)
        for (code, quiet, pool, first, skipped, shuffled, size), w in live:
            w = w * (layer_size // size)
            stopped = 0
            for shift, one, cost, first_cost, bonus, ship, destinies in passes[shuffled]:
                c = (code >> shift) & mask
                if not c:
                    continue
                price = first_cost if first else cost
                if price > pool:
                    stopped += c  # the card it stopped at: not revealed
                    continue
                if ship:
                    left = pool - price + bonus
                    if left < 0:
                        left = 0
                    first2 = False
                else:
                    left = reacted.get(pool - price)
                    if left is None:
                        left = reacted[pool - price] = react(per_effect, pool - price)
                    left += bonus
                    if left < 0:
                        left = 0
                    first2 = first
                q = w * c
                if stop_at_zero and left == 0:
                    k = (code - one, 0, depth + 1, quiet, shuffled)
                    ended[k] = ended.get(k, 0) + q
                    continue
                nk = (code - one, quiet, left, first2, skipped + destinies, shuffled, size - 1)
                nxt[nk] = nxt.get(nk, 0) + q
            if quiet:
                q = w * quiet
                left = reacted.get(pool)
                if left is None:
                    left = reacted[pool] = react(per_effect, pool)
                if stop_at_zero and left == 0:
                    k = (code, 0, depth + 1, quiet - 1, shuffled)
                    ended[k] = ended.get(k, 0) + q
                else:
                    nk = (code, quiet - 1, left, first, skipped, shuffled, size - 1)
                    nxt[nk] = nxt.get(nk, 0) + q
            if stopped:
                k = (code, pool, depth + 1, quiet, shuffled)
                ended[k] = ended.get(k, 0) + w * stopped
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


def power_split(members: tuple[tuple[int, int], ...], r: int) -> dict[tuple[int, int], int]:
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


def quick_walk(s: "S", model: WalkModel, counts: tuple[int, ...], quiet: int, pool: int,
               owed: int = 0) -> tuple[Dist, Dist]:
    """The walk over merged groups, with no known top (a destiny drawn by Collateral Damage that is a quiet
    effect counts as revealed when Ms. McGowan or Agniar react to effects; after a reshuffle, ships drawn as a
    destiny this phase are not counted back in and quiet effects of the second pass are not counted when
    nothing reacts to them). ``owed``: the battle destinies Collateral Damage still takes before the first card."""
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
    reacts = quiet_matters(model)  # McGowan, Agniar or Collateral Damage's destinies: quiet effects walked too
    second = None
    if s.reveal_reshuffles < 1:
        second = tuple(d + (0 if reps[i].ship else merged[i]) for i, d in enumerate(discard))
    second_quiet = (model.quiet_discard + quiet) if reacts else 0
    merged_model = WalkModel(tuple(reps), {}, model.per_effect, model.destinies, model.stop_at_zero)
    both = merged + list(second or (0,) * m)
    codes = PackedCounts(2 * m, max(both + [1]))
    table, denominator = _fast_reveal(merged_model, tuple(merged), quiet if reacts else 0, pool,
                                      not s.first_enemy_seen, second, second_quiet, codes, owed)
    big_k = sum(merged)
    starts = (codes.pack(merged + [0] * m), codes.pack(both))
    ship_fields = [i for i in range(2 * m) if reps[i % m].ship]
    ship_mask = codes.field_mask(ship_fields)
    loud = [(e, codes.field_mask([i for i in range(2 * m) if reps[i % m].effect == e])) for e in LOUD]
    agg: dict[tuple, int] = {}
    depths: dict[int, int] = {}
    for (left_code, left, depth, quiet_left, shuffled), w in table.items():
        drawn = starts[shuffled] - left_code  # field by field: the cards drawn
        if reacts:
            depth = -1 - ((quiet - quiet_left) if not shuffled else quiet + (second_quiet - quiet_left))
        k = (drawn & ship_mask, tuple(e for e, fields in loud if drawn & fields), left)
        agg[k] = agg.get(k, 0) + w
        depths[depth] = depths.get(depth, 0) + w
    # every split of r ships of a merged group counts ways out of C(n, r); scale all to one whole number
    all_members = members + members2
    sizes = [sum(x.values()) for x in all_members]
    scale = 1
    for i in ship_fields:
        scale *= _lcm_of_combs(sizes[i])
    splits: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
    # the power of the ships drawn depends on how many of each group only: once per group counts, for a
    # weight of 1 (every division below is exact, so a weight w multiplies the result)
    powers: dict[int, tuple[int, list[tuple[tuple[int, int], int]]]] = {}
    out: dict[tuple, int] = {}
    for (ship_code, effects, left), w in agg.items():
        got = powers.get(ship_code)
        if got is None:
            power: dict[tuple[int, int], int] = {(0, 0): scale}
            n_ships = 0
            for i in ship_fields:
                r = (ship_code >> (i * codes.bits)) & codes.mask
                if not r:
                    continue
                n_ships += r
                split = splits.get((i, r))
                if split is None:
                    split = splits[(i, r)] = power_split(tuple(sorted(all_members[i].items())), r)
                whole = comb(sizes[i], r)
                combined: dict[tuple[int, int], int] = {}
                for (t1, l1), p1 in power.items():
                    for (t2, l2), p2 in split.items():
                        k2 = (t1 + t2, max(l1, l2))
                        combined[k2] = combined.get(k2, 0) + p1 * p2 // whole
                power = combined
            got = powers[ship_code] = (n_ships, list(power.items()))
        n_ships, shares = got
        for (total, largest), q in shares:
            key = (n_ships, total, largest, effects, left)
            out[key] = out.get(key, 0) + q * w
    quiet_dist: dict[int, Fraction] = {}
    for depth, w in depths.items():
        p = Fraction(w, denominator)
        spread = {-1 - depth: Fraction(1)} if depth < 0 else (
            quiet_before(depth, big_k, quiet) if quiet else {0: Fraction(1)})
        for nq, r_ in spread.items():
            quiet_dist[nq] = quiet_dist.get(nq, 0) + p * r_
    # Reveal orders as its fields' tuple: built in that order, the Dist's own sort has nothing to move
    return Dist({Reveal(*k): out[k] for k in sorted(out)}), Dist.from_fractions(quiet_dist)


def through_top(model: WalkModel, top: tuple[int, ...], pool: int,
                first: bool) -> tuple[tuple[int, int, int, int, tuple[int, ...]], int, bool, int, bool]:
    """The known top of the attack deck revealed card by card, as :func:`~.odds_walk.full_walk` reveals it (no
    branching: every card is known): (ships, total power, largest, loud-effect mask, the places in the top of
    the quiet effects revealed), the pool left, a first ship still to come, the destinies still owed, and
    whether the reveal ended there."""
    ships = total = largest = mask = owed = 0
    quiet: list[int] = []
    for i, g in enumerate(top):
        if owed:  # Collateral Damage's destiny takes this card
            owed -= 1
            continue
        if g == QUIET:
            pool = react(model.per_effect, pool)
            quiet.append(i)
        else:
            group = model.groups[g]
            cost = group.first_cost if first and group.ship else group.cost
            if cost > pool:
                return (ships, total, largest, mask, tuple(quiet)), pool, first, owed, True
            if group.ship:
                pool = max(0, pool - cost + group.bonus)
                ships, total, largest, first = ships + 1, total + group.power, max(largest, group.power), False
            else:
                pool = max(0, react(model.per_effect, pool - cost) + group.bonus)
                mask |= 1 << model.named.index(group.effect)
                owed = model.destinies if group.effect == "Collateral Damage" else 0
        if model.stop_at_zero and pool == 0:
            return (ships, total, largest, mask, tuple(quiet)), 0, first, owed, True
    return (ships, total, largest, mask, tuple(quiet)), pool, first, owed, False


def after_known_top(s: "S", model: WalkModel, top: tuple[int, ...], counts: tuple[int, ...], quiet: int,
                    pool: int) -> tuple[Dist, Dist]:
    """The reveal with a known top (a look at the attack deck): the top's cards revealed as they lie, then the
    quick walk over the unknown rest, its outcomes shifted by what the top revealed. The known top's effects
    go to the discard pile a reshuffle takes back; destinies Collateral Damage on top still owes past it take
    the rest's first cards, as in the quick walk.

    >>> import explorer
    >>> from explorer.games.pinned_down.odds import _prepared, reveal_tables
    >>> s = explorer.load_game("pinned_down").position(stage="reveal", threat=7, locations=["Harana"],
    ...     attack_deck={"cards": ["Worry x2", "Dra'tar Behemoth", "Dra'tar Assault Frigate x2"],
    ...                  "known_top": ["Dra'tar Assault Frigate", "Worry"]}, this_turn={"attack_reshuffles": 1})
    >>> model, top, counts, quiet = _prepared(s)
    >>> after_known_top(s, model, top, counts, quiet, 7)[0] == reveal_tables(s, fast=False)[0]
    True
    """
    acc, left, first, owed, ended = through_top(model, top, pool, not s.first_enemy_seen)
    ships, total, largest, mask, places = acc
    nq = len(places)
    effects = tuple(e for i, e in enumerate(LOUD) if mask >> i & 1)
    if ended:
        return Dist({Reveal(ships, total, largest, effects, left): 1}), Dist({nq: 1})
    from dataclasses import replace

    drawn = [0] * len(model.groups)
    for g in top:
        if g != QUIET and not model.groups[g].ship:
            drawn[g] += 1
    rest = replace(model, discard=tuple(d + x for d, x in zip(model.discard, drawn)),
                   quiet_discard=model.quiet_discard + sum(1 for g in top if g == QUIET))
    reveal, quiet_dist = quick_walk(s.replace(first_enemy_seen=not first), rest, counts, quiet, left, owed)
    shifted: dict[Reveal, int] = {}
    for r, w in zip(reveal.outcomes, reveal.weights):
        both = tuple(e for e in LOUD if e in effects or e in r.effects)
        k = Reveal(r.ships + ships, r.total_power + total, max(r.largest_power, largest), both, r.threat_left)
        shifted[k] = shifted.get(k, 0) + w
    return (Dist({k: shifted[k] for k in sorted(shifted)}),
            Dist({m + nq: w for m, w in zip(quiet_dist.outcomes, quiet_dist.weights)}))


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
