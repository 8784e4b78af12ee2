"""A position's field paths in the form's words: the labels the position editor shows and every refusal names.

A position is read and written by its data keys (``players[0].bases[1].name``); a player sees each
path as :func:`field_label` words it: an entry of a list by its singular and number, each key by
its word in :data:`FIELD_WORDS` (or a game's own words, where two games use one key for two things).

>>> field_label("players[0].bases[1].name")
'Player 1 › base 2 › name'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["ENTRY_WORDS", "FIELD_WORDS", "Words", "field_label", "field_word", "path_parts"]

FIELD_WORDS: dict[str, str] = {
    "level_index": "enemy levels dealt", "attack_index": "attacks made this turn", "warhammer": "Warhammer played this turn",
    "enemies_in_box": "enemy cards in the box", "skill_deck_bottom": "skill deck bottom card",
    "damage_marker": "damage marker (defeated)", "exhausted": "used (exhausted)", "marks": "stuns without a token",
    "deck_top": "known top of the deck", "primary_used": "primary used this turn", "ally_used": "ally ability used",
    "double_ally_used": "second ally ability used", "next_ship_on_top": "next ship goes on top of the deck",
    "played_this_turn": "factions played this turn", "ships_scrapped_this_turn": "ships scrapped this turn",
    "trade": "Trade gained this turn", "combat": "Combat gained this turn", "explorers": "Explorer pile",
    "undeployed_ties": "undeployed TIE fighters", "falcon_hits": "Falcon hits", "executor_hits": "Executor hits",
    "luke_hits": "hits on Luke", "vader_hits": "hits on Vader", "vader": "Darth Vader", "rebel_supply": "Rebel supply",
    "seat": "whose turn", "draws.seat": "seat", "destroyed": "destroyed ships", "bonus_orders": "unrevealed bonus orders",
    "order": "order in play", "order.card": "card revealed", "order.order": "order chosen", "order.stage": "step",
    "order.moved": "ships moved", "order.dice": "dice to roll", "order.faces": "die faces to assign",
    "order.bonus_earned": "bonus orders earned", "draws": "card draws owed", "cards.side": "whose cards",
    "to_move": "player to act", "passes": "passes in a row", "chosen": "face-down initiative card",
    "big_guns": "Big Guns range bonus", "shot": "shot being resolved", "players.ships.shot": "has shot",
    "players.ships.destroyed": "destroyed", "shot.hits": "cubes still to remove", "shot.close": "close range",
    "moving.tiles": "path tiles", "moving.barrel_roll": "may barrel roll", "attached": "attached cards",
    "players.deck": "draw deck", "deck_list": "cards brought (deck list)", "crew": "crew at setup",
    "characters": "characters in play", "used": "used this turn", "damage": "damage cards",
    "players.destroyed": "flagship destroyed", "paid": "threat paid", "covert_ops": "Covert Ops cloaking",
    "stage": "phase", "outcome": "result", "pending": "effects to resolve",
}
"""Position keys in the words the form shows, where the bare key says little or reads as code (Warp's Edge, Star
Realms, Endor, Fleet Command, Pinned Down, then every game; others: ``_`` becomes a space). A key is looked up by its path of keys without numbers first (``order.stage``: the step of
Endor's order in play, not the phase of the round), then alone; a game's own words (``words``, see
:func:`field_label`) come before these, for a path two games use for different things."""

ENTRY_WORDS: dict[str, str] = {
    "players": "Player", "bases": "base", "ships": "ship", "pending": "effect to resolve", "seats": "seat", "cards": "side",
    "draws": "card draw", "enemy_row": "enemy row slot", "sections": "section", "skills": "skill card", "enemies": "enemy"}
"""What one entry of each list of tables is called, said before its number ("Player 1", "base 2", "enemy row
slot 3"): every list of tables the five games write. "Player" is capitalised because the panels name a seat so.
A list not here is said "entry 2 of <its words>", never a guessed singular."""

Words = Mapping[str, str]


def _lookup(key: str, keys: list[str], words: Words | None) -> str | None:
    for table in (words or {}, FIELD_WORDS):
        for probe in (".".join(keys), key):
            if probe in table:
                return table[probe]
    return None


def field_word(key: str, path: str = "", words: Words | None = None) -> str:
    """The label the form shows for ``key`` (at the internal ``path``, when its words depend on where it is).

    >>> field_word("level_index"), field_word("stage"), field_word("stage", "order.stage"), field_word("trade_row")
    ('enemy levels dealt', 'phase', 'step', 'trade row')
    """
    keys = [part for part in path_parts(path) if isinstance(part, str)] if path else [key]
    return _lookup(key, keys, words) or key.replace("_", " ")


_SEGMENT = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def field_label(path: str, words: Words | None = None) -> str:
    """An internal field path in the form's words: an entry of a list by its singular and 1-based number, each
    key in :data:`FIELD_WORDS` (or the game's ``words``), joined by ›.

    >>> field_label("players[0].bases[1].name"), field_label("players[1].deck_list")
    ('Player 1 › base 2 › name', 'Player 2 › cards brought (deck list)')
    >>> field_label("level_index"), field_label(""), field_label("tallies[2].name"), field_label("[0]")
    ('enemy levels dealt', 'the position', 'entry 3 of tallies › name', 'entry 1')
    """
    parts: list[str] = []
    keys: list[str] = []
    for index, key in _SEGMENT.findall(path):
        if index and keys and parts:
            entry = ENTRY_WORDS.get(keys[-1])
            parts[-1] = f"{entry} {int(index) + 1}" if entry else f"entry {int(index) + 1} of {parts[-1]}"
        elif index:
            parts.append(f"entry {int(index) + 1}")
        else:
            keys.append(key)
            parts.append(_lookup(key, keys, words) or key.replace("_", " "))
    return " › ".join(parts) if parts else "the position"


def path_parts(path: str) -> list[str | int]:
    """An internal field path as keys and 0-based indices: ``players[0].hand`` is ``['players', 0, 'hand']``."""
    return [int(index) if index else key for index, key in _SEGMENT.findall(path)]
