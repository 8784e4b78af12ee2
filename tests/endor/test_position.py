"""The Endor position format: round trips, what is derived, and a table of refused positions."""

from __future__ import annotations

import pytest
from tests.endor.endor_helpers import game

import explorer
from explorer.core.position import toml_text
from explorer.errors import StateFormatError


@pytest.mark.parametrize("seed,steps,players", [(1, 10, 2), (2, 60, 2), (3, 250, 2), (4, 120, 4), (5, 900, 2)])
def test_position_text_round_trips(seed: int, steps: int, players: int) -> None:
    g = game()
    m = explorer.Match(g.initial_state(players=players), seed=seed)
    m.play("random", max_steps=steps)
    text = m.state.position_text()
    again = g.position_from_text(text)
    assert again.position_text() == text
    assert again.phase == m.state.phase and again.current_player == m.state.current_player
    # only the deck's order is left out: the rest of the state is equal
    assert again.replace(decks=m.state.decks) == m.state


def test_a_missing_deck_is_derived_from_the_cards_seen_elsewhere() -> None:
    g = game()
    m = explorer.Match(g, seed=8)
    m.play("random", max_steps=40)
    data = m.state.position_dict()
    for table in data["cards"]:
        del table["deck"]
    reading = g.read_position(toml_text(data))
    assert [d.split(":")[0] for d in reading.derived] == ["Rebels deck", "Empire deck"]
    assert reading.state.position_text() == m.state.position_text()


def _base() -> dict:
    m = explorer.Match(game(), seed=9)
    m.play("random", max_steps=80)
    return m.state.position_dict()


def _set(path: str, value):
    def change(d: dict) -> None:
        keys = path.split(".")
        for k in keys[:-1]:
            d = d[int(k)] if isinstance(d, list) else d[k]
        if value is _DELETE:
            del d[keys[-1]]
        else:
            d[keys[-1]] = value
    return change


_DELETE = object()

BAD = [
    ("unknown sector", _set("space.O99", ["X-wing"]), "space › O99: no such sector"),
    ("unknown ship", _set("space.O6", ["Star Destroyer"]), "space › O6: 'Star Destroyer' is not a name allowed here"),
    ("a 21st X-wing", _set("space.O6", ["X-wing x21"]), "X-wing:"),
    ("both sides in a sector", _set("space.O11", ["TIE x4", "X-wing"]), "never share a sector"),
    ("falcon hits out of range", _set("falcon_hits", 9), "Falcon hits: expected a whole number from 0 to 6, got 9"),
    ("stormtroopers behind the team", _set("stormtroopers", [1]), "ahead of the strike team"),
    ("a stormtrooper off the track", _set("stormtroopers", [40]), "stormtroopers: expected a list of track spaces"),
    ("ten stormtroopers", _set("stormtroopers", list(range(19, 29)) + [18]), "at most 9"),
    ("vader destroyed with hits left", _set("vader", "destroyed"), "Darth Vader:"),
    ("a card twice too many", _set("seats.0.hand", ["Shield Assault / Luke Skywalker x4"]), "box holds 3"),
    ("an Empire card in a Rebel hand", _set("seats.0.hand", ["TIE Fighter / Emperor"]), "seat 1 › hand: 'TIE Fighter / Emperor' is not a name allowed here"),
    ("unknown key", _set("shields", "down"), "the position: unknown field 'shields'"),
    ("wrong seat name", _set("seat", "Jabba"), "whose turn"),
    ("three players", _set("players", 3), "players"),
    ("bad stage", _set("stage", "lunch"), "phase"),
]


@pytest.mark.parametrize("what,change,message", BAD, ids=[b[0] for b in BAD])
def test_bad_positions_are_refused_naming_the_field(what: str, change, message: str) -> None:
    data = _base()
    change(data)
    with pytest.raises(StateFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game().read_position(toml_text(data))


def test_position_vocabulary_names_ships_and_cards() -> None:
    vocab = game().position_vocabulary()
    assert vocab["space"] == ("X-wing", "Y-wing", "B-wing", "Falcon", "TIE", "Executor")
    assert len(vocab["hand"]) == 21 + 9 and "Death Star / Executor / Darth Vader" in vocab["hand"]


def test_file_options_allow_only_the_round_limit() -> None:
    assert set(game().file_options) == {"round_limit"}
    assert game(round_limit=5).round_limit == 5
