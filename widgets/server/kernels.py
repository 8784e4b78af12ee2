"""A kernel manager with a cap: a visitor opening 50 tabs cannot exhaust the server's memory.

Past the cap a page gets HTTP 503 and a page in words (``503.html`` of our
template): the server is busy, close a dashboard tab or wait, then reload.
Kernels of closed pages are shut down by the page itself (see ``hooks``) and
idle ones are culled after 10 minutes, so room comes back on its own.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Integer

from widgets.server.settings import DEFAULT_MAX_KERNELS

BUSY = ("This dashboard server already runs {running} dashboards, its limit. "
        "Close a dashboard tab you no longer use, or wait a few minutes "
        "(idle dashboards close after 10 minutes), then reload this page.")


class CappedKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` that refuses to start kernel number ``max_kernels + 1``."""

    max_kernels = Integer(DEFAULT_MAX_KERNELS, config=True,
                          help="How many kernels may run at once; the next page is told to wait.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels asked for but not yet listed (starts overlap on a busy server)

    def running(self) -> int:
        """Kernels running or being started now."""
        return len(self.list_kernel_ids()) + self._starting

    async def start_kernel(self, *, kernel_id: str | None = None, path: str | None = None, **kwargs: Any) -> str:
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        running = self.running()
        if running >= self.max_kernels:
            self.log.warning("Kernel cap reached: %d running, max_kernels=%d; page refused", running,
                             self.max_kernels)
            raise HTTPError(503, BUSY.format(running=running), reason="Dashboard server busy")
        self._starting += 1
        try:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting -= 1
