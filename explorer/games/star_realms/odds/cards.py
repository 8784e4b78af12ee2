"""What the exact engine knows of each card: its fixed Trade, Combat and draws, its allies, what it reads.

The engine (:class:`~explorer.games.star_realms.odds.engine.Engine`) plays a card
millions of times per question, so everything about a card label that does not
depend on the turn is worked out once, here, into a :class:`CardInfo`: the
faction bits it allies with, its primary and ally abilities with their totals
when those are fixed (:func:`static_totals`), its class under the play policy
(a ship that waits, a base used last, a primary not used, as the reference
:class:`~explorer.games.star_realms.odds.model.Model` decides them) and the
relevance bits saying what of the board the rest of the turn can still read
through it. A :class:`CardTable` holds them for one game.

>>> import explorer
>>> from explorer.games.star_realms.odds.model import Model
>>> table = CardTable(Model(explorer.load_game("star_realms"), "trade"))
>>> i = table.info("Blob Fighter")
>>> i.primary_delta, i.ally_delta     # 3 Combat whatever the question; its ally draws a card
((0, 3, 0, 0, 3, 0, 0), (0, 0, 0, 0, 0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from explorer.games.star_realms.odds.model import Model, definition, has_draw
from explorer.games.star_realms.odds.tuples import REL_BASES, REL_BLOB, REL_SHIPS, REL_TARGETS

if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Effect


def walk_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect of ``effects``, and every effect of each option of a choice among them."""
    for e in effects:
        yield e
        if e.kind == "choose":
            for o in e.options:
                yield from walk_effects(o)


def _plain(option: tuple[Effect, ...], objective: str) -> tuple[int, int, int]:
    """The plain resources of one option, in the question's order (the reference :class:`Model` sums them alike)."""
    got = {"trade": 0, "combat": 0, "destroy_base": 0}
    for e in option:
        if e.kind in got:
            got[e.kind] += e.amount if e.kind != "destroy_base" else 1
    t, c, d = got["trade"], got["combat"], got["destroy_base"]
    return (t, c, d) if objective == "trade" else (c, t, d)


def best_option(options: tuple[tuple[Effect, ...], ...], objective: str) -> int:
    """The option of a choice between plain resources the policy takes for ``objective`` (ties: the first)."""
    return max(range(len(options)), key=lambda j: (_plain(options[j], objective), -j))


def static_totals(effects: tuple[Effect, ...]) -> tuple[int, ...] | None:
    """``(t0, c0, d0, t1, c1, d1, draws)`` of ``effects`` when they do not depend on the state, else ``None``.

    ``t0 c0 d0``: Trade, Combat and destroys playing for Trade; ``t1 c1 d1``: playing for Combat; ``draws``:
    cards owed. A draw that depends on the board, or a choice that involves drawing, is not static.
    """
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
            if any(has_draw(o) for o in e.options):
                return None
            x = static_totals(e.options[best_option(e.options, "trade")])
            y = static_totals(e.options[best_option(e.options, "combat")])
            if x is None or y is None:
                return None
            t0, c0, d0, dp = t0 + x[0], c0 + x[1], d0 + x[2], dp + x[6]
            t1, c1, d1 = t1 + y[3], c1 + y[4], d1 + y[5]
    return (t0, c0, d0, t1, c1, d1, dp)


class CardInfo:
    """What the engine needs of a card label (a name, or ``"Stealth Needle>X"``)."""

    __slots__ = ("mask", "allybit", "ally", "ally_delta", "is_base", "ship_def", "defn", "bonus", "deferred_ship",
                 "deferred_base", "unused_primary", "is_ship", "blob_idx", "primary", "primary_delta", "copy", "rel")
    mask: int                               # the faction bits it counts as for allies (every bit: Mech World)
    allybit: int                            # its own faction's bit when it has an ally ability, else 0
    ally: tuple[Effect, ...]
    ally_delta: tuple[int, ...] | None      # :func:`static_totals` of ``ally``
    is_base: bool                           # of the definition (the copied ship for a copy label)
    ship_def: bool
    defn: str
    bonus: int                              # Combat per ship played (Fleet HQ)
    deferred_ship: bool
    deferred_base: bool
    unused_primary: bool
    is_ship: bool                           # of the card itself
    blob_idx: int | None                    # its faction's place in ``CardTable.blob_factions``, if there
    primary: tuple[Effect, ...]
    primary_delta: tuple[int, ...] | None   # :func:`static_totals` of ``primary``
    copy: bool                              # its primary copies a ship (Stealth Needle)
    rel: int                                # its relevance bits (:data:`.odds.tuples.REL_BASES` ...)


class CardTable:
    """The :class:`CardInfo` of every card label of one game, with the faction bits they are written in.

    ``ref`` is the reference model whose cards (with scrap abilities added, for the lethal check) and card
    classes the engine follows. Every plain card name is worked out at once; a copy label
    (``"Stealth Needle>X"``) when first asked (:meth:`info`). ``rel`` holds the relevance bits of the plain
    names, which the engine's memo keys read.
    """

    def __init__(self, ref: Model) -> None:
        self.ref = ref
        self.cards = ref.cards
        factions = sorted({c.faction for c in self.cards.values()})
        if len(factions) > 20:
            raise ValueError("too many factions for the engine's bit masks")
        self.bit = {f: 1 << i for i, f in enumerate(factions)}
        self.all = (1 << len(factions)) - 1
        everything = [e for c in self.cards.values() for e in walk_effects(c.primary + c.ally + c.ally2 + c.scrap)]
        self.blob_factions = tuple(sorted({e.faction for e in everything if e.kind == "draw_per_faction_played"}))
        self.blob_index = {f: i for i, f in enumerate(self.blob_factions)}
        self.base_cap = max([e.bases for e in everything if e.kind == "draw_if_bases"], default=0)
        self.infos: dict[str, CardInfo] = {}
        self.rel: dict[str, int] = {}
        for name in self.cards:
            self.info(name)

    def info(self, label: str) -> CardInfo:
        """The :class:`CardInfo` of ``label``, worked out on first use."""
        found = self.infos.get(label)
        if found is not None:
            return found
        m, cards = self.ref, self.cards
        name, defn = label.split(">", 1)[0], definition(label)
        card, own = cards[defn], cards[name]
        i = CardInfo()
        everyone = own.passive_amount("ally_all_factions")
        i.mask = self.all if everyone else self.bit[own.faction] | self.bit[card.faction]
        i.allybit = self.bit[card.faction] if card.ally and card.faction != "Unaligned" else 0
        i.ally, i.ally_delta = card.ally, static_totals(card.ally)
        i.is_base, i.ship_def, i.defn = card.is_base, card.is_ship, defn
        i.bonus = card.passive_amount("ship_combat")
        i.deferred_base = m.deferred_base(label)
        plain = ">" not in label
        i.deferred_ship = plain and m.deferred_ship(name)
        i.unused_primary = plain and m.unused_primary(name)
        i.is_ship = own.is_ship
        i.blob_idx = self.blob_index.get(own.faction)
        i.primary, i.primary_delta = own.primary, static_totals(own.primary)
        i.copy = any(e.kind == "copy_ship" for e in own.primary)
        kinds = {e.kind for e in walk_effects(own.primary + own.ally)}
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
