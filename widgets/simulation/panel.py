"""The simulation panel: many seeded games of one question, with a live chart, in Jupyter or Voilà.

Pick a game, a variant (and optionally a second one to compare), the players
and a policy per seat, how many games from which seed, and where they run.
**Run** checks everything first (a bad input is a sentence in the status line,
nothing starts), then plays the games on a background thread — the kernel
stays responsive — and after every chunk moves the progress bar and redraws
the win-rate chart (bars with 95% whiskers) and the length histogram.
**Cancel** stops within a second, worker processes included (the games look
at it between moves), and keeps every finished game: after Cancel the halted
chunks are only counted, and the charts are drawn once, after the status line
says the run is cancelled.
Where Python runs in the page itself (the static site's Pyodide: no thread, no
process), the lab offers only this page's own process, plays a few games
at a time between clicks on the page's event loop, caps a run at a few hundred
games, and says in one sentence that the processes and Dask backends need the
served version (:mod:`widgets.simulation.where`).
The per-game table downloads as CSV; "Replay game #" opens that seed in the
game's match panel right here and shows the code line that does the same.

Served by Voilà, every run is checked against the page's work budget
(:mod:`explorer.sim.budget`: games per run, seconds of simulation per page, the
backends and worker processes the operator allows); a run past it is refused in
words, and a run that uses up the page's seconds stops and says so. In a
notebook there is no budget. Numbers are never clamped: a value out of range
is refused with what is allowed.

Stable CSS classes for browser tests: ``sim-run``, ``sim-cancel``, ``sim-budget``,
``sim-progress``, ``sim-progress-text``, ``sim-status``, ``sim-winrate``,
``sim-lengths``, ``sim-summary``, ``sim-table``, ``sim-download``,
``sim-replay``, ``sim-replay-code``, ``sim-game``, ``sim-games``.

>>> panel = SimulationPanel("warps_edge", games=6)
>>> panel.run() and panel.wait(60)
True
>>> panel.result.done, "6 games" in panel.progress_text.value
(6, True)
"""

from __future__ import annotations

import html
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import ipywidgets as W

import explorer
from explorer.errors import RulesError
from explorer.core.policies import policy_names
from explorer.core.registry import game_ids
from explorer.core.share import MAX_QUERY_CHARS, match_query
from explorer.sim import Progress, SimResult, SimSpec, make_spec, replay, run_steps
from explorer.sim.budget import KERNEL_METER, Allowance, Budget, BudgetError, WorkerLease, budget_for, lease_workers
from widgets.common import show_figure
from widgets.common.background import Work, start
from widgets.common.status import variant_options
from widgets.simulation.charts import length_figure, win_rate_figure
from widgets.simulation.replay import panel_class, replay_code
from widgets.simulation.report import download_html, summary_html, table_html
from widgets.simulation.where import IN_PAGE_CHUNK, IN_PAGE_NOTE, check_in_page, in_page, offered

log = logging.getLogger(__name__)

NO_COMPARE = "(none)"
REDRAW_S = 0.4
_CSS = ("<style>.sim-panel table{border-collapse:collapse;margin:4px 0}.sim-panel th,.sim-panel td{padding:2px 10px;"
        "text-align:left;border-bottom:1px solid #e3e6eb;white-space:nowrap}.sim-panel .sim-table{overflow:auto;max-height:340px}"
        ".sim-panel .sim-summary{overflow-x:auto}</style>")


def loadable_games() -> list[tuple[str, str]]:
    """``(title, id)`` of every registered game that loads now (a game still being written is left out)."""
    out = []
    for game_id in game_ids():
        try:
            game = explorer.load_game(game_id)
            game.policies()
            out.append((game.info.title, game_id))
        except Exception:  # noqa: BLE001 - a registered game whose package is not there yet
            log.info("simulation panel: %s does not load; left out", game_id)
    return out


