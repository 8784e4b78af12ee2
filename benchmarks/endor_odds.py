"""Speed of the Battle of Endor's Odds tab, cold, on 1,000 seeded mid-game positions.

Run as ``python benchmarks/endor_odds.py [--positions N] [--first-seed S] [--tab] [--seed S [--profile]]``
(see :mod:`benchmarks.odds_positions`). The questions are those of ``widgets/endor/odds_views.py``, in
its order: which order now, one Shield Assault, the assault chain (P within 1..12 orders), every attack of
the ship order under way, the duel orders and the Death Star.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds_positions import OddsBench, Question, main

from explorer.games.endor import odds
from explorer.games.endor.state import DEATH_STAR


def which_order(s: Any) -> Any:
    return None if s.is_terminal() else odds.which_order(s, s.seat)


def shield_advance(s: Any) -> Any:
    return None if s.shields_down else odds.shield_advance_odds(s)


def shield_chain(s: Any) -> Any:
    if s.shields_down:
        return None
    chain = odds.shield_chain(s)
    return chain.expected_steps, [chain.p_ended_by(k) for k in range(1, 13)]


def attacks(s: Any) -> list[Any]:
    step = s.step
    if step.ship < 0 or step.stage != "attack":
        return []
    out = []
    for a in s.legal_actions():
        if a.kind == "attack":
            src = s.data.index[a.args[0]]
            tgt = DEATH_STAR if a.args[1] == "Death Star" else s.data.index[a.args[1]]
            out.append((odds.attack_odds(s, step.ship, src, tgt), odds.special_ship_odds(s, step.ship, src, tgt)))
    return out


def duel(s: Any) -> Any:
    dice = odds.best_death_star_dice(s)
    return odds.duel_odds(s), odds.death_star_shot(), odds.death_star_final(dice) if dice else None


def questions(s: Any) -> list[Question]:
    return [("Which order now?", lambda: which_order(s)),
            ("Shield Assault: one order", lambda: shield_advance(s)),
            ("Shield Assault: orders until the shields are down", lambda: shield_chain(s)),
            ("This attack", lambda: attacks(s)),
            ("Luke and Vader, and the Death Star", lambda: duel(s))]


BENCH = OddsBench("endor", (20, 160), questions, "widgets.endor.odds_views")

if __name__ == "__main__":
    main(BENCH)
