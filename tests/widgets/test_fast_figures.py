"""The odds charts are written as Plotly JSON and wrapped without plotly's validation (issue 21, "charts at once").

Plotly's per-property validation cost about 35 ms a chart (0.2 s for the first), which the first Odds
chart of every dashboard waited for; the builders now write the figure's JSON themselves
(``widgets.common.charts.figure_from_spec``). Skipping validation must not let a wrong figure through:
every builder's figure here is re-read by plotly *with* validation, which raises on a misspelt property
or a bad value, and must come out the same. Each figure is built from a dashboard's own position (the
seeds of ``notebooks/dashboards/*.ipynb``) or a played one.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import _plotly_utils.basevalidators as basevalidators
import plotly.graph_objects as go
import pytest
from plotly.utils import PlotlyJSONEncoder

import explorer
from explorer import Match
from explorer.games.star_realms import odds as star_realms_odds
from widgets.common import charts, plotly_page
from widgets.common.odds_tab import OddsTab
from widgets.endor import odds_views as endor_views
from widgets.fleet_command import odds_views as fleet_views
from widgets.pinned_down import odds_views as pinned_views
from widgets.star_realms import buy_figures
from widgets.star_realms import odds_views as star_realms_views
from widgets.warps_edge import odds_views as warps_views

TWO_DICE_AT_4 = {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}  # 2d6 hitting on 4+


def plain(fig: go.Figure) -> dict[str, Any]:
    """The figure as the page receives it (JSON data), trace uids left out (plotly makes them up)."""
    data = json.loads(json.dumps(fig.to_plotly_json(), cls=PlotlyJSONEncoder))
    for trace in data["data"]:
        trace.pop("uid", None)
    return data


def assert_plotly_accepts(fig: go.Figure) -> None:
    """Plotly, validating every property, reads the figure back unchanged (it raises on a wrong one)."""
    assert plain(go.Figure(fig.to_plotly_json())) == plain(fig)


def played(game: str, seed: int, steps: int) -> Any:
    match = Match(explorer.load_game(game), seed=seed)
    match.play("random", steps)
    return match.state


def main_phase(state: Any, seed: int = 0) -> Any:
    """The first Star Realms position from ``state`` on where the odds can be asked (main phase, nothing pending)."""
    match = Match(explorer.load_game("star_realms"), seed=seed)
    match.restart(state)
    while star_realms_views.askable(match.state):
        match.play("random", 1)
    return match.state


# --- the shared builder ---------------------------------------------------------------------------
def test_two_dice_at_4_plus_chart_reads_a_quarter_a_half_a_quarter_and_at_least_one_three_quarters() -> None:
    # 2d6 hitting on 4+: P(0) = 1/4, P(1) = 1/2, P(2) = 1/4; P(at least 1) = 3/4 (each die hits 1/2).
    fig = charts.series_figure({"hit on 4+": TWO_DICE_AT_4}, title="Two dice")
    bars, at_least = fig.data
    assert (bars.type, list(bars.x), list(bars.y)) == ("bar", [0, 1, 2], [0.25, 0.5, 0.25])
    assert [c[0] for c in bars.customdata] == ["1/4", "1/2", "1/4"]
    assert (at_least.type, at_least.yaxis, list(at_least.y)) == ("scatter", "y2", [1.0, 0.75, 0.25])
    assert [c[0] for c in at_least.customdata] == ["1", "3/4", "1/4"]
    assert list(bars.text) == ["25.00%", "50.00%", "25.00%"]  # one series, few bars: labelled
    # the tallest bar (1/2) and its label under the band of the "at least" line (issue 37 §7): 1.15 times it
    # reaches charts.BARS_BELOW (0.6) of the plot's height
    assert list(fig.layout.yaxis.range) == [0, 0.5 * 1.15 / 0.6] and fig.layout.template.layout.plot_bgcolor == "white"
    assert_plotly_accepts(fig)


@pytest.mark.parametrize("series, options", [
    ({"": TWO_DICE_AT_4}, {"title": "A title long enough to be broken into two lines by the builder", "height": 320}),
    ({"3+": TWO_DICE_AT_4, "5+": {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}}, {"title": "Two reads"}),
    ({"wide": {k: Fraction(1, 40) for k in range(40)}}, {"title": "Forty outcomes", "x_title": "cards"}),
    ({"a": {0: Fraction(1)}, "b": {2: Fraction(1)}}, {"title": "Bars only", "show_at_least": False}),
])
def test_every_shape_of_the_shared_chart_is_a_figure_plotly_accepts(series: dict[str, Any],
                                                                       options: dict[str, Any]) -> None:
    assert_plotly_accepts(charts.series_figure(series, **options))


def count_validations() -> tuple[Counter[str], Callable[[], None]]:
    """Count plotly's property validations (``validate_coerce`` calls) until the returned ``undo``."""
    counted: Counter[str] = Counter()
    patched = []
    for cls in vars(basevalidators).values():
        if isinstance(cls, type) and "validate_coerce" in vars(cls):
            original = vars(cls)["validate_coerce"]

            def counting(self: Any, *a: Any, _original: Any = original, **k: Any) -> Any:
                counted[type(self).__name__] += 1
                return _original(self, *a, **k)
            cls.validate_coerce = counting
            patched.append((cls, original))

    def undo() -> None:
        for cls, original in patched:
            cls.validate_coerce = original
    return counted, undo


