"""Shared builders for the Warp's Edge tests: positions set up the way a rulebook example is."""

from __future__ import annotations

import explorer
from explorer import Multiset
from explorer.games.warps_edge.state import Target


def game(variant: str | None = None) -> explorer.Game:
    return explorer.load_game("warps_edge", variant=variant)


def position(variant: str | None = None, *, row=(), pool=None, bag=None, discard=None, hold=None, calm=False,
             **changes):
    """Step 2 of turn 1 with the given enemy row (names, left to right) and token zones.

    ``calm=True`` stuns every mothership section so that only the enemy cards attack.
    """
    s = game(variant).initial_state()
    if calm:
        changes.setdefault("sections", tuple(Target(card=t.card, stunned=True) for t in s.sections))
    cells = tuple(Target(card=c) if c else Target() for c in row)
    cells += (Target(),) * (4 - len(cells))
    base = dict(stage="actions", turn=1, row=cells, skill_offer=(),
                pool=Multiset(pool or {}), discard=Multiset(discard or {}), hold=Multiset(hold or {}))
    if bag is not None:
        base["bag"] = Multiset(bag)
    base.update(changes)
    return s.replace(**base)


def play(state, *moves):
    for m in moves:
        state = state.apply(m)
    return state
