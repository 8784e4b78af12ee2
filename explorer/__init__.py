"""Rules Explorer: exact rules and odds for five space tabletop games.

>>> import explorer
>>> explorer.games()  # doctest: +ELLIPSIS
(...)
"""

from explorer import errors
import explorer.games as _builtin_games  # registers the games; imported first so that
# the name ``explorer.games`` below is the function, not the subpackage.
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
    games,
    load_game,
)

from explorer.advise import advise, review  # noqa: E402 (the names are the functions; the package is explorer/advise)

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Deck", "Game", "GameInfo", "Match", "Multiset",
    "Result", "State", "Variant", "advise", "errors", "games", "load_game", "review",
]
__version__ = "0.2.0"
"""The release: the one place it is written (``pyproject.toml`` reads it; CHANGELOG.md says what changed)."""
