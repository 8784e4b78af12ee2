"""How much simulation one page of a served dashboard may start: the work budget of a kernel.

A dashboard served by Voilà runs for visitors the operator does not know; one of
them must not keep the server's cores busy for hours. So when the kernel is
served, every run of the simulation lab is checked against a budget the
operator sets with environment variables (on the server; kernels inherit them):

``RULES_EXPLORER_MAX_GAMES``
    games one run may ask for, every compared variant counted (default 2000).
``RULES_EXPLORER_MAX_SIM_SECONDS``
    seconds of simulation one kernel (one page) may use in all, counted as a
    run's wall-clock time times its worker count (default 600). A run that
    reaches it stops and keeps what it played.
``RULES_EXPLORER_BACKENDS``
    the backends a visitor may pick, separated by commas (default ``local``:
    the kernel's own thread). ``processes`` and ``dask`` start worker processes.
``RULES_EXPLORER_MAX_WORKERS``
    worker processes all pages of the server together may run at once
    (default: the number of cores). A run takes one per core up to this, and is
    refused while others hold them. Counted in ``RULES_EXPLORER_WORKER_DIR``
    (default a folder in the system's temporary directory).

A kernel knows it is served because Voilà puts ``SERVER_SOFTWARE=voila/<version>``
in the environment of every kernel it starts for a page (standalone Voilà and
Voilà inside ``jupyter server`` alike); a notebook kernel in JupyterLab has no
such variable, and there is no budget in a notebook. Nothing here is clamped:
a request past the budget is refused with a sentence naming the limit and the
variable that raises it.

>>> budget = budget_for({"SERVER_SOFTWARE": "voila/0.5.13"})
>>> budget.limited, budget.max_games, budget.backends
(True, 2000, ('local',))
>>> budget.check_run(games=10**7, arms=1, backend="local")
Traceback (most recent call last):
...
explorer.sim.budget.BudgetError: This server allows at most 2000 games per run, and this run asks for 10000000. Ask for fewer games; the server's operator can raise the limit with RULES_EXPLORER_MAX_GAMES.
>>> budget_for({}).limited  # a notebook: no budget
False
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from explorer.sim.backends import BACKENDS, default_workers
from explorer.sim.spec import SimulationError

MAX_GAMES_VARIABLE = "RULES_EXPLORER_MAX_GAMES"
MAX_SIM_SECONDS_VARIABLE = "RULES_EXPLORER_MAX_SIM_SECONDS"
BACKENDS_VARIABLE = "RULES_EXPLORER_BACKENDS"
MAX_WORKERS_VARIABLE = "RULES_EXPLORER_MAX_WORKERS"
WORKER_DIR_VARIABLE = "RULES_EXPLORER_WORKER_DIR"
DEFAULT_MAX_GAMES = 2000
DEFAULT_MAX_SIM_SECONDS = 600
DEFAULT_BACKENDS = ("local",)
BACKEND_WORDS = {"local": "this kernel (a thread)", "processes": "worker processes", "dask": "a Dask cluster"}


class BudgetError(SimulationError):
    """A run the budget of a served page does not allow (or a budget setting the operator wrote wrong)."""


def served(env: Mapping[str, str] = os.environ) -> bool:
    """Whether this kernel runs a dashboard page for Voilà (``SERVER_SOFTWARE=voila/...``).

    >>> served({"SERVER_SOFTWARE": "voila/0.5.13"}), served({})
    (True, False)
    """
    return env.get("SERVER_SOFTWARE", "").startswith("voila/")


def _whole(env: Mapping[str, str], name: str, default: int, high: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or not 1 <= int(raw) <= high:
        raise BudgetError(f"The server's setting {name} must be a whole number from 1 to {high}, got {raw!r}; "
                          "no simulation runs until its operator fixes it.")
    return int(raw)


def _backends(env: Mapping[str, str]) -> tuple[str, ...]:
    raw = env.get(BACKENDS_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_BACKENDS
    names = tuple(dict.fromkeys(part.strip().lower() for part in raw.split(",") if part.strip()))
    unknown = [n for n in names if n not in BACKENDS]
    if unknown or not names:
        raise BudgetError(f"The server's setting {BACKENDS_VARIABLE} names backends from {', '.join(BACKENDS)}, "
                          f"got {raw!r}; no simulation runs until its operator fixes it.")
    return names


def worker_dir(env: Mapping[str, str] = os.environ) -> Path:
    """Where the server-wide count of worker processes is kept (one folder per user of the machine)."""
    given = env.get(WORKER_DIR_VARIABLE, "").strip()
    user = os.getuid() if hasattr(os, "getuid") else os.getlogin()
    return Path(given) if given else Path(tempfile.gettempdir()) / f"rules-explorer-workers-{user}"


@dataclass(frozen=True)
class Budget:
    """What one page may start. ``None`` means no limit; ``Budget()`` is a notebook's (no budget at all)."""

    max_games: int | None = None
    max_sim_seconds: float | None = None
    backends: tuple[str, ...] = BACKENDS
    max_workers: int | None = None
    worker_dir: Path | None = None

    @property
    def limited(self) -> bool:
        return self.max_games is not None

    def workers(self, backend: str) -> int | None:
        """Worker processes a run on ``backend`` takes: one per core, at most ``max_workers`` (``None``: default)."""
        if backend == "local":
            return 1
        if self.max_workers is None:
            return None
        return max(1, min(default_workers(), self.max_workers))

    def check_run(self, *, games: int, arms: int, backend: str, spent_seconds: float = 0.0) -> None:
        """Refuse (:class:`BudgetError`, one sentence) a run this budget does not allow; nothing is adjusted."""
        if not self.limited:
            return
        if backend not in self.backends:
            allowed = ", ".join(BACKEND_WORDS.get(b, b) for b in self.backends)
            raise BudgetError(f"This server runs simulations only on {allowed}, not on "
                              f"{BACKEND_WORDS.get(backend, backend)}. The server's operator can allow more with "
                              f"{BACKENDS_VARIABLE}={','.join(BACKENDS)}.")
        total = games * arms
        if self.max_games is not None and total > self.max_games:
            asked = f"{total} ({arms} variants × {games})" if arms > 1 else str(total)
            raise BudgetError(f"This server allows at most {self.max_games} games per run, and this run asks for "
                              f"{asked}. Ask for fewer games; the server's operator can raise the limit with "
                              f"{MAX_GAMES_VARIABLE}.")
        left = self.seconds_left(spent_seconds)
        if left is not None and left <= 0:
            raise BudgetError(f"This page has used its {self.max_sim_seconds:g} seconds of simulation, all a page "
                              f"may use on this server. The server's operator can raise the limit with "
                              f"{MAX_SIM_SECONDS_VARIABLE}.")

    def seconds_left(self, spent_seconds: float) -> float | None:
        if self.max_sim_seconds is None:
            return None
        return self.max_sim_seconds - spent_seconds

    def spent_out_message(self, kept: int) -> str:
        """The status line of a run stopped because the page's seconds ran out."""
        return (f"Stopped: this page has used its {self.max_sim_seconds:g} seconds of simulation; kept the {kept} "
                f"games played. The server's operator can raise the limit with {MAX_SIM_SECONDS_VARIABLE}.")

    def describe(self) -> str:
        """One line for the page: what a run may be here ("" in a notebook).

        >>> budget_for({"SERVER_SOFTWARE": "voila/0.5.13"}).describe()
        'On this server a run may have up to 2000 games, a page may simulate for 600 seconds in all, on this kernel (a thread).'
        """
        if not self.limited:
            return ""
        where = ", ".join(BACKEND_WORDS.get(b, b) for b in self.backends)
        seconds = "" if self.max_sim_seconds is None else f", a page may simulate for {self.max_sim_seconds:g} seconds in all"
        return f"On this server a run may have up to {self.max_games} games{seconds}, on {where}."


