"""The calculator panels without a browser: set ``.value``, click, read the figure back; exact values."""

from __future__ import annotations

import base64
import re
from fractions import Fraction

import ipywidgets as W
import pytest

from explorer.odds import dice_pool, draw_count, draw_joint
from widgets.calculators import DiceCalculator, DrawCalculator
from widgets.calculators.dice import parse_thresholds
from widgets.calculators.draw import load_presets, parse_population
from widgets.common.charts import distribution_figure, fmt_percent, fmt_prob
from widgets.common.csv_export import csv_text, download_link_html, safe_filename


def bars(fig):
    return [t for t in fig.data if t.type == "bar"]


def lines(fig):
    return [t for t in fig.data if t.type == "scatter"]


def floats(values):
    return [float(v) for v in values]


def csv_of(link_html: str) -> str:
    payload = re.search(r'base64,([A-Za-z0-9+/=]+)"', link_html).group(1)
    return base64.b64decode(payload).decode("utf-8")


# --- dice ------------------------------------------------------------------------------------
def test_dice_default_shows_three_thresholds_side_by_side() -> None:
    calc = DiceCalculator()
    assert isinstance(calc.widget, W.VBox) and "re-dice" in calc.widget._dom_classes
    assert calc.status.level == "ok"
    assert [b.name for b in bars(calc.figure)] == ["P(= k) hit on 3+", "P(= k) hit on 4+", "P(= k) hit on 5+"]
    for bar, line, t in zip(bars(calc.figure), lines(calc.figure), (3, 4, 5)):
        d = dice_pool(5, hit_on=t)
        assert list(bar.x) == [0, 1, 2, 3, 4, 5]
        assert list(bar.y) == floats(d.pmf().values())
        assert list(line.y) == floats(d.cdf_at_least().values())
        assert line.yaxis == "y2"
    assert calc.headline_text == (
        "P(at least 1 hit) with 5d6: 3+: 242/243 (99.59%); 4+: 31/32 (96.88%); 5+: 211/243 (86.83%)"
    )
    # the Output widget shows exactly this figure, as Plotly's mime bundle
    (shown,) = calc.chart.outputs
    plotted = shown["data"]["application/vnd.plotly.v1+json"]
    assert [t["y"] for t in plotted["data"]] == [list(t.y) for t in calc.figure.data]


def test_dice_changes_redraw_with_exact_values() -> None:
    calc = DiceCalculator()
    calc.thresholds.value = "6"
    calc.n.value = 4
    assert calc.headline_text == "P(at least 1 hit) with 4d6, hit on 6+: 671/1296 (51.77%)"
    assert len(bars(calc.figure)) == 1 and len(bars(calc.figure)[0].y) == 5
    calc.sides.value = 8
    calc.at_least.value = 2
    p = dice_pool(4, sides=8, hit_on=6).at_least(2)
    assert calc.headline_text.endswith(fmt_prob(p))
    assert p == Fraction(1971, 4096)
    # the hover text carries the exact fraction
    assert bars(calc.figure)[0].customdata[0][0] == str(dice_pool(4, sides=8, hit_on=6).p(0))


def test_dice_table_and_csv_hold_exact_fractions() -> None:
    calc = DiceCalculator(n=2, thresholds="4")
    assert "1/4" in calc.table_html.value and "75.00%" in calc.table_html.value
    text = csv_of(calc.csv_link.value)
    assert text.splitlines() == [
        "hits,P(exactly k) (fraction),P(exactly k) (decimal),P(at least k) (fraction),P(at least k) (decimal)",
        "0,1/4,0.2500000000,1,1.0000000000",
        "1,1/2,0.5000000000,3/4,0.7500000000",
        "2,1/4,0.2500000000,1/4,0.2500000000",
    ]
    assert 'download="dice-2d6-hits.csv"' in calc.csv_link.value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3, x", "'x' is not a whole number"),
        ("", "enter at least one threshold"),
        ("7", "7+ is outside a d6"),
        ("0", "0+ is outside a d6"),
        ("4, 4", "4+ is listed twice"),
        ("-1", "'-1' is not a whole number"),
        ("__import__('os')", "is not a whole number"),
        ("1,2,3,4,5,6,1", "1+ is listed twice"),
        ("9" * 80, "too long"),
    ],
)
def test_dice_bad_thresholds_explain_and_keep_the_last_good_chart(text: str, message: str) -> None:
    calc = DiceCalculator(n=3, thresholds="4")
    fig, headline, table = calc.figure, calc.headline.value, calc.table_html.value
    calc.thresholds.value = text
    assert calc.status.level == "error"
    assert message in calc.status.message
    assert calc.figure is fig and calc.headline.value == headline and calc.table_html.value == table
    calc.thresholds.value = "4"  # usable again
    assert calc.status.level == "ok"


