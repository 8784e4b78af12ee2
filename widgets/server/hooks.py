"""Voilà's prelaunch hook: runs on every page request, before its kernel starts.

Voilà's page sends ``POST /voila/api/shutdown/<kernel>`` when it is closed or
reloaded, with the ``_xsrf`` value it reads from ``document.cookie``. Voilà never
sets that cookie, so the call was refused (``403 '_xsrf' argument missing``) and
kernels piled up until the idle cull. Reading ``handler.xsrf_token`` sets the
cookie (``SameSite=Strict``, from the settings) on the page's response.
"""

from __future__ import annotations

from typing import Any


def prelaunch_hook(handler: Any, notebook: Any = None, cwd: str | None = None) -> None:
    """Give the page its ``_xsrf`` cookie; the notebook is left as it is (returns ``None``)."""
    handler.xsrf_token  # noqa: B018 - the property sets the cookie as a side effect
