"""Seeded estimates for questions that need a played-out trial, with 95% intervals."""

from __future__ import annotations

import pytest

from explorer.core.rng import Generator
from explorer.odds import Estimate, dice_pool, estimate
from explorer.odds.sampling import wilson


def six(rng: Generator) -> bool:
    return bool(rng.integers(1, 7) == 6)


def test_the_same_seed_gives_the_same_estimate() -> None:
    assert estimate(six, trials=500, seed=3) == estimate(six, trials=500, seed=3)
    assert estimate(six, trials=500, seed=3) != estimate(six, trials=500, seed=4)


def test_a_proportion_has_a_wilson_interval_around_the_truth() -> None:
    est = estimate(six, trials=5000, seed=11)
    assert isinstance(est, Estimate) and est.kind == "proportion"
    assert est.low < est.value < est.high and est.covers(1 / 6)
    assert est.trials == 5000 and est.seed == 11


def test_a_numeric_trial_gives_a_mean_with_a_normal_interval() -> None:
    exact = float(dice_pool(5, hit_on=3).mean())  # 10/3

    def hits(rng: Generator) -> int:
        return sum(face >= 3 for face in rng.integers(1, 7, size=5))

    est = estimate(hits, trials=4000, seed=2)
    assert est.kind == "mean" and est.covers(exact)
    assert est.high - est.low < 0.1  # sd sqrt(10/9) ~ 1.05: half-width ~ 0.033


def test_without_a_seed_one_is_drawn_and_reported_so_the_run_replays() -> None:
    est = estimate(six, trials=300)
    assert estimate(six, trials=300, seed=est.seed) == est


def test_wilson_interval_known_values() -> None:
    # 50 of 100: centre 0.5, half-width 1.96 * sqrt(0.0025 + 0.000096) / 1.0384 = 0.0962
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-5) and high == pytest.approx(0.59617, abs=1e-5)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_str_reports_value_interval_trials_and_seed() -> None:
    text = str(estimate(six, trials=1000, seed=5))
    assert text.startswith("P = ") and "95% CI" in text and "1,000 trials, seed 5" in text


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"trials": 0, "seed": 1}, r"^trials must be a whole number from 1 to 200000 \(the cap MAX_TRIALS\), got 0$"),
        ({"trials": 2.5, "seed": 1}, r"^trials must be a whole number from 1 to 200000 \(the cap MAX_TRIALS\), got 2\.5$"),
        ({"trials": 10, "seed": -1}, r"^seed must be a whole number from 0 to 340282366920938463463374607431768211455 \(the cap MAX_SEED\), got -1$"),
        ({"trials": 10, "seed": True}, r"^seed must be a whole number from 0 to 340282366920938463463374607431768211455 \(the cap MAX_SEED\), got True$"),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        estimate(six, **kwargs)  # type: ignore[arg-type]


def test_a_trial_must_return_bools_or_numbers() -> None:
    with pytest.raises(ValueError, match=r"^trial must return a bool every time or a number every time, got 'win'$"):
        estimate(lambda rng: "win", trials=3, seed=0)
    with pytest.raises(ValueError, match=r"^trial must be a function"):
        estimate(42, trials=3, seed=0)  # type: ignore[arg-type]
