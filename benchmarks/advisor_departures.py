"""How often the advisor leaves the heuristic's move, and what each departure is worth.

The advisor (``advisor_policy(rollouts=R)``) plays the heuristic's own move unless its hint shows another
option better with 95% confidence. With few rollouts that is rare, and an advisor that never leaves the
heuristic's move plays the heuristic's game: a strength run of hundreds of games would only measure 50%.
This looks before such a run is started. On ``--positions`` seeded mid-game decisions per game (the
positions of ``benchmarks/advisor.py``), for each rollout count asked for, it counts the decisions where
the advisor plays another move, and rolls the two moves out ``--check`` more times each on fresh seeds
(paired, every seat then played by the heuristic) to say what the departure gains in the deciding seat's
win chance, with its 95% interval::

    .venv/bin/python benchmarks/advisor_departures.py --only fleet_command --rollouts 4 8 16
    .venv/bin/python benchmarks/advisor_departures.py --only endor star_realms --positions 40 --rollouts 4 16

A line per departure, then a summary per game and rollout count (departures, mean gain in points, seconds).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from advisor import positions

import explorer
from explorer.advisor import advisor_policy
from explorer.advisor.racing import paired_difference
from explorer.advisor.rollout import Job, play_range

CHECK_SEED = 12_345
"""Seeds of the checking rollouts start here (apart from the advisor's own, which come from 0, 1, ...)."""


def departures(game_id: str, count: int, rollouts: int, check: int, seed: int, challengers: bool = False) -> str:
    """The departures of ``advisor(rollouts)`` from the heuristic on ``count`` positions, one line each and a summary."""
    advisor = advisor_policy(rollouts=rollouts, challengers=challengers)
    began = time.perf_counter()
    states = positions(game_id, count, seed)
    lines, gains = [], []
    for i, state in enumerate(states):
        drawn = int(np.random.default_rng(i).integers(0, 2**63 - 1))  # what the advisor draws from this generator
        own = advisor.policy_move(state, drawn)
        chosen = advisor(state, np.random.default_rng(i))
        if chosen == own:
            continue
        actions = state.legal_actions()
        job = Job(state, state.current_player, "heuristic", CHECK_SEED + i)
        mine, theirs = play_range(job, actions.index(chosen), 0, check), play_range(job, actions.index(own), 0, check)
        gain, low, high = paired_difference(mine, theirs)
        gains.append(gain)
        lines.append(f"  position {i}: {own} -> {chosen}: {100 * gain:+.1f} points ({100 * low:+.1f} to "
                     f"{100 * high:+.1f}; the heuristic's move wins {statistics.mean(theirs):.0%})")
    mean = f"{100 * statistics.mean(gains):+.1f} points each" if gains else "no departure to weigh"
    lines.append(f"{game_id} {advisor.name}: leaves the heuristic's move in {len(gains)} of {len(states)} "
                 f"decisions, {mean} ({check} paired rollouts; {time.perf_counter() - began:.0f} s)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", default=list(explorer.games()), help="game ids (default: all)")
    parser.add_argument("--positions", type=int, default=40, help="mid-game decisions per game (default 40)")
    parser.add_argument("--rollouts", type=int, nargs="*", default=[4, 8, 16],
                        help="the advisor's rollouts per option, one or more (default 4 8 16)")
    parser.add_argument("--check", type=int, default=300, help="paired rollouts weighing a departure (default 300)")
    parser.add_argument("--seed", type=int, default=501, help="seed of the positions (default 501)")
    parser.add_argument("--challengers", action="store_true",
                        help="the advisor with challengers (advisor_policy(challengers=True)): each other option "
                             "plays only while it could still beat the heuristic's move")
    args = parser.parse_args(argv)
    unknown = [g for g in args.only if g not in explorer.games()]
    if unknown:
        raise SystemExit(f"unknown game {', '.join(unknown)}; games: {', '.join(explorer.games())}")
    for name, value in (("positions", args.positions), ("check", args.check), *(("rollouts", r) for r in args.rollouts)):
        if value < 1:
            raise SystemExit(f"--{name} must be a whole number of at least 1, got {value}")
    for game_id in args.only:
        for rollouts in args.rollouts:
            print(departures(game_id, args.positions, rollouts, args.check, args.seed, args.challengers), flush=True)


if __name__ == "__main__":
    main()
