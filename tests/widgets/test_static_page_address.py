"""Share links on the static site (issue 34, part 3): the page tells its kernel its own address.

A Voici page's kernel runs in a web worker and cannot read the page's address, and Voici hands it
no ``QUERY_STRING``. The Copy-link widget's page code therefore sends the page's query with its
first message ("shown"); the panel opens it then, as Voilà's panel opens its link at start
(widgets/common/page_link.py, widgets/common/match_panel.py).

No kernel here: messages from the page go in through the widget's comm, as in
``test_page_link_recovers.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

import explorer
from explorer.core.share import match_query
from widgets.common.landing import index_html, page_href
from widgets.common.page_link import PageLink, ShareLink
from widgets.star_realms.panel import StarRealmsPanel
from widgets.warps_edge.panel import WarpsEdgePanel


def from_page(link: PageLink, content: Any) -> None:
    """A custom message the page's code sends with ``model.send(content)``, delivered as the kernel's comm does."""
    link.comm.handle_msg({"content": {"comm_id": link.comm.comm_id,
                                      "data": {"method": "custom", "content": content}}, "buffers": []})


@pytest.fixture(autouse=True)
def _no_voila_query(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a static page: no ``QUERY_STRING`` in the kernel's environment."""
    monkeypatch.delenv("QUERY_STRING", raising=False)


def test_the_page_query_is_handed_on_once_without_its_question_mark() -> None:
    share, heard = ShareLink(), []
    share.on_address = heard.append
    from_page(share.link, {"event": "shown", "search": "?seed=4"})
    from_page(share.link, {"event": "shown", "search": "?seed=5"})  # another view of the same page
    assert heard == ["seed=4"]


def test_a_page_without_a_query_hands_on_nothing_and_later_reports_change_nothing() -> None:
    share, heard = ShareLink(), []
    share.on_address = heard.append
    from_page(share.link, {"event": "shown", "search": ""})
    from_page(share.link, {"event": "shown", "search": "?seed=5"})
    assert heard == [] and share.address_heard


def test_a_report_that_is_not_text_is_no_address() -> None:
    share, heard = ShareLink(), []
    share.on_address = heard.append
    from_page(share.link, {"event": "shown", "search": ["seed=4"]})
    assert heard == []


def test_a_seed_link_on_a_static_page_opens_that_seed_and_deals_its_setup() -> None:
    panel = WarpsEdgePanel()
    from_page(panel.page_link.link, {"event": "shown", "search": "?seed=4"})
    assert panel.match.seed == 4
    assert not WarpsEdgePanel.in_setup(panel.state) or not panel.state.is_chance()
    assert panel.status.message.startswith("New game from the link's seed 4. Then setup dealt from seed 4")


def test_a_match_link_on_a_static_page_opens_the_same_match_at_the_same_move() -> None:
    game = explorer.load_game("star_realms")
    shared = explorer.Match(game.initial_state(), seed=9)
    shared.play("random", max_steps=30)
    panel = StarRealmsPanel()
    from_page(panel.page_link.link, {"event": "shown", "search": "?" + match_query(shared)})
    assert panel.match.seed == 9 and panel.match.cursor == shared.cursor
    assert panel.state == shared.state
    assert panel.status.message.startswith("Opened the match from the link")


def test_a_refused_link_on_a_static_page_says_why_and_keeps_the_default_game() -> None:
    panel = StarRealmsPanel()
    before = panel.state
    from_page(panel.page_link.link, {"event": "shown", "search": "?seed=four"})
    assert panel.state == before
    assert panel.status.level == "error" and "seed" in panel.status.message


def test_a_link_that_arrives_after_the_game_moved_is_not_opened() -> None:
    panel = StarRealmsPanel()
    panel.step()
    moved = panel.state
    from_page(panel.page_link.link, {"event": "shown", "search": "?seed=4"})
    assert panel.state == moved and panel.match.seed != 4
    assert panel.status.message == ("The page's link was not opened: the game on screen had moved before the "
                                    "link arrived.")


def test_a_served_page_opens_its_link_at_start_and_never_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=4")
    panel = StarRealmsPanel()
    assert panel.match.seed == 4 and panel.page_link.on_address is None
    panel.step()
    moved = panel.state
    from_page(panel.page_link.link, {"event": "shown", "search": "?seed=4"})
    assert panel.state == moved


def test_a_panel_told_to_read_no_link_ignores_the_page_address() -> None:
    panel = StarRealmsPanel(link=False)  # the simulation lab's replay: the page's link is the lab's own
    before = panel.match.seed
    from_page(panel.page_link.link, {"event": "shown", "search": "?seed=4"})
    assert panel.match.seed == before


def test_the_landing_page_links_the_static_pages_on_the_static_site() -> None:
    static, served = index_html(static=True), index_html(static=False)
    assert 'href="star_realms.html"' in static and ".ipynb" not in static
    assert 'href="star_realms.ipynb"' in served
    assert page_href("simulation.ipynb", static=True) == "simulation.html"
