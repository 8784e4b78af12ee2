"""Issue 19, "Bounded parsing": a position (link, editor box, file) is measured by a linear scan
before Python's TOML reader sees it, and refused with a sentence past what any game's format needs.

The issue's figures: ``tomllib`` takes 1.4 s on a dotted key of 10,000 levels, 7.9 s at 20,000 and
112 s at 60,000, and a deep table header does the same; a 200-character link carried such a text.
"Done when": a position link of at most 300 characters costs under 0.1 s of kernel CPU to refuse,
whatever it holds (property test over generated hostile TOML). CPU is measured with
``time.process_time`` and asserted against a generous 0.5 s so a busy machine cannot fail it; the
measured figures are in the comments.
"""

from __future__ import annotations

import base64
import glob
import json
import time
import tomllib
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import Match
from explorer.core.position import parse_toml, toml_text
from explorer.core.share import read_query
from explorer.core.toml_guard import (MAX_DEPTH, MAX_KEY_CHARS, MAX_KEYS, MAX_POSITION_CHARS, MAX_VALUES,
                                      check_position_toml)
from explorer.errors import StateFormatError

GAMES = ("endor", "fleet_command", "pinned_down", "star_realms", "warps_edge")
MOST_PLAYERS = {"endor": {"players": 4}, "pinned_down": {"players": 3}, "star_realms": {"players": 6}}
CPU_BOUND = 0.5
"""Seconds of CPU a refusal may take in these tests: five times the issue's 0.1 s, so noise cannot fail them."""
LINK_CHARS = 300
"""The issue's "a position link of at most 300 characters"."""


def position_link(text: str, game_id: str = "star_realms") -> str:
    """A position link carrying ``text`` as Copy link packs it (JSON, zlib, base64url)."""
    payload = {"v": 1, "game": game_id, "variant": None, "options": {}, "position": text}
    packed = base64.urlsafe_b64encode(zlib.compress(json.dumps(payload).encode("utf-8"), 9)).decode().rstrip("=")
    return f"game={game_id}&position={packed}"


def cpu_outcome(read: Callable[[], Any]) -> tuple[float, str]:
    """CPU seconds ``read`` took, and "accepted" or "refused" (a StateFormatError); anything else fails."""
    start = time.process_time()
    try:
        read()
        outcome = "accepted"
    except StateFormatError:
        outcome = "refused"
    return time.process_time() - start, outcome


