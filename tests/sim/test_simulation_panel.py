"""The simulation panel without a browser: run, live chart, compare, cancel, CSV, replay (issue 13 §3)."""

from __future__ import annotations

import threading
import time

import pytest

import explorer.sim.run as sim_run
from widgets import SimulationPanel
from widgets.simulation import parse_setup, replay_code
from widgets.star_realms import StarRealmsPanel


def _figure(out) -> dict:
    return out.outputs[0]["data"]["application/vnd.plotly.v1+json"]


def test_a_run_fills_the_chart_table_summary_and_download() -> None:
    panel = SimulationPanel("warps_edge", games=20, chunk_size=5)
    assert panel.run() and panel.wait(60)
    chart = _figure(panel.winrate_out)
    assert chart["data"][0]["x"] == ["Pilot"] and "20 games" in chart["layout"]["title"]["text"]
    assert panel.progress.value == panel.progress.max == 20
    assert "win (95% CI)" in panel.summary.value and "python -m explorer.sim warps_edge --games 20" in panel.summary.value
    assert "First 20 of 20 games" in panel.table.value
    assert 'download="warps_edge-standard-seeds-0.csv"' in panel.download.value


def test_comparing_two_variants_draws_both_and_states_the_difference() -> None:
    panel = SimulationPanel("warps_edge", games=8)
    panel.compare_with.value = "review_red_blue_stun_only"
    assert panel.run() and panel.wait(60)
    assert [t["name"] for t in _figure(panel.winrate_out)["data"]] == ["standard", "review_red_blue_stun_only"]
    assert "review_red_blue_stun_only vs standard: Pilot wins" in panel.summary.value


def test_bad_input_is_a_status_line_and_nothing_starts() -> None:
    panel = SimulationPanel("star_realms", games=10)
    panel.setup_text.value = "explorers=99"
    assert panel.run() is False and not panel.running
    assert "Not started: setup: explorers: the Explorer pile has 10 to 16 cards" in panel.status.value


def test_cancel_keeps_the_games_already_played(monkeypatch: pytest.MonkeyPatch) -> None:
    panel = SimulationPanel("warps_edge", games=200, chunk_size=5)
    first_chunk = threading.Event()
    original = sim_run.run_steps

    def run_steps_slowly(*args, **kwargs):
        steps = original(*args, **kwargs)
        while True:
            try:
                step = next(steps)
            except StopIteration as end:
                return end.value
            yield step
            first_chunk.set()
            threading.Event().wait(0.05)  # slow enough that Cancel lands mid-run

    monkeypatch.setattr("widgets.simulation.panel.run_steps", run_steps_slowly)
    assert panel.run()
    assert first_chunk.wait(30)
    assert panel.cancel() and panel.wait(60)
    kept = panel.result.done
    assert 0 < kept < 200 and panel.result.cancelled
    assert f"Cancelled: kept the {kept} games played" in panel.status.value
    assert f"{kept} of 200 games" in _figure(panel.winrate_out)["layout"]["title"]["text"]


@pytest.mark.parametrize("backend", ["processes", "dask"])
def test_cancel_in_a_notebook_stops_the_run_and_its_worker_processes_within_a_second(backend: str) -> None:
    """Issue 37: the panel's Cancel, as a notebook user presses it, on worker processes and a Dask LocalCluster."""
    from tests.sim.test_cancel import BOUND_S, children_now, gone_after, wait_until_playing

    from explorer.sim.backends import default_workers

    before = children_now()
    panel = SimulationPanel("star_realms", games=2000, backend=backend, chunk_size=400)
    assert panel.backend.value == backend and panel.run()
    wait_until_playing(before, default_workers())
    pressed = time.monotonic()
    assert panel.cancel()
    assert panel.wait(30)
    assert time.monotonic() - pressed <= BOUND_S
    assert gone_after(pressed, before) <= BOUND_S, f"{backend} workers still running a second after Cancel"
    kept = panel.result.done
    assert panel.result.cancelled and kept < 2000
    assert f"Cancelled: kept the {kept} games played." in panel.status.value
    assert "cancelled" in panel.progress_text.value and panel.run_button.disabled is False


