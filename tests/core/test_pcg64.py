"""The pure-Python generator draws numpy's very numbers: every method the project calls, over many seeds.

A seeded game, a golden replay, a saved match and a share link mean the same game with and without numpy
only if ``explorer.core.pcg64`` follows ``numpy.random.Generator(PCG64(seed))`` draw for draw, and leaves
the bit generator in the same state after each (issue 34, part 1). Hypothesis picks the seeds, the bounds
(on both sides of the 32-bit limit, where numpy changes method) and the order of the calls.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.numpy_optional import needs_numpy, np

from explorer.core.pcg64 import PCG64, Generator, SeedSequence
from explorer.core.rng import generator_state, new_generator, set_generator_state, spawn_generators

SEEDS = st.one_of(st.integers(0, 2**32 - 1), st.integers(0, 2**63 - 1), st.integers(0, 2**128 - 1),
                  st.lists(st.integers(0, 2**63 - 1), min_size=1, max_size=3))
BOUNDS = st.one_of(st.integers(1, 60), st.sampled_from([2**31, 2**32 - 1, 2**32, 2**32 + 1, 3**30, 2**62, 2**63 - 1]),
                   st.integers(1, 2**63 - 1))
CALLS = st.lists(st.one_of(
    st.tuples(st.just("integers"), BOUNDS),
    st.tuples(st.just("integers_sized"), st.integers(1, 300), st.integers(0, 6)),
    st.tuples(st.just("random"), st.none()),
    st.tuples(st.just("random_sized"), st.integers(0, 6)),
    st.tuples(st.just("permutation"), st.integers(0, 60)),
    st.tuples(st.just("choice_p"), st.lists(st.integers(1, 50), min_size=1, max_size=8), st.sampled_from([None, 4])),
    st.tuples(st.just("choice"), st.integers(1, 500)),
), min_size=1, max_size=25)


def _draw(rng: Any, call: tuple[Any, ...]) -> Any:
    kind = call[0]
    if kind == "integers":
        return rng.integers(0, call[1])
    if kind == "integers_sized":
        return rng.integers(0, call[1], size=call[2])
    if kind == "random":
        return rng.random()
    if kind == "random_sized":
        return rng.random(call[1])
    if kind == "permutation":
        return rng.permutation(call[1])
    if kind == "choice_p":
        total = sum(call[1])
        return rng.choice(len(call[1]), size=call[2], p=[w / total for w in call[1]])
    return rng.choice(call[1])


def _plain(value: Any) -> Any:
    return value.tolist() if hasattr(value, "tolist") else value


@needs_numpy
@settings(max_examples=400, deadline=None)
@given(seed=SEEDS, calls=CALLS)
def test_every_draw_and_every_state_is_numpys(seed: Any, calls: list[tuple[Any, ...]]) -> None:
    ours, numpys = Generator(PCG64(seed)), np.random.Generator(np.random.PCG64(seed))
    assert ours.bit_generator.state == numpys.bit_generator.state
    for call in calls:
        assert _plain(_draw(ours, call)) == _plain(_draw(numpys, call)), call
        assert ours.bit_generator.state == numpys.bit_generator.state, call


@needs_numpy
@settings(max_examples=200, deadline=None)
@given(entropy=st.lists(st.integers(0, 2**64), min_size=1, max_size=4), children=st.integers(1, 4),
       words=st.integers(1, 8))
def test_seed_sequences_mix_and_spawn_as_numpys(entropy: list[int], children: int, words: int) -> None:
    ours, numpys = SeedSequence(entropy), np.random.SeedSequence(entropy)
    assert ours.generate_state(words) == numpys.generate_state(words).tolist()
    assert ours.generate_state(words, 64) == numpys.generate_state(words, np.uint64).tolist()
    for mine, theirs in zip(ours.spawn(children) + ours.spawn(1), numpys.spawn(children) + numpys.spawn(1)):
        assert mine.spawn_key == theirs.spawn_key
        assert PCG64(mine).state == np.random.PCG64(theirs).state


@needs_numpy
def test_a_rollouts_three_generators_are_numpys_spawned_ones() -> None:
    # explorer.advisor.rollout: SeedSequence([seed, rollout]).spawn(3), one each for dealing, chance and play
    pure, numpys = spawn_generators([77, 4], 3, pure=True), spawn_generators([77, 4], 3, pure=False)
    assert [generator_state(g) for g in pure] == [generator_state(g) for g in numpys]


@needs_numpy
def test_a_state_read_from_one_kind_sets_the_other() -> None:
    numpys = new_generator(5, pure=False)
    numpys.random(3)
    numpys.integers(0, 6)  # leaves half a 64-bit word in the buffer (has_uint32 = 1)
    ours = new_generator(0, pure=True)
    set_generator_state(ours, generator_state(numpys))
    assert generator_state(ours)[2] == 1
    assert [ours.integers(0, 6) for _ in range(9)] == [int(numpys.integers(0, 6)) for _ in range(9)]


def test_the_first_draws_of_seed_42_are_numpys_known_ones() -> None:
    # numpy 2.4's default_rng(42): integers(0, 6) five times gives 0, 4, 3, 2, 2, then random() 0.6973680290593639,
    # leaving the high half of its last 64-bit word (3687649986) in the 32-bit buffer
    g = Generator(PCG64(42))
    assert [g.integers(0, 6) for _ in range(5)] == [0, 4, 3, 2, 2]
    assert g.random() == 0.6973680290593639
    assert generator_state(g) == (129461158061550087521946787121429467180, 332724090758049132448979897138935081983,
                                  1, 3687649986)


@pytest.mark.parametrize("call, message", [
    (lambda g: g.integers(5, 5), "integers needs low < high"),
    (lambda g: g.integers(0, 2**64), "integers needs low < high within 64-bit range"),
    (lambda g: g.integers(0, 6, dtype="uint8"), "only 64-bit integer draws are offered"),
    (lambda g: g.choice(3, replace=False), "only draws with replacement are offered"),
    (lambda g: g.choice(3, p=[0.5, 0.5]), "p must have one probability per item"),
    (lambda g: g.choice(2, p=[0.7, 0.7]), "probabilities must sum to 1"),
    (lambda g: g.random(size=(2, 3)), "one-dimensional draws"),
    (lambda g: g.permutation([1, 2]), "permutation takes a whole number"),
])
def test_an_unsupported_call_is_refused_rather_than_drawing_other_numbers(call: Any, message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        call(Generator(PCG64(1)))


def test_a_damaged_state_is_refused_naming_what_a_state_holds() -> None:
    g = Generator(PCG64(1))
    with pytest.raises(ValueError, match="has_uint32 0 or 1"):
        g.bit_generator.state = {"bit_generator": "PCG64", "state": {"state": 1, "inc": 1}, "has_uint32": 2,
                                 "uinteger": 0}
    with pytest.raises(ValueError, match="PCG64 generator"):
        g.bit_generator.state = {**g.bit_generator.state, "bit_generator": "MT19937"}
