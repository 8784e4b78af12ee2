"""Your own table through the form alone, in a real browser (issue 18 §3, "Done when").

No TOML is typed: a Star Realms mid-turn position with two bases (one primary used), a ship in play
and 3 Trade already made, which the Odds tab's buy comparison then answers about; a Warp's Edge
position with its face-down enemy decks given as counts and a used skill; an Endor position with
three cards moved to the discard pile. Each opens again from its share link. Screenshots at 1280
and 390 px; at 390 px no two controls of the editor overlap (checked by element boxes).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page
from playwright.sync_api import Page, expect

from widgets.common.charts import fmt_prob
from widgets.common.editor_form import css_name

pytestmark = pytest.mark.browser


def open_dashboard(page: Page, url: str) -> None:
    open_page(page, url, ".re-match .re-phase")


def open_setup(page: Page) -> None:
    page.get_by_role("tab", name="Set up position").click()
    expect(page.locator(".re-editor-verdict")).to_contain_text("A position the rules can reach")


def field(page: Page, label: str):
    """The input of the field the form labels ``label`` (every field carries a class made from its label)."""
    return page.locator(f".{css_name(label)} input").first


def type_into(page: Page, label: str, value: str) -> None:
    box = field(page, label)
    box.fill(value)
    box.press("Tab")  # number boxes send their value when left


def add_entry(page: Page, label: str, name: str) -> None:
    adder = page.locator("." + css_name(label).replace("re-f-", "re-add-", 1))
    adder.locator("input").fill(name)
    adder.get_by_role("button").click()


def link_of(page: Page, before: str = "") -> str:
    """The page's share link once it differs from ``before`` (the link follows the match in a message of its own)."""
    page.wait_for_function("prev => { const f = document.querySelector('.re-share-url'); "
                           "return f && f.value.includes('?game=') && f.value !== prev; }", arg=before)
    return page.locator(".re-share-url").input_value()


def use_position(page: Page) -> str:
    """Click "Use this position" once; returns the share link of the match it starts."""
    before = link_of(page)
    click_and_wait(page, page.get_by_role("button", name="Use this position"))
    expect(page.locator(".re-status")).to_contain_text("Position set up")
    return link_of(page, before)


def overlaps(boxes: list[dict]) -> list[tuple[int, int]]:
    found = []
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[i + 1:], start=i + 1):
            if a["x"] < b["x"] + b["width"] - 1 and b["x"] < a["x"] + a["width"] - 1 and \
                    a["y"] < b["y"] + b["height"] - 1 and b["y"] < a["y"] + a["height"] - 1:
                found.append((i, j))
    return found


def editor_at_both_widths(page: Page, tmp_path, name: str) -> None:
    """Screenshots of the editor at 1280 and 390 px; at 390 px its controls stay on screen and never overlap."""
    page.screenshot(path=str(tmp_path / f"{name}-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 1600})
    page.wait_for_timeout(500)
    controls = page.locator(".re-editor button:visible, .re-editor select:visible, "
                            ".re-editor input:not([type=checkbox]):visible")
    boxes = [b for b in (controls.nth(i).bounding_box() for i in range(controls.count())) if b and b["width"]]
    page.screenshot(path=str(tmp_path / f"{name}-390.png"), full_page=True)
    page.locator(".re-move").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"{name}-390-move.png"))
    assert len(boxes) > 10
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 + 1 for b in boxes), "a control runs off the screen"
    assert overlaps(boxes) == []
    assert [b for b in boxes if b["width"] < 40] == [], "a control shrank to a sliver"
    page.set_viewport_size({"width": 1280, "height": 1000})


def reopen_from_link(shared: str, browser, phase: str, shows: str, label: str, value: str | re.Pattern) -> None:
    """A fresh page opened on the share link shows the same position, and its editor the same field value."""
    other = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    try:
        open_dashboard(other, shared)
        expect(other.locator(".re-status")).to_contain_text("Opened the match from the link")
        expect(other.locator(".re-phase")).to_contain_text(phase)
        expect(other.locator(".re-position-view")).to_contain_text(shows)
        open_setup(other)
        expect(field(other, label)).to_have_value(value)
        assert_no_error_page(other)
    finally:
        other.context.close()


def test_a_star_realms_turn_under_way_through_the_form(page: Page, voila_url: str, browser, tmp_path) -> None:
    # seed 12: main phase of turn 1, player 1 holds 3 Scouts (widgets/star_realms/panel.py DEFAULT_SEED)
    open_dashboard(page, voila_url + "/voila/render/star_realms.ipynb")
    open_setup(page)
    type_into(page, "Player 1 › hand", "Scout x2")  # the third Scout is in play
    add_entry(page, "Player 1 › bases", "Blob Wheel")
    expect(field(page, "Player 1 › base 1 › name")).to_have_value("Blob Wheel")
    add_entry(page, "Player 1 › bases", "Trading Post")
    expect(field(page, "Player 1 › base 2 › name")).to_have_value("Trading Post")
    field(page, "Player 1 › base 1 › primary used this turn").check()
    add_entry(page, "Player 1 › ships", "Scout")
    expect(field(page, "Player 1 › ship 1 › name")).to_have_value("Scout")  # the form is rebuilt with it
    type_into(page, "Player 1 › Trade gained this turn", "3")
    expect(page.locator(".re-position-text textarea")).to_have_value(re.compile(r"trade = 3"))
    expect(page.locator(".re-editor-verdict")).to_contain_text("✓ A position the rules can reach: main phase "
                                                               "(player 1, turn 1)")
    editor_at_both_widths(page, tmp_path, "sr-editor")
    shared = use_position(page)
    expect(page.locator(".re-position-view")).to_contain_text("Blob Wheel")

    page.get_by_role("tab", name="Odds").click()
    expect(page.locator(".sr-buys")).to_contain_text("Player 1 can afford", timeout=90_000)
    expect(page.locator(".sr-buys")).to_contain_text("Explorer")  # 2 Trade buys an Explorer; 0 Trade would not
    expect(page.locator(".sr-buy-table")).to_be_visible()
    page.screenshot(path=str(tmp_path / "sr-odds-1280.png"), full_page=True)
    reopen_from_link(shared, browser, "main phase (player 1, turn 1)", "Trading Post",
                     "Player 1 › Trade gained this turn", "3")