def test_dice_threshold_outside_a_smaller_die_and_recovery() -> None:
    calc = DiceCalculator(thresholds="5, 6")
    calc.sides.value = 4
    assert calc.status.level == "error" and "from 1 to 4" in calc.status.message
    calc.thresholds.value = "3+ 4+"
    assert calc.status.level == "ok"
    assert calc.headline_text.startswith("P(at least 1 hit) with 5d4: 3+: ")


def test_dice_inputs_are_clamped() -> None:
    calc = DiceCalculator(n=500, sides=1, thresholds="2", at_least=-3)
    assert (calc.n.value, calc.sides.value, calc.at_least.value) == (60, 2, 0)
    calc.n.value = 99  # BoundedIntText clamps to its max
    assert calc.n.value == 60 and len(bars(calc.figure)[0].x) == 61
    calc.n.value = 0
    calc.at_least.value = 1
    assert calc.status.level == "ok"
    assert calc.headline_text == "P(at least 1 hit) with 0d2, hit on 2+: 0 (0.00%)"


def test_dice_displays_through_its_widget() -> None:
    calc = DiceCalculator()
    bundle = calc._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == calc.widget.model_id
    for css in ("re-dice-n", "re-dice-sides", "re-dice-thresholds"):
        assert any(css in w._dom_classes for w in (calc.n, calc.sides, calc.thresholds))
    assert "re-status" in calc.status.widget._dom_classes and "re-prob" in calc.headline._dom_classes


def test_parse_thresholds() -> None:
    assert parse_thresholds(" 5,3+ ;4 ", 6) == (3, 4, 5)
    assert parse_thresholds("100", 100) == (100,)
    with pytest.raises(ValueError, match="at most 6"):
        parse_thresholds("1 2 3 4 5 6 7", 8)


# --- draw ------------------------------------------------------------------------------------
STAR_REALMS = {"Scout": 8, "Viper": 2}
WARPS_EDGE_DEMO = {"energy 1": 4, "laser 1": 3, "maneuver 1": 3, "signature token": 1}


def test_draw_default_is_the_star_realms_starting_deck() -> None:
    calc = DrawCalculator()
    assert calc.preset.value == "star_realms_start"
    assert calc.population() == STAR_REALMS and calc.success.value == ("Viper",)
    assert calc.headline_text == "P(at least 1 Viper among 5 drawn from 10) = 7/9 (77.78%)"
    d = draw_count(STAR_REALMS, 5, "Viper")
    (bar,) = bars(calc.figure)
    assert list(bar.x) == [0, 1, 2]  # 3+ Vipers is impossible: no empty bars for it
    assert list(bar.y) == floats([d.p(k) for k in range(3)])
    assert list(lines(calc.figure)[0].y) == floats([d.at_least(k) for k in range(3)])
    assert csv_of(calc.csv_link.value).splitlines()[1:] == [
        "0,2/9,0.2222222222,1,1.0000000000",
        "1,5/9,0.5555555556,7/9,0.7777777778",
        "2,2/9,0.2222222222,2/9,0.2222222222",
    ]
    assert calc.extra.children == ()


def test_draw_count_and_target_change_the_answer() -> None:
    calc = DrawCalculator()
    calc.n.value = 3
    assert calc.headline_text.endswith("= 8/15 (53.33%)")
    calc.at_least.value = 2
    assert calc.headline_text == "P(at least 2 Viper among 3 drawn from 10) = 1/15 (6.67%)"
    calc.success.value = ("Scout", "Viper")
    assert calc.headline_text.endswith("= 1 (100.00%)")


def test_draw_more_than_the_bag_is_refused() -> None:
    calc = DrawCalculator()
    fig = calc.figure
    calc.n.value = 11
    assert calc.status.level == "error"
    assert calc.status.message == "Draw: cannot draw 11 from a bag of 10. Allowed: 0 to 10."
    assert calc.figure is fig and calc.headline_text.endswith("7/9 (77.78%)")
    calc.n.value = 10
    assert calc.status.level == "ok" and calc.headline_text.endswith("= 1 (100.00%)")


