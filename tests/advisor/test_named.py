"""The advisor is a named policy everywhere a policy is named: Match.play, the panels' Step and Auto, the lab.

Issue 22 §1: "`advisor` is also a policy (`policies="advisor"` with a rollout count) usable in `Match`, the
panels' Step/Auto and the simulation lab."
"""

from __future__ import annotations

import pytest

import explorer
from explorer import Match
from explorer.advisor.policy import AdvisorPolicy
from explorer.core.policies import ADVISOR, named_policy, policy_names
from explorer.errors import RulesError
from widgets.common.match_panel import MatchPanel


def test_every_game_names_the_advisor_beside_its_own_policies() -> None:
    for game_id in explorer.games():
        game = explorer.load_game(game_id)
        assert policy_names(game) == (*game.policies(), ADVISOR)
        assert isinstance(named_policy(game, ADVISOR), AdvisorPolicy)
    with pytest.raises(RulesError, match="unknown policy 'oracle'; policies: random, heuristic, advisor"):
        named_policy(explorer.load_game("warps_edge"), "oracle")


def test_match_play_takes_the_advisor_by_name_and_a_saved_match_finds_its_generator_without_new_hints(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match(explorer.load_game("pinned_down"), seed=3)
    assert match.play(ADVISOR, max_steps=10) == 10
    hints = []
    monkeypatch.setattr(AdvisorPolicy, "__call__", lambda self, s, rng: hints.append(s) or s.legal_actions()[0])
    again = Match.from_json(match.to_json())  # every generator state found by replaying the choices' draws
    assert again.state == match.state and hints == []


def test_the_panels_step_plays_the_advisors_move() -> None:
    match = Match(explorer.load_game("pinned_down"), seed=3)
    while match.state.is_chance():
        match.step()
    panel = MatchPanel(match, link=False)
    assert ADVISOR in panel.auto_policy.options
    panel.auto_policy.value = ADVISOR
    assert panel.step() and panel.status.message.startswith("Step: advisor plays")


def test_a_served_page_leaves_the_advisor_out_of_step_and_auto(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    panel = MatchPanel(Match(explorer.load_game("warps_edge"), seed=1), link=False)
    assert ADVISOR not in panel.auto_policy.options
    assert not panel.auto(3, ADVISOR) and "Unknown policy 'advisor'" in panel.status.message


def test_the_lab_plays_the_advisor_against_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    from explorer.advisor import policy
    from explorer.sim import simulate

    monkeypatch.setattr(policy, "NAMED_ROLLOUTS", 4)  # the lab's plumbing, not the advisor's strength (80 s at 32)
    result = simulate("warps_edge", policies=ADVISOR, games=1, seed=0, backend="local")
    assert len(result.records) == 1 and ADVISOR in result.spec.policies
