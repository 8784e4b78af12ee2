"""The Warp's Edge dashboard in headless Chromium: the setup dealt at once, assign tokens by clicking, undo,
odds chart, buy, next turn; hover words and the legend; a phone-width page without overlapping controls.

Seed 1 (the dashboard's default): the page opens at the skill choice (the setup
is dealt); after keeping a skill, turn 1's pool holds Energy 1, Energy 2,
Demo Kestrel Lance and two Maneuver 1, so a token assignment and a buy are both
possible at once. Screenshots go to ``$WE_SHOTS`` when set (else a temporary folder).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from tests.browser.panel_page import assert_no_error_page, click_and_wait, open_page, overlapping_controls
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/warps_edge.ipynb"
BARS = ".re-odds .js-plotly-plot .trace.bars"
# The two odds charts' data once both are drawn, else null: a chart being replaced is briefly
# missing or empty, and comparing such a moment (or rendered SVG) made this test flaky.
CHART_DATA_JS = """() => {
    const plots = Array.from(document.querySelectorAll('.re-odds .js-plotly-plot'));
    if (plots.length !== 2 || plots.some(el => !el.data || !el.data.length)) return null;
    return JSON.stringify(plots.map(el => el.data.map(t => t.y)));
}"""


def phase(page: Page) -> str:
    return page.locator(".re-phase").inner_text()


def assign(page: Page, token: str, button: str) -> None:
    select = page.locator(".we-token select")
    # the options arrive in their own widget message: wait for the token before reading them
    spaced = re.escape(token).replace("\\ ", "\\s")  # a no-break space in a label is whitespace too
    expect(select.locator("option", has_text=re.compile(rf"^{spaced}(\s×\d+)?$"))).to_have_count(1)
    labels = select.locator("option").all_inner_texts()
    # ipywidgets shows spaces in option labels as no-break spaces
    index = next((i for i, t in enumerate(labels)
                  if re.fullmatch(rf"{re.escape(token)}( ×\d+)?", t.replace("\xa0", " ").strip())), None)
    assert index is not None, f"{token} is not offered: {labels}"
    select.select_option(index=index)
    target = page.locator(".we-assign").get_by_role("button", name=button, exact=True)
    expect(target).to_be_visible()
    click_and_wait(page, target)


PHASE_AND_RESOLVE_AGREE_JS = """() => {
    const button = document.querySelector('.we-resolve'), line = document.querySelector('.re-phase');
    return button !== null && line !== null && !button.disabled === line.innerText.includes('Chance');
}"""


def to_next_pilot_step(page: Page, turn: int) -> None:
    """Resolve chance and shield-damage choices by clicking until the Pilot's step 2 of ``turn``.

    Each part of the page (status line, phase line, warp track, buttons) arrives in its own widget
    message, so under load any of them can still show the position before the last click: a phase
    line that still reads "Pilot decides" from the turn just ended, or a "Chance" whose Resolve button
    the new position has disabled. Act only once the parts agree, and read everything again otherwise.
    """
    remove = page.locator(".re-actions").get_by_role("button", name=re.compile("^remove "))
    for _ in range(200):
        text = phase(page)
        if "step 2: pilot actions · Pilot decides" in text:
            if f"turn {turn}" in page.locator(".we-warp").inner_text():
                return
            page.wait_for_timeout(250)  # the phase line of the turn just ended: wait for the new turn
        elif "Chance" in text:
            page.wait_for_function(PHASE_AND_RESOLVE_AGREE_JS, timeout=30_000)
            if page.locator(".we-resolve").is_enabled():
                click_and_wait(page, page.locator(".we-resolve"))
        elif "remove a token" in text:
            if remove.count():
                click_and_wait(page, remove.first)
            else:
                page.wait_for_timeout(250)  # the buttons of this choice have not arrived yet
        else:
            raise AssertionError(f"unexpected phase {text!r}")
    raise AssertionError(f"did not reach step 2 of turn {turn}: {phase(page)!r}, {page.locator('.we-warp').inner_text()!r}")


def chart_data(page: Page) -> str | None:
    return page.evaluate(CHART_DATA_JS)


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("WE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# Boxes that clip their content on the right (a board or legend wider than its column was cut off this way).
CLIPPED_JS = """() => Array.from(document.querySelectorAll('.re-match *'))
    .filter(el => !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && el.clientWidth > 0
            && el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== 'visible')
    .map(el => el.className.toString().slice(0, 80) + ': ' + el.scrollWidth + ' > ' + el.clientWidth)"""


def test_play_by_clicking_undo_odds_chart_and_buy(page: Page, voila_url: str, tmp_path) -> None:
    open_page(page, voila_url + DASHBOARD, ".we-resolve")
    expect(page.locator(".we-banner")).to_contain_text("Demonstration data set — invented by this project")
    # the setup is dealt at once: the page opens at the first decision
    expect(page.locator(".re-phase")).to_contain_text("setup: keep a skill card")
    expect(page.locator(".re-status")).to_contain_text("setup dealt from seed 1")

    # keeping the skill deals the rest of the setup: straight to step 2
    click_and_wait(page, page.get_by_role("button", name="keep Demo Field Promotion"))
    expect(page.locator(".re-phase")).to_contain_text("step 2: pilot actions")
    expect(page.locator(".we-enemy-row .we-card")).to_have_count(4)
    # each move is offered once: the token → target control, not the generic list too
    expect(page.locator(".re-action-buttons")).to_be_hidden()
    expect(page.locator(".re-typed input")).to_be_visible()

    # hover words come from the data (Demo Flit: hull 3, speed 1, destroy reward energy-2)
    flit = page.locator('.we-card[data-slot="1"]')
    expect(flit).to_have_attribute("title", re.compile(r"destroyed by lasers totalling 3 .*destroy reward: gain Energy 2"))
    expect(page.locator('.we-chip[data-token="maneuver-1"]').first).to_have_attribute("title", re.compile("^Maneuver 1 · "))
    legend = page.locator(".we-legend")
    expect(legend.locator(".we-legend-table").first).to_be_hidden()  # closed until opened
    legend.locator("summary").click()
    expect(legend).to_contain_text("demonstration data set — invented by this project")
    expect(legend.locator("tr[data-legend-enemy]")).to_have_count(27)

    # a token assignment: a maneuver evades Demo Flit (speed 1) in slot 1
    assign(page, "Maneuver 1", "slot 1 · Demo Flit")
    expect(page.locator(".re-status")).to_contain_text("maneuvers at slot 1")
    expect(page.locator('.we-card[data-slot="1"]')).to_contain_text("empty")

    # undo once: Demo Flit is back
    click_and_wait(page, page.locator(".re-undo"))
    expect(page.locator(".re-status")).to_contain_text("Undone")
    expect(page.locator('.we-card[data-slot="1"]')).to_contain_text("Demo Flit")

    # the Odds tab draws its charts from the live state
    page.get_by_role("tab", name="Odds").click()
    page.wait_for_selector(BARS, timeout=60_000)
    expect(page.locator(".re-odds .js-plotly-plot")).to_have_count(2)
    expect(page.locator(".we-key-odds")).to_contain_text("stun every enemy")
    page.wait_for_function(f"() => ({CHART_DATA_JS})() !== null")
    before = chart_data(page)
    page.get_by_role("tab", name="Play").click()

    # buy a token: spend Energy 2, then buy Laser 1 into the bag (buttons and log name tokens, not ids)
    assign(page, "Energy 2", "spend Energy 2 on buying")
    expect(page.locator(".we-ship-panel")).to_contain_text("buying credit 2")
    click_and_wait(page, page.locator(".we-general").get_by_role("button", name="buy Laser 1", exact=True))
    expect(page.locator(".re-status")).to_contain_text("Pilot buys Laser 1 into the bag")

    page.get_by_role("tab", name="Odds").click()
    page.wait_for_function(f"prev => {{ const now = ({CHART_DATA_JS})(); return now !== null && now !== prev; }}",
                           arg=before, timeout=30_000)
    assert chart_data(page) not in (None, before)
    expect(page.locator(BARS).first).to_be_visible()
    page.get_by_role("tab", name="Play").click()

    # the rest of the turn and the next one, by clicking
    assign(page, "Maneuver 1", "slot 1 · Demo Flit")
    click_and_wait(page, page.locator(".we-general").get_by_role("button", name="end actions", exact=True))
    to_next_pilot_step(page, turn=2)
    expect(page.locator(".we-warp")).to_contain_text("turn 2")
    expect(page.locator(".we-token select option").first).to_be_attached()
    target = page.locator(".we-targets button, .we-token-uses button").first
    click_and_wait(page, target)
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    assert_no_error_page(page)

    expect(legend.locator(".we-legend-table").first).to_be_visible()  # moves did not close the open legend

    folder = shots(tmp_path)
    page.set_viewport_size({"width": 1280, "height": 2200})
    page.screenshot(path=str(folder / "warps-edge-play.png"), full_page=True)
    page.get_by_role("tab", name="Odds").click()
    page.wait_for_selector(BARS, timeout=60_000)
    page.screenshot(path=str(folder / "warps-edge-odds.png"), full_page=True)
    assert_no_error_page(page)


def test_phone_width_controls_wrap_and_do_not_overlap(page: Page, voila_url: str, tmp_path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, voila_url + DASHBOARD, ".we-resolve")
    expect(page.locator(".re-phase")).to_contain_text("setup: keep a skill card")
    click_and_wait(page, page.get_by_role("button", name="keep Demo Field Promotion"))
    expect(page.locator(".re-phase")).to_contain_text("step 2: pilot actions")
    expect(page.locator(".we-targets button").first).to_be_visible()
    assert overlapping_controls(page) == []
    page.locator(".we-legend summary").click()
    expect(page.locator(".we-legend .we-legend-table").first).to_be_visible()
    assert overlapping_controls(page) == []
    assert page.evaluate(CLIPPED_JS) == []
    width = page.evaluate("() => document.querySelector('.re-match').scrollWidth")
    assert width <= 390, f"the panel is {width} px wide at a 390 px viewport"
    for css in (".re-step", ".re-auto", ".re-undo", ".re-redo", ".we-resolve"):  # whole words, not "U"/"R"
        cut = page.evaluate("s => { const b = document.querySelector(s); return b.scrollWidth > b.clientWidth + 1; }", css)
        assert not cut, f"{css} is cut short at 390 px"
    page.set_viewport_size({"width": 390, "height": 3400})  # Voilà scrolls inside the page: a tall view shows it all
    page.screenshot(path=str(shots(tmp_path) / "warps-edge-phone.png"), full_page=True)
    assert_no_error_page(page)
