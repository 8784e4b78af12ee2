"""Record Pinned Down's seeded games (moves and final position) for ``test_replays.py``.

Issue 21 made the engine faster without changing a rule: every seeded game must replay move for move.
``replays.json`` was written by this script from the engine before that work (commit 8c8e86c)::

    cd <checkout at 8c8e86c> && PYTHONPATH=. python <this file> --out tests/pinned_down/replays.json

Each game is kept as its number of moves, whether it ended, and SHA-256 digests of its move texts and of its
final position's JSON (a few kilobytes for 360 games). Re-recording from a newer engine would only
compare that engine with itself: do it only when a rule is meant to change, and say so in the commit.

``--policy heuristic`` re-records only the games of that policy and keeps every other one as it is: the
heuristic's games record the policy, not the rules, so a better heuristic (issue 22 §4) changes them while
the random games still guard the rules::

    PYTHONPATH=. python tests/pinned_down/record_replays.py --policy heuristic
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "replays.json"
VARIANTS = ("rules_2015", "mercury1_2015", "digital_2021", "prototype_2011")
PLAYERS = (1, 2, 3)
SEEDS = {"random": 20, "heuristic": 10}
"""Seeds 0..n-1 per policy, for every rules version and player count: 360 games, some 16,000 moves."""


def play(variant: str, players: int, policy: str, seed: int) -> dict[str, Any]:
    """One seeded game: moves made, whether it ended, and the digests of its move texts and final JSON."""
    import explorer

    game = explorer.load_game("pinned_down", variant=variant)
    match = explorer.Match(game.initial_state(players=players), seed=seed)
    steps = match.play(policy, max_steps=5_000)
    moves = "\n".join(str(e.action) for e in match.entries)
    return {"variant": variant, "players": players, "policy": policy, "seed": seed, "steps": steps,
            "terminal": match.state.is_terminal(),
            "moves_sha256": hashlib.sha256(moves.encode()).hexdigest(),
            "final_sha256": hashlib.sha256(match.state.to_json().encode()).hexdigest()}


def cases() -> list[tuple[str, int, str, int]]:
    return [(v, n, policy, seed) for v in VARIANTS for n in PLAYERS for policy, count in SEEDS.items()
            for seed in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--policy", choices=sorted(SEEDS), default=None,
                        help="re-record only this policy's games, keeping the others from the file")
    args = parser.parse_args()
    about = ("Pinned Down seeded games before the issue-21 speed-ups (commit 8c8e86c); written by "
             "tests/pinned_down/record_replays.py")
    if args.policy is None:
        games = [play(*case) for case in cases()]
    else:
        old = json.loads(args.out.read_text())
        kept = {(g["variant"], g["players"], g["policy"], g["seed"]): g for g in old["games"]}
        games = [play(*case) if case[2] == args.policy else kept[case] for case in cases()]
        about = old["about"]
        note = f"; the {args.policy} games re-recorded after that policy changed (issue 22, part 4)"
        if note not in about:
            about += note
    data = {"about": about, "games": games}
    text = json.dumps(data, separators=(",", ":")).replace('{"variant"', '\n{"variant"')
    args.out.write_text(text + "\n")
    print(f"wrote {args.out}: {len(games)} games, {sum(g['steps'] for g in games)} moves", file=sys.stderr)


if __name__ == "__main__":
    main()
