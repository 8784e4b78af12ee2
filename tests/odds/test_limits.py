"""Every size argument of every public odds function has a cap: calls at the cap answer, calls past it
are refused with a ``ValueError`` naming the argument and the cap (issue 9: "every odds function has
documented caps on every size argument ... and the cap is in the error message").

Timing is not asserted here (benchmarks print figures); the at-cap rows are the slowest accepted calls
of each kind, so this module is where a cap that answers slowly would show up in the test time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from explorer.core.rng import new_generator
from explorer.odds import (
    Dist, absorbing_chain, cache_clear, dice_faces, dice_pool, dice_sum, draw, draw_count, draw_joint, estimate)
from explorer.odds import limits
from explorer.odds.limits import (
    MAX_CHAIN_COMPONENT, MAX_CHAIN_STATES, MAX_CHAIN_STEPS, MAX_DICE, MAX_JOINT_DRAWN, MAX_KINDS, MAX_POPULATION,
    MAX_SAMPLE, MAX_SEED, MAX_SIDES, MAX_TRIALS)

HALF = Fraction(1, 2)


def cycle(size: int) -> dict[Any, dict[Any, Fraction]]:
    """``size`` states in one cycle (each reaches every other), each ending with probability 1/2."""
    return {i: {(i + 1) % size: HALF, "end": HALF} for i in range(size)}


def line(states: int) -> dict[Any, dict[Any, Fraction]]:
    """A line of transient states, each moving on or ending (``states`` states in all, ends included)."""
    transient = (states - 1) // 2
    return {i: {i + 1 if i + 1 < transient else "last": HALF, ("end", i): HALF} for i in range(transient)}


AT_CAP: list[tuple[str, Callable[[], Any]]] = [
    ("dice_pool n and sides", lambda: dice_pool(MAX_DICE, sides=MAX_SIDES, hit_on=MAX_SIDES)),
    ("dice_faces sides", lambda: dice_faces(1, sides=MAX_SIDES)),
    ("dice_faces faces listed", lambda: dice_faces(10, sides=10)),           # 92,378 x 10 faces
    ("dice_faces n", lambda: dice_faces(MAX_DICE, sides=1)),
    ("dice_sum totals", lambda: dice_sum(150, sides=MAX_SIDES)),             # 149,851 totals
    ("dice_sum n", lambda: dice_sum(MAX_DICE, sides=100)),                   # 99,001 totals
    ("draw kinds", lambda: draw({f"k{i}": 1 for i in range(MAX_KINDS)}, 2)),
    ("draw population", lambda: draw({"a": MAX_POPULATION // 2, "b": MAX_POPULATION // 2}, MAX_POPULATION // 2)),
    ("draw outcomes", lambda: draw({f"k{i}": 10 for i in range(8)}, 12)),     # 50,324 draws
    ("draw_count population", lambda: draw_count({"a": MAX_POPULATION // 2, "b": MAX_POPULATION // 2},
                                                 MAX_POPULATION // 2, "a")),
    ("draw_joint n", lambda: draw_joint({"a": 300, "b": 300, "c": 400}, MAX_JOINT_DRAWN, "a", "b")),
    ("absorbing_chain max_steps", lambda: absorbing_chain({"s": {"s": HALF, "e": HALF}}, "s",
                                                          max_steps=MAX_CHAIN_STEPS, tail=0)),
    ("absorbing_chain cycle", lambda: absorbing_chain(cycle(MAX_CHAIN_COMPONENT), 0)),
    ("absorbing_chain states", lambda: absorbing_chain(line(MAX_CHAIN_STATES), 0)),
    ("estimate trials and seed", lambda: estimate(lambda rng: True, trials=MAX_TRIALS, seed=MAX_SEED)),
    ("Dist.sample size", lambda: Dist({0: 1, 1: 1}).sample(new_generator(0), MAX_SAMPLE)),
]

PAST_CAP: list[tuple[str, Callable[[], Any], str]] = [
    ("dice n", lambda: dice_pool(MAX_DICE + 1, hit_on=2), r"^n must be .* \(the cap MAX_DICE\), got 1001$"),
    ("dice sides", lambda: dice_sum(1, sides=MAX_SIDES + 1), r"^sides must be .* \(the cap MAX_SIDES\), got 1001$"),
    ("dice huge sides", lambda: dice_pool(1000, sides=10**3000, hit_on=2),
     r"^sides must be .*MAX_SIDES\), got a whole number of 3,001 digits$"),
    ("dice_faces multisets", lambda: dice_faces(2, sides=MAX_SIDES), r"\(the cap MAX_FACE_OUTCOMES\)"),
    ("dice_faces faces", lambda: dice_faces(MAX_DICE, sides=2), r"\(the cap MAX_FACE_VALUES\)"),
    ("dice_sum totals", lambda: dice_sum(MAX_DICE, sides=MAX_SIDES), r"\(the cap MAX_SUM_OUTCOMES\)"),
    ("population count", lambda: draw_count({"a": 10**5}, 10**5, "a"),
     r"^population count of 'a' must be .* \(the cap MAX_POPULATION\), got 100000$"),
    ("population total", lambda: draw({"a": MAX_POPULATION, "b": 1}, 1),
     r"^population must hold at most 10,000 items in all \(the cap MAX_POPULATION\), got 10,001$"),
    ("population kinds", lambda: draw({f"k{i}": 1 for i in range(MAX_KINDS + 1)}, 1),
     r"^population must have at most 200 kinds \(the cap MAX_KINDS\), got 201$"),
    ("draw outcomes", lambda: draw({f"k{i}": 10 for i in range(8)}, 16), r"^n: drawing 16 .*\(the cap MAX_DRAW_OUTCOMES\)"),
    ("draw_joint n", lambda: draw_joint({"a": 1000, "b": 1000, "c": 1000}, MAX_JOINT_DRAWN + 1, "a", "b"),
     r"^n must be a whole number from 0 to 500 .*MAX_JOINT_DRAWN.*, got 501$"),
    ("draw_joint 1,000 of 3,000", lambda: draw_joint({"a": 1000, "b": 1000, "c": 1000}, 1000, "a", "b"),
     r"^n must .*MAX_JOINT_DRAWN"),
    ("chain max_steps", lambda: absorbing_chain(cycle(2), 0, max_steps=10**7),
     r"^max_steps must be .* \(the cap MAX_CHAIN_STEPS\), got 10000000$"),
    ("chain states", lambda: absorbing_chain(line(MAX_CHAIN_STATES + 3), 0), r"\(the cap MAX_CHAIN_STATES\)"),
    ("chain cycle", lambda: absorbing_chain(cycle(MAX_CHAIN_COMPONENT + 1), 0), r"\(the cap MAX_CHAIN_COMPONENT\)"),
    ("estimate trials", lambda: estimate(lambda rng: True, trials=10**8, seed=1),
     r"^trials must be .* \(the cap MAX_TRIALS\), got 100000000$"),
    ("estimate seed", lambda: estimate(lambda rng: True, trials=1, seed=2**200),
     r"^seed must be .* \(the cap MAX_SEED\), got a whole number of 61 digits$"),
    ("sample size", lambda: Dist({0: 1}).sample(new_generator(0), 10**10),
     r"^size must be a whole number from 0 to 1,000,000 \(the cap MAX_SAMPLE\) or None, got 10000000000$"),
]


@pytest.mark.parametrize(("what", "call"), AT_CAP, ids=[row[0] for row in AT_CAP])
def test_a_call_at_the_cap_answers(what: str, call: Callable[[], Any]) -> None:
    cache_clear()
    assert call() is not None


@pytest.mark.parametrize(("what", "call", "message"), PAST_CAP, ids=[row[0] for row in PAST_CAP])
def test_a_call_past_the_cap_is_refused_naming_the_argument_and_the_cap(
        what: str, call: Callable[[], Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(("call", "argument"), [
    (lambda: draw_count({"a": 1, "b": 1}, 1, [["a"]]), "kinds"),
    (lambda: draw_joint({"a": 1, "b": 1}, 1, "a", [["b"]]), "kind_b"),
    (lambda: absorbing_chain(cycle(2), [0]), "start"),
])
def test_unhashable_kinds_and_states_are_refused_by_argument_name(call: Callable[[], Any], argument: str) -> None:
    with pytest.raises(TypeError, match=rf"^{argument}: .* is unhashable"):
        call()


def test_a_refusal_echoes_at_most_a_short_excerpt_of_a_huge_argument() -> None:
    with pytest.raises(ValueError) as info:
        draw_count({"x" * 10**6: 1}, 1, "y" * 10**6)
    assert len(str(info.value)) < 300


def test_every_cap_is_documented_in_the_limits_module() -> None:
    doc = limits.__doc__ or ""
    for name in limits.LIMITS:
        assert name in doc, name
    assert set(limits.LIMITS) >= {"MAX_DICE", "MAX_SIDES", "MAX_POPULATION", "MAX_KINDS", "MAX_DRAW_OUTCOMES",
                                  "MAX_JOINT_DRAWN", "MAX_CHAIN_STEPS", "MAX_TRIALS", "MAX_SAMPLE"}


def test_the_cap_in_each_message_is_the_cap_in_force() -> None:
    for _, _call, message in PAST_CAP:
        names = re.findall(r"MAX_[A-Z_]+", message)
        assert all(n in limits.LIMITS for n in names), names
