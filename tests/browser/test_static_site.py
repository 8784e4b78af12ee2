"""The static site in a real browser, offline (issue 34, part 4).

The site is built from this checkout (``widgets.site.build``, downloads cached in ``build/site-cache``),
served by a plain static file server on 127.0.0.1 (``widgets.site.serve``), and opened in Debian's
Chromium, which here resolves no host but 127.0.0.1 (``--host-resolver-rules``) and whose every
request to another origin is refused and recorded; service workers are blocked, so nothing fetches
past the routing. Each page's kernel is Pyodide in the browser: nothing runs on a server.

What a visitor does: opens the landing page and follows a card, opens each game, steps, opens the
Odds tab, asks a hint, reviews, opens a ``?seed=`` link, copies the link and opens it again; runs the
simulation lab in the page. Screenshots go to ``/tmp/static-site-shots``. How long each page took
to show its panel is printed (``benchmarks/site.py`` measures it on purpose).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import Browser, BrowserContext, Page, expect

from widgets.site.build import CHECKOUT, PAGES, build_site
from widgets.site.serve import serve_site

SHOTS = Path("/tmp/static-site-shots")
PANEL_MS = 240_000
"""A page's first load: Pyodide starts and loads about 30 wheels in the browser (20-60 s on this machine)."""

WORK_MS = 240_000
"""A hint, a review or a run in the page, a round at a time between the browser's own work."""

OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

GAMES = ("warps_edge", "star_realms", "endor", "fleet_command", "pinned_down")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built from this checkout and served on 127.0.0.1; yields its base URL."""
    out = tmp_path_factory.mktemp("static") / "site"
    start = time.monotonic()
    built = build_site(out, CHECKOUT / "build" / "site-cache", log=lambda *_: None)
    print(f"site built in {time.monotonic() - start:.0f} s: {built.seconds}")
    SHOTS.mkdir(exist_ok=True)
    with serve_site(built.out) as base:
        yield base


@pytest.fixture(scope="module")
def offline_browser(browser: Browser) -> Iterator[Browser]:
    """A Chromium of its own that resolves no host but 127.0.0.1, launched by the session's Playwright (a second
    ``sync_playwright`` in the same worker would find the first one's event loop running)."""
    offline = browser.browser_type.launch(executable_path=CHROMIUM, headless=True, args=OFFLINE_ARGS)
    try:
        yield offline
    finally:
        offline.close()


class Visit:
    """One visitor's browser context on the site: every request to another origin refused and kept."""

    def __init__(self, browser: Browser, base: str, *, width: int = 1280) -> None:
        self.base = base
        self.outside: list[str] = []
        self.context: BrowserContext = browser.new_context(viewport={"width": width, "height": 1000},
                                                           service_workers="block")
        self.context.set_default_timeout(PANEL_MS)
        self.context.route("**/*", self._route)
        self.errors: list[str] = []

    def _route(self, route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if url.startswith(self.base + "/") or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()  # type: ignore[attr-defined]
        else:
            self.outside.append(url)
            route.abort()  # type: ignore[attr-defined]

    def open(self, page_name: str, query: str = "", ready: str = ".re-match") -> tuple[Page, float]:
        """Open ``voici/render/<page_name>.html<query>`` in a new tab; the tab and the seconds to ``ready``."""
        page = self.context.new_page()
        page.on("pageerror", lambda err: self.errors.append(str(err)[:300]))
        start = time.monotonic()
        page.goto(f"{self.base}/voici/render/{page_name}.html{query}", wait_until="domcontentloaded")
        page.wait_for_selector(ready, state="visible", timeout=PANEL_MS)
        seconds = time.monotonic() - start
        print(f"{page_name}{query[:20]}: panel after {seconds:.1f} s")
        return page, seconds

    def close(self) -> None:
        self.context.close()
        assert self.outside == [], f"the site asked another host for: {self.outside[:5]}"


@pytest.fixture
def visit(offline_browser: Browser, site: str) -> Iterator[Visit]:
    one = Visit(offline_browser, site)
    yield one
    one.close()


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def status(page: Page) -> str:
    return page.locator(".re-status").first.inner_text()


def click_and_wait(page: Page, css: str) -> None:
    """Click, then wait until the status line says something new (every move and refusal rewrites it)."""
    before = status(page)
    page.locator(css).first.click()
    page.wait_for_function(
        "prev => { const s = document.querySelector('.re-status'); return s && s.innerText !== prev; }",
        arg=before, timeout=WORK_MS)


def to_decision(page: Page) -> None:
    """Step chance nodes (the set-up's deals) until somebody decides."""
    for _ in range(40):
        if "Chance" not in page.locator(".re-phase").first.inner_text():
            return
        click_and_wait(page, ".re-step")
    raise AssertionError(f"no decision reached: {page.locator('.re-phase').first.inner_text()!r}")


def set_number(page: Page, css: str, value: int) -> None:
    box = page.locator(f"{css} input").first
    box.fill(str(value))
    box.press("Enter")


def test_the_site_tells_the_kernel_to_load_packages_from_itself_alone(site: str) -> None:
    """No page may fall back to a package index or a CDN: the kernel's settings say so, and every wheel is there."""
    import json
    import urllib.request

    with urllib.request.urlopen(f"{site}/jupyter-lite.json") as reply:
        config = json.load(reply)
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])  # the kernel extension's own index, inside
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
    with urllib.request.urlopen(f"{site}/static/pyodide/pyodide-lock.json") as reply:
        lock = json.load(reply)
    assert {"rules-explorer", "ipywidgets", "plotly", "anywidget"} <= set(lock["packages"])
    for name in PAGES:
        with urllib.request.urlopen(f"{site}/voici/render/{name}.html") as reply:
            assert reply.status == 200


