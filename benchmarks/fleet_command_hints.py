"""How long a Space Fleet Command hint and a review take, at the panels' own settings (issue 37 item 6).

Three questions, each asked as the Advice and Review pages ask them (:func:`explorer.advisor.runners.advise_rounds`
and :func:`explorer.advisor.review.review_rounds`, seed 0):

1. **The opening hint**: the panel's opening position (``start_at_movement``, seed 1: round 1's Movement
   Phase, 17 options), 100 rollouts per option (the Advice page's default).
2. **A review**: from that opening, the heuristic plays on (seed 1) for ``--moves`` steps, and the review reads
   Player 1's last 10 decisions at 24 rollouts per option (the Review page's defaults).
3. ``--placement`` adds the game's very first decision (placing the first ship: 96 options), 100 rollouts.

Each is timed on the chosen backends (``local``: this thread; ``processes``: the kept pool, one worker per core,
started before the clock as it stays started between hints), wall clock and this process's CPU time, the median
of ``--repeat`` runs. The rollouts' values do not depend on the backend, so each line also prints the best option
and its win chance: the same on every backend::

    .venv/bin/python benchmarks/fleet_command_hints.py                        # both backends, one run each
    .venv/bin/python benchmarks/fleet_command_hints.py --backend processes --repeat 3 --placement
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import explorer
from explorer.advisor.review import review_rounds
from explorer.advisor.runners import advise_rounds, shutdown_pools
from explorer.core.match import Match

HINT_ROLLOUTS = 100
REVIEW_ROLLOUTS, REVIEW_DECISIONS = 24, 10


def opening() -> Match:
    """The Fleet Command panel's opening match (seed 1), at round 1's Movement Phase."""
    from widgets.fleet_command.panel import start_at_movement

    return start_at_movement(explorer.load_game("fleet_command"), 1)


def played(moves: int) -> Match:
    """The opening played on by the heuristic for ``moves`` steps (seed 1), for the review."""
    match = opening()
    match.play("heuristic", max_steps=moves)
    return match


def time_hint(state: explorer.State, backend: str) -> tuple[float, float, str]:
    wall, cpu = time.perf_counter(), time.process_time()
    advice = [a for a in advise_rounds(state, rollouts=HINT_ROLLOUTS, seed=0, backend=backend) if a is not None][-1]
    what = (f"{len(advice.rows)} options, {advice.total_rollouts} rollouts, best {advice.best.text!r} "
            f"{100 * advice.best.win:.1f}%")
    return time.perf_counter() - wall, time.process_time() - cpu, what


def time_review(match: Match, backend: str) -> tuple[float, float, str]:
    from widgets.common.review_view import recent_match

    part, offset = recent_match(match, REVIEW_DECISIONS, 0)
    wall, cpu = time.perf_counter(), time.process_time()
    moves = [m for m in review_rounds(part, 0, rollouts=REVIEW_ROLLOUTS, seed=offset, backend=backend, hints=())
             if m is not None]
    what = f"{len(moves)} decisions, marks {''.join(m.mark or '.' for m in moves)}"
    return time.perf_counter() - wall, time.process_time() - cpu, what


def advise_rounds_done(state: explorer.State, backend: str) -> None:
    """A two-rollout hint: starts the processes backend's pool, which stays started between hints."""
    for _ in advise_rounds(state, rollouts=2, seed=0, backend=backend):
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("local", "processes", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--moves", type=int, default=60, help="heuristic steps played before the review")
    parser.add_argument("--placement", action="store_true", help="also the first placement (96 options)")
    parser.add_argument("--skip-review", action="store_true")
    args = parser.parse_args()
    backends = ("local", "processes") if args.backend == "both" else (args.backend,)
    questions = [("opening hint (100 rollouts)", lambda b: time_hint(opening().state, b))]
    if not args.skip_review:
        match = played(args.moves)
        questions.append((f"review of 10 decisions ({REVIEW_ROLLOUTS} rollouts)", lambda b: time_review(match, b)))
    if args.placement:
        first = Match(explorer.load_game("fleet_command"), seed=0).state
        questions.append(("first placement (100 rollouts)", lambda b: time_hint(first, b)))
    for backend in backends:
        if backend == "processes":  # the pool is kept between hints: started before the clock
            advise_rounds_done(opening().state, backend)
        for name, ask in questions:
            runs = [ask(backend) for _ in range(args.repeat)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            print(f"{backend:9s} {name:40s} {wall:6.1f} s wall  {cpu:6.1f} s cpu here  ({runs[0][2]})", flush=True)
    shutdown_pools()


if __name__ == "__main__":
    main()
