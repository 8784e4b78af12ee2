"""The exact evaluator :class:`Engine`: the policy of :mod:`.odds.hand` on plain tuples, both questions at
once, memoised on canonical keys; apart from the reference :class:`.Model` so each reads on its own, and
from what it knows of each card (:mod:`.odds.cards`, worked out once per game).

>>> import explorer
>>> e = Engine(explorer.load_game("star_realms"))
>>> value, for_trade, for_combat = e.root((("Blob Fighter", 2),), (), ((), (("Viper", 1),), ()), ())
>>> value[0], for_combat    # 3 + 3 Combat; the allies draw the Viper (+1) and find the deck empty
((((0, 1, 0), 1),), (0, 6, 0))
"""

from __future__ import annotations

from fractions import Fraction
from time import perf_counter
from typing import TYPE_CHECKING, Any

from explorer.games.star_realms.odds.cards import CardInfo, CardTable, static_totals
from explorer.games.star_realms.odds.model import Model, TooLarge, has_draw
from explorer.games.star_realms.odds.tuples import (REL_BASES, REL_BLOB, REL_SHIPS, REL_TARGETS, DeckParts, Pairs,
                                                    TurnState, Value, mix, pairs_add, pairs_remove, shift, sort_key)

if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Card, Effect
    from explorer.games.star_realms.odds.model import Outcome


