"""The position form's labels in the games' words (issue 37 §5, "code words on screen", and §4).

An entry of a list is named in the singular with its number ("Player 1 › base 2 › name", not "players 1 ›
bases 2 › name"), from :data:`explorer.core.position.ENTRY_WORDS`: every list of tables the five games write has
its word there, and a list without one reads "entry 2 of <the list>", never a guessed singular. Keys that read as
code have words (Endor's ``undeployed_ties`` are "undeployed TIE fighters"), and Pinned Down's two decks of a
player say which is which. The words are labels only: the position's keys (TOML, links, saved games) stay.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

import explorer
from explorer import Match
from explorer.core.field_words import ENTRY_WORDS, field_label
from widgets.common.position_editor import PositionEditor

SETUPS: dict[str, list[dict[str, Any]]] = {
    "warps_edge": [{}], "endor": [{"players": 2}, {"players": 4}], "fleet_command": [{}],
    "star_realms": [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "format": "hydra"}],
    "pinned_down": [{"players": 1}, {"players": 2}, {"players": 3}],
}
"""Each game at every player count the brief names: 3-4 player Star Realms, 1-3 player Pinned Down."""
STEPS = ((1, 0), (1, 15), (2, 45), (3, 120))
"""(seed, random steps): the opening and three positions met in play."""


def positions(game_id: str) -> list[explorer.State]:
    game = explorer.load_game(game_id)
    out = []
    for setup in SETUPS[game_id]:
        for seed, steps in STEPS:
            match = Match(game.initial_state(**setup), seed=seed)
            match.play("random", steps)
            out.append(match.state)
    return out


def table_lists(data: Any, found: set[str], key: str = "") -> set[str]:
    """The keys of every list of tables in ``data`` (a position as ``position_dict`` writes it)."""
    if isinstance(data, dict):
        for k, v in data.items():
            table_lists(v, found, k)
    elif isinstance(data, list) and data and all(isinstance(v, dict) for v in data):
        found.add(key)
        for v in data:
            table_lists(v, found)
    return found


def test_every_list_of_tables_the_games_write_has_a_word_for_one_entry() -> None:
    written: set[str] = set()
    for game_id in SETUPS:
        for state in positions(game_id):
            table_lists(state.position_dict(), written)
        module = importlib.import_module(f"explorer.games.{game_id}.position")
        written |= set(getattr(module, "FORM_ENTRIES", {}))  # lists the form can add to, empty ones too
    assert written == set(ENTRY_WORDS) == {"players", "bases", "ships", "pending", "seats", "cards", "draws",
                                           "enemy_row", "sections", "skills", "enemies"}


def test_an_entry_is_named_in_the_singular_with_its_number() -> None:
    assert field_label("players[0].bases[1].name") == "Player 1 › base 2 › name"
    assert field_label("players[1].ships[2].heading") == "Player 2 › ship 3 › heading"
    assert field_label("enemy_row[0].below") == "enemy row slot 1 › below"
    assert field_label("seats[3].order_pile") == "seat 4 › order pile"
    assert field_label("pending[0].kind") == "effect to resolve 1 › kind"


def test_a_list_without_an_entry_word_is_never_given_a_guessed_singular() -> None:
    assert field_label("tallies[2].name") == "entry 3 of tallies › name"
    assert field_label("players[0].boxes[0]") == "Player 1 › entry 1 of boxes"


def test_keys_that_read_as_code_are_said_in_the_games_words() -> None:
    assert [field_label(p) for p in ("undeployed_ties", "stage", "order.stage", "seat", "explorers", "to_move",
                                     "players[0].ships[0].shot", "shot")] == [
        "undeployed TIE fighters", "phase", "order in play › step", "whose turn", "Explorer pile", "player to act",
        "Player 1 › ship 1 › has shot", "shot being resolved"]


def test_moving_is_the_player_in_star_realms_and_the_ship_in_fleet_command() -> None:
    from explorer.games.fleet_command.position import label as fleet_label
    from explorer.games.star_realms.position import label as realms_label

    assert realms_label("moving") == "player moving"
    assert fleet_label("moving") == "ship laying out its path"
    assert fleet_label("moving.tiles") == "ship laying out its path › path tiles"


@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_pinned_down_players_deck_list_and_draw_deck_say_which_is_which(players: int) -> None:
    """Issue 37 §4: "players 1 › deck list" and "players 1 › deck › cards" looked alike."""
    match = Match(explorer.load_game("pinned_down").initial_state(players=players), seed=1)
    match.play("random", 30)
    editor = PositionEditor(on_use=lambda *_a: None)
    editor.load(match.state)
    for p in range(1, players + 1):
        assert sorted(label for label in editor.labels() if label.startswith(f"Player {p} ›") and "deck" in label) == [
            f"Player {p} › cards brought (deck list)", f"Player {p} › draw deck", f"Player {p} › draw deck › cards"]
    assert f"Player {players} › draw deck" in dict(editor.move.source.options)  # the Move control's words


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_no_form_label_reads_as_code_and_the_form_keeps_the_keys(game_id: str) -> None:
    """No snake_case, no list name glued to a number, in any label of any position met; and the form reads back
    the position's own keys (the labels are display words only)."""
    for state in positions(game_id):
        editor = PositionEditor(on_use=lambda *_a: None)
        editor.load(state)
        labels = editor.labels()
        assert not [x for x in labels if re.search(r"\b[a-z]+_[a-z_]+\b", x)], labels
        assert not [x for x in labels if re.search(r"\b(players|bases|ships|seats|cards|draws|sections|skills|"
                                                   r"enemies|enemy row|effects to resolve) \d", x)], labels
        assert state.game.read_position_data(editor.data()).state == state
