"""The calculators dashboard in headless Chromium: it draws, redraws, refuses bad input, survives a reload."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.browser.panel_page import open_page
from playwright.sync_api import Page, expect

from explorer.odds import dice_pool, draw_count

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/calculators.ipynb"
DICE_BARS = ".re-dice .js-plotly-plot .trace.bars"


def exact(p: Fraction) -> str:
    """The headline's form, written independently of the widgets' formatter."""
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.2f}%)"


def open_dashboard(page: Page, url: str) -> None:
    open_page(page, url + DASHBOARD, DICE_BARS)


def set_field(page: Page, selector: str, value: str) -> None:
    box = page.locator(selector)
    box.fill(value)
    box.press("Enter")


def assert_no_error_page(page: Page) -> None:
    assert "There was an error" not in page.content()


def test_dice_panel_redraws_refuses_bad_input_and_survives_reload(page: Page, voila_url: str, tmp_path) -> None:
    open_dashboard(page, voila_url)
    # default: 5 dice read at 3+, 4+ and 5+ -> three bar traces of 6 bars
    expect(page.locator(DICE_BARS)).to_have_count(3)
    expect(page.locator(DICE_BARS).first.locator(".point")).to_have_count(6)

    set_field(page, ".re-dice-thresholds input", "6")
    expect(page.locator(DICE_BARS)).to_have_count(1)
    set_field(page, ".re-dice-n input", "4")
    expect(page.locator(DICE_BARS + " .point")).to_have_count(5)
    headline = page.locator(".re-dice .re-prob")
    expect(headline).to_contain_text(exact(dice_pool(4, hit_on=6).at_least(1)))
    expect(headline).to_contain_text("671/1296 (51.77%)")

    set_field(page, ".re-dice-n input", "8")
    expect(page.locator(DICE_BARS + " .point")).to_have_count(9)
    expect(headline).to_contain_text(exact(dice_pool(8, hit_on=6).at_least(1)))

    # a bad threshold: explained in the status line, the last good chart and headline stay
    set_field(page, ".re-dice-thresholds input", "3, x")
    status = page.locator(".re-dice .re-status")
    expect(status).to_contain_text("'x' is not a whole number")
    expect(status).to_contain_text("from 1 to 6")
    expect(page.locator(DICE_BARS + " .point")).to_have_count(9)
    expect(headline).to_contain_text(exact(dice_pool(8, hit_on=6).at_least(1)))
    assert_no_error_page(page)
    page.screenshot(path=str(tmp_path / "calculators-dashboard.png"), full_page=True)

    # F5: the same server renders the page again and it is interactive again
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(DICE_BARS, timeout=90_000)
    expect(page.locator(DICE_BARS)).to_have_count(3)
    set_field(page, ".re-dice-n input", "2")
    expect(page.locator(DICE_BARS).first.locator(".point")).to_have_count(3)
    expect(page.locator(".re-dice .re-prob")).to_contain_text(exact(dice_pool(2, hit_on=3).at_least(1)))
    assert_no_error_page(page)
    page.screenshot(path=str(tmp_path / "calculators-dashboard-reloaded.png"), full_page=True)


def test_draw_panel_in_its_tab(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url)
    page.get_by_role("tab", name="Bag or deck").click()
    headline = page.locator(".re-draw .re-prob")
    expect(headline).to_contain_text(exact(draw_count({"Scout": 8, "Viper": 2}, 5, "Viper").at_least(1)))
    expect(page.locator(".re-draw .js-plotly-plot .trace.bars")).to_have_count(1)

    set_field(page, ".re-draw-n input", "3")
    expect(headline).to_contain_text(exact(draw_count({"Scout": 8, "Viper": 2}, 3, "Viper").at_least(1)))

    set_field(page, ".re-draw-n input", "11")
    expect(page.locator(".re-draw .re-status")).to_contain_text("cannot draw 11 from a bag of 10")

    page.locator(".re-draw-preset select").select_option(label="Warp's Edge starting bag (demo data)")
    expect(page.locator(".re-draw .re-draw-note")).to_contain_text("Demonstration")
    expect(page.locator(".re-draw .re-joint table")).to_have_count(1)
    assert_no_error_page(page)


def test_clamps_stale_charts_preset_notes_and_success_changes_in_the_browser(page: Page, voila_url: str) -> None:
    """Issue 7 §4: a clamp says so, a refused input dims the last chart, the preset note follows
    the bag, and changing the success kinds raises no console error."""
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_dashboard(page, voila_url)
    status = page.locator(".re-dice .re-status")

    set_field(page, ".re-dice-n input", "200")
    expect(status).to_contain_text("Dice: 200 is more than 60, so 60 is used.")
    expect(page.locator(".re-dice-n input")).to_have_value("60")

    set_field(page, ".re-dice-thresholds input", "9")
    expect(status).to_contain_text("outside a d6")
    expect(page.locator(".re-dice .re-chart.re-stale")).to_have_count(1)
    expect(page.locator(".re-dice .re-stale-note")).to_contain_text("Out of date")
    page.screenshot(path="/work/notes/shots/security/calculators-clamp-and-stale.png", full_page=False)
    set_field(page, ".re-dice-thresholds input", "5")
    expect(page.locator(".re-dice .re-chart.re-stale")).to_have_count(0)

    page.get_by_role("tab", name="Bag or deck").click()
    note = page.locator(".re-draw .re-draw-note")
    page.locator(".re-draw-preset select").select_option(label="Warp's Edge starting bag (demo data)")
    expect(note).to_contain_text("Demonstration")
    success = page.locator(".re-draw-success select")
    for chosen in (["laser 1"], ["laser 1", "energy 1"], ["signature token"], ["maneuver 1", "laser 1"]):
        success.select_option(chosen)
        expect(page.locator(".re-draw .re-status")).to_contain_text("Drawing 5 of 11")
    count = page.locator(".re-draw-count input").first
    count.fill("400")
    count.press("Enter")
    expect(page.locator(".re-draw .re-status")).to_contain_text("count: 400 is more than 200, so 200 is used.")
    expect(note).to_have_text("")
    page.locator(".re-draw-remove").first.click()  # removing a chosen kind changes the options
    expect(page.locator(".re-draw-row")).to_have_count(3)
    page.wait_for_timeout(1000)
    page.screenshot(path="/work/notes/shots/security/draw-edited.png", full_page=False)
    assert not [e for e in errors if "Cannot set properties of undefined" in e], errors
    assert_no_error_page(page)
