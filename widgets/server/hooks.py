"""Voilà's prelaunch hook: runs on every page request, before its kernel starts.

Voilà's page sends ``POST /voila/api/shutdown/<kernel>`` when it is closed or
reloaded, with the ``_xsrf`` value it reads from ``document.cookie``. Voilà never
sets that cookie, so the call was refused (``403 '_xsrf' argument missing``) and
kernels piled up until the idle cull. Reading ``handler.xsrf_token`` sets the
cookie (``SameSite=Strict``, from the settings) on the page's response.

It also names the page's visitor (their cookie, issued here on a first visit,
and their address) for the kernel manager, which counts the page's kernel
against that visitor's share (``visitors``).
"""

from __future__ import annotations

from typing import Any

from widgets.server.visitors import CURRENT, identify


def prelaunch_hook(handler: Any, notebook: Any = None, cwd: str | None = None) -> None:
    """Give the page its ``_xsrf`` cookie and name its visitor; the notebook is left as it is (returns ``None``)."""
    handler.xsrf_token  # noqa: B018 - the property sets the cookie as a side effect
    CURRENT.set(identify(handler))
