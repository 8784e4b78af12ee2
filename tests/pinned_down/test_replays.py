"""Issue 21: the faster engine plays every recorded seed exactly as the engine before it did.

``replays.json`` was written by ``record_replays.py`` from commit 8c8e86c, before the speed-ups: 360 seeded
games (four rules versions, one to three players, the random and the heuristic policy). Each is played again
and must make the very same moves (so the same legal moves in the same order and the same chance outcomes
with the same probabilities) and end in the very same position (compared through its JSON's SHA-256).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import explorer

HERE = Path(__file__).resolve().parent
DATA: dict[str, Any] = json.loads((HERE / "replays.json").read_text())
_spec = importlib.util.spec_from_file_location("pd_record_replays", HERE / "record_replays.py")
assert _spec is not None and _spec.loader is not None
recorder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recorder)


def test_the_file_covers_every_rules_version_player_count_and_policy() -> None:
    """The recording is the recorder's full list of cases (360 games), in its order."""
    recorded = [(g["variant"], g["players"], g["policy"], g["seed"]) for g in DATA["games"]]
    assert recorded == recorder.cases()
    assert len(recorded) == 360


@pytest.mark.parametrize("variant", recorder.VARIANTS)
def test_every_recorded_game_replays_move_for_move(variant: str) -> None:
    """Same moves, same number of them, same end and same final position as before the speed-ups."""
    for g in (g for g in DATA["games"] if g["variant"] == variant):
        game = explorer.load_game("pinned_down", variant=variant)
        match = explorer.Match(game.initial_state(players=g["players"]), seed=g["seed"])
        steps = match.play(g["policy"], max_steps=5_000)
        moves = "\n".join(str(e.action) for e in match.entries)
        where = f"{variant}, {g['players']} player(s), {g['policy']} policy, seed {g['seed']}"
        assert steps == g["steps"], f"{where}: {steps} moves, recorded {g['steps']}"
        assert hashlib.sha256(moves.encode()).hexdigest() == g["moves_sha256"], f"{where}: the moves differ"
        assert match.state.is_terminal() == g["terminal"], where
        final = hashlib.sha256(match.state.to_json().encode()).hexdigest()
        assert final == g["final_sha256"], f"{where}: the final position differs"
