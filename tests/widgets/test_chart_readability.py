"""Issue 37 §7, "Charts": lines kept off the bars' labels, shots that name each fleet, expected values as numbers.

* The dotted "P(at least k)" line and its markers ran over the bars and their percentages (Star Realms'
  next hand, Endor's Shield Assault): it now runs on its own 0-100% axis (``yaxis2``, over the bars' plot),
  in a band above the bars (``charts.LINE_BAND``), and the bars' axis is scaled so that the tallest bar and its
  label end under ``charts.BARS_BELOW`` of the plot. Read from the figure's spec: where each point, marker and
  label lands, as a fraction of the plot's height.
* Fleet Command's fleets use the same ship names, so "Fighter 2 → Fighter 2" said nothing: each side is named.
* Warp's Edge printed an expected shield damage of 1 as "1 (100.00%)": a number of shields is not a chance.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import plotly.graph_objects as go
import pytest

import explorer
from explorer import Match
from explorer.games.star_realms import odds as star_realms_odds
from explorer.games.warps_edge import odds as warps_odds
from explorer.odds import dice_pool
from widgets.calculators.dice import DiceCalculator
from widgets.calculators.draw import DrawCalculator
from widgets.common import charts
from widgets.endor.odds_views import shield_advance_figure
from widgets.fleet_command.odds_views import shot_odds_figure
from widgets.star_realms import odds_views as star_realms_views
from widgets.warps_edge.odds_views import key_odds_html, laser_total_figure

SMALLEST_PLOT_PX = 150
"""The rule must hold on a plot this short, as well as at the height the spec asks for: the phone-width test
asks 200 px of every Odds chart (tests/browser/test_phone_width.py, MIN_PLOT_PX); 150 leaves a margin."""

MIN_GAP_PX = 5  # white space between the top of the highest label and the foot of the lowest marker

TEXTPAD_PX = 3  # plotly.js puts an "outside" bar label this far above its bar


def plot_px(fig: go.Figure) -> float:
    """The plot's height the spec asks for (the figure's height less its top and bottom margins)."""
    return fig.layout.height - fig.layout.margin.t - fig.layout.margin.b


def fraction(value: float, axis: Any) -> float:
    """Where ``value`` lands on ``axis``, as a fraction of the plot's height (0 at the foot, 1 at the top)."""
    low, high = axis.range
    return (value - low) / (high - low)


def highest_bar_ink(fig: go.Figure, px: float) -> float:
    """The top of the highest bar or bar label, as a fraction of a ``px``-high plot."""
    tops = []
    for bar in (t for t in fig.data if t.type == "bar"):
        label_px = (bar.textfont.size * 1.3 + TEXTPAD_PX) if bar.text is not None else 0.0
        tops += [fraction(y, fig.layout.yaxis) + label_px / px for y in bar.y]
    return max(tops)


def lowest_line_ink(fig: go.Figure, px: float) -> float:
    """The foot of the lowest point (and its marker) of the "at least k" lines, as a fraction of the plot."""
    feet = []
    for line in (t for t in fig.data if t.type == "scatter"):
        feet += [fraction(y, fig.layout.yaxis2) - (line.marker.size / 2) / px for y in line.y]
    return min(feet)


def star_realms_next_hand() -> Any:
    match = Match(explorer.load_game("star_realms"), seed=12)
    while star_realms_views.askable(match.state):
        match.play("random", 1)
    return star_realms_odds.trade_and_combat(match.state, match.state.actor)


FIGURES = {
    # a certain outcome: the tallest bar there can be (100%, labelled) and the line at 100%
    "a certain 3": lambda: charts.series_figure({"": {3: Fraction(1)}}, title="Certain"),
    # the line falls to 0% at the last k: its lowest point, next to the labels of the bars
    "5d6 hitting on 4+": lambda: charts.distribution_figure(dice_pool(5, hit_on=4), "Five dice"),
    "Endor: one Shield Assault": lambda: shield_advance_figure(explorer.load_game("endor").initial_state()),
    "Warp's Edge: laser value": lambda: laser_total_figure(warps_odds.example_position()),
    "Star Realms: Trade of the next hand": lambda: star_realms_views.hand_figure(
        star_realms_next_hand().trade, "Trade", "player 1", star_realms_views.TRADE_COLOUR),
    "dice calculator: three thresholds": lambda: DiceCalculator().figure,
    "draw calculator": lambda: DrawCalculator().figure,
}


@pytest.fixture(scope="module", params=sorted(FIGURES))
def figure(request: pytest.FixtureRequest) -> go.Figure:
    return FIGURES[request.param]()


def test_the_at_least_line_and_its_markers_stay_above_every_bar_and_its_label(figure: go.Figure) -> None:
    tallest = max(max(t.y) for t in figure.data if t.type == "bar")
    assert fraction(tallest, figure.layout.yaxis) * charts.LABEL_ROOM == pytest.approx(charts.BARS_BELOW)
    for px in (SMALLEST_PLOT_PX, plot_px(figure)):
        gap_px = (lowest_line_ink(figure, px) - highest_bar_ink(figure, px)) * px
        assert gap_px >= MIN_GAP_PX, (px, gap_px)