@pytest.fixture
def validations() -> Iterator[Counter[str]]:
    counted, undo = count_validations()
    try:
        yield counted
    finally:
        undo()


def test_an_odds_chart_skips_plotly_property_validation(validations: Counter[str]) -> None:
    # The same figure built the validating way runs about 350 validations (measured: 351); the spec way
    # about 16 (the data list and the layout's top-level objects), whatever the number of points.
    series = {"3+": TWO_DICE_AT_4, "5+": {k: Fraction(1, 21) for k in range(21)}}
    spec = charts.series_spec(series, title="Two reads")
    go.Figure(spec)
    validating = sum(validations.values())
    validations.clear()
    fig = charts.series_figure(series, title="Two reads")
    charts.figure_outputs(fig)
    assert sum(validations.values()) < 40 < 300 < validating


def test_figure_outputs_carry_the_spec_and_the_panels_toolbar_settings() -> None:
    spec = charts.series_spec({"": TWO_DICE_AT_4}, title="Two dice")
    (output,) = charts.figure_outputs(charts.figure_from_spec(spec))
    sent = output["data"]["application/vnd.plotly.v1+json"]
    assert [t["y"] for t in sent["data"]] == [[0.25, 0.5, 0.25], [1.0, 0.75, 0.25]]
    assert sent["layout"]["title"]["text"] == "Two dice" and sent["config"] == charts.FIGURE_CONFIG
    assert output["data"]["text/plain"] == "<Figure: Two dice>"


# --- every game's odds charts --------------------------------------------------------------------
def warps_edge_states() -> list[Any]:
    from widgets.warps_edge import WarpsEdgePanel
    return [WarpsEdgePanel(seed=1).state, played("warps_edge", 3, 20)]


def endor_states() -> list[Any]:
    return [explorer.load_game("endor").initial_state(), played("endor", 2, 40)]


def fleet_command_states() -> list[Any]:
    from explorer.games.fleet_command.tactics import EXAMPLE
    return [explorer.load_game("fleet_command").position_from_text(EXAMPLE), played("fleet_command", 1, 15)]


def pinned_down_states() -> list[Any]:
    from widgets.pinned_down import PinnedDownPanel
    return [PinnedDownPanel(seed=2, wings=["Purple"], characters=[["Mr. Alford", "Mr. Snider"]]).state]


