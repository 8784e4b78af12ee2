"""Speed of Space Fleet Command's Odds tab, cold, on 1,000 seeded mid-game positions.

Run as ``python benchmarks/fleet_command_odds.py [--positions N] [--first-seed S] [--tab] [--seed S [--profile]]``
(see :mod:`benchmarks.odds_positions`). The questions are those of ``widgets/fleet_command/odds_views.py``, in
its order, for the player deciding: every shot of their ships now, destroying each enemy ship this round,
initiative with each card in hand, and the reach of each of their ships.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds_positions import OddsBench, Question, main

from explorer.games.fleet_command import odds, tactics


def asker(s: Any) -> int:
    """The deciding player (``widgets.fleet_command.odds_views.asker``)."""
    return s.current_player if s.current_player >= 0 else s.actor


def shots(s: Any) -> list[Any]:
    p = asker(s)
    return [odds.shot_odds(s, p, ship.name, t) for ship in s.fleets[p].ships if ship.on_table and not ship.shot
            for t in tactics.targets(s, p, ship.name)]


def destroy(s: Any) -> list[Any]:
    p = asker(s)
    return [(odds.destroy_odds(s, p, e.name), odds.shooters_at(s, p, e.name))
            for e in s.fleets[1 - p].ships if e.on_table]


def initiative(s: Any) -> Any:
    p = asker(s)
    return odds.initiative_odds(s, p) if len(odds.unseen(s, p)) else {}


def reach(s: Any) -> list[Any]:
    p = asker(s)
    return [odds.reach(s, p, ship.name) for ship in s.fleets[p].ships if ship.on_table]


def questions(s: Any) -> list[Question]:
    return [("Shots: chance to remove a cube", lambda: shots(s)),
            ("Destroying a ship this round", lambda: destroy(s)),
            ("Initiative: each card in hand", lambda: initiative(s)),
            ("Reach: where each ship can end", lambda: reach(s))]


BENCH = OddsBench("fleet_command", (20, 160), questions, "widgets.fleet_command.odds_views")

if __name__ == "__main__":
    main(BENCH)
