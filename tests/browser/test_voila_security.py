"""What a visitor of the Voilà dashboards can and cannot do.

Most of these tests are a script, not a browser: they ask for pages without ever
sending the visitor cookie back, so the server counts their kernels by their
address (``widgets.server.visitors``), and they never close them. They run on a
Voilà of their own whose share per visitor is lifted, so that their kernels
neither refuse each other nor the session server's browser tests. The share
itself is tested in ``test_visitor_share.py``.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import websocket
from playwright.sync_api import Page
from tests.browser.conftest import serve_voila

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The hardened Voilà, with room for every kernel this module's script-like requests leave behind."""
    env = {"RULES_EXPLORER_KERNELS_PER_VISITOR": "1000", "RULES_EXPLORER_MAX_KERNELS": "1000"}
    with serve_voila(tmp_path_factory.mktemp("voila-security"), env=env) as (base, _pid):
        yield base


def _get(base: str, path: str) -> tuple[int, bytes]:
    """GET ``path`` verbatim (no client-side normalisation of ``..``)."""
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def _message(msg_type: str, content: dict) -> str:
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "username": "visitor", "session": uuid.uuid4().hex,
                   "msg_type": msg_type, "version": "5.3"},
        "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": [],
    })


def test_raw_execute_request_to_the_dashboard_kernel_has_no_effect(voila_url: str, tmp_path: Path) -> None:
    status, body = _get(voila_url, "/voila/render/calculators.ipynb")
    assert status == 200
    found = re.search(rb'"kernelId"\s*:\s*"([0-9a-f-]{36})"', body)
    assert found, "Voilà's page should embed the kernel id"
    kernel_id = found.group(1).decode()

    port = urlsplit(voila_url).port
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}", timeout=10
    )
    try:
        # control: an allowed message gets its answer, so the socket really reaches the kernel
        ws.send(_message("kernel_info_request", {}))
        deadline = time.monotonic() + 20
        seen: list[str] = []
        while "kernel_info_reply" not in seen and time.monotonic() < deadline:
            seen.append(json.loads(ws.recv())["msg_type"])
        assert "kernel_info_reply" in seen

        marker = tmp_path / "executed.txt"
        ws.send(_message("execute_request", {
            "code": f"open({str(marker)!r}, 'w').write('visitor code ran')",
            "silent": False, "store_history": False, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True,
        }))
        ws.settimeout(0.5)
        after: list[str] = []
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                after.append(json.loads(ws.recv())["msg_type"])
            except websocket.WebSocketTimeoutException:
                continue
        assert not marker.exists(), "an execute_request from a visitor was run"
        assert not {"execute_input", "execute_reply", "stream"} & set(after), after
    finally:
        ws.close()


OUTSIDE = [
    "/voila/render/../calculators.ipynb",
    "/voila/render/../index.ipynb",
    "/voila/render/%2E%2E/calculators.ipynb",
    "/voila/render/..%2Findex.ipynb",
    "/voila/render/calculators.ipynb/../../index.ipynb",
    "/voila/render/" + str(ROOT / "notebooks" / "calculators.ipynb"),
    "/voila/render//" + str(ROOT / "notebooks" / "index.ipynb").lstrip("/"),
    "/voila/render/%2F" + str(ROOT / "notebooks" / "index.ipynb").lstrip("/").replace("/", "%2F"),
    "/voila/files/../index.ipynb",
    "/voila/files/calculators.ipynb",
]


@pytest.mark.parametrize("path", OUTSIDE)
def test_notebooks_outside_the_dashboards_folder_are_refused(voila_url: str, path: str) -> None:
    status, body = _get(voila_url, path)
    assert status in (403, 404), (status, body[:300])
    # neither the guided notebook nor the index leaks, in any form
    assert b"What are my odds" not in body
    assert b"notebooks and dashboards" not in body
    assert b"explorer.odds" not in body


def test_the_dashboard_itself_is_served_without_its_source(voila_url: str) -> None:
    status, body = _get(voila_url, "/voila/render/calculators.ipynb")
    assert status == 200
    assert b"from widgets.calculators import" not in body  # Voilà strips sources


# --- issue 9: the hardened server (binder/voila.py, widgets/server) ------------------------------
SHOTS = Path("/work/notes/shots/security")


