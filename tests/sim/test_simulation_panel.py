"""The simulation panel without a browser: run, live chart, compare, cancel, CSV, replay (issue 13 §3)."""

from __future__ import annotations

import threading

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
    original = sim_run.run_spec

    def run_spec_slowly(*args, progress=None, **kwargs):
        def report(p):
            progress(p)
            first_chunk.set()
            threading.Event().wait(0.05)  # slow enough that Cancel lands mid-run
        return original(*args, progress=report, **kwargs)

    monkeypatch.setattr("widgets.simulation.panel.run_spec", run_spec_slowly)
    assert panel.run()
    assert first_chunk.wait(30)
    assert panel.cancel() and panel.wait(60)
    kept = panel.result.done
    assert 0 < kept < 200 and panel.result.cancelled
    assert f"Cancelled: kept the {kept} games played" in panel.status.value
    assert f"{kept} of 200 games" in _figure(panel.winrate_out)["layout"]["title"]["text"]


def test_replay_opens_the_game_panel_with_its_seed_and_the_code_line() -> None:
    panel = SimulationPanel("star_realms", games=3, seed=50)
    panel.policy_box.children[1].value = "random"
    assert panel.run() and panel.wait(60)
    assert panel.open_replay(2)
    assert panel.replay_box.children and "seed 52" in panel.replay_code.value
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
