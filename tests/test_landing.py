"""The landing page: a card per dashboard this installation has, each with a link and a picture.

Issue "Your own table" §3: the Voilà root shows a dashboard index, not a bare file list.
"""

from __future__ import annotations

import json
from pathlib import Path

from widgets.common.landing import DASHBOARDS, available, index_html

ROOT = Path(__file__).resolve().parents[1]


def test_every_card_links_to_a_dashboard_notebook_that_exists() -> None:
    for dashboard in available():
        assert (ROOT / "notebooks" / "dashboards" / dashboard.notebook).exists(), dashboard.notebook


def test_every_dashboard_notebook_has_a_card() -> None:
    served = {p.name for p in (ROOT / "notebooks" / "dashboards").glob("*.ipynb")} - {"index.ipynb"}
    assert served <= {d.notebook for d in DASHBOARDS}


def test_the_index_shows_title_sentence_and_cards_with_no_outside_asset() -> None:
    page = index_html()
    assert page.count('class="re-card"') == len(available())
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in page


def test_the_index_dashboard_is_thin() -> None:
    nb = json.loads((ROOT / "notebooks" / "dashboards" / "index.ipynb").read_text())
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert code == ["from widgets.common.landing import dashboard_index\n\ndashboard_index()"]
    assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")
