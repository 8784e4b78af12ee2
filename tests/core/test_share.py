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
from explorer.core.share import (MAX_QUERY_CHARS, match_query, position_query, query_game_id, query_seed,
                                 read_query)
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


# --- the seed of a "?seed=N" link, and links with too many fields ----------------------------
SEED_RULE = "a whole number from 0 to 2**63 - 1 written with the digits 0-9"


@pytest.mark.parametrize("query, seed", [
    ("game=toy_pig&seed=0", 0),
    ("seed=9223372036854775807", 2**63 - 1),  # the largest seed a Match takes, as in match links
    ("game=toy_pig", None),
])
def test_a_seed_link_gives_the_seed_written_in_ascii_digits(query: str, seed: int | None) -> None:
    assert query_seed(query) == seed


@pytest.mark.parametrize("query, message", [
    ("seed=%E2%91%A3", f"link: seed must be {SEED_RULE}, got '④'"),  # str.isdigit passed it, int() raised
    ("seed=%C2%B2", f"link: seed must be {SEED_RULE}, got '²'"),  # the same for the superscript two
    ("seed=%D9%A4", f"link: seed must be {SEED_RULE}, got '٤'"),  # Arabic-Indic four: int() read it as 4
    ("seed=9223372036854775808", f"link: seed must be {SEED_RULE}, got '9223372036854775808'"),
    ("seed=%2B4", f"link: seed must be {SEED_RULE}, got '+4'"),  # "+4" ("+" alone reads as a space)
    ("seed=", f"link: the seed is empty (seed= with nothing after it); a seed is {SEED_RULE}"),
    ("seed", f"link: the seed is empty (seed= with nothing after it); a seed is {SEED_RULE}"),
    ("seed=4&seed=5", "link: seed= appears 2 times; a link gives it once"),
])
def test_a_seed_link_that_is_not_a_seed_is_refused_saying_what_a_seed_is(query: str, message: str) -> None:
    with pytest.raises(StateFormatError) as refused:
        query_seed(query)
    assert refused.value.message == message


TOO_MANY = "&".join(f"k{i}=1" for i in range(8)) + "&game=toy_pig&seed=4"  # 10 fields


@pytest.mark.parametrize("read", [query_game_id, query_seed, read_query], ids=lambda f: f.__name__)
def test_a_link_with_too_many_fields_is_refused_saying_how_many_and_which_are_read(read: object) -> None:
    # the standard reader's "ValueError: Max number of fields exceeded" reached the page
    with pytest.raises(StateFormatError) as refused:
        read(TOO_MANY)  # type: ignore[operator]
    assert refused.value.message == ("link: 10 fields; a link has at most 8, and the fields read are "
                                     "game, match, position and seed")


def test_a_link_with_eight_fields_is_read() -> None:
    query = "&".join(f"k{i}=1" for i in range(6)) + "&game=toy_pig&seed=4"
    assert (query_game_id(query), query_seed(query)) == ("toy_pig", 4)


def test_a_link_that_names_two_games_is_refused() -> None:
    with pytest.raises(StateFormatError, match=r"^link: game= appears 2 times; a link gives it once$"):
        query_game_id("game=toy_pig&game=star_realms&seed=4")


@pytest.mark.parametrize("kind", ["match", "position"])
def test_an_empty_match_or_position_link_is_refused_as_empty(kind: str) -> None:
    # it was "expected exactly one of match=... or position=...", though the link had one
    with pytest.raises(StateFormatError) as refused:
        read_query(f"game=toy_pig&{kind}=")
    assert refused.value.message == (f"link: the {kind} is empty ({kind}= with nothing after it; "
                                     f"Copy link puts the {kind}'s data there)")


# --- issue 19: the format field, and positions read through the bounded reader ---------------
@pytest.mark.parametrize("version, shown", [
    (True, "true"),  # was accepted: True == 1 in Python
    (1.0, "1.0"),
    ("1", "the text '1'"),
    (2, "2"),
    (None, "null"),
])
@pytest.mark.parametrize("kind", ["match", "position"])
def test_a_link_whose_format_field_is_not_the_whole_number_1_is_refused(version: object, shown: str,
                                                                         kind: str) -> None:
    data = _payload(v=version) if kind == "match" else {
        "v": version, "game": "toy_pig", "position": _match().state.position_text()}
    with pytest.raises(StateFormatError) as refused:
        read_query(f"game=toy_pig&{kind}={_packed(data)}")
    assert refused.value.message == (f"link: not a link of format 1: its format field v is {shown}; this version "
                                     "reads only v = 1, the whole number (made by another version?)")


def test_a_position_link_is_read_through_the_bounded_reader_before_the_game_is_built() -> None:
    # the game named does not exist: the refusal is the guard's, so the text was measured first
    data = {"v": 1, "game": "no_such_game", "position": "a." * 20_000 + "a = 1"}  # tomllib: 7.9 s (issue 19)
    with pytest.raises(StateFormatError) as refused:
        read_query(f"position={_packed(data)}")
    assert refused.value.message == ("position: keys and lists are nested 9 deep at line 1; a position needs at most "
                                     "8 levels (each table-header part, dotted-key part, inline-table key and list "
                                     "adds one)")
