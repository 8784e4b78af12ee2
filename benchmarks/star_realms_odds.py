"""Speed of the Star Realms odds questions, cold and repeated.

Run as ``python benchmarks/star_realms_odds.py``; ``--drawing [games] [first seed]`` times every question
asked of one position while a hand is being drawn in four-player games (:func:`drawing`);
``python benchmarks/star_realms_odds.py --positions 1000 [first seed] [minutes]``
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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import explorer
from explorer import Match
from explorer.errors import RulesError
from explorer.games.star_realms import odds


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
    return list(iter_positions(count, first_seed))


def iter_positions(count: int, first_seed: int = 0) -> Iterator[tuple[int, Any]]:
    """:func:`seeded_positions` one at a time (a run stopped by the clock does not play the games it never asks)."""
    game = explorer.load_game("star_realms")
    policies = game.policies()
    found = 0
    seed = first_seed
    while found < count:
        policy = policies["random" if seed % 2 == 0 else "heuristic"]
        target = 10 + (seed * 37) % 130 if seed % 2 == 0 else 6 + (seed * 7) % 24
        match = Match(game, seed=seed)
        while not match.state.is_terminal():
            s = match.state
            if s.turn >= target and not s.is_chance() and not s.queue and s.stage == "main":
                found += 1
                yield seed, s
                break
            match.step(None if s.is_chance() else policy(s, match.rng))
        seed += 1


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


def _quantiles(values: list[float]) -> str:
    import statistics

    values = sorted(values)

    def q(f: float) -> float:
        return values[min(len(values) - 1, int(f * len(values)))]

    return (f"median {statistics.median(values) * 1e3:.0f} ms, 90% {q(0.9) * 1e3:.0f} ms, "
            f"99% {q(0.99) * 1e3:.0f} ms, max {values[-1] * 1e3:.0f} ms; over 1 s: {sum(t > 1 for t in values)}")


def bounded(count: int, first_seed: int = 0, minutes: float | None = None) -> None:
    """Every odds call the Odds tab makes first, cold, on ``count`` seeded positions: times, memory, exact share.

    Wall time and CPU time (``time.process_time``: the machine may be shared, so wall time overstates the
    work) per call; memory is the growth of the process's peak resident size during the call (Linux
    ``VmHWM``, reset before each call through ``/proc/self/clear_refs``). With ``minutes``, stops after
    that long (at least 200 positions are asked for in the report).
    """
    import gc

    rows = []
    stop = time.perf_counter() + minutes * 60 if minutes else float("inf")
    done = 0
    for seed, s in iter_positions(count, first_seed):
        if time.perf_counter() > stop:
            break
        done += 1
        me = s.actor
        other = 1 - me
        cheap = next(iter(odds.buyable(s, me)), "Explorer")
        for name, call in (("trade_and_combat", lambda: odds.trade_and_combat(s, me)),
                           ("lethal", lambda: odds.lethal(s, other, me)),
                           ("lethal seen by the other seat", lambda: odds.lethal(s, other, me, viewer=me)),
                           ("buy cycle, 1 card", lambda: _cycle_row(s, me, cheap))):
            odds.cache_clear()
            gc.collect()
            before = _reset_peak()
            start, cpu = time.perf_counter(), time.process_time()
            result = call()
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            peak = _status("VmHWM") - before
            rows.append((seed, name, took, peak, result.exact, cpu))
    exact = sum(1 for r in rows if r[4])
    seeds = sorted({r[0] for r in rows})
    print(f"{len(rows)} cold odds calls on {done} seeded positions (seeds {seeds[0]}..{seeds[-1]}, a seed whose "
          f"game ended first gives none; budget {odds.BUDGET})")
    print(f"wall time: {_quantiles([r[2] for r in rows])}")
    print(f"CPU time:  {_quantiles([r[5] for r in rows])}")
    peaks = sorted(r[3] for r in rows)
    print(f"peak resident memory added: median {peaks[len(peaks) // 2] / 2**20:.1f} MB, "
          f"max {peaks[-1] / 2**20:.1f} MB; "
          f"over 500 MB: {sum(p > 500 * 2**20 for p in peaks)}; whole run peak "
          f"{_status('VmHWM') / 2**20:.0f} MB resident")
    print(f"exact: {exact} of {len(rows)} ({exact / len(rows):.1%}); the others answered by seeded sampling")
    for name in dict.fromkeys(r[1] for r in rows):
        mine = [r for r in rows if r[1] == name]
        print(f"  {name:<30} exact {sum(r[4] for r in mine)}/{len(mine)}; wall {_quantiles([r[2] for r in mine])}; "
              f"CPU max {max(r[5] for r in mine) * 1e3:.0f} ms")
    for seed, name, took, peak, ok, cpu in sorted(rows, key=lambda r: -r[2])[:8]:
        print(f"  slowest: seed {seed} {name}: {took * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU, "
              f"{peak / 2**20:.0f} MB, exact={ok}")
    print("  not exact: " + ", ".join(f"seed {r[0]} {r[1]}" for r in rows if not r[4]))


def drawing(games: int, first_seed: int) -> None:
    """Every question of the Odds tab at each hand being drawn in seeded four-player Hydra games: each seat's
    Trade and Combat and next hand, and the lethal checks of the seat drawing, asked together as the panel asks
    them of one position (cold for the position, sharing what they share). A deck of many kinds has tens of
    thousands of hands to deal; the figures are CPU seconds per position."""
    game = explorer.load_game("star_realms")
    rows: list[tuple[int, float]] = []
    for seed in range(first_seed, first_seed + games):
        match = Match(game, seed=seed)
        match.restart(game.initial_state(players=4, format="hydra"), seed=seed)
        policy = game.policies()["heuristic"]
        while not match.state.is_terminal() and len(match) < 3_000:
            s = match.state
            if s.is_chance() and s.stage == "draw":
                drawer = s.queue[0].player
                odds.cache_clear()
                cpu = time.process_time()
                for me in range(len(s.players)):
                    for ask in (odds.trade_and_combat, odds.next_hand):
                        try:
                            ask(s, me)
                        except RulesError:
                            pass
                for target in range(len(s.players)):
                    if target != drawer and s.alive[target]:
                        try:
                            odds.lethal(s, drawer, target)
                        except RulesError:
                            pass
                rows.append((seed, time.process_time() - cpu))
            match.step(None if s.is_chance() else policy(s, match.rng))
    cpus = [c for _, c in rows]
    print(f"{len(rows)} positions with a hand being drawn, seeds {first_seed}..{first_seed + games - 1} "
          f"(four-player Hydra, heuristic): CPU per position {_quantiles(cpus)}; total {sum(cpus):.1f} s")
    for seed, cpu in sorted(rows, key=lambda r: -r[1])[:5]:
        print(f"  slowest: seed {seed}: {cpu * 1e3:.0f} ms CPU")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--drawing":
        drawing(int(sys.argv[2]) if len(sys.argv) > 2 else 3, int(sys.argv[3]) if len(sys.argv) > 3 else 0)
        return
    if len(sys.argv) > 2 and sys.argv[1] == "--positions":
        minutes = float(sys.argv[4]) if len(sys.argv) > 4 else None
        bounded(int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0, minutes)
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
            "p_card_within(3)": lambda: odds.p_card_within(s, me, card, 3),
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
