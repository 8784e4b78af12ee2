"""Share links: a match or a position packed into a URL query, and read back through the referee.

A link carries data, never instructions (docs/architecture.md rule 6). ``match_query``
packs the game id, variant, the file options the game allows, the seed, the
exact start position, every move as text and the cursor; ``position_query``
packs a position in the player's words. Both are compressed and base64url
encoded. ``read_query`` undoes that with hard limits on every size (a
compression bomb stops at the cap), rebuilds the game through
``game_from_identity`` (so a link can never name a file for the kernel to
open), checks the start with the game's referee and replays each move through
the rules, so a hostile link is refused with a sentence and nothing else. A position's
text goes through the same bounded reader as the editor and files (a linear scan,
:mod:`explorer.core.toml_guard`, then ``tomllib``) before the game is even built, and the
link's format field ``v`` must be the whole number 1.

The moves are replayed as they were played, chance outcomes included, so the
position is exact; what the generator will draw *next* comes from the seed
again (the link does not carry the generator's internal state).

>>> import explorer
>>> match = explorer.Match(explorer.load_game("star_realms"), seed=4)
>>> match.play("random", max_steps=25)
25
>>> shared = read_query(match_query(match))
>>> shared.match.state == match.state, shared.kind
(True, 'match')
>>> read_query("game=star_realms&match=AAAA")
Traceback (most recent call last):
...
explorer.errors.StateFormatError: link: the match data is damaged (not a compressed match)
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode

from explorer.core.game import Game, game_from_identity
from explorer.core.match import Match
from explorer.core.position import excerpt, parse_toml
from explorer.core.serial import decode, encode
from explorer.errors import RulesError, StateFormatError

LINK_FORMAT = 1
MAX_QUERY_CHARS = 60_000
"""Longest query read (browsers and servers cut URLs near 64 kB); longer links are refused unread."""
MAX_UNPACKED_BYTES = 4_000_000
"""Most bytes a link may unpack to; decompression stops there (a compression bomb is refused)."""
MAX_LINK_MOVES = 20_000
MAX_LINK_FIELDS = 8
"""Most fields (``name=value`` parts between ``&``) a query may have; a longer list is refused unread."""
LINK_FIELDS = ("game", "match", "position", "seed")
"""The fields a link is read for; any other field (at most ``MAX_LINK_FIELDS`` in all) is left alone."""
MAX_SEED = 2**63 - 1
"""The largest seed a link may carry: the largest a :class:`~explorer.Match` takes."""


@dataclass(frozen=True)
class SharedLink:
    """What a link opened: ``kind`` is ``"match"`` or ``"position"``; ``derived`` what a position derived."""

    kind: str
    match: Match
    derived: tuple[str, ...] = ()


def _pack(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")


def _unpack(text: str, what: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise StateFormatError(f"link: the {what} data is damaged (not base64url text)") from None
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(raw, MAX_UNPACKED_BYTES)
    except zlib.error:
        raise StateFormatError(f"link: the {what} data is damaged (not a compressed {what})") from None
    if inflater.unconsumed_tail:
        raise StateFormatError(f"link: the {what} unpacks to more than {MAX_UNPACKED_BYTES} bytes; refused")
    if not inflater.eof:
        raise StateFormatError(f"link: the {what} data is damaged (not a compressed {what})")
    return out


def match_query(match: Match) -> str:
    """The URL query (without ``?``) that reopens ``match`` at its cursor, moves after it included."""
    data = {
        "v": LINK_FORMAT, **match.game.identity(), "seed": match.seed,
        "start": encode(match.states[0]), "moves": [str(e.action) for e in match.entries], "cursor": match.cursor,
    }
    packed = _pack(json.dumps(data, separators=(",", ":")).encode("utf-8"))
    return urlencode({"game": match.game.info.id, "match": packed})


def position_query(state: Any) -> str:
    """The URL query that opens ``state``'s position (in the player's words; deck order is not kept)."""
    game: Game = state.game
    payload = {"v": LINK_FORMAT, **game.identity(), "position": state.position_text()}
    return urlencode({"game": game.info.id,
                      "position": _pack(json.dumps(payload, separators=(",", ":")).encode("utf-8"))})


def query_fields(query: str, *, strict: bool = False) -> dict[str, list[str]]:
    """The fields of a query (``?`` optional), each with every value it was given, empty ones included.

    A query of more than ``MAX_LINK_FIELDS`` fields is refused unread, with a sentence (the standard
    reader's own ``ValueError`` would reach the page in Python's words). ``strict`` also refuses a
    field that is not ``name=value``.

    >>> query_fields("game=star_realms&seed=")
    {'game': ['star_realms'], 'seed': ['']}
    """
    query = query[1:] if query.startswith("?") else query
    count = query.count("&") + 1  # as the standard reader counts them
    if count > MAX_LINK_FIELDS:
        raise StateFormatError(
            f"link: {count} fields; a link has at most {MAX_LINK_FIELDS}, and the fields read are "
            f"{', '.join(LINK_FIELDS[:-1])} and {LINK_FIELDS[-1]}")
    try:
        return parse_qs(query, keep_blank_values=True, strict_parsing=strict, max_num_fields=MAX_LINK_FIELDS)
    except ValueError as err:
        raise StateFormatError(f"link: not a query string ({excerpt(str(err))})") from None


def _one(fields: dict[str, list[str]], name: str) -> str | None:
    """The value of field ``name``, ``None`` when absent; a field given twice is refused (which one was meant?)."""
    values = fields.get(name)
    if values is None:
        return None
    if len(values) > 1:
        raise StateFormatError(f"link: {name}= appears {len(values)} times; a link gives it once")
    return values[0]


def query_game_id(query: str) -> str | None:
    """The game id a query names (``game=...``), or ``None``; nothing else is read.

    A query too long to be a link names no game; one with too many fields, or two games, is
    refused (:class:`~explorer.errors.StateFormatError`).
    """
    if not isinstance(query, str) or len(query) > MAX_QUERY_CHARS:
        return None
    return _one(query_fields(query), "game")


def query_seed(query: str) -> int | None:
    """The seed a ``?game=...&seed=N`` link asks a new game to use, or ``None`` when it names none.

    A seed is written in the digits 0-9 only (``int()`` would also read '٤' as 4, and
    ``str.isdigit`` passes '²' and '④', which ``int()`` then rejects); anything else, an empty
    seed, a seed given twice or one past ``MAX_SEED`` is refused with a
    :class:`~explorer.errors.StateFormatError` saying what is allowed.

    >>> query_seed("game=star_realms&seed=17"), query_seed("game=star_realms")
    (17, None)
    >>> query_seed("seed=-3")
    Traceback (most recent call last):
    ...
    explorer.errors.StateFormatError: link: seed must be a whole number from 0 to 2**63 - 1 written with the digits 0-9, got '-3'
    """
    if not isinstance(query, str) or len(query) > MAX_QUERY_CHARS:
        return None
    text = _one(query_fields(query), "seed")
    if text is None:
        return None
    allowed = "a whole number from 0 to 2**63 - 1 written with the digits 0-9"
    if not text:
        raise StateFormatError(f"link: the seed is empty (seed= with nothing after it); a seed is {allowed}")
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(MAX_SEED)) and int(text) <= MAX_SEED):
        raise StateFormatError(f"link: seed must be {allowed}, got {excerpt(text)}")
    return int(text)


def read_query(query: str, *, game: Game | None = None, seed: int = 0) -> SharedLink:
    """Open a link's query: a match (replayed move by move) or a position (read by the referee).

    ``game``, chosen in code, is used when the link names the same game and
    options. Every refusal is a ``StateFormatError`` that says what was wrong.
    """
    if not isinstance(query, str):
        raise StateFormatError(f"link: expected the query text of a URL, got {type(query).__name__}")
    if len(query) > MAX_QUERY_CHARS:
        raise StateFormatError(f"link: {len(query)} characters; a link is at most {MAX_QUERY_CHARS}")
    fields = query_fields(query, strict=True)
    kinds = [k for k in ("match", "position") if k in fields]
    if len(kinds) != 1 or len(fields[kinds[0]]) != 1:
        raise StateFormatError("link: expected exactly one of match=... or position=...")
    kind = kinds[0]
    if not fields[kind][0]:
        raise StateFormatError(f"link: the {kind} is empty ({kind}= with nothing after it; "
                               f"Copy link puts the {kind}'s data there)")
    unpacked = _unpack(fields[kind][0], kind)
    try:
        data = json.loads(unpacked.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise StateFormatError(f"link: the {kind} data is damaged (not JSON)") from None
    except RecursionError:
        raise StateFormatError(f"link: the {kind} data is nested too deeply") from None
    if not isinstance(data, dict) or "v" not in data:
        raise StateFormatError(f"link: not a link of format {LINK_FORMAT} (made by another version?)")
    _check_format(data["v"])
    named = _one(fields, "game")
    if named is not None and named != data.get("game"):
        raise StateFormatError(f"link: game={excerpt(named)} but the data is a {excerpt(data.get('game'))} game")
    position: dict[str, Any] = {}
    if kind == "position":
        text = data.get("position")
        if not isinstance(text, str):
            raise StateFormatError("link: the position is missing")
        # read before the game is built, through the same bounded reader as the editor and files
        # (explorer.core.toml_guard): a hostile text costs one linear scan, whatever it holds
        position = parse_toml(text)
    the_game = game_from_identity(data, game)
    if kind == "position":
        reading = the_game.read_position_data(position)
        return SharedLink("position", Match(reading.state, seed=seed), reading.derived)
    return SharedLink("match", _replay(the_game, data))


def _check_format(version: Any) -> None:
    """The link's format field ``v`` must be the whole number 1 (JSON ``true`` and ``1.0`` equal 1 in Python)."""
    if isinstance(version, bool) or not isinstance(version, int) or version != LINK_FORMAT:
        if isinstance(version, (bool, float)) or version is None:
            shown = json.dumps(version)
        elif isinstance(version, str):
            shown = f"the text {excerpt(version)}"
        elif isinstance(version, (list, dict)):
            shown = "a list" if isinstance(version, list) else "an object"
        else:
            shown = excerpt(version)
        raise StateFormatError(f"link: not a link of format {LINK_FORMAT}: its format field v is {shown}; "
                               f"this version reads only v = {LINK_FORMAT}, the whole number (made by another version?)")


def _replay(game: Game, data: dict[str, Any]) -> Match:
    seed, moves, cursor = data.get("seed"), data.get("moves"), data.get("cursor")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise StateFormatError(f"link: seed must be a whole number from 0 to 2**63 - 1, got {excerpt(seed)}")
    if not isinstance(moves, list) or len(moves) > MAX_LINK_MOVES:
        raise StateFormatError(f"link: moves must be a list of at most {MAX_LINK_MOVES} moves")
    if "start" not in data:
        raise StateFormatError("link: the start position is missing")
    try:
        start = game.check(decode(game.state_class, data["start"], "start", game=game))
    except RecursionError:
        raise StateFormatError("link: start is nested too deeply") from None
    match = Match(start, seed=seed)
    for i, move in enumerate(moves):
        if not isinstance(move, str):
            raise StateFormatError(f"link: moves[{i}] is not a move's text: {excerpt(move)}")
        try:
            match.step(move)
        except RulesError as err:
            raise StateFormatError(f"link: moves[{i}] ({excerpt(move)}) does not replay: {err.message}") from None
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor < len(match):
        raise StateFormatError(f"link: cursor must be from 0 to {len(match) - 1}, got {excerpt(cursor)}")
    match.goto(cursor)
    return match
