"""A kernel websocket that keeps a kernel's stderr and error messages on the server.

A malformed comm message makes the kernel log a traceback (naming server
paths) to its stderr, which ipykernel forwards over iopub to the browser.
A visitor has no use for it: those messages are dropped here and written to
the server's log instead, where the operator sees them. On a server that also
runs JupyterLab (Binder), a notebook's own kernel keeps its stderr and errors:
the kernel manager says which kernels serve pages.

A websocket that brings the visitor cookie back tells the kernel manager, so
the kernels of that visitor's first page no longer count against their
address (``visitors``).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from widgets.server.visitors import read_cookie


class QuietKernelConnection(ZMQChannelsWebsocketConnection):
    """Drops iopub ``stream`` messages to stderr and ``error`` messages before they reach the page."""

    def connect(self) -> Any:
        """Connect as usual; first hand the visitor cookie the websocket carries to the kernel manager."""
        returned = getattr(self.multi_kernel_manager, "visitor_returned", None)
        if returned is not None:
            cookie = read_cookie(self.websocket_handler)
            if cookie is not None:
                returned(cookie)
        return super().connect()

    def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
        channel = stream if isinstance(stream, str) else getattr(stream, "channel", None)
        if channel == "iopub" and self._serves_a_page() and self._private(outgoing_msg):
            return
        super().handle_outgoing_message(stream, outgoing_msg)

    def _serves_a_page(self) -> bool:
        is_page_kernel = getattr(self.multi_kernel_manager, "is_page_kernel", None)
        return True if is_page_kernel is None else bool(is_page_kernel(self.kernel_id))

    def _private(self, msg_list: list[Any]) -> bool:
        """Whether this iopub message carries stderr text or a traceback (logged here instead)."""
        try:
            _, parts = self.session.feed_identities(msg_list)
            header = self.session.unpack(parts[1])
            kind = header.get("msg_type")
            if kind not in ("stream", "error"):
                return False
            content = self.session.unpack(parts[4])
        except Exception:  # noqa: BLE001 - a message we cannot read is passed on as before
            return False
        if kind == "stream" and content.get("name") != "stderr":
            return False
        text = content.get("text") or "\n".join(content.get("traceback") or ()) or content.get("evalue", "")
        self.log.warning("Kernel %s %s kept from the page: %s", self.kernel_id, kind, str(text)[:2000])
        return True
