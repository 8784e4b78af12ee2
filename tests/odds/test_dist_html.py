"""``Dist._repr_html_``: the table ``print(d)`` shows, as plain HTML a notebook renders.

Issue 19 asks for the probability table as HTML: value, exact probability, percent and a small inline
CSS bar per row as wide as the probability; every value escaped; no widget or plotting library
(``explorer/`` never imports ipywidgets, plotly or IPython: docs/architecture.md).
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import explorer.odds.dist as dist_module
from explorer.odds import Dist, dice_pool

ROW = re.compile(r'<tr><td style="text-align:(left|right)">(.*?)</td><td class="probability" style="text-align:right">'
                 r'(.*?)</td><td style="text-align:right">(.*?)</td><td style="width:8em"><div style="width:(.*?)%;', re.DOTALL)


def rows(d: Dist) -> list[tuple[str, str, str, str, str]]:
    return ROW.findall(d._repr_html_())


def test_each_outcome_is_one_row_with_its_exact_probability_percent_and_bar() -> None:
    d = Dist({1: 1, 2: 1, 3: 2})  # the Dist docstring's table: 1/4 25.00%, 1/4 25.00%, 1/2 50.00%
    assert rows(d) == [("right", "1", "1/4", "25.00%", "25.000"), ("right", "2", "1/4", "25.00%", "25.000"),
                       ("right", "3", "1/2", "50.00%", "50.000")]
    page = d._repr_html_()
    assert page.startswith('<table class="explorer-dist">') and page.endswith("</tbody></table>")
    assert "<th" in page and "probability" in page and "percent" in page


def test_names_are_escaped_so_a_card_name_cannot_inject_markup() -> None:
    d = Dist({'<img src=x onerror="alert(1)">': 1, "Scout & Viper": 2})
    page = d._repr_html_()
    assert "<img" not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page
    assert "Scout &amp; Viper" in page
    assert [r[0] for r in rows(d)] == ["left", "left"]  # names line up on the left, as in print(d)


def test_the_table_shows_what_print_shows() -> None:
    d = dice_pool(3, hit_on=4)  # 3 six-sided dice hitting on 4+: 0..3 hits, 1/8 3/8 3/8 1/8
    printed = [line.split() for line in str(d).splitlines()[1:]]
    assert [p for _, _, p, _, _ in rows(d)] == ["1/8", "3/8", "3/8", "1/8"]
    assert [[o, p, pct] for _, o, p, pct, _ in rows(d)] == printed


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.integers(-20, 20) | st.text(max_size=6), st.integers(0, 40), min_size=1, max_size=12)
       .filter(lambda m: sum(m.values()) > 0))
def test_the_rows_sum_to_one_and_each_bar_is_as_wide_as_its_probability(weights: dict) -> None:
    d = Dist(weights)
    found = rows(d)
    assert len(found) == len(d.outcomes)
    assert sum(Fraction(p) for _, _, p, _, _ in found) == 1
    for (_, _, p, _, width) in found:
        assert abs(float(width) - 100 * float(Fraction(p))) < 0.001  # the bar's width is printed to 3 places


def test_dist_imports_no_widget_notebook_or_plotting_library() -> None:
    tree = ast.parse(Path(dist_module.__file__).read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                 and node.module}
    assert not imported & {"ipywidgets", "plotly", "IPython"}
