"""Positions for the Endor rules tests: a revealed card in the orders stage, ships placed by hand."""

from __future__ import annotations

from typing import Any

import explorer
from explorer.core import Deck, Multiset
from explorer.games.endor.state import EndorState, Step


def game(variant: str | None = None, **options: Any) -> explorer.Game:
    return explorer.load_game("endor", variant=variant, **options)


def turn(g: explorer.Game, card: str, *, seat: int = 0, players: int = 2,
         sectors: dict[str, dict[str, int]] | None = None, **changes: Any) -> EndorState:
    """``seat`` has just revealed ``card``; ``sectors`` replaces the ships there (the rest of the box
    counts as destroyed); the decks hold every card not seen elsewhere; refereed."""
    s = g.initial_state(players=players)
    if sectors:
        s = s.replace(ships=place(s, **sectors))
    s = s.replace(pending=(), stage="orders", seat=seat, revealed=card, step=Step(stage="choose"), **changes)
    s = s.replace(destroyed=_destroyed(s))
    decks = []
    for side, name in enumerate(("Rebels", "Empire")):
        seen = s.discards[side] + (Multiset([card]) if s.side(seat) == side else Multiset())
        for other in range(s.seats):
            if s.side(other) == side:
                seen = seen + s.hands[other] + Multiset(s.piles[other])
        decks.append(Deck.shuffled(Multiset(g.data.decks[name]) - seen))
    return g.check(s.replace(decks=tuple(decks)))


def place(s: EndorState, **sectors: dict[str, int]) -> tuple[tuple[int, ...], ...]:
    """Ship rows with ``sectors`` set (``O8={"X-wing": 2}``), everything else as in ``s``."""
    data = s.data
    rows = [list(r) for r in s.ships]
    for node, pieces in sectors.items():
        rows[data.index[node]] = [0] * len(data.ship_types)
        for name, n in pieces.items():
            rows[data.index[node]][data.type_index(name)] = n
    return tuple(tuple(r) for r in rows)


def _destroyed(s: EndorState) -> tuple[int, ...]:
    """Whatever of the box is neither on the board nor in reserve or supply has been destroyed."""
    out = []
    for k, t in enumerate(s.data.ship_types):
        box = s.rules.b_wings if t.name == "B-wing" else t.count
        spare = s.tie_reserve if t.name == "TIE" else s.b_wing_supply if t.name == "B-wing" else 0
        out.append(box - sum(r[k] for r in s.ships) - spare)
    return tuple(out)


def conserve(s: EndorState, ships: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """Changes that keep the box conserved: ships removed from the board count as destroyed."""
    data = s.data
    destroyed = list(s.destroyed)
    for k in range(len(data.ship_types)):
        destroyed[k] += sum(r[k] for r in s.ships) - sum(r[k] for r in ships)
    return {"ships": ships, "destroyed": tuple(destroyed)}


def names(s: EndorState) -> list[str]:
    return [str(a) for a in s.legal_actions()]