def parse_setup(text: str) -> dict[str, Any]:
    """``"format=hunter, explorers=12"`` as a dict; numbers and true/false read as such, the rest as text.

    >>> parse_setup("format=hunter, explorers=12")
    {'format': 'hunter', 'explorers': 12}
    """
    out: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip().isidentifier():
            raise RulesError(f"setup: write name=value pairs separated by commas, got {item!r}")
        value = value.strip()
        try:
            parsed = json.loads(value)
            out[key.strip()] = parsed if isinstance(parsed, (int, float, bool)) else value
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out


def _labelled(widget: W.Widget, css: str) -> W.Widget:
    widget.add_class(css)
    return widget


class SimulationPanel:
    """An ipywidgets panel over :mod:`explorer.sim`; ``.widget`` is the top-level box."""

    def __init__(self, game_id: str | None = None, *, games: int = 200, seed: int = 0, backend: str = "local",
                 chunk_size: int | None = None, budget: Budget | None = None) -> None:
        self.games_known = loadable_games()
        ids = [g for _, g in self.games_known]
        if not ids:
            raise RulesError("no game loads: nothing to simulate")
        self.in_page = in_page()  # the browser's own Python: no thread, no process (see where.py)
        self.chunk_size = IN_PAGE_CHUNK if self.in_page and chunk_size is None else chunk_size
        self.budget_problem = ""
        if budget is None:
            try:
                budget = budget_for()
            except BudgetError as err:  # a malformed operator setting: refuse every run, say which
                budget, self.budget_problem = Budget(max_games=0, max_sim_seconds=0, backends=("local",)), str(err)
        self.budget = budget
        self._allowance = Allowance()
        self.result: SimResult | None = None
        self.results: list[tuple[str, SimResult]] = []
        self.work: Work | None = None
        self._last_draw = 0.0
        style = {"description_width": "80px"}
        wide = W.Layout(width="300px")
        self.game = _labelled(W.Dropdown(options=self.games_known, value=game_id if game_id in ids else ids[0],
                                         description="Game", style=style, layout=wide), "sim-game")
        self.variant = W.Dropdown(description="Variant", style=style, layout=wide)
        self.compare_with = _labelled(W.Dropdown(description="Compare", style=style, layout=wide), "sim-compare")
        self.players = W.Dropdown(description="Players", style=style, layout=W.Layout(width="160px"))
        self.setup_text = W.Text(description="Setup", placeholder="e.g. format=hunter", style=style, layout=wide)
        self.policy_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        # plain IntText: a number out of range is refused by Run with what is allowed, never clamped
        self.games = _labelled(W.IntText(value=games, description="Games", style=style,
                                         layout=W.Layout(width="200px")), "sim-games")
        self.seed = W.IntText(value=seed, description="First seed", style=style, layout=W.Layout(width="220px"))
        choices = offered(budget.backends, self.in_page)
        names = [name for _, name in choices]
        self.backend = _labelled(W.Dropdown(options=choices, value=backend if backend in names else names[0],
                                            description="Run on", style=style, layout=wide), "sim-backend")
        note = " ".join(filter(None, [IN_PAGE_NOTE if self.in_page else "", budget.describe()]))
        self.budget_note = _labelled(W.HTML(f"<div style='font-size:12px;color:#5b6472'>{html.escape(note)}</div>"
                                            if note else ""), "sim-budget")
        self.run_button = _labelled(W.Button(description="Run", button_style="primary", icon="play"), "sim-run")
        self.cancel_button = _labelled(W.Button(description="Cancel", disabled=True, icon="stop"), "sim-cancel")
        self.run_button.on_click(lambda _b: self.run())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.progress = _labelled(W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="320px")), "sim-progress")
        self.progress_text = _labelled(W.HTML(), "sim-progress-text")
        self.status = _labelled(W.HTML(), "sim-status")
        self.winrate_out = _labelled(W.Output(layout=W.Layout(min_height="40px")), "sim-winrate")
        self.lengths_out = _labelled(W.Output(), "sim-lengths")
        self.summary = _labelled(W.HTML(), "sim-summary")
        self.table = _labelled(W.HTML(), "sim-table")
        self.download = _labelled(W.HTML(), "sim-download")
        self.replay_index = W.IntText(value=0, description="Game #", style={"description_width": "60px"},
                                      layout=W.Layout(width="170px"))
        self.replay_button = _labelled(W.Button(description="Replay game", icon="undo"), "sim-replay")
        self.replay_button.on_click(lambda _b: self.open_replay(self.replay_index.value))
        self.replay_code = _labelled(W.HTML(), "sim-replay-code")
        self.replay_box = W.VBox()
        self.game.observe(lambda _c: self._game_changed(), names="value")
        self.players.observe(lambda _c: self._players_changed(), names="value")
        self._game_changed()
        self.widget = W.VBox([
            W.HTML(_CSS + '<div style="font-size:18px;font-weight:600;color:#2b2f36">Simulation lab</div>'
                   '<div style="font-size:13px;color:#5b6472">Game <i>i</i> is played from seed <i>first seed + i'
                   '</i>; every rate carries its 95% interval.</div>'),
            W.HBox([W.VBox([self.game, self.variant, self.compare_with, self.setup_text]),
                    W.VBox([self.players, self.games, self.seed, self.backend])],
                   layout=W.Layout(flex_flow="row wrap")),
            self.budget_note,
            W.HTML('<div style="font-size:13px;color:#2b2f36;margin-top:4px">Policy per seat</div>'),
            self.policy_box,
            W.HBox([self.run_button, self.cancel_button, self.progress, self.progress_text],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.status, self.winrate_out, self.summary, self.lengths_out, self.download, self.table,
            W.HBox([self.replay_index, self.replay_button], layout=W.Layout(align_items="center")),
            self.replay_code, self.replay_box,
        ], layout=W.Layout(width="100%", max_width="1100px", padding="4px 8px"))
        self.widget.add_class("sim-panel")
        self._say(f"Not available: {self.budget_problem}" if self.budget_problem
                  else "Ready: choose the question and press Run.", error=bool(self.budget_problem))

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # --- controls ------------------------------------------------------------------------------
    def _game_changed(self) -> None:
        game = explorer.load_game(self.game.value)
        info = game.info
        named = variant_options(game)  # (display name, id): the id stays in the spec and the links
        self.variant.options = named
        self.variant.value = named[0][1]
        self.compare_with.options = [(NO_COMPARE, NO_COMPARE), *named]
        self.compare_with.value = NO_COMPARE
        counts = list(range(info.min_players, info.max_players + 1))
        self.players.options = counts
        self.players.value = counts[0] if len(counts) == 1 else max(counts[0], min(2, counts[-1]))
        self.players.disabled = len(counts) == 1
        self._players_changed()

    def _players_changed(self) -> None:
        policies = list(policy_names(explorer.load_game(self.game.value)))
        default = "heuristic" if "heuristic" in policies else policies[0]
        name = explorer.load_game(self.game.value).player_name
        self.policy_box.children = [
            W.Dropdown(options=policies, value=default, description=name(seat), style={"description_width": "70px"},
                       layout=W.Layout(width="220px")) for seat in range(self.players.value or 1)]

    def specs(self) -> list[tuple[str, SimSpec]]:
        """The run the controls describe, checked (``explorer.sim.SimulationError`` on bad input)."""
        info = explorer.load_game(self.game.value).info
        setup = parse_setup(self.setup_text.value)
        if info.min_players != info.max_players:
            setup.setdefault("players", self.players.value)
        common = dict(setup=setup, policies=[d.value for d in self.policy_box.children], games=self.games.value,
                      seed=self.seed.value)
        variants = [self.variant.value] + ([self.compare_with.value] if self.compare_with.value != NO_COMPARE else [])
        return [(v, make_spec(self.game.value, variant=v, **common)) for v in variants]

    # --- running -------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.work is not None and self.work.running()

    def run(self) -> bool:
        """Check the inputs and start the games on a background thread (in a page without threads: on its event
        loop, a chunk at a time); False (and a status line) if refused."""
        if self.running:
            self._say("A run is going on: cancel it first.", error=True)
            return False
        if self.budget_problem:
            self._say(f"Not started: {self.budget_problem}", error=True)
            return False
        backend = self.backend.value
        try:  # the budget first: a visitor asking for too much hears the server's limit, not the library's
            if self.in_page:
                check_in_page(self.games.value, 1 + (self.compare_with.value != NO_COMPARE))
            self.budget.check_run(games=self.games.value, arms=1 + (self.compare_with.value != NO_COMPARE),
                                  backend=backend, spent_seconds=KERNEL_METER.spent)
            arms = self.specs()
            workers = self.budget.workers(backend)
            lease = lease_workers(self.budget, workers or 1) if backend != "local" else WorkerLease(None, 1)
        except RulesError as err:
            self._say(f"Not started: {err}", error=True)
            return False
        self._allowance = Allowance(self.budget.seconds_left(KERNEL_METER.spent), workers or 1)
        self.results = [(label, SimResult(spec, (), player_names=())) for label, spec in arms]
        total = sum(spec.games for _, spec in arms)
        self.progress.max, self.progress.value, self.progress.bar_style = total, 0, "info"
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self.table.value = self.download.value = self.summary.value = ""
        self._say(f"Running {total} games on {backend}…")
        self.work = start(self._rounds(arms, backend, workers, lease), name="simulation-panel")
        return True

    def cancel(self) -> bool:
        """Stop the run within a second (its workers too); the finished games are kept."""
        if not self.running:
            return False
        self._allowance.set()
        self.cancel_button.disabled = True
        self._say("Cancelling: keeping the games already played…")
        return True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends (for notebooks and tests); True if it ended (on an event loop: whether it has)."""
        return self.work is None or self.work.wait(timeout)

    def _rounds(self, arms: list[tuple[str, SimSpec]], backend: str, workers: int | None,
                lease: WorkerLease) -> Iterator[None]:
        """The run, one round per chunk of games (where it runs: ``widgets.common.background.start``)."""
        began = time.perf_counter()
        done_before = 0
        try:
            for i, (label, spec) in enumerate(arms):
                if self._allowance.is_set():
                    break

                def report(p: Progress, i: int = i, label: str = label, base: int = done_before) -> None:
                    self._on_progress(i, label, p, base, began)

                steps = run_steps(spec, backend=backend, workers=workers, chunk_size=self.chunk_size,
                                  stop=self._allowance)
                while True:
                    try:
                        report(next(steps))
                    except StopIteration as end:
                        result = end.value
                        break
                    yield None
                self.results[i] = (label, result)
                done_before += result.done
            self.results = self.results[:1] + [arm for arm in self.results[1:] if arm[1].done]
            self.result = self.results[0][1]
            self._finish(time.perf_counter() - began)
        except Exception as err:  # noqa: BLE001 - nothing raises into the notebook: say it, keep the panel usable
            log.exception("simulation panel run failed")
            self._say(f"Internal error: {type(err).__name__}: {err}", error=True)
        finally:
            lease.release()
            if self.budget.limited:
                KERNEL_METER.charge((time.perf_counter() - began) * (lease.count if backend != "local" else 1))
            self.run_button.disabled, self.cancel_button.disabled = False, True

    def _on_progress(self, arm: int, label: str, p: Progress, base: int, began: float) -> None:
        done = base + p.done
        elapsed = time.perf_counter() - began
        pace = done / elapsed if elapsed > 0 else 0.0
        left = (self.progress.max - done) / pace if pace > 0 else 0.0
        self.progress.value = done
        if self._allowance.cancelled:  # the halted chunks come in: _finish draws them once, after saying so
            self.results[arm] = (label, p.result())
            return
        self.progress_text.value = (f"{done} / {self.progress.max} games · {pace:.1f} games/s · "
                                    f"{left:.0f} s left" + (f" · {p.failed} failed" if p.failed else ""))
        now = time.perf_counter()
        if now - self._last_draw >= REDRAW_S or p.done == p.total:
            self._last_draw = now
            self.results[arm] = (label, p.result())
            self._draw()

    def _draw(self) -> None:
        arms = [(label, r) for label, r in self.results if r.records]
        if not arms:
            return
        show_figure(self.winrate_out, win_rate_figure(arms))
        show_figure(self.lengths_out, length_figure(arms))

    def _finish(self, seconds: float) -> None:
        """Say how the run ended first (a Cancel is answered at once), then draw the charts and the table."""
        kept = sum(r.done for _, r in self.results)
        cancelled = any(r.cancelled for _, r in self.results)
        self.progress.bar_style = "warning" if cancelled else "success"
        self.progress_text.value = (f"{kept} / {self.progress.max} games · {kept / seconds if seconds else 0:.1f} "
                                    f"games/s · {seconds:.1f} s" + (" · cancelled" if cancelled else ""))
        failures = sum(len(r.failures) for _, r in self.results)
        if self._allowance.spent_out:
            self._say(self.budget.spent_out_message(kept), error=True)
        else:
            what = f"Cancelled: kept the {kept} games played" if cancelled else f"Done: {kept} games"
            self._say(what + (f"; {failures} games raised (listed below)" if failures else "") + ".",
                      error=bool(failures))
        self._draw()
        self.summary.value = summary_html(self.results)
        self._show_table()

    def _show_table(self) -> None:
        label, r = self.results[0]
        if r.records:
            self.table.value, self.download.value = table_html(label, r), download_html(label, r)

    # --- replay --------------------------------------------------------------------------------
    def open_replay(self, index: int) -> bool:
        """Open game ``index`` of the last run in the game's match panel, below, with the code that does it."""
        if not self.results:
            self._say("Replay: run a simulation first, then pick a game number from it.", error=True)
            return False
        spec = self.results[0][1].spec
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < spec.games:
            self._say(f"Replay: the last run has games #0 to #{spec.games - 1}; game #{index} is not one of them.",
                      error=True)
            return False
        try:
            match = replay(spec, index)
            shown = panel_class(spec.game_id)(match, link=False)
            # the replay lives inside the lab's page: it must not rewrite the lab's address (a reload would
            # then open an empty lab), and its "Copy link" opens the game's own dashboard
            shown.page_link.keep_address = False
            shown.page_link.page = f"{spec.game_id}.ipynb"
            self.replay_box.children = [shown.widget]
        except Exception as err:  # noqa: BLE001 - a panel that cannot open says so; the lab stays usable
            self._say(f"Replay of game #{index} failed: {type(err).__name__}: {err}", error=True)
            return False
        query = match_query(match)
        dashboard = (f" Or open it in <a class='sim-replay-link' target='_blank' href='{html.escape(spec.game_id)}"
                     f".ipynb?{html.escape(query)}'>the {html.escape(spec.game_id)} dashboard</a>."
                     if len(query) <= MAX_QUERY_CHARS else "")
        self.replay_code.value = (f"<div style='font-size:13px'>Game #{index} is seed {spec.seed_of(index)}.{dashboard} "
                                  f"In a notebook:</div><div style='font:12px/1.45 ui-monospace,Menlo,Consolas,monospace;"
                                  f"white-space:pre-wrap;background:#f6f8fb;border:1px solid #d5d9e0;"
                                  f"border-radius:4px;padding:6px 8px'>{html.escape(replay_code(spec, index))}</div>")
        self._say(f"Replaying game #{index} (seed {spec.seed_of(index)}) below.")
        return True

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "#a33" if error else "#2b2f36"
        self.status.value = f"<div style='font-size:14px;color:{colour};padding:2px 0'>{html.escape(text)}</div>"