def depth_of(value: Any) -> int:
    """The length of the longest key/index path in parsed TOML: what the guard calls depth."""
    if isinstance(value, dict):
        return max((1 + depth_of(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return max((1 + depth_of(v) for v in value), default=0)
    return 0


@pytest.fixture(scope="module", autouse=True)
def games_built() -> None:
    """Build every game once: loading a game's card data is a one-time cost per kernel, not per link."""
    for game_id in GAMES:
        explorer.load_game(game_id)


# --- the issue's own texts ---------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "a." * 10_000 + "a = 1",  # issue: tomllib 1.4 s
    "a." * 20_000 + "a = 1",  # issue: 7.9 s
    "[" + "a." * 24_000 + "a]",  # a deep table header: tomllib 0.85 s here (measured), within the size cap
], ids=["dotted-10000", "dotted-20000", "header-24000"])
def test_the_issues_slow_texts_are_refused_in_a_scan_costing_milliseconds(text: str) -> None:
    seconds, outcome = cpu_outcome(lambda: parse_toml(text))
    assert outcome == "refused"
    assert seconds < CPU_BOUND  # measured: 0.1 to 0.3 ms (the depth limit stops the scan at level 9)
    with pytest.raises(StateFormatError, match=r"^position: keys and lists are nested 9 deep at line 1; "
                                               r"a position needs at most 8 levels"):
        parse_toml(text)


def test_a_60000_level_dotted_key_in_a_short_link_is_refused_before_the_game_reads_it() -> None:
    # the issue: 112 s of tomllib; the text is 120,005 characters, packed in a link of 312 characters
    link = position_link("a." * 60_000 + "a = 1")
    seconds, outcome = cpu_outcome(lambda: read_query(link))
    assert outcome == "refused" and seconds < CPU_BOUND  # measured: about 1 ms (refused on size, unscanned)
    with pytest.raises(StateFormatError, match=r"^position: 120005 characters; a position is at most 50000"):
        read_query(link)


# --- every refusal is a sentence saying what is wrong and what is allowed ---------------------
@pytest.mark.parametrize("text, message", [
    ("turn = 1\n" + ".".join("a" * 9) + " = 1\n",
     "position: keys and lists are nested 9 deep at line 2; a position needs at most 8 levels (each table-header "
     "part, dotted-key part, inline-table key and list adds one)"),
    ("[a.b.c.d.e.f.g]\nh.i = 1\n", "position: keys and lists are nested 9 deep at line 2; a position needs at most 8 "
     "levels (each table-header part, dotted-key part, inline-table key and list adds one)"),
    ("[[a.b.c.d.e.f.g.h]]\n", "position: keys and lists are nested 9 deep at line 1; a position needs at most 8 "
     "levels (each table-header part, dotted-key part, inline-table key and list adds one)"),
    ("a = [[[[[[[[1]]]]]]]]\n", "position: keys and lists are nested 9 deep at line 1; a position needs at most 8 "
     "levels (each table-header part, dotted-key part, inline-table key and list adds one)"),
    ("a = {b = {c = {d = {e = {f = {g = {h = {i = 1}}}}}}}}\n", "position: keys and lists are nested 9 deep at "
     "line 1; a position needs at most 8 levels (each table-header part, dotted-key part, inline-table key and list "
     "adds one)"),
    ("k" * 65 + " = 1\n", "position: a key of 65 characters at line 1 ('kkkkkkkkkkkkkkkkkkkkkkkkkkkkkk'); a key in "
     "a position is at most 64 characters"),
    ('"' + "k" * 65 + '" = 1\n', "position: a key of 65 characters at line 1 ('\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkk'); a "
     "key in a position is at most 64 characters"),
    ("[[a]]\n" * 2_001, "position: more than 2,000 keys (the next one is at line 2001); a position needs at most 2,000"),
    ("a = [" + "1," * 5_001 + "]", "position: more than 5,000 values (the next one is at line 1); a position needs "
     "at most 5,000"),
    ("x" * 50_001, "position: 50001 characters; a position is at most 50000 characters (the largest real one is "
     "about 4,000)"),
    ("scores = [", "position: not valid TOML at line 1, column 10: a list opened with [ must close with ]; found "
     "'['"),
    ('name = "Scout\nturn = 1\n', "position: not valid TOML at line 1, column 8: a string must close with \" (with "
     "\"\"\" when it starts with \"\"\"); found '\"Scout\\nturn = 1\\n'"),
    ("[seat\nturn = 1\n", "position: not valid TOML at line 1, column 6: a table header closes with ]; found "
     "'\\nturn = 1\\n'"),
])
def test_a_text_past_a_limit_is_refused_with_a_sentence_naming_the_limit(text: str, message: str) -> None:
    with pytest.raises(StateFormatError) as refused:
        parse_toml(text)
    assert refused.value.message == message


def test_the_limits_are_the_documented_ones() -> None:
    # explorer/core/toml_guard.py's table: chosen with margin over the measured largest real position
    assert (MAX_POSITION_CHARS, MAX_DEPTH, MAX_KEY_CHARS, MAX_KEYS, MAX_VALUES) == (50_000, 8, 64, 2_000, 5_000)


def test_a_text_at_every_limit_is_still_read() -> None:
    at_limits = "\n".join([
        ".".join(["a"] * 6) + ".b = [1]",  # depth 8 exactly: six key parts a, then b, then the list's item
        "k" * 64 + " = 1",
        '"' + "q" * 64 + '" = 1',
        "many = [" + ", ".join(["1"] * (MAX_VALUES - 5)) + "]",  # a list is a value too: 2 + 1 + 1 + 1 + 4,995
    ]) + "\n"
    shape = check_position_toml(at_limits)
    assert (shape.depth, shape.longest_key, shape.values) == (8, 64, MAX_VALUES)
    assert tomllib.loads(at_limits)["many"][0] == 1
    assert check_position_toml("[[a]]\n" * MAX_KEYS).keys == MAX_KEYS


# --- strings hide nothing: the scan skips them as TOML reads them ------------------------------
TRICKY_VALID = [
    '"a.b [c]" = "x.y.z [[w]] # not a comment"',
    "'literal.[key]' = 'it is [not] a # comment'",
    'a = """\nline "one" ""quoted"" [x]\n"""',
    'a = """ends with two quotes"""""',  # tomllib: the text ends in "", the string closes at the first """
    "a = '''it's ''two'' [y]'''",
    "a = ''''quoted''''",
    'a = "escaped \\" quote [ { #"',
    'a = "\\\\"  # a backslash, then a comment with [brackets]',
    'a = """\\"""""',  # an escaped quote, the closing three, one more quote: the text is two quotes
    'a = """line ending backslash \\\n   still the string [x]"""',
    "a = [ # comment [\n  1, # [[ more\n  2,\n]",
    "d = 1979-05-27 07:32:00Z\nt = 07:32:00\nn = -inf\nh = 0x1F\ne = 6.02e+23\nu = 1_000",
    "x = {a = 1, b = {c = [1, 2]}, 'd.e' = \"f\"}",
    '[ a . "b.c" ]\nk = 1\r\n[[ x ]]\r\ny = 2\r\n',
    '"" = 1',
    "[[seat]]\nhand = [\"Scout x3\"]\n[seat.deck]\ntop = [\"Viper\"]\n[[seat]]\n[seat.deck]\ntop = []",
    "[[a]]\n[[a.b]]\n[a.b.c]\nd = 1\n['a'.\"\\u0062\".e]\nf = 1",  # headers through lists of tables, keys unescaped
]


@pytest.mark.parametrize("text", TRICKY_VALID)
def test_valid_toml_with_brackets_dots_and_quotes_in_strings_is_measured_as_tomllib_reads_it(text: str) -> None:
    assert check_position_toml(text).depth == depth_of(tomllib.loads(text))


def test_every_data_file_of_the_five_games_is_measured_as_tomllib_reads_it() -> None:
    # real TOML written by hand (the games' card and rules files): a wider test of the scan's reading
    files = sorted(glob.glob(str(Path(explorer.__file__).parent / "games" / "*" / "data" / "*.toml")))
    assert len(files) >= 10
    for path in files:
        text = Path(path).read_text(encoding="utf-8")
        assert check_position_toml(text).depth == depth_of(tomllib.loads(text)), path


TOKENS = ["a", "b", '"', "'", '"""', "'''", "[", "]", "[[", "]]", "{", "}", " = ", "=", ".", ",", "\n", " ", "#",
          "\\", "1", '\\"', '"x"', "'y'", "\r\n", "true", "1979-05-27 07:32:00Z", "\t", "k = "]
token_soup = st.lists(st.sampled_from(TOKENS), max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(token_soup)
def test_whatever_tomllib_reads_the_scan_reads_alike(text: str) -> None:
    # the scan may refuse bad TOML itself, but never valid TOML as invalid, and it measures what tomllib builds
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return
    assert check_position_toml(text).depth == depth_of(data)


names = st.text(st.sampled_from('ab.[]{}#"\'\\= \né,'), max_size=8)
tables: st.SearchStrategy[Any] = st.recursive(
    st.one_of(st.integers(-5, 5), st.booleans(), names, st.lists(names, max_size=3)),
    lambda inner: st.dictionaries(names, inner, max_size=3) | st.lists(st.dictionaries(names, inner, max_size=2),
                                                                       min_size=1, max_size=2),
    max_leaves=8)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(names, tables, max_size=4))
def test_positions_written_by_the_writer_pass_the_scan_with_their_depth(data: dict[str, Any]) -> None:
    text = toml_text(data)
    parsed = tomllib.loads(text)
    if depth_of(parsed) <= MAX_DEPTH:
        assert check_position_toml(text).depth == depth_of(parsed)
        assert parse_toml(text) == parsed


# --- the property the issue asks for ------------------------------------------------------------
LEVELS = st.integers(1, 120_000)
KEY_PARTS = st.sampled_from(["a", '"a.b"', "'[x]'", "k-1", '"é"'])
STRINGS = st.sampled_from(['"', "'", '"""', "'''"])
hostile = st.one_of(
    st.builds(lambda k, n: ".".join([k] * n) + " = 1", KEY_PARTS, LEVELS),  # deep dotted keys
    st.builds(lambda k, n, many: ("[[{}]]" if many else "[{}]").format(".".join([k] * n)),
              KEY_PARTS, LEVELS, st.booleans()),  # deep table headers
    st.builds(lambda n: "a = " + "{a = " * n + "1" + "}" * n, LEVELS),  # deep inline tables
    st.builds(lambda n: "a = " + "[" * n + "]" * n, LEVELS),  # deep lists
    st.builds(lambda n: "a = " + "[" * n, LEVELS),  # deep lists never closed
    st.builds(lambda n: "[[a]]\nb = 1\n" * n, st.integers(1, 30_000)),  # many keys (valid TOML)
    st.builds(lambda n: "".join(f"k{i} = {i}\n" for i in range(n)), st.integers(1, 6_000)),  # many distinct keys
    st.builds(lambda n: "a = [" + "1, " * n + "]", st.integers(1, 60_000)),  # many values
    st.builds(lambda q, n: f"a = {q}" + "x[{" * n + q, STRINGS, st.integers(0, 100_000)),  # long strings
    st.builds(lambda q, n: f"a = {q}" + "\\n" * n, STRINGS, st.integers(0, 100_000)),  # long strings never closed
    st.builds(lambda n: "k" * n + " = 1", st.integers(1, 100_000)),  # long keys
    st.builds(lambda n: "#" * n + "\n" + "\n" * n, st.integers(0, 100_000)),  # long comments and blank lines
    token_soup.map(lambda s: s * 500),  # TOML-ish garbage, repeated so it packs small
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile)
def test_a_short_link_or_a_raw_text_costs_little_to_read_whatever_it_holds(text: str) -> None:
    # Measured over 1,000 examples on the project's shared 2-core machine (about 80% of the links
    # packed to 300 characters or fewer): the slowest raw text took 0.04 s of CPU (14,532 characters
    # of "a = [1, 1, ..."), the slowest link 0.07 s once, a garbage-collector pause: the same link read
    # again costs 0.2 ms. The dearest link the guard lets through, 999 "[[a]]" tables, costs 0.02 to
    # 0.04 s to parse and be refused by the game's reader. The issue's bound is 0.1 s.
    seconds, _ = cpu_outcome(lambda: parse_toml(text))
    assert seconds < CPU_BOUND, f"{len(text)} characters took {seconds:.3f} s"
    link = position_link(text)
    if len(link) <= LINK_CHARS:
        seconds, _ = cpu_outcome(lambda: read_query(link))
        assert seconds < CPU_BOUND, f"a {len(link)}-character link took {seconds:.3f} s"


# --- no real position is refused ----------------------------------------------------------------
def real_positions(game_id: str) -> list[explorer.State]:
    """Starting positions (fewest and most players) and every 25th position of two seeded random games."""
    game = explorer.load_game(game_id)
    found = [game.initial_state(), game.initial_state(**MOST_PLAYERS.get(game_id, {}))]
    for seed in (1, 2):
        match = Match(game.initial_state(**MOST_PLAYERS.get(game_id, {})), seed=seed)
        match.play("random", max_steps=400)
        found.extend(match.states[::25])
        found.append(match.state)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_real_position_passes_the_guard_with_margin_and_round_trips(game_id: str) -> None:
    game = explorer.load_game(game_id)
    for state in real_positions(game_id):
        text = state.position_text()
        shape = check_position_toml(text)
        # the margins the guard's table promises (largest measured: 3,906 chars, depth 6, 24-char key,
        # 114 key parts, 204 values); a game whose format outgrows them should re-measure the limits
        assert shape.chars <= MAX_POSITION_CHARS // 5 and shape.depth < MAX_DEPTH
        assert shape.longest_key <= MAX_KEY_CHARS // 2
        assert shape.keys <= MAX_KEYS // 5 and shape.values <= MAX_VALUES // 5
        assert game.position_from_text(text).position_text() == text


def test_a_new_array_table_entry_starts_without_the_lists_of_the_entry_before() -> None:
    # Found by the property test above (CI, session 7): ``[["".""]]`` is a list inside the first entry of
    # ``[[""]]``; in the second entry ``["".""]`` is a plain table, so ``[""."".""]`` is 4 deep, not 5.
    text = '[[""]]\n\n[["".""]]\n\n[[""]]\n\n["".""]\n\n[""."".""]\n'
    assert depth_of(tomllib.loads(text)) == 4
    assert check_position_toml(text).depth == 4
