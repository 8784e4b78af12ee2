"""Shared fixtures of the simulation tests: one small Dask cluster on loopback for the whole session.

Two single-threaded worker processes: the build machine has 2 cores shared with
other jobs, so the cluster is kept small and started once.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

sys.path.insert(0, os.path.dirname(__file__))  # sim_policies, for these tests and the processes they start


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address="127.0.0.1:0", silence_logs=50)
    client = Client(cluster, set_as_default=False)
    try:
        client.wait_for_workers(2, timeout=60)
        yield client
    finally:
        client.close()
        cluster.close()
