"""The built-in games, and ``explorer.games()``: the ids of every registered game.

Each game registers itself by id here; its package is imported only when it is loaded. A game from
another package registers through the ``rules_explorer.games`` entry point group
(:mod:`explorer.core.registry`, docs/adding_a_game.md).

This package is also what ``explorer.games()`` calls: calling it lists the registered ids, so the
short name stays a call without a function that hides the package of the games (``import
explorer.games.star_realms`` and ``explorer.games()`` both work).

>>> import explorer
>>> explorer.games()
('endor', 'fleet_command', 'pinned_down', 'star_realms', 'warps_edge')
>>> import explorer.games.star_realms.game
"""

import sys
from types import ModuleType

from explorer.core.registry import game_ids, register_game

register_game("warps_edge", "explorer.games.warps_edge.game:WarpsEdge")
register_game("star_realms", "explorer.games.star_realms.game:StarRealms")
register_game("endor", "explorer.games.endor.game:Endor")
register_game("fleet_command", "explorer.games.fleet_command.game:FleetCommand")
register_game("pinned_down", "explorer.games.pinned_down.game:PinnedDown")


class GamesPackage(ModuleType):
    """This package, callable: ``explorer.games()`` is :func:`explorer.core.registry.game_ids`."""

    def __call__(self) -> tuple[str, ...]:
        return game_ids()


sys.modules[__name__].__class__ = GamesPackage
