"""Serve a built static site on 127.0.0.1 with a plain file server, as any static host would.

The site needs nothing from its host but files (``.wasm`` as ``application/wasm``, which Python's
own file server sends); this is what the offline browser test and ``benchmarks/site.py`` serve it
with, and what ``rules-explorer site --serve`` starts for a look before copying ``site/`` anywhere.

>>> import tempfile, urllib.request
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = (Path(folder) / "index.html").write_text("<p>hello</p>")
...     with serve_site(Path(folder)) as base:
...         urllib.request.urlopen(base + "/index.html").read()
b'<p>hello</p>'
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
"""Loopback only: the server is for looking at the site on this machine."""

ENTRY_PAGE = "voici/render/index.html"
"""The landing page inside the site (Voici renders each notebook as ``voici/render/<name>.html``)."""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files from the site's folder, without a log line per request (a page asks for hundreds)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the name http.server gives it
        return


class _SiteServer(http.server.ThreadingHTTPServer):
    """A thread per request; a browser that drops a connection (a page closed mid-download) is not an error."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve_site(folder: Path, port: int = 0) -> Iterator[str]:
    """Serve ``folder`` on ``127.0.0.1:port`` (0: a free port) while the block runs; yields the base URL."""
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder: build the site first (make site)")
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = _SiteServer((HOST, port), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
