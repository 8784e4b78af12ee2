"""The rules core without numpy: the same games, the same odds, and saved matches that cross between the two.

A browser's Python (Pyodide, for the static site) has no numpy. docs/architecture.md's promise is that numpy only makes
the core faster: every seeded game, golden replay and exact answer is the same without it (issue 34, part 1).
These tests start Pythons in which ``import numpy`` fails (``tests/numpy_optional.py``'s blocker, switched on
by ``RULES_EXPLORER_WITHOUT_NUMPY=1``) and check that:

- the conformance suite, the golden and recorded replays and the odds tests pass there, unchanged;
- a match saved with numpy loads without it and goes on with the very same moves and draws, and back.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import explorer

TESTS = Path(__file__).resolve().parent
WITHOUT_NUMPY = {**os.environ, "RULES_EXPLORER_WITHOUT_NUMPY": "1"}

SUITE = [
    "test_conformance.py", "sim/test_golden_replays.py", "perf", "core",
    "odds/test_dist.py", "odds/test_sampling.py", "odds/test_limits.py", "odds/test_dist_errors.py",
    "odds/test_markov.py", "odds/test_dist_html.py", "odds/test_docs.py",
    "endor/test_odds.py", "endor/test_odds_shield_count.py", "pinned_down/test_odds.py",
    "star_realms/test_odds.py", "warps_edge/test_odds.py", "fleet_command/test_odds.py",
]
"""What runs again without numpy: the game surface, the replays of recorded seeded games, the odds engines."""


def _python_without_numpy(code: str) -> str:
    """Run ``code`` in a Python where ``import numpy`` fails; its standard output."""
    run = subprocess.run([sys.executable, "-c", "import numpy_optional\n" + code], cwd=TESTS, env=WITHOUT_NUMPY,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout


def test_the_blocker_makes_import_numpy_fail_as_in_a_browser() -> None:
    out = _python_without_numpy("import explorer.core.rng as r\n"
                                "try:\n    import numpy\nexcept ImportError as e:\n    print('refused', r.HAVE_NUMPY)")
    assert out.strip() == "refused False"


@pytest.mark.slow
def test_the_conformance_replay_and_odds_suites_pass_where_import_numpy_fails() -> None:
    run = subprocess.run([sys.executable, "-m", "pytest", *SUITE, "-q", "-p", "no:cacheprovider", "-x"], cwd=TESTS, env=WITHOUT_NUMPY, capture_output=True, text=True, timeout=1800)
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-2000:]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary


PLAY = """
import explorer, json, sys
saved = json.loads(sys.stdin.read())
out = {}
for game_id, text in saved.items():
    match = explorer.Match.from_json(text)
    match.play("random", max_steps=80)
    fresh = explorer.Match(explorer.load_game(game_id), seed=31)
    fresh.play("random", max_steps=60)
    out[game_id] = {"continued": match.to_json(), "log": list(match.log), "fresh": fresh.to_json()}
print(json.dumps(out))
"""


def test_a_match_saved_with_numpy_goes_on_without_it_move_for_move_and_back() -> None:
    saved, expected = {}, {}
    for game_id in explorer.games():
        match = explorer.Match(explorer.load_game(game_id), seed=17)
        match.play("random", max_steps=60)
        saved[game_id] = match.to_json()
        match.play("random", max_steps=80)
        expected[game_id] = match
    run = subprocess.run([sys.executable, "-c", "import numpy_optional\n" + PLAY], cwd=TESTS, env=WITHOUT_NUMPY,
                         input=json.dumps(saved), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    elsewhere = json.loads(run.stdout)
    for game_id, match in expected.items():
        assert elsewhere[game_id]["log"] == list(match.log), game_id
        assert elsewhere[game_id]["continued"] == match.to_json(), game_id
        # and back: a match begun without numpy loads here and is the game numpy plays from that seed
        mine = explorer.Match(explorer.load_game(game_id), seed=31)
        mine.play("random", max_steps=60)
        theirs = explorer.Match.from_json(elsewhere[game_id]["fresh"])
        assert theirs.to_json() == mine.to_json() and theirs.state == mine.state, game_id