def test_warps_edge_demo_preset_gives_a_joint_table() -> None:
    calc = DrawCalculator()
    calc.preset.value = "warps_edge_demo"
    assert calc.population() == WARPS_EDGE_DEMO
    assert "Demonstration data" in calc.preset_note.value and "not printed data" in calc.preset_note.value
    assert calc.success.value == ("laser 1", "maneuver 1")
    (box,) = calc.extra.children
    _title, table, _name = calc.result.extra_tables[0]
    joint = draw_joint(WARPS_EDGE_DEMO, 5, "laser 1", "maneuver 1")
    for a, cells in table.rows:
        for b, p in enumerate(cells):
            assert p == joint.p((a, b))
    assert sum(p for _, cells in table.rows for p in cells) == 1
    assert table.rows[1][1][1] == Fraction(15, 77)  # one laser and one maneuver among five
    calc.success.value = ("laser 1",)
    assert calc.extra.children == ()


def test_rows_add_edit_remove_with_buttons() -> None:
    calc = DrawCalculator()
    calc.add_button.click()
    assert len(calc.rows) == 3 and calc.preset.value == "custom"
    assert calc.status.level == "error" and calc.status.message.startswith("Row 3: the kind needs a name")
    calc.rows[2].kind.value = "Explorer"
    calc.rows[2].count.value = 2
    assert calc.status.level == "ok" and calc.population() == {"Scout": 8, "Viper": 2, "Explorer": 2}
    assert "Explorer" in calc.success.options
    assert calc.headline_text.endswith(fmt_prob(draw_count({**STAR_REALMS, "Explorer": 2}, 5, "Viper").at_least(1)))
    calc.rows[0].remove.click()
    assert calc.population() == {"Viper": 2, "Explorer": 2}
    assert calc.status.level == "error" and "cannot draw 5 from a bag of 4" in calc.status.message


def test_duplicate_kinds_and_empty_success_are_explained() -> None:
    calc = DrawCalculator()
    calc.rows[1].kind.value = "scout "
    assert calc.status.level == "error"
    assert calc.status.message == "Row 2: 'scout' is already in row 1. List each kind once (add their counts together)."
    calc.rows[1].kind.value = "Viper"
    calc.success.value = ()
    assert calc.status.level == "error" and "choose which kinds count as a success" in calc.status.message


def test_renaming_a_chosen_kind_keeps_it_chosen() -> None:
    calc = DrawCalculator()
    calc.rows[1].kind.value = "Viper (upgraded)"
    assert calc.success.value == ("Viper (upgraded)",)
    assert calc.headline_text.endswith("7/9 (77.78%)")


def test_empty_bag_is_refused() -> None:
    calc = DrawCalculator()
    for row in calc.rows:
        row.count.value = 0
    assert calc.status.level == "error" and "The bag is empty" in calc.status.message
    assert calc.set_rows([]) is False and "The bag is empty" in calc.status.message


def test_user_text_is_escaped_and_defused() -> None:
    calc = DrawCalculator()
    evil = "<img src=x onerror=alert(1)>"
    calc.set_rows([(evil, 3), ("=HYPERLINK(1)", 2), ("blank", 5)], success=[evil])
    assert calc.status.level == "ok"
    assert "<img" not in calc.headline.value and "&lt;img" in calc.headline.value
    assert "<img" not in calc.figure.layout.title.text and "<img" not in calc.figure.layout.xaxis.title.text
    calc.success.value = (evil, "=HYPERLINK(1)")
    (box,) = calc.extra.children
    assert "<img" not in box.children[0].value and "<img" not in box.children[1].value
    assert "'=HYPERLINK(1)" in csv_of(calc.extra.children[0].children[2].value)


def test_parse_population_refuses_bad_rows() -> None:
    with pytest.raises(ValueError, match=r"Row 1 \('laser'\): the count must be a whole number from 0 to 200, got -1"):
        parse_population([("laser", -1)])
    with pytest.raises(ValueError, match="Row 1: the kind needs a name"):
        parse_population([("  ", 1)])
    with pytest.raises(ValueError, match="at most 40"):
        parse_population([("x" * 41, 1)])
    with pytest.raises(ValueError, match="whole number"):
        parse_population([("laser", "3")])


def test_presets_are_data() -> None:
    presets = {p["id"]: p for p in load_presets()}
    assert dict(presets["star_realms_start"]["kinds"]) == STAR_REALMS and not presets["star_realms_start"]["demo"]
    we = presets["warps_edge_demo"]
    assert we["demo"] and "(demo data)" in we["label"] and sum(c for _, c in we["kinds"]) == 11


