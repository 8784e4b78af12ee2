"""``draw_below(rng, n)`` is ``int(rng.integers(0, n))``: same numbers, same generator afterwards.

Every seeded game replays move for move only if this holds (the recorded games in tests/perf and
tests/sim were made with ``integers``), so it is checked on its own here, edges included.
"""

from __future__ import annotations

import numpy as np
import pytest

from explorer.core.chance import draw_below
from explorer.core.rng_history import rng_state, set_rng_state

EDGES = (1, 2, 3, 5, 7, 10, 52, 80, 1000, 3**19, 2**31, 2**31 + 5, 2**32 - 2, 2**32 - 1, 2**32,
         2**32 + 1, 2**40, 2**62)
"""Small numbers (cards, moves), numbers near the 32-bit limit where NumPy changes method, and beyond."""


@pytest.mark.parametrize("seed", [0, 1, 12, 2**32 - 1])
def test_draw_below_gives_what_integers_gives_and_leaves_the_generator_where_integers_does(seed: int) -> None:
    ours, numpy_s = np.random.default_rng(seed), np.random.default_rng(seed)
    picker = np.random.default_rng(seed + 1)
    for _ in range(20_000):
        n = int(EDGES[picker.integers(0, len(EDGES))]) if picker.random() < 0.3 else int(picker.integers(1, 200))
        assert draw_below(ours, n) == int(numpy_s.integers(0, n)), n
        if picker.random() < 0.05:  # other draws in between (a policy's own use of the generator)
            assert ours.random() == numpy_s.random()
    assert rng_state(ours) == rng_state(numpy_s)


def test_a_draw_below_one_uses_no_randomness_as_integers_does() -> None:
    rng = np.random.default_rng(3)
    before = rng_state(rng)
    assert draw_below(rng, 1) == 0
    assert rng_state(rng) == before


def test_draw_below_follows_the_generator_after_its_state_is_set_back() -> None:
    # Match.goto sets the generator's state back (undo, time travel): the next draws must follow it
    rng = np.random.default_rng(9)
    saved = rng_state(rng)
    first = [draw_below(rng, 6) for _ in range(50)]
    set_rng_state(rng, saved)
    assert [draw_below(rng, 6) for _ in range(50)] == first


@pytest.mark.parametrize("bad", [0, -3])
def test_draw_below_refuses_an_empty_range_as_integers_does(bad: int) -> None:
    with pytest.raises(ValueError, match="high <= 0|low >= high"):
        draw_below(np.random.default_rng(1), bad)
