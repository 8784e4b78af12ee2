"""The Warp's Edge panel: a board view, a token → target control and exact odds.

>>> from widgets.warps_edge import WarpsEdgePanel
>>> WarpsEdgePanel(seed=3).game.info.id
'warps_edge'
"""

from widgets.warps_edge.panel import WarpsEdgePanel

__all__ = ["WarpsEdgePanel"]
