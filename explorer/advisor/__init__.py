"""Advice on decisions: a hint ranking every legal option, the advisor as a policy, and a match review.

The two entry points are ``explorer.advise`` (:func:`explorer.advisor.advise.advise`) and
``explorer.review`` (:func:`explorer.advisor.review.review`); this package binds no name that would
hide one of its modules, so ``import explorer.advisor.review`` is the module. Importing it registers
the policy named ``advisor`` for every game (:mod:`explorer.core.registry`).

>>> import explorer
>>> from explorer.advisor import advisor_policy
>>> callable(explorer.advise) and callable(explorer.review) and callable(advisor_policy)
True
>>> import explorer.advisor.review
"""

from explorer.advisor.advice import Advice, OptionAdvice
from explorer.advisor.knowledge import assumed, determinize
from explorer.advisor.policy import AdvisorPolicy, advisor_for, advisor_policy
from explorer.advisor.review import Review, ReviewedMove
from explorer.advisor.runners import shutdown_pools
from explorer.core.policies import ADVISOR
from explorer.core.registry import register_policy

register_policy(ADVISOR, advisor_for)  # offered for every game beside its own policies

__all__ = ["Advice", "AdvisorPolicy", "OptionAdvice", "Review", "ReviewedMove", "advisor_for", "advisor_policy",
           "assumed", "determinize", "shutdown_pools"]
