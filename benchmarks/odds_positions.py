"""What every game's Odds-tab benchmark shares: seeded mid-game positions, cold caches, the report.

A game's benchmark (``benchmarks/<game>_odds.py``) names its :class:`OddsBench`: which game, how far
into a game a position may lie (in decisions), and the questions its dashboard's Odds tab asks of a
position (``questions(state)``: ``(name, call)`` pairs mirroring the views in
``widgets/<game>/odds_views.py``, data only — no figure is built). :func:`main` then

* plays seed k with the random policy (k even) or the heuristic (k odd) and stops at the
  ``target``-th decision, ``target`` drawn from ``random.Random(k)`` within the bench's range (a game
  that ends first gives no position: the next seed is used), so ``--seed k`` replays one position;
* clears every memo the odds use (:func:`clear_caches`) and times all the tab's questions for the
  position, wall and CPU time (the machine may be shared: CPU time is the work);
* prints median, p95, p99 and max per position, each question's own spread, and the slowest
  positions with their seed.

``--tab`` times the views themselves instead (``widgets/<game>/odds_views.odds_views()``, what
``panel.odds()`` computes, Plotly figures included), to show what the figures add.

Usage: ``python benchmarks/<game>_odds.py [--positions N] [--first-seed S] [--tab] [--seed S [--profile]]``.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import explorer
from explorer import Match

Question = tuple[str, Callable[[], Any]]


@dataclass(frozen=True)
class OddsBench:
    """One game's Odds-tab benchmark: the game, the decisions a position may lie at, the tab's questions."""

    game: str
    decisions: tuple[int, int]
    """The position is the state at the k-th decision of the seeded game, k uniform in this range."""
    questions: Callable[[Any], list[Question]]
    views: str = ""
    """The module whose ``odds_views()`` the dashboard shows (for ``--tab``)."""


def positions(bench: OddsBench, count: int, first_seed: int = 0) -> Iterator[tuple[int, int, Any]]:
    """``(seed, decision, state)`` for ``count`` seeded mid-game decision points (see the module text)."""
    game = explorer.load_game(bench.game)
    policies = game.policies()
    found = 0
    seed = first_seed
    while found < count:
        hit = position(bench, seed, game, policies)
        if hit is not None:
            found += 1
            yield seed, hit[0], hit[1]
        seed += 1


def position(bench: OddsBench, seed: int, game: Any = None, policies: Any = None) -> tuple[int, Any] | None:
    """Seed ``seed``'s position, ``(decision number, state)``, or ``None`` when its game ends first."""
    game = game or explorer.load_game(bench.game)
    policies = policies or game.policies()
    policy = policies["random" if seed % 2 == 0 else "heuristic"]
    target = random.Random(seed).randint(*bench.decisions)
    match = Match(game, seed=seed)
    decisions = 0
    while not match.state.is_terminal():
        s = match.state
        if s.is_chance():
            match.step(None)
            continue
        decisions += 1
        if decisions == target:
            return decisions, s
        match.step(policy(s, match.rng))
    return None


def _memo_modules(game: str) -> list[types.ModuleType]:
    prefixes = ("explorer.odds", f"explorer.games.{game}.", f"widgets.{game}.")
    return [m for name, m in list(sys.modules.items()) if m is not None and name.startswith(prefixes)]


def clear_caches(game: str) -> int:
    """Empty every memo the odds may read, so the next answer is computed cold; returns how many were cleared.

    Cleared: each ``functools.lru_cache`` in ``explorer.odds.*``, ``explorer.games.<game>.*`` and
    ``widgets.<game>.*`` (except tables loaded once, ``maxsize`` 16 or less: the game's data, not a
    remembered answer), each module-level dict named ``_CACHE``/``_MEMO``, and a view's ``_cache`` attribute.
    """
    cleared = 0
    for module in _memo_modules(game):
        for name, value in list(vars(module).items()):
            if callable(getattr(value, "cache_clear", None)) and callable(getattr(value, "cache_info", None)):
                if (value.cache_info().maxsize or 1 << 30) > 16:
                    value.cache_clear()
                    cleared += 1
            elif name in ("_CACHE", "_MEMO") and isinstance(value, dict):
                value.clear()
                cleared += 1
            elif callable(value) and hasattr(value, "_cache"):
                delattr(value, "_cache")
                cleared += 1
    return cleared


def tab_questions(bench: OddsBench, state: Any) -> list[Question]:
    """The dashboard's views themselves (figures included), one question per view."""
    import importlib

    from widgets.common.odds_tab import view_title

    views = importlib.import_module(bench.views).odds_views()
    out: list[Question] = []
    for i, view in enumerate(views):
        render = getattr(view, "render", view)
        out.append((view_title(view, i), lambda render=render: render(state)))
    return out


@dataclass
class Row:
    seed: int
    decision: int
    stage: str
    wall: float
    cpu: float
    parts: dict[str, float]


