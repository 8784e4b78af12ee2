"""Where an engine's time goes: the share of each part of a step, for every game (issue 21).

Issue 21 asks every engine for 100,000 steps per CPU second, or, for a game that cannot reach it,
"the profile that shows where the remaining time goes and what it would take". This prints that
profile. It plays ``--games`` seeded games per game and policy under :mod:`cProfile` (after
``--warm`` unprofiled games, so the per-process memos are filled as in a long simulation) and adds
up each function's own time (cProfile's ``tottime``) by the part of a step it belongs to:

* ``core loop``: ``explorer/core`` — ``Match.play``, the state machinery, legal-move lists, the
  chance draw, the generator's history;
* each of the game's own modules (``rules.py``, ``policies.py``, ...);
* ``built-ins``: C functions called from Python (``len``, ``dict.get``, ``tuple`` building, numpy's
  generator), charged to no module because cProfile cannot tell whose call they were.

The figures are shares of profiled time; cProfile makes small calls dearer, so read them as where
to look, and ``benchmarks/games.py`` / ``benchmarks/engine_instructions.py`` for the speed itself::

    .venv/bin/python benchmarks/engine_profile.py                   # every game, random and heuristic
    .venv/bin/python benchmarks/engine_profile.py --game endor --policy heuristic --games 20 --top 15
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import explorer
from explorer import Match

ROOT = Path(__file__).resolve().parents[1]


def part_of(filename: str, game_id: str) -> str:
    """Whose time a function's own time is: ``core loop``, ``built-ins``, ``libraries``, or the game's module.

    >>> part_of("~", "endor"), part_of(str(ROOT / "explorer/core/match.py"), "endor")
    ('built-ins', 'core loop')
    >>> part_of(str(ROOT / "explorer/games/star_realms/policies.py"), "star_realms")
    'policies.py'
    """
    path = Path(filename)
    if filename == "~" or not path.is_absolute():
        return "built-ins"
    try:
        parts = path.resolve().relative_to(ROOT).parts
    except ValueError:
        return "libraries"  # numpy's Python layer and the standard library
    if parts[:2] == ("explorer", "core"):
        return "core loop"
    if parts[:3] == ("explorer", "games", game_id):
        return "/".join(parts[3:])
    return "other explorer"


def profile(game_id: str, policy: str, games: int, warm: int) -> tuple[int, pstats.Stats]:
    """Steps played and the profile of ``games`` seeded games (after ``warm`` unprofiled ones)."""
    game = explorer.load_game(game_id)
    for seed in range(warm):
        Match(game, seed=10_000 + seed).play(policy, max_steps=20_000)
    profiler = cProfile.Profile()
    steps = 0
    profiler.enable()
    for seed in range(games):
        steps += Match(game, seed=seed).play(policy, max_steps=20_000)
    profiler.disable()
    return steps, pstats.Stats(profiler)


def shares(stats: pstats.Stats, game_id: str) -> tuple[dict[str, float], list[tuple[float, str]]]:
    """Own time per part, and per function (``(seconds, "file:line name")``), from a profile."""
    per_part: dict[str, float] = defaultdict(float)
    per_function = []
    for (filename, line, name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        per_part[part_of(filename, game_id)] += tottime
        where = Path(filename).name if filename != "~" else ""
        per_function.append((tottime, f"{where}:{line} {name}" if where else name))
    return dict(per_part), sorted(per_function, reverse=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--policy", action="append", help="random, heuristic (default: both)")
    parser.add_argument("--games", type=int, default=10, help="profiled games per line (default 10)")
    parser.add_argument("--warm", type=int, default=3, help="unprofiled games first (default 3)")
    parser.add_argument("--top", type=int, default=6, help="the costliest functions listed per line (default 6)")
    args = parser.parse_args(argv)
    fixed = ("core loop", "built-ins", "libraries")
    for game_id in args.game or list(explorer.games()):
        for policy in args.policy or ["random", "heuristic"]:
            if policy not in explorer.load_game(game_id).policies():
                continue
            steps, stats = profile(game_id, policy, args.games, args.warm)
            per_part, per_function = shares(stats, game_id)
            total = sum(per_part.values()) or 1.0
            modules = sorted(((t, m) for m, t in per_part.items() if m not in fixed), reverse=True)
            print(f"{game_id} / {policy}: {steps} steps, {1e6 * total / max(1, steps):.1f} µs a step profiled; "
                  + ", ".join(f"{m} {100 * per_part.get(m, 0.0) / total:.0f}%" for m in fixed)
                  + f", the game's modules {100 * sum(t for t, _ in modules) / total:.0f}%: "
                  + ", ".join(f"{m} {100 * t / total:.0f}%" for t, m in modules[:5]), flush=True)
            for seconds, where in per_function[:args.top]:
                print(f"    {100 * seconds / total:5.1f}%  {where}")


if __name__ == "__main__":
    main()
