"""Kernel-side time from a click on "Step" (or on a move) to the redrawn match panel.

For the toy game (tests/core/toy_pig.py) and for every game in
``explorer.games()``, a ``MatchPanel`` is built and clicked through whole games:
at a chance node the "Step" button is clicked (sample one outcome); at a
decision a random legal move's button is clicked (or, when the moves are shown
as a list, the move is selected and "Step" clicked). The clock covers the
click handler, ``Match.step`` and the whole ``refresh()``; new games (started
when one ends) are not timed. Target: median and 95th percentile under 50 ms.

By default the measurement runs inside a real IPython kernel started with
jupyter_client, so every widget change is serialised and sent on a comm as in
JupyterLab or Voilà (no browser is attached; front-end rendering is not
counted). ``--inprocess`` measures in this Python process instead (no comms:
a lower bound).

    .venv/bin/python benchmarks/panel_step.py            # in a kernel, 300 clicks per game
    .venv/bin/python benchmarks/panel_step.py --clicks 1000 --inprocess
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MARK = "@@PANEL_STEP@@"
TARGET_MS = 50.0


def _paths() -> None:
    for p in (ROOT, ROOT / "tests" / "core"):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _turn_total_view(state: Any) -> Any:
    """A one-figure odds view for the "odds tab open" case: the chance outcomes, or the moves."""
    import plotly.graph_objects as go

    if state.is_chance():
        outcomes = state.chance_outcomes()
        return go.Figure(go.Bar(x=[str(a) for a, _ in outcomes], y=[float(p) for _, p in outcomes]))
    return go.Figure(go.Bar(x=[str(a) for a in state.legal_actions()], y=[1] * len(state.legal_actions())))


def measure(panel: Any, clicks: int, seed: int = 0) -> dict[str, Any]:
    """Click ``clicks`` times; returns the times (ms) by kind of click and any refused click."""
    import numpy as np

    rng = np.random.default_rng(seed)
    times: dict[str, list[float]] = {"step (chance)": [], "move": []}
    refused: list[str] = []
    games = 0
    for _ in range(clicks):
        state = panel.state
        if state.is_terminal():
            games += 1
            panel.new_game(seed=seed + games)
            state = panel.state
        picker = panel.picker
        if state.is_chance():
            kind, press = "step (chance)", panel.step_button.click
        elif picker.mode == "buttons":
            slot = picker._slots.index(int(rng.integers(len(picker.moves))))
            kind, press = "move", picker.buttons[slot].click
        else:
            picker.select.value = int(rng.integers(len(picker.moves)))
            kind, press = "move", panel.step_button.click
        t0 = time.perf_counter()
        press()
        times[kind].append((time.perf_counter() - t0) * 1000)
        if panel.status.level == "error":
            refused.append(panel.status.message)
    return {"times": times, "refused": refused[:3], "games": games}


def run_all(clicks: int) -> list[dict[str, Any]]:
    """Every case measured in this process; one summary row per case."""
    _paths()
    import explorer
    from explorer.core.registry import register_game
    from widgets.common.match_panel import MatchPanel

    register_game("toy_pig", "toy_pig:Pig")

    class ListPanel(MatchPanel):
        max_buttons = 1

    cases: list[tuple[str, Any]] = [
        ("toy_pig", lambda: MatchPanel(explorer.load_game("toy_pig"), seed=1)),
        ("toy_pig (moves as a list)", lambda: ListPanel(explorer.load_game("toy_pig"), seed=1)),
        ("toy_pig (odds tab open, 1 figure)", lambda: _with_odds_open(MatchPanel(explorer.load_game("toy_pig"), seed=1, odds_views=[_turn_total_view]))),
    ]
    for game_id in explorer.games():
        if game_id != "toy_pig":
            cases.append((game_id, lambda game_id=game_id: MatchPanel(explorer.load_game(game_id), seed=1)))
    rows = []
    for name, build in cases:
        try:
            t0 = time.perf_counter()
            panel = build()
            build_ms = (time.perf_counter() - t0) * 1000
            measure(panel, 10)  # warm-up
            result = measure(panel, clicks)
        except Exception as err:  # noqa: BLE001 - a game under construction must not stop the others
            rows.append({"case": name, "error": f"{type(err).__name__}: {err}"})
            continue
        all_times = [t for ts in result["times"].values() for t in ts]
        row = {"case": name, "build_ms": build_ms, "clicks": len(all_times), "games": result["games"],
               "refused": result["refused"], "median_ms": statistics.median(all_times),
               "p95_ms": _percentile(all_times, 0.95), "max_ms": max(all_times)}
        for kind, ts in result["times"].items():
            if ts:
                row[kind] = {"n": len(ts), "median_ms": statistics.median(ts), "p95_ms": _percentile(ts, 0.95)}
        rows.append(row)
    return rows


def _with_odds_open(panel: Any) -> Any:
    panel.tabs.selected_index = 1
    return panel


def run_in_kernel(clicks: int, timeout: float = 600) -> list[dict[str, Any]]:
    """``run_all`` inside a fresh IPython kernel (real comms), via jupyter_client."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", cwd=str(ROOT))
    lines: list[str] = []

    def hook(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "stream":
            lines.append(msg["content"]["text"])
        elif msg["msg_type"] == "error":
            lines.append("\n".join(msg["content"]["traceback"]))

    code = (
        f"import sys, json; sys.path.insert(0, {str(ROOT / 'benchmarks')!r})\n"
        "import panel_step\n"
        f"print({MARK!r} + json.dumps(panel_step.run_all({clicks})))\n"
    )
    try:
        kc.execute_interactive(code, output_hook=hook, timeout=timeout)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    text = "".join(lines)
    if MARK not in text:
        raise RuntimeError(f"the kernel run printed no result:\n{text[-3000:]}")
    return json.loads(text.split(MARK, 1)[1].strip().splitlines()[0])


def report(rows: list[dict[str, Any]], where: str) -> bool:
    print(f"match panel, click -> redrawn panel ({where}); target < {TARGET_MS:.0f} ms")
    ok = True
    for row in rows:
        if "error" in row:
            print(f"  {row['case']:<36} could not run: {row['error']}")
            ok = False
            continue
        verdict = "ok" if row["p95_ms"] < TARGET_MS else "SLOW"
        ok &= verdict == "ok"
        print(f"  {row['case']:<36} median {row['median_ms']:6.2f} ms   p95 {row['p95_ms']:6.2f} ms   "
              f"max {row['max_ms']:6.2f} ms   ({row['clicks']} clicks, {row['games']} games, "
              f"panel built in {row['build_ms']:.0f} ms)  {verdict}")
        for kind in ("step (chance)", "move"):
            if kind in row:
                k = row[kind]
                print(f"      {kind:<16} n={k['n']:<5} median {k['median_ms']:6.2f} ms   p95 {k['p95_ms']:6.2f} ms")
        if row["refused"]:
            print(f"      refused clicks, e.g.: {row['refused'][0]}")
            ok = False
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--clicks", type=int, default=300, help="timed clicks per case (default 300)")
    parser.add_argument("--inprocess", action="store_true", help="measure in this process (no kernel, no comms)")
    args = parser.parse_args(argv)
    if not 1 <= args.clicks <= 100_000:
        parser.error("--clicks must be from 1 to 100000")
    if args.inprocess:
        rows, where = run_all(args.clicks), "in process, no comms"
    else:
        rows, where = run_in_kernel(args.clicks), "IPython kernel, real comms"
    return 0 if report(rows, where) else 1


if __name__ == "__main__":
    sys.exit(main())
