"""The sampled estimate's starts of the next turn: the same starts as a weighted choice, drawn in linear time.

Found by the 1,000-game run at every chance node (``ODDS_AT_CHANCE_GAMES=1000``): past the exact budget, the
lethal check's estimate spent nearly all its time in the old ``sample_start`` summing every branch's chance once per
branch, for every sampled turn (a turn with thousands of ways to end). ``start_sampler`` sums them once; its
starts must be the ones ``rng.choice(n, p=chances)`` picks from the same generator, with numpy's generator and
with the pure one, or every seeded estimate would change.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from explorer.core import Deck, Multiset
from explorer.core.rng import new_generator
from explorer.games.star_realms.odds.sampled import start_sampler
from tests.numpy_optional import needs_numpy


def branches_of(chances: list[Fraction]) -> tuple:
    """One branch per chance, its hand naming its index (``c7``): a known start, nothing in the deck."""
    return tuple((w, ("known", Multiset({f"c{i}": 1}), Deck(), Multiset()), ()) for i, w in enumerate(chances))


def picked(start: tuple) -> int:
    return int(start[0].kinds()[0][1:])


@pytest.mark.parametrize("pure", [True, pytest.param(False, marks=needs_numpy)])
@pytest.mark.parametrize("size", [2, 3, 50, 1_000])
def test_the_starts_are_the_weighted_choice_of_the_same_generator(pure: bool, size: int) -> None:
    maker = random.Random(size)
    weights = [Fraction(maker.randint(1, 1_000), maker.randint(1, 50)) for _ in range(size)]
    chances = [w / sum(weights) for w in weights]
    branches = branches_of(chances)
    chosen, sampled = new_generator(size, pure=pure), new_generator(size, pure=pure)
    first = start_sampler(branches)
    floats = [float(c) for c in chances]
    for _ in range(300):
        expected = int(chosen.choice(size, p=[f / sum(floats) for f in floats]))
        assert picked(first(sampled)) == expected
    assert chosen.random() == sampled.random()  # and each drew as many numbers


def test_one_branch_draws_nothing_for_its_choice() -> None:
    """A single branch is that branch: as before, no number is drawn to pick it."""
    branches = branches_of([Fraction(1)])
    rng, untouched = new_generator(5), new_generator(5)
    assert picked(start_sampler(branches)(rng)) == 0
    assert rng.random() == untouched.random()
