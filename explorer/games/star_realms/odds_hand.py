"""The turn model behind the Star Realms odds: what one hand is worth, exactly.

A turn is evaluated on *compositions*, never on orderings. The state of a turn
is the cards in play (labels; a Stealth Needle copying X is ``"Stealth Needle>X"``),
which ally abilities have fired, the pools, how many cards are still owed by
draw effects, the deck (known top, unknown middle) and the discard pile (shuffled
into a new deck when a draw finds the deck empty). Chance nodes are single-card
draws weighted by count; values are ``Fraction`` throughout.

The play policy (the same one the brute-force tests drive through the real rules):

* every card in hand is played and every base in play is used, except a primary
  with a mandatory "scrap a card from hand" (Machine Base), which is not used;
* ally abilities fire as soon as their condition holds (as in the rules);
* a choice between plain resources (``+3 Trade or +5 Combat``) takes the option
  worth most for the question asked (ties: the other resource, then the first);
* cards whose value depends on when they are played wait until nothing else is
  left to play: ``copy another ship`` (Stealth Needle), ``draw if 2+ bases``
  (Embassy Yacht), and choices that involve drawing (Blob World); among those the
  player takes the order and option with the best *expected* value for the
  question (expectimax), since they cannot see the deck;
* optional scraps, discards and hand cycling ("discard / scrap up to N then draw
  that many") are declined; scrap abilities of cards in play are not used; the
  Blob Carrier ship put on top of the deck is not drawn this turn.

:class:`Model` states this policy on ``Multiset`` turn states (the sampled
fallback plays turns with it). :class:`Engine` computes the same values exactly
and fast: plain tuples, both questions in one walk (a choice between plain
resources only changes the pools), values relative to the pools, and memo keys
that keep only what the rest of the turn can still read (see
:meth:`Engine.value`); values that never reached the discard pile are kept
without it, so a bought card recomputes only the turns that reshuffle.

>>> import explorer
>>> from explorer.core import Deck, Multiset
>>> game = explorer.load_game("star_realms")
>>> dist = evaluate(game, "combat", Multiset({"Blob Fighter": 2}), (), Deck.shuffled({"Viper": 1}), Multiset())
>>> dist  # two Blob Fighters: 3 + 3 Combat, each ally draws a card (only one Viper left)
{(0, 7, 0): Fraction(1, 1)}
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any, NamedTuple

from explorer.core import Deck, Multiset

DRAW_KINDS = frozenset({"draw", "draw_per_faction_played", "draw_if_bases"})
OBJECTIVES = ("trade", "combat")

Outcome = tuple[int, int, int]
"""``(trade, combat, bases destroyed by abilities)`` at the end of the turn."""


class Turn(NamedTuple):
    hand: Multiset          # drawn, not played yet
    inplay: Multiset        # labels of ships and bases in play
    fired: Multiset         # labels whose ally ability fired (per copy)
    used: Multiset          # deferred bases (Blob World) already used
    trade: int
    combat: int
    destroys: int
    pending: int            # cards still owed by draw effects
    deck: Deck
    discard: Multiset
    blob: Multiset          # factions of the cards played this turn
    ships: int              # ships played this turn


class TooLarge(Exception):
    """The exact recursion went over its budget of turn states."""


def definition(label: str) -> str:
    return label.split(">", 1)[1] if ">" in label else label


def _has_draw(effects: Iterable[Any]) -> bool:
    for e in effects:
        if e.kind in DRAW_KINDS or (e.kind == "choose" and any(_has_draw(o) for o in e.options)):
            return True
    return False


class Model:
    """The evaluator for one game (card data) and one question (``trade`` or ``combat``)."""

    def __init__(self, game: Any, objective: str, budget: int = 400_000) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
        self.cards = game.cards
        self.objective = objective
        self.memo: dict[Turn, dict[Outcome, Fraction]] = {}
        self.budget = budget

    # --- card classes -------------------------------------------------------
    def card(self, name: str) -> Any:
        return self.cards[definition(name)]

    def deferred_ship(self, name: str) -> bool:
        """A ship whose value depends on what is already in play: played last."""
        c = self.cards[name]
        return c.is_ship and any(e.kind in ("copy_ship", "draw_if_bases") or
                                 (e.kind == "choose" and _has_draw([e])) for e in c.primary)

    def deferred_base(self, name: str) -> bool:
        """A base whose primary is a choice involving draws (Blob World): used last."""
        c = self.cards[name.split(">")[0]]
        return c.is_base and any(e.kind in ("choose", "draw_if_bases") and _has_draw([e]) for e in c.primary)

    def unused_primary(self, name: str) -> bool:
        return any(e.kind == "scrap_hand" for e in self.cards[name].primary)

    def key(self, trade: Fraction | int, combat: Fraction | int, destroys: Fraction | int) -> tuple:
        return (trade, combat, destroys) if self.objective == "trade" else (combat, trade, destroys)

    # --- effects ------------------------------------------------------------
    def effects(self, t: Turn, effects: tuple, times: int = 1) -> list[Turn]:
        """Apply ``effects`` ``times`` times; more than one result when a choice involves draws."""
        states = [t]
        for _ in range(times):
            for e in effects:
                states = [n for s in states for n in self.effect(s, e)]
        return states

    def effect(self, t: Turn, e: Any) -> list[Turn]:
        k = e.kind
        if k == "trade":
            return [t._replace(trade=t.trade + e.amount)]
        if k == "combat":
            return [t._replace(combat=t.combat + e.amount)]
        if k == "draw":
            return [t._replace(pending=t.pending + e.amount)]
        if k == "destroy_base":
            return [t._replace(destroys=t.destroys + 1)]
        if k == "draw_if_bases":
            bases = sum(n for lab, n in t.inplay.items() if self.card(lab).is_base)
            return [t._replace(pending=t.pending + (e.amount if bases >= e.bases else 0))]
        if k == "draw_per_faction_played":
            return [t._replace(pending=t.pending + t.blob.count(e.faction))]
        if k == "choose":
            if any(_has_draw(o) for o in e.options):
                return [n for o in e.options for n in self.effects(t, o)]
            best = max(range(len(e.options)), key=lambda j: (self._plain(e.options[j]), -j))
            return self.effects(t, e.options[best])
        return [t]  # authority, discards, optional scraps, trade-row effects: no Trade/Combat

    def _plain(self, option: tuple) -> tuple:
        got = {"trade": 0, "combat": 0, "destroy_base": 0}
        for e in option:
            if e.kind in got:
                got[e.kind] += e.amount if e.kind != "destroy_base" else 1
        return self.key(got["trade"], got["combat"], got["destroy_base"])

    # --- settling -----------------------------------------------------------
    def factions(self, label: str) -> set[str]:
        found = {self.cards[label.split(">")[0]].faction}
        if ">" in label:
            found.add(self.card(label).faction)
        return found

    def allies(self, t: Turn) -> Turn:
        """Fire every ally (and double-ally) ability whose condition holds, until none is left."""
        while True:
            changed = False
            labels = t.inplay.items()
            for lab, n in labels:
                c = self.card(lab)
                fired = t.fired.count(lab)
                if not c.ally or c.faction == "Unaligned" or fired >= n:
                    continue
                others = sum(m - (1 if other == lab else 0) for other, m in labels
                             if c.faction in self.factions(other)
                             or self.cards[other.split(">")[0]].passive_amount("ally_all_factions"))
                if others >= 1:
                    t = t._replace(fired=t.fired.add(lab, n - fired))
                    results = self.effects(t, c.ally, n - fired)
                    t = results[0]  # no base-set ally ability is a choice involving draws
                    changed = True
                    break
            if not changed:
                return t

    def play_simple(self, t: Turn) -> Turn:
        """Play every card of the hand that does not wait (see the module policy)."""
        for name, n in t.hand.items():
            if self.deferred_ship(name):
                continue
            c = self.cards[name]
            t = t._replace(hand=t.hand.remove(name, n), inplay=t.inplay.add(name, n),
                           blob=t.blob.add(c.faction, n), ships=t.ships + (n if c.is_ship else 0))
            if not self.deferred_base(name) and not self.unused_primary(name):
                t = self.effects(t, c.primary, n)[0]
        return self.allies(t)

    def value(self, t: Turn) -> dict[Outcome, Fraction]:
        """The exact distribution of the end-of-turn outcome from ``t`` under the policy."""
        found = self.memo.get(t)
        if found is not None:
            return found
        if len(self.memo) > self.budget:
            raise TooLarge(f"more than {self.budget:,} turn states")
        result = self._value(t)
        self.memo[t] = result
        return result

    def _value(self, t: Turn) -> dict[Outcome, Fraction]:
        t = self.play_simple(t)
        if t.pending:
            deck, discard = t.deck, t.discard
            if not deck:
                if not discard:
                    return self.value(t._replace(pending=0))
                deck, discard = Deck.shuffled(discard), Multiset()
            out: dict[Outcome, Fraction] = {}
            for card, p in deck.draw_outcomes():
                child = t._replace(hand=t.hand.add(card), deck=deck.after_draw(card), discard=discard,
                                   pending=t.pending - 1)
                for o, q in self.value(child).items():
                    out[o] = out.get(o, 0) + p * q
            return out
        options = self.decisions(t)
        if not options:
            bonus = sum(self.card(lab).passive_amount("ship_combat") * n for lab, n in t.inplay.items())
            return {(t.trade, t.combat + bonus * t.ships, t.destroys): Fraction(1)}
        best: dict[Outcome, Fraction] | None = None
        best_key: tuple = ()
        for child in options:
            dist = self.value(child)
            mean = tuple(sum(p * o[i] for o, p in dist.items()) for i in range(3))
            k = self.key(*mean)
            if best is None or k > best_key:
                best, best_key = dist, k
        assert best is not None
        return best

    def decisions(self, t: Turn) -> list[Turn]:
        """The waiting cards: play a deferred ship (each copy target) or use a deferred base."""
        found: list[Turn] = []
        for name in t.hand.kinds():
            c = self.cards[name]
            base = t._replace(hand=t.hand.remove(name), blob=t.blob.add(c.faction), ships=t.ships + 1)
            if any(e.kind == "copy_ship" for e in c.primary):
                targets = sorted({definition(lab) for lab in t.inplay.kinds()
                                  if self.card(lab).is_ship and definition(lab) != name})
                if not targets:
                    found.append(base._replace(inplay=base.inplay.add(name)))
                for x in targets:
                    copied = base._replace(inplay=base.inplay.add(f"{name}>{x}"))
                    found += self.effects(copied, self.cards[x].primary)
            else:
                found += self.effects(base._replace(inplay=base.inplay.add(name)), c.primary)
        for lab, n in t.inplay.items():
            if self.deferred_base(lab) and t.used.count(lab) < n:
                found += self.effects(t._replace(used=t.used.add(lab)), self.card(lab).primary)
        return found


def start(m: Model, hand: Multiset, bases: Iterable[str], deck: Deck, discard: Multiset) -> Turn:
    """The turn state at the start of a turn: ``hand`` drawn, ``bases`` in play and used (see the policy)."""
    inplay = Multiset(bases)
    t = Turn(hand=hand, inplay=inplay, fired=Multiset(), used=Multiset(), trade=0, combat=0,
             destroys=0, pending=0, deck=deck, discard=discard, blob=Multiset(), ships=0)
    for name, n in inplay.items():
        if not m.deferred_base(name) and not m.unused_primary(name):
            t = m.effects(t, m.cards[name].primary, n)[0]
    return t


@lru_cache(maxsize=64)
def model(game: Any, objective: str) -> Model:
    """One shared reference evaluator per game and question (the sampled fallback plays turns with it)."""
    return Model(game, objective)


# --------------------------------------------------------------------------- the exact engine
# The same policy as :class:`Model`, computed on plain tuples, for both questions at once (the choices
# between plain resources only change the pools, so the two questions walk the same turn states), with
# memo keys that keep only what the rest of the turn can still depend on (see :meth:`Engine.value`).
#
# A value is ``(pairs_trade, total_trade, pairs_combat, total_combat, touched)``: for each question,
# integer weights over outcomes *relative to the pools of the state* (Trade, Combat and destroys gained
# from there on) and their total; ``touched`` says whether the discard pile was consulted (a draw found
# the deck empty).

Pairs = tuple[tuple[str, int], ...]
Value = tuple[tuple, int, tuple, int, bool]

REL_BASES, REL_BLOB, REL_SHIPS, REL_TARGETS = 1 << 20, 1 << 21, 1 << 22, 1 << 23


@lru_cache(maxsize=None)
def _rk(label: str) -> str:
    """The ``Multiset`` order of a card label (items sort by their repr)."""
    return repr(label)


def _padd(pairs: Pairs, item: str, n: int = 1) -> Pairs:
    k = _rk(item)
    for i, (x, c) in enumerate(pairs):
        if x == item:
            return pairs[:i] + ((x, c + n),) + pairs[i + 1:]
        if _rk(x) > k:
            return pairs[:i] + ((item, n),) + pairs[i:]
    return pairs + ((item, n),)


def _premove(pairs: Pairs, item: str, n: int = 1) -> Pairs:
    for i, (x, c) in enumerate(pairs):
        if x == item:
            if c > n:
                return pairs[:i] + ((x, c - n),) + pairs[i + 1:]
            if c == n:
                return pairs[:i] + pairs[i + 1:]
            break
    raise ValueError(f"cannot remove {n} x {item!r} from {pairs!r}")


def pairs_minus(pairs: Pairs, taken: Pairs) -> Pairs:
    """``pairs - taken`` for sorted ``(item, count)`` pairs (``taken`` contained in ``pairs``)."""
    out = []
    got = dict(taken)
    for x, c in pairs:
        c -= got.pop(x, 0)
        if c > 0:
            out.append((x, c))
        elif c < 0:
            raise ValueError(f"cannot remove {taken!r} from {pairs!r}")
    if got:
        raise ValueError(f"cannot remove {taken!r} from {pairs!r}")
    return tuple(out)


def _walk(effects: Iterable[Any]) -> Iterable[Any]:
    for e in effects:
        yield e
        if e.kind == "choose":
            for o in e.options:
                yield from _walk(o)


def _plain(option: tuple, objective: str) -> tuple:
    """:meth:`Model._plain`: the plain resources of one option, in the question's order."""
    got = {"trade": 0, "combat": 0, "destroy_base": 0}
    for e in option:
        if e.kind in got:
            got[e.kind] += e.amount if e.kind != "destroy_base" else 1
    t, c, d = got["trade"], got["combat"], got["destroy_base"]
    return (t, c, d) if objective == "trade" else (c, t, d)


