"""The generator at every position (explorer/core/rng_history.py): saved now and then in a policy's run, found again exactly.

Match.play with a named policy saves the generator's state only every SAVE_EVERY moves and at
the end of the run; undo, time travel and saving find the others by replaying the draws. They
must be the very states an eager match (one that saves after every move) keeps: a callable
policy is saved after every move, so wrapping the named policy in a lambda gives the reference.
"""

from __future__ import annotations

import itertools

import pytest

import explorer
from explorer import Match
from explorer.core.rng_history import SAVE_EVERY
from explorer.errors import RulesError

MOVES = SAVE_EVERY * 3 + 7


def _pair(game_id: str, policy: str, seed: int = 11) -> tuple[Match, Match]:
    game = explorer.load_game(game_id)
    chooser = game.policies()[policy]
    lazy, eager = Match(game, seed=seed), Match(game, seed=seed)
    lazy.play(policy, max_steps=MOVES)
    eager.play(lambda state, rng: chooser(state, rng), max_steps=MOVES)
    return lazy, eager


@pytest.mark.parametrize("game_id", sorted(explorer.games()))
def test_a_saved_match_carries_the_same_generator_after_every_move(game_id: str) -> None:
    for policy in explorer.load_game(game_id).policies():
        lazy, eager = _pair(game_id, policy)
        assert lazy.to_dict() == eager.to_dict(), (game_id, policy)


@pytest.mark.parametrize("game_id", ["star_realms", "warps_edge"])
def test_undo_then_step_draws_what_the_eager_match_draws(game_id: str) -> None:
    length = len(_pair(game_id, "random")[0])
    for index in sorted({1, SAVE_EVERY - 1, SAVE_EVERY + 1, 2 * SAVE_EVERY + 5, length - 2} & set(range(length))):
        lazy, eager = _pair(game_id, "random")
        for match in (lazy, eager):
            match.goto(index)
        lazy.play("random", max_steps=5)
        eager.play("random", max_steps=5)
        assert lazy.entries == eager.entries and lazy.state == eager.state, index
        assert lazy.to_dict() == eager.to_dict(), index


def test_a_policy_that_chooses_otherwise_on_replay_is_named() -> None:
    """A named policy must choose by the position and the generator alone; one that does not is caught, not trusted."""
    game = explorer.load_game("star_realms")
    turns = itertools.count()

    def flaky(state: object, rng: object) -> object:
        moves = state.legal_actions()  # type: ignore[attr-defined]
        return moves[next(turns) % len(moves)]

    original = type(game).policies
    type(game).policies = lambda self: {**original(self), "flaky": flaky}  # type: ignore[method-assign]
    try:
        match = Match(game, seed=3)
        match.play("flaky", max_steps=MOVES)
        with pytest.raises(RulesError, match="policy 'flaky' chose"):
            match.goto(SAVE_EVERY + 10)
    finally:
        type(game).policies = original  # type: ignore[method-assign]


def test_a_run_cut_short_by_a_failing_policy_keeps_every_position_reachable() -> None:
    game = explorer.load_game("star_realms")
    calls = itertools.count()
    chooser = game.policies()["random"]

    def breaks_late(state: object, rng: object) -> object:
        if next(calls) == 60:
            raise RuntimeError("policy broke")
        return chooser(state, rng)  # type: ignore[arg-type]

    original = type(game).policies
    type(game).policies = lambda self: {**original(self), "breaks_late": breaks_late}  # type: ignore[method-assign]
    try:
        lazy = Match(game, seed=5)
        with pytest.raises(RuntimeError, match="policy broke"):
            lazy.play("breaks_late", max_steps=MOVES)
    finally:
        type(game).policies = original  # type: ignore[method-assign]
    eager = Match(game, seed=5)
    eager.play(lambda state, rng: chooser(state, rng), max_steps=len(lazy) - 1)
    assert lazy.to_dict() == eager.to_dict()
