"""What a visitor of the Voilà dashboards can and cannot do."""

from __future__ import annotations

import http.client
import json
import re
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import websocket

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


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
