"""Positions in the players' words: round trip along real games, and what the referee refuses."""

from __future__ import annotations

import re

import pytest

import explorer
from explorer import Match
from explorer.errors import StateFormatError


@pytest.mark.parametrize("seed", [1, 2])
def test_position_text_round_trips_along_a_game(game: explorer.Game, seed: int) -> None:
    m = Match(game.initial_state(players=2), seed=seed)
    for _ in range(300):
        s = m.state
        text = s.position_text()
        again = game.position_from_text(text)
        assert again.position_text() == text
        assert (again.current_player, again.phase) == (s.current_player, s.phase)
        if s.is_terminal():
            break
        m.step() if s.is_chance() else m.step(s.legal_actions()[int(m.rng.integers(len(s.legal_actions())))])


def test_derived_zones_are_reported(game: explorer.Game) -> None:
    reading = game.read_position('threat = 3\nlocations = ["Harana"]\n[[players]]\nflagship = "TRB Ardor"\n')
    assert reading.state.threat == 3
    assert any(line.startswith("attack deck: the 31 cards") for line in reading.derived)


BAD = [
    ({"threat": -1}, "threat: expected a whole number"),
    ({"threatt": 3}, "the position: unknown field 'threatt' — did you mean threat?"),
    ({"players": [{"flagship": "TRB Ardor", "hand": ["Defiance x5"]}]}, "card 'Defiance': 5 seen"),
    ({"players": [{"flagship": "TRB Ardor", "hand": ["Ace In The Hole"]}]}, "Player 1 › hand: 'Ace In The Hole' is not a name allowed here"),
    ({"players": [{"flagship": "USS Enterprise"}]}, "flagship"),
    ({"locations": ["Harana", "Harana"]}, "card 'Harana': 2 seen"),
    ({"enemies": [{"name": "Worry"}]}, "enemy 1 › name"),
    ({"locations": ["Harana"], "stage": "teatime"}, "phase"),
    ({"locations": ["Harana"], "players": [{"flagship": "TRB Ardor", "damage": ["Direct Hit x2", "Cargo Bay Hit"]}]},
     "structure 0%"),
    ({"locations": ["Harana"], "players": [{"flagship": "TRB Ardor"}, {"flagship": "TRB Faith"}]}, "different wing"),
    ({"locations": ["Harana"], "stage": "fight"}, "fight"),
    ({"locations": ["Harana"], "attack_discard": ["DB Agony x2"]}, "card 'DB Agony': 2 seen"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m for _, m in BAD])
def test_bad_positions_are_refused_naming_the_field(game: explorer.Game, data: dict, message: str) -> None:
    with pytest.raises(StateFormatError, match=re.escape(message)):
        game.position(**data)


def test_story_hides_another_players_draw(game: explorer.Game) -> None:
    m = Match(game.initial_state(players=2), seed=5)
    m.step()
    assert "draws a card" in m.log_line(0, viewer=1) and "draws a card" not in m.log_line(0, viewer=0)


def test_turn_label_and_groups(game: explorer.Game) -> None:
    s = game.position(threat=0, locations=["Harana"], players=[{"flagship": "TRB Ardor", "hand": ["Defiance"]}])
    assert s.turn_label() == "Turn 1" and s.action_group(s.legal_actions()[-1]) == "Pass"
