"""What a simulation found: per-seat outcomes with intervals, game lengths, limits, and the game table.

Outcomes per seat are read from each game's :class:`~explorer.core.actions.Result`:
a *win* when the seat is the only winner, a *draw* when it shares the returns
with others (a shared win, or a turn-limit draw between the living), a *loss*
when its return is 0. A game cut at ``max_steps`` is *unfinished* for every
seat. Every rate is over all games played (failed games excluded), with its
95% Wilson interval.

>>> from explorer.sim import simulate
>>> result = simulate("warps_edge", games=20, seed=0)
>>> result.seat(0).games, result.seat(0).wins.trials
(20, 20)
>>> result.table()["seed"][:3]
[0, 1, 2]
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from explorer.extras import require
from explorer.sim.play import Failure, GameRecord, replay
from explorer.sim.spec import SimSpec
from explorer.sim.stats import Rate, quantile, rate


@dataclass(frozen=True)
class SeatSummary:
    """One seat: its policy and its wins, draws, losses and unfinished games as rates with intervals."""

    seat: int
    name: str
    policy: str
    games: int
    wins: Rate
    draws: Rate
    losses: Rate
    unfinished: int
    mean_return: float


@dataclass(frozen=True)
class LengthSummary:
    """A distribution of game lengths (in steps or in turns)."""

    unit: str
    mean: float
    median: float
    p10: float
    p90: float
    low: int
    high: int

    def __str__(self) -> str:
        return (f"{self.unit}: mean {self.mean:.1f}, median {self.median:g}, "
                f"10%-90% {self.p10:g}-{self.p90:g}, range {self.low}-{self.high}")


def _outcome(record: GameRecord, seat: int) -> str:
    if not record.finished:
        return "unfinished"
    if record.winners == (seat,):
        return "win"
    return "draw" if record.returns[seat] > 0 else "loss"


@dataclass(frozen=True)
class SimResult:
    """The records of a run (sorted by game index) and everything read off them.

    ``cancelled`` runs keep the chunks that finished; ``failures`` are games
    that raised (each with its seed). ``chunk_seconds`` holds ``(games, seconds)``
    per chunk, for estimating a run on more workers.
    """

    spec: SimSpec
    records: tuple[GameRecord, ...]
    failures: tuple[Failure, ...] = ()
    backend: str = "local"
    workers: int = 1
    elapsed: float = 0.0
    cancelled: bool = False
    chunk_seconds: tuple[tuple[int, float], ...] = field(default=(), repr=False)
    player_names: tuple[str, ...] = ()

    # --- counts ---------------------------------------------------------------------------------
    @property
    def done(self) -> int:
        """Games played or failed so far."""
        return len(self.records) + len(self.failures)

    @property
    def complete(self) -> bool:
        return self.done == self.spec.games and not self.cancelled

    @property
    def games_per_second(self) -> float:
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def command(self) -> str:
        """The shell command that plays this run again (same seeds, same records)."""
        return self.spec.command(backend=self.backend)

    def _name(self, seat: int) -> str:
        return self.player_names[seat] if seat < len(self.player_names) else f"Player {seat + 1}"

    # --- per seat --------------------------------------------------------------------------------
    @cached_property
    def seats(self) -> tuple[SeatSummary, ...]:
        """Every seat's summary."""
        n = len(self.records)
        out = []
        for seat in range(self.spec.seats):
            tally = Counter(_outcome(r, seat) for r in self.records)
            returns = [r.returns[seat] for r in self.records if r.finished]
            out.append(SeatSummary(seat, self._name(seat), self.spec.policy_names()[seat], n,
                                   rate(tally["win"], n), rate(tally["draw"], n), rate(tally["loss"], n),
                                   tally["unfinished"], sum(returns) / len(returns) if returns else 0.0))
        return tuple(out)

    def seat(self, seat: int) -> SeatSummary:
        if not 0 <= seat < self.spec.seats:
            raise ValueError(f"seat must be from 0 to {self.spec.seats - 1}, got {seat!r}")
        return self.seats[seat]

    # --- lengths and limits ----------------------------------------------------------------------
    def lengths(self, unit: str = "turns") -> list[int]:
        """Each played game's length in ``"turns"`` or ``"steps"``, in game order."""
        if unit not in ("turns", "steps"):
            raise ValueError(f"unit must be 'turns' or 'steps', got {unit!r}")
        return [getattr(r, unit) for r in self.records]

    def length_summary(self, unit: str = "turns") -> LengthSummary | None:
        values = self.lengths(unit)
        if not values:
            return None
        return LengthSummary(unit, sum(values) / len(values), quantile(values, 0.5), quantile(values, 0.1),
                             quantile(values, 0.9), min(values), max(values))

    @property
    def limit_hits(self) -> Rate:
        """The share of games that ended at a step limit (``max_steps``) or the game's own turn limit."""
        return rate(sum(1 for r in self.records if r.limit), len(self.records))

    # --- the table -------------------------------------------------------------------------------
    def columns(self) -> list[str]:
        return (["game", "seed", "finished", "winners", "steps", "turns", "limit", "reason"]
                + [f"return_{seat + 1}" for seat in range(self.spec.seats)])

    def rows(self) -> list[list[Any]]:
        """One row per played game (see :meth:`columns`); ``winners`` as seat numbers from 1, ``;``-separated."""
        rows = []
        for r in self.records:
            returns = list(r.returns) if r.finished else [None] * self.spec.seats
            rows.append([r.index, r.seed, r.finished, ";".join(str(w + 1) for w in r.winners), r.steps, r.turns,
                         r.limit, r.reason, *returns])
        return rows

    def table(self) -> dict[str, list[Any]]:
        """The per-game records as columns (``pandas.DataFrame(result.table())`` works)."""
        names = self.columns()
        return {name: [row[i] for row in self.rows()] for i, name in enumerate(names)}

    def to_csv(self, path: str | Path | None = None) -> str:
        """The per-game table as CSV text; written to ``path`` when given."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(self.columns())
        writer.writerows(["" if v is None else v for v in row] for row in self.rows())
        text = buffer.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def to_parquet(self, path: str | Path) -> None:
        """The per-game table as a Parquet file (needs ``pyarrow``, the ``sim`` extra); the run's command goes into its metadata."""
        pa = require("pyarrow", "sim", "writing a Parquet table")
        pq = require("pyarrow.parquet", "sim", "writing a Parquet table")
        table = pa.table(self.table())
        table = table.replace_schema_metadata({"explorer.sim.command": self.command,
                                               "explorer.sim.spec": self.spec.describe()})
        pq.write_table(table, str(path))

    def save(self, path: str | Path) -> Path:
        """Write the table as ``.csv`` or ``.parquet`` by the file's suffix."""
        path = Path(path)
        if path.suffix == ".csv":
            self.to_csv(path)
        elif path.suffix == ".parquet":
            self.to_parquet(path)
        else:
            raise ValueError(f"save: a path ending in .csv or .parquet, got {str(path)!r}")
        return path

    # --- text ------------------------------------------------------------------------------------
    def summary(self) -> str:
        """The run as a few lines: rules, seats with intervals, lengths, limits, failures, the command."""
        status = "cancelled, " if self.cancelled else ""
        lines = [self.spec.describe(),
                 f"{len(self.records)} games played ({status}{len(self.failures)} failed) in {self.elapsed:.1f} s "
                 f"on {self.backend} ({self.workers} worker{'s' if self.workers != 1 else ''}): "
                 f"{self.games_per_second:.1f} games/s",
                 f"{'seat':<12} {'policy':<12} {'win (95% CI)':<24} {'draw (95% CI)':<24} {'loss (95% CI)':<24} unfinished"]
        for s in self.seats:
            lines.append(f"{s.name:<12} {s.policy:<12} {str(s.wins):<24} {str(s.draws):<24} {str(s.losses):<24} "
                         f"{s.unfinished}")
        for unit in ("turns", "steps"):
            summary = self.length_summary(unit)
            if summary is not None:
                lines.append(f"length in {summary}")
        lines.append(f"hit a step or turn limit: {self.limit_hits}")
        lines += [f"failed: {f}" for f in self.failures[:10]]
        if len(self.failures) > 10:
            lines.append(f"... and {len(self.failures) - 10} more failures")
        lines.append(f"reproduce: {self.command}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def replay(self, index: int) -> Any:
        """Game ``index`` as an :class:`explorer.Match` (see :func:`explorer.sim.play.replay`)."""
        return replay(self.spec, index)
