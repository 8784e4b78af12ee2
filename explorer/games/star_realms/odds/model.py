"""The reference turn model of the Star Realms odds: the play policy stated plainly on ``Multiset`` turns.

It holds the turn state (:class:`Turn`), the card classes the policy sorts cards into (deferred ships and
bases, unused primaries), effects, ally abilities, the waiting-card decisions and :class:`Model`'s own
memoised recursion. The policy is described in :mod:`explorer.games.star_realms.odds.hand`; it is kept apart
from the fast :class:`~explorer.games.star_realms.odds.engine.Engine` so the readable statement of the policy
stands on its own: the sampled fallback plays turns with it and the engine takes its card classes from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from explorer.core import Deck, Multiset

if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Card, Effect
    from explorer.games.star_realms.odds.tuples import Pairs

DRAW_KINDS = frozenset({"draw", "draw_per_faction_played", "draw_if_bases"})
OBJECTIVES = ("trade", "combat")

# The casts to ``Pairs`` name what a turn's bags hold, card labels: ``Multiset.items`` is typed ``Hashable``
# whatever the bag's item type (explorer.core); one cast per loop, none inside one.

Outcome = tuple[int, int, int]
"""``(trade, combat, bases destroyed by abilities)`` at the end of the turn."""


class Turn(NamedTuple):
    hand: Multiset[str]     # drawn, not played yet
    inplay: Multiset[str]   # labels of ships and bases in play
    fired: Multiset[str]    # labels whose ally ability fired (per copy)
    used: Multiset[str]     # deferred bases (Blob World) already used
    trade: int
    combat: int
    destroys: int
    pending: int            # cards still owed by draw effects
    deck: Deck
    discard: Multiset[str]
    blob: Multiset[str]     # factions of the cards played this turn
    ships: int              # ships played this turn


class TooLarge(Exception):
    """The exact recursion went over its budget of turn states."""


def definition(label: str) -> str:
    return label.split(">", 1)[1] if ">" in label else label


def has_draw(effects: Iterable[Effect]) -> bool:
    for e in effects:
        if e.kind in DRAW_KINDS or (e.kind == "choose" and any(has_draw(o) for o in e.options)):
            return True
    return False


class Model:
    """The evaluator for one game (card data) and one question (``trade`` or ``combat``)."""

    def __init__(self, game: Any, objective: str, budget: int = 400_000, cards: dict[str, Card] | None = None) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
        self.cards: dict[str, Card] = game.cards if cards is None else cards
        self.objective = objective
        self.memo: dict[Turn, dict[Outcome, Fraction]] = {}
        self.budget = budget

    # --- card classes -------------------------------------------------------
    def card(self, name: str) -> Card:
        return self.cards[definition(name)]

    def deferred_ship(self, name: str) -> bool:
        """A ship whose value depends on what is already in play: played last."""
        c = self.cards[name]
        return c.is_ship and any(e.kind in ("copy_ship", "draw_if_bases") or
                                 (e.kind == "choose" and has_draw([e])) for e in c.primary)

    def deferred_base(self, name: str) -> bool:
        """A base whose primary is a choice involving draws (Blob World): used last."""
        c = self.cards[name.split(">")[0]]
        return c.is_base and any(e.kind in ("choose", "draw_if_bases") and has_draw([e]) for e in c.primary)

    def unused_primary(self, name: str) -> bool:
        return any(e.kind == "scrap_hand" for e in self.cards[name].primary)

    def key(self, trade: Fraction | int, combat: Fraction | int, destroys: Fraction | int) -> tuple:
        return (trade, combat, destroys) if self.objective == "trade" else (combat, trade, destroys)

    # --- effects ------------------------------------------------------------
    def effects(self, t: Turn, effects: tuple[Effect, ...], times: int = 1) -> list[Turn]:
        """Apply ``effects`` ``times`` times; more than one result when a choice involves draws."""
        states = [t]
        for _ in range(times):
            for e in effects:
                states = [n for s in states for n in self.effect(s, e)]
        return states

    def effect(self, t: Turn, e: Effect) -> list[Turn]:
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
            bases = sum(n for lab, n in cast("Pairs", t.inplay.items()) if self.card(lab).is_base)
            return [t._replace(pending=t.pending + (e.amount if bases >= e.bases else 0))]
        if k == "draw_per_faction_played":
            return [t._replace(pending=t.pending + t.blob.count(e.faction))]
        if k == "choose":
            if any(has_draw(o) for o in e.options):
                return [n for o in e.options for n in self.effects(t, o)]
            best = max(range(len(e.options)), key=lambda j: (self._plain(e.options[j]), -j))
            return self.effects(t, e.options[best])
        return [t]  # authority, discards, optional scraps, trade-row effects: no Trade/Combat

    def _plain(self, option: tuple[Effect, ...]) -> tuple:
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
            labels = cast("Pairs", t.inplay.items())
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
        for name, n in cast("Pairs", t.hand.items()):
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
            return {self.outcome(t): Fraction(1)}
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

    def outcome(self, t: Turn) -> Outcome:
        """The pools of the finished turn ``t``: Fleet HQ's Combat per ship played is added last."""
        bonus = sum(self.card(lab).passive_amount("ship_combat") * n for lab, n in cast("Pairs", t.inplay.items()))
        return (t.trade, t.combat + bonus * t.ships, t.destroys)

    def decisions(self, t: Turn) -> list[Turn]:
        """The waiting cards: play a deferred ship (each copy target) or use a deferred base."""
        found: list[Turn] = []
        for name in cast("tuple[str, ...]", t.hand.kinds()):
            c = self.cards[name]
            base = t._replace(hand=t.hand.remove(name), blob=t.blob.add(c.faction), ships=t.ships + 1)
            if any(e.kind == "copy_ship" for e in c.primary):
                targets = sorted({definition(lab) for lab in cast("tuple[str, ...]", t.inplay.kinds())
                                  if self.card(lab).is_ship and definition(lab) != name})
                if not targets:
                    found.append(base._replace(inplay=base.inplay.add(name)))
                for x in targets:
                    # the Needle gains the copied ship's faction: a Blob card played this turn (assumption 10)
                    faction = self.cards[x].faction
                    copied = base._replace(inplay=base.inplay.add(f"{name}>{x}"),
                                           blob=base.blob if faction in (c.faction, "Unaligned") else
                                           base.blob.add(faction))
                    found += self.effects(copied, self.cards[x].primary)
            else:
                found += self.effects(base._replace(inplay=base.inplay.add(name)), c.primary)
        for lab, n in cast("Pairs", t.inplay.items()):
            if self.deferred_base(lab) and t.used.count(lab) < n:
                found += self.effects(t._replace(used=t.used.add(lab)), self.card(lab).primary)
        return found


