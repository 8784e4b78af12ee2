"""One policy against another over many seeded games: win rate with a 95% interval, and speed.

The seats alternate with the seed, so neither policy always moves first. Run on demand:

    .venv/bin/python benchmarks/policy_match.py --game star_realms --a heuristic --b random --games 1000

Star Realms' issue asks the heuristic to beat random in at least 90% of 1,000 seeded games;
the figure is recorded in explorer/games/star_realms/RULES.md.
"""

from __future__ import annotations

import argparse
import math
import time

import explorer
from explorer import Match


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a success rate."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (centre - half, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="star_realms")
    parser.add_argument("--a", default="heuristic", help="the policy whose wins are counted")
    parser.add_argument("--b", default="random")
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    game = explorer.load_game(args.game)
    policies = game.policies()
    a, b = policies[args.a], policies[args.b]
    wins = draws = 0
    start = time.perf_counter()
    for seed in range(args.games):
        seat = seed % 2
        match = Match(game, seed=seed)
        match.play(lambda s, rng: (a if s.current_player == seat else b)(s, rng), max_steps=100_000)
        result = match.state.result()
        if result is None or not result.winners:
            draws += 1
        elif result.winners == (seat,):
            wins += 1
    elapsed = time.perf_counter() - start
    low, high = wilson(wins, args.games)
    print(f"{args.game}: {args.a} beat {args.b} in {wins} of {args.games} seeded games "
          f"({wins / args.games:.1%}, 95% interval {low:.1%}-{high:.1%}); {draws} draws or unfinished; "
          f"{args.games / elapsed:.1f} games/s")


if __name__ == "__main__":
    main()
