"""``Dist`` given a bad argument: every public method says which argument, what it got and what is allowed.

Issue 19 ("the small ones"): ``Dist({1: 1, 2: 1}).at_least('a')`` raised Python's own
"'>=' not supported between instances of 'int' and 'str'", naming no argument; ``from_fractions``
given a list raised an AttributeError, ``map`` given a number "'int' object is not callable", and
``mean`` of names "Invalid literal for Fraction".
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from tests.numpy_optional import needs_numpy, np

from explorer.core.rng import new_generator
from explorer.odds import Dist

TWO = Dist({1: 1, 2: 1})


@pytest.mark.parametrize("call, error, message", [
    (lambda: TWO.at_least("a"), TypeError, "at_least(x): x must be one value the outcomes (int) compare with, "
                                           "got 'a' (str)"),
    (lambda: TWO.at_most(None), TypeError, "at_most(x): x must be one value the outcomes (int) compare with, "
                                           "got None (NoneType)"),
    (lambda: TWO.at_least([1, 2]), TypeError, "at_least(x): x must be one value the outcomes (int) compare with, "
                                              "got [1, 2] (list)"),
    pytest.param(lambda: TWO.at_most(np.array([1, 2])), TypeError, "at_most(x): x must be one value the outcomes "
                 "(int) compare with, got <ndarray> (ndarray)", marks=needs_numpy),
    (lambda: TWO.at_least(float("nan")), ValueError, "at_least(x): x is NaN (not a number), which no outcome is >= "
                                                     "or <=; give a number"),
    (lambda: Dist({1: 1, "a": 1}).at_least(1), TypeError, "at_least needs outcomes that can be ordered (all numbers, "
                                                          "or all text); these are int and str"),
    (lambda: Dist({1: 1, "a": 1}).cdf_at_least(), TypeError, "cdf_at_least needs outcomes that can be ordered (all "
                                                             "numbers, or all text); these are int and str"),
    (lambda: Dist({"hit": 1}).mean(), TypeError, "mean needs outcomes that are finite numbers; this distribution has "
                                                 "'hit' (str) (use .map() to turn outcomes into numbers)"),
    (lambda: Dist({float("inf"): 1}).variance(), TypeError, "variance needs outcomes that are finite numbers; this "
                                                            "distribution has inf (float) (use .map() to turn outcomes "
                                                            "into numbers)"),
    (lambda: TWO.map(3), TypeError, "map(f): f must be a function of one outcome, got 3 (int)"),
    (lambda: TWO.map(lambda x: [x]), TypeError, "map(f): f must return hashable outcomes (numbers, text, tuples); "
                                                "f(1) returned [1] (list)"),
    (lambda: Dist.from_weights(3, [1]), TypeError, "from_weights(outcomes, weights): outcomes must be a list (or "
                                                   "tuple, array, iterator; not text) of outcomes, got 3 (int)"),
    (lambda: Dist.from_weights("ab", [1, 1]), TypeError, "from_weights(outcomes, weights): outcomes must be a list "
                                                         "(or tuple, array, iterator; not text) of outcomes, got 'ab' "
                                                         "(str)"),
    (lambda: Dist.from_weights({1: 2}, [1]), TypeError, "from_weights(outcomes, weights): outcomes must be a list (or "
                                                        "tuple, array, iterator; not text) of outcomes, got {1: 2} "
                                                        "(dict) (for a mapping outcome -> weight use Dist(mapping))"),
    (lambda: Dist.from_weights([1], 5), TypeError, "from_weights(outcomes, weights): weights must be a list (or "
                                                   "tuple, array, iterator; not text) of whole-number weights, got 5 "
                                                   "(int)"),
    (lambda: Dist.from_weights([[1]], [1]), TypeError, "from_weights(outcomes, weights): outcomes[0] must be hashable "
                                                       "(a number, text or a tuple), got [1] (list)"),
    (lambda: Dist.from_fractions([1]), TypeError, "from_fractions(probabilities): probabilities must be a "
                                                            "mapping outcome -> Fraction or int, got [1] "
                                                            "(list)"),
    # messages that already named the argument, kept as they were
    (lambda: Dist([1, 2]), ValueError, "weights must be a mapping outcome -> whole-number weight, got list"),
    (lambda: Dist({"x": -1}), ValueError, "weight of outcome 'x' must be a whole number >= 0, got -1"),
    (lambda: TWO.sample(3), TypeError, "rng must be a seeded generator (explorer.core.rng.new_generator(seed) or "
                                       "numpy.random.default_rng(seed)), got int"),
    (lambda: TWO.sample(new_generator(1), "5"), ValueError, "size must be a whole number from 0 to 1,000,000 "
                                                                    "(the cap MAX_SAMPLE) or None, got '5'"),
], ids=lambda v: v.split(" ")[0] if isinstance(v, str) else v.__name__ if isinstance(v, type) else "call")
def test_a_bad_argument_is_refused_naming_it_and_what_is_allowed(call: Callable[[], Any], error: type[Exception],
                                                                  message: str) -> None:
    with pytest.raises(error) as refused:
        call()
    assert str(refused.value) == message


def test_the_issues_example_names_x() -> None:
    # issue 19: Dist({1:1,2:1}).at_least('a') gave "'>=' not supported between instances of 'int' and 'str'"
    with pytest.raises(TypeError, match=r"^at_least\(x\): x must be one value"):
        Dist({1: 1, 2: 1}).at_least("a")


def test_good_arguments_still_give_exact_answers() -> None:
    assert (TWO.at_least(2), TWO.at_most(1), TWO.at_least(Fraction(3, 2))) == (Fraction(1, 2),) * 3
    assert Dist({"a": 1, "b": 3}).at_least("b") == Fraction(3, 4)  # text outcomes compare with text
    assert Dist.from_weights(iter([1, 2]), (1, 3)).pmf() == {1: Fraction(1, 4), 2: Fraction(3, 4)}


@needs_numpy
def test_numpy_weights_are_accepted() -> None:
    assert Dist.from_weights(iter([1, 2]), np.array([1, 3])).pmf() == {1: Fraction(1, 4), 2: Fraction(3, 4)}
    assert Dist({0.5: 1, 1.5: 1}).mean() == 1
