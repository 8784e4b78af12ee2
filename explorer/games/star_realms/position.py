"""A Star Realms position in a player's words: what the table shows, written as TOML and read back.

Written: the format, the stage (``setup``, ``main``, ``draw``), the turn number,
the seat at the controls (``moving``, 1-based: the form's "player moving"), the trade row, the Explorer pile
and the scrap heap; per seat: Authority (teammates in Hydra repeat their shared
score), hand, deck *contents* with an optional known top (``deck_top``, top
first), discard pile, bases in play (with ``primary_used``), ships in play and,
for the players moving in the main stage, the Trade and Combat gained so far this turn (``trade``,
``combat``; Authority gained is already in ``authority``), then
``next_ship_on_top`` and the factions ``played_this_turn``. Effects still resolving are listed under ``pending``.
The trade deck is never written: it is "the rest" of the 80 trade cards and
reading reports it as derived. What the format leaves out: the order of the
unknown part of every deck (the rules never know it either), so a round trip
gives back an equal state.

>>> import explorer
>>> game = explorer.load_game("star_realms")
>>> s = game.position(hand=["Scout x3", "Viper"], opponent_hand=["Scout x5"])
>>> s.players[0].hand, len(s.trade_deck), s.phase
(Multiset({'Scout': 3, 'Viper': 1}), 75, 'main phase (player 1, turn 1)')
>>> game.position_from_text(s.position_text()) == s
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from explorer.core import Deck, Multiset, counted
from explorer.core.position import PositionReader
from explorer.errors import StateFormatError
from explorer.games.star_realms.cards import EFFECT_KINDS, FACTIONS, load_cards, starting_deck, trade_deck
from explorer.games.star_realms.effects import SCRAPPED_SHIP, scrapped_ships
from explorer.games.star_realms.formats import FORMATS, PLAYER_COUNTS, make_format
from explorer.games.star_realms.state import InPlay, PlayerState, StarRealmsState, Task
from explorer.games.star_realms import referee
from explorer.games.star_realms.allies import trigger_allies
from explorer.games.star_realms.fields import (LABEL_WORDS, MAX_AUTHORITY, MAX_TURN, STAGE_WORDS, STAGES, TASK_KINDS,
                                              label)

if TYPE_CHECKING:
    from explorer.games.star_realms.game import StarRealms

FORM_ENTRIES: dict[str, dict[str, Any]] = {"bases": {"name": "", "primary_used": False}, "ships": {"name": ""},
                                           "pending": {"kind": "", "player": 1, "amount": 1}}
"""The fields the editor shows on each entry of these lists, and what a new one holds (a base, a ship played)."""
FORMAT_WORDS: dict[str, str] = {"standard": "Standard (1 vs 1)", "free_for_all": "Free for all", "hunter": "Hunter",
                                "hydra": "Hydra (teams)", "emperor": "Emperor (teams)", "raid": "Raid (boss vs all)"}
"""Each format in the rulebook's words, as the panel's format picker names it."""
FORM_WORDS: dict[str, dict[str, str]] = {"format": FORMAT_WORDS, "stage": STAGE_WORDS}
"""The format and the stage in words ("Free for all", "a player's turn (main phase)"); the editor shows these and
reads back the id (``free_for_all``, ``main``)."""


def _in_play(records: tuple["InPlay", ...], base: bool) -> list[dict[str, Any]]:
    out = []
    for r in records:
        entry: dict[str, Any] = {"name": r.name}
        if r.copied:
            entry["copying"] = r.copied
        if base:
            entry["primary_used"] = r.primary_used
        entry["ally_used"] = r.ally_used
        if r.ally2_used:
            entry["double_ally_used"] = True
        out.append(entry)
    return out


def _player(s: "StarRealmsState", seat: int) -> dict[str, Any]:
    p = s.players[seat]
    out: dict[str, Any] = {"authority": s.authority_of(seat), "hand": counted(p.hand),
                           "deck": counted(p.deck.contents())}
    if p.deck.top:
        out["deck_top"] = list(p.deck.top)
    out["discard"] = counted(p.discard)
    turn_under_way = s.stage == "main" and seat in s.fmt.groups[s.group]
    if turn_under_way or p.trade or p.combat or p.next_ship_to_top or p.played:
        out["trade"], out["combat"] = p.trade, p.combat  # the form's fields for a turn already under way
        if p.next_ship_to_top:
            out["next_ship_on_top"] = True
        factions: Multiset[str] = Multiset({k: n for k, n in p.played.items() if not str(k).startswith(SCRAPPED_SHIP)})
        if factions:
            out["played_this_turn"] = counted(factions)
        if scrapped_ships(p.played):
            out["ships_scrapped_this_turn"] = list(scrapped_ships(p.played))
    out["bases"] = _in_play(p.bases, True)
    out["ships"] = _in_play(p.ships, False)
    return out


def _task(t: "Task") -> dict[str, Any]:
    out: dict[str, Any] = {"kind": t.kind, "player": t.player + 1, "amount": t.amount}
    if t.card:
        out.update(card=t.card, ability=t.slot, step=t.index)
    if t.done:
        out["done"] = t.done
    return out


def position_dict(s: "StarRealmsState") -> dict[str, Any]:
    """The position as nested tables of names and numbers (see the module docstring)."""
    out: dict[str, Any] = {"format": s.format, "stage": s.stage, "turn": s.turn, "moving": s.actor + 1,
                           "explorers": s.explorers, "trade_row": counted(s.row), "scrap_heap": counted(s.scrap_heap)}
    if s.queue:
        out["pending"] = [_task(t) for t in s.queue]
    out["players"] = [_player(s, q) for q in range(len(s.players))]
    return out


# --- reading ------------------------------------------------------------------------------------
def position_vocabulary(game: "StarRealms") -> dict[str, tuple[str, ...]]:
    """For each key holding names, the names a player may write there."""
    cards = game.cards
    owned = tuple(sorted(n for n, c in cards.items()))
    return {
        "hand": owned, "deck": owned, "deck_top": owned, "discard": owned,
        "bases": tuple(sorted(n for n, c in cards.items() if c.is_base)),
        "ships": tuple(sorted(n for n, c in cards.items() if c.is_ship)),
        "trade_row": tuple(sorted(trade_deck(cards))),
        "scrap_heap": tuple(sorted(n for n in cards if n != "Explorer")),
        "played_this_turn": FACTIONS + ("Unaligned",),
        "format": FORMATS, "stage": STAGES,
    }


def _records(r: PositionReader, key: str, names: tuple[str, ...], base: bool,
             implicit: set[tuple[str, int]]) -> tuple["InPlay", ...]:
    """Bases or ships in play; ``implicit`` gets ``(key, i)`` for each record whose ally flags were not written."""
    out = []
    for i, t in enumerate(r.tables(key) if r.has(key) else []):
        if not t.has("ally_used") and not t.has("double_ally_used"):
            implicit.add((key, i))
        name = t.text("name", names)
        copied = t.text("copying", tuple(n for n in names if n != "Stealth Needle"), default="") \
            if t.has("copying") else ""
        if copied and name != "Stealth Needle":
            raise StateFormatError(f"{t.at('copying')}: only a Stealth Needle copies a ship, not {name}")
        out.append(InPlay(name, copied, t.flag("ally_used", False), t.flag("double_ally_used", False),
                          t.flag("primary_used", False) if base else False))
        t.finish()
    r.raw(key, [])
    return tuple(out)


def _read_player(game: "StarRealms", r: PositionReader, voc: dict[str, tuple[str, ...]],
                 implicit: set[tuple[str, int]]) -> tuple["PlayerState", int]:
    authority = r.int("authority", 0, MAX_AUTHORITY)
    deck = r.names("deck", voc["deck"])
    top = r.ordered("deck_top", voc["deck_top"])
    if not Multiset(top) <= deck:
        raise StateFormatError(f"{r.at('deck_top')}: the known top {list(top)} must be among the deck's cards "
                               f"{counted(deck)}")
    played = r.names("played_this_turn", voc["played_this_turn"])
    scrapped = r.ordered("ships_scrapped_this_turn", voc["ships"])
    if scrapped and game.variant != "needle_copies_scrapped":
        raise StateFormatError(f"{r.at('ships_scrapped_this_turn')}: remembered only in the variant "
                               f"needle_copies_scrapped (this game is {game.variant})")
    player = PlayerState(
        hand=r.names("hand", voc["hand"]),
        deck=Deck(top=top, middle=deck - Multiset(top)),
        discard=r.names("discard", voc["discard"]),
        bases=_records(r, "bases", voc["bases"], True, implicit),
        ships=_records(r, "ships", voc["ships"], False, implicit),
        trade=r.int("trade", 0, MAX_AUTHORITY, 0),
        combat=r.int("combat", 0, MAX_AUTHORITY, 0),
        played=played + Multiset(SCRAPPED_SHIP + n for n in set(scrapped)),  # remembered once per name
        next_ship_to_top=r.flag("next_ship_on_top", False),
    )
    r.finish()
    return player, authority


def _read_task(game: "StarRealms", r: PositionReader, players: int) -> "Task":
    kinds = tuple(sorted(set(EFFECT_KINDS) | set(TASK_KINDS)))
    kind = r.text("kind", kinds)
    player = r.int("player", 1, players) - 1
    amount = r.int("amount", 0, 99)
    card = r.text("card", tuple(game.cards), default="") if r.has("card") else ""
    slot = r.text("ability", default="") if r.has("ability") else ""
    index = r.int("step", 0, 20, 0)
    done = r.int("done", 0, 99, 0)
    r.finish()
    return Task(kind, player, card, slot, index, amount, done)


def position_from_dict(game: "StarRealms", data: dict[str, Any], derived: list[str]) -> "StarRealmsState":
    """Build the state a position table describes; ``derived`` gets a sentence per zone worked out.

    Shorthand for the editor and scenarios: without ``players``, ``hand``,
    ``deck``, ``discard`` and ``opponent_hand`` describe a 2-player main phase of
    player 1 (the opponent's deck and hand are the rest of a starting deck).
    """
    data = _expand_shorthand(data, derived)
    r = PositionReader(data, "", LABEL_WORDS)
    voc = position_vocabulary(game)
    fmt_name = r.text("format", FORMATS)
    tables = r.tables("players", (2, 6))
    if len(tables) not in PLAYER_COUNTS[fmt_name]:
        allowed = ", ".join(map(str, PLAYER_COUNTS[fmt_name]))
        raise StateFormatError(f"{label('players')}: format {fmt_name} is for {allowed} players, got {len(tables)}")
    fmt = make_format(fmt_name, len(tables))
    stage = r.text("stage", STAGES)
    turn = r.int("turn", 0, MAX_TURN)
    moving = r.int("moving", 1, fmt.players) - 1
    explorers = r.int("explorers", 0, 16)
    row = r.names("trade_row", voc["trade_row"])
    heap = r.names("scrap_heap", voc["scrap_heap"])
    queue = tuple(_read_task(game, t, fmt.players) for t in (r.tables("pending") if r.has("pending") else []))
    r.raw("pending", [])
    implicit: list[set[tuple[str, int]]] = [set() for _ in tables]
    seats = [_read_player(game, t, voc, implicit[q]) for q, t in enumerate(tables)]
    r.finish()
    authority: list[int | None] = [None] * len(fmt.authority)
    for q, (_, value) in enumerate(seats):
        life = fmt.lives[q]
        if authority[life] is not None and authority[life] != value:
            first = fmt.lives.index(life)
            raise StateFormatError(f"{label(f'players[{q}].authority')}: teammates share one Authority; player {first + 1} "
                                   f"has {authority[life]}, player {q + 1} has {value}")
        authority[life] = value
    players = tuple(p for p, _ in seats)
    seen = row + heap
    for p in players:
        seen = seen + p.all_cards()
    box: Multiset[str] = Multiset(trade_deck(game.cards))
    rest = {name: n - seen.count(name) for name, n in cast("tuple[tuple[str, int], ...]", box.items())}
    over = sorted(name for name, n in rest.items() if n < 0)
    if over:
        name = over[0]
        raise StateFormatError(f"trade card {name!r}: {seen.count(name)} in the position but the trade deck "
                               f"holds {box.count(name)} ({_where(row, heap, players, name)})")
    rest_deck: Multiset[str] = Multiset({k: n for k, n in rest.items() if n > 0})
    derived.append(f"trade deck: the {len(rest_deck)} trade cards not seen elsewhere")
    group = next(i for i, g in enumerate(fmt.groups) if moving in g)
    state = StarRealmsState(game=game, format=fmt_name, players=players, authority=tuple(authority),  # type: ignore[arg-type]
                            trade_deck=Deck.shuffled(rest_deck), row=row, explorers=explorers, scrap_heap=heap,
                            stage=stage, group=group, actor=moving, turn=turn, queue=queue)
    return _allies_already_fired(state, implicit, derived)


def _allies_already_fired(s: "StarRealmsState", implicit: list[set[tuple[str, int]]],
                          derived: list[str]) -> "StarRealmsState":
    """Cards whose ally flags were not written: an ally ability whose ally is in play has fired already.

    The rules fire an ally ability the moment its ally is in play, so the pools a
    player writes already hold it; only the flag is derived, nothing is added.
    """
    if s.stage != "main" or not any(implicit):
        return s
    fired = trigger_allies(s)
    players = list(s.players)
    for q, keys in enumerate(implicit):
        if not keys:
            continue
        p, f = s.players[q], fired.players[q]
        ships = tuple(f.ships[i] if ("ships", i) in keys else r for i, r in enumerate(p.ships))
        bases = tuple(f.bases[i] if ("bases", i) in keys else r for i, r in enumerate(p.bases))
        names = [r.name for r, old in zip(ships + bases, p.ships + p.bases) if r != old]
        if names:
            derived.append(f"player {q + 1}: the ally abilities of {', '.join(names)} have fired "
                           "(their allies are in play)")
        players[q] = p.__class__(**{**p.__dict__, "ships": ships, "bases": bases})
    return s.replace(players=tuple(players))


def _where(row: Multiset, heap: Multiset, players: tuple["PlayerState", ...], name: str) -> str:
    parts = [f"{label('trade_row')} {row.count(name)}"] if name in row else []
    parts += [f"{label('scrap_heap')} {heap.count(name)}"] if name in heap else []
    for q, p in enumerate(players):
        for zone, bag in (("hand", p.hand), ("deck", p.deck.contents()), ("discard", p.discard),
                          ("bases", Multiset(r.name for r in p.bases)), ("ships", Multiset(r.name for r in p.ships))):
            if name in bag:
                parts.append(f"{label(f'players[{q}].{zone}')} {bag.count(name)}")
    return ", ".join(parts)


SHORTHAND = ("hand", "deck", "discard", "opponent_hand", "trade_row")


def _expand_shorthand(data: dict[str, Any], derived: list[str]) -> dict[str, Any]:
    """``game.position(hand=[...])``: a 2-player main phase of turn 1, player 1 moving, the rest derived."""
    if "players" in data or not set(data) & set(SHORTHAND):
        return data
    unknown = sorted(set(data) - set(SHORTHAND))
    if unknown:
        raise StateFormatError(f"{unknown[0]}: the short form takes {', '.join(SHORTHAND)}; "
                               "write a whole position (format, stage, players, ...) for more")
    start: Multiset[str] = Multiset(starting_deck(_cards()))
    reader = PositionReader(data, "", LABEL_WORDS)
    if "deck" not in data:
        used = reader.names("hand", None) + reader.names("discard", None)
        data = {**data, "deck": counted(_minus(start, used))}
        derived.append("player 1's deck: the starting cards not in hand or discard")
    opp_deck = _minus(start, reader.names("opponent_hand", None))
    derived.append("player 2's deck: the starting cards not in their hand")
    row = data.get("trade_row", ["Barter World", "Blob Fighter", "Cutter", "Ram", "Trade Bot"])
    if "trade_row" not in data:
        derived.append("trade row: Barter World, Blob Fighter, Cutter, Ram, Trade Bot (an example row)")
    return {"format": "standard", "stage": "main", "turn": 1, "moving": 1, "explorers": 10, "trade_row": row,
            "players": [{"authority": 50, "hand": data.get("hand", []), "deck": data["deck"],
                         "discard": data.get("discard", [])},
                        {"authority": 50, "hand": data.get("opponent_hand", []), "deck": counted(opp_deck)}]}


def _minus(start: Multiset, used: Multiset) -> Multiset:
    return Multiset({k: max(0, n - used.count(k)) for k, n in start.items()})


def _cards() -> dict:
    return load_cards()


def check_state(s: "StarRealmsState") -> None:
    """The referee: ``StateFormatError`` naming the zone if the rules can never reach ``s`` (``referee.py``).

    >>> import explorer
    >>> check_state(explorer.load_game("star_realms").initial_state()) is None
    True
    """
    referee.check_state(s)
