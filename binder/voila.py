# Voilà's configuration for `make dashboard` (standalone Voilà, loaded with
# --Voila.config_file_paths="['binder']"): hardened for visitors you do not know.
# What it does and why: widgets/server/__init__.py; serving a group: README "Serving for a group".
#
# The server loads widgets/server/ *without* running widgets/__init__.py, which imports every
# panel (ipywidgets, plotly, the games): the server needs none of them, and a panel that fails
# to import must not take the server's protections with it. If the settings themselves cannot
# load, the server refuses to start rather than serve unprotected.
import sys
import types
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
if "widgets" not in sys.modules:
    _package = types.ModuleType("widgets")
    _package.__path__ = [str(_ROOT / "widgets")]
    sys.modules["widgets"] = _package
try:
    from widgets.server.settings import configure_voila
except Exception as err:  # noqa: BLE001
    sys.exit(f"binder/voila.py: the hardened server settings did not load ({err!r}); not serving without them")

configure_voila(c)  # noqa: F821 - `c` is the config object traitlets gives a config file
