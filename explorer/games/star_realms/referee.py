"""The referee: refuse a Star Realms state the rules can never reach, naming the zone.

Run on every way a position comes in (saved state, saved match, position text,
share link, upload) through ``game.check``. It checks that every card exists and
sits in a zone that may hold it, that every card of the box is conserved across
all zones (80 trade cards, 8 Scouts and 2 Vipers per player, 10 to 16 Explorers),
that Authority, pools and the turn are in range, that the trade row holds at
most 5 cards and is refilled whenever it can be, and that the phase is one the
rules stop at (nothing left that would resolve at once).

>>> import explorer
>>> game = explorer.load_game("star_realms")
>>> s = game.initial_state()
>>> game.check_state(s) is None
True
>>> game.check_state(s.replace(explorers=17))
Traceback (most recent call last):
...
explorer.errors.StateFormatError: Explorer pile: it holds 0 to 16 cards, got 17
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from explorer.core import Multiset
from explorer.core.position import check_conserved, excerpt
from explorer.errors import StateFormatError
from explorer.games.star_realms.cards import FACTIONS, starting_deck, trade_deck
from explorer.games.star_realms.effects import SCRAPPED_SHIP
from explorer.games.star_realms.formats import FORMATS, PLAYER_COUNTS, make_format
from explorer.games.star_realms.fields import MAX_AUTHORITY, MAX_TURN, STAGES, label, task_problem
from explorer.games.star_realms.rules import settle

if TYPE_CHECKING:
    from explorer.games.star_realms.game import StarRealms
    from explorer.games.star_realms.state import StarRealmsState

ROW_SIZE = 5


_PATH = re.compile(r"^(?P<path>[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*)(?P<rest>(?: \([^)]*\))?: .*)$", re.S)


def _fail(message: str) -> None:
    """Refuse the position; a leading field path is said as the form labels it (``Player 1 › hand``)."""
    found = _PATH.match(message)
    if found:
        message = label(found["path"]) + found["rest"]
    raise StateFormatError(message)


def _check_shape(s: "StarRealmsState") -> None:
    if s.format not in FORMATS:
        _fail(f"format: {excerpt(s.format)} is not a format; formats: {', '.join(FORMATS)}")
    n = len(s.players)
    if n not in PLAYER_COUNTS[s.format]:
        _fail(f"players: format {s.format} is for {', '.join(map(str, PLAYER_COUNTS[s.format]))} players, got {n}")
    fmt = make_format(s.format, n)
    if len(s.authority) != len(fmt.authority):
        _fail(f"authority: format {s.format} with {n} players keeps {len(fmt.authority)} Authority scores, "
              f"got {len(s.authority)}")
    for i, a in enumerate(s.authority):
        if not 0 <= a <= MAX_AUTHORITY:
            seats = [q + 1 for q in range(n) if fmt.lives[q] == i]
            _fail(f"players[{seats[0] - 1}].authority: expected 0 to {MAX_AUTHORITY} (Authority stops at 0), got {a}")
    if s.stage not in STAGES:
        _fail(f"stage: expected one of {', '.join(STAGES)}, got {excerpt(s.stage)}")
    if not 0 <= s.group < len(fmt.groups) or s.actor not in fmt.groups[s.group]:
        _fail(f"moving: player {s.actor + 1} does not move in turn group {s.group + 1} of format {s.format}")
    if s.stage == "setup" and s.turn != 0:
        _fail(f"turn: the setup comes before turn 1, got turn {s.turn}")
    if s.stage != "setup" and not 1 <= s.turn <= MAX_TURN:
        _fail(f"turn: expected 1 to {MAX_TURN} after the setup, got {s.turn}")


def _check_zones(game: "StarRealms", s: "StarRealmsState") -> None:
    cards = game.cards
    for q, p in enumerate(s.players):
        where = f"players[{q}]"
        for zone, bag in (("hand", p.hand), ("deck", p.deck.contents()), ("discard", p.discard)):
            for name in bag.kinds():
                if name not in cards:
                    _fail(f"{where}.{zone}: no card {excerpt(name)} in Star Realms")
        if p.deck.bottom:
            _fail(f"{where}.deck: no Star Realms rule puts a card under a deck")
        for zone, records, want in (("bases", p.bases, "base"), ("ships", p.ships, "ship")):
            for r in records:
                card = cards.get(r.name)
                if card is None or card.is_base != (want == "base"):
                    _fail(f"{where}.{zone}: {excerpt(r.name)} is not a {want}")
                if r.copied and (r.name != "Stealth Needle" or r.copied not in cards
                                 or not cards[r.copied].is_ship or r.copied == "Stealth Needle"):
                    _fail(f"{where}.{zone}: {r.name} cannot be copying {excerpt(r.copied)}")
                if want == "ship" and r.primary_used:
                    _fail(f"{where}.ships: a ship's primary ability resolves when played; only bases are 'used'")
        for k in p.played.kinds():
            if str(k).startswith(SCRAPPED_SHIP):
                if game.variant != "needle_copies_scrapped" or str(k)[len(SCRAPPED_SHIP):] not in cards:
                    _fail(f"{where}.ships_scrapped_this_turn: {excerpt(k)} is not remembered in variant {game.variant}")
            elif k not in FACTIONS + ("Unaligned",):
                _fail(f"{where}.played_this_turn: {excerpt(k)} is not a faction")
        for faction in FACTIONS:  # each faction played this turn is a card still in play or scrapped
            seen = sum(1 for r in p.ships + p.bases if faction in (cards[r.name].faction, cards.get(r.copied) and
                                                                   cards[r.copied].faction))
            seen += sum(n for name, n in s.scrap_heap.items() if name in cards and cards[name].faction == faction)
            if p.played.count(faction) > seen:
                _fail(f"{where}.played_this_turn: {p.played.count(faction)} {faction} cards played this turn, but "
                      f"only {seen} are in play or in the scrap heap")
        for pool in ("trade", "combat"):
            if not 0 <= getattr(p, pool) <= MAX_AUTHORITY:
                _fail(f"{where}.{pool}: expected 0 to {MAX_AUTHORITY}, got {getattr(p, pool)}")
    for name in s.row.kinds():
        if name not in cards or not cards[name].copies:
            _fail(f"trade_row: {excerpt(name)} is not a trade card")
    for name in s.scrap_heap.kinds():
        if name not in cards or name == "Explorer":
            _fail(f"scrap_heap: {excerpt(name)} cannot be in the scrap heap (scrapped Explorers go back to their pile)")
    if len(s.row) > ROW_SIZE:
        _fail(f"trade_row: at most {ROW_SIZE} cards, got {len(s.row)}")
    if s.trade_deck.top or s.trade_deck.bottom:
        _fail("trade_deck: its order is never known")


def _check_conservation(game: "StarRealms", s: "StarRealmsState") -> None:
    cards = game.cards
    n = len(s.players)
    start = starting_deck(cards)
    box = Counter(trade_deck(cards))
    for k, v in start.items():
        box[k] += v * n
    zones: dict[str, Multiset] = {label("trade_deck"): s.trade_deck.contents(), label("trade_row"): s.row,
                                  label("scrap_heap"): s.scrap_heap}
    for q, p in enumerate(s.players):
        for zone, bag in (("hand", p.hand), ("deck", p.deck.contents()), ("discard", p.discard),
                          ("bases", Multiset(r.name for r in p.bases)), ("ships", Multiset(r.name for r in p.ships))):
            zones[label(f"players[{q}].{zone}")] = bag
    total: Counter = Counter()
    for bag in zones.values():
        for card, v in bag.items():
            total[card] += v
    owned = total.pop("Explorer", 0)
    if total != box:  # say which card and where, with the core's wording
        others: dict[str, Multiset] = {k: Multiset({c: m for c, m in v.items() if c != "Explorer"}) for k, v in zones.items()}
        check_conserved(Multiset(dict(box)), others)
    if game.variant == "unlimited_explorers":
        if not 10 <= s.explorers <= 16:
            _fail(f"explorers: it is set to 10 to 16 cards at setup, got {s.explorers}")
    elif not 0 <= s.explorers <= 16:
        _fail(f"explorers: it holds 0 to 16 cards, got {s.explorers}")
    elif not 10 <= s.explorers + owned <= 16:
        _fail(f"explorers: {s.explorers} in the pile and {owned} owned by players make {s.explorers + owned}; "
              "the box holds 10 to 16 Explorers")


def _check_phase(game: "StarRealms", s: "StarRealmsState") -> None:
    for i, t in enumerate(s.queue):
        if not 0 <= t.player < len(s.players):
            _fail(f"pending[{i}].player: no player {t.player + 1}")
        if not 0 <= t.amount <= 99 or not 0 <= t.done <= 99:
            _fail(f"pending[{i}].amount: expected 0 to 99")
        problem = task_problem(game, s, t)
        if problem:
            _fail(f"pending[{i}]: {problem}")
        if s.stage != "main" and (t.kind not in ("draw", "refill") or t.card):
            _fail(f"pending[{i}]: only draws and the trade row wait outside the main phase, got {t.kind}")
    if s.stage == "main" and not s.queue and s.outcome() is None and not s.alive[s.actor]:
        _fail(f"moving: player {s.actor + 1} has no Authority left and cannot move")
    moving = set(s.fmt.groups[s.group]) if s.stage == "main" else set()
    for q, p in enumerate(s.players):
        if q not in moving and (p.ships or p.trade or p.combat or p.played or p.next_ship_to_top):
            _fail(f"players[{q}].ships: only the players whose turn it is have ships in play or pools "
                  f"(player {q + 1} is not moving in the {s.stage} stage)")
    if s.stage != "setup" and len(s.row) < ROW_SIZE and s.trade_deck and not any(t.kind == "refill" for t in s.queue):
        _fail(f"trade_row: {len(s.row)} cards while the trade deck holds {len(s.trade_deck)}; "
              "the row is refilled at once")
    if settle(s) != s:
        what = f"pending[0] ({s.queue[0].kind})" if s.queue else f"stage ({s.stage})"
        _fail(f"{what}: the rules never stop here — something would resolve at once "
              "(an ally ability whose ally is in play, an automatic effect, or the next turn's start)")


def check_state(s: "StarRealmsState") -> None:
    """Raise ``StateFormatError`` naming the zone if the rules can never reach ``s``."""
    game = s.game
    _check_shape(s)
    _check_zones(game, s)
    _check_conservation(game, s)
    _check_phase(game, s)
