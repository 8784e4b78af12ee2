"""Issue 13 §1 and §4: every backend returns identical records for the same seed range.

The Dask runs go to a two-worker ``LocalCluster`` on 127.0.0.1 (the session
fixture); one run also lets ``simulate`` start and stop a cluster of its own.
"""

from __future__ import annotations

from typing import Any

import pytest

from explorer.sim import compare, simulate

CASES = [
    dict(game_id="warps_edge", games=30, seed=500),
    dict(game_id="star_realms", policies="heuristic,random", games=8, seed=20),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["game_id"])
def test_records_are_identical_on_every_backend(case: dict, dask_client: Any) -> None:
    case = dict(case)
    game_id = case.pop("game_id")
    local = simulate(game_id, **case, chunk_size=3)
    dask = simulate(game_id, **case, backend="dask", client=dask_client, chunk_size=5)
    assert len(local.records) == case["games"] and not local.failures
    assert dask.records == local.records
    assert dask.seats == local.seats and dask.backend == "dask"
    if game_id == "warps_edge":  # one process-pool run is enough (spawning its workers costs seconds)
        processes = simulate(game_id, **case, backend="processes", workers=2, chunk_size=4)
        assert processes.records == local.records and processes.workers == 2


def test_simulate_starts_and_stops_a_local_cluster_when_given_no_client() -> None:
    result = simulate("warps_edge", games=6, seed=3, backend="dask", workers=1)
    assert result.records == simulate("warps_edge", games=6, seed=3).records
    assert result.workers == 1


def test_compare_variants_over_the_same_seeds(dask_client: Any) -> None:
    c = compare("warps_edge", variants=["standard", "review_red_blue_stun_only"], games=12, policies="heuristic",
                backend="dask", client=dask_client)
    assert c.labels == ("standard", "review_red_blue_stun_only")
    assert [r.spec.seed for r in c.results] == [0, 0]
    d = c.difference(1, seat=0)
    assert d.difference == pytest.approx(c.results[1].seat(0).wins.rate - c.results[0].seat(0).wins.rate)
    assert d.low <= d.difference <= d.high
    assert str(d).startswith("review_red_blue_stun_only vs standard: Pilot wins ")


def test_compare_line_ups_labels_each_arm() -> None:
    c = compare("star_realms", lineups=["heuristic,random", "random,heuristic"], games=4)
    assert c.labels == ("heuristic vs random", "random vs heuristic")
    assert len(c.differences()) == 2
