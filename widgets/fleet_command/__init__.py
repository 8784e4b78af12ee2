"""The Space Fleet Command panel: the table as a map, ship and path controls, exact shot and initiative odds.

>>> from widgets.fleet_command import FleetCommandPanel
>>> FleetCommandPanel(seed=3).game.info.id
'fleet_command'
"""

from widgets.fleet_command.panel import FleetCommandPanel

__all__ = ["FleetCommandPanel"]
