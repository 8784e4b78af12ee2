"""Speed of the Star Realms odds questions, cold and repeated.

Run as ``python benchmarks/star_realms_odds.py``. Positions: the main phase of the
player moving at several turns of the seeded heuristic game recorded in
``tests/star_realms/golden`` (seed 2026), so decks grow from 10 to ~25 cards.

* cold: the first call after ``odds.cache_clear()`` (best of 3);
* repeated: the same call again, answered from the cache (mean of 200 calls).

``compare_buys`` asks for the cards affordable now (none at the start of a turn, so
only the baseline); ``compare_buys(row)`` asks for every trade-row card and Explorer
(6 cards or fewer), what the buy comparison costs once the player has Trade.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import explorer  # noqa: E402
from explorer import Match  # noqa: E402
from explorer.games.star_realms import odds  # noqa: E402


def positions(turns: tuple[int, ...] = (3, 9, 15, 21)) -> list[tuple[int, Any]]:
    match = Match(explorer.load_game("star_realms"), seed=2026)
    found: list[tuple[int, Any]] = []
    wanted = list(turns)
    while wanted and not match.state.is_terminal():
        s = match.state
        if not s.is_chance() and not s.queue and s.stage == "main" and s.turn >= wanted[0]:
            found.append((s.turn, s))
            wanted.pop(0)
        match.step(None if s.is_chance() else explorer.load_game("star_realms").policies()["heuristic"](s, match.rng))
    return found


def cold(call: Callable[[], Any], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        odds.cache_clear()
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def warm(call: Callable[[], Any], calls: int = 200) -> float:
    call()
    start = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - start) / calls


def main() -> None:
    print(f"{'turn':>4} {'deck+discard':>12}  {'question':<28} {'cold':>10} {'repeated':>10}")
    for turn, s in positions():
        me = s.actor
        p = s.players[me]
        size = len(p.deck) + len(p.discard) + len(p.hand) + len(p.ships)
        card = max(p.all_cards().kinds(), key=lambda c: s.card(c).cost)
        row = tuple(dict.fromkeys(s.row.kinds())) + ("Explorer",)
        questions = {
            "next_hand": lambda: odds.next_hand(s, me),
            "trade_and_combat": lambda: odds.trade_and_combat(s, me),
            f"p_card_within(3)": lambda: odds.p_card_within(s, me, card, 3),
            "expected_turns_until": lambda: odds.expected_turns_until(s, me, card),
            "lethal": lambda: odds.lethal(s, me, 1 - me),
            "compare_buys": lambda: odds.compare_buys(s, me),
            f"compare_buys(row, {len(row)} cards)": lambda: odds.compare_buys(s, me, row),
        }
        for name, call in questions.items():
            print(f"{turn:>4} {size:>12}  {name:<28} {cold(call) * 1e3:>8.2f}ms {warm(call) * 1e6:>8.1f}us")


if __name__ == "__main__":
    main()
