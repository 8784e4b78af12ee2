"""Rules Explorer: exact rules and odds for five space tabletop games.

>>> import explorer
>>> explorer.games()  # doctest: +ELLIPSIS
(...)
"""

from explorer import errors, games  # games: the built-in games' package, and called, the registered ids
from explorer.core import (
    CHANCE,
    TERMINAL,
    Action,
    Deck,
    Game,
    GameInfo,
    Match,
    Multiset,
    Result,
    State,
    Variant,
    load_game,
)

from explorer.advisor.advise import advise
from explorer.advisor.review import review

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Deck", "Game", "GameInfo", "Match", "Multiset",
    "Result", "State", "Variant", "advise", "errors", "games", "load_game", "review",
]
__version__ = "0.2.0"
"""The release: the one place it is written (``pyproject.toml`` reads it; CHANGELOG.md says what changed)."""
