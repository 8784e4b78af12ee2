"""``simulate`` and ``compare``: many seeded games of one question, on the backend of your choice.

Everything is checked before the first game starts (game, variant, options,
setup, policies, seat count, numbers, backend, a reachable scheduler). The
run is cut into chunks of games; as each chunk finishes, ``progress`` (if
given) receives a :class:`Progress`, whose ``result()`` is the partial
:class:`~explorer.sim.result.SimResult` so far. Setting ``stop`` (a
``threading.Event``, or anything with ``is_set()``) ends the run within a
second, on every backend, and keeps what finished.

>>> result = simulate("warps_edge", games=8, seed=5, chunk_size=3)
>>> [r.seed for r in result.records] == list(range(5, 13))
True
>>> simulate("warps_edge", games=8, backend="gpu")
Traceback (most recent call last):
...
explorer.sim.spec.SimulationError: unknown backend 'gpu'; backends: local, processes, dask
"""

from __future__ import annotations

import contextlib
import pickle
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from explorer.core.checks import whole_number
from explorer.sim.backends import BACKENDS, dask_client, default_workers, plan_chunks, run_dask, run_local, run_processes
from explorer.sim.play import Chunk, Failure, GameRecord, HaltSignal
from explorer.sim.result import SimResult
from explorer.sim.spec import DEFAULT_MAX_STEPS, SimSpec, SimulationError, make_spec
from explorer.sim.stats import rate_difference

MAX_WORKERS = 1024


@dataclass
class Progress:
    """Where a run stands after a chunk: games done of total, failures, seconds so far, the chunk."""

    done: int
    total: int
    failed: int
    elapsed: float
    chunk: Chunk
    _build: Callable[[], SimResult] = field(repr=False)

    @property
    def games_per_second(self) -> float:
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def seconds_left(self) -> float:
        """Estimated from the pace so far."""
        rate = self.games_per_second
        return (self.total - self.done) / rate if rate > 0 else float("inf")

    def result(self) -> SimResult:
        """The partial result: every record so far (costs a sort of them; call it per chunk, not per game)."""
        return self._build()


def _check_backend(backend: str, workers: int | None, chunk_size: int | None) -> int:
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None:
        whole_number("workers", workers, 1, MAX_WORKERS, SimulationError)
    if chunk_size is not None:
        whole_number("chunk_size", chunk_size, 1, 1_000_000, SimulationError)
    if backend == "local":
        return 1
    return workers or default_workers()


def _check_picklable(spec: SimSpec, backend: str) -> None:
    if backend == "local":
        return
    try:
        pickle.dumps(spec)
    except Exception as err:  # noqa: BLE001 - any pickling failure means workers cannot receive the policies
        raise SimulationError(f"the {backend} backend sends the policies to other processes, and they do not "
                              f"pickle ({err}); use named policies or module-level functions") from err


def run_spec(spec: SimSpec, *, backend: str = "local", workers: int | None = None, client: Any = None,
             chunk_size: int | None = None, progress: Callable[[Progress], Any] | None = None,
             stop: HaltSignal | None = None) -> SimResult:
    """Play a checked :class:`SimSpec` (see :func:`simulate` for the arguments)."""
    steps = run_steps(spec, backend=backend, workers=workers, client=client, chunk_size=chunk_size, stop=stop)
    while True:
        try:
            step = next(steps)
        except StopIteration as end:
            return end.value
        if progress is not None:
            progress(step)


