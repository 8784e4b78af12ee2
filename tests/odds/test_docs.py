"""Every ``>>>`` example in ``explorer.odds`` runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import explorer.odds

MODULES = ["explorer.odds"] + [f"explorer.odds.{m.name}" for m in pkgutil.iter_modules(explorer.odds.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0, f"{name} has no examples"


def test_every_public_entry_point_has_an_example() -> None:
    for name in explorer.odds.__all__:
        obj = getattr(explorer.odds, name)
        assert obj.__doc__ and ">>>" in obj.__doc__, name


def test_the_engine_needs_only_the_standard_library() -> None:
    # docs/architecture.md: explorer/ needs the standard library only (numpy, when present, only makes it faster)
    code = (
        "import sys, numpy_optional\n"
        "before = set(sys.modules)\n"
        "import explorer, explorer.odds\n"
        "explorer.odds.dice_pool(5, hit_on=3).at_least(4)\n"
        "explorer.Match(explorer.load_game('star_realms'), seed=1).play('random', max_steps=40)\n"
        "print(sorted({m.split('.')[0] for m in set(sys.modules) - before} - set(sys.stdlib_module_names) - {'explorer'}))"
    )
    tests = str(Path(__file__).resolve().parents[1])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tests,
                         env={**os.environ, "RULES_EXPLORER_WITHOUT_NUMPY": "1"}).stdout
    assert out.strip() == "[]"
