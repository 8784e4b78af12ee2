# Jupyter Server's configuration on Binder: binder/postBuild copies this file into the user's Jupyter
# config folder ($(jupyter --config-dir)), the only place the server reads it from. It hardens the
# dashboards Voilà renders through its server extension as `make dashboard` does (binder/voila.py):
# our CDN-free template, no template override, hidden tracebacks, culling of idle kernels, the kernel
# cap, a page kernel's stderr kept off the page, and a page's kernel (with its workers) ended once its
# visitor is gone. What each piece does: widgets/server/; the settings: docs/serving.md ("Serving for a group").
#
# widgets/server/ is loaded without running widgets/__init__.py (which imports every panel): the server
# needs none of them, and a panel that fails to import must not take the protections with it. If the
# settings cannot load, the server refuses to start rather than serve unprotected.
import importlib.util
import sys
import types

try:
    if "widgets" not in sys.modules:
        _found = importlib.util.find_spec("widgets")  # finds the installed package without importing it
        if _found is None or not _found.submodule_search_locations:
            raise ImportError("the rules-explorer package (widgets/) is not installed")
        _package = types.ModuleType("widgets")
        _package.__path__ = list(_found.submodule_search_locations)
        sys.modules["widgets"] = _package
    from widgets.server.settings import configure_jupyter_server
except Exception as err:  # noqa: BLE001
    sys.exit(f"jupyter_server_config.py: the hardened dashboard settings did not load ({err!r}); "
             "not serving without them")

configure_jupyter_server(c)  # noqa: F821 - `c` is the config object traitlets gives a config file
