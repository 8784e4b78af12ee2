"""``draw``'s engine (``explorer.odds.compositions``): exact, in the order the game engines rely on.

Issue 21 made ``draw`` faster (a kind-by-kind listing for small questions, meet in the middle for
larger ones). Every answer must stay exact — whole-number weights summing to C(N, n) — and in the
same order as before, because ``explorer.core.chance`` lists a draw's outcomes in ``draw``'s order
and the seeded games pick among them by position: the first kind's count going down, then the
next kind's, and so on. Checked three ways: against a reference that lists every count vector
with ``itertools.product`` (brute force, in that order), the two ways of listing against each
other on larger shapes, and against icepool's ``Deck.deal`` on shapes of the benchmark grid.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb, prod

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.multiset import Multiset
from explorer.odds import cache_clear, compositions, draw

Pairs = tuple[tuple[str, int], ...]


def reference(population: dict[str, int], n: int) -> list[tuple[Multiset, int]]:
    """Every count vector in the engine's order (product of descending ranges), its weight the
    product of C(count, j) — with the kinds in ``Multiset`` order, zero counts dropped."""
    pairs = [(k, c) for k, c in Multiset(population).items()]
    found = []
    for js in itertools.product(*(range(min(c, n), -1, -1) for _, c in pairs)):
        if sum(js) == n:
            drawn = Multiset({k: j for (k, _), j in zip(pairs, js) if j})
            found.append((drawn, prod(comb(c, j) for (_, c), j in zip(pairs, js))))
    return found


def listed(population: dict[str, int], n: int) -> list[tuple[Multiset, int]]:
    cache_clear()
    d = draw(population, n)
    assert d.total == comb(sum(population.values()), n)
    return [(m, w) for m, w in zip(d.outcomes, d.weights) if w]


def both_ways(pairs: Pairs, n: int, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """``drawn_multisets`` listing kind by kind (``FEW`` huge) and meeting in the middle (``FEW`` 0)."""
    monkeypatch.setattr(compositions, "FEW", 10**12)
    by_kind = compositions.drawn_multisets(pairs, n)
    monkeypatch.setattr(compositions, "FEW", 0)
    return by_kind, compositions.drawn_multisets(pairs, n)


# --- brute force, in order -------------------------------------------------------------


@pytest.mark.parametrize(("population", "n"), [
    ({"laser": 5, "shield": 5, "energy": 4, "missile": 3, "drone": 3}, 5),   # the README's 20-token bag
    ({"k0": 16, "k1": 16, "k2": 16}, 8),                                    # grid: 8 of 48, 3 kinds even
    ({"k0": 16, "k1": 2, "k2": 2}, 4),                                      # grid: 4 of 20, 3 kinds skewed
    ({"k0": 12, "k1": 12, "k2": 12, "k3": 12}, 4),                          # grid: 4 of 48, 4 kinds even
    ({"k0": 6, "k1": 6, "k2": 6, "k3": 6, "k4": 6}, 6),                     # issue 8: 6 of 30 in 5 kinds
    ({"a": 3, "b": 0, "c": 1, "d": 2, "e": 1, "f": 4}, 7),                  # a kind with none left
])
def test_draw_lists_every_count_vector_in_the_engine_order_with_its_binomial_weight(
        population: dict[str, int], n: int) -> None:
    assert listed(population, n) == reference(population, n)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=7), st.data())
def test_any_small_bag_is_listed_as_brute_force_lists_it(counts: list[int], data: st.DataObject) -> None:
    population = {f"kind{i}": c for i, c in enumerate(counts)}
    n = data.draw(st.integers(0, sum(counts)))
    assert listed(population, n) == reference(population, n)


def test_a_small_bag_drawn_token_by_token_gives_the_same_weights() -> None:
    # every 4-subset of the 11 individual tokens is one equally likely draw (itertools.combinations)
    bag = {"laser": 4, "shield": 3, "energy": 2, "drone": 1, "missile": 1}
    tokens = [kind for kind, count in bag.items() for _ in range(count)]
    counted = Counter(Multiset(drawn) for drawn in itertools.combinations(tokens, 4))
    assert dict(listed(bag, 4)) == counted


# --- the two ways of listing agree, outcome for outcome ------------------------------------


@pytest.mark.parametrize(("counts", "n"), [
    ([8] * 6, 8),                      # issue 8's slow shape: 8 of 48 in 6 kinds (1,287 draws)
    ([10] * 8, 8),                     # 8 of 80 in 8 kinds
    ([66] + [2] * 7, 12),              # 12 of 80 in 8 kinds, skewed
    ([6, 6, 6, 6, 5], 12),             # 12 of 29, every kind nearly exhausted
    ([1] * 12, 4),                     # many kinds of one each
])
def test_listing_kind_by_kind_and_meeting_in_the_middle_give_the_same_list(
        counts: list[int], n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = tuple(Multiset({f"k{i:02d}": c for i, c in enumerate(counts)}).items())
    (small_outcomes, small_weights), (large_outcomes, large_weights) = both_ways(pairs, n, monkeypatch)
    assert small_outcomes == large_outcomes
    assert small_weights == large_weights
    assert sum(small_weights) == comb(sum(counts), n)


# --- icepool, on shapes of the benchmark grid ------------------------------------------------


@pytest.mark.parametrize(("counts", "n"), [
    ([10, 10], 12),                    # 12 of 20, 2 kinds even
    ([16, 2, 2], 4),                   # 4 of 20, 3 kinds skewed
    ([12, 12, 12, 12], 8),             # 8 of 48, 4 kinds even
    ([8] * 6, 8),                      # 8 of 48, 6 kinds even (issue 8)
    ([6] * 5, 6),                      # 6 of 30, 5 kinds even (issue 8)
    ([6, 6, 6, 6, 6, 5, 5], 4),        # 4 of 40, 7 kinds even (issue 8)
    ([66] + [2] * 7, 12),              # 12 of 80, 8 kinds skewed
])
def test_draw_equals_icepool_deal_on_grid_shapes(counts: list[int], n: int) -> None:
    population = {f"k{i}": c for i, c in enumerate(counts)}
    theirs = icepool.Deck(population).deal(n).expand()
    total = theirs.denominator()
    expected = {Multiset(o): Fraction(q, total) for o, q in theirs.items() if q}
    cache_clear()
    assert {m: p for m, p in draw(population, n).pmf().items() if p} == expected
