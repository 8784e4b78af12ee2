"""Share links: a match or a position in a URL, refused with a sentence when damaged or hostile.

Issue "Your own table" §2 and "Safe to share": a link carries data, never instructions; it is read
through the same referee as a file, with every size capped.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest

import explorer
from explorer import Match
from explorer.core.share import (MAX_QUERY_CHARS, match_query, position_query, query_game_id, read_query)
from explorer.errors import StateFormatError

pytestmark = pytest.mark.usefixtures("toy_registered")


def _packed(data: object) -> str:
    return base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode())).decode().rstrip("=")


def _match() -> Match:
    match = Match(explorer.load_game("toy_pig"), seed=5)
    match.play("random", max_steps=30)
    return match


def test_a_match_link_reopens_the_same_match_at_the_same_move() -> None:
    match = _match()
    match.goto(len(match) // 2)
    shared = read_query(match_query(match))
    assert shared.kind == "match"
    assert shared.match.states == match.states and shared.match.cursor == len(match) // 2
    assert shared.match.log == match.log
    assert query_game_id(match_query(match)) == "toy_pig"


def test_a_position_link_opens_the_position_in_the_players_words() -> None:
    state = _match().state
    shared = read_query(position_query(state))
    assert shared.kind == "position"
    assert shared.match.state.position_text() == state.position_text()


def _query(data: dict) -> str:
    return f"game={data.get('game', 'toy_pig')}&match={_packed(data)}"


def _payload(**changes: object) -> dict:
    match = _match()
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(
        match_query(match).split("match=")[1] + "==")))
    data.update(changes)
    return data


@pytest.mark.parametrize("query, message", [
    ("game=toy_pig", "expected exactly one of match=... or position=..."),
    ("game=toy_pig&match=%%%", "the match data is damaged"),
    ("game=toy_pig&match=AAAA", "the match data is damaged"),
    ("x" * (MAX_QUERY_CHARS + 1), f"a link is at most {MAX_QUERY_CHARS}"),
    ("game=toy_pig&match=" + base64.urlsafe_b64encode(zlib.compress(b"0" * 10_000_000)).decode(),
     "unpacks to more than"),
    ("game=toy_pig&match=" + _packed([1, 2]), "not a link of format 1"),
])
def test_a_damaged_link_is_refused_with_a_sentence(query: str, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        read_query(query)


@pytest.mark.parametrize("changes, message", [
    ({"options": {"data": "/etc/passwd"}}, "may not set this option"),
    ({"game": "no_such_game"}, "unknown game 'no_such_game'"),
    ({"moves": ["roll", "rolled 9"]}, r"moves\[1\] \('rolled 9'\) does not replay"),
    ({"moves": [{"kind": "roll"}]}, r"moves\[0\] is not a move's text"),
    ({"cursor": 10**6}, "cursor must be from 0 to"),
    ({"seed": -1}, "seed must be a whole number"),
    ({"start": {"scores": [50, 50]}}, "start.turn_total: missing"),
])
def test_a_hostile_link_is_refused_before_anything_is_opened(changes: dict, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        read_query(_query(_payload(**changes)))


def test_a_link_whose_game_parameter_disagrees_with_its_data_is_refused() -> None:
    with pytest.raises(StateFormatError, match="game='star_realms' but the data is a 'toy_pig' game"):
        read_query("game=star_realms&match=" + _packed(_payload()))


def test_a_link_whose_start_the_rules_cannot_reach_is_refused_by_the_referee() -> None:
    data = _payload()
    data["start"]["scores"] = [50, 50]
    with pytest.raises(StateFormatError, match="only one player can reach 10"):
        read_query(_query(data))