def budget_for(env: Mapping[str, str] = os.environ) -> Budget:
    """The budget of this kernel: none in a notebook; the operator's settings (or defaults) when served.

    A malformed setting is a :class:`BudgetError` (the page refuses every run and says which setting).
    """
    if not served(env):
        return Budget()
    return Budget(max_games=_whole(env, MAX_GAMES_VARIABLE, DEFAULT_MAX_GAMES, 10_000_000),
                  max_sim_seconds=float(_whole(env, MAX_SIM_SECONDS_VARIABLE, DEFAULT_MAX_SIM_SECONDS, 10**7)),
                  backends=_backends(env),
                  max_workers=_whole(env, MAX_WORKERS_VARIABLE, default_workers(), 4096),
                  worker_dir=worker_dir(env))


class Meter:
    """Seconds of simulation this kernel has used (every panel of the kernel adds to one meter)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._spent = 0.0

    @property
    def spent(self) -> float:
        return self._spent

    def charge(self, seconds: float) -> None:
        with self._lock:
            self._spent += max(0.0, seconds)


KERNEL_METER = Meter()


class Allowance:
    """A run's stop signal under a budget: set by Cancel, or when the page's seconds of simulation run out.

    ``seconds_left`` (``None``: no limit) is shared by the run's ``workers``, so
    the run stops after ``seconds_left / workers`` of wall-clock time. Anything
    that takes a ``stop`` event (``explorer.sim.run_spec``) takes this.

    >>> clock = iter([0.0, 1.0, 5.0]).__next__
    >>> allowance = Allowance(8.0, workers=2, clock=clock)
    >>> allowance.is_set(), allowance.is_set(), allowance.spent_out
    (False, True, True)
    """

    def __init__(self, seconds_left: float | None = None, workers: int = 1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._cancel = threading.Event()
        self._clock = clock
        self._deadline = None if seconds_left is None else clock() + seconds_left / max(1, workers)
        self._spent_out = False

    def set(self) -> None:
        """Cancel."""
        self._cancel.set()

    def is_set(self) -> bool:
        if self._cancel.is_set():
            return True
        if self._deadline is not None and self._clock() >= self._deadline:
            self._spent_out = True
            return True
        return False

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def spent_out(self) -> bool:
        """Whether the run stopped because the seconds ran out (not because of Cancel)."""
        return self._spent_out and not self._cancel.is_set()


class WorkerLease:
    """Worker slots held by one run; ``release()`` (or leaving the ``with`` block) gives them back."""

    def __init__(self, path: Path | None, count: int) -> None:
        self.path, self.count = path, count

    def release(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)
            self.path = None

    def __enter__(self) -> WorkerLease:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def lease_workers(budget: Budget, count: int, owner: int | None = None) -> WorkerLease:
    """Take ``count`` of the server's worker slots for a run, or refuse with the numbers.

    Slots are files in ``budget.worker_dir`` named after the kernel holding them;
    a kernel that died without giving them back loses them to the next run.
    """
    if not budget.limited or budget.max_workers is None or budget.worker_dir is None:
        return WorkerLease(None, count)
    import fcntl  # POSIX; imported here so that explorer.sim loads anywhere (a notebook never gets here)

    owner = os.getpid() if owner is None else owner
    folder = budget.worker_dir
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    with open(folder / ".lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        held = 0
        for path in folder.glob("lease-*"):
            try:
                _, pid, taken, _token = path.name.split("-", 3)
                if _alive(int(pid)):
                    held += int(taken)
                    continue
            except ValueError:
                pass
            path.unlink(missing_ok=True)
        if held + count > budget.max_workers:
            raise BudgetError(f"This server runs at most {budget.max_workers} simulation worker processes for all "
                              f"its pages, {held} are in use and this run needs {count}. Run on this kernel (a "
                              f"thread) or try again later; the server's operator can raise the limit with "
                              f"{MAX_WORKERS_VARIABLE}.")
        path = folder / f"lease-{owner}-{count}-{os.urandom(4).hex()}"
        path.touch()
    return WorkerLease(path, count)
