"""A sixth game from another package: registered by an entry point, it needs no edit in explorer/.

The toy game (tests/core/toy_pig.py, the template of docs/adding_a_game.md) is "installed" here as a
package of its own: a ``.dist-info`` folder whose ``entry_points.txt`` names it in the
``rules_explorer.games`` group, on ``PYTHONPATH`` beside the module. Then, in fresh processes that
never call ``register_game``: the conformance suite passes on it, the advisor ranks its options, and
the simulation lab plays it on worker processes (which find it the same way).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent


@pytest.fixture(scope="module")
def installed_toy(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment in which the toy game is an installed package with an entry point."""
    site = tmp_path_factory.mktemp("site")
    info = site / "toy_pig_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-pig-game\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[rules_explorer.games]\ntoy_pig = toy_pig:Pig\n", encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(TESTS / "core"), str(REPO)])
    env["RULES_EXPLORER_TOY_FROM_ENTRY_POINT"] = "1"
    return env


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], env=env, cwd=REPO, capture_output=True, text=True, timeout=300)


def test_the_registry_lists_a_game_its_entry_point_names(installed_toy: dict[str, str]) -> None:
    done = run(installed_toy, "-c", "import explorer; print(explorer.games())")
    assert done.returncode == 0, done.stderr
    assert "'toy_pig'" in done.stdout


def test_a_game_from_an_entry_point_passes_the_conformance_suite(installed_toy: dict[str, str]) -> None:
    done = run(installed_toy, "-m", "pytest", "tests/test_conformance.py", "-k", "toy_pig", "-q",
               "-p", "no:cacheprovider", "-p", "no:xdist")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "toy_pig" not in done.stdout.split("short test summary")[-1]


ADVISE_AND_SIMULATE = """
import explorer
from explorer.core.policies import policy_names
from explorer.sim import simulate

game = explorer.load_game("toy_pig")
match = explorer.Match(game, seed=4)
while match.state.is_chance():
    match.step()
advice = explorer.advise(match.state, rollouts=16, policy="random", seed=1)
print("options", len(advice.rows), "hidden", advice.hidden, "policies", policy_names(game))
result = simulate("toy_pig", policies="random", games=6, seed=0, backend="processes", workers=1)
print("games", len(result.records))
"""


def test_the_advisor_and_the_lab_take_a_game_from_an_entry_point(installed_toy: dict[str, str]) -> None:
    done = run(installed_toy, "-c", ADVISE_AND_SIMULATE)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "options 2 hidden nothing is hidden: the die is rolled at every chance node" in done.stdout
    assert "policies ('random', 'advisor')" in done.stdout
    assert "games 6" in done.stdout