class Engine:
    """The exact evaluator for one game, both questions at once, memoised on canonical keys (:meth:`value`)."""

    def __init__(self, game: Any, budget: int = 120_000, cards: dict[str, Card] | None = None) -> None:
        self.ref = Model(game, "trade", budget, cards)  # the card classes, as the reference decides them
        self.table = table = CardTable(self.ref)
        # the table's parts the walk reads, as attributes of the engine itself (the walk reads them millions of times)
        self.cards, self.infos, self.rel, self.info = table.cards, table.infos, table.rel, table.info
        self.all, self.blob_factions, self.blob_index, self.base_cap = (table.all, table.blob_factions,
                                                                        table.blob_index, table.base_cap)
        self.budget = budget
        self.deadline = float("inf")  # time.perf_counter() past which value() gives up (TooLarge)
        self.computed = 0
        self.indep: dict[tuple, Value] = {}
        self.dep: dict[tuple, Value] = {}
        self.partials: dict[tuple, Any] = {}
        self.leaves: dict[int, Value] = {}

    def clear(self) -> None:
        """Forget the memo of turn values and the kept partial sums (not the card table)."""
        self.indep.clear()
        self.dep.clear()
        self.partials.clear()

    def size(self) -> int:
        """How many turn values the memo holds."""
        return len(self.indep) + len(self.dep)

    # --- effects ------------------------------------------------------------
    def _apply(self, s: TurnState, effects: tuple[Effect, ...], delta: tuple[int, ...] | None,
               times: int) -> list[TurnState]:
        """``effects`` applied ``times`` times to ``s`` (changed in place when they are static)."""
        if delta is not None:
            s.t0 += delta[0] * times
            s.c0 += delta[1] * times
            s.d0 += delta[2] * times
            s.t1 += delta[3] * times
            s.c1 += delta[4] * times
            s.d1 += delta[5] * times
            s.pending += delta[6] * times
            return [s]
        states = [s]
        for _ in range(times):
            for e in effects:
                states = [n for x in states for n in self._effect(x, e)]
        return states

    def _effect(self, s: TurnState, e: Effect) -> list[TurnState]:
        k = e.kind
        if k == "choose" and any(has_draw(o) for o in e.options):
            return [n for o in e.options for n in self._apply(s, o, None, 1)]
        if k in ("trade", "combat", "draw", "destroy_base", "choose"):
            return self._apply(s.copy(), (e,), static_totals((e,)), 1)
        if k == "draw_if_bases":
            s = s.copy()
            s.pending += e.amount if s.B >= e.bases else 0
            return [s]
        if k == "draw_per_faction_played":
            s = s.copy()
            s.pending += s.blob[self.blob_index[e.faction]]
            return [s]
        return [s]  # authority, discards, optional scraps, trade-row effects: no Trade/Combat

    # --- settling -----------------------------------------------------------
    def _place(self, s: TurnState, label: str, n: int, i: CardInfo) -> None:
        """Put ``n`` copies of ``label`` in play (no ability used yet)."""
        if i.is_base:
            s.B += n
        if i.bonus:
            s.bonus += i.bonus * n
        if i.ship_def and i.defn not in s.targets:
            s.targets = s.targets | {i.defn}
        if i.deferred_base:
            s.DB = pairs_add(s.DB, label, n)

    def settle(self, s: TurnState, new: list[tuple[str, int, CardInfo]]) -> TurnState:
        """Play every card of the hand that does not wait, then fire the ally abilities now due.

        ``s`` is changed in place (and returned); ``new`` lists ``(label, copies, info)`` already put in
        play since the last settle.
        """
        infos = self.infos
        if s.hand:
            keep = []
            for name, n in s.hand:
                i = infos[name]
                if i.deferred_ship:
                    keep.append((name, n))
                    continue
                new.append((name, n, i))
                if i.blob_idx is not None:
                    b = i.blob_idx
                    s.blob = s.blob[:b] + (s.blob[b] + n,) + s.blob[b + 1:]
                if i.is_ship:
                    s.ships += n
                self._place(s, name, n, i)
                if not i.deferred_base and not i.unused_primary:
                    s = self._apply(s, i.primary, i.primary_delta, n)[0]
            s.hand = tuple(keep)
        if not new:
            return s
        old = s.P
        mask = 0
        for _, _, i in new:
            mask |= i.mask
        s.P = old | mask
        fire = []
        if s.U:
            unfired = []
            for lab in s.U:
                i = infos[lab]
                if mask & i.allybit:
                    fire.append((lab, 1, i))
                else:
                    unfired.append(lab)
        else:
            unfired = None
        for lab, n, i in new:
            bit = i.allybit
            if not bit:
                continue
            if old & bit or n > 1 or sum(m for _, m, j in new if j.mask & bit) > 1:
                fire.append((lab, n, i))
            else:
                (unfired if unfired is not None else (unfired := [])).append(lab)
        if unfired is not None:
            s.U = tuple(sorted(unfired, key=sort_key))
        if len(fire) > 1:
            fire.sort(key=lambda x: sort_key(x[0]))
        for _, n, i in fire:
            s = self._apply(s, i.ally, i.ally_delta, n)[0]
        return s

    # --- values -------------------------------------------------------------
    def leaf(self, combat: int) -> Value:
        """Nothing left to play: the ship bonus (Fleet HQ) is the only thing still to add."""
        found = self.leaves.get(combat)
        if found is None:
            pairs = (((0, combat, 0), 1),)
            found = self.leaves[combat] = (pairs, 1, pairs, 1, False)
        return found

    def value(self, s: TurnState) -> tuple[Value, int]:
        """The value of the settled state ``s`` and the Combat the caller adds to it (see below).

        The memo key leaves out what cannot matter any more: the pools (values are relative to them),
        the factions in play that no card left can be an ally of, the bases / cards played per faction /
        ships played / copy targets when no card left reads them (with Fleet HQ in play and none left,
        ``bonus * ships`` so far is added by the caller instead). A value that never consulted the
        discard pile is kept without it, so a different pile (a card bought) finds it again.
        """
        if not (s.pending or s.hand or s.DB):
            return self.leaf(s.bonus * s.ships), 0
        rel = 0
        R = self.rel
        for name, _ in s.hand:
            rel |= R[name]
        top, mid, bot = s.deck
        for name in top:
            rel |= R[name]
        for name, _ in mid:
            rel |= R[name]
        for name in bot:
            rel |= R[name]
        for name, _ in s.discard:
            rel |= R[name]
        for name, _ in s.DB:
            rel |= R[name]
        extra = 0 if rel & REL_SHIPS else s.bonus * s.ships
        key = (s.hand, s.P & rel & self.all, s.U, min(s.B, self.base_cap) if rel & REL_BASES else -1, s.DB,
               s.blob if rel & REL_BLOB else None, s.bonus, s.ships if rel & REL_SHIPS else -1,
               s.targets if rel & REL_TARGETS else None, s.pending, s.deck)
        found = self.indep.get(key)
        if found is None:
            found = self.dep.get((key, s.discard))
        if found is not None:
            return found, extra
        if len(self.indep) + len(self.dep) > self.budget:
            raise TooLarge(f"more than {self.budget:,} turn states")
        self.computed += 1
        if not self.computed & 127 and perf_counter() > self.deadline:
            raise TooLarge("out of time")
        found = self._compute(s)
        if extra:
            found = (shift(found[0], 0, -extra, 0), found[1], shift(found[2], 0, -extra, 0), found[3], found[4])
        if found[4]:
            self.dep[(key, s.discard)] = found
        else:
            self.indep[key] = found
        return found, extra

    def _compute(self, s: TurnState) -> Value:
        if not s.pending:
            return self._decide(s)
        top, mid, bot = s.deck
        discard = s.discard
        touched = False
        if not (top or mid or bot):
            touched = True
            if not discard:
                t = s.copy()
                t.pending = 0
                found = self._decide(t)
                return found[:4] + (True,)
            top, mid, bot, discard = (), discard, (), ()
        if top:
            outcomes = [(top[0], 1, (top[1:], mid, bot))]
            size = 1
        elif mid:
            size = 0
            outcomes = []
            for j, (card, n) in enumerate(mid):
                size += n
                rest = mid[:j] + ((card, n - 1),) + mid[j + 1:] if n > 1 else mid[:j] + mid[j + 1:]
                outcomes.append((card, n, ((), rest, bot)))
        else:
            outcomes = [(bot[0], 1, ((), mid, bot[1:]))]
            size = 1
        kids = []
        for card, n, deck in outcomes:
            c = s.copy()
            c.hand = pairs_add(c.hand, card)
            c.deck, c.discard, c.pending = deck, discard, c.pending - 1
            c = self.settle(c, [])
            value, extra = self.value(c)
            touched = touched or value[4]
            kids.append((n, value, ((c.t0 - s.t0, c.c0 - s.c0 + extra, c.d0 - s.d0),
                                    (c.t1 - s.t1, c.c1 - s.c1 + extra, c.d1 - s.d1))))
        out0, common0 = mix(kids, 0)
        out1, common1 = mix(kids, 1)
        return tuple(out0.items()), size * common0, tuple(out1.items()), size * common1, touched

    def _decide(self, s: TurnState) -> Value:
        options = self.decisions(s)
        if not options:
            return self.leaf(s.bonus * s.ships)
        best0 = best1 = None
        key0: tuple = ()
        key1: tuple = ()
        touched = False
        for o in options:
            value, extra = self.value(o)
            pairs0, total0, pairs1, total1, t = value
            touched = touched or t
            dt0, dc0, dd0 = o.t0 - s.t0, o.c0 - s.c0 + extra, o.d0 - s.d0
            dt1, dc1, dd1 = o.t1 - s.t1, o.c1 - s.c1 + extra, o.d1 - s.d1
            st = sc = sd = 0
            for (a, b, c), w in pairs0:
                st += a * w
                sc += b * w
                sd += c * w
            k = (Fraction(st, total0) + dt0, Fraction(sc, total0) + dc0, Fraction(sd, total0) + dd0)
            if best0 is None or k > key0:
                best0, key0 = (pairs0, total0, dt0, dc0, dd0), k
            st = sc = sd = 0
            for (a, b, c), w in pairs1:
                st += a * w
                sc += b * w
                sd += c * w
            k = (Fraction(sc, total1) + dc1, Fraction(st, total1) + dt1, Fraction(sd, total1) + dd1)
            if best1 is None or k > key1:
                best1, key1 = (pairs1, total1, dt1, dc1, dd1), k
        assert best0 is not None and best1 is not None
        return (shift(best0[0], *best0[2:]), best0[1], shift(best1[0], *best1[2:]), best1[1], touched)

    def decisions(self, s: TurnState) -> list[TurnState]:
        """The waiting cards, in the reference's order: each deferred ship (each copy target), each deferred base."""
        found: list[TurnState] = []
        info = self.info
        for name, _ in s.hand:
            i = info(name)
            base = s.copy()
            base.hand = pairs_remove(base.hand, name)
            if i.blob_idx is not None:
                b = i.blob_idx
                base.blob = base.blob[:b] + (base.blob[b] + 1,) + base.blob[b + 1:]
            base.ships += 1
            if i.copy:
                copied_blob = base.blob
                targets = sorted(x for x in s.targets if x != name)
                if not targets:
                    c = base.copy()
                    self._place(c, name, 1, i)
                    found.append(self.settle(c, [(name, 1, i)]))
                for x in targets:
                    label = f"{name}>{x}"
                    j = info(label)
                    c = base.copy()
                    # the Needle gains the copied ship's faction: a Blob card played this turn (assumption 10)
                    at = self.blob_index.get(self.cards[x].faction)
                    if at is not None and at != i.blob_idx:
                        c.blob = copied_blob[:at] + (copied_blob[at] + 1,) + copied_blob[at + 1:]
                    self._place(c, label, 1, j)
                    found += [self.settle(r.copy(), [(label, 1, j)])
                              for r in self._apply(c, self.cards[x].primary, None, 1)]
            else:
                c = base.copy()
                self._place(c, name, 1, i)
                found += [self.settle(r.copy(), [(name, 1, i)]) for r in self._apply(c, i.primary, None, 1)]
        for label, _ in s.DB:
            c = s.copy()
            c.DB = pairs_remove(c.DB, label)
            found += [self.settle(r.copy(), []) for r in self._apply(c, info(label).primary, None, 1)]
        return found

    def root(self, hand: Pairs, placed: Pairs, deck: DeckParts, discard: Pairs) -> tuple[Value, Outcome, Outcome]:
        """The value of a turn starting with ``hand``, the bases ``placed`` in play (pairs, ``Multiset``
        order), ``deck`` (top, middle pairs, bottom) and ``discard``; and the shift ``(trade, combat,
        destroys)`` to add to its outcomes, playing for Trade and playing for Combat."""
        s = TurnState()
        s.hand, s.P, s.U, s.B, s.DB = hand, 0, (), 0, ()
        s.blob, s.bonus, s.ships, s.targets = (0,) * len(self.blob_factions), 0, 0, frozenset()
        s.pending, s.deck, s.discard = 0, deck, discard
        s.t0 = s.c0 = s.d0 = s.t1 = s.c1 = s.d1 = 0
        for name, n in placed:
            self._place(s, name, n, self.infos[name])
        for name, n in placed:
            i = self.infos[name]
            if not i.deferred_base and not i.unused_primary:
                s = self._apply(s, i.primary, i.primary_delta, n)[0]
        s = self.settle(s, [(name, n, self.infos[name]) for name, n in placed])
        value, extra = self.value(s)
        return value, (s.t0, s.c0 + extra, s.d0), (s.t1, s.c1 + extra, s.d1)