def test_the_landing_page_links_the_static_pages_and_says_what_a_visitor_waits_for(visit: Visit) -> None:
    page, _ = visit.open("index", ready=".re-dashboard-index")
    cards = page.locator("a.re-card")
    hrefs = [cards.nth(i).get_attribute("href") for i in range(cards.count())]
    assert hrefs == ["calculators.html", "star_realms.html", "warps_edge.html", "endor.html", "fleet_command.html",
                     "pinned_down.html", "simulation.html"]
    expect(page.locator(".re-where")).to_contain_text("runs in your browser")
    shot(page, "index")
    page.locator("a.re-card", has_text="Warp's Edge").click()
    page.wait_for_selector(".re-match", state="visible", timeout=PANEL_MS)
    assert "/voici/render/warps_edge.html?game=warps_edge&match=" in page.url  # the address follows the match
    expect(page.locator(".re-status")).to_contain_text("Ready")


def test_a_game_plays_shows_odds_hints_reviews_and_shares_offline(visit: Visit) -> None:
    """Warp's Edge from a ``?seed=`` link: Step, the Odds chart, a hint, a review, Copy link opened again."""
    page, _ = visit.open("warps_edge", "?seed=4")
    expect(page.locator(".re-status")).to_contain_text("New game from the link's seed 4")
    lines = page.locator(".re-log-line").count()
    click_and_wait(page, ".re-step")  # the status line says the move; the log redraws just after it
    page.wait_for_function("n => document.querySelectorAll('.re-log-line').length > n", arg=lines, timeout=WORK_MS)
    to_decision(page)
    page.get_by_role("tab", name="Odds").click()
    expect(page.locator(".re-odds .js-plotly-plot").first).to_be_visible(timeout=WORK_MS)
    shot(page, "warps_edge-odds")
    page.get_by_role("tab", name="Advice").click()
    set_number(page, ".re-advice-rollouts", 8)
    page.locator(".re-advice-ask").click()
    expect(page.locator(".re-advice-rows .re-advice-play").first).to_be_visible(timeout=WORK_MS)
    expect(page.locator(".re-advice-progress")).to_be_visible()
    shot(page, "warps_edge-advice")
    played = page.locator(".re-log-line").count()
    click_and_wait(page, ".re-advice-play")
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    page.wait_for_function("n => document.querySelectorAll('.re-log-line').length > n", arg=played)
    log = page.locator(".re-log").first.inner_text()  # before the review marks its moves
    set_number(page, ".re-review-rollouts", 8)
    page.locator(".re-review-start").click()
    expect(page.locator(".re-review-status")).to_contain_text(re.compile(r"[Rr]eviewed"), timeout=WORK_MS)
    shot(page, "warps_edge-review")
    link = page.locator(".re-share-url").first.input_value()
    assert link.startswith(f"{visit.base}/voici/render/warps_edge.html?game=warps_edge&match=")
    again, _ = visit.open("warps_edge", link.split("warps_edge.html", 1)[1])
    expect(again.locator(".re-status")).to_contain_text("Opened the match from the link")
    assert again.locator(".re-log").first.inner_text() == log
    assert visit.errors == []


@pytest.mark.parametrize("game", [g for g in GAMES if g != "warps_edge"])
def test_every_game_page_steps_and_answers_odds_and_advice_offline(visit: Visit, game: str) -> None:
    page, _ = visit.open(game)
    expect(page.locator(".re-status")).to_contain_text("Ready")
    click_and_wait(page, ".re-step")
    expect(page.locator(".re-status")).not_to_contain_text("Internal error")
    page.get_by_role("tab", name="Odds").click()
    odds = page.locator(".re-odds")
    expect(odds.locator(".js-plotly-plot, .re-odds-view").first).to_be_visible(timeout=WORK_MS)
    page.get_by_role("tab", name="Advice").click()
    set_number(page, ".re-advice-rollouts", 8)
    page.locator(".re-advice-ask").click()
    expect(page.locator(".re-advice-headline")).to_contain_text("Advice for", timeout=WORK_MS)
    expect(page.locator(".re-advice-rows .re-advice-play").first).to_be_visible()
    expect(page.locator(".re-advice")).not_to_contain_text("Internal error")
    shot(page, f"{game}-advice")
    set_number(page, ".re-review-rollouts", 8)
    page.locator(".re-review-start").click()  # a review, or the sentence saying there is nothing to review yet
    expect(page.locator(".re-review-status")).to_contain_text(
        re.compile(r"decisions? (reviewed|of this seat)|No decision of this seat"), timeout=WORK_MS)
    expect(page.locator(".re-review-status")).not_to_contain_text("Internal error")
    assert visit.errors == []


def test_the_simulation_lab_runs_in_the_page_and_says_what_needs_the_server(visit: Visit) -> None:
    page, _ = visit.open("simulation", ready=".sim-run")
    expect(page.locator("body")).to_contain_text("need the served")
    set_number(page, ".sim-games", 20)
    page.locator(".sim-run").click()
    expect(page.locator(".sim-status")).to_contain_text("Done: 20 games", timeout=WORK_MS)
    expect(page.locator(".sim-winrate .js-plotly-plot")).to_be_visible()
    shot(page, "simulation")
    assert visit.errors == []


def test_the_calculators_answer_offline(visit: Visit) -> None:
    page, _ = visit.open("calculators", ready=".js-plotly-plot")
    shot(page, "calculators")
    assert visit.errors == []
