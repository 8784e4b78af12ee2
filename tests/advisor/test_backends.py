"""The same seed gives the same advice on every backend: this thread, worker processes, a Dask cluster.

Spec: issue 22 §1 ("Backends: local, processes, Dask — the lab's, unchanged; identical results for the same
seed"). The Dask run starts a one-worker LocalCluster on 127.0.0.1 and stops it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.advisor.advise_helpers import mid_game
from explorer.advisor import shutdown_pools
from explorer.advisor.advise import advise
from explorer.errors import RulesError


def _numbers(advice: Any) -> list[tuple[str, int, float, float, str]]:
    return [(r.text, r.rollouts, r.win, r.diff, r.stopped) for r in advice.rows]


@pytest.mark.slow  # starting spawned processes and a Dask cluster takes most of its 10-25 s on a shared machine
def test_local_processes_and_dask_give_identical_advice() -> None:
    state = mid_game("warps_edge")
    local = advise(state, rollouts=12, batch=4, seed=11)
    try:
        processes = advise(state, rollouts=12, batch=4, seed=11, backend="processes", workers=2)
    finally:
        shutdown_pools()
    pytest.importorskip("dask.distributed")
    dask = advise(state, rollouts=12, batch=4, seed=11, backend="dask", workers=1)
    assert _numbers(local) == _numbers(processes) == _numbers(dask)
    assert (processes.backend, dask.backend) == ("processes", "dask")


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(RulesError, match="unknown backend 'gpu'; backends: local, processes, dask"):
        advise(mid_game("warps_edge"), backend="gpu")


def test_a_policy_that_does_not_pickle_is_refused_for_other_processes() -> None:
    with pytest.raises(RulesError, match="the processes backend sends the position and policy to other processes"):
        advise(mid_game("warps_edge"), backend="processes", policy=lambda s, rng: s.legal_actions()[0])


def test_a_policy_that_does_not_pickle_still_plays_here() -> None:
    advice = advise(mid_game("warps_edge"), rollouts=4, policy=lambda s, rng: s.legal_actions()[0])
    assert advice.policy.endswith("<lambda>") and advice.best.rollouts == 4
