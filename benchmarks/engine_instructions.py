"""Instructions per engine step, counted by valgrind's callgrind: a speed figure that load on the machine cannot move.

CPU seconds on a shared machine drift by a quarter from one minute to the next (other
tenants, a busy sibling core); the number of instructions a step executes does not. This
plays seeded games (the random policy, or ``--policy heuristic``) in a ``Match`` under ``valgrind --tool=callgrind`` twice, once with
no counted games and once with ``--games``, both after the same ``--warm`` warm-up games (so
the remembered chance nodes and moves are as warm as in a long simulation), and prints the
difference per step. ``--root`` points at another checkout (a worktree of an older commit) to
compare engines move for move on the very same seeds::

    git worktree add /tmp/before e15ab2f^
    .venv/bin/python benchmarks/engine_instructions.py --root /tmp/before --root .

Fewer instructions is not the same as less time (memory traffic differs), so the README
gives both this figure and CPU steps per second (``benchmarks/games.py``). Needs valgrind;
without it the script says so and stops.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GAMES = ("star_realms", "warps_edge", "endor", "fleet_command", "pinned_down")

PLAYER = """
import sys
sys.path.insert(0, sys.argv[1])
import explorer
from explorer import Match
game = explorer.load_game(sys.argv[2])
games, warm, policy = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
for seed in range(10_000, 10_000 + warm):
    Match(game, seed=seed).play(policy, max_steps=20_000)
print("steps", sum(Match(game, seed=seed).play(policy, max_steps=20_000) for seed in range(games)))
"""


def count(root: Path, game_id: str, games: int, warm: int, policy: str = "random") -> tuple[int, int]:
    """``(instructions, steps)`` of ``games`` seeded games of ``game_id`` (``policy`` for every seat) played by
    the engine in ``root``."""
    found = []
    for n in (0, games):
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", PLAYER,
             str(root), game_id, str(n), str(warm), policy],
            capture_output=True, text=True, check=True, cwd=root,
            env={**os.environ, "PYTHONHASHSEED": "0"})  # string hashing (dict probing) the same in every run
        collected = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
        steps = re.search(r"^steps (\d+)", run.stdout, re.MULTILINE)
        if not collected or not steps:
            raise RuntimeError(f"callgrind printed no count for {game_id} in {root}:\n{run.stderr[-2000:]}")
        found.append((int(collected.group(1)), int(steps.group(1))))
    (base, _), (total, steps) = found
    return total - base, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", action="append", type=Path,
                        help="a checkout whose engine to measure (give it twice to compare; default: this one)")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: every game")
    parser.add_argument("--games", type=int, default=2, help="counted games per game (default 2)")
    parser.add_argument("--warm", type=int, default=2, help="warm-up games before counting (default 2)")
    parser.add_argument("--policy", default="random", help="the policy of every seat: random (default), heuristic")
    args = parser.parse_args()
    if args.games < 1 or args.warm < 0:
        parser.error(f"--games must be at least 1 and --warm at least 0, got {args.games} and {args.warm}")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts (CPU figures: benchmarks/games.py)")
        return
    roots = [r.resolve() for r in (args.root or [REPO])]
    for root in roots:
        if not (root / "explorer" / "__init__.py").is_file():
            parser.error(f"--root {root}: no explorer/ package there (a checkout of this project is expected)")
    print(f"{'game':<12} {'root':<40} {'steps':>7} {'instructions/step':>18}")
    for game_id in args.game or GAMES:
        per_step = []
        for root in roots:
            instructions, steps = count(root, game_id, args.games, args.warm, args.policy)
            per_step.append(instructions / steps)
            print(f"{game_id:<12} {str(root)[-40:]:<40} {steps:>7} {per_step[-1]:>18,.0f}")
        if len(per_step) > 1:
            print(f"{game_id:<12} first / last: {per_step[0] / per_step[-1]:.2f}x fewer instructions per step")


if __name__ == "__main__":
    main()
