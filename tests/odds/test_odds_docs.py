"""Every ``>>>`` example in ``explorer.odds`` runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys

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


def test_the_engine_needs_only_numpy_and_the_standard_library() -> None:
    code = (
        "import sys, explorer.odds; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'scipy', 'icepool', 'sympy', 'pandas'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
