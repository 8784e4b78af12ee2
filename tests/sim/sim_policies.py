"""Policies the simulation tests inject: one that raises in a rare position, for the fault tests.

Module-level functions, so they pickle by reference to worker processes (the
tests' folder is on ``sys.path`` of every process started after collection).
"""

from __future__ import annotations

from typing import Any

from explorer.core.policies import random_policy


def fragile_policy(state: Any, rng: Any) -> Any:
    """The random policy, except that it raises when asked to choose among exactly 7 moves on turn 2."""
    actions = state.legal_actions()
    if getattr(state, "turn", None) == 2 and len(actions) == 7:
        raise RuntimeError("fragile policy: refuses a 7-way choice on turn 2")
    return random_policy(state, rng)


def dies_once_policy(state: Any, rng: Any) -> Any:
    """The random policy, except that the first process to meet a 7-way choice on turn 2 dies on the spot.

    "First" is kept in the file named by ``SIM_TEST_DIE_ONCE`` (set by the test; spawned
    processes inherit it): the retried chunk then plays exactly as the random policy.
    """
    import os

    marker = os.environ.get("SIM_TEST_DIE_ONCE")
    if marker and getattr(state, "turn", None) == 2 and len(state.legal_actions()) == 7:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL)
        except FileExistsError:
            pass
        else:
            os.close(fd)
            os._exit(3)  # a worker process dying mid-chunk, as an out-of-memory kill would
    return random_policy(state, rng)
