"""The simulation lab: thousands of seeded games per variant, reported with intervals.

``simulate(game_id, ...)`` plays game ``i`` from seed ``seed + i`` with one
policy per seat and returns a :class:`SimResult` (per-seat wins, draws and
losses with Wilson 95% intervals, game lengths, the share that hit a limit,
the per-game table for CSV or Parquet, the command that reproduces it).
``compare(...)`` asks the same question under two or more variants or
line-ups and gives the difference of win rates with its interval. Backends:
``local``, ``processes``, ``dask``. A dashboard served to strangers runs
under a work budget (:mod:`explorer.sim.budget`). Generic over ``explorer.games()``: no
game-specific code lives here. From a shell: ``python -m explorer.sim --help``.

>>> import explorer.sim as sim
>>> result = sim.simulate("warps_edge", games=10, seed=0)
>>> len(result.records), result.spec.seed_of(9)
(10, 9)
>>> sim.replay(result.spec, 4).seed
4
"""

from explorer.sim.backends import BACKENDS, dask_client
from explorer.sim.budget import Budget, BudgetError, budget_for
from explorer.sim.play import Chunk, Failure, GameRecord, play_game, replay, run_chunk
from explorer.sim.result import LengthSummary, SeatSummary, SimResult
from explorer.sim.run import Comparison, Difference, Progress, compare, run_spec, run_steps, simulate
from explorer.sim.spec import SimSpec, SimulationError, make_spec
from explorer.sim.stats import Rate, rate, rate_difference, wilson

__all__ = [
    "BACKENDS", "Budget", "BudgetError", "Chunk", "Comparison", "Difference", "Failure", "GameRecord", "LengthSummary", "Progress", "Rate",
    "SeatSummary", "SimResult", "SimSpec", "SimulationError", "budget_for", "compare", "dask_client", "make_spec", "play_game",
    "rate", "rate_difference", "replay", "run_chunk", "run_spec", "run_steps", "simulate", "wilson",
]