def _request(base: str, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def _kernel_id(base: str) -> str:
    status, body = _get(base, "/voila/render/calculators.ipynb")
    assert status == 200
    found = re.search(rb'"kernelId"\s*:\s*"([0-9a-f-]{36})"', body)
    assert found
    return found.group(1).decode()


@pytest.mark.parametrize("path", ["/", "/voila/render/calculators.ipynb", "/voila/tree", "/voila/api/contents/"])
def test_a_request_naming_a_foreign_host_is_refused(voila_url: str, path: str) -> None:
    status, _headers, body = _request(voila_url, path, {"Host": "evil.example"})
    assert status == 403, (status, body[:300])
    assert b"does not answer to this address" in body or path.startswith("/voila/api")
    assert b"kernelId" not in body  # no kernel was started for it


def test_loopback_names_are_accepted(voila_url: str) -> None:
    port = urlsplit(voila_url).port
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
        status, _headers, _body = _request(voila_url, "/", {"Host": host})
        assert status == 200, host


def test_a_websocket_from_a_foreign_origin_is_refused(voila_url: str) -> None:
    kernel_id = _kernel_id(voila_url)
    port = urlsplit(voila_url).port
    url = f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
    # DNS rebinding: Host and Origin both name the attacker's site
    for host, origin in ((f"127.0.0.1:{port}", "http://evil.example"),
                         (f"evil.example:{port}", f"http://evil.example:{port}")):
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(url, timeout=10, host=host, origin=origin)
        assert refused.value.status_code in (403, 404)
    # control: the page's own origin connects
    ws = websocket.create_connection(url, timeout=10, origin=f"http://127.0.0.1:{port}")
    ws.close()


def test_malformed_comm_messages_send_no_traceback_to_the_page(voila_url: str) -> None:
    kernel_id = _kernel_id(voila_url)
    port = urlsplit(voila_url).port
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}", timeout=10)
    try:
        ws.send(_message("comm_info_request", {}))
        comms: dict = {}
        deadline = time.monotonic() + 30
        while not comms and time.monotonic() < deadline:
            msg = json.loads(ws.recv())
            if msg["msg_type"] == "comm_info_reply":
                comms = msg["content"]["comms"]
        assert comms, "the dashboard's widgets should be listed"
        some = list(comms)[:5]
        for comm_id in some:
            for data in ({"method": "update", "state": {"value": {"x": [1]}, "layout": 7}},
                         {"method": "update", "state": None}, {"method": "custom", "content": None},
                         "not a dict", {"method": "request_state", "buffer_paths": 5}):
                ws.send(_message("comm_msg", {"comm_id": comm_id, "data": data}))
        ws.send(_message("comm_msg", {"comm_id": "0" * 32, "data": {}}))
        ws.settimeout(0.5)
        received: list[dict] = []
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            try:
                received.append(json.loads(ws.recv()))
            except websocket.WebSocketTimeoutException:
                continue
        text = json.dumps(received)
        assert not [m for m in received if m["msg_type"] == "error"]
        assert not [m for m in received if m["msg_type"] == "stream" and m["content"].get("name") == "stderr"]
        assert "Traceback" not in text and str(ROOT) not in text and "site-packages" not in text
    finally:
        ws.close()


def test_cookies_are_samesite(voila_url: str) -> None:
    parts = urlsplit(voila_url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    try:
        conn.request("GET", "/voila/render/calculators.ipynb")
        resp = conn.getresponse()
        cookies = resp.headers.get_all("Set-Cookie") or []
        resp.read()
    finally:
        conn.close()
    assert any(c.startswith("_xsrf=") for c in cookies), "the page needs _xsrf to shut its kernel down"
    for cookie in cookies:
        assert re.search(r"SameSite=(Strict|Lax)", cookie), cookie
    [visitor] = [c for c in cookies if c.startswith("rules_explorer_visitor=")]  # issue 37: one visitor, one share
    assert "HttpOnly" in visitor and "SameSite=Lax" in visitor


def test_the_page_asks_no_other_host_for_anything(voila_url: str, page: Page) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(voila_url + "/voila/render/calculators.ipynb")
    page.wait_for_selector(".re-dice .js-plotly-plot .trace.bars", timeout=90_000)
    page.goto(voila_url + "/")
    page.wait_for_load_state("networkidle")
    foreign = [u for u in asked if not u.startswith(voila_url) and not u.startswith(("data:", "blob:"))]
    assert not foreign, foreign
    page.goto(voila_url + "/voila/render/calculators.ipynb?template=reveal")  # no template override
    page.wait_for_selector(".re-dice .js-plotly-plot .trace.bars", timeout=90_000)
    foreign = [u for u in asked if not u.startswith(voila_url) and not u.startswith(("data:", "blob:"))]
    assert not foreign, foreign
    page.screenshot(path=str(SHOTS / "calculators-no-cdn.png"))


def test_an_upload_naming_a_server_path_is_refused_without_opening_it(voila_url: str, page: Page, tmp_path: Path) -> None:
    import explorer
    from explorer import Match

    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # a kernel that opened this to read it would hang: the refusal would never come
    saved = Match(explorer.load_game("warps_edge"), seed=1).to_dict()
    page.goto(voila_url + "/voila/render/warps_edge.ipynb")
    page.locator(".re-load").first.wait_for(state="attached", timeout=90_000)
    status = page.locator(".re-status").first
    button = page.locator(".re-load").first  # FileUpload opens its file chooser from this button
    for i, path in enumerate(("/etc/passwd", str(fifo))):
        hostile = {**saved, "options": {"data": path}}
        before = status.inner_text()
        with page.expect_file_chooser() as chooser:
            button.click()
        chooser.value.set_files(files=[{"name": f"hostile-{i}.json", "mimeType": "application/json",
                                        "buffer": json.dumps(hostile).encode()}])
        page.wait_for_function("prev => document.querySelector('.re-status').innerText !== prev",
                               arg=before, timeout=30_000)
        said = status.inner_text()
        assert f"Could not load hostile-{i}.json" in said, said
        assert "may not set this option" in said, said
        assert "TOML" not in said and "no such file" not in said.lower() and "root:" not in said
    page.screenshot(path=str(SHOTS / "upload-path-refused.png"))
