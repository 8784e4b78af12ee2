"""Golden replays: seeded random games must end in the very same position after any engine change.

``golden_replays.json`` was recorded by ``benchmarks/record_replays.py`` from a
clean checkout of the committed engine (its ``recorded_from`` names the commit):
for 200 seeds per landed game, the step count and the SHA-256 of the final
state's JSON under the random policy. A speed-up must reproduce every one
(issue 13 §2). The default run replays an evenly spread sample per game, about
``STEP_BUDGET`` recorded steps' worth (about 200 Warp's Edge games, five of
Star Realms); ``SIM_GOLDEN_GAMES=200`` replays 200 of every game.

An *intended* rules change fails this test by design. Re-record from the
commit that carries the change, and say so in the commit message::

    git worktree add /tmp/head HEAD
    .venv/bin/python benchmarks/record_replays.py --root /tmp/head --out tests/sim/golden_replays.json
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.golden

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = json.loads((Path(__file__).with_name("golden_replays.json")).read_text())
SAMPLE = int(os.environ.get("SIM_GOLDEN_GAMES", "0"))  # 0: the step budget decides
STEP_BUDGET = 8_000
RERECORD = ("if this rules change is intended, re-record with benchmarks/record_replays.py "
            "(see this module's docstring)")


def _recorder():  # the recording script is the single source of how a golden game is played
    spec = importlib.util.spec_from_file_location("record_replays", ROOT / "benchmarks" / "record_replays.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RECORDER = _recorder()


def _sample(rows: list) -> list:
    if SAMPLE:
        return rows[:: max(1, len(rows) // SAMPLE)][:SAMPLE]
    total = sum(steps for _, steps, *_ in rows)
    wanted = max(5, min(len(rows), len(rows) * STEP_BUDGET // max(1, total)))
    return rows[:: max(1, len(rows) // wanted)][:wanted]


def test_the_golden_file_covers_200_seeds_of_every_landed_game() -> None:
    assert GOLDEN["format"] == "rules-explorer/golden-replays" and GOLDEN["policy"] == "random"
    assert {game: len(entry["replays"]) for game, entry in GOLDEN["games"].items()} == {
        "star_realms": 200, "warps_edge": 200}
    assert all(finished for entry in GOLDEN["games"].values() for *_, finished in entry["replays"])


@pytest.mark.parametrize("game_id", sorted(GOLDEN["games"]))
def test_seeded_random_games_replay_to_the_recorded_final_position(game_id: str) -> None:
    entry = GOLDEN["games"][game_id]
    mismatches = []
    for seed, steps, digest, finished in _sample(entry["replays"]):
        got = RECORDER.replay(game_id, seed, variant=entry["variant"], setup=entry["setup"],
                              policy=GOLDEN["policy"], max_steps=GOLDEN["max_steps"])
        if got != (steps, digest, finished):
            mismatches.append(f"seed {seed}: recorded {steps} steps {digest[:12]}, now {got[0]} steps {got[1][:12]}")
    assert not mismatches, f"{game_id} no longer replays as recorded at {GOLDEN['recorded_from'][:12]} " \
                           f"({len(mismatches)} seeds): {mismatches[:5]}; {RERECORD}"
