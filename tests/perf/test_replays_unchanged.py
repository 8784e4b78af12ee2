"""Issue 13 §2: a faster engine plays every recorded seed exactly as the engine before the speed-ups did.

``tests/perf/replays.json`` was written by ``tests/perf/record_replays.py`` from
the committed engines before any speed-up edit (commit 36cb10d). Each game is
played again with the same seed under the ``random`` policy and must give the
very same move texts (so the same legal actions in the same order, the same
chance outcomes with the same probabilities) and the very same final JSON
(compared through its SHA-256).

By default every recorded game is replayed: 200 seeds per configuration (Star
Realms capped at 300 moves, plus 10 full Star Realms games per format; Warp's
Edge games played to the end), about 170,000 steps, some 25 s on the loaded
2-core build machine with the faster engines. ``PERF_REPLAY_GAMES=N`` replays a
sample for a quick check while editing: the first N capped games and the first
4 full games of each Star Realms configuration, and every Warp's Edge game.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("perf_record_replays", HERE / "record_replays.py")
assert _spec is not None and _spec.loader is not None
recorder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recorder)

DATA: dict[str, Any] = json.loads((HERE / "replays.json").read_text())
WANTED = os.environ.get("PERF_REPLAY_GAMES", "all")
DEFAULT_FULL_GAMES = 4


def _sample(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if WANTED == "all":
        return games
    if not WANTED.isdigit():
        raise ValueError(f"PERF_REPLAY_GAMES is 'all' or a whole number of games, got {WANTED!r}")
    capped = [g for g in games if g["seed"] < recorder.FULL_SEED_BASE]
    full = [g for g in games if g["seed"] >= recorder.FULL_SEED_BASE]
    if not capped:  # Warp's Edge: every game is short and played to the end
        return full
    return capped[: int(WANTED)] + full[:DEFAULT_FULL_GAMES]


def _first_difference(recorded: list[str], now: list[str]) -> str:
    for i, (a, b) in enumerate(zip(recorded, now)):
        if a != b:
            return f"move {i + 1}: recorded {a!r}, now {b!r}"
    return f"recorded {len(recorded)} moves, now {len(now)}"


def test_the_file_covers_every_seed_of_each_configuration() -> None:
    """Issue 13's brief: 200 seeded games per configuration (Star Realms also keeps some full games);
    Fleet Command and Endor, added for issue 21, 100 capped and 10 full games each."""
    assert DATA["format"] == recorder.FORMAT and DATA["policy"] == "random"
    assert sorted(DATA["configs"]) == sorted(recorder.CONFIGS)
    for name, entry in DATA["configs"].items():
        assert [g["seed"] for g in entry["games"]] == [s for s, _ in recorder.seeds(recorder.CONFIGS[name])], name
        assert all(len(g["moves"]) == g["steps"] for g in entry["games"]), name


@pytest.mark.parametrize("name", sorted(recorder.CONFIGS))
def test_recorded_games_replay_move_for_move(name: str) -> None:
    """Same seed, same policy: the same moves in the same order and the same final position JSON."""
    entry = DATA["configs"][name]
    config = recorder.CONFIGS[name]
    assert entry["setup"] == config["setup"]
    problems = []
    for game in _sample(entry["games"]):
        now = recorder.play(config, game["seed"], game["max_steps"])
        if now["moves"] != game["moves"]:
            problems.append(f"seed {game['seed']}: {_first_difference(game['moves'], now['moves'])}")
        elif now["final_sha256"] != game["final_sha256"] or now["terminal"] != game["terminal"]:
            problems.append(f"seed {game['seed']}: same moves but the final state differs "
                            f"(sha {now['final_sha256'][:12]} vs {game['final_sha256'][:12]})")
        if len(problems) >= 5:
            break
    assert not problems, f"{name}: " + "; ".join(problems)


def test_final_hash_is_of_the_state_json() -> None:
    """The recorded digest is the SHA-256 of ``state.to_json()`` (so a JSON change shows too)."""
    import explorer

    state = explorer.load_game("warps_edge").initial_state()
    game = recorder.play(recorder.CONFIGS["warps_edge_standard"], 0, 0)
    assert game["moves"] == [] and game["final_sha256"] == hashlib.sha256(state.to_json().encode()).hexdigest()
