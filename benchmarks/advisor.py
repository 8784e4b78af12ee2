"""The advisor against each game's heuristic, and how long a hint takes.

Two figures per game (issue 22 §4):

1. **Strength.** The advisor (``advisor_policy(rollouts=R)``: every option rolled out up to R times under
   the heuristic, the best played) against the heuristic, in the simulation lab on the same seeds. Two-player
   games: the advisor plays seat 1 in ``--games`` games and seat 2 in ``--games`` more (seats swapped); its
   score (win 1, draw 1/2) with Wilson's 95% interval. Solo and co-operative games (Warp's Edge, Pinned
   Down): every seat advised against every seat heuristic, ``--games`` seeds each, and the difference of the
   win rates with Newcombe's 95% interval.
2. **Hint time.** ``advise(state, rollouts=H)`` on ``--positions`` seeded mid-game decisions per game
   (positions from a seeded heuristic game, a third to two thirds of the way in), on the plain loop and on
   the processes backend (its pool started before the clock, as it stays started between hints):
   median and 95th percentile in seconds, and the mean number of options.

``--target`` adds the issue's check: a Star Realms mid-game decision with about 10 options whose game is still
open (the best option's quick estimate between 25% and 75%), 200 rollouts, processes backend (target: at most
10 s, best option's interval at most ±5 points).

Defaults are small so a run takes a few minutes on a shared 2-core machine::

    .venv/bin/python benchmarks/advisor.py                       # every game, 4+4 games, 8 rollouts
    .venv/bin/python benchmarks/advisor.py --games 200 --rollouts 32 --positions 100 --hint-rollouts 200
    .venv/bin/python benchmarks/advisor.py --only star_realms --skip-strength --target
    .venv/bin/python benchmarks/advisor.py --only pinned_down --players 3 --games 200 --skip-hints  # three fleets
    .venv/bin/python benchmarks/advisor.py --only pinned_down --players 1 --variant mercury1_2015 --games 400 \
        --skip-hints                                              # the seed's Version B, where a lone fleet can win
    .venv/bin/python benchmarks/advisor.py --only star_realms --games 200 --rollouts 4 --skip-hints \
        --record benchmarks/results/advisor_strength.jsonl      # resumable: stop and run again to go on
    .venv/bin/python benchmarks/advisor.py --only endor --games 200 --rollouts 4 --challengers --skip-hints \
        --backend local --record benchmarks/results/advisor_strength.jsonl   # wide decisions, far fewer rollouts

``--challengers`` plays ``advisor_policy(rollouts=R, challengers=True)``: the heuristic's move is rolled out
first and every other option only while it could still be shown better than that move (the module
``explorer/advisor/policy.py`` says how its rule differs from the whole hint's).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import explorer
from explorer.advisor import advisor_policy, shutdown_pools
from explorer.advisor.advise import advise
from explorer.advisor.racing import wilson
from explorer.core.chance import sample_outcome
from explorer.sim import simulate
from explorer.sim.spec import SimulationError, make_spec
from explorer.sim.stats import quantile, rate_difference


def score(result: Any, seat: int) -> tuple[float, int]:
    """The seat's summed returns (win 1, draw a share) and the number of finished games."""
    finished = [r for r in result.records if r.finished]
    return sum(r.returns[seat] for r in finished), len(finished)