def time_position(bench: OddsBench, seed: int, decision: int, state: Any, tab: bool = False) -> Row:
    """All of the tab's questions for one position, cold (caches cleared once before, shared between views)."""
    asked = tab_questions(bench, state) if tab else bench.questions(state)
    clear_caches(bench.game)
    gc.collect()
    parts: dict[str, float] = {}
    start, cpu = time.perf_counter(), time.process_time()
    for name, call in asked:
        t = time.perf_counter()
        call()
        parts[name] = parts.get(name, 0.0) + time.perf_counter() - t
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return Row(seed, decision, _stage(state), wall, cpu, parts)


def _stage(state: Any) -> str:
    for field in ("stage", "phase"):
        value = getattr(state, field, None)
        if isinstance(value, str):
            return value
    step = getattr(state, "step", None)
    return str(getattr(step, "stage", "?"))


def quantiles(values: Sequence[float]) -> str:
    """``median …, p95 …, p99 …, max …`` in milliseconds, and how many exceed 0.1 s and 1 s."""
    v = sorted(values)

    def q(f: float) -> float:
        return v[min(len(v) - 1, int(f * len(v)))]

    return (f"median {statistics.median(v) * 1e3:.1f} ms, p95 {q(0.95) * 1e3:.1f} ms, p99 {q(0.99) * 1e3:.1f} ms, "
            f"max {v[-1] * 1e3:.1f} ms (over 0.1 s: {sum(t > 0.1 for t in v)}, over 1 s: {sum(t > 1 for t in v)})")


def report(bench: OddsBench, rows: list[Row], tab: bool, slowest: int = 8) -> None:
    what = "views, figures included (--tab)" if tab else "odds questions"
    print(f"{bench.game}: the Odds tab's {what}, cold, on {len(rows)} seeded positions "
          f"(seeds {rows[0].seed}..{rows[-1].seed}; decision {bench.decisions[0]}..{bench.decisions[1]} of a "
          f"random (even seed) or heuristic (odd seed) game)")
    print(f"  machine load (1-minute load average, {os.cpu_count()} CPUs) at the end: {os.getloadavg()[0]:.1f}; "
          "wall time includes waiting for a CPU, CPU time is the work")
    print(f"  per position, wall: {quantiles([r.wall for r in rows])}")
    print(f"  per position, CPU:  {quantiles([r.cpu for r in rows])}")
    for name in dict.fromkeys(n for r in rows for n in r.parts):
        print(f"    {name:<52} {quantiles([r.parts[name] for r in rows if name in r.parts])}")
    for r in sorted(rows, key=lambda r: -r.wall)[:slowest]:
        worst = max(r.parts, key=r.parts.get) if r.parts else "-"
        print(f"  slowest: --seed {r.seed} (decision {r.decision}, {r.stage}): {r.wall * 1e3:.1f} ms wall, "
              f"{r.cpu * 1e3:.1f} ms CPU; most in {worst!r} {r.parts.get(worst, 0) * 1e3:.1f} ms")


def one(bench: OddsBench, seed: int, tab: bool, profile: bool) -> None:
    """Replay seed ``seed``'s position and time it, question by question (optionally under cProfile)."""
    hit = position(bench, seed)
    if hit is None:
        print(f"seed {seed}: the game ends before decision {random.Random(seed).randint(*bench.decisions)}")
        return
    decision, state = hit
    row = time_position(bench, seed, decision, state, tab)
    print(f"seed {seed}, decision {decision} ({row.stage}): {row.wall * 1e3:.1f} ms wall, {row.cpu * 1e3:.1f} ms CPU")
    for name, t in row.parts.items():
        print(f"  {name:<52} {t * 1e3:9.1f} ms")
    if profile:
        import cProfile
        import pstats

        asked = tab_questions(bench, state) if tab else bench.questions(state)
        clear_caches(bench.game)
        prof = cProfile.Profile()
        prof.enable()
        for _, call in asked:
            call()
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


def main(bench: OddsBench, argv: Sequence[str] | None = None) -> list[Row]:
    """The command line of ``benchmarks/<game>_odds.py``."""
    parser = argparse.ArgumentParser(description=f"Cold speed of {bench.game}'s Odds tab on seeded positions.")
    parser.add_argument("--positions", type=int, default=1000, help="how many positions (default 1,000)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed tried (default 0)")
    parser.add_argument("--tab", action="store_true", help="time the dashboard's views, figures included")
    parser.add_argument("--seed", type=int, help="time only this seed's position, question by question")
    parser.add_argument("--profile", action="store_true", help="with --seed: print a cProfile of the questions")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error(f"--positions must be at least 1, got {args.positions}")
    if args.seed is not None:
        one(bench, args.seed, args.tab, args.profile)
        return []
    rows = [time_position(bench, seed, d, s, args.tab)
            for seed, d, s in positions(bench, args.positions, args.first_seed)]
    report(bench, rows, args.tab)
    return rows
