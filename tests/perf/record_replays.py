"""Record the replays that guard the engine speed-ups (issue 13 §2): every move text and the final position.

For each configuration below, seeded games are played by a :class:`explorer.Match`
under the ``random`` policy with a step cap; the file keeps, per seed, the full
list of move texts (decisions and sampled chance outcomes alike), the number of
steps, whether the game ended, and the SHA-256 of the final state's
``to_json()``. ``tests/perf/test_replays_unchanged.py`` plays them again and
demands the very same moves and the very same final JSON: a faster engine that
changes a single rule outcome (a legal-action order, a probability, an effect)
fails it.

Run it only against an engine whose rules are known good (it was first run on
commit 36cb10d, before any speed-up edit)::

    .venv/bin/python tests/perf/record_replays.py            # writes tests/perf/replays.json

Configurations: Star Realms 2-player Standard and 4-player Hydra, 200 seeds each
capped at ``CAPPED_STEPS`` moves (the early and middle game: buys, allies,
scraps, bases) plus ``FULL_GAMES`` seeds each played to the end (late game,
destroyed bases, the winner); Warp's Edge standard, 200 seeds played to the end
(its games are short). Space Fleet Command and the Battle of Endor (issue 21's
speed-ups): 100 capped seeds and ``FULL_GAMES`` full games each, recorded on commit
8c8e86c, before those edits. Pinned Down keeps its own replays
(``tests/pinned_down/replays.json``).

``--config NAME`` records only the named configurations and keeps the others
already in the file, so a game's replays can be added from an older engine.

>>> sorted(CONFIGS)[:2]
['endor_standard', 'fleet_command_standard']
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

FORMAT = "rules-explorer/perf-replays"
VERSION = 1
POLICY = "random"
CAPPED_STEPS = 300
FULL_STEPS = 20_000
FULL_GAMES = 10
FULL_SEED_BASE = 10_000
"""Seeds of the full games start here, apart from the capped ones."""

CONFIGS: dict[str, dict[str, Any]] = {
    "star_realms_standard_2p": {"game": "star_realms", "setup": {},
                                "capped": (200, CAPPED_STEPS), "full": (FULL_GAMES, FULL_STEPS)},
    "star_realms_hydra_4p": {"game": "star_realms", "setup": {"players": 4, "format": "hydra"},
                             "capped": (200, CAPPED_STEPS), "full": (FULL_GAMES, FULL_STEPS)},
    "warps_edge_standard": {"game": "warps_edge", "setup": {},
                            "capped": (0, 0), "full": (200, FULL_STEPS)},
    "fleet_command_standard": {"game": "fleet_command", "setup": {},
                               "capped": (100, CAPPED_STEPS), "full": (FULL_GAMES, FULL_STEPS)},
    "endor_standard": {"game": "endor", "setup": {},
                       "capped": (100, CAPPED_STEPS), "full": (FULL_GAMES, FULL_STEPS)},
}
HERE = Path(__file__).resolve().parent
OUT = HERE / "replays.json"


def seeds(config: dict[str, Any]) -> list[tuple[int, int]]:
    """``(seed, max_steps)`` of every recorded game of ``config``: capped seeds 0.., then full seeds."""
    capped, cap = config["capped"]
    full, full_cap = config["full"]
    return [(s, cap) for s in range(capped)] + [(FULL_SEED_BASE + s, full_cap) for s in range(full)]


def play(config: dict[str, Any], seed: int, max_steps: int) -> dict[str, Any]:
    """One seeded game: its move texts, step count, whether it ended, and the final JSON's SHA-256."""
    import explorer

    game = explorer.load_game(config["game"])
    match = explorer.Match(game.initial_state(**config["setup"]), seed=seed)  # type: ignore[attr-defined]
    steps = match.play(POLICY, max_steps=max_steps)
    return {
        "seed": seed,
        "max_steps": max_steps,
        "steps": steps,
        "terminal": match.state.is_terminal(),
        "final_sha256": hashlib.sha256(match.state.to_json().encode()).hexdigest(),
        "moves": [str(e.action) for e in match.entries],
    }


def record(names: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in names:
        config = CONFIGS[name]
        start = time.perf_counter()
        games = [play(config, seed, cap) for seed, cap in seeds(config)]
        print(f"{name}: {len(games)} games, {sum(g['steps'] for g in games)} steps, "
              f"{sum(g['terminal'] for g in games)} ended, {time.perf_counter() - start:.1f} s", file=sys.stderr)
        out[name] = {"game": config["game"], "setup": config["setup"], "games": games}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--config", action="append", choices=sorted(CONFIGS), help="default: all")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parents[1]))
    kept = {}
    if args.config and args.out.exists():
        kept = json.loads(args.out.read_text())["configs"]
    data = {
        "format": FORMAT,
        "version": VERSION,
        "about": "moves, steps, terminal and SHA-256 of the final to_json() per seed; "
                 "written by tests/perf/record_replays.py before the issue-13 (and, for Fleet Command and "
                 "Endor, issue-21) speed-ups",
        "policy": POLICY,
        "configs": {**kept, **record(args.config or sorted(CONFIGS))},
    }
    text = json.dumps(data, separators=(",", ":")).replace('{"seed"', '\n{"seed"')
    args.out.write_text(text + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
