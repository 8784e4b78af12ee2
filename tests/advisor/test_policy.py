"""The advisor as a policy for ``Match.play`` and the simulation lab.

Spec: issue 22 §1 ("advisor is also a policy ... usable in Match, the panels' Step/Auto and the simulation
lab"); explorer/core/policies.py ("A game's own policies choose by the position and the generator alone").
"""

from __future__ import annotations

import pickle

import pytest

from tests.advisor.advise_helpers import lethal
from explorer import Match
from explorer.advisor import advisor_policy
from explorer.errors import RulesError


def test_the_advisor_takes_the_winning_attack() -> None:
    match = Match(lethal(), seed=2)
    match.play(advisor_policy(rollouts=40, policy="random", racing=False), max_steps=1)
    assert str(match.entries[0].action) in ("attack player 2 2", "attack player 2 3", "attack player 2 4")
    assert match.state.is_terminal() and match.state.result().winners == (0,)


def test_the_advisor_chooses_by_the_position_and_the_generator_alone() -> None:
    logs = []
    for _ in range(2):
        match = Match(lethal().replace(authority=(10, 12)), seed=7)
        match.play(advisor_policy(rollouts=2), max_steps=2)
        logs.append(match.log)
    assert logs[0] == logs[1]


def test_the_advisor_pickles_for_worker_processes() -> None:
    policy = advisor_policy(rollouts=4)
    assert pickle.loads(pickle.dumps(policy)) == policy and policy.name == "advisor(4)"


def test_the_advisor_needs_a_rollout_count() -> None:
    with pytest.raises(RulesError, match="rollouts must be a whole number from 1 to 100000, got 0"):
        advisor_policy(rollouts=0)


def test_advance_moves_the_generator_as_a_choice_does() -> None:
    import numpy as np

    policy, state = advisor_policy(rollouts=2), lethal()
    chose, skipped = np.random.default_rng(4), np.random.default_rng(4)
    policy(state, chose)
    policy.advance(state, skipped)
    assert chose.integers(0, 2**62) == skipped.integers(0, 2**62)
