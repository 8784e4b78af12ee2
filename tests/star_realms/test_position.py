"""Positions in a player's words (issue 7 §1) and the referee (issue 9): round trips and refusals.

The position holds what a player at the table can see or count; the trade deck is derived as "the
rest". The format leaves out only the order of the unknown part of each deck, which the state does
not hold either (a deck is a known top and an unordered middle), so a round trip gives an equal state.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import explorer
from explorer import Match
from explorer.errors import StateFormatError

POSITIONS = int(os.environ.get("SR_POSITIONS", "1000"))
FORMATS = [("standard", 2, None), ("hydra", 4, None), ("emperor", 4, "needle_copies_scrapped"), ("hunter", 3, None),
           ("raid", 4, "unlimited_explorers"), ("free_for_all", 5, "printed_explorer"), ("hydra", 6, None),
           ("standard", 2, "needle_copies_scrapped"), ("standard", 2, "outposts_block_destroy")]


def _positions(count: int) -> list:
    """``count`` states reached by seeded random play, taken along whole games of every format."""
    found: list = []
    per_game = 90
    seed = 0
    while len(found) < count:
        fmt, players, variant = FORMATS[seed % len(FORMATS)]
        game = explorer.load_game("star_realms", variant=variant)
        match = Match(game.initial_state(players=players, format=fmt), seed=seed)
        match.play("random", max_steps=int(np.random.default_rng(seed).integers(300, 1500)))
        states = match.states
        step = max(1, len(states) // per_game)
        found += list(states[::step])[: count - len(found)]
        seed += 1
    return found


def test_position_round_trips_over_seeded_random_positions() -> None:
    """position_text -> position_from_text gives back the state (equal: the deck order is not in either)."""
    for i, s in enumerate(_positions(POSITIONS)):
        text = s.position_text()
        back = s.game.position_from_text(text)
        assert back == s, f"position {i} ({s.format}, {s.phase}) did not round trip:\n{text}"


def test_reading_a_position_reports_the_derived_trade_deck() -> None:
    game = explorer.load_game("star_realms")
    s = Match(game, seed=3)
    s.play("random", max_steps=60)
    reading = game.read_position(s.state.position_text())
    assert reading.state == s.state
    assert reading.derived == (f"trade deck: the {len(s.state.trade_deck)} trade cards not seen elsewhere",)


def test_position_text_reads_like_the_table() -> None:
    s = explorer.load_game("star_realms").position(hand=["Scout x3", "Viper"], opponent_hand=["Scout x5"])
    text = s.position_text()
    assert 'format = "standard"' in text and 'hand = ["Scout x3", "Viper"]' in text
    assert 'deck = ["Scout x5", "Viper"]' in text and "trade deck" not in text
    assert s.phase == "main phase (player 1, turn 1)" and len(s.trade_deck) == 75


def test_a_hand_written_mid_game_position_with_a_blob_carrier_and_two_bases() -> None:
    """Issue 7 §5: a mid-game deck with a Blob Carrier and two bases, entered by hand."""
    text = '''
format = "standard"
stage = "main"
turn = 9
moving = 1
explorers = 9
trade_row = ["Cutter", "Ram", "War World", "Trade Bot", "Mothership"]
scrap_heap = ["Viper"]

[[players]]
authority = 38
hand = ["Scout x2", "Explorer", "Blob Fighter", "Viper"]
deck = ["Scout x4", "Blob Carrier", "Battle Pod"]
deck_top = ["Blob Carrier"]
discard = ["Scout x2", "Trade Pod"]
bases = [{name = "Blob Wheel", primary_used = false}, {name = "The Hive", primary_used = false}]

[[players]]
authority = 41
hand = ["Scout x3", "Cutter", "Viper"]
deck = ["Scout x5", "Viper", "Trading Post"]
discard = []
'''
    s = explorer.load_game("star_realms").position_from_text(text)
    assert s.players[0].deck.draw_outcomes()[0][0] == "Blob Carrier"
    assert [r.name for r in s.players[0].bases] == ["Blob Wheel", "The Hive"] and s.authority == (38, 41)
    assert "use The Hive" in [str(a) for a in s.legal_actions()]


BASE = {"format": "standard", "stage": "main", "turn": 2, "moving": 1, "explorers": 10,
        "trade_row": ["Cutter", "Ram", "War World", "Trade Bot", "Mothership"],
        "players": [{"authority": 50, "hand": ["Scout x3", "Viper x2"], "deck": ["Scout x5"], "discard": []},
                    {"authority": 50, "hand": [], "deck": ["Scout x8", "Viper x2"], "discard": []}]}


def _with(path: str, value: object) -> dict:
    import copy

    data = copy.deepcopy(BASE)
    *keys, last = path.split(".")
    target: object = data
    for k in keys:
        target = target[int(k)] if isinstance(target, list) else target[k]  # type: ignore[index]
    if value is _DROP:
        del target[last]  # type: ignore[union-attr]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value  # type: ignore[index]
    return data


_DROP = object()

BAD = [
    ("unknown card in a hand", "players.0.hand", ["Scout x3", "Viper x2", "Death Star"],
     r"Player 1 › hand: 'Death Star' is not a name allowed here"),
    ("a second Viper appended to a hand", "players.0.hand", ["Scout x3", "Viper x3"],
     r"card 'Viper': 5 in play \(3 in Player 1 › hand, 2 in Player 2 › draw deck\) but the box holds 4"),
    ("a Scout missing from every zone", "players.0.deck", ["Scout x4"], r"cards missing from every zone: Scout"),
    ("four Rams in the box of two", "players.0.discard", ["Ram x2"],
     r"trade card 'Ram': 3 in the position but the trade deck holds 2 \(trade row 1, Player 1 › discard 2\)"),
    ("a six-card trade row", "trade_row", ["Cutter", "Ram", "War World", "Trade Bot", "Mothership", "Flagship"],
     r"trade row: at most 5 cards, got 6"),
    ("a four-card row with cards left to refill it", "trade_row", ["Cutter", "Ram", "War World", "Trade Bot"],
     r"trade row: 4 cards while the trade deck holds 76; the row is refilled at once"),
    ("negative Authority", "players.1.authority", -3, r"Player 2 › authority: expected a whole number from 0 to 10000"),
    ("Authority of 2**63", "players.1.authority", 2**63, r"Player 2 › authority: expected a whole number"),
    ("Authority as text", "players.1.authority", "fifty", r"Player 2 › authority: expected a whole number"),
    ("a stage that does not exist", "stage", "bogus", r"phase: 'bogus' is not allowed. Allowed: draw, main, setup"),
    ("a format that does not exist", "format", "melee", r"format: 'melee' is not allowed"),
    ("too many players for the format", "format", "hydra", r"players: format hydra is for 4, 6 players, got 2"),
    ("a seat that is not playing", "moving", 3, r"player moving: expected a whole number from 1 to 2"),
    ("turn 0 after the setup", "turn", 0, r"turn: expected 1 to 10001 after the setup"),
    ("17 Explorers", "explorers", 17, r"Explorer pile: expected a whole number from 0 to 16"),
    ("more Explorers than any box holds", "players.0.discard", ["Explorer x7"],
     r"Explorer pile: 10 in the pile and 7 owned by players make 17; the box holds 10 to 16 Explorers"),
    ("a misspelt zone", "players.0.hnad", ["Scout"], r"Player 1: unknown field 'hnad' — did you mean hand\?"),
    ("a misspelt top-level key", "trade_deck", ["Cutter"], r"the position: unknown field 'trade_deck' — did you mean trade_row\?"),
    ("a ship played as a base", "players.0.bases", [{"name": "Cutter", "primary_used": False}],
     r"Player 1 › base 1 › name: 'Cutter' is not allowed"),
    ("a known top card not in the deck", "players.0.deck_top", ["Viper"],
     r"Player 1 › known top of the deck: the known top \['Viper'\] must be among the deck's cards"),
    ("ships in play of the player who is not moving", "players.1.ships", [{"name": "Scout"}],
     r"Player 2 › ships: only the players whose turn it is have ships in play"),
    ("an Explorer in the scrap heap", "scrap_heap", ["Explorer"], r"scrap heap: 'Explorer' is not a name allowed here"),
    ("a scrapped ship remembered outside its variant", "players.0.ships_scrapped_this_turn", ["Ram"],
     r"Player 1 › ships scrapped this turn: remembered only in the variant needle_copies_scrapped"),
    ("a faction that does not exist", "players.0.played_this_turn", ["Rebels"],
     r"Player 1 › factions played this turn: 'Rebels' is not a name allowed here"),
    ("an ally ability left unfired while its ally is in play", "players.0.ships",
     [{"name": "Blob Fighter", "ally_used": False}, {"name": "Ram", "ally_used": False}],
     r"the rules never stop here"),
    ("a pending effect no card has", "pending", [{"kind": "combat", "player": 1, "amount": 5}],
     r"effect to resolve 1: combat comes from a card's ability"),
    ("teammates with different shared Authority", None, None, r"teammates share one Authority"),
]


@pytest.mark.parametrize("case, path, value, message", BAD, ids=[b[0] for b in BAD])
def test_a_bad_position_is_refused_naming_the_zone(case: str, path: str | None, value: object, message: str) -> None:
    game = explorer.load_game("star_realms")
    if path is None:  # Hydra: seats 1 and 2 share one Authority
        data = {**BASE, "format": "hydra", "players": BASE["players"] + [
            {"authority": 60, "deck": ["Scout x8", "Viper x2"]}, {"authority": 50, "deck": ["Scout x8", "Viper x2"]}]}
    else:
        data = _with(path, value)
    if case == "ships in play of the player who is not moving":
        data["players"][1]["hand"] = []
        data["players"][1]["deck"] = ["Scout x7", "Viper x2"]
    if case.startswith("an ally ability"):
        data["players"][0]["hand"] = ["Scout x3", "Viper x2"]
        data["trade_row"] = ["Cutter", "War World", "Trade Bot", "Mothership", "Flagship"]
    with pytest.raises(StateFormatError, match=message):
        game.position(**data)


def test_the_base_position_of_the_table_is_accepted() -> None:
    s = explorer.load_game("star_realms").position(**BASE)
    assert s.phase == "main phase (player 1, turn 2)" and len(s.trade_deck) == 75


def test_damaged_saved_states_are_refused_by_the_referee(make) -> None:
    """Issue 9: a saved state that the rules can never reach does not load."""
    import json

    s = make(trade=[2])
    for field, value, message in [("explorers", 40, "Explorer pile: it holds 0 to 16 cards"),
                                  ("stage", "bogus", "phase: expected one of setup, main, draw"),
                                  ("authority", [-4, 50], r"Player 1 › authority: expected 0 to 10000")]:
        data = s.to_dict()
        data["state"][field] = value
        with pytest.raises(StateFormatError, match=message):
            s.game.state_from_json(json.dumps(data))


def test_position_vocabulary_offers_the_names_of_each_zone() -> None:
    voc = explorer.load_game("star_realms").position_vocabulary()
    assert "Blob Wheel" in voc["bases"] and "Cutter" not in voc["bases"]
    assert "Explorer" in voc["hand"] and "Explorer" not in voc["trade_row"] and len(voc["trade_row"]) == 46
    assert "Viper" in voc["scrap_heap"] and "Explorer" not in voc["scrap_heap"]
