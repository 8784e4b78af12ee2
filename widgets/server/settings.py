"""What the dashboard server accepts, read from the environment the operator controls.

``RULES_EXPLORER_HOSTS``: extra host names the server answers to, separated by
commas (``dashboards.example.org,games.local``). Loopback names and addresses
(``localhost``, ``127.0.0.1``, ``::1``) are always accepted; any other ``Host``
header gets 403, which defeats DNS rebinding. ``*`` turns the check off: only
behind a reverse proxy that checks the host itself.

``RULES_EXPLORER_MAX_KERNELS``: how many dashboard kernels the server runs at
once (default 50, each takes 75-150 MB).

``RULES_EXPLORER_KERNELS_PER_VISITOR``: how many dashboard kernels one visitor
may hold at once (default 3, 1 to 1000): the next page they open is told to
close one of their other dashboard tabs. A visitor is known by a cookie the
server sets (``HttpOnly``, ``SameSite=Lax``), and by the client address while a
page comes without it (see ``visitors``).

``RULES_EXPLORER_VISITOR_GRACE_SECONDS``: how long a page's kernel (and every
process it started) keeps running once no websocket of its page is connected
(default 60): a visitor who vanishes without closing the page frees the server.

The work one page may start (games per run, seconds of simulation, backends,
worker processes) is read by the kernels themselves: ``explorer.sim.budget``.

>>> allowed_hosts({"RULES_EXPLORER_HOSTS": " games.example.org, ,LAB.local "})
('localhost', 'games.example.org', 'lab.local')
>>> max_kernels({"RULES_EXPLORER_MAX_KERNELS": "0"})
Traceback (most recent call last):
...
ValueError: RULES_EXPLORER_MAX_KERNELS must be a whole number from 1 to 1000, got '0'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

HOSTS_VARIABLE = "RULES_EXPLORER_HOSTS"
MAX_KERNELS_VARIABLE = "RULES_EXPLORER_MAX_KERNELS"
DEFAULT_MAX_KERNELS = 50
KERNELS_PER_VISITOR_VARIABLE = "RULES_EXPLORER_KERNELS_PER_VISITOR"
DEFAULT_KERNELS_PER_VISITOR = 3
VISITOR_GRACE_VARIABLE = "RULES_EXPLORER_VISITOR_GRACE_SECONDS"
DEFAULT_VISITOR_GRACE_S = 60.0
CULL_IDLE_S = 600
CULL_INTERVAL_S = 60
TEMPLATE = "rules-explorer"
"""Our Voilà template: the ``lab`` template without its Font Awesome CSS from a CDN."""

TEMPLATE_ROOT = Path(__file__).resolve().parents[2] / "binder" / "share" / "jupyter"
"""The checkout's ``JUPYTER_PATH`` entry holding ``voila/templates/rules-explorer``. A wheel has no
``binder/``: it installs the template in ``<prefix>/share/jupyter/voila/templates/``, where Jupyter looks
by itself, and ``rules-explorer serve`` puts that folder on ``JUPYTER_PATH`` (``explorer.cli.shipped``)."""

_HOSTNAME = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*")


def allowed_hosts(env: Mapping[str, str] = os.environ) -> tuple[str, ...]:
    """The host names (not addresses) the server answers to: ``localhost`` plus ``RULES_EXPLORER_HOSTS``."""
    names = ["localhost"]
    for raw in env.get(HOSTS_VARIABLE, "").split(","):
        name = raw.strip().lower()
        if not name or name in names:
            continue
        if name != "*" and not _HOSTNAME.fullmatch(name):
            raise ValueError(f"{HOSTS_VARIABLE}: {name!r} is not a host name (write names like games.example.org)")
        names.append(name)
    return tuple(names)


def max_kernels(env: Mapping[str, str] = os.environ) -> int:
    """The kernel cap from ``RULES_EXPLORER_MAX_KERNELS`` (1 to 1000), 50 when unset."""
    raw = env.get(MAX_KERNELS_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_MAX_KERNELS
    if not raw.isdigit() or not 1 <= int(raw) <= 1000:
        raise ValueError(f"{MAX_KERNELS_VARIABLE} must be a whole number from 1 to 1000, got {raw!r}")
    return int(raw)


def kernels_per_visitor(env: Mapping[str, str] = os.environ) -> int:
    """The kernels one visitor may hold, from ``RULES_EXPLORER_KERNELS_PER_VISITOR`` (1 to 1000), 3 when unset.

    >>> kernels_per_visitor({}), kernels_per_visitor({"RULES_EXPLORER_KERNELS_PER_VISITOR": "5"})
    (3, 5)
    >>> kernels_per_visitor({"RULES_EXPLORER_KERNELS_PER_VISITOR": "three"})
    Traceback (most recent call last):
    ...
    ValueError: RULES_EXPLORER_KERNELS_PER_VISITOR must be a whole number from 1 to 1000, got 'three'
    """
    raw = env.get(KERNELS_PER_VISITOR_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_KERNELS_PER_VISITOR
    if not raw.isdigit() or not 1 <= int(raw) <= 1000:
        raise ValueError(f"{KERNELS_PER_VISITOR_VARIABLE} must be a whole number from 1 to 1000, got {raw!r}")
    return int(raw)


def visitor_grace(env: Mapping[str, str] = os.environ) -> float:
    """Seconds from ``RULES_EXPLORER_VISITOR_GRACE_SECONDS`` (1 to 86400), 60 when unset.

    >>> visitor_grace({}), visitor_grace({"RULES_EXPLORER_VISITOR_GRACE_SECONDS": "5"})
    (60.0, 5.0)
    """
    raw = env.get(VISITOR_GRACE_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_VISITOR_GRACE_S
    if not raw.isdigit() or not 1 <= int(raw) <= 86400:
        raise ValueError(f"{VISITOR_GRACE_VARIABLE} must be a whole number of seconds from 1 to 86400, got {raw!r}")
    return float(raw)


def tornado_settings(env: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """Settings merged into the web application after Voilà's own (so they win).

    >>> s = tornado_settings({})
    >>> s["allow_remote_access"], s["local_hostnames"], s["xsrf_cookie_kwargs"]["samesite"]
    (False, ['localhost'], 'Strict')
    """
    hosts = allowed_hosts(env)
    return {
        "allow_remote_access": "*" in hosts,
        "local_hostnames": [h for h in hosts if h != "*"],
        # the page reads _xsrf from document.cookie to send it with its shutdown call: not HttpOnly
        "xsrf_cookie_kwargs": {"samesite": "Strict"},
        # the login cookie, when the operator sets a token: Lax so a shared link still opens the page
        "cookie_options": {"samesite": "Lax", "httponly": True},
        "headers": {
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin",
            "X-Frame-Options": "SAMEORIGIN",
        },
    }


def use_template_root(env: dict[str, str] | os._Environ[str] = os.environ) -> None:
    """Put the checkout's template folder first on ``JUPYTER_PATH`` (Voilà looks templates up there by name).

    Installed from a wheel there is no such folder, and the path is left as it is.
    """
    if not TEMPLATE_ROOT.is_dir():
        return
    root = str(TEMPLATE_ROOT)
    parts = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if root not in parts:
        env["JUPYTER_PATH"] = os.pathsep.join([root, *parts])


def configure_voila(c: Any, env: Mapping[str, str] = os.environ) -> None:
    """Fill a traitlets config ``c`` for standalone Voilà (``binder/voila.py`` calls this)."""
    use_template_root()
    c.VoilaConfiguration.show_tracebacks = False
    c.VoilaConfiguration.template = TEMPLATE
    c.VoilaConfiguration.allow_template_override = "NO"  # ?template=reveal would load CDN assets
    c.VoilaConfiguration.multi_kernel_manager_class = "widgets.server.kernels.CappedKernelManager"
    c.VoilaConfiguration.prelaunch_hook = _prelaunch_hook()
    c.Voila.kernel_websocket_connection_class = "widgets.server.connection.QuietKernelConnection"
    c.Voila.tornado_settings = tornado_settings(env)
    c.IdentityProvider.cookie_options = {"samesite": "Lax", "httponly": True}  # the anonymous user's cookie
    c.CappedKernelManager.max_kernels = max_kernels(env)
    c.CappedKernelManager.kernels_per_visitor = kernels_per_visitor(env)
    c.CappedKernelManager.visitor_grace = visitor_grace(env)
    c.MappingKernelManager.cull_idle_timeout = CULL_IDLE_S
    c.MappingKernelManager.cull_interval = CULL_INTERVAL_S


def configure_jupyter_server(c: Any, env: Mapping[str, str] = os.environ) -> None:
    """Fill a traitlets config ``c`` for ``jupyter server`` with Voilà's server extension (Binder).

    ``binder/jupyter_server_config.py`` (installed by ``binder/postBuild`` into
    the user's Jupyter config folder) calls this. The pages Voilà renders get
    the same hardening as under ``make dashboard`` (our CDN-free template, no
    template override, no tracebacks, the kernel cap and each visitor's share, the quiet websocket for
    page kernels, the visitor grace period, culling); JupyterLab on the same
    server keeps its own behaviour (its kernels are not page kernels).

    >>> from traitlets.config import Config
    >>> c = Config(); configure_jupyter_server(c, {})
    >>> c.VoilaConfiguration.template, c.VoilaConfiguration.show_tracebacks, c.MappingKernelManager.cull_idle_timeout
    ('rules-explorer', False, 600)
    """
    c.VoilaConfiguration.show_tracebacks = False
    c.VoilaConfiguration.template = TEMPLATE
    c.VoilaConfiguration.allow_template_override = "NO"
    c.VoilaConfiguration.prelaunch_hook = _prelaunch_hook()
    c.ServerApp.kernel_manager_class = "widgets.server.kernels.CappedKernelManager"
    c.ServerApp.kernel_websocket_connection_class = "widgets.server.connection.QuietKernelConnection"
    c.CappedKernelManager.max_kernels = max_kernels(env)
    c.CappedKernelManager.kernels_per_visitor = kernels_per_visitor(env)
    c.CappedKernelManager.visitor_grace = visitor_grace(env)
    c.MappingKernelManager.cull_idle_timeout = CULL_IDLE_S
    c.MappingKernelManager.cull_interval = CULL_INTERVAL_S


def _prelaunch_hook() -> Any:
    from widgets.server.hooks import prelaunch_hook

    return prelaunch_hook