# --- pure helpers ------------------------------------------------------------------------------
def test_figure_builder_and_formats() -> None:
    fig = distribution_figure(dice_pool(2, hit_on=4), "t")
    assert floats(fig.data[0].y) == [0.25, 0.5, 0.25] and fig.layout.yaxis2.overlaying == "y"
    assert fmt_percent(Fraction(1, 10**6)) == "<0.01%" and fmt_percent(1 - Fraction(1, 10**6)) == ">99.99%"
    assert fmt_percent(Fraction(0)) == "0.00%" and fmt_percent(Fraction(1)) == "100.00%"
    assert safe_filename("../../etc/passwd") == "etc-passwd.csv"
    assert csv_text(["a"], [["-2"], ["@x"]]).splitlines() == ["a", "-2", "'@x"]
    assert 'download="t.csv"' in download_link_html("a\r\n", "t")


# --- issue 7 §4: clamps are reported, stale outputs are marked, the preset note follows the bag ----
@pytest.mark.parametrize(
    ("field", "typed", "used", "said"),
    [
        ("n", -3, 0, "Dice: -3 is less than 0, so 0 is used."),
        ("n", 200, 60, "Dice: 200 is more than 60, so 60 is used."),
        ("sides", 1, 2, "Sides: 1 is less than 2, so 2 is used."),
        ("at_least", 99, 60, "At least: 99 is more than 60, so 60 is used."),
    ],
)
def test_a_clamped_dice_value_says_so_in_the_status_line(field: str, typed: int, used: int, said: str) -> None:
    calc = DiceCalculator(thresholds="2")
    getattr(calc, field).value = typed
    assert getattr(calc, field).value == used
    assert calc.status.level == "ok" and calc.status.message.startswith(said)
    getattr(calc, field).value = {"n": 1, "sides": 3, "at_least": 1}[field] if used != 1 else 2  # in range
    assert calc.status.level == "ok" and "is used" not in calc.status.message


def test_a_clamped_count_in_the_bag_says_so_in_the_status_line() -> None:
    calc = DrawCalculator()
    calc.rows[0].count.value = 400
    assert calc.rows[0].count.value == 200
    assert calc.status.message.startswith("Row 1 ('Scout') count: 400 is more than 200, so 200 is used.")
    assert calc.population() == {"Scout": 200, "Viper": 2}
    calc.n.value = 500
    assert calc.n.value == 100 and "Draw: 500 is more than 100, so 100 is used." in calc.status.message


def test_the_clamp_note_stays_while_the_field_holds_the_value_it_was_brought_to() -> None:
    """The browser may send the field again after the write-back (seen in Chromium): the redraw keeps
    the explanation; a new value in the field drops it."""
    calc = DrawCalculator()
    calc.rows[0].count.value = 400
    calc.refresh()  # what a second message from the page does
    assert calc.status.message.startswith("Row 1 ('Scout') count: 400 is more than 200, so 200 is used.")
    calc.rows[0].count.value = 7
    assert "more than 200" not in calc.status.message


def test_the_preset_note_goes_away_when_the_bag_is_edited() -> None:
    calc = DrawCalculator()
    assert "Star Realms personal deck" in calc.preset_note.value
    calc.rows[0].count.value = 7
    assert calc.preset.value == "custom" and calc.preset_note.value == ""
    calc.preset.value = "warps_edge_demo"  # choosing a preset again brings its note back
    assert "Demonstration data" in calc.preset_note.value
    calc.add_button.click()
    assert calc.preset_note.value == ""


def test_while_an_input_is_invalid_the_last_good_chart_is_marked_stale() -> None:
    calc = DiceCalculator(n=3, thresholds="4")
    good = calc.headline_text
    assert not calc.stale and "re-stale" not in calc.chart._dom_classes and calc.stale_note.value == ""
    calc.thresholds.value = "9"
    assert calc.stale and calc.status.level == "error"
    for w in (calc.headline, calc.chart, calc.table_html):
        assert "re-stale" in w._dom_classes
    assert "Out of date" in calc.stale_note.value and calc.headline_text == good
    calc.thresholds.value = "5"
    assert not calc.stale and "re-stale" not in calc.chart._dom_classes and calc.stale_note.value == ""
    draw = DrawCalculator()
    draw.n.value = 11
    assert draw.stale and "re-stale" in draw.chart._dom_classes
