"""The built-in games. Each registers itself by id; its package is imported only when loaded."""

from explorer.core.registry import register_game

register_game("warps_edge", "explorer.games.warps_edge.game:WarpsEdge")
register_game("star_realms", "explorer.games.star_realms.game:StarRealms")
register_game("endor", "explorer.games.endor.game:Endor")
register_game("fleet_command", "explorer.games.fleet_command.game:FleetCommand")
register_game("pinned_down", "explorer.games.pinned_down.game:PinnedDown")
