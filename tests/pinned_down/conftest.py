"""Shared helpers for the Pinned Down tests: the game, positions in the players' words, stepping by text."""

from __future__ import annotations

import pytest

import explorer



@pytest.fixture(scope="session")
def game() -> explorer.Game:
    return explorer.load_game("pinned_down")


def at_main(game: explorer.Game, seed: int = 1) -> explorer.State:
    """A new game stepped through setup with a seeded match, at the first main phase."""
    m = explorer.Match(game, seed=seed)
    while m.state.is_chance():
        m.step()
    return m.state


def fleet(flagship: str = "TRB Ardor", **zones: object) -> dict:
    return {"flagship": flagship, **zones}
