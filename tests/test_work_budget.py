"""Issue 19 §1: the work budget of a served page, as a pure module (explorer/sim/budget.py).

Every refusal is one sentence naming the limit and the setting that raises it;
nothing is adjusted. The panel's use of it: tests/sim/test_simulation_panel.py;
as a visitor through a real server: tests/browser/test_visitor_budget.py.
"""

from __future__ import annotations

import pytest

from explorer.sim.backends import default_workers
from explorer.sim.budget import Allowance, Budget, BudgetError, budget_for, lease_workers, served

VOILA = {"SERVER_SOFTWARE": "voila/0.5.13"}


def test_a_kernel_is_served_only_when_voila_started_it() -> None:
    assert served(VOILA)
    assert not served({"SERVER_SOFTWARE": "TornadoServer/6.5"}) and not served({})
    assert budget_for({}) == Budget() and not Budget().limited  # a notebook: no budget at all
    Budget().check_run(games=10**7, arms=2, backend="dask", spent_seconds=10**9)  # nothing refused


def test_the_defaults_when_served() -> None:
    budget = budget_for(VOILA)
    assert (budget.max_games, budget.max_sim_seconds, budget.backends) == (2000, 600.0, ("local",))
    assert budget.max_workers == default_workers()


def test_the_operator_lists_the_backends_a_visitor_may_pick() -> None:
    budget = budget_for({**VOILA, "RULES_EXPLORER_BACKENDS": " Local, dask ,local"})
    assert budget.backends == ("local", "dask")
    budget.check_run(games=10, arms=1, backend="dask")
    with pytest.raises(BudgetError, match="The server's setting RULES_EXPLORER_BACKENDS names backends from "
                                          "local, processes, dask, got 'gpu'"):
        budget_for({**VOILA, "RULES_EXPLORER_BACKENDS": "gpu"})


def test_a_page_that_spent_its_seconds_is_refused_with_the_setting() -> None:
    budget = budget_for({**VOILA, "RULES_EXPLORER_MAX_SIM_SECONDS": "30"})
    budget.check_run(games=10, arms=1, backend="local", spent_seconds=29.5)
    with pytest.raises(BudgetError) as refused:
        budget.check_run(games=10, arms=1, backend="local", spent_seconds=30)
    assert str(refused.value) == ("This page has used its 30 seconds of simulation, all a page may use on this "
                                  "server. The server's operator can raise the limit with "
                                  "RULES_EXPLORER_MAX_SIM_SECONDS.")


@pytest.mark.parametrize("raw", ["0", "-5", "1.5", "lots", "99999999"])
def test_a_malformed_games_setting_is_refused_not_guessed(raw: str) -> None:
    with pytest.raises(BudgetError, match=f"RULES_EXPLORER_MAX_GAMES must be a whole number from 1 to 10000000, "
                                          f"got '{raw}'"):
        budget_for({**VOILA, "RULES_EXPLORER_MAX_GAMES": raw})


def test_a_run_takes_one_worker_per_core_up_to_the_server_limit() -> None:
    budget = budget_for({**VOILA, "RULES_EXPLORER_MAX_WORKERS": "1"})
    assert budget.workers("local") == 1 and budget.workers("processes") == 1


def test_the_allowance_splits_the_seconds_left_among_the_workers_and_tells_cancel_from_spent() -> None:
    now = [0.0]
    allowance = Allowance(10.0, workers=4, clock=lambda: now[0])
    now[0] = 2.4
    assert not allowance.is_set()
    now[0] = 2.5  # 10 s of simulation over 4 workers: 2.5 s of wall-clock time
    assert allowance.is_set() and allowance.spent_out and not allowance.cancelled
    cancelled = Allowance(None)
    assert not cancelled.is_set()
    cancelled.set()
    assert cancelled.is_set() and cancelled.cancelled and not cancelled.spent_out


def test_a_notebook_takes_worker_slots_from_nobody(tmp_path) -> None:
    lease = lease_workers(Budget(), 8)
    assert lease.count == 8 and lease.path is None
    assert not list(tmp_path.iterdir())
