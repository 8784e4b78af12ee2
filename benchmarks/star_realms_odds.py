"""Speed of the Star Realms odds questions, cold and repeated.

Run as ``python benchmarks/star_realms_odds.py``; ``python benchmarks/star_realms_odds.py --positions 1000``
times every first question of the Odds tab (the next hand's Trade and Combat, the lethal check) cold on
1,000 seeded mid- and late-game positions and prints the distribution of times, the peak memory and the
share answered exactly (the rest: seeded sampling past the budget, ``odds.BUDGET``). Positions: the main phase of the
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


def seeded_positions(count: int, first_seed: int = 0) -> list[tuple[int, Any]]:
    """``count`` seeded mid- and late-game positions: the main phase of the player moving, nothing pending.

    Seed k plays a 2-player game with the random policy (k even) or the heuristic (k odd) until turn
    ``T`` (random: 10 to 139, heuristic: 6 to 29, spread by the seed), then to the next main phase
    with nothing pending. A game that ends first gives no position (the next seed is used).
    """
    game = explorer.load_game("star_realms")
    policies = game.policies()
    found: list[tuple[int, Any]] = []
    seed = first_seed
    while len(found) < count:
        policy = policies["random" if seed % 2 == 0 else "heuristic"]
        target = 10 + (seed * 37) % 130 if seed % 2 == 0 else 6 + (seed * 7) % 24
        match = Match(game, seed=seed)
        while not match.state.is_terminal():
            s = match.state
            if s.turn >= target and not s.is_chance() and not s.queue and s.stage == "main":
                found.append((seed, s))
                break
            match.step(None if s.is_chance() else policy(s, match.rng))
        seed += 1
    return found


def _reset_peak() -> int:
    """Reset the process's peak resident memory (Linux) and return the current resident size in bytes."""
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
    except OSError:
        pass
    return _status("VmRSS")


def _status(field: str) -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


class _CycleAnswer:
    """A buy-cycle row counted as exact when its exact parts (turn 1, the arrival) were answered exactly."""

    def __init__(self, rows: Any) -> None:
        self.exact = all(r.turns[0].exact for r in rows)


def _cycle_row(s: Any, me: int, card: str) -> _CycleAnswer:
    """What the Odds tab's buy comparison asks per card: the next 3 turns, 0.1 s of sampling per row."""
    return _CycleAnswer(odds.compare_buys_over_cycle(s, me, [card], seconds=0.1))


def bounded(count: int, first_seed: int = 0) -> None:
    """Every odds call the Odds tab makes first, cold, on ``count`` seeded positions: times, memory, exact share."""
    import statistics

    rows = []
    for seed, s in seeded_positions(count, first_seed):
        me = s.actor
        other = 1 - me
        cheap = next(iter(odds.buyable(s, me)), "Explorer")
        for name, call in (("trade_and_combat", lambda: odds.trade_and_combat(s, me)),
                           ("lethal", lambda: odds.lethal(s, other, me)),
                           ("lethal seen by the other seat", lambda: odds.lethal(s, other, me, viewer=me)),
                           ("buy cycle, 1 card", lambda: _cycle_row(s, me, cheap))):
            odds.cache_clear()
            import gc

            gc.collect()
            before = _reset_peak()
            start = time.perf_counter()
            result = call()
            took = time.perf_counter() - start
            peak = _status("VmHWM") - before
            rows.append((seed, name, took, peak, result.exact))
    times = sorted(r[2] for r in rows)
    q = lambda f: times[min(len(times) - 1, int(f * len(times)))]  # noqa: E731
    exact = sum(1 for r in rows if r[4])
    print(f"{len(rows)} cold odds calls on {count} seeded positions (budget {odds.BUDGET})")
    print(f"time: median {statistics.median(times) * 1e3:.0f} ms, 90% {q(0.9) * 1e3:.0f} ms, "
          f"99% {q(0.99) * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms; over 1 s: {sum(t > 1 for t in times)}")
    peaks = sorted(r[3] for r in rows)
    print(f"peak memory added: median {peaks[len(peaks) // 2] / 2**20:.0f} MB, max {peaks[-1] / 2**20:.0f} MB; "
          f"over 500 MB: {sum(p > 500 * 2**20 for p in peaks)}")
    print(f"exact: {exact} of {len(rows)} ({exact / len(rows):.1%}); the others answered by seeded sampling")
    for seed, name, took, peak, ok in sorted(rows, key=lambda r: -r[2])[:5]:
        print(f"  slowest: seed {seed} {name}: {took * 1e3:.0f} ms, {peak / 2**20:.0f} MB, exact={ok}")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--positions":
        bounded(int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0)
        return
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
            "compare_buys_over_cycle(1)": lambda: odds.compare_buys_over_cycle(s, me, row[:1], seconds=0.1),
        }
        for name, call in questions.items():
            print(f"{turn:>4} {size:>12}  {name:<28} {cold(call) * 1e3:>8.2f}ms {warm(call) * 1e6:>8.1f}us")


if __name__ == "__main__":
    main()
