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
- ``visitors``: one visitor holds at most ``RULES_EXPLORER_KERNELS_PER_VISITOR``
  page kernels (3 by default); their next page says so and asks them to close
  one of their other dashboard tabs. A visitor is known by a cookie the server
  sets (``rules_explorer_visitor``: signed, ``HttpOnly``, ``SameSite=Lax``) and,
  for a page that comes without it, by the client address.
- ``connection.QuietKernelConnection``: a kernel's stderr and error messages
  (tracebacks naming server paths) never reach a visitor's websocket.
- ``hooks.prelaunch_hook``: gives every page its ``_xsrf`` cookie, so the page's
  own "shut my kernel down" call on close or reload is accepted, and names the
  page's visitor for the kernel manager.

What one page may *start* (games, seconds of simulation, backends, worker
processes) is the kernel's own business: ``explorer.sim.budget``.
"""
