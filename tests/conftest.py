"""Shared fixtures: the toy game, registered only while a test uses it."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "core"))

from tests import numpy_optional  # noqa: E402,F401  # first: the run without numpy refuses it before anything imports it

from explorer.core.registry import register_game, unregister_game


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """Make ``load_game("toy_pig")`` work for one test; the registry forgets it afterwards.

    Under ``RULES_EXPLORER_TOY_FROM_ENTRY_POINT=1`` (tests/core/test_game_from_entry_point.py) the toy
    game must already be there, found through its package's entry point, and is left as it is.
    """
    if os.environ.get("RULES_EXPLORER_TOY_FROM_ENTRY_POINT") == "1":
        import explorer

        assert "toy_pig" in explorer.games(), "the toy game's entry point was not found"
        yield
        return
    register_game("toy_pig", "toy_pig:Pig")
    try:
        yield
    finally:
        unregister_game("toy_pig")
