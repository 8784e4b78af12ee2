"""What the rules core costs without numpy: the same work timed with numpy's generator and with the pure one.

Run on demand (never a timing assert in tests: these machines are noisy):

    .venv/bin/python benchmarks/pure_python.py [--games 20] [--repeat 3]

Each line plays the same seeded random games (or asks the same sampled odds question) twice in fresh Python
processes: once as an ordinary install does (numpy's ``Generator(PCG64)``), once where ``import numpy``
fails, as in the browser (``explorer.core.pcg64``). Both give the same games; the ratio says what the
static site's visitors pay in time. Each figure is the best of ``--repeat`` runs of this process's CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"

WORK = """
import time, json, explorer
from explorer.odds import Dist
from explorer.core.rng import HAVE_NUMPY, new_generator
task, n = {task!r}, {n}
start = time.process_time()
if task == "sample":
    d = Dist({{k: k + 1 for k in range(40)}})
    for seed in range(n):
        d.sample(new_generator(seed), 10_000)
else:
    game = explorer.load_game(task)
    for seed in range(n):
        explorer.Match(game, seed=seed).play("random", max_steps=3000)
print(json.dumps([HAVE_NUMPY, time.process_time() - start]))
"""


def timed(task: str, n: int, without_numpy: bool) -> float:
    """CPU seconds of ``task`` (a game id, or ``"sample"``) in a fresh Python, with or without numpy."""
    env = {**os.environ, "RULES_EXPLORER_WITHOUT_NUMPY": "1" if without_numpy else "0"}
    run = subprocess.run([sys.executable, "-c", "import numpy_optional\n" + WORK.format(task=task, n=n)],
                         cwd=TESTS, env=env, capture_output=True, text=True, check=True)
    have_numpy, seconds = json.loads(run.stdout)
    assert have_numpy is not without_numpy, "the run did not use the generator it was asked to"
    return float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="seeded random games per line (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is printed (default 3)")
    args = parser.parse_args()
    import explorer

    print(f"{'work':<34} {'numpy s':>8} {'pure s':>8} {'pure/numpy':>10}")
    tasks = [(g, f"{args.games} random games of {g}", args.games) for g in explorer.games()]
    tasks.append(("sample", "Dist.sample 10,000 x 20 seeds", 20))
    for task, label, n in tasks:
        with_numpy = min(timed(task, n, False) for _ in range(args.repeat))
        pure = min(timed(task, n, True) for _ in range(args.repeat))
        print(f"{label:<34} {with_numpy:>8.2f} {pure:>8.2f} {pure / with_numpy:>9.2f}x")


if __name__ == "__main__":
    main()
