"""Exact odds for the games: dice pools, draws without replacement, Markov chains, sampling.

Every answer is a :class:`Dist` with whole-number weights, so probabilities are
exact ``Fraction`` values; answers are cached by composition, so asking again
(a slider moving back) is answered from memory.

Every size argument has a documented cap (``explorer.odds.limits.LIMITS``) sized so that any accepted call answers within
2 s; past a cap, or with a wrong type, a call raises ``ValueError`` (or
``TypeError`` for an unhashable kind or state) naming the argument and the cap.

>>> from explorer.odds import dice_pool, draw_count
>>> dice_pool(5, hit_on=3).at_least(4)
Fraction(112, 243)
>>> draw_count({"laser": 2, "blank": 8}, 3, "laser").at_least(1)
Fraction(8, 15)
"""

from __future__ import annotations

from explorer.odds import dice as _dice_module
from explorer.odds import draws as _draws_module
from explorer.odds import markov as _markov_module
from explorer.odds.dice import dice_faces, dice_pool, dice_sum
from explorer.odds.dist import Dist
from explorer.odds.draws import draw, draw_count, draw_joint
from explorer.odds.markov import ChainResult, absorbing_chain
from explorer.odds.sampling import Estimate, estimate

__all__ = [
    "ChainResult",
    "Dist",
    "Estimate",
    "absorbing_chain",
    "cache_clear",
    "dice_faces",
    "dice_pool",
    "dice_sum",
    "draw",
    "draw_count",
    "draw_joint",
    "estimate",
]


def cache_clear() -> None:
    """Forget every cached answer (benchmarks use it to time cold questions).

    >>> first = dice_sum(3)
    >>> cache_clear()
    >>> dice_sum(3) is first, dice_sum(3) == first
    (False, True)
    """
    for module in (_dice_module, _draws_module, _markov_module):
        module.cache_clear()
