"""A kernel manager with a cap, and a share per visitor, that ends a page's kernel when its visitor is gone, with all it started.

Past the cap a page gets HTTP 503 and a page in words (``503.html`` of our
template): the server is busy, close a dashboard tab or wait, then reload.
Kernels of closed pages are shut down by the page itself (see ``hooks``) and
idle ones are culled after 10 minutes, so room comes back on its own.

One visitor may hold at most ``kernels_per_visitor`` page kernels
(``RULES_EXPLORER_KERNELS_PER_VISITOR``, 3): their next page gets HTTP 503 and a
sentence saying so and asking them to close one of their other dashboard tabs
(``visitors``: a visitor is a cookie the server sets, or the client address for a
page that came without it). The page hook names the request's visitor; the
share is checked here, where the total is, so that starts that overlap are
counted before they are listed.

A page closed *without* its shutdown call (a killed browser, a script, a lost
network) left its kernel running, and a simulation posting progress kept it
"active" for the idle cull. Now a kernel started for a Voilà page whose
websockets have all been gone for ``visitor_grace`` seconds
(``RULES_EXPLORER_VISITOR_GRACE_SECONDS``, 60 by default) is shut down, busy or
not (``reaper.VisitorBook``). Shutting a kernel down also ends every process it
started that is still alive afterwards (process pools, Dask workers).
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath
from tornado.ioloop import PeriodicCallback
from tornado.web import HTTPError
from traitlets import Float, Integer

from widgets.server.reaper import VisitorBook, end_processes, is_page_kernel, process_tree
from widgets.server.settings import DEFAULT_KERNELS_PER_VISITOR, DEFAULT_MAX_KERNELS, DEFAULT_VISITOR_GRACE_S
from widgets.server.visitors import CURRENT, Ticket, VisitorLimit, VisitorShares

BUSY = ("This dashboard server already runs {running} dashboards, its limit. "
        "Close a dashboard tab you no longer use, or wait a few minutes "
        "(idle dashboards close after 10 minutes), then reload this page.")


class CappedKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` that refuses to start kernel number ``max_kernels + 1``."""

    max_kernels = Integer(DEFAULT_MAX_KERNELS, config=True,
                          help="How many kernels may run at once; the next page is told to wait.")
    kernels_per_visitor = Integer(DEFAULT_KERNELS_PER_VISITOR, config=True,
                                  help="How many page kernels one visitor may hold; their next page is told why.")
    visitor_grace = Float(DEFAULT_VISITOR_GRACE_S, config=True,
                          help="Seconds a page's kernel may run with no websocket connected before it is shut down.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels asked for but not yet listed (starts overlap on a busy server)
        self.visitors = VisitorBook(self.visitor_grace)
        self.shares = VisitorShares(self.kernels_per_visitor)
        self._notebook_kernels: set[str] = set()  # kernels JupyterLab started on the same server (Binder)
        self._sweeper: PeriodicCallback | None = None

    def running(self) -> int:
        """Kernels running or being started now."""
        return len(self.list_kernel_ids()) + self._starting

    # jupyter_client types start_kernel on MultiKernelManager as the blocking call (run_sync); the async manager
    # extended here makes it a coroutine and ignores the same clash in its own definition
    async def start_kernel(  # type: ignore[override]  # a coroutine, as AsyncMappingKernelManager's own
            self, *, kernel_id: str | None = None, path: ApiPath | None = None, **kwargs: Any) -> str:
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        running = self.running()
        if running >= self.max_kernels:
            self.log.warning("Kernel cap reached: %d running, max_kernels=%d; page refused", running,
                             self.max_kernels)
            raise HTTPError(503, BUSY.format(running=running), reason="Dashboard server busy")
        ticket = self._admit(kwargs.get("env"))
        self._starting += 1
        try:
            started = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        except BaseException:
            if ticket is not None:
                self.shares.failed(ticket)
            raise
        finally:
            self._starting -= 1
        if ticket is not None:
            self.shares.started(ticket, started)
        if is_page_kernel(kwargs.get("env")):
            self.visitors.started(started)
            self._start_sweeper()
        else:
            self._notebook_kernels.add(started)
        return started

    def _admit(self, env: dict[str, str] | None) -> Ticket | None:
        """Count the page kernel about to start against its visitor, or refuse the page (503, in words)."""
        visitor = CURRENT.get()
        if visitor is None or not is_page_kernel(env):  # a notebook's kernel, or no page hook ran
            return None
        try:
            return self.shares.admit(visitor)
        except VisitorLimit as err:
            self.log.warning("Visitor share reached: %d kernels, kernels_per_visitor=%d (address %s); page refused",
                             self.shares.held(visitor), self.kernels_per_visitor, visitor.address)
            raise HTTPError(503, str(err).replace("%", "%%"), reason="Too many dashboards open") from None

    def is_page_kernel(self, kernel_id: str) -> bool:
        """Whether the kernel serves a dashboard page (every kernel but those JupyterLab started)."""
        return kernel_id not in self._notebook_kernels

    # --- websockets come and go (the connection calls these) -----------------------------------
    def visitor_returned(self, cookie: str) -> None:
        """A websocket brought this visitor cookie back: its kernels no longer count against their address."""
        self.shares.returned(cookie)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self.visitors.opened(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        self.visitors.closed(kernel_id)

    def _start_sweeper(self) -> None:
        if self._sweeper is None:
            every_ms = 1000 * max(0.5, min(5.0, self.visitor_grace / 4))
            self._sweeper = PeriodicCallback(self.end_abandoned, every_ms)
            self._sweeper.start()

    async def end_abandoned(self) -> list[str]:
        """Shut down every page kernel whose visitor has been gone longer than the grace period."""
        ended = []
        for kernel_id in self.visitors.abandoned():
            self.visitors.forget(kernel_id)
            if kernel_id not in self:
                continue
            self.log.warning("Kernel %s: no page connected for %.0f s; shutting it down with its workers",
                             kernel_id, self.visitor_grace)
            try:
                await self.shutdown_kernel(kernel_id, now=True)
                ended.append(kernel_id)
            except Exception:  # noqa: BLE001 - one kernel that will not go must not stop the sweep
                self.log.exception("Kernel %s could not be shut down", kernel_id)
        return ended

    def remove_kernel(self, kernel_id: str) -> Any:
        """Forget a kernel (shut down, or found dead): it no longer counts against its visitor."""
        self.shares.forget(kernel_id)
        return super().remove_kernel(kernel_id)

    async def shutdown_kernel(  # type: ignore[override]  # a coroutine, as AsyncMappingKernelManager's own
            self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        """Shut the kernel down, then end whatever it started that outlived it (pools, Dask workers)."""
        self.visitors.forget(kernel_id)
        self.shares.forget(kernel_id)
        self._notebook_kernels.discard(kernel_id)
        started = process_tree(getattr(getattr(self.get_kernel(kernel_id), "provisioner", None), "pid", None)
                               if kernel_id in self else None)
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        left = await asyncio.get_running_loop().run_in_executor(None, end_processes, started)
        if left:
            self.log.warning("Kernel %s left %d processes behind; ended them", kernel_id, left)
