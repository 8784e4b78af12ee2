"""``Dist``: an exact, immutable distribution with whole-number weights.

Each test states a behaviour of the public API the odds widgets rely on.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.numpy_optional import needs_numpy, np

from explorer.core.rng import new_generator
from explorer.core.multiset import Multiset
from explorer.odds import Dist

weights_maps = st.dictionaries(st.integers(-5, 12), st.integers(0, 50), min_size=1, max_size=10).filter(
    lambda m: sum(m.values()) > 0
)


# --- construction and plain data ---------------------------------------------------------


def test_outcomes_are_sorted_and_weights_kept_exact() -> None:
    d = Dist({3: 2, 1: 1, 2: 1})
    assert d.outcomes == (1, 2, 3)
    assert d.weights == (1, 1, 2)
    assert d.total == 4
    assert all(type(w) is int for w in d.weights)


def test_unsortable_outcomes_keep_the_order_given() -> None:
    a, b = Multiset({"laser": 1}), Multiset({"energy": 1})
    assert Dist({a: 1, b: 3}).outcomes == (a, b)
    assert Dist({"x": 1, 2: 1}).outcomes == ("x", 2)


def test_from_weights_merges_repeated_outcomes() -> None:
    d = Dist.from_weights([1, 2, 1, 3], [1, 1, 1, 1])
    assert d.pmf() == {1: Fraction(1, 2), 2: Fraction(1, 4), 3: Fraction(1, 4)}


def test_from_fractions_scales_to_a_common_denominator() -> None:
    d = Dist.from_fractions({"a": Fraction(1, 6), "b": Fraction(1, 3), "c": Fraction(1, 2)})
    assert d.weights == (1, 2, 3) and d.total == 6


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ({"x": -1}, r"weight of outcome 'x' must be a whole number >= 0, got -1"),
        ({"x": 1.5}, r"weight of outcome 'x' must be a whole number >= 0, got 1\.5"),
        ({"x": True}, r"weight of outcome 'x' must be a whole number >= 0, got True"),
        ({"x": 0}, r"weights must have a positive total"),
        ({}, r"weights must have a positive total"),
        ([1, 2], r"weights must be a mapping outcome -> whole-number weight, got list"),
    ],
)
def test_bad_weights_are_refused_naming_the_weight(weights: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Dist(weights)  # type: ignore[arg-type]


def test_from_fractions_refuses_probabilities_not_summing_to_one() -> None:
    with pytest.raises(ValueError, match=r"probabilities must sum to 1, got 1/2"):
        Dist.from_fractions({"a": Fraction(1, 4), "b": Fraction(1, 4)})
    with pytest.raises(ValueError, match=r"probability of outcome 'a' must be a Fraction or int >= 0, got 0\.5"):
        Dist.from_fractions({"a": 0.5, "b": 0.5})


def test_from_weights_needs_one_weight_per_outcome() -> None:
    with pytest.raises(ValueError, match=r"weights must have one weight per outcome: 2 outcomes, 1 weights"):
        Dist.from_weights([1, 2], [1])


# --- value semantics -------------------------------------------------------------------


def test_equality_is_by_normalised_pmf_and_hash_agrees() -> None:
    a = Dist({0: 1, 1: 3})
    b = Dist({1: 6, 0: 2, 2: 0})  # same probabilities; a zero-weight outcome does not count
    assert a == b and hash(a) == hash(b)
    assert a != Dist({0: 1, 1: 2})
    assert len({a, b}) == 1


def test_a_dist_is_immutable() -> None:
    d = Dist({0: 1})
    with pytest.raises(AttributeError):
        d.total = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        d._weights = (2,)  # type: ignore[misc]
    pmf = d.pmf()
    pmf[0] = Fraction(0)
    assert d.pmf() == {0: Fraction(1)}  # pmf() hands out a copy


def test_pickle_round_trips() -> None:
    d = Dist({(1, 2): 3, (2, 2): 1})
    assert pickle.loads(pickle.dumps(d)) == d


# --- questions -------------------------------------------------------------------------


def test_p_takes_an_outcome_or_a_predicate() -> None:
    d = Dist({1: 1, 2: 1, 3: 1, 4: 1})
    assert d.p(3) == Fraction(1, 4)
    assert d.p(9) == 0
    assert d.p(lambda x: x % 2 == 0) == Fraction(1, 2)


def test_at_least_at_most_and_the_at_least_chart() -> None:
    d = Dist({0: 1, 1: 2, 2: 1})
    assert d.at_least(1) == Fraction(3, 4)
    assert d.at_most(1) == Fraction(3, 4)
    assert d.at_least(3) == 0 and d.at_most(-1) == 0
    assert d.cdf_at_least() == {0: Fraction(1), 1: Fraction(3, 4), 2: Fraction(1, 4)}


def test_cdf_at_least_needs_ordered_outcomes() -> None:
    with pytest.raises(TypeError, match="ordered"):
        Dist({"x": 1, 2: 1}).cdf_at_least()


def test_mean_and_variance_are_exact() -> None:
    # one fair d6: mean 7/2, variance 35/12
    d6 = Dist({face: 1 for face in range(1, 7)})
    assert d6.mean() == Fraction(7, 2)
    assert d6.variance() == Fraction(35, 12)
    assert Dist({Fraction(1, 2): 1, Fraction(3, 2): 1}).mean() == 1


def test_map_merges_equal_images() -> None:
    d6 = Dist({face: 1 for face in range(1, 7)})
    parity = d6.map(lambda f: "even" if f % 2 == 0 else "odd")
    assert parity.pmf() == {"even": Fraction(1, 2), "odd": Fraction(1, 2)}
    assert parity.total == 6


def test_rows_and_floats_for_export_and_charts() -> None:
    d = Dist({0: 1, 1: 3})
    assert d.to_rows() == [(0, Fraction(1, 4)), (1, Fraction(3, 4))]
    assert d.probabilities() == [0.25, 0.75]
    huge = Dist({0: 10**400, 1: 3 * 10**400})  # beyond float range, still charted
    assert huge.probabilities() == [0.25, 0.75]


# --- sampling ---------------------------------------------------------------------------


def test_sample_is_seeded_and_follows_the_weights() -> None:
    d = Dist({0: 1, 1: 3})
    first = d.sample(new_generator(5), 20_000)
    again = d.sample(new_generator(5), 20_000)
    assert isinstance(first, list) and first == again
    assert abs(sum(first) / len(first) - 0.75) < 0.02  # 6+ standard errors


@needs_numpy
def test_sample_draws_the_same_outcomes_from_numpys_generator_and_the_pure_one() -> None:
    d = Dist({0: 1, 1: 3, 7: 5})
    assert d.sample(np.random.default_rng(8), 500) == d.sample(new_generator(8, pure=True), 500)
    huge = Dist({0: 10**30, 1: 10**30, 2: 3})  # past 2**63: numpy's choice with p, floats and all
    assert huge.sample(np.random.default_rng(8), 200) == huge.sample(new_generator(8, pure=True), 200)


def test_sample_without_size_gives_one_outcome_and_with_a_size_a_list() -> None:
    d = Dist({(1, 1): 1, (1, 2): 2})
    one = d.sample(new_generator(0))
    assert one in d.outcomes
    many = d.sample(new_generator(0), 4)
    assert isinstance(many, list) and all(o in d.outcomes for o in many)


def test_sample_with_a_huge_total_still_works() -> None:
    d = Dist({0: 10**30, 1: 10**30})
    assert set(d.sample(new_generator(1), 50)) == {0, 1}


def test_sample_checks_its_arguments() -> None:
    d = Dist({0: 1})
    with pytest.raises(TypeError, match="rng must be a seeded generator"):
        d.sample(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"size must be a whole number from 0 to 1,000,000 \(the cap MAX_SAMPLE\) or None, got -1"):
        d.sample(new_generator(0), -1)


# --- printing ---------------------------------------------------------------------------


def test_str_is_an_aligned_table_with_fractions_and_percent() -> None:
    assert str(Dist({0: 1, 1: 10, 2: 1013})) == (
        "outcome  probability  percent\n"
        "      0       1/1024    0.10%\n"
        "      1        5/512    0.98%\n"
        "      2    1013/1024   98.93%"
    )
    assert str(Dist({"hit": 1, "miss": 3})) == (
        "outcome  probability  percent\nhit              1/4   25.00%\nmiss             3/4   75.00%"
    )


def test_str_never_rounds_a_possible_outcome_to_0_or_100_percent() -> None:
    lines = str(Dist({0: 1, 1: 10**6})).splitlines()
    assert lines[1].endswith("0.0001%") and lines[2].endswith("99.9999%")


def test_repr_is_short() -> None:
    assert repr(Dist({0: 1, 1: 5})) == "Dist({0: 1, 1: 5})"
    long = repr(Dist({k: 1 for k in range(100)}))
    assert long.endswith("...}, 100 outcomes, total=100)") and len(long) < 120


# --- properties -------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, database=None)
@given(weights_maps)
def test_probabilities_sum_to_exactly_one(weights: dict[int, int]) -> None:
    d = Dist(weights)
    assert sum(d.pmf().values()) == 1
    assert sum(d.weights) == d.total


@settings(max_examples=60, deadline=None, database=None)
@given(weights_maps, st.integers(-7, 14))
def test_at_least_k_plus_at_most_k_minus_one_is_one(weights: dict[int, int], k: int) -> None:
    d = Dist(weights)
    assert d.at_least(k) + d.at_most(k - 1) == 1


@settings(max_examples=60, deadline=None, database=None)
@given(weights_maps, st.integers(1, 4))
def test_map_preserves_total_mass(weights: dict[int, int], modulus: int) -> None:
    d = Dist(weights)
    image = d.map(lambda x: x % modulus)
    assert image.total == d.total
    assert sum(image.pmf().values()) == 1
    assert image.p(0) == d.p(lambda x: x % modulus == 0)


@settings(max_examples=40, deadline=None, database=None)
@given(weights_maps, st.integers(1, 5))
def test_scaling_every_weight_gives_an_equal_dist(weights: dict[int, int], factor: int) -> None:
    d = Dist(weights)
    scaled = Dist({o: w * factor for o, w in weights.items()})
    assert d == scaled and hash(d) == hash(scaled)