@pytest.mark.parametrize("builder, states", [
    (warps_views.next_draw_figure, warps_edge_states),
    (warps_views.laser_total_figure, warps_edge_states),
    (endor_views.shield_advance_figure, endor_states),
    (endor_views.shield_chain_figure, endor_states),
    (fleet_views.shot_odds_figure, fleet_command_states),
    (fleet_views.destroy_figure, fleet_command_states),
    (fleet_views.initiative_figure, fleet_command_states),
    (pinned_views.reveal_figure, pinned_down_states),
], ids=lambda v: getattr(v, "__name__", ""))
def test_every_odds_chart_of_every_game_is_a_figure_plotly_accepts(builder: Callable[[Any], Any],
                                                                     states: Callable[[], list[Any]]) -> None:
    figures = [f for f in (builder(s) for s in states()) if isinstance(f, go.Figure)]
    assert figures, f"{builder.__name__}: no position here draws a chart"
    for fig in figures:
        assert_plotly_accepts(fig)


def test_warps_edge_next_draw_colours_each_token_kind_and_names_it() -> None:
    fig = warps_views.next_draw_figure(warps_edge_states()[0])
    assert [(t.name, t.marker.color) for t in fig.data] == list(warps_views.FAMILY_COLOURS.items())
    assert sum(fig.data[0].y) == pytest.approx(1)  # one pmf per kind


def test_star_realms_next_hand_and_buy_charts_are_figures_plotly_accepts() -> None:
    from widgets.star_realms import StarRealmsPanel
    state = main_phase(StarRealmsPanel(seed=12).state)
    me = state.actor
    hand = star_realms_odds.trade_and_combat(state, me)
    trade = star_realms_views.hand_figure(hand.trade, "Trade", f"player {me + 1}", star_realms_views.TRADE_COLOUR)
    assert [trade.data[0].marker.color, trade.data[1].line.color] == [star_realms_views.TRADE_COLOUR] * 2
    assert [Fraction(c[0]) for c in trade.data[0].customdata] == [hand.trade.p(int(k)) for k in trade.data[0].x]
    assert trade.layout.title.font.size == 14 and trade.layout.margin.b == 45
    cycle = list(star_realms_odds.compare_buys_over_cycle(state, me, [], trials=20))
    buy = buy_figures.buy_figure(cycle)
    assert list(buy.data[0].x) == ["(no buy)"] and [t.name for t in buy.data] == ["Trade, next 3 turns",
                                                                                  "Combat, next 3 turns"]
    for fig in (trade, star_realms_views.hand_figure(hand.combat, "Combat", "player 1", "#8E6C9E"), buy):
        assert_plotly_accepts(fig)


# --- the tab and the page -------------------------------------------------------------------------
def test_the_odds_tab_keeps_a_spec_figure_and_shows_it_in_its_output() -> None:
    tab = OddsTab([lambda s: charts.series_figure({"": TWO_DICE_AT_4}, title=f"Two dice, {s}")])
    tab.update("position 1")
    tab.show()
    assert list(tab.figures[0].data[0].y) == [0.25, 0.5, 0.25]
    shown = tab.slots[0].out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert shown["layout"]["title"]["text"] == "Two dice, position 1" and tab.errors == [None]


def test_the_page_preloads_an_odds_chart_plotly_accepts_hidden_with_the_panels_settings() -> None:
    spec = plotly_page.preload_spec()
    config = spec.pop("config")
    assert_plotly_accepts(charts.figure_from_spec(spec))
    assert config == {**charts.FIGURE_CONFIG, "staticPlot": False} and "width" not in spec["layout"]
    out = plotly_page.plotly_preload(warm=False)
    assert (out.layout.height, out.layout.overflow, out.layout.visibility) == ("0px", "hidden", "hidden")


def test_the_kernel_warm_up_builds_the_charts_without_an_error(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger=plotly_page.__name__):
        plotly_page.warm_kernel()
    assert caplog.records == [] and plotly_page._warmed.is_set()
