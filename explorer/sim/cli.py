"""``python -m explorer.sim``: a simulation from the shell, with a progress bar and a table of intervals.

    python -m explorer.sim star_realms --games 10000 --variant printed_explorer \\
        --policies heuristic,random --backend dask --out results.parquet

``--variant a,b`` (or ``--lineup`` twice) compares arms over the same seeds.
Bad input is refused before any game is played, with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from explorer.extras import MissingExtraError, require
from explorer.sim.backends import BACKENDS
from explorer.sim.run import Progress, compare, simulate
from explorer.sim.spec import DEFAULT_MAX_STEPS, SimulationError


def _pairs(items: Sequence[str] | None, what: str) -> dict[str, Any]:
    """``key=value`` items; a value that reads as JSON (``2``, ``true``) is that value, else text."""
    out: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise SimulationError(f"--{what} takes key=value, got {item!r}")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m explorer.sim", description=__doc__.splitlines()[0])
    p.add_argument("game", help="a game id (see explorer.games())")
    p.add_argument("--games", type=int, default=1000, help="how many seeded games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i (default 0)")
    p.add_argument("--variant", help="a variant, or two or more separated by commas to compare them")
    p.add_argument("--policies", default="random",
                   help="one policy for every seat, or one per seat separated by commas (default random)")
    p.add_argument("--lineup", action="append", help="a line-up to compare (give it two or more times)")
    p.add_argument("--setup", action="append", metavar="KEY=VALUE", help="a setup choice, e.g. players=3 or format=hunter")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option, e.g. turn_limit=100")
    p.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS, help="cut a game after this many moves")
    p.add_argument("--backend", choices=BACKENDS, default="local")
    p.add_argument("--workers", type=int, help="processes or Dask workers (default: one per core)")
    p.add_argument("--scheduler", help="a Dask scheduler address (tcp://host:8786) instead of a local cluster")
    p.add_argument("--chunk-size", type=int, help="games per task (default: about 8 tasks per worker)")
    p.add_argument("--out", help="write the per-game table to a .csv or .parquet file")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return _run(args)
    except (SimulationError, MissingExtraError) as err:  # a missing extra names the command that installs it
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    tqdm = require("tqdm", "sim", "the simulation command's progress bar").tqdm

    if args.out and not args.out.endswith((".csv", ".parquet")):
        raise SimulationError(f"--out must end in .csv or .parquet, got {args.out!r}")
    if args.scheduler and args.backend != "dask":
        raise SimulationError("--scheduler is for --backend dask")
    common: dict[str, Any] = dict(games=args.games, seed=args.seed, setup=_pairs(args.setup, "setup"),
                                  options=_pairs(args.option, "option"), max_steps=args.max_steps)
    run: dict[str, Any] = dict(backend=args.backend, workers=args.workers, client=args.scheduler,
                               chunk_size=args.chunk_size)
    variants = [v.strip() for v in args.variant.split(",")] if args.variant else []
    bars: dict[int, Any] = {}

    def show(arm: int, p: Progress) -> None:
        bar = bars.get(arm)
        if bar is None:
            bar = bars[arm] = tqdm(total=p.total, unit="game", disable=args.quiet, file=sys.stderr,
                                   desc=f"arm {arm + 1}" if len(variants) > 1 or args.lineup else args.game)
        bar.update(p.done - bar.n)
        bar.set_postfix(failed=p.failed, refresh=False)

    try:
        if len(variants) > 1 or args.lineup:
            if len(variants) > 1 and args.lineup:
                raise SimulationError("compare either variants (--variant a,b) or line-ups (--lineup), not both")
            kind = {"variants": variants} if len(variants) > 1 else {"lineups": args.lineup}
            extra = ({"policies": args.policies} if len(variants) > 1
                     else {"variant": variants[0] if variants else None})
            comparison = compare(args.game, **kind, **extra, **common, **run, progress=show)
            for bar in bars.values():
                bar.close()
            bars.clear()
            print(comparison.summary())
            if args.out:
                for label, result in zip(comparison.labels, comparison.results):
                    stem, dot, suffix = args.out.rpartition(".")
                    safe = "".join(c if c.isalnum() else "_" for c in label)
                    print(f"wrote {result.save(f'{stem}-{safe}.{suffix}')}")
            return 0
        result = simulate(args.game, variant=variants[0] if variants else None, policies=args.policies,
                          **common, **run, progress=lambda p: show(0, p))
    finally:
        for bar in bars.values():
            bar.close()
    print(result.summary())
    if args.out:
        print(f"wrote {result.save(args.out)}")
    return 0 if not result.failures else 1
