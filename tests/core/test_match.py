"""explorer.Match: stepping, undo/redo/goto, the seeded generator, and saved matches."""

from __future__ import annotations

import json

import pytest

import explorer
from explorer import Match
from explorer.errors import IllegalActionError, InvalidActionError, RulesError, StateFormatError


@pytest.fixture
def pig(toy_registered: None) -> explorer.Game:
    return explorer.load_game("toy_pig")


def test_step_at_a_decision_needs_an_action_and_names_the_choices(pig: explorer.Game) -> None:
    match = Match(pig, seed=1)
    with pytest.raises(RulesError, match=r"Player 1 decides in decide; choose an action \(legal: roll, draw\)"):
        match.step()
    assert len(match) == 1


def test_step_at_a_chance_node_samples_and_logs_it(pig: explorer.Game) -> None:
    match = Match(pig, seed=1)
    match.step("roll")
    outcome = match.step()
    assert outcome.kind == "rolled"
    face = outcome.args[0]
    told = "loses the turn total of 0" if face == 1 else f"(turn total 0 → {face})"
    assert match.log == ["1. Player 1: roll", f"2. Player 1 rolls {face}: {told}" if face == 1 else
                         f"2. Player 1 rolls {face} {told}"]
    assert match.entries[1].sampled and not match.entries[0].sampled


def test_typed_action_with_a_typo_is_refused_and_nothing_is_lost(pig: explorer.Game) -> None:
    match = Match(pig, seed=1)
    with pytest.raises(InvalidActionError, match="'rol' is not an action here .* allowed: roll, draw"):
        match.step("rol")
    with pytest.raises(IllegalActionError, match="'hold' is not legal in decide: there is nothing to bank yet; legal now: roll, draw"):
        match.step("hold")
    assert len(match) == 1 and match.cursor == 0


def test_why_illegal_is_in_the_message(pig: explorer.Game) -> None:
    state = pig.initial_state()
    with pytest.raises(IllegalActionError, match="hold is illegal in decide: there is nothing to bank yet"):
        state.apply(explorer.Action("hold"))


def test_undo_then_step_draws_the_same_outcome_again(pig: explorer.Game) -> None:
    match = Match(pig, seed=3)
    match.step("roll")
    first = match.step()
    match.undo()
    assert match.can_redo()
    again = match.step()
    assert again == first
    assert not match.can_redo()


def test_redo_and_goto_walk_the_kept_future(pig: explorer.Game) -> None:
    match = Match(pig, seed=5)
    match.play("random", max_steps=12)
    end = match.state
    match.goto(0)
    assert match.state == pig.initial_state()
    match.goto(len(match) - 1)
    assert match.state == end
    match.undo()
    match.redo()
    assert match.state == end
    with pytest.raises(RulesError, match="nothing to redo"):
        match.redo()
    with pytest.raises(RulesError, match=f"goto: the position must be a whole number from 0 to {len(match) - 1}, got 99"):
        match.goto(99)


def test_stepping_after_undo_cuts_the_old_future(pig: explorer.Game) -> None:
    match = Match(pig, seed=5)
    match.play("random", max_steps=6)
    match.goto(2)
    match.step(match.state.moves()[0])
    assert len(match) == 4 and not match.can_redo()


def test_same_seed_same_game(pig: explorer.Game) -> None:
    a, b = Match(pig, seed=11), Match(pig, seed=11)
    a.play("random", max_steps=200)
    b.play("random", max_steps=200)
    assert a.log == b.log


def test_play_runs_to_the_end_and_reports_the_result(pig: explorer.Game) -> None:
    match = Match(pig, seed=2)
    match.play("random", max_steps=10_000)
    assert match.state.is_terminal()
    assert "reached 10" in str(match.state.result())
    with pytest.raises(RulesError, match="the game is over"):
        match.step()


def test_unknown_policy_lists_the_policies(pig: explorer.Game) -> None:
    with pytest.raises(RulesError, match="unknown policy 'clever'; policies: random"):
        Match(pig, seed=0).play("clever")


def test_reseed_changes_future_draws_from_the_cursor(pig: explorer.Game) -> None:
    match = Match(pig, seed=0)
    match.step("roll")
    match.reseed(1234)
    assert match.seed == 1234
    saved = Match.from_json(match.to_json())
    assert match.step() == saved.step()


def test_saved_match_loads_at_its_cursor_with_its_future(pig: explorer.Game) -> None:
    match = Match(pig, seed=9)
    match.play("random", max_steps=10)
    match.goto(4)
    loaded = Match.from_json(match.to_json())
    assert loaded.cursor == 4 and len(loaded) == 11
    assert loaded.states == match.states
    assert loaded.step(loaded.state.moves()[0]) == match.step(match.state.moves()[0])


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(format="chess-pgn"), "format: expected 'rules-explorer/match'"),
        (lambda d: d.update(version=99), "version: this explorer reads match format 1, got 99"),
        (lambda d: d.update(game="chess"), "game: unknown game 'chess'"),
        (lambda d: d.update(variant="short"), "unknown variant 'short'"),
        (lambda d: d.pop("log"), "log: missing"),
        (lambda d: d.update(cursor=50), "cursor: must be from 0 to 4, got 50"),
        (lambda d: d["log"][1].update(action="hold"), r"log\[1\] \('hold'\) does not replay"),
        (lambda d: d["initial"].update(scores="lots"), r"initial.scores: expected a list, got 'lots'"),
        (lambda d: d["log"][0].update(rng=[1]), r"log\[0\].rng: expected a generator state"),
    ],
)
def test_damaged_match_file_is_refused_naming_the_field(pig: explorer.Game, damage, message: str) -> None:
    match = Match(pig, seed=4)
    match.play("random", max_steps=4)
    data = match.to_dict()
    damage(data)
    with pytest.raises(StateFormatError, match=message):
        Match.from_json(json.dumps(data))


def test_not_json_at_all_is_refused() -> None:
    with pytest.raises(StateFormatError, match="not JSON"):
        Match.from_json("{nope")
