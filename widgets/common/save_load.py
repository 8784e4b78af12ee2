"""Saving a match as a JSON download and loading one from an uploaded file.

Saving needs no server round-trip: the link is an ``<a download>`` whose
``href`` is a ``data:application/json;base64,…`` URI of ``match.to_json()``,
rebuilt whenever the match changes, so it works the same in JupyterLab and
Voilà. Loading reads an ``ipywidgets.FileUpload`` (ipywidgets 8: a tuple of
dicts with ``name`` and a ``content`` memoryview), decodes UTF-8 and calls
``Match.from_json``. Every way a file can be wrong (too big, not UTF-8, not
JSON, another format, a log that does not replay, another game) becomes one
:class:`LoadError` whose message reads "Could not load <name>: <why>"; the panel
shows it in its status line and keeps the match it had.

The file name offered for download is built from the game id, never from a
widget value; an uploaded file's name is only ever shown (escaped), never used
as a path.

>>> match_filename("warps_edge")
'warps_edge-match.json'
>>> try:
...     decode_upload("m.json", b"\\xff\\xfe")
... except LoadError as err:
...     print(err)
Could not load m.json: it is not UTF-8 text (byte 0xff at position 0)
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from explorer.core.match import Match
from explorer.errors import RulesError

MAX_BYTES = 5_000_000
"""Largest match file accepted (a long match is a few hundred kB)."""

_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


class LoadError(RulesError):
    """An uploaded match that cannot be loaded; ``str(err)`` is the sentence to show."""


def match_filename(game_id: str) -> str:
    """``<game id>-match.json`` with anything but letters, digits and ``._-`` replaced."""
    stem = _SAFE.sub("-", str(game_id)).strip("-.") or "game"
    return f"{stem[:60]}-match.json"


def download_html(text: str, filename: str, label: str = "Save match (JSON)") -> str:
    """An ``<a download>`` link carrying ``text`` as a JSON file (class ``re-save-link``)."""
    href = "data:application/json;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")
    name = html.escape(filename)
    return (
        f'<a class="re-save-link" download="{name}" href="{href}" title="Download this match as {name}" '
        'style="text-decoration:none;padding:3px 10px;border:1px solid #c5cad3;border-radius:4px;'
        f'color:#2b2f36;background:#f6f7f9;font-size:13px">⬇ {html.escape(label)}</a>'
    )


def shown_name(name: Any) -> str:
    """An uploaded file's name as it may appear in a message: text, at most 80 characters."""
    text = str(name) if name else "the file"
    return text if len(text) <= 80 else text[:77] + "..."


def uploaded_files(value: Any) -> list[tuple[str, Any]]:
    """``[(name, content), …]`` from a ``FileUpload.value`` (ipywidgets 8 tuple, or 7's dict)."""
    if not value:
        return []
    if isinstance(value, dict):  # ipywidgets 7: {name: {"content": ..., "metadata": ...}}
        return [(str(name), (item or {}).get("content")) for name, item in value.items()]
    files = []
    for item in value:
        if isinstance(item, dict):
            files.append((str(item.get("name", "")), item.get("content")))
        else:
            files.append(("", item))
    return files


def decode_upload(name: str, content: Any) -> str:
    """The text of an uploaded file, or :class:`LoadError` (missing, too big, not UTF-8)."""
    who = shown_name(name)
    if content is None:
        raise LoadError(f"Could not load {who}: the upload carried no content")
    try:
        data = bytes(content)
    except (TypeError, ValueError) as err:
        raise LoadError(f"Could not load {who}: the upload is not a file's bytes ({type(content).__name__})") from err
    if len(data) > MAX_BYTES:
        raise LoadError(f"Could not load {who}: it is {len(data):,} bytes; a match file is at most {MAX_BYTES:,} bytes")
    if not data.strip():
        raise LoadError(f"Could not load {who}: the file is empty")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise LoadError(
            f"Could not load {who}: it is not UTF-8 text (byte 0x{data[err.start]:02x} at position {err.start})"
        ) from err


def load_match(name: str, text: str, *, game_id: str | None = None) -> Match:
    """``Match.from_json(text)``; any refusal becomes a :class:`LoadError` naming the file.

    With ``game_id``, a match of another game is refused too (a game's panel
    draws only its own game).
    """
    who = shown_name(name)
    try:
        match = Match.from_json(text)
    except RulesError as err:
        raise LoadError(f"Could not load {who}: {err.message}") from err
    except RecursionError as err:
        raise LoadError(f"Could not load {who}: the JSON is nested too deeply") from err
    if game_id is not None and match.game.info.id != game_id:
        raise LoadError(
            f"Could not load {who}: it is a match of {match.game.info.title} ({match.game.info.id}); "
            f"this panel plays {game_id}"
        )
    return match


class SaveLoad:
    """The download link (class ``re-save``) and the upload button (class ``re-load``).

    ``on_upload(name, content)`` is called once per uploaded file; the upload
    is then cleared so the same file can be chosen again.
    """

    def __init__(self, *, on_upload: Callable[[str, Any], Any]) -> None:
        self._on_upload = on_upload
        self.link = W.HTML()
        self.link.add_class("re-save")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load match")
        self.upload.add_class("re-load")
        self.upload.observe(self._uploaded, names="value")
        self.widget = W.HBox([self.link, self.upload], layout=W.Layout(align_items="center", grid_gap="12px"))
        self.text = ""

    def update(self, match: Match) -> None:
        """Rebuild the download link from ``match``."""
        self.text = match.to_json()
        self.link.value = download_html(self.text, match_filename(match.game.info.id))

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = uploaded_files(change["new"])
        if not files:
            return
        try:
            for name, content in files[:1]:
                self._on_upload(name, content)
        finally:
            self.upload.value = ()  # clears; fires this observer with ()
