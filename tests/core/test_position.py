"""Positions in a player's words, the referee on every way in, and options a file may set.

The toy game (toy_pig.py) implements every hook, so the core is checked before any real game.
docs/architecture.md rules 5-7; issue "Your own table" §1 and "Safe to share" (options are data).
"""

from __future__ import annotations

import json

import pytest

import explorer
from explorer import Match
from explorer.core.position import (MAX_POSITION_CHARS, PositionReader, check_conserved, counted, parse_toml,
                                    read_counted, toml_text)
from explorer.core.multiset import Multiset
from explorer.errors import StateFormatError

pytestmark = pytest.mark.usefixtures("toy_registered")


def _pig() -> explorer.Game:
    return explorer.load_game("toy_pig")


def test_counted_names_read_back_in_every_written_form() -> None:
    hand = Multiset({"Scout": 3, "Viper": 2, "Cutter": 1})
    assert counted(hand) == ["Cutter", "Scout x3", "Viper x2"]
    for form in (counted(hand), "Scout ×3, Viper x2, Cutter", {"Scout": 3, "Viper": 2, "Cutter": 1},
                 ["Scout", "Scout*2", "Viper x2", "Cutter"]):
        assert read_counted(form, "hand", {"Scout", "Viper", "Cutter"}) == hand


@pytest.mark.parametrize("value, message", [
    (["Blob Wheel"], "hand: 'Blob Wheel' is not a name allowed here. Allowed: Scout, Viper"),
    (["Vipr"], "hand: 'Vipr' is not a name allowed here — did you mean Viper? Allowed: Scout, Viper"),
    (["Scout x0"], "hand: count of 'Scout' must be a whole number from 1 to 999, got 0"),
    (["Scout x100000"], "hand: count of 'Scout' must be a whole number from 1 to 999, got 100000"),
    ([3], 'hand › entry 1: expected a name with an optional count, such as "Scout x2", got 3'),
    (7, 'hand: expected a list of names like ["Scout x2", "Viper"], got 7'),
])
def test_a_bad_name_list_is_refused_naming_the_zone_and_what_is_allowed(value: object, message: str) -> None:
    with pytest.raises(StateFormatError) as err:
        read_counted(value, "hand", {"Scout", "Viper"})
    assert err.value.message == message


def test_a_misspelt_key_is_an_error_not_an_empty_zone() -> None:
    reader = PositionReader({"hnad": ["Scout"]}, "players[0]")
    reader.names("hand", None)
    with pytest.raises(StateFormatError, match="Player 1: unknown field 'hnad' — did you mean hand\\? Allowed: hand"):
        reader.finish()


def test_conservation_names_every_zone_a_piece_is_in() -> None:
    with pytest.raises(StateFormatError, match=r"card 'Viper': 3 in play \(1 in hand, 2 in discard\) but the box holds 2"):
        check_conserved(Multiset({"Viper": 2}), {"hand": Multiset({"Viper": 1}), "discard": Multiset({"Viper": 2})})
    with pytest.raises(StateFormatError, match="cards missing from every zone: Viper"):
        check_conserved(Multiset({"Viper": 2}), {"hand": Multiset({"Viper": 1})})
    with pytest.raises(StateFormatError, match="card 'Dreadnought': not in this game"):
        check_conserved(Multiset({"Viper": 2}), {"hand": Multiset({"Viper": 2, "Dreadnought": 1})})


def test_toml_text_round_trips_through_the_toml_reader() -> None:
    data = {"turn": 3, "name": 'Say "hi"\n', "flag": True, "seats": [{"hand": ["A x2"], "deck": {"top": ["B"]}}],
            "centre": {"row": ["C", "D"], "weird key": 1}}
    assert parse_toml(toml_text(data)) == data