def _best(options: tuple, objective: str) -> int:
    return max(range(len(options)), key=lambda j: (_plain(options[j], objective), -j))


class _Info:
    """What the engine needs of a card label (a name, or ``"Stealth Needle>X"``)."""

    __slots__ = ("mask", "allybit", "ally", "ally_delta", "is_base", "ship_def", "defn", "bonus", "deferred_ship",
                 "deferred_base", "unused_primary", "is_ship", "blob_idx", "primary", "primary_delta", "copy", "rel")


class _S:
    """One turn state: the hand, an abstract board, the draws owed, the deck, the discard pile, the pools.

    The board keeps what the rest of the turn can depend on: ``P`` the factions (bits) of the cards in
    play, ``U`` the cards in play whose ally ability has not fired (each alone of its faction), ``B`` the
    number of bases in play, ``DB`` the deferred bases not used yet ``(label, copies unused)``, ``blob`` the
    count of cards played per faction named by a "draw per faction played" ability, ``bonus`` the Combat
    per ship (Fleet HQ), ``ships`` the ships played, ``targets`` the ships in play a copy could take.
    The pools are kept per question: ``t0 c0 d0`` (Trade, Combat, destroys) playing for Trade, ``t1 c1 d1``
    playing for Combat.
    """

    __slots__ = ("hand", "P", "U", "B", "DB", "blob", "bonus", "ships", "targets", "pending", "deck", "discard",
                 "t0", "c0", "d0", "t1", "c1", "d1")

    def copy(self) -> "_S":
        new = _S.__new__(_S)
        new.hand, new.P, new.U, new.B, new.DB = self.hand, self.P, self.U, self.B, self.DB
        new.blob, new.bonus, new.ships, new.targets = self.blob, self.bonus, self.ships, self.targets
        new.pending, new.deck, new.discard = self.pending, self.deck, self.discard
        new.t0, new.c0, new.d0, new.t1, new.c1, new.d1 = self.t0, self.c0, self.d0, self.t1, self.c1, self.d1
        return new


