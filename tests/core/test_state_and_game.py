"""The game surface: registry, immutable states, JSON envelopes, errors."""

from __future__ import annotations

import json

import pytest

import explorer
from explorer import CHANCE, Action
from explorer.errors import IllegalActionError, InvalidActionError, RulesError, StateFormatError


def test_games_lists_registered_ids_sorted() -> None:
    ids = explorer.games()
    assert isinstance(ids, tuple) and list(ids) == sorted(ids)


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(RulesError, match="unknown game 'chess'; known games: "):
        explorer.load_game("chess")


def test_errors_are_value_errors_and_carry_the_state(toy_registered: None) -> None:
    state = explorer.load_game("toy_pig").initial_state()
    with pytest.raises(ValueError) as err:
        state.apply("hold")
    assert isinstance(err.value, IllegalActionError)
    assert err.value.state is state and err.value.phase == "decide" and err.value.action == "hold"


def test_apply_returns_a_new_state_and_leaves_the_old_one(toy_registered: None) -> None:
    state = explorer.load_game("toy_pig").initial_state()
    after = state.apply("roll")
    assert state.phase == "decide" and after.phase == "rolling"
    assert after.current_player == CHANCE


def test_equal_positions_are_equal_values(toy_registered: None) -> None:
    game = explorer.load_game("toy_pig")
    a = game.initial_state().apply("roll").apply("rolled 3")
    b = game.initial_state().apply("roll").apply("rolled 3")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


def test_positions_of_two_variants_never_compare_equal(toy_registered: None) -> None:
    standard = explorer.load_game("toy_pig").initial_state()
    long = explorer.load_game("toy_pig", variant="long").initial_state().replace(target=10)
    assert standard != long


def test_chance_outcomes_sum_to_exactly_one(toy_registered: None) -> None:
    state = explorer.load_game("toy_pig").initial_state().apply("draw")
    outcomes = state.chance_outcomes()
    assert [(str(a), str(p)) for a, p in outcomes] == [("bonus +1", "3/4"), ("bonus +2", "1/4")]


def test_chance_outcomes_of_a_decision_is_an_error(toy_registered: None) -> None:
    with pytest.raises(RulesError, match="no chance outcomes in decide"):
        explorer.load_game("toy_pig").initial_state().chance_outcomes()


def test_typed_actions_ignore_case_and_spacing(toy_registered: None) -> None:
    state = explorer.load_game("toy_pig").initial_state()
    assert state.parse_action("  ROLL ") == Action("roll")


def test_non_text_non_action_is_invalid(toy_registered: None) -> None:
    with pytest.raises(InvalidActionError, match="apply\\(\\) takes an Action or its text, got dict"):
        explorer.load_game("toy_pig").initial_state().apply({"kind": "roll"})  # type: ignore[arg-type]


def test_state_json_round_trips_with_its_envelope(toy_registered: None) -> None:
    game = explorer.load_game("toy_pig", variant="long")
    state = game.initial_state(players=3).apply("draw").apply("bonus +2")
    data = json.loads(state.to_json())
    assert data["format"] == "rules-explorer/state" and data["version"] == 1
    assert (data["game"], data["variant"], data["options"]) == ("toy_pig", "long", {})
    assert game.state_from_json(state.to_json()) == state


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(game="star_realms"), "game: expected 'toy_pig', got 'star_realms'"),
        (lambda d: d.update(version=2), "version: this explorer reads state format 1, got 2"),
        (lambda d: d["state"].update(turn_total=True), "state.turn_total: expected a whole number, got True"),
        (lambda d: d["state"].update(extra=1), "state: unknown field 'extra'"),
        (lambda d: d["state"].pop("scores"), "state.scores: missing"),
        (lambda d: d["state"]["bonus"].update(middle=[["+1", -2]]), r"state.bonus.middle\[0\]\[1\]: expected a count >= 0"),
    ],
)
def test_damaged_state_is_refused_naming_the_field(toy_registered: None, damage, message: str) -> None:
    game = explorer.load_game("toy_pig")
    data = json.loads(game.initial_state().to_json())
    damage(data)
    with pytest.raises(StateFormatError, match=message):
        game.state_from_json(json.dumps(data))


def test_options_must_be_json_values(toy_registered: None) -> None:
    with pytest.raises(RulesError, match="must be JSON values"):
        explorer.load_game("toy_pig", data=object())


def test_an_action_missing_its_card_is_refused_as_incomplete_with_the_moves_there_are() -> None:
    """Issue 37 item 10: ``apply(Action("play"))`` with no card raised a TypeError deep in the rules."""
    match = explorer.Match(explorer.load_game("star_realms"), seed=0)
    while match.state.is_chance():
        match.step()
    with pytest.raises(InvalidActionError) as refused:
        match.state.apply(explorer.Action("play"))
    assert str(refused.value) == ("Action('play') is incomplete: play needs 1 argument here (what to play), got 0; "
                                  "legal now: 'play Scout'")
