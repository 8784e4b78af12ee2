"""The simulation lab's panel: seeded games by the thousand, a live win-rate chart with intervals.

>>> from widgets.simulation import SimulationPanel, win_rate_figure
>>> SimulationPanel.__name__
'SimulationPanel'
"""

from widgets.simulation.charts import length_figure, win_rate_figure
from widgets.simulation.panel import SimulationPanel, parse_setup
from widgets.simulation.replay import panel_class, replay_code

__all__ = ["SimulationPanel", "length_figure", "panel_class", "parse_setup", "replay_code", "win_rate_figure"]
