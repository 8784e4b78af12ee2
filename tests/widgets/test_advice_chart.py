"""The advice chart at any width: each option's text above its bar, every option a full row.

Seen in Chromium at 390 px (session 10): the option texts written beside the bars took two thirds of
the chart, and the bars were a strip. The texts are now written above the bars, so the bars span the
chart's width on a phone as on a desktop.
"""

from __future__ import annotations

from explorer.advisor.advice import Advice, OptionAdvice
from explorer.advisor.options import Option
from explorer.core.actions import Action
from widgets.common.advice_chart import ROW_HEIGHT, advice_figure


def advice_of(count: int) -> Advice:
    rows = tuple(OptionAdvice(Option(i, Action(f"move Fighter {i}"), f"move Fighter {i}", "Move"), 40,
                              0.5 - 0.02 * i, 0.4 - 0.02 * i, 0.6 - 0.02 * i, -0.02 * i, -0.05 * i, 0.0, "")
                 for i in range(count))
    return Advice("fleet_command", "move", 0, "Player 1", rows, 40, "heuristic", 1, "local", False, 1.0, "", "")


def test_each_option_text_is_written_above_its_bar_not_beside_it() -> None:
    fig = advice_figure(advice_of(3))
    assert fig.layout.yaxis.showticklabels is False  # nothing beside the bars takes the plot's width
    notes = fig.layout.annotations
    assert [a.text for a in notes] == ["1. move Fighter 0", "2. move Fighter 1", "3. move Fighter 2"]
    assert [a.y for a in notes] == list(fig.data[0].y)  # each on its own bar's row
    assert all(a.xanchor == "left" and a.yanchor == "bottom" and a.yshift > 0 for a in notes)


def test_every_option_gets_a_full_row_however_few_there_are() -> None:
    two, seventeen = advice_figure(advice_of(2)).layout, advice_figure(advice_of(17)).layout
    assert seventeen.height - two.height == 15 * ROW_HEIGHT
    plot_height = two.height - two.margin.t - two.margin.b
    assert plot_height == 2 * ROW_HEIGHT  # two options: no squeezing of the label onto its bar
