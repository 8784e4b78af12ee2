"""Odds calculator panels: a dice pool and a draw from a bag or deck.

>>> from widgets.calculators import DiceCalculator
>>> DiceCalculator(n=4, thresholds="6").headline_text
'P(at least 1 hit) with 4d6, hit on 6+: 671/1296 (51.77%)'
"""

from widgets.calculators.dice import DiceCalculator
from widgets.calculators.draw import DrawCalculator

__all__ = ["DiceCalculator", "DrawCalculator"]
