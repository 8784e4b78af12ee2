"""The Copy-link widget recovers when anywidget gives up on it (task s9_copy_link, widgets/common/page_link.py).

anywidget 0.11's page gives a model 2 s to load its code (``AbortSignal.timeout(2000)`` in
``.venv/share/jupyter/labextensions/anywidget/static/528.d9f5934c.js``, "Failed to initialize
model."); after that every kernel->page message to the model is dropped, though its view still
renders and still sends. The page's code says "shown"; the kernel answers "ack"; a page that heard
no ack in 4 s says "stale", and the panel's link is swapped for a fresh model with the same values.

No kernel here: a widget built in plain pytest has a ``DummyComm``. Messages from the page go in
through the comm's own ``handle_msg`` (what the kernel's comm manager calls), and what the kernel
would put on the wire is read from the comm's ``publish_msg``.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from widgets.common.match_panel import MatchPanel
from widgets.common.page_link import MAX_REPLACEMENTS, PageLink, ShareLink


class Wire:
    """Everything a PageLink's comm publishes to the page, as (message type, data) pairs."""

    def __init__(self, link: PageLink) -> None:
        self.sent: list[tuple[str, Any]] = []

        def publish(msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **_: Any) -> None:
            self.sent.append((msg_type, data))

        link.comm.publish_msg = publish  # type: ignore[method-assign]

    def custom(self) -> list[Any]:
        """The custom messages (``Widget.send``) sent to the page."""
        return [data["content"] for kind, data in self.sent if kind == "comm_msg" and data["method"] == "custom"]

    def updates(self) -> list[dict]:
        """The state updates (trait changes) sent to the page."""
        return [data["state"] for kind, data in self.sent if kind == "comm_msg" and data["method"] == "update"]

    def closed(self) -> bool:
        return any(kind == "comm_close" for kind, _ in self.sent)


def from_page(link: PageLink, content: Any) -> None:
    """A custom message the page's code sends with ``model.send(content)``, delivered as the kernel's comm does."""
    link.comm.handle_msg({"content": {"comm_id": link.comm.comm_id,
                                      "data": {"method": "custom", "content": content}}, "buffers": []})


def _share(query: str = "game=star_realms&match=abc", note: str = "a note") -> ShareLink:
    share = ShareLink()
    share.query, share.note = query, note
    share.keep_address, share.page = False, "star_realms.ipynb"  # as the simulation lab's replay sets them
    return share


def test_every_shown_gets_an_ack() -> None:
    # The fix, step 2: "the link acks every 'shown'" - one per view of the model (two views, two acks).
    share = _share()
    wire = Wire(share.link)
    from_page(share.link, {"event": "shown"})
    from_page(share.link, {"event": "shown"})
    assert wire.custom() == [{"event": "ack"}, {"event": "ack"}]


def test_a_bare_page_link_acks_too() -> None:
    # A PageLink shown on its own (not in a ShareLink) still proves to its page that messages arrive.
    link = PageLink()
    wire = Wire(link)
    from_page(link, {"event": "shown"})
    assert wire.custom() == [{"event": "ack"}]


def test_stale_swaps_in_a_new_model_with_the_same_four_values() -> None:
    share = _share()
    old = share.link
    old_wire = Wire(old)
    from_page(old, {"event": "stale"})
    new = share.link
    assert new is not old and isinstance(new, PageLink)
    assert share.widget.children == (new,)  # the panel's box now shows the new model
    assert (new.query, new.note, new.keep_address, new.page) == (
        "game=star_realms&match=abc", "a note", False, "star_realms.ipynb")
    assert old_wire.closed() and old.comm is None  # the deaf model is closed: its views leave the page
    assert share.replacements == 1


def test_later_query_sets_reach_the_new_model() -> None:
    share = _share()
    from_page(share.link, {"event": "stale"})
    wire = Wire(share.link)
    share.query = "game=star_realms&match=def"
    share.note = ""
    assert share.link.query == "game=star_realms&match=def" and share.query == share.link.query
    assert {"query": "game=star_realms&match=def"} in wire.updates() and {"note": ""} in wire.updates()
    from_page(share.link, {"event": "shown"})  # the new model acks its own views
    assert wire.custom() == [{"event": "ack"}]


def test_two_views_calling_one_link_stale_make_one_new_link() -> None:
    # Several views of one model each time out and each say "stale": the link is replaced once.
    share = _share()
    old = share.link
    old_comm = old.comm
    from_page(old, {"event": "stale"})
    new = share.link
    # the second view's "stale" reaches the old model's (now closed) comm after the swap
    old_comm.handle_msg({"content": {"comm_id": old_comm.comm_id,
                                     "data": {"method": "custom", "content": {"event": "stale"}}}, "buffers": []})
    assert share.link is new and share.widget.children == (new,) and share.replacements == 1


def test_replacements_stop_at_the_bound() -> None:
    # A kernel too busy to ack within 4 s gets every new link called stale; the bound stops the loop.
    share = _share()
    for _ in range(MAX_REPLACEMENTS):
        from_page(share.link, {"event": "stale"})
    assert share.replacements == MAX_REPLACEMENTS == 3
    last = share.link
    from_page(last, {"event": "stale"})
    assert share.link is last and share.widget.children == (last,) and last.comm is not None
    assert share.replacements_left() == 0


@pytest.mark.parametrize("junk", [["stale"], "stale", 7, None, {}, {"event": 3}, {"event": "ack"},
                                  {"event": "reload"}, {"kind": "anywidget-command", "name": "x"}])
def test_junk_from_the_page_is_ignored(junk: Any, caplog: pytest.LogCaptureFixture) -> None:
    share = _share()
    link = share.link
    wire = Wire(link)
    with caplog.at_level(logging.DEBUG):
        from_page(link, junk)
    assert share.link is link and share.replacements == 0 and wire.sent == []
    assert not [r for r in caplog.records if "Exception in widget method" in r.getMessage()]


def test_the_match_panel_places_its_link_box_and_keeps_it_in_step_after_a_swap() -> None:
    # widgets/common/match_panel.py: the panel's VBox holds the ShareLink's box; _draw_link sets the query
    # on whichever model is current.
    panel = MatchPanel("warps_edge", seed=3, link=False)
    assert panel.page_link.widget in panel.widget.children
    before = panel.page_link.query
    assert before == panel.share_query()
    from_page(panel.page_link.link, {"event": "stale"})
    panel.step()
    assert panel.page_link.query != before and panel.page_link.link.query == panel.share_query()
