"""Match.play pauses Python's cycle collector while it plays (explorer/core/match.py).

That is only sound while no game builds reference cycles: positions are immutable
values, so reference counting frees every one of them. These tests fail the day a
game, a policy or the match starts leaving cyclic garbage behind, and check that
play() gives the collector back in the state it found it.
"""

from __future__ import annotations

import gc

import pytest

import explorer
from explorer import Match


def _cyclic_garbage_after(game_id: str, policy: str) -> int:
    game = explorer.load_game(game_id)
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        match = Match(game, seed=7)
        match.play(policy, max_steps=400)
        state = match.undo()
        match.step(None if state.is_chance() else state.legal_actions()[0])  # cuts the old future
        del match
        return gc.collect()
    finally:
        if was:
            gc.enable()


@pytest.mark.parametrize("game_id", sorted(explorer.games()))
def test_a_played_match_leaves_no_cyclic_garbage(game_id: str) -> None:
    """Every game and policy: all that play() made is freed by reference counting alone."""
    for policy in explorer.load_game(game_id).policies():
        assert _cyclic_garbage_after(game_id, policy) == 0, (game_id, policy)


def test_play_resumes_the_collector_it_paused() -> None:
    match = Match(explorer.load_game("star_realms"), seed=1)
    assert gc.isenabled()
    match.play("random", max_steps=50)
    assert gc.isenabled()


def test_play_leaves_a_paused_collector_paused() -> None:
    match = Match(explorer.load_game("star_realms"), seed=1)
    gc.disable()
    try:
        match.play("random", max_steps=50)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_play_resumes_the_collector_when_a_policy_fails() -> None:
    def failing(state: object, rng: object) -> object:
        raise RuntimeError("policy broke")

    match = Match(explorer.load_game("star_realms"), seed=1)
    match.play("random", max_steps=10)
    while match.state.is_chance():
        match.step()
    with pytest.raises(RuntimeError, match="policy broke"):
        match.play(failing, max_steps=5)
    assert gc.isenabled()