def test_a_warps_edge_position_with_face_down_decks_as_counts(page: Page, voila_url: str, browser,
                                                              tmp_path) -> None:
    import explorer

    data = explorer.load_game("warps_edge").data
    open_dashboard(page, voila_url + "/voila/render/warps_edge.ipynb")
    page.get_by_label("N", exact=True).fill("12")
    click_and_wait(page, page.get_by_role("button", name="Auto", exact=True))
    expect(page.locator(".re-phase")).to_contain_text("step 2")
    open_setup(page)
    # the box names the cards set aside at setup, which a pilot never sees: each layer's face-down pile is
    # then fewer cards than its level's unseen ones (Demo Hive Carrier deals 6, 5, 4 of 9 per level)
    aside = [p.split(" x")[0] for p in field(page, "enemy cards in the box").input_value().split(", ") if p]
    counts, unseen = {}, {}
    for level, colour in enumerate(("yellow", "orange", "red"), start=1):
        names = field(page, f"enemy deck › {colour}").input_value()
        counts[colour] = count = sum(int(p.split(" x")[1]) if " x" in p else 1 for p in names.split(", ") if p)
        unseen[colour] = count + sum(1 for n in aside if data.enemy(n).level == level)
        assert 0 < count < unseen[colour]
        type_into(page, f"enemy deck › {colour}", str(count))  # what the pilot sees: a face-down pile of N
    type_into(page, "enemy cards in the box", "")
    field(page, "skill card 1 › used (exhausted)").check()
    expect(page.locator(".re-editor-verdict")).to_contain_text(
        f"derived: yellow enemy deck: {counts['yellow']} face-down cards dealt at random from the "
        f"{unseen['yellow']} level-1 cards seen in no other zone")
    expect(page.locator(".re-editor-verdict")).to_contain_text("✓ A position the rules can reach")
    expect(page.locator(".re-position-text textarea")).to_have_value(re.compile(r"exhausted = true"))
    expect(page.locator(".re-position-text textarea")).to_have_value(re.compile(r"red = %d" % counts["red"]))
    editor_at_both_widths(page, tmp_path, "we-editor")
    shared = use_position(page)
    # the Odds tab answers about the dealt layers (the next refill is a share of each level's unseen cards)
    page.get_by_role("tab", name="Odds").click()
    expect(page.locator(".we-key-odds")).to_contain_text("Expected shield damage at the next attack step",
                                                          timeout=90_000)
    expect(page.locator(".re-odds .js-plotly-plot")).to_have_count(2)
    # the next enemy comes from the yellow pile: each of the level's unseen cards alike
    expect(page.locator(".we-next-enemy")).to_contain_text(fmt_prob(Fraction(1, unseen["yellow"])))
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    page.screenshot(path=str(tmp_path / "we-odds-1280.png"), full_page=True)
    assert_no_error_page(page)
    # the link holds the position the rules read: the red layer is still a face-down count
    reopen_from_link(shared, browser, "step 2", "exhausted", "enemy deck › red", str(counts["red"]))


def test_an_endor_position_with_three_cards_moved_to_the_discard(page: Page, voila_url: str, browser,
                                                                 tmp_path) -> None:
    open_dashboard(page, voila_url + "/voila/render/endor.ipynb")
    click_and_wait(page, page.get_by_role("button", name="Step", exact=True))  # the Rebels draw a first card
    open_setup(page)
    expect(field(page, "seat 1 › hand")).to_have_value("Vader Redeemed / Shield Assault")  # seed 1's first draw
    move = page.locator(".re-move")
    move.get_by_label("move").fill("3")
    move.locator("input[list]").fill("Y-wing / Luke Skywalker")
    move.get_by_label("from").select_option("side 1 › deck")
    move.get_by_label("to").select_option("side 1 › discard")
    move.get_by_role("button", name="Move").click()
    expect(move).to_contain_text("Moved 3 Y-wing / Luke Skywalker from side 1 › deck to side 1 › discard.")
    expect(field(page, "side 1 › discard")).to_have_value("Y-wing / Luke Skywalker x3")
    expect(page.locator(".re-editor-verdict")).to_contain_text("✓ A position the rules can reach")
    editor_at_both_widths(page, tmp_path, "endor-editor")
    shared = use_position(page)
    reopen_from_link(shared, browser, "Rebels draw their starting hand", "Rebels", "side 1 › discard",
                     "Y-wing / Luke Skywalker x3")
