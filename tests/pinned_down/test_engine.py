"""The engine's shortcuts (issue 21) leave every position what it was: setups remembered, copies that forget.

A simulation starts thousands of games from the same setup and makes two or three positions a move; these
check that the faster ways give the values the plain ones gave and refuse what the plain ones refused.
"""

from __future__ import annotations

import dataclasses

import pytest

import explorer
from explorer.core import Deck
from explorer.games.pinned_down.cards import DataFileError


def test_the_same_setup_gives_the_same_position_as_a_fresh_game() -> None:
    """Setup (reference §2.4) is the same value every time: remembered, and equal to a new game's own."""
    game = explorer.load_game("pinned_down")
    first = game.initial_state(players=2)
    assert game.initial_state(players=2) is first
    assert game.initial_state(players=2, wings=["Blue", "Green"]) == first  # the defaults named
    fresh = type(game)().initial_state(players=2)
    assert fresh == first and fresh.position_text() == first.position_text()
    assert game.initial_state(players=3) != first


def test_a_refused_setup_is_refused_every_time() -> None:
    """A setup the rules do not allow is never remembered: asked again, it is refused again, saying why."""
    game = explorer.load_game("pinned_down")
    game.initial_state(players=1)
    for _ in range(2):
        with pytest.raises(DataFileError, match="1 to 3 players"):
            game.initial_state(players=4)
        with pytest.raises(DataFileError, match="different wings"):
            game.initial_state(players=2, wings=["Blue", "Blue"])
        with pytest.raises(DataFileError, match="1 to 3 players"):
            game.initial_state(players=True)


def test_a_copy_with_an_unknown_field_is_refused() -> None:
    """``replace`` refuses a name that is no field of the position, as ``dataclasses.replace`` does."""
    s = explorer.load_game("pinned_down").initial_state()
    with pytest.raises(TypeError, match="shields"):
        s.replace(shields=3)


def test_a_changed_copy_forgets_what_the_position_remembered() -> None:
    """A position remembers its seats in play and who decides; a copy with other fleets works them out anew."""
    s = explorer.load_game("pinned_down").initial_state(players=2)
    assert s.alive() == (0, 1) and s.is_chance()
    lost = dataclasses.replace(s.players[1], destroyed=True, characters=(), deck=Deck())
    t = s.replace(players=(s.players[0], lost), pending=())
    assert t.alive() == (0,)
    assert s.alive() == (0, 1)  # the original is untouched
    assert t.replace(threat=5).alive() == (0,) and t.replace(threat=5).threat == 5


def test_a_pickled_position_travels_without_the_remembered_setups() -> None:
    """The advisor and the simulations pickle positions for their workers: the same position arrives, and the
    game's remembered setups stay home (the worker's game sets up anew, to an equal position)."""
    import pickle

    game = explorer.load_game("pinned_down")
    start = game.initial_state(players=2)
    match = explorer.Match(start, seed=4)
    match.play("random", max_steps=15)
    arrived = pickle.loads(pickle.dumps(match.state))
    assert arrived == match.state and arrived.position_text() == match.state.position_text()
    assert arrived.game.initial_state(players=2) == start