def recorded(path: Path, game_id: str, rollouts: int,
             challengers: bool = False) -> dict[tuple[int, int], dict[str, Any]]:
    """The games already in ``path`` for this game, rollout count and advisor (with challengers or not), by
    ``(advisor's seat, seed)``. A game recorded without the ``challengers`` key was played without them."""
    found: dict[tuple[int, int], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            entry = json.loads(line)
            if (entry["game"], entry["rollouts"], entry.get("challengers", False)) == (game_id, rollouts, challengers):
                found[(entry["advisor_seat"], entry["seed"])] = entry
    return found


def strength_recorded(game_id: str, games: int, rollouts: int, seed: int, backend: str, path: Path,
                      chunk: int = 2, challengers: bool = False) -> str:
    """Two-player strength, played a few games at a time and kept in ``path`` (one JSON line a game).

    A run stopped at any point keeps what it played; the next run with the same ``--record`` file, game,
    rollouts and seed plays only the games not yet there (seeds ``seed .. seed + games - 1``, the advisor in
    seat 1 and in seat 2 alternately) and summarises every recorded game of the range. So 400 games can be
    gathered over several sittings on a small machine.
    """
    advisor = advisor_policy(rollouts=rollouts, challengers=challengers)
    began = time.perf_counter()
    done = recorded(path, game_id, rollouts, challengers)
    for start in range(seed, seed + games, chunk):
        size = min(chunk, seed + games - start)
        for seat in (0, 1):
            if all((seat, start + i) in done for i in range(size)):
                continue
            policies = [advisor, "heuristic"] if seat == 0 else ["heuristic", advisor]
            result = simulate(game_id, policies=policies, games=size, seed=start, backend=backend)
            with path.open("a") as out:
                for r in result.records:
                    entry = {"game": game_id, "rollouts": rollouts, "advisor_seat": seat, "seed": r.seed,
                             "finished": r.finished, "return": r.returns[seat] if r.finished else None,
                             "steps": r.steps, **({"challengers": True} if challengers else {})}
                    done[(seat, r.seed)] = entry
                    out.write(json.dumps(entry) + "\n")
            total, played = recorded_score(done, seed, games)
            print(f"  {played} of {2 * games} games recorded, advisor scores {total / max(1, played):.1%} "
                  f"({time.perf_counter() - began:.0f} s this run)", flush=True)
    total, played = recorded_score(done, seed, games)
    low, high = wilson(total, played)
    verdict = "beats" if low > 0.5 else ("loses to" if high < 0.5 else "not told apart from")
    return (f"{game_id}: {advisor.name} scores {total / max(1, played):.1%} (95% CI {low:.1%}-{high:.1%}) "
            f"over {played} recorded games against the heuristic, seats swapped: {verdict} it ({path})")


def recorded_score(done: dict[tuple[int, int], dict[str, Any]], seed: int, games: int) -> tuple[float, int]:
    """The advisor's summed returns and the number of finished recorded games, seeds ``seed .. seed + games - 1``.

    Used for the running line after each chunk and for the summary, so both count the same games.
    """
    finished = [e for (_, sd), e in done.items() if seed <= sd < seed + games and e["finished"]]
    return sum(e["return"] for e in finished), len(finished)


def strength(game_id: str, games: int, rollouts: int, seed: int, backend: str, record: Path | None = None,
             players: int | None = None, measure: str = "win", variant: str | None = None,
             challengers: bool = False) -> str:
    """The advisor against the heuristic; ``players`` sets the seats of a co-operative game (Pinned Down: 1-3),
    ``measure`` what the advisor ranks by ("win", or "progress" where the game measures it), ``variant`` the
    rules version played (the game's default when None; Pinned Down's ``mercury1_2015`` is the seed's Version B)."""
    seats = make_spec(game_id, variant=variant, policies="heuristic").seats if players is None else players
    if variant is not None and seats == 2 and record is not None:
        raise SystemExit("--variant with --record is not kept apart in the record file: run it without --record")
    if seats == 2 and record is not None:
        return strength_recorded(game_id, games, rollouts, seed, backend, record, challengers=challengers)
    advisor = advisor_policy(rollouts=rollouts, measure=measure, challengers=challengers)
    began = time.perf_counter()
    if seats == 2:
        first = simulate(game_id, variant=variant, policies=[advisor, "heuristic"], games=games, seed=seed,
                         backend=backend)
        second = simulate(game_id, variant=variant, policies=["heuristic", advisor], games=games, seed=seed,
                          backend=backend)
        s1, n1 = score(first, 0)
        s2, n2 = score(second, 1)
        low, high = wilson(s1 + s2, n1 + n2)
        rate = (s1 + s2) / max(1, n1 + n2)
        verdict = "beats" if low > 0.5 else ("loses to" if high < 0.5 else "not told apart from")
        return (f"{game_id}: {advisor.name} scores {rate:.1%} (95% CI {low:.1%}-{high:.1%}) over {n1 + n2} games "
                f"against the heuristic, seats swapped: {verdict} it ({time.perf_counter() - began:.0f} s)")
    advised = simulate(game_id, variant=variant, policies=[advisor] * seats, games=games, seed=seed, backend=backend)
    plain = simulate(game_id, variant=variant, policies=["heuristic"] * seats, games=games, seed=seed, backend=backend)
    a, na = score(advised, 0)
    h, nh = score(plain, 0)
    d, low, high = rate_difference(round(a), na, round(h), nh)
    played = game_id if variant is None else f"{game_id} {variant}"
    return (f"{played} ({seats} seat{'s' if seats > 1 else ''}): {advisor.name} wins {a / max(1, na):.1%}, "
            f"heuristic {h / max(1, nh):.1%} over {games} seeds; difference {100 * d:+.1f} points "
            f"(95% CI {100 * low:+.1f} to {100 * high:+.1f}) ({time.perf_counter() - began:.0f} s)")


def positions(game_id: str, count: int, seed: int, min_options: int = 2) -> list[Any]:
    """``count`` seeded mid-game decisions (a third to two thirds into a seeded heuristic game)."""
    game = explorer.load_game(game_id)
    policy = game.policies()["heuristic"]
    found: list[Any] = []
    attempt = 0
    while len(found) < count and attempt < 20 * count:
        rng = np.random.default_rng(seed + attempt)
        attempt += 1
        states = [game.initial_state()]
        while not states[-1].is_terminal() and len(states) < 20_000:
            s = states[-1]
            states.append(s.apply(sample_outcome(s.chance_outcomes(), rng) if s.is_chance() else policy(s, rng)))
        start = len(states) // 3 + int(rng.integers(0, max(1, len(states) // 3)))
        for s in states[start:]:
            if not s.is_chance() and not s.is_terminal() and len(s.legal_actions()) >= min_options:
                found.append(s)
                break
    return found


def hint_times(game_id: str, count: int, rollouts: int, seed: int, backend: str) -> str:
    states = positions(game_id, count, seed)
    if backend == "processes":
        advise(states[0], rollouts=2, backend="processes")  # start the pool before the clock (it stays started)
    seconds, options = [], []
    for i, state in enumerate(states):
        began = time.perf_counter()
        advice = advise(state, rollouts=rollouts, seed=seed + i, backend=backend)
        seconds.append(time.perf_counter() - began)
        options.append(len(advice.rows))
    return (f"{game_id} hint, {rollouts} rollouts, {backend}: median {statistics.median(seconds):.2f} s, "
            f"p95 {quantile(seconds, 0.95):.2f} s over {len(states)} positions "
            f"(mean {statistics.mean(options):.1f} options)")


def contested(seed: int, min_options: int = 9) -> Any:
    """The first seeded Star Realms mid-game decision with ``min_options`` options whose game is still open.

    A lost or won position makes the target trivial (every rollout ends the same, racing stops every option
    after one batch), so a quick 20-rollout look must put the best option's win chance between 25% and 75%.
    """
    for state in positions("star_realms", 40, seed, min_options=min_options):
        if 0.25 <= advise(state, rollouts=20, seed=seed, backend="processes").best.win <= 0.75:
            return state
    raise SystemExit("no contested Star Realms decision among 40 seeded games: try another --seed")


def target(seed: int) -> str:
    advise(positions("star_realms", 1, seed)[0], rollouts=2, backend="processes")  # start the pool
    state = contested(seed)
    began = time.perf_counter()
    advice = advise(state, rollouts=200, seed=seed, backend="processes")
    took = time.perf_counter() - began
    half = 100 * (advice.best.high - advice.best.low) / 2
    return (f"target: Star Realms hint, {len(advice.rows)} options x 200 rollouts, processes: {took:.1f} s "
            f"(target <= 10 s), {advice.total_rollouts} rollouts played, best option ±{half:.1f} points "
            f"(target <= 5)\n{advice}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per seat order (default 4)")
    parser.add_argument("--rollouts", type=int, default=8, help="advisor rollouts per option in games (default 8)")
    parser.add_argument("--positions", type=int, default=3, help="mid-game positions per game timed (default 3)")
    parser.add_argument("--hint-rollouts", type=int, default=50, help="rollouts per option of a timed hint")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--only", nargs="*", default=list(explorer.games()), help="game ids (default: all)")
    parser.add_argument("--backend", default="processes", help="backend of the strength games (default processes)")
    parser.add_argument("--record", type=Path, help="two-player strength: keep each game in this JSON-lines file "
                        "and play only the games not yet there (gather 400 games over several runs)")
    parser.add_argument("--players", type=int, help="seats of a solo or co-operative game's strength games "
                        "(Pinned Down: 1-3 fleets, every one advised or every one heuristic; default: the game's)")
    parser.add_argument("--measure", default="win", help="what the advisor ranks by: win (default) or progress "
                        "(games that measure how far a seat got: Pinned Down's distance)")
    parser.add_argument("--variant", help="rules version of the strength games (default: the game's own; "
                        "Pinned Down: mercury1_2015, digital_2021, prototype_2011)")
    parser.add_argument("--challengers", action="store_true", help="the advisor with challengers "
                        "(advisor_policy(challengers=True)): each other option plays only while it could still beat "
                        "the heuristic's move; recorded games are kept apart from the plain advisor's")
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--skip-hints", action="store_true")
    parser.add_argument("--target", action="store_true", help="the issue's Star Realms 10 x 200 hint check")
    args = parser.parse_args(argv)
    try:
        for game_id in args.only:
            if not args.skip_strength:
                print(strength(game_id, args.games, args.rollouts, args.seed, args.backend, args.record,
                               args.players, args.measure, args.variant, args.challengers), flush=True)
            if not args.skip_hints:
                for backend in ("local", "processes"):
                    print(hint_times(game_id, args.positions, args.hint_rollouts, args.seed, backend), flush=True)
        if args.target:
            print(target(args.seed), flush=True)
    except SimulationError as err:  # a game, variant or seat count the lab refuses: its sentence, no traceback
        raise SystemExit(str(err)) from None
    finally:
        shutdown_pools()


if __name__ == "__main__":
    main()
