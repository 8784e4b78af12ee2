"""Shared fixtures: the toy game, registered only while a test uses it."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "core"))

import numpy_optional  # noqa: E402,F401  # first: the run without numpy refuses it before anything imports it

from explorer.core import game as game_module  # noqa: E402


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make ``load_game("toy_pig")`` work for one test without touching the real registry."""
    monkeypatch.setitem(game_module._REGISTRY, "toy_pig", "toy_pig:Pig")
    yield