def run_steps(spec: SimSpec, *, backend: str = "local", workers: int | None = None, client: Any = None,
              chunk_size: int | None = None, stop: HaltSignal | None = None) -> Generator[Progress, None, SimResult]:
    """:func:`run_spec` a chunk at a time: a :class:`Progress` after every chunk, the result as the return value.

    For a caller that must give the floor back between chunks (a page whose
    Python has no thread, where the games share the event loop with the
    clicks): the run waits between two ``next`` calls. Everything is checked at
    the first ``next``.

    >>> steps = run_steps(make_spec("warps_edge", games=4), chunk_size=2)
    >>> [p.done for p in steps]
    [2, 4]
    """
    n_workers = _check_backend(backend, workers, chunk_size)
    _check_picklable(spec, backend)
    if client is not None and backend != "dask":
        raise SimulationError(f"client is for the dask backend; backend is {backend!r}")
    chunks = plan_chunks(spec.games, chunk_size, n_workers)
    names = tuple(spec.load().player_name(seat) for seat in range(spec.seats))
    records: list[GameRecord] = []
    failures: list[Failure] = []
    timings: list[tuple[int, float]] = []
    began = time.perf_counter()

    def build(cancelled: bool = False, workers_used: int = n_workers) -> SimResult:
        return SimResult(spec, tuple(sorted(records, key=lambda r: r.index)),
                         tuple(sorted(failures, key=lambda f: f.index)), backend, workers_used,
                         time.perf_counter() - began, cancelled, tuple(timings), names)

    with _source(spec, chunks, backend, n_workers, client, stop) as (source, used):
        n_workers = used
        for chunk in source:
            records.extend(chunk.records)
            failures.extend(chunk.failures)
            if chunk.seconds:
                timings.append((chunk.games, chunk.seconds))
            yield Progress(len(records) + len(failures), spec.games, len(failures), time.perf_counter() - began,
                           chunk, build)
    return build(cancelled=len(records) + len(failures) < spec.games, workers_used=n_workers)


@contextlib.contextmanager
def _source(spec: SimSpec, chunks: list[tuple[int, int]], backend: str, workers: int, client: Any,
            stop: HaltSignal | None) -> Iterator[tuple[Iterator[Chunk], int]]:
    if backend == "local":
        yield run_local(spec, chunks, stop), 1
    elif backend == "processes":
        source = run_processes(spec, chunks, workers, stop)
        try:
            yield source, workers
        finally:
            source.close()
    else:
        with dask_client(client, workers) as dask:
            used = len(dask.scheduler_info().get("workers", {})) or workers
            source = run_dask(spec, chunks, dask, stop)
            try:
                yield source, used
            finally:
                source.close()


def simulate(game_id: str, *, variant: str | None = None, options: Mapping[str, Any] | None = None,
             setup: Mapping[str, Any] | None = None, policies: Any = "random", games: int = 100, seed: int = 0,
             max_steps: int = DEFAULT_MAX_STEPS, backend: str = "local", workers: int | None = None,
             client: Any = None, chunk_size: int | None = None, progress: Callable[[Progress], Any] | None = None,
             stop: HaltSignal | None = None) -> SimResult:
    """Play ``games`` seeded games of ``game_id`` (game ``i`` from seed ``seed + i``) and summarise them.

    ``policies``: one name for every seat, ``"heuristic,random"``, or a
    sequence with one name or callable per seat. ``backend``: ``"local"``
    (this thread), ``"processes"`` (``workers`` processes, default one per
    core) or ``"dask"`` (``client``: a ``dask.distributed.Client`` or a
    scheduler address; by default a ``LocalCluster`` of ``workers`` processes
    on 127.0.0.1, started and stopped here). Records are identical whichever
    backend plays them.
    """
    _check_backend(backend, workers, chunk_size)
    spec = make_spec(game_id, variant=variant, options=options, setup=setup, policies=policies, games=games,
                     seed=seed, max_steps=max_steps)
    return run_spec(spec, backend=backend, workers=workers, client=client, chunk_size=chunk_size,
                    progress=progress, stop=stop)


@dataclass(frozen=True)
class Difference:
    """Arm ``label`` against the baseline arm: one seat's win rate in each and the difference with its 95% CI."""

    label: str
    baseline: str
    seat: str
    rate: float
    baseline_rate: float
    difference: float
    low: float
    high: float

    def __str__(self) -> str:
        return (f"{self.label} vs {self.baseline}: {self.seat} wins {self.rate:.1%} vs {self.baseline_rate:.1%}, "
                f"a change of {100 * self.difference:+.1f} points (95% CI {100 * self.low:+.1f} to "
                f"{100 * self.high:+.1f})")


