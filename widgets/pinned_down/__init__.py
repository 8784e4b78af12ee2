"""The Pinned Down panel: the fleet, the threat pool, the Dra'tar, and the odds of the coming attack.

>>> from widgets.pinned_down import PinnedDownPanel
>>> PinnedDownPanel(seed=2).game.info.id
'pinned_down'
"""

from widgets.pinned_down.panel import PinnedDownPanel

__all__ = ["PinnedDownPanel"]
