"""Full seeded games per second and steps per second, for every registered game and policy.

Run on demand (never a timing assert in tests: these machines are noisy):

    .venv/bin/python benchmarks/games.py [--games 50] [--game warps_edge]
"""

from __future__ import annotations

import argparse
import statistics
import time

import explorer
from explorer import Match


def run(game_id: str, policy: str, games: int, max_steps: int) -> tuple[float, float, int, float]:
    game = explorer.load_game(game_id)
    steps = 0
    finished = 0
    wins: list[float] = []
    start = time.perf_counter()
    for seed in range(games):
        match = Match(game, seed=seed)
        steps += match.play(policy, max_steps=max_steps)
        if match.state.is_terminal():
            finished += 1
            result = match.state.result()
            assert result is not None
            wins.append(result.returns[0])
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, finished, statistics.mean(wins) if wins else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--max-steps", type=int, default=20_000)
    parser.add_argument("--game", action="append", help="a game id (default: every registered game)")
    args = parser.parse_args()
    ids = args.game or list(explorer.games())
    print(f"{'game':<14} {'policy':<10} {'games/s':>9} {'steps/s':>10} {'finished':>9} {'P1 return':>10}")
    for game_id in ids:
        for policy in explorer.load_game(game_id).policies():
            gps, sps, finished, ret = run(game_id, policy, args.games, args.max_steps)
            print(f"{game_id:<14} {policy:<10} {gps:>9.1f} {sps:>10.0f} {finished:>5}/{args.games:<3} {ret:>10.2f}")


if __name__ == "__main__":
    main()