@pytest.mark.parametrize("text, message", [
    (b"\xff\xfe", "position: not UTF-8 text"),
    (12, "position: expected TOML text, got int"),
    ("x" * (MAX_POSITION_CHARS + 1), f"at most {MAX_POSITION_CHARS}"),
    ("scores = [", "position: not valid TOML"),
])
def test_position_text_that_is_not_a_position_is_refused(text: object, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        _pig().position_from_text(text)


def test_position_round_trip_and_what_was_derived() -> None:
    game = _pig()
    state = game.initial_state().apply("draw").apply("bonus +2").apply("hold")
    text = state.position_text()
    assert game.position_from_text(text) == state
    reading = game.read_position("scores = [2, 0]\nplayer = 2\nbonus_drawn = [\"+2\"]\n")
    assert reading.state == state
    assert reading.derived == ("bonus_deck: the 3 bonus cards not drawn",)
    assert game.position(scores=[2, 0], player=2, bonus_drawn=["+2"]) == state


@pytest.mark.parametrize("text, message", [
    ("scores = [0, 0]\nplayer = 3\n", "player: expected a whole number from 1 to 2, got 3"),
    ("scores = [0, 0]\nplayer = 1\nbonus_deck = [\"+2 x2\"]\n", "bonus_deck \\+ bonus_drawn: must be the whole box"),
    ("scores = [0, 0]\nplayer = 1\nbonus_drawn = [\"+3\"]\n", "bonus drawn: '\\+3' is not a name allowed here. Allowed: \\+1, \\+2"),
    ("scores = [0, -1]\nplayer = 1\n", r"scores\[1\]: from 0 to 10000, got -1"),
    ("scores = [12, 15]\nplayer = 1\n", "scores: only one player can reach 10"),
    ("scores = [0, 0]\nplayer = 1\ncolour = \"red\"\n", "the position: unknown field 'colour'"),
])
def test_a_bad_position_is_refused_naming_the_zone(text: str, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        _pig().position_from_text(text)


def test_the_referee_checks_saved_states_too() -> None:
    game = _pig()
    data = game.initial_state().to_dict()
    data["state"]["scores"] = [10, 99]
    with pytest.raises(StateFormatError, match="scores: only one player can reach 10"):
        game.state_from_dict(data)
    data = game.initial_state().to_dict()
    data["state"]["bonus"]["middle"] = [["+2", 5]]
    with pytest.raises(StateFormatError, match="bonus card '\\+2': 5 in play"):
        game.state_from_dict(data)


def test_the_referee_checks_a_saved_match_start() -> None:
    match = Match(_pig(), seed=1)
    match.play("random", max_steps=5)
    data = match.to_dict()
    data["initial"]["scores"] = [-50, 0]
    with pytest.raises(StateFormatError, match=r"scores\[0\]: from 0 to 10000, got -50"):
        Match.from_dict(data)


def test_a_file_may_set_only_the_options_the_game_lists() -> None:
    match = Match(_pig(), seed=1)
    data = match.to_dict()
    data["options"] = {"data": "/etc/passwd"}
    with pytest.raises(StateFormatError, match="options.'data': a saved file or link may not set this option"):
        Match.from_dict(data)
    data["options"] = {"target_hint": 10**30}
    with pytest.raises(StateFormatError, match="options.target_hint: expected a whole number from 1 to 100"):
        Match.from_dict(data)
    data["options"] = {"target_hint": 7}
    assert Match.from_dict(data).game.options == {"target_hint": 7}


def test_a_match_on_a_game_chosen_in_code_loads_back_with_that_game() -> None:
    game = explorer.load_game("toy_pig", data="owner.toml")  # an option only code may choose
    match = Match(game, seed=3)
    match.play("random", max_steps=8)
    text = match.to_json()
    with pytest.raises(StateFormatError, match="may not set this option"):
        Match.from_json(text)
    assert Match.from_json(text, game=game).state == match.state


@pytest.mark.parametrize("rng, message", [
    ([2**200, 1, 0, 0], "rng\\[0\\]: expected a generator state"),
    ([1, 1, 7, 0], "rng\\[0\\]: expected a generator state"),
    ([True, 1, 0, 0], "rng\\[0\\]: expected a generator state"),
])
def test_a_damaged_generator_state_is_refused(rng: list[int], message: str) -> None:
    data = Match(_pig(), seed=1).to_dict()
    data["rng"] = [rng]
    with pytest.raises(StateFormatError, match=message):
        Match.from_dict(data)


def test_match_text_that_is_not_a_match_is_refused() -> None:
    with pytest.raises(StateFormatError, match="not UTF-8"):
        Match.from_json(b"\xff")
    with pytest.raises(StateFormatError, match="nested too deeply|not JSON"):
        Match.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(StateFormatError, match="a saved match is JSON text"):
        Match.from_json(json)  # type: ignore[arg-type]


def test_the_log_reads_as_the_rules_tell_it() -> None:
    match = Match(_pig(), seed=1)
    match.step("draw")
    match.step("bonus +2")
    match.step("roll")
    match.step("rolled 4")
    match.step("hold")
    assert match.log == [
        "1. Player 1: draw",
        "2. Player 1 draws a bonus card: +2",
        "3. Player 1: roll",
        "4. Player 1 rolls 4 (turn total 2 → 6)",
        "5. Player 1 holds: banks 6 (score 0 → 6)",
    ]
    assert match.turn_starts() == (0, 5)
