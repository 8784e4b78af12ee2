"""Record (or check) golden replays: seeded random games per landed game, final-state hash and step count.

The safety net for engine speed-ups: a faster engine must play every recorded
seed to the very same final position (the SHA-256 of ``state.to_json()``) in
the very same number of steps. ``tests/sim/test_golden_replays.py`` replays the
file written here.

Record against a clean checkout of the committed engine, never a tree with
rules edits in progress::

    git worktree add /tmp/head HEAD
    .venv/bin/python benchmarks/record_replays.py --root /tmp/head --out tests/sim/golden_replays.json
    git worktree remove /tmp/head

An intended rules change re-records the same way (from the commit that carries
it) and says so in its commit message. ``--check FILE`` replays a file against
``--root`` and prints every mismatch instead of writing.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

FORMAT = "rules-explorer/golden-replays"
VERSION = 1
LANDED_GAMES = ("star_realms", "warps_edge")
POLICY = "random"
MAX_STEPS = 100_000
REPO = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=8)
def _game(game_id: str, variant: str | None) -> object:
    import explorer

    return explorer.load_game(game_id, variant=variant)


def replay(game_id: str, seed: int, *, variant: str | None = None, setup: dict[str, Any] | None = None,
           policy: str = POLICY, max_steps: int = MAX_STEPS) -> tuple[int, str, bool]:
    """Play seed ``seed`` with ``policy``: (steps made, SHA-256 of the final state's JSON, finished?)."""
    import explorer

    game = _game(game_id, variant)
    match = explorer.Match(game.initial_state(**(setup or {})), seed=seed)  # type: ignore[attr-defined]
    steps = match.play(policy, max_steps=max_steps)
    digest = hashlib.sha256(match.state.to_json().encode()).hexdigest()
    return steps, digest, match.state.is_terminal()


def record(game_ids: tuple[str, ...], games: int) -> dict[str, Any]:
    """The golden file's content: for each game, ``[seed, steps, sha256, finished]`` per seed 0..games-1."""
    import explorer

    out: dict[str, Any] = {}
    for game_id in game_ids:
        game = explorer.load_game(game_id)
        start = time.perf_counter()
        rows = [[seed, *replay(game_id, seed)] for seed in range(games)]
        print(f"{game_id}: {games} games in {time.perf_counter() - start:.1f} s, "
              f"{sum(r[1] for r in rows)} steps, {sum(r[3] for r in rows)} finished", file=sys.stderr)
        out[game_id] = {"variant": game.variant, "setup": {}, "replays": rows}
    return out


def _git(root: Path, *args: str) -> str:
    try:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def check(data: dict[str, Any], limit: int | None = None) -> list[str]:
    """Every recorded game that no longer replays the same, as sentences (empty: all match)."""
    problems = []
    for game_id, entry in data["games"].items():
        for seed, steps, digest, finished in entry["replays"][:limit]:
            got = replay(game_id, seed, variant=entry["variant"], setup=entry["setup"],
                         policy=data["policy"], max_steps=data["max_steps"])
            if got != (steps, digest, finished):
                problems.append(f"{game_id} seed {seed}: recorded {steps} steps {digest[:12]} finished={finished}, "
                                f"now {got[0]} steps {got[1][:12]} finished={got[2]}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout whose engine plays (default: this one)")
    parser.add_argument("--games", type=int, default=200, help="seeds 0..N-1 per game (default 200)")
    parser.add_argument("--game", action="append", choices=LANDED_GAMES, help="default: every landed game")
    parser.add_argument("--out", type=Path, default=REPO / "tests" / "sim" / "golden_replays.json")
    parser.add_argument("--check", type=Path, help="replay this golden file instead of recording")
    args = parser.parse_args()
    if not (args.root / "explorer" / "__init__.py").is_file():
        parser.error(f"--root {args.root} holds no explorer package")
    if not 1 <= args.games <= 100_000:
        parser.error(f"--games must be from 1 to 100000, got {args.games}")
    sys.path.insert(0, str(args.root.resolve()))
    import explorer

    if Path(explorer.__file__).resolve().parents[1] != args.root.resolve():
        sys.exit(f"explorer was imported from {explorer.__file__}, not from --root {args.root}")
    if args.check:
        problems = check(json.loads(args.check.read_text()))
        print("\n".join(problems) or "every recorded game replays the same")
        sys.exit(1 if problems else 0)
    dirty = _git(args.root, "status", "--porcelain", "--", "explorer")
    data = {
        "format": FORMAT,
        "version": VERSION,
        "about": "seed, steps, SHA-256 of the final state's to_json(), finished; written by benchmarks/record_replays.py",
        "recorded_from": _git(args.root, "rev-parse", "HEAD") + (" (with uncommitted engine edits)" if dirty else ""),
        "policy": POLICY,
        "max_steps": MAX_STEPS,
        "games": record(tuple(args.game or LANDED_GAMES), args.games),
    }
    args.out.write_text(json.dumps(data, indent=None, separators=(",", ":")).replace('],[', '],\n[') + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
