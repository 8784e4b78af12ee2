"""Games per second of the simulation lab on each backend, the speed-up over the plain loop, and a cluster on paper.

Run on demand (never a timing assert in tests: these machines are noisy and shared):

    .venv/bin/python benchmarks/sim.py [--game star_realms] [--policies heuristic,random] [--games 200]

The Dask cluster (one single-threaded worker per core, on 127.0.0.1) is started
before the clock starts; its start-up time is printed on its own. Every
backend's records are checked identical to the plain loop's. The last lines
project a run on more workers from the measured chunk times: with W workers a
run takes about (sum of chunk times) / W, but never less than its longest chunk.
"""

from __future__ import annotations

import argparse
import time

from explorer.sim import SimResult, dask_client, make_spec, run_spec
from explorer.sim.backends import default_workers


def timed(label: str, run: SimResult, base: SimResult | None) -> None:
    same = "" if base is None else ("  records identical" if run.records == base.records else "  RECORDS DIFFER")
    speedup = "" if base is None else f"  x{base.elapsed / run.elapsed:.2f} vs local"
    print(f"{label:<24} {run.done:>6} games {run.elapsed:>7.1f} s {run.games_per_second:>8.1f} games/s{speedup}{same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="star_realms")
    parser.add_argument("--policies", default="heuristic,random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--chunk-size", type=int, default=None)
    args = parser.parse_args()
    spec = make_spec(args.game, policies=args.policies, games=args.games)
    print(f"{spec.describe()}; {args.workers} workers (cores here: {default_workers()})")
    local = run_spec(spec, chunk_size=args.chunk_size)
    timed("local (plain loop)", local, None)
    processes = run_spec(spec, backend="processes", workers=args.workers, chunk_size=args.chunk_size)
    timed(f"processes x{args.workers}", processes, local)
    began = time.perf_counter()
    with dask_client(workers=args.workers) as client:
        client.wait_for_workers(args.workers, timeout=120)
        print(f"{'(dask cluster start-up)':<24} {time.perf_counter() - began:>20.1f} s")
        dask = run_spec(spec, backend="dask", client=client, chunk_size=args.chunk_size)
        timed(f"dask LocalCluster x{args.workers}", dask, local)
    chunks = dask.chunk_seconds
    busy = sum(seconds for _, seconds in chunks)
    longest = max(seconds for _, seconds in chunks)
    overhead = dask.elapsed - busy / args.workers
    print(f"chunks: {len(chunks)} of about {spec.games // len(chunks)} games, {busy:.1f} s of work in all, "
          f"longest {longest:.2f} s; Dask overhead on this run about {max(0.0, overhead):.1f} s")
    for workers in (8, 32, 128):
        wall = max(busy / workers, longest) + max(0.0, overhead)
        print(f"on paper, {workers:>3} workers: about {wall:.1f} s for these {spec.games} games "
              f"({spec.games / wall:.0f} games/s; 1,000,000 games in about "
              f"{1_000_000 / spec.games * busy / workers / 60:.0f} min of work per worker)")


if __name__ == "__main__":
    main()
