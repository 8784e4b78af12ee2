# Voilà's configuration for `rules-explorer serve` and `make dashboard` (standalone Voilà, loaded with
# --Voila.config_file_paths=<this folder>): hardened for visitors you do not know.
# What it does and why: widgets/server/__init__.py; serving a group: docs/serving.md.
#
# The server loads widgets/server/ *without* running widgets/__init__.py, which imports every
# panel (ipywidgets, plotly, the games): the server needs none of them, and a panel that fails
# to import must not take the server's protections with it. If the settings themselves cannot
# load, the server refuses to start rather than serve unprotected.
#
# This file is read from the checkout's binder/ (`make dashboard`, the browser tests) and, from a wheel,
# from <prefix>/share/rules-explorer/voila/ where the package installs it (`rules-explorer serve`): the
# widgets/ beside the checkout's binder/ is used when there is one, else the installed package.
import importlib.util
import sys
import types
from pathlib import Path

_CHECKOUT_WIDGETS = Path(__file__).resolve().parents[1] / "widgets"
try:
    if "widgets" not in sys.modules:
        if (_CHECKOUT_WIDGETS / "server" / "settings.py").is_file():
            _where = [str(_CHECKOUT_WIDGETS)]
        else:
            _found = importlib.util.find_spec("widgets")  # finds the installed package without importing it
            if _found is None or not _found.submodule_search_locations:
                raise ImportError("the rules-explorer package (widgets/) is not installed")
            _where = list(_found.submodule_search_locations)
        _package = types.ModuleType("widgets")
        _package.__path__ = _where
        sys.modules["widgets"] = _package
    from widgets.server.settings import configure_voila
except Exception as err:  # noqa: BLE001
    sys.exit(f"binder/voila.py: the hardened server settings did not load ({err!r}); not serving without them")

configure_voila(c)  # noqa: F821 - `c` is the config object traitlets gives a config file
