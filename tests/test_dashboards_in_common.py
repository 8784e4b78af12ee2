"""What every game's dashboard does alike, checked on the notebooks Voilà serves, without a browser.

A dashboard is a thin notebook whose last line builds the game's panel; Voilà hands the page's
query to the kernel as ``QUERY_STRING``. These tests run each dashboard's code the same way.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DASHBOARDS = ROOT / "notebooks" / "dashboards"
GAME_DASHBOARDS = ("endor", "fleet_command", "pinned_down", "star_realms", "warps_edge")


def open_dashboard(name: str, monkeypatch: pytest.MonkeyPatch, query: str) -> Any:
    """Run ``notebooks/dashboards/<name>.ipynb`` as Voilà does for the page ``<name>.ipynb?<query>``; the panel."""
    monkeypatch.setenv("QUERY_STRING", query)
    cells = json.loads((DASHBOARDS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    tree = ast.parse(code)
    last = tree.body.pop()
    assert isinstance(last, ast.Expr), f"{name}: the dashboard's last line should build its panel"
    scope: dict[str, Any] = {}
    exec(compile(tree, f"{name}.ipynb", "exec"), scope)  # noqa: S102 - our own notebook's code
    return eval(compile(ast.Expression(last.value), f"{name}.ipynb", "eval"), scope)  # noqa: S307 - our own notebook's last expression, in a scope we built


@pytest.mark.parametrize("name", GAME_DASHBOARDS)
def test_a_dashboard_opened_with_a_seed_in_its_link_plays_and_shows_that_seed(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A tester opened star_realms.ipynb?seed=4 and the Seed box read 12 (the dashboard's default)
    panel = open_dashboard(name, monkeypatch, "seed=4")
    assert (panel.match.seed, panel.seed_input.value) == (4, 4)
    assert panel.status.message.startswith("New game from the link's seed 4.")


@pytest.mark.parametrize("name", GAME_DASHBOARDS)
def test_a_dashboard_says_why_it_refuses_the_seed_in_its_link(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    panel = open_dashboard(name, monkeypatch, "seed=four")
    default = open_dashboard(name, monkeypatch, "").match.seed
    assert (panel.match.seed, panel.seed_input.value) == (default, default)
    assert panel.status.message.startswith(
        "The link could not be opened: link: seed must be a whole number from 0 to 2**63 - 1 written with the "
        "digits 0-9, got 'four' — the default game is shown instead.")


@pytest.mark.parametrize("name", GAME_DASHBOARDS)
def test_a_dashboard_opened_with_the_largest_seed_shows_it_exactly_in_the_seed_box(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 2**63 - 1, the largest seed a match takes; a number box reached the page as a JavaScript
    # double (9223372036854775808), so the link was refused past 2**53 - 1. The box sends text now.
    panel = open_dashboard(name, monkeypatch, "seed=9223372036854775807")
    assert panel.status.message.startswith("New game from the link's seed 9223372036854775807.")
    page_sees = json.loads(json.dumps(panel.seed_input.get_state()["value"]), parse_int=float)
    assert (panel.match.seed, page_sees) == (2**63 - 1, "9223372036854775807")


def test_no_panel_text_needs_an_emoji_font() -> None:
    # A tester saw a box (tofu) beside "Trading Post": the shield emoji U+1F6E1. Characters past U+FFFF
    # (emoji, pictographs) need an emoji font, which many systems lack (Debian's Chromium here has none).
    # What a panel draws comes from the widgets' code, the games' data and the dashboards.
    files = [*(ROOT / "widgets").rglob("*.py"), *(ROOT / "explorer" / "games").rglob("data/*"),
             *DASHBOARDS.glob("*.ipynb")]
    found = [f"{path.relative_to(ROOT)}: U+{ord(ch):X} {ch}" for path in files if path.is_file()
             for ch in sorted(set(path.read_text(encoding="utf-8"))) if ord(ch) > 0xFFFF]
    assert len(files) > 40 and found == []
