"""weighted_outcomes (explorer/core/chance.py): outcomes made from whole weights sample exactly as their fractions do.

A game that knows counts (a deck: 3 Scouts of 10 cards) builds its chance node with
``weighted_outcomes``, which remembers the sampling plan from the integer weights at once.
That plan must be the very one ``sample_outcome`` derives from the fractions, or a seeded
match would draw other cards than it did before (tests/perf replays recorded games).
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

import pytest

from explorer.core.rng import new_generator
from explorer.core.chance import outcome_moves, sample_outcome, weighted_outcomes


def _as_fractions(weights: list[int]) -> tuple[tuple[str, Fraction], ...]:
    total = sum(weights)
    return tuple((f"card {i}", Fraction(w, total)) for i, w in enumerate(weights))


def test_probabilities_are_weight_over_total() -> None:
    assert weighted_outcomes([("Scout", 8), ("Viper", 2)]) == (("Scout", Fraction(4, 5)), ("Viper", Fraction(1, 5)))


def test_sampling_draws_the_same_outcomes_as_the_fractions_for_the_same_seed() -> None:
    """2,000 random weight vectors (common factors included): same pick, same generator state after."""
    rng = new_generator(13)
    for _ in range(2_000):
        weights = [int(w) for w in rng.integers(1, 9, size=int(rng.integers(1, 8)))]
        factor = int(rng.integers(1, 4))
        weights = [w * factor for w in weights]
        plain = _as_fractions(weights)
        weighted = weighted_outcomes([(o, w) for (o, _), w in zip(plain, weights)])
        assert weighted == plain
        seed = int(rng.integers(0, 2**32))
        a, b = new_generator(seed), new_generator(seed)
        assert sample_outcome(weighted, a) == sample_outcome(plain, b), (weights, gcd(*weights))
        assert a.bit_generator.state == b.bit_generator.state


def test_the_moves_are_the_outcomes_in_order() -> None:
    outcomes = weighted_outcomes([("Scout", 3), ("Viper", 1), ("Explorer", 2)])
    assert outcome_moves(outcomes) == ("Scout", "Viper", "Explorer")


@pytest.mark.parametrize("weights", [[], [0, 3], [2, -1], [1.5, 2], [True, 1]])
def test_weights_must_be_whole_numbers_above_zero(weights: list[object]) -> None:
    with pytest.raises(ValueError, match="whole numbers > 0"):
        weighted_outcomes([(f"card {i}", w) for i, w in enumerate(weights)])