# --- issue 34 §2: in the browser's own Python (no thread, no process) -------------------------------------------
@pytest.fixture
def in_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in Pyodide: no thread starts (``widgets.common.background`` then runs the work on the event loop)."""
    monkeypatch.setattr("widgets.simulation.where.threads_start", lambda: False)
    monkeypatch.setattr("widgets.common.background.threads_start", lambda: False)


def test_in_a_page_only_this_pages_process_is_offered_and_the_page_says_what_needs_the_server(in_page) -> None:
    panel = SimulationPanel("warps_edge", games=10, backend="dask")
    assert panel.in_page and [name for _, name in panel.backend.options] == ["local"]
    assert panel.backend.value == "local"
    assert ("the processes and Dask backends need the served version of the explorer (rules-explorer serve)."
            in panel.budget_note.value)


def test_in_a_page_a_run_is_bounded_and_a_longer_one_is_refused_in_words(in_page) -> None:
    panel = SimulationPanel("warps_edge", games=201)
    assert panel.run() is False and not panel.running
    assert ("Not started: In this page a run may have up to 200 games, and this run asks for 201: ask for fewer "
            "games, or run the lab on the served version for more.") in panel.status.value


def test_in_a_page_the_games_play_on_the_event_loop_a_chunk_at_a_time_and_cancel_is_heard(in_page) -> None:
    import asyncio

    async def page() -> tuple[SimulationPanel, list[int]]:
        panel = SimulationPanel("warps_edge", games=200)
        seen: list[int] = []
        assert panel.run() and panel.work is not None and panel.work.how == "event loop"
        while panel.running and len(seen) < 3:
            await asyncio.sleep(0)  # the page's loop turns: a chunk, then the clicks
            seen.append(panel.progress.value)
        panel.cancel_button.click()
        await panel.work.finished()
        return panel, seen

    panel, seen = asyncio.run(page())
    assert seen[:3] == [5, 10, 15]  # five games a turn: the page is never held longer
    assert panel.result.cancelled and panel.result.done < 200
    assert f"Cancelled: kept the {panel.result.done} games played." in panel.status.value


def test_replay_opens_the_game_panel_with_its_seed_and_the_code_line() -> None:
    panel = SimulationPanel("star_realms", games=3, seed=50)
    panel.policy_box.children[1].value = "random"
    assert panel.run() and panel.wait(60)
    assert panel.open_replay(2)
    assert panel.replay_box.children and "seed 52" in panel.replay_code.value
    # the replay lives inside the lab's page: it leaves the lab's address alone and links to the game's page
    link = next(w for w in _walk(panel.replay_box) if type(w).__name__ == "PageLink")
    assert link.keep_address is False and link.page == "star_realms.ipynb"
    code = replay_code(panel.result.spec, 2)
    assert code.splitlines()[1] == "from widgets import StarRealmsPanel"
    scope: dict = {}
    exec(code.rsplit("\n", 1)[0], scope)  # the generated lines run and rebuild the same game
    from explorer.sim import replay
    assert replay(scope["spec"], 2).state == panel.result.replay(2).state
    assert isinstance(StarRealmsPanel(panel.result.replay(2)).widget, object)


def test_setup_text_reads_numbers_and_names() -> None:
    assert parse_setup("format=hunter, explorers=12, deal=true") == {"format": "hunter", "explorers": 12, "deal": True}
    with pytest.raises(ValueError, match="name=value"):
        parse_setup("hunter")


# --- issue 19: the work budget of a served page, and no silent clamping -------------------------------------
SERVED = {"SERVER_SOFTWARE": "voila/0.5.13"}


def _served_panel(tmp_path, game_id: str = "warps_edge", **env: str) -> SimulationPanel:
    from explorer.sim.budget import budget_for

    budget = budget_for({**SERVED, "RULES_EXPLORER_WORKER_DIR": str(tmp_path), **env})
    return SimulationPanel(game_id, games=10, budget=budget)


def test_a_served_page_refuses_ten_million_games_with_the_limit_and_the_setting(tmp_path) -> None:
    panel = _served_panel(tmp_path)
    panel.games.value = 10**7
    assert panel.run() is False and not panel.running
    assert ("Not started: This server allows at most 2000 games per run, and this run asks for 10000000. "
            "Ask for fewer games; the server&#x27;s operator can raise the limit with RULES_EXPLORER_MAX_GAMES."
            ) in panel.status.value
    assert "up to 2000 games" in panel.budget_note.value


def test_a_comparison_counts_the_games_of_both_variants(tmp_path) -> None:
    panel = _served_panel(tmp_path, RULES_EXPLORER_MAX_GAMES="15")
    panel.compare_with.value = "review_red_blue_stun_only"
    assert panel.run() is False
    assert "at most 15 games per run, and this run asks for 20 (2 variants × 10)" in panel.status.value


def test_a_served_page_offers_only_the_backends_the_operator_allows(tmp_path) -> None:
    assert [v for _, v in _served_panel(tmp_path).backend.options] == ["local"]
    allowed = _served_panel(tmp_path, RULES_EXPLORER_BACKENDS="local,processes")
    assert [v for _, v in allowed.backend.options] == ["local", "processes"]
    # a widget message cannot pick what is not offered; the budget refuses it anyway
    from explorer.sim.budget import budget_for
    budget = budget_for({**SERVED})
    with pytest.raises(ValueError, match="only on this kernel \\(a thread\\), not on worker processes"):
        budget.check_run(games=10, arms=1, backend="processes")


def test_the_server_wide_worker_limit_refuses_a_run_while_others_hold_the_workers(tmp_path) -> None:
    from explorer.sim.budget import budget_for, lease_workers

    budget = budget_for({**SERVED, "RULES_EXPLORER_WORKER_DIR": str(tmp_path), "RULES_EXPLORER_MAX_WORKERS": "1",
                         "RULES_EXPLORER_BACKENDS": "local,processes"})
    with lease_workers(budget, 1):
        with pytest.raises(ValueError, match="at most 1 simulation worker processes for all its pages, 1 are in use"):
            lease_workers(budget, 1)
    lease_workers(budget, 1).release()  # given back: the next run gets it
    dead = tmp_path / "lease-999999999-1-deadbeef"  # a kernel that died holding a slot loses it
    dead.touch()
    lease_workers(budget, 1).release()
    assert not dead.exists()


def test_a_run_that_spends_the_pages_seconds_stops_and_says_so(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from explorer.sim.budget import Meter

    monkeypatch.setattr("widgets.simulation.panel.KERNEL_METER", Meter())  # this page's kernel: nothing spent yet
    panel = _served_panel(tmp_path, "star_realms", RULES_EXPLORER_MAX_SIM_SECONDS="1")
    panel.games.value = 2000
    assert panel.run() and panel.wait(30)
    kept = panel.result.done
    assert 0 < kept < 2000
    assert (f"Stopped: this page has used its 1 seconds of simulation; kept the {kept} games played. "
            "The server&#x27;s operator can raise the limit with RULES_EXPLORER_MAX_SIM_SECONDS.") in panel.status.value
    assert panel.run() is False and "This page has used its 1 seconds of simulation" in panel.status.value


def test_a_malformed_budget_setting_refuses_every_run_and_names_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("RULES_EXPLORER_MAX_GAMES", "lots")
    panel = SimulationPanel("warps_edge", games=10)
    assert panel.run() is False
    assert "RULES_EXPLORER_MAX_GAMES must be a whole number from 1 to 10000000, got &#x27;lots&#x27;" in panel.status.value


def test_a_notebook_has_no_budget_but_a_billion_games_is_refused_not_clamped() -> None:
    panel = SimulationPanel("warps_edge", games=10)
    assert not panel.budget.limited and panel.budget_note.value == ""
    panel.games.value = 10**9
    assert panel.games.value == 10**9  # the box keeps what was typed
    assert panel.run() is False
    assert "Not started: games must be a whole number from 1 to 10000000, got 1000000000" in panel.status.value
    panel.seed.value = -1
    panel.games.value = 10
    assert panel.run() is False and "seed must be a whole number from 0 to" in panel.status.value


def test_replay_of_a_game_number_outside_the_run_says_which_exist() -> None:
    panel = SimulationPanel("warps_edge", games=3)
    assert panel.run() and panel.wait(60)
    assert panel.open_replay(-5) is False
    assert "the last run has games #0 to #2; game #-5 is not one of them" in panel.status.value
    assert panel.open_replay(10**9) is False


def test_a_served_page_answers_a_billion_games_with_the_servers_limit(tmp_path) -> None:
    panel = _served_panel(tmp_path)
    panel.games.value = 10**9
    assert panel.run() is False
    assert "at most 2000 games per run, and this run asks for 1000000000" in panel.status.value


def _walk(widget: object) -> list[object]:
    """A widget and every widget inside it."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _walk(child)
    return found