def test_the_at_least_line_is_drawn_on_its_own_axis_over_the_bars(figure: go.Figure) -> None:
    # an overlaying axis's traces are drawn over the base axis's: nothing of a bar can hide the line
    kinds = [(t.type, t.yaxis or "y") for t in figure.data]
    assert {k for k in kinds if k[0] == "scatter"} == {("scatter", "y2")} and figure.layout.yaxis2.overlaying == "y"
    assert kinds.index(("scatter", "y2")) > kinds.index(("bar", "y"))
    # 0% and 100% of the line sit at the foot and the top of its band
    y2 = figure.layout.yaxis2
    assert [round(fraction(v, y2), 6) for v in (0, 1)] == list(charts.LINE_BAND)
    assert list(y2.tickvals) == [0, 0.5, 1.0] and y2.side == "right"


def test_the_bars_axis_ticks_stop_at_the_tallest_bar_not_beside_the_line(figure: go.Figure) -> None:
    y = figure.layout.yaxis
    tallest = max(max(t.y) for t in figure.data if t.type == "bar")
    assert y.tickmode == "array" and y.tickvals[0] == 0 and max(y.tickvals) <= tallest + 1e-9
    assert fraction(max(y.tickvals), y) < charts.BARS_BELOW


def test_the_charts_with_lines_are_figures_plotly_accepts(figure: go.Figure) -> None:
    go.Figure(figure.to_plotly_json())  # plotly's validation raises on a misspelt property


def test_a_chart_without_the_line_gives_its_bars_the_whole_height() -> None:
    # Warp's Edge's next draw by kind: bars only, scaled to the tallest bar plus its label's room (1.15)
    spec = charts.series_spec({"": {0: Fraction(1, 4), 1: Fraction(3, 4)}}, title="Bars", show_at_least=False)
    assert "yaxis2" not in spec["layout"] and spec["layout"]["yaxis"]["range"] == [0, 0.75 * 1.15]


def test_the_bars_ticks_step_so_that_a_short_axis_keeps_two_to_five_of_them() -> None:
    assert charts.bar_ticks(1.0)["tickvals"] == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert charts.bar_ticks(0.3125)["tickvals"] == [0.0, 0.1, 0.2, 0.3]  # 5d6 at 4+: P(2) = P(3) = 10/32
    assert charts.bar_ticks(0.03)["tickvals"] == [0.0, 0.01, 0.02, 0.03]
    assert charts.bar_ticks(0.012) == {"tickmode": "array", "tickvals": [0.0, 0.005, 0.01], "tickformat": ".1%"}


# --- Fleet Command: both fleets have a "Fighter 2" -------------------------------------------------------
# tactics.EXAMPLE mirrored: Player 2's Fighter 2 faces Player 1's Fighter 2 two tiles away, Player 2 to fire.
MIRRORED = """
stage = "combat"
round = 1
initiative = "Player 2"
to_move = "Player 2"
discard = []
[[players]]
hand = []
ships = [{name = "Fighter 2", x = "5.5", y = "3.5", heading = 0, cubes = 2}]
[[players]]
hand = []
ships = [{name = "Fighter 2", x = "5.5", y = "5.5", heading = 180, cubes = 2}]
"""


def test_a_shot_names_the_fleet_of_the_shooter_and_of_the_target() -> None:
    state = explorer.load_game("fleet_command").position_from_text(MIRRORED)
    fig = shot_odds_figure(state)
    # the shooter on the first line, the target on the second (a phone's chart is ~45 characters wide)
    assert list(fig.data[0].x) == ["Player 2's Fighter 2 →<br>Player 1's Fighter 2"]
    assert fig.data[0].y[0] == pytest.approx(1 / 3)  # as in tactics.EXAMPLE: a 2-cube ship, drawing


# --- Warp's Edge: an expected value is a number ----------------------------------------------------------
def value_cell(html_text: str, question: str) -> str:
    row = html_text.split(question, 1)[1]
    return row.split('tabular-nums">', 1)[1].split("</td>", 1)[0]


def test_expected_shield_damage_is_a_number_of_shields_not_a_percentage() -> None:
    # the example's attack step deals 9; with 1 shield left the shields take 1 of it, surely: expected 1
    state = warps_odds.example_position().replace(shields=1)
    assert warps_odds.expected_shield_damage(state) == 1
    text = key_odds_html(state)
    assert value_cell(text, "Expected shield damage at the next attack step (no more stuns)") == "1"
    # the chances beside it keep fraction and percent: 9 damage against 1 shield and 8 hull reaches 0
    assert value_cell(text, "P(the hull reaches 0 at the next attack step, no more stuns)") == "1 (100.00%)"
    assert value_cell(text, "P(the next pool, with the hold, can stun every enemy)") == "23/66 (34.85%)"