def start(m: Model, hand: Multiset, bases: Iterable[str], deck: Deck, discard: Multiset) -> Turn:
    """The turn state at the start of a turn: ``hand`` drawn, ``bases`` in play and used (see the policy)."""
    inplay: Multiset[str] = Multiset(bases)
    t = Turn(hand=hand, inplay=inplay, fired=Multiset(), used=Multiset(), trade=0, combat=0,
             destroys=0, pending=0, deck=deck, discard=discard, blob=Multiset(), ships=0)
    for name, n in cast("Pairs", inplay.items()):
        if not m.deferred_base(name) and not m.unused_primary(name):
            t = m.effects(t, m.cards[name].primary, n)[0]
    return t


def with_scraps(cards: dict[str, Card]) -> dict[str, Card]:
    """The cards with the Combat and destroy-base parts of their scrap ability added to their primary.

    A player who needs every point of Combat this turn (the lethal check) scraps
    those cards once everything else is played; adding the parts to the primary
    gives the same end-of-turn pools. Scrap draws are left out.
    """
    from dataclasses import replace

    out = {}
    for name, c in cards.items():
        extra = tuple(e for e in c.scrap if e.kind in ("combat", "destroy_base"))
        out[name] = replace(c, primary=c.primary + extra) if extra else c
    return out


@lru_cache(maxsize=64)
def model(game: Any, objective: str, scraps: bool = False) -> Model:
    """One shared reference evaluator per game and question (the sampled fallback plays turns with it).

    With ``scraps`` the cards' scrap abilities that add Combat are played (:func:`with_scraps`).
    """
    return Model(game, objective, cards=with_scraps(game.cards) if scraps else None)
