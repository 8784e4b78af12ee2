"""Full seeded games per second and steps per second, for every registered game and policy.

Run on demand (never a timing assert in tests: these machines are noisy):

    .venv/bin/python benchmarks/games.py [--games 50] [--game warps_edge] [--policy random] [--repeat 3]

The machine is shared, so ``--repeat N`` plays each line N times and prints the best
(the least disturbed) run, and the last column counts steps per second of this
process's own CPU time, which other workers on the machine disturb far less.
Figures before and after the issue-13 engine speed-ups are in the README's
performance section.
"""

from __future__ import annotations

import argparse
import statistics
import time

import explorer
from explorer import Match


def run(game_id: str, policy: str, games: int, max_steps: int) -> tuple[float, float, int, float, float]:
    """``(games/s, steps/s, games finished, mean return of P1, steps per CPU second of this process)``."""
    game = explorer.load_game(game_id)
    steps = 0
    finished = 0
    wins: list[float] = []
    start = time.perf_counter()
    cpu_start = time.process_time()
    for seed in range(games):
        match = Match(game, seed=seed)
        steps += match.play(policy, max_steps=max_steps)
        if match.state.is_terminal():
            finished += 1
            result = match.state.result()
            assert result is not None
            wins.append(result.returns[0])
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return (games / elapsed, steps / elapsed, finished, statistics.mean(wins) if wins else float("nan"),
            steps / cpu if cpu else float("nan"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--max-steps", type=int, default=20_000)
    parser.add_argument("--game", action="append", help="a game id (default: every registered game)")
    parser.add_argument("--policy", action="append", help="a policy name (default: every policy of the game)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per line; the best is printed (default 1)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, got {args.repeat}")
    ids = args.game or list(explorer.games())
    print(f"{'game':<14} {'policy':<10} {'games/s':>9} {'steps/s':>10} {'finished':>9} {'P1 return':>10} "
          f"{'CPU steps/s':>12}")
    for game_id in ids:
        for policy in args.policy or explorer.load_game(game_id).policies():
            runs = [run(game_id, policy, args.games, args.max_steps) for _ in range(args.repeat)]
            gps, sps, finished, ret, cpu_sps = max(runs, key=lambda r: r[1])
            print(f"{game_id:<14} {policy:<10} {gps:>9.1f} {sps:>10.0f} {finished:>5}/{args.games:<3} {ret:>10.2f} "
                  f"{cpu_sps:>12.0f}")


if __name__ == "__main__":
    main()
