"""The reveal as the walks see it, and the full walk: every way the reveal can go, counted exactly.

:func:`build_model` reads what the reveal needs of the table into a :class:`WalkModel`: the attack cards
grouped by how they behave in a reveal (enemy ships and the "loud" effects by group, the other effects
only counted), the threat each effect adds and the battle destinies Collateral Damage draws.
:func:`full_walk` walks every group with the accumulated outcome in the position (used when the deck has
a known top, or when asked to); the quicker walk over merged groups is :mod:`.odds_quick_walk`. Both
follow the seed's rule: pay each card's cost, stop at the first card that costs more than the pool.
Outcomes are :class:`Reveal` values.

>>> import explorer
>>> s = explorer.load_game("pinned_down").position(threat=0, locations=["Harana"], players=[{"flagship": "TRB Ardor"}])
>>> model = build_model(s)
>>> counts, quiet = group_counts(model, s.attack_deck.contents())
>>> table = full_walk(model, (), counts, quiet, 2, True, False)   # 2 threat in the pool, nothing known on top
>>> sum(table.values()), sum(p for ((ships, *_), _, _), p in table.items() if ships == 0)
(Fraction(1, 1), Fraction(17, 35))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from explorer.core import Multiset
from explorer.games.pinned_down import effects as fx

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
    per_effect: tuple[int, ...]
    destinies: int
    stop_at_zero: bool
    start: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    quiet_start: int = 0
    quiet_discard: int = 0
    named: tuple[str, ...] = LOUD


QUIET = -1
DECK_OUT = 1 << 30
"""The depth recorded when the reveal ran out of cards rather than stopping at one it could not pay for."""


def build_model(s: "S", marked: str = "") -> WalkModel:
    """What the reveal needs of the table ``s`` (the deck and discard counts are set by the caller).

    ``marked``: one quiet attack effect walked as its own group (its bit in the outcome's effect mask after
    the loud ones), to ask whether that card is revealed when the deck's top is known.
    """
    groups: list[_Group] = []
    index: dict[str, int] = {}
    for n in s.data.names("Dra'tar"):
        card = s.data.card(n)
        ship = card.type == "enemy ship"
        if not ship and n not in LOUD and n != marked:
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
    per_effect = tuple(e.amount if e.kind == "add_threat" else -e.amount for _, e in fx.triggered(s, "attack_effect"))
    nullified = fx.fleet_has(s, "nullify", card="Collateral Damage")
    return WalkModel(tuple(groups), index, per_effect, 0 if nullified else len(s.alive()), s.knobs.stop_at_zero,
                     named=LOUD + ((marked,) if marked else ()))


def react(per_effect: tuple[int, ...], pool: int) -> int:
    """The pool after the texts that react to an attack effect (Ms. McGowan's -1, Agniar's +1), one at a time
    in the engine's order, each clamped at 0 as the rules apply them (RULES.md A4): at an empty pool McGowan
    removes nothing and Agniar then adds 1.

    >>> react((-1, 1), 0), react((-1,), 0), react((), 3)
    (1, 0, 3)
    """
    for d in per_effect:
        pool = max(0, pool + d)
    return pool


def quiet_matters(model: WalkModel) -> bool:
    """Whether the quiet effects must be walked card by card: a text reacts to each attack effect (Ms. McGowan,
    Agniar). Otherwise they change nothing in the reveal and only their number is spread afterwards. (Collateral
    Damage's destinies take the next card, quiet or not; with the quiet ones left out, a deck that runs out
    after Collateral Damage is counted a card late — rare with a full deck, stated in RULES.md.)"""
    return bool(model.per_effect)


def group_counts(model: WalkModel, cards: Multiset) -> tuple[tuple[int, ...], int]:
    """``cards`` as counts per group of ``model`` and the number of quiet effects among them."""
    out = [0] * len(model.groups)
    quiet = 0
    for c, n in cards.items():
        g = model.index[str(c)]
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
                    left = react(model.per_effect, pool)
                    acc2 = (ships, total, largest, mask, nq + 1)
                    first2, owed2 = first, 0
                else:
                    group = model.groups[g]
                    cost = group.first_cost if first and group.ship else group.cost
                    if cost > pool:
                        ended_key = (acc, -1 - pool)  # ended after this draw: one layer deeper
                        ended[ended_key] = ended.get(ended_key, 0) + q
                        continue
                    if group.ship:
                        left = max(0, pool - cost + group.bonus)
                        acc2 = (ships + 1, total + group.power, max(largest, group.power), mask, nq)
                        first2, owed2 = False, 0
                    else:
                        left = max(0, react(model.per_effect, pool - cost) + group.bonus)
                        acc2 = (ships, total, largest, mask | 1 << model.named.index(group.effect), nq)
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
