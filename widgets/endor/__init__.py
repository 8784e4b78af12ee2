"""The Battle of Endor panel: the space battle as a map, the tracks, the cards, and exact odds.

>>> from widgets.endor import EndorPanel
>>> EndorPanel(seed=1).game.info.id
'endor'
"""

from widgets.endor.panel import EndorPanel

__all__ = ["EndorPanel"]
