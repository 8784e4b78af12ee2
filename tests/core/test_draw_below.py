"""``draw_below(rng, n)`` is ``int(rng.integers(0, n))``: same numbers, same generator afterwards.

Every seeded game replays move for move only if this holds (the recorded games in tests/perf and
tests/sim were made with ``integers``), so it is checked on its own here, edges included.
"""

from __future__ import annotations

import pytest
from tests.numpy_optional import needs_numpy, np

from explorer.core.chance import draw_below
from explorer.core.rng import generator_state, new_generator, set_generator_state

EDGES = (1, 2, 3, 5, 7, 10, 52, 80, 1000, 3**19, 2**31, 2**31 + 5, 2**32 - 2, 2**32 - 1, 2**32,
         2**32 + 1, 2**40, 2**62)
"""Small numbers (cards, moves), numbers near the 32-bit limit where NumPy changes method, and beyond."""


KINDS = [pytest.param(False, id="numpy", marks=needs_numpy), pytest.param(True, id="pure")]
"""Both generators draw_below serves: numpy's (through its C entry point) and the pure-Python one."""


@needs_numpy
@pytest.mark.parametrize("pure", KINDS)
@pytest.mark.parametrize("seed", [0, 1, 12, 2**32 - 1])
def test_draw_below_gives_what_integers_gives_and_leaves_the_generator_where_integers_does(seed: int,
                                                                                           pure: bool) -> None:
    ours, numpy_s = new_generator(seed, pure=pure), np.random.default_rng(seed)
    picker = new_generator(seed + 1)
    for _ in range(20_000):
        n = int(EDGES[picker.integers(0, len(EDGES))]) if picker.random() < 0.3 else int(picker.integers(1, 200))
        assert draw_below(ours, n) == int(numpy_s.integers(0, n)), n
        if picker.random() < 0.05:  # other draws in between (a policy's own use of the generator)
            assert ours.random() == numpy_s.random()
    assert generator_state(ours) == generator_state(numpy_s)


@pytest.mark.parametrize("pure", KINDS)
def test_a_draw_below_one_uses_no_randomness_as_integers_does(pure: bool) -> None:
    rng = new_generator(3, pure=pure)
    before = generator_state(rng)
    assert draw_below(rng, 1) == 0
    assert generator_state(rng) == before


@pytest.mark.parametrize("pure", KINDS)
def test_draw_below_follows_the_generator_after_its_state_is_set_back(pure: bool) -> None:
    # Match.goto sets the generator's state back (undo, time travel): the next draws must follow it
    rng = new_generator(9, pure=pure)
    saved = generator_state(rng)
    first = [draw_below(rng, 6) for _ in range(50)]
    set_generator_state(rng, saved)
    assert [draw_below(rng, 6) for _ in range(50)] == first


@pytest.mark.parametrize("pure", KINDS)
@pytest.mark.parametrize("bad", [0, -3])
def test_draw_below_refuses_an_empty_range_as_integers_does(bad: int, pure: bool) -> None:
    with pytest.raises(ValueError, match="high <= 0|low >= high|low < high"):
        draw_below(new_generator(1, pure=pure), bad)
