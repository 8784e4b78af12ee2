"""Share links: a match or a position packed into a URL query, and read back through the referee.

A link carries data, never instructions (DESIGN.md rule 6). ``match_query``
packs the game id, variant, the file options the game allows, the seed, the
exact start position, every move as text and the cursor; ``position_query``
packs a position in the player's words. Both are compressed and base64url
encoded. ``read_query`` undoes that with hard limits on every size (a
compression bomb stops at the cap), rebuilds the game through
``game_from_identity`` (so a link can never name a file for the kernel to
open), checks the start with the game's referee and replays each move through
the rules, so a hostile link is refused with a sentence and nothing else.

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
from explorer.core.position import excerpt
from explorer.core.serial import decode, encode
from explorer.errors import RulesError, StateFormatError

LINK_FORMAT = 1
MAX_QUERY_CHARS = 60_000
"""Longest query read (browsers and servers cut URLs near 64 kB); longer links are refused unread."""
MAX_UNPACKED_BYTES = 4_000_000
"""Most bytes a link may unpack to; decompression stops there (a compression bomb is refused)."""
MAX_LINK_MOVES = 20_000


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


def query_game_id(query: str) -> str | None:
    """The game id a query names (``game=...``), or ``None``; nothing else is read."""
    if not isinstance(query, str) or len(query) > MAX_QUERY_CHARS:
        return None
    values = parse_qs(query, max_num_fields=8).get("game")
    return values[0] if values else None


def query_seed(query: str) -> int | str | None:
    """The seed a ``?game=...&seed=N`` link asks a new game to use; a sentence when it is not a seed.

    >>> query_seed("game=star_realms&seed=17"), query_seed("game=star_realms"), query_seed("seed=-3")
    (17, None, "link: seed must be a whole number from 0 to 2**53 - 1, got '-3'")
    """
    if not isinstance(query, str) or len(query) > MAX_QUERY_CHARS:
        return None
    values = parse_qs(query, max_num_fields=8).get("seed")
    if not values:
        return None
    text = values[0]
    if not (text.isdigit() and len(text) <= 16 and int(text) < 2**53):
        return f"link: seed must be a whole number from 0 to 2**53 - 1, got {excerpt(text)}"
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
    try:
        fields = parse_qs(query.lstrip("?"), strict_parsing=True, max_num_fields=8)
    except ValueError as err:
        raise StateFormatError(f"link: not a query string ({excerpt(str(err))})") from None
    kinds = [k for k in ("match", "position") if k in fields]
    if len(kinds) != 1 or len(fields[kinds[0]]) != 1:
        raise StateFormatError("link: expected exactly one of match=... or position=...")
    kind = kinds[0]
    unpacked = _unpack(fields[kind][0], kind)
    try:
        data = json.loads(unpacked.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise StateFormatError(f"link: the {kind} data is damaged (not JSON)") from None
    except RecursionError:
        raise StateFormatError(f"link: the {kind} data is nested too deeply") from None
    if not isinstance(data, dict) or data.get("v") != LINK_FORMAT:
        raise StateFormatError(f"link: not a link of format {LINK_FORMAT} (made by another version?)")
    named = fields.get("game", [data.get("game")])[0]
    if named != data.get("game"):
        raise StateFormatError(f"link: game={excerpt(named)} but the data is a {excerpt(data.get('game'))} game")
    the_game = game_from_identity(data, game)
    if kind == "position":
        text = data.get("position")
        if not isinstance(text, str):
            raise StateFormatError("link: the position is missing")
        reading = the_game.read_position(text)
        return SharedLink("position", Match(reading.state, seed=seed), reading.derived)
    return SharedLink("match", _replay(the_game, data))


def _replay(game: Game, data: dict[str, Any]) -> Match:
    seed, moves, cursor = data.get("seed"), data.get("moves"), data.get("cursor")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
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
