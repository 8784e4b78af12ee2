"""Speed of Pinned Down's Odds tab, cold, on 1,000 seeded mid-game positions.

Run as ``python benchmarks/pinned_down_odds.py [--positions N] [--first-seed S] [--tab] [--seed S [--profile]]``
(see :mod:`benchmarks.odds_positions`). The questions are those of ``widgets/pinned_down/odds_views.py``, in
its order: the coming attack for "play nothing" and each card in hand (the reveal chart and its table share
one computation, as the tab does), this fight with each FIGHT move, and which fight first.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds_positions import OddsBench, Question, main

from explorer.games.pinned_down.odds import summary_rows, why_no_reveal
from explorer.games.pinned_down.odds_fight import fight_choices, why_no_fight
from explorer.games.pinned_down.odds_order import fight_orders, order_matters, why_no_order
from widgets.pinned_down.odds_views import _askers, hand_options
from widgets.pinned_down.views import ship_power


def coming_attack(s: Any) -> Any:
    """The reveal chart and the card table: every option's reveal, ships per option, the summary rows."""
    if why_no_reveal(s):
        return None
    opts = hand_options(s)
    ships = {label: o.reveal.map(lambda r: r.ships).pmf() for label, o, _ in opts if o is not None}
    return ships, summary_rows([o for _, o, _ in opts if o is not None], ship_power(s, _askers(s)[0]))


def this_fight(s: Any) -> Any:
    return None if why_no_fight(s) else fight_choices(s)


def fight_order(s: Any) -> Any:
    if why_no_order(s):
        return None
    options = fight_orders(s)
    return options, order_matters(options)


def questions(s: Any) -> list[Question]:
    return [("Enemy ships revealed, and each card against them", lambda: coming_attack(s)),
            ("This fight: resolve now or play a card first", lambda: this_fight(s)),
            ("Which fight first", lambda: fight_order(s))]


BENCH = OddsBench("pinned_down", (2, 10), questions, "widgets.pinned_down.odds_views")

if __name__ == "__main__":
    main(BENCH)
