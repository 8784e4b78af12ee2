"""What a visitor of the static site waits for: seconds to a usable panel and to the first Odds chart.

Builds the site from this checkout (or takes ``--site``), serves it on 127.0.0.1 with a plain file
server (``widgets.site.serve``) and opens each game page in Debian's Chromium, headless and
offline (no host but 127.0.0.1 resolves). The first visit starts with an empty browser cache; the
second reloads the page in the same browser, whose cache then holds the interpreter and the
wheels, as a returning visitor's does. Prints one row per page; a figure, never an assert.

    .venv/bin/python benchmarks/site.py                  # build, then every game page
    .venv/bin/python benchmarks/site.py --site site --pages warps_edge
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from widgets.site.build import CHECKOUT, build_site  # noqa: E402 - after the path above
from widgets.site.serve import serve_site

CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
GAMES = ("warps_edge", "star_realms", "endor", "fleet_command", "pinned_down")
WAIT_MS = 300_000


def visit(page: object, url: str) -> tuple[float, float]:
    """Open ``url``: seconds until the panel's Step button can be clicked, and until the Odds tab's first chart
    (Step clicked through any set-up deal first, as a visitor would)."""
    start = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")  # type: ignore[attr-defined]
    page.wait_for_selector(".re-match .re-step", state="visible", timeout=WAIT_MS)  # type: ignore[attr-defined]
    panel = time.monotonic() - start
    for _ in range(40):  # a chance node's Odds tab answers in a sentence: step to the first decision, as a visitor
        if "Chance" not in page.locator(".re-phase").first.inner_text():  # type: ignore[attr-defined]
            break
        before = page.locator(".re-status").first.inner_text()  # type: ignore[attr-defined]
        page.locator(".re-step").first.click()  # type: ignore[attr-defined]
        page.wait_for_function("prev => document.querySelector('.re-status').innerText !== prev",  # type: ignore[attr-defined]
                               arg=before, timeout=WAIT_MS)
    page.get_by_role("tab", name="Odds").click()  # type: ignore[attr-defined]
    page.wait_for_selector(".re-odds .js-plotly-plot", state="visible", timeout=WAIT_MS)  # type: ignore[attr-defined]
    return panel, time.monotonic() - start


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", type=Path, default=None, help="a built site folder (default: build one into a temp dir)")
    p.add_argument("--pages", nargs="+", default=list(GAMES), choices=GAMES)
    options = p.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        folder = options.site
        if folder is None:
            start = time.monotonic()
            folder = build_site(Path(scratch) / "site", CHECKOUT / "build" / "site-cache", log=lambda *_: None).out
            print(f"built the site in {time.monotonic() - start:.0f} s (downloads cached in build/site-cache)")
        size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6
        print(f"site: {size:.0f} MB; {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {CHROMIUM}")
        print(f"{'page':<15} {'first: panel':>13} {'first: chart':>13} {'again: panel':>13} {'again: chart':>13}")
        with serve_site(folder) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for name in options.pages:
                context = browser.new_context(viewport={"width": 1280, "height": 1000})
                page = context.new_page()
                url = f"{base}/voici/render/{name}.html"
                first = visit(page, url)
                again = visit(page, url)
                print(f"{name:<15} {first[0]:>11.1f} s {first[1]:>11.1f} s {again[0]:>11.1f} s {again[1]:>11.1f} s",
                      flush=True)
                context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
