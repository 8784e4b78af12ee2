"""The Star Realms panel: the table seen from a seat, moves grouped as at the table, and exact odds.

>>> from widgets.star_realms import StarRealmsPanel
>>> StarRealmsPanel(seed=3).game.info.id
'star_realms'
"""

from widgets.star_realms.panel import StarRealmsPanel

__all__ = ["StarRealmsPanel"]
