"""Positions in the game's words: round trip, and a referee that refuses what no table can show."""

from __future__ import annotations

import numpy as np
import pytest
from tests.fleet_command.fc_helpers import position, ship

import explorer
from explorer import Match
from explorer.core.position import toml_text
from explorer.errors import StateFormatError


@pytest.mark.parametrize("variant", ["standard", "untested_ships"])
def test_every_position_of_a_random_game_round_trips(variant: str) -> None:
    game = explorer.load_game("fleet_command", variant=variant)
    match = Match(game, seed=11)
    match.play("random", max_steps=400)
    for state in match.states[::7]:
        text = state.position_text()
        assert game.position_from_text(text) == state, text


def test_the_deck_and_the_supply_are_derived_and_said_so() -> None:
    game = explorer.load_game("fleet_command")
    reading = game.read_position(position([ship("Fighter", "5.5", "3.5", 0, 2)],
                                          [ship("Hopper", "5.5", "5.5", 180, 3)], hand1=("Repair 3",)).position_text())
    assert "deck: the 53 cards not seen elsewhere" in reading.derived
    assert reading.state.fleets[1].supply == 17


def _base() -> dict:
    return {"stage": "combat", "round": 1, "initiative": "Player 1", "to_move": "Player 1", "discard": [],
            "players": [{"hand": [], "ships": [ship("Fighter", "5.5", "3.5", 0, 2)]},
                        {"hand": [], "ships": [ship("Hopper", "5.5", "5.5", 180, 3)]}]}


def _with(path: str, value: object) -> dict:
    data = _base()
    target = data
    keys = path.split(".")
    for k in keys[:-1]:
        target = target[int(k)] if isinstance(target, list) else target[k]
    if isinstance(target, list):
        target[int(keys[-1])] = value
    else:
        target[keys[-1]] = value
    return data


BAD = [
    ("players.0.ships.0.name", "Dreadnought", "unknown ship 'Dreadnought'"),
    ("players.0.ships.0.x", "0.3", "not on the tile lattice"),
    ("players.0.ships.0.heading", 45, "multiple of 30"),
    ("players.0.ships.0.cubes", 0, "at least 1 cube"),
    ("players.0.ships.0.cubes", 25, "a player has 20"),
    ("players.0.ships.0.y", "5.5", "overlaps"),
    ("players.0.ships.0.x", "11.9", "not on the tile lattice"),
    ("players.0.ships.0.x", "12", "not on the 12 × 9 table"),
    ("players.0.hand", ["Repair 2 x3"], "the deck holds 2"),
    ("players.0.hand", ["Laser 3"], "Player 1 › hand: 'Laser 3' is not a name allowed here"),
    ("stage", "lunch", "'lunch' is not allowed"),
    ("deck", 40, "53 of the 54"),
    ("players.0.colour", "red", "Player 1: unknown field 'colour'. Allowed: hand, ships"),
    ("players.0.ships.0.name", "Battleship", "not a ship of variant standard"),
    ("stage", "repair", "shot"),
    ("initiative", "none", "someone holds initiative"),
]


@pytest.mark.parametrize("path, value, message", BAD, ids=[f"{p}={v}" for p, v, _ in BAD])
def test_a_bad_position_is_refused_naming_what_is_wrong(path: str, value: object, message: str) -> None:
    game = explorer.load_game("fleet_command")
    data = _with(path, value)
    if path == "deck":
        data["players"][0]["hand"] = ["Repair 3"]
    with pytest.raises(StateFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game.position_from_text(toml_text(data))


def test_the_referee_checks_a_saved_state_too() -> None:
    game = explorer.load_game("fleet_command")
    s = game.position_from_text(toml_text(_base()))
    broken = s.replace(fleets=(s.fleets[0].__class__(ships=s.fleets[0].ships, supply=3), s.fleets[1]))
    with pytest.raises(StateFormatError, match="a player has 20"):
        game.state_from_json(broken.to_json())


def test_story_lines_hide_the_other_players_draws() -> None:
    game = explorer.load_game("fleet_command")
    match = Match(game, seed=5)
    while match.state.stage != "deal":
        match.step(match.state.legal_actions()[0])
    match.step()
    before, after = match.states[-2], match.states[-1]
    action = match.entries[-1].action
    assert before.story(action, after, viewer=0).startswith(f"Player 1 draws {action.args[0]}")
    assert before.story(action, after, viewer=1) == "Player 1 draws a card (deck 54 → 53)"
    assert after.turn_label() == "" and np.all([before.action_group(a) for a in before.moves()])


# --- the turn label of the end: the phase the deck ran out in (seed §8) -------------------------
@pytest.mark.parametrize("policy, seed, last_two", [
    # the last shot's draw empties the deck; round 5 ends with no card left, so round 6 never begins
    # (issue 20: a "Round 6 · Initiative" heading stood empty after the game was over)
    ("heuristic", 0, ["Round 5 · Combat", "Round 5 · Combat"]),
    # the deck runs out in the middle of round 9's Initiative draws: still round 9's Initiative Phase
    ("random", 11, ["Round 9 · Initiative", "Round 9 · Initiative"]),
])
def test_the_end_is_labelled_with_the_phase_the_deck_ran_out_in(policy: str, seed: int, last_two: list) -> None:
    # "over" was labelled Combat whatever the phase: the log ended with an empty "Round 6 · Combat"
    # (or "Round 9 · Combat" after round 9's Initiative heading) and the turn slider had a turn more
    match = Match(explorer.load_game("fleet_command"), seed=seed)
    match.play(policy, max_steps=5000)
    assert match.state.outcome.startswith("the deck ran out when a card had to be drawn")
    assert [s.turn_label() for s in match.states[-2:]] == last_two


def test_a_game_that_ends_at_a_shot_s_draw_ends_in_the_combat_phase() -> None:
    from explorer.core import Deck
    from explorer.games.fleet_command.rules import settle

    match = Match(explorer.load_game("fleet_command"), seed=1)
    match.play("random", max_steps=5000)
    aiming = next(s for s in match.states if s.stage == "shot")  # round 2: Hopper shoots Fighter 2, a card to draw
    over = settle(aiming.replace(deck=Deck()))
    assert (over.is_terminal(), over.turn_label()) == (True, "Round 2 · Combat")
