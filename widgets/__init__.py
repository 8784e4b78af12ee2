"""ipywidgets + Plotly panels over the rules core. Imports ``explorer``; ``explorer`` never imports this.

>>> from widgets import DiceCalculator
>>> DiceCalculator(n=5, thresholds="3").headline_text
'P(at least 1 hit) with 5d6, hit on 3+: 242/243 (99.59%)'
"""

from widgets.calculators import DiceCalculator, DrawCalculator
from widgets.common.match_panel import MatchPanel
from widgets.simulation import SimulationPanel
from widgets.star_realms import StarRealmsPanel
from widgets.warps_edge import WarpsEdgePanel

__all__ = ["DiceCalculator", "DrawCalculator", "MatchPanel", "SimulationPanel", "StarRealmsPanel", "WarpsEdgePanel"]
