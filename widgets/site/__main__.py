"""``python -m widgets.site --out site``: build the dashboards as a static site (see :mod:`widgets.site.build`).

>>> main(["--help"]) if False else parser().prog
'python -m widgets.site'
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from widgets.site.build import CHECKOUT, PAGES, SiteError, build_site
from widgets.site.lock import LockError
from widgets.site.pyodide_dist import PyodideError
from widgets.site.resolve import ResolveError
from widgets.site.serve import ENTRY_PAGE, serve_site
from widgets.site.wheels import WheelError

DEFAULT_CACHE = CHECKOUT / "build" / "site-cache"
"""Downloads kept between builds (the npm tarball, the wheels): a warm build asks no registry for anything."""


def parser() -> argparse.ArgumentParser:
    """The builder's options."""
    p = argparse.ArgumentParser(
        prog="python -m widgets.site",
        description=f"Build the dashboards ({', '.join(PAGES)}) as a static site: Voici pages on JupyterLite's "
                    "Pyodide kernel, with the interpreter and every wheel inside the folder. Copy the folder to any "
                    "static host; look at it first with --serve.")
    p.add_argument("--out", type=Path, default=Path("site"), help="the folder to build into, replaced (default site/)")
    p.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                   help=f"downloads kept between builds (default {DEFAULT_CACHE})")
    p.add_argument("--serve", type=int, metavar="PORT", default=None,
                   help="after the build, serve the folder on http://127.0.0.1:PORT/ until Ctrl+C (a look before "
                        "copying it to a host)")
    return p


def main(argv: list[str] | None = None) -> int:
    """Build the site; 0 on success, 1 with a sentence on what failed."""
    options = parser().parse_args(argv)
    start = time.monotonic()
    print(f"Building the static site into {options.out}/ (cache {options.cache}/)")
    try:
        built = build_site(options.out.resolve(), options.cache.resolve())
    except (SiteError, PyodideError, ResolveError, WheelError, LockError) as err:
        print(f"python -m widgets.site: error: {err}", file=sys.stderr)
        return 1
    print(f"Built {options.out}/ in {time.monotonic() - start:.0f} s with {len(built.wheels)} wheels.")
    if options.serve is None:
        print(f"Try it: rules-explorer site --out {options.out} --serve 8000 (or any static file server on the "
              "folder), then open http://127.0.0.1:8000/" + ENTRY_PAGE)
        return 0
    with serve_site(built.out, options.serve) as base:
        print(f"Serving {options.out}/ on {base}/{ENTRY_PAGE} (Ctrl+C stops)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            print("Stopped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
