"""Two options that reach the same position share its rollout: the values are exactly those played out.

Spec: issue 22 §1 (common random numbers; "identical results for the same seed") and the advisor reference
(`shared/reference/advisor.md`: rollouts are the position played out, nothing estimated). The memo of
:mod:`explorer.advisor.rollout` only saves time: a position reached with the same moves taken and the same
generator states has one future.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.advisor.advise_helpers import GAMES, mid_game
from explorer.advisor.options import decision_seat
from explorer.advisor.rollout import Job, generators, play_out, play_piece, resolve_policies
from explorer.core.actions import Action
from explorer.core.state import State


@pytest.mark.parametrize("game_id", GAMES)
def test_sharing_transpositions_never_changes_a_rollout_value(game_id: str) -> None:
    state = mid_game(game_id, options=3)
    job = Job(state, decision_seat(state, None), "heuristic", seed=3)
    options = tuple(range(len(state.legal_actions())))
    assert play_piece(job, options, 0, 6, transpositions=True) == play_piece(job, options, 0, 6, transpositions=False)


def _two_plays_that_meet() -> tuple[State, Action, Action]:
    """A seeded Star Realms turn with two cards to play: the heuristic plays both whichever goes first."""
    state = mid_game("star_realms", options=3)
    plays = [a for a in state.legal_actions() if a.kind == "play"]
    assert len(plays) >= 2, state.legal_actions()
    return state, plays[0], plays[1]


def test_the_second_of_two_options_that_meet_is_not_played_again() -> None:
    state, first, second = _two_plays_that_meet()
    seat = decision_seat(state, None)
    heuristic = resolve_policies(state, "heuristic")
    calls = [0]

    def counted(s: State, rng: Any) -> Action:
        calls[0] += 1
        return heuristic[s.current_player](s, rng)

    policies = (counted,) * len(heuristic)
    memo: dict = {}

    def roll(option: Action, shared: dict | None) -> tuple[float, int]:
        _deal, chance, play = generators(3, 0)  # rollout 0 of both options: the same generators
        calls[0] = 0
        return play_out(state.apply(option), seat, policies, chance, play, 20_000, shared), calls[0]

    _first_value, first_moves = roll(first, memo)
    shared_value, second_moves = roll(second, memo)
    alone_value, alone_moves = roll(second, None)  # no memo: played to the end
    assert shared_value == alone_value
    assert first_moves > 50 and alone_moves > 50  # both options are played to the end of the game
    assert second_moves < 10, f"the second option took {second_moves} policy moves before meeting the first"
