"""A Star Realms position's fields: their names in the game's words and the values each may hold.

The reader (``position.py``) and the referee (``referee.py``) share these, so a field refused on the
way in and one refused by the referee are named alike and bounded alike.

>>> label("players[1].bases[0].name")
'Player 2 › base 1 › name'
>>> label("moving")
'player moving'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.field_words import field_label
from explorer.games.star_realms.effects import effect_of

if TYPE_CHECKING:
    from explorer.games.star_realms.game import StarRealms
    from explorer.games.star_realms.state import StarRealmsState, Task

STAGES = ("setup", "main", "draw")
"""The stages a position may be in (the rules stop in these alone)."""
STAGE_WORDS: dict[str, str] = {"setup": "setup: the trade row and the opening hands dealt",
                               "main": "a player's turn (main phase)",
                               "draw": "end of turn: the next hand drawn"}
"""Each stage in the rulebook's words, as the position form's phase field names it (the file keeps the id)."""
LABEL_WORDS: dict[str, str] = {"moving": "player moving"}
"""This game's words for a key another game uses for something else (Fleet Command's ``moving`` is the ship
laying out its path); the rest are :data:`explorer.core.field_words.FIELD_WORDS`."""
MAX_AUTHORITY = 10_000
"""The most Authority, Trade or Combat a field may hold (far beyond any game; it bounds what a file asks of the rules)."""
MAX_TURN = 10_001
"""The last turn a position may be in."""
TASK_KINDS = ("refill", "draw", "discard")
"""The pending tasks the rules queue without a card's ability (a trade-row refill, a draw, a discard)."""


def label(path: str) -> str:
    """A field as the editor's form labels it, in this game's words: ``label("players[1].bases[0].name") ==
    "Player 2 › base 1 › name"``."""
    return field_label(path, LABEL_WORDS)


def task_problem(game: "StarRealms", s: "StarRealmsState", t: "Task") -> str:
    """Why a pending task cannot be one the rules queue ('' if it can)."""
    if not t.card:
        return "" if t.kind in TASK_KINDS else f"{t.kind} comes from a card's ability: name the card"
    try:
        effect = effect_of(s, t)
    except (AttributeError, IndexError, ValueError, KeyError):
        return f"{t.card} has no ability step {t.slot!r} #{t.index}"
    if effect.kind != t.kind and not (t.kind == "draw" and effect.kind in ("draw",)):
        return f"step {t.index} of {t.card}'s {t.slot} ability is {effect.kind}, not {t.kind}"
    return ""
