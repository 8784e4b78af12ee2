"""Speed of Warp's Edge's Odds tab, cold, on 1,000 seeded mid-game positions.

Run as ``python benchmarks/warps_edge_odds.py [--positions N] [--first-seed S] [--tab] [--seed S [--profile]]``
(see :mod:`benchmarks.odds_positions`). The questions are those of ``widgets/warps_edge/odds_views.py``, in
its order: the next draw by token kind, its laser value, the stun / warp / damage rows, and P(destroy) for the
enemy the dropdown shows first.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds_positions import OddsBench, Question, main

from explorer.games.warps_edge import odds
from widgets.warps_edge.odds_views import draw_by_kind, key_odds


def destroy_first(s: Any) -> Any:
    slots = [i + 1 for i, t in enumerate(s.row) if t.card]
    return odds.p_destroy(s, slots[0]) if slots else None


def questions(s: Any) -> list[Question]:
    return [("Next draw by token kind", lambda: (odds.next_draw_population(s), draw_by_kind(s))),
            ("Laser value of the next draw", lambda: odds.laser_total(s)),
            ("Stun, warp and damage odds", lambda: key_odds(s)),
            ("P(destroy a chosen enemy this turn)", lambda: destroy_first(s))]


BENCH = OddsBench("warps_edge", (5, 30), questions, "widgets.warps_edge.odds_views")

if __name__ == "__main__":
    main(BENCH)
