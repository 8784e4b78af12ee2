"""The hardened Voilà server for strangers: settings, a kernel cap, a quiet websocket, a page hook.

Loaded by the *server* process (``binder/voila.py`` for ``make dashboard``,
``binder/jupyter_server_config.py``, installed by ``binder/postBuild``, on
Binder), never by a kernel; nothing here imports ipywidgets or plotly. What
each piece defends against:

- ``settings``: the Host check (loopback names, or the names in
  ``RULES_EXPLORER_HOSTS``), ``SameSite`` cookies, no CDN template, no template
  override from the URL.
- ``kernels.CappedKernelManager``: at most ``RULES_EXPLORER_MAX_KERNELS`` kernels
  (50 by default); the next page is told, in words, to wait or close a tab. A
  page's kernel whose websockets are gone for ``RULES_EXPLORER_VISITOR_GRACE_SECONDS``
  (60) is shut down with every process it started (``reaper``), busy or not.
- ``connection.QuietKernelConnection``: a kernel's stderr and error messages
  (tracebacks naming server paths) never reach a visitor's websocket.
- ``hooks.prelaunch_hook``: gives every page its ``_xsrf`` cookie, so the page's
  own "shut my kernel down" call on close or reload is accepted.

What one page may *start* (games, seconds of simulation, backends, worker
processes) is the kernel's own business: ``explorer.sim.budget``.
"""