def _shift(pairs: tuple, dt: int, dc: int, dd: int) -> tuple:
    if not (dt or dc or dd):
        return pairs
    return tuple(((a + dt, b + dc, c + dd), w) for (a, b, c), w in pairs)


def _mix(kids: list, which: int) -> tuple[dict[Outcome, int], int]:
    """``sum(n * pairs / total)`` over the kids ``(n, value, shifts)`` for one question."""
    p, q, s = (0, 1, 1) if which == 0 else (2, 3, 4)
    common = lcm(*[k[1][q] for k in kids])
    out: dict[Outcome, int] = {}
    get = out.get
    for n, value, shifts in kids:
        f = n * (common // value[q])
        dt, dc, dd = shifts[which]
        for (a, b, c), w in value[p]:
            o = (a + dt, b + dc, c + dd)
            out[o] = get(o, 0) + f * w
    return out, common


class Engine:
    """The exact evaluator for one game, both questions at once, memoised on canonical keys (:meth:`value`)."""

    def __init__(self, game: Any, budget: int = 400_000) -> None:
        self.ref = Model(game, "trade", budget)  # the card classes, as the reference decides them
        self.cards = game.cards
        self.budget = budget
        factions = sorted({c.faction for c in self.cards.values()})
        if len(factions) > 20:
            raise ValueError("too many factions for the engine's bit masks")
        self.bit = {f: 1 << i for i, f in enumerate(factions)}
        self.all = (1 << len(factions)) - 1
        everything = [e for c in self.cards.values() for e in _walk(c.primary + c.ally + c.ally2 + c.scrap)]
        self.blob_factions = tuple(sorted({e.faction for e in everything if e.kind == "draw_per_faction_played"}))
        self.blob_index = {f: i for i, f in enumerate(self.blob_factions)}
        self.base_cap = max([e.bases for e in everything if e.kind == "draw_if_bases"], default=0)
        self.infos: dict[str, _Info] = {}
        self.rel: dict[str, int] = {}
        self.indep: dict[tuple, Value] = {}
        self.dep: dict[tuple, Value] = {}
        self.partials: dict[tuple, Any] = {}
        self.leaves: dict[int, Value] = {}
        for name in self.cards:
            self.info(name)

    def clear(self) -> None:
        self.indep.clear()
        self.dep.clear()
        self.partials.clear()

    def size(self) -> int:
        return len(self.indep) + len(self.dep)

    # --- card data ----------------------------------------------------------
    def _static(self, effects: tuple) -> tuple[int, ...] | None:
        """``(t0, c0, d0, t1, c1, d1, draws)`` of ``effects`` when they do not depend on the state."""
        t0 = c0 = d0 = t1 = c1 = d1 = dp = 0
        for e in effects:
            k = e.kind
            if k == "trade":
                t0 += e.amount
                t1 += e.amount
            elif k == "combat":
                c0 += e.amount
                c1 += e.amount
            elif k == "draw":
                dp += e.amount
            elif k == "destroy_base":
                d0 += 1
                d1 += 1
            elif k in ("draw_if_bases", "draw_per_faction_played"):
                return None
            elif k == "choose":
                if any(_has_draw(o) for o in e.options):
                    return None
                x = self._static(e.options[_best(e.options, "trade")])
                y = self._static(e.options[_best(e.options, "combat")])
                if x is None or y is None:
                    return None
                t0, c0, d0, dp = t0 + x[0], c0 + x[1], d0 + x[2], dp + x[6]
                t1, c1, d1 = t1 + y[3], c1 + y[4], d1 + y[5]
        return (t0, c0, d0, t1, c1, d1, dp)

    def info(self, label: str) -> _Info:
        found = self.infos.get(label)
        if found is not None:
            return found
        m, cards = self.ref, self.cards
        name, defn = label.split(">", 1)[0], definition(label)
        card, own = cards[defn], cards[name]
        i = _Info()
        everyone = own.passive_amount("ally_all_factions")
        i.mask = self.all if everyone else self.bit[own.faction] | self.bit[card.faction]
        i.allybit = self.bit[card.faction] if card.ally and card.faction != "Unaligned" else 0
        i.ally, i.ally_delta = card.ally, self._static(card.ally)
        i.is_base, i.ship_def, i.defn = card.is_base, card.is_ship, defn
        i.bonus = card.passive_amount("ship_combat")
        i.deferred_base = m.deferred_base(label)
        plain = ">" not in label
        i.deferred_ship = plain and m.deferred_ship(name)
        i.unused_primary = plain and m.unused_primary(name)
        i.is_ship = own.is_ship
        i.blob_idx = self.blob_index.get(own.faction)
        i.primary, i.primary_delta = own.primary, self._static(own.primary)
        i.copy = any(e.kind == "copy_ship" for e in own.primary)
        kinds = {e.kind for e in _walk(own.primary + own.ally)}
        rel = i.allybit if plain else 0
        if "draw_if_bases" in kinds:
            rel |= REL_BASES
        if "draw_per_faction_played" in kinds:
            rel |= REL_BLOB
        if own.passive_amount("ship_combat"):
            rel |= REL_SHIPS
        if i.copy:  # a copy takes any primary in play: keep everything it could read
            rel |= REL_BASES | REL_BLOB | REL_SHIPS | REL_TARGETS
        i.rel = rel
        self.infos[label] = i
        if plain:
            self.rel[label] = rel
        return i

    # --- effects ------------------------------------------------------------
    def _apply(self, s: _S, effects: tuple, delta: tuple | None, times: int) -> list[_S]:
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

    def _effect(self, s: _S, e: Any) -> list[_S]:
        k = e.kind
        if k == "choose" and any(_has_draw(o) for o in e.options):
            return [n for o in e.options for n in self._apply(s, o, None, 1)]
        if k in ("trade", "combat", "draw", "destroy_base", "choose"):
            return self._apply(s.copy(), (e,), self._static((e,)), 1)
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
    def _place(self, s: _S, label: str, n: int, i: _Info) -> None:
        """Put ``n`` copies of ``label`` in play (no ability used yet)."""
        if i.is_base:
            s.B += n
        if i.bonus:
            s.bonus += i.bonus * n
        if i.ship_def and i.defn not in s.targets:
            s.targets = s.targets | {i.defn}
        if i.deferred_base:
            s.DB = _padd(s.DB, label, n)

    def settle(self, s: _S, new: list) -> _S:
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
            s.U = tuple(sorted(unfired, key=_rk))
        if len(fire) > 1:
            fire.sort(key=lambda x: _rk(x[0]))
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

    def value(self, s: _S) -> tuple[Value, int]:
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
        found = self._compute(s)
        if extra:
            found = (_shift(found[0], 0, -extra, 0), found[1], _shift(found[2], 0, -extra, 0), found[3], found[4])
        if found[4]:
            self.dep[(key, s.discard)] = found
        else:
            self.indep[key] = found
        return found, extra

    def _compute(self, s: _S) -> Value:
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
            c.hand = _padd(c.hand, card)
            c.deck, c.discard, c.pending = deck, discard, c.pending - 1
            c = self.settle(c, [])
            value, extra = self.value(c)
            touched = touched or value[4]
            kids.append((n, value, ((c.t0 - s.t0, c.c0 - s.c0 + extra, c.d0 - s.d0),
                                    (c.t1 - s.t1, c.c1 - s.c1 + extra, c.d1 - s.d1))))
        out0, common0 = _mix(kids, 0)
        out1, common1 = _mix(kids, 1)
        return tuple(out0.items()), size * common0, tuple(out1.items()), size * common1, touched

    def _decide(self, s: _S) -> Value:
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
        return (_shift(best0[0], *best0[2:]), best0[1], _shift(best1[0], *best1[2:]), best1[1], touched)

    def decisions(self, s: _S) -> list[_S]:
        """The waiting cards, in the reference's order: each deferred ship (each copy target), each deferred base."""
        found: list[_S] = []
        info = self.info
        for name, _ in s.hand:
            i = info(name)
            base = s.copy()
            base.hand = _premove(base.hand, name)
            if i.blob_idx is not None:
                b = i.blob_idx
                base.blob = base.blob[:b] + (base.blob[b] + 1,) + base.blob[b + 1:]
            base.ships += 1
            if i.copy:
                targets = sorted(x for x in s.targets if x != name)
                if not targets:
                    c = base.copy()
                    self._place(c, name, 1, i)
                    found.append(self.settle(c, [(name, 1, i)]))
                for x in targets:
                    label = f"{name}>{x}"
                    j = info(label)
                    c = base.copy()
                    self._place(c, label, 1, j)
                    found += [self.settle(r.copy(), [(label, 1, j)])
                              for r in self._apply(c, self.cards[x].primary, None, 1)]
            else:
                c = base.copy()
                self._place(c, name, 1, i)
                found += [self.settle(r.copy(), [(name, 1, i)]) for r in self._apply(c, i.primary, None, 1)]
        for label, _ in s.DB:
            c = s.copy()
            c.DB = _premove(c.DB, label)
            found += [self.settle(r.copy(), []) for r in self._apply(c, info(label).primary, None, 1)]
        return found

    def root(self, hand: Pairs, placed: Pairs, deck: tuple, discard: Pairs) -> tuple[Value, tuple, tuple]:
        """The value of a turn starting with ``hand``, the bases ``placed`` in play (pairs, ``Multiset``
        order), ``deck`` (top, middle pairs, bottom) and ``discard``; and the shift ``(trade, combat,
        destroys)`` to add to its outcomes, playing for Trade and playing for Combat."""
        s = _S()
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


@lru_cache(maxsize=16)
def engine(game: Any) -> Engine:
    """One shared exact evaluator (and its memo) per game."""
    return Engine(game)


def evaluate(game: Any, objective: str, hand: Multiset, bases: tuple[str, ...], deck: Deck,
             discard: Multiset) -> dict[Outcome, Fraction]:
    """The exact outcome distribution of a turn starting with ``hand`` (see the module policy)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    e = engine(game)
    if e.size() > e.budget // 2:
        e.clear()
    value, *shifts = e.root(hand.items(), Multiset(bases).items(), (deck.top, deck.middle.items(), deck.bottom),
                            discard.items())
    which = 0 if objective == "trade" else 1
    pairs, total = value[2 * which], value[2 * which + 1]
    dt, dc, dd = shifts[which]
    return {(a + dt, b + dc, c + dd): Fraction(w, total) for (a, b, c), w in pairs}


def sample_turn(game: Any, objective: str, t: Turn, rng: Any) -> Outcome:
    """One sampled turn (chance sampled, waiting cards decided greedily): the estimate's fallback."""
    m = model(game, objective)
    while True:
        t = m.play_simple(t)
        if t.pending:
            deck, discard = t.deck, t.discard
            if not deck:
                if not discard:
                    t = t._replace(pending=0)
                    continue
                deck, discard = Deck.shuffled(discard), Multiset()
            outcomes = deck.draw_outcomes()
            ticket = Fraction(int(rng.integers(0, 2**62)), 2**62)
            acc = Fraction(0)
            card = outcomes[-1][0]
            for c, p in outcomes:
                acc += p
                if ticket < acc:
                    card = c
                    break
            t = t._replace(hand=t.hand.add(card), deck=deck.after_draw(card), discard=discard, pending=t.pending - 1)
            continue
        options = m.decisions(t)
        if not options:
            bonus = sum(m.card(lab).passive_amount("ship_combat") * n for lab, n in t.inplay.items())
            return (t.trade, t.combat + bonus * t.ships, t.destroys)
        t = max(options, key=lambda s: m.key(s.trade, s.combat + s.pending, s.destroys))