@dataclass(frozen=True)
class Comparison:
    """Two or more runs over the same seeds, the first being the baseline."""

    labels: tuple[str, ...]
    results: tuple[SimResult, ...]

    def difference(self, arm: int = 1, seat: int = 0, baseline: int = 0) -> Difference:
        """Seat ``seat``'s win rate in arm ``arm`` minus the baseline's, with Newcombe's interval."""
        a, b = self.results[arm].seat(seat), self.results[baseline].seat(seat)
        d, low, high = rate_difference(a.wins.count, a.wins.trials, b.wins.count, b.wins.trials)
        return Difference(self.labels[arm], self.labels[baseline], a.name, a.wins.rate, b.wins.rate, d, low, high)

    def differences(self) -> list[Difference]:
        """Every arm against the baseline, for every seat."""
        seats = min(r.spec.seats for r in self.results)
        return [self.difference(arm, seat) for arm in range(1, len(self.results)) for seat in range(seats)
                if self.results[arm].records and self.results[0].records]

    def summary(self) -> str:
        parts = [f"== {label} ==\n{result.summary()}" for label, result in zip(self.labels, self.results)]
        return "\n\n".join(parts + ["\n".join(str(d) for d in self.differences())])

    def __str__(self) -> str:
        return self.summary()


def _label(arm: Mapping[str, Any], spec: SimSpec) -> str:
    parts = []
    if "variant" in arm:
        parts.append(spec.variant)
    if "policies" in arm:
        parts.append(" vs ".join(spec.policy_names()))
    for key in ("setup", "options"):
        if key in arm:
            parts.append(", ".join(f"{k}={v}" for k, v in sorted(arm[key].items())))
    return "; ".join(parts) or spec.variant


ARM_KEYS = ("variant", "options", "setup", "policies", "max_steps")


def compare(game_id: str, arms: Sequence[Mapping[str, Any]] | None = None, *, variants: Sequence[str] | None = None,
            lineups: Sequence[Any] | None = None, backend: str = "local", workers: int | None = None,
            client: Any = None, chunk_size: int | None = None, progress: Callable[[int, Progress], Any] | None = None,
            stop: HaltSignal | None = None, **common: Any) -> Comparison:
    """The same seeds under two or more variants, policy line-ups or setups; the first arm is the baseline.

    Give ``variants=["standard", "printed_explorer"]``, ``lineups=["heuristic,random",
    "random,heuristic"]``, or ``arms=[{"variant": ...}, {"policies": ...}]``;
    ``common`` holds what every arm shares (``games``, ``seed``, ``setup``, ...).
    ``progress(arm_index, progress)`` reports each chunk. Every arm is checked
    before the first game of any arm.

    >>> c = compare("warps_edge", variants=["standard", "review_red_blue_stun_only"], games=10)
    >>> c.labels
    ('standard', 'review_red_blue_stun_only')
    """
    given = [x for x in (arms, variants, lineups) if x is not None]
    if len(given) != 1:
        raise SimulationError("compare: give exactly one of arms, variants or lineups")
    if variants is not None:
        arm_list: list[Mapping[str, Any]] = [{"variant": v} for v in variants]
    elif lineups is not None:
        arm_list = [{"policies": p} for p in lineups]
    else:
        arm_list = list(arms or [])
    if len(arm_list) < 2:
        raise SimulationError(f"compare: give at least two arms to compare, got {len(arm_list)}")
    for arm in arm_list:
        if not isinstance(arm, Mapping) or set(arm) - set(ARM_KEYS):
            raise SimulationError(f"compare: each arm is a mapping of {', '.join(ARM_KEYS)}; got {arm!r}")
    _check_backend(backend, workers, chunk_size)
    specs = [make_spec(game_id, **{**common, **arm}) for arm in arm_list]
    labels = [_label(arm, spec) for arm, spec in zip(arm_list, specs)]
    if len(set(labels)) < len(labels):
        labels = [f"{i + 1}. {label}" for i, label in enumerate(labels)]
    if len({s.seats for s in specs}) != 1:
        raise SimulationError("compare: every arm must seat the same number of players")
    results = []
    with (dask_client(client, workers) if backend == "dask" else contextlib.nullcontext(None)) as shared:
        for i, spec in enumerate(specs):
            if stop is not None and stop.is_set():
                break
            report = None if progress is None else (lambda p, i=i: progress(i, p))
            results.append(run_spec(spec, backend=backend, workers=workers, client=shared, chunk_size=chunk_size,
                                    progress=report, stop=stop))
    return Comparison(tuple(labels[: len(results)]), tuple(results))
