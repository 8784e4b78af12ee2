"""Advice on decisions: a hint ranking every legal option, the advisor as a policy, and a match review.

>>> from explorer.advise import advise, review, advisor_policy
>>> callable(advise) and callable(review) and callable(advisor_policy)
True
"""

from explorer.advise.advice import Advice, OptionAdvice
from explorer.advise.advise import advise
from explorer.advise.knowledge import assumed, determinize
from explorer.advise.policy import AdvisorPolicy, advisor_for, advisor_policy
from explorer.advise.review import Review, ReviewedMove, review
from explorer.advise.runners import shutdown_pools
from explorer.core.policies import ADVISOR
from explorer.core.registry import register_policy

register_policy(ADVISOR, advisor_for)  # offered for every game beside its own policies

__all__ = ["Advice", "AdvisorPolicy", "OptionAdvice", "Review", "ReviewedMove", "advise", "advisor_policy",
           "assumed", "determinize", "review", "shutdown_pools"]
