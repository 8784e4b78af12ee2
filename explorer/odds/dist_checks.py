"""Argument checks of :class:`explorer.odds.dist.Dist`: loud, naming the argument and what is allowed.

``Dist`` is built from a mapping, from parallel lists or from exact fractions, and it samples with a
numpy generator; each of those takes values from a notebook user, so each is checked here and a bad
one raises a ``ValueError`` or ``TypeError`` whose message names the argument, the allowed values
and (a short excerpt of) what was given. Kept apart from ``dist.py`` so that the distribution itself
reads as arithmetic.

>>> whole_weight("hit", 3)
3
>>> whole_weight("hit", -1)
Traceback (most recent call last):
...
ValueError: weight of outcome 'hit' must be a whole number >= 0, got -1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from numbers import Integral, Rational
from typing import Any

from explorer.core.checks import whole_number
from explorer.core.numeric import BOOLS
from explorer.errors import excerpt
from explorer.odds.limits import MAX_SAMPLE


def shown(value: object) -> str:
    """A bad argument echoed for an error message: a short excerpt and its type.

    >>> shown("x" * 3)
    "'xxx' (str)"
    """
    return f"{excerpt(value)} ({type(value).__name__})"


def listed(values: object, name: str, call: str, what: str) -> list[Any]:
    """``list(values)``, or a ``TypeError`` naming the argument when it is not a sequence.

    >>> listed((1, 2), "weights", "from_weights(outcomes, weights)", "whole-number weights")
    [1, 2]
    >>> listed("ab", "outcomes", "from_weights(outcomes, weights)", "outcomes")
    Traceback (most recent call last):
    ...
    TypeError: from_weights(outcomes, weights): outcomes must be a list (or tuple, array, iterator; not text) of outcomes, got 'ab' (str)
    """
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        hint = " (for a mapping outcome -> weight use Dist(mapping))" if isinstance(values, Mapping) else ""
        raise TypeError(f"{call}: {name} must be a list (or tuple, array, iterator; not text) of {what}, "
                        f"got {shown(values)}{hint}")
    return list(values)


def whole_weight(outcome: object, w: object) -> int:
    """``w`` as an ``int`` when it is a whole number >= 0 (bools refused): the weight of ``outcome``."""
    return whole_number(f"weight of outcome {excerpt(outcome)}", w, 0, None, ValueError)


def merged_weights(outcomes: object, weights: object) -> dict[Any, int]:
    """Parallel ``outcomes`` and ``weights`` as one mapping outcome -> weight, repeats added up.

    What :meth:`Dist.from_weights` accepts: two sequences of the same length, hashable
    outcomes and whole-number weights >= 0.

    >>> merged_weights(["a", "b", "a"], [1, 1, 2])
    {'a': 3, 'b': 1}
    >>> merged_weights(["a"], [1, 2])
    Traceback (most recent call last):
    ...
    ValueError: weights must have one weight per outcome: 1 outcomes, 2 weights
    """
    outcomes = listed(outcomes, "outcomes", "from_weights(outcomes, weights)", "outcomes")
    weights = listed(weights, "weights", "from_weights(outcomes, weights)", "whole-number weights")
    if len(outcomes) != len(weights):
        raise ValueError(
            f"weights must have one weight per outcome: {len(outcomes)} outcomes, {len(weights)} weights"
        )
    merged: dict[Any, int] = {}
    for i, (o, w) in enumerate(zip(outcomes, weights)):
        try:
            merged[o] = merged.get(o, 0) + whole_weight(o, w)
        except TypeError:
            raise TypeError(f"from_weights(outcomes, weights): outcomes[{i}] must be hashable (a number, text "
                            f"or a tuple), got {shown(o)}") from None
    return merged


def exact_probabilities(probabilities: object) -> list[tuple[Any, Rational | int]]:
    """The ``(outcome, probability)`` pairs of ``probabilities`` when each is an exact ``Fraction``
    or ``int`` >= 0 and they sum to 1 (what :meth:`Dist.from_fractions` accepts).

    >>> exact_probabilities({"win": Fraction(1, 3), "lose": Fraction(2, 3)})
    [('win', Fraction(1, 3)), ('lose', Fraction(2, 3))]
    >>> exact_probabilities({"win": 0.5, "lose": 0.5})
    Traceback (most recent call last):
    ...
    ValueError: probability of outcome 'win' must be a Fraction or int >= 0, got 0.5
    """
    if not isinstance(probabilities, Mapping):
        raise TypeError(f"from_fractions(probabilities): probabilities must be a mapping outcome -> Fraction "
                        f"or int, got {shown(probabilities)}")
    pairs = list(probabilities.items())
    for o, p in pairs:
        if isinstance(p, bool) or not isinstance(p, Rational) or p < 0:
            raise ValueError(f"probability of outcome {o!r} must be a Fraction or int >= 0, got {p!r}")
    if sum(Fraction(p) for _, p in pairs) != 1:
        raise ValueError(f"probabilities must sum to 1, got {sum(Fraction(p) for _, p in pairs)}")
    return pairs


def sample_size(size: object) -> int:
    """``size`` as an ``int`` when it is a whole number from 0 to ``MAX_SAMPLE`` (how many outcomes
    :meth:`Dist.sample` draws).

    >>> sample_size(5)
    5
    >>> sample_size(-1)
    Traceback (most recent call last):
    ...
    ValueError: size must be a whole number from 0 to 1,000,000 (the cap MAX_SAMPLE) or None, got -1
    """
    if isinstance(size, BOOLS) or not isinstance(size, Integral) or not 0 <= int(size) <= MAX_SAMPLE:
        text = repr(size) if not isinstance(size, int) or abs(size) < 10**30 else f"a whole number of {len(str(size)):,} digits"
        raise ValueError(
            f"size must be a whole number from 0 to {MAX_SAMPLE:,} (the cap MAX_SAMPLE) or None, got {text[:60]}"
        )
    return int(size)
