"""Golden replay: a seeded 2-player Star Realms game, played by the heuristic policy to the end.

``golden/two_player_seed_2026.json`` holds ``{"match": Match.to_dict(), "final": state.to_dict()}``.
The test replays the saved log with ``Match.from_json`` and compares the final state
exactly, so any change to the rules that alters this game shows up here.

When a rules change is deliberate, regenerate the file and review the diff::

    .venv/bin/python tests/star_realms/test_golden_replay.py --regenerate
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import explorer
from explorer import Match

GOLDEN = Path(__file__).with_name("golden") / "two_player_seed_2026.json"
SEED = 2026


def play() -> Match:
    """The game the golden file records: seed 2026, heuristic policy for both players, to the end."""
    match = Match(explorer.load_game("star_realms"), seed=SEED)
    match.play("heuristic", max_steps=100_000)
    assert match.state.is_terminal()
    return match


def regenerate() -> None:
    match = play()
    data = {"match": match.to_dict(), "final": match.state.to_dict()}
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}: {len(match.entries)} moves, {match.state.result()}")


def test_saved_game_replays_to_the_same_final_state() -> None:
    data = json.loads(GOLDEN.read_text())
    match = Match.from_json(json.dumps(data["match"]))
    assert match.state.is_terminal()
    assert match.state.to_dict() == data["final"]


def test_playing_again_with_the_seed_gives_the_same_log() -> None:
    data = json.loads(GOLDEN.read_text())
    assert [e["action"] for e in play().to_dict()["log"]] == [e["action"] for e in data["match"]["log"]]


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
    else:
        print(__doc__)
