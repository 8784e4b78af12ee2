"""Optional parts of the install, and the error that says which extra brings a missing one.

``pip install rules-explorer`` brings the rules core and numpy alone. What a role needs
beyond that comes as an *extra* (``pyproject.toml``): ``widgets`` for the panels in
JupyterLab, ``dashboard`` to serve them, ``sim`` for the simulation lab's Dask backend,
Parquet tables and progress bars, ``site`` for the static site, ``docs``, ``test``.
Those packages are imported only where a run asks for them, through :func:`require`,
so the core never needs them, and a missing one is reported with the command that
installs it instead of a bare ``ModuleNotFoundError``:

>>> require("json", "sim", "reading JSON").dumps([1])
'[1]'
>>> require("no_such_module_here", "sim", "the simulation lab's Dask backend")
Traceback (most recent call last):
...
explorer.extras.MissingExtraError: the simulation lab's Dask backend needs the sim extra: pip install 'rules-explorer[sim]' (No module named 'no_such_module_here')
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

DISTRIBUTION = "rules-explorer"
"""The name ``pip`` installs this project by."""

EXTRAS: dict[str, str] = {
    "widgets": "the panels in JupyterLab or a notebook (ipywidgets, plotly, anywidget)",
    "dashboard": "serving the dashboards (the widgets, voila, jupyterlab, psutil)",
    "sim": "the simulation lab's Dask backend, Parquet tables and progress bars (dask, pyarrow, tqdm)",
    "site": "building the static site (voici-core, jupyterlite)",
    "docs": "building the documentation (sphinx, myst-nb, furo)",
    "test": "running the tests (all of the above and the test tools)",
}
"""Every extra ``pyproject.toml`` declares, and what it is for."""


class MissingExtraError(ImportError):
    """An optional package is not installed; the message names the extra that installs it."""


def install_command(extra: str) -> str:
    """The command that installs ``extra``, quoted for a shell.

    >>> install_command("dashboard")
    "pip install 'rules-explorer[dashboard]'"
    >>> install_command("gui")
    Traceback (most recent call last):
    ...
    ValueError: no extra called 'gui'; the extras are widgets, dashboard, sim, site, docs, test
    """
    if extra not in EXTRAS:
        raise ValueError(f"no extra called {extra!r}; the extras are {', '.join(EXTRAS)}")
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def missing(extra: str, purpose: str, detail: str = "") -> MissingExtraError:
    """The error for ``purpose`` lacking ``extra`` (``detail``: what exactly failed to import).

    >>> print(missing("dashboard", "serving the dashboards"))
    serving the dashboards needs the dashboard extra: pip install 'rules-explorer[dashboard]'
    """
    text = f"{purpose} needs the {extra} extra: {install_command(extra)}"
    return MissingExtraError(f"{text} ({detail})" if detail else text)


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """Import ``module`` (e.g. ``"dask.distributed"``); if it or a module it needs is missing,
    raise :class:`MissingExtraError` naming ``extra`` and ``purpose``.

    Only a module that is *not installed* is reported this way; an installed package
    that fails for another reason raises its own error, unchanged, so a broken
    install is not mistaken for a missing one.
    """
    install_command(extra)  # a misspelt extra is a bug here, not the user's missing package
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        raise missing(extra, purpose, str(err)) from err


def installed(module: str) -> bool:
    """Whether ``module`` can be imported, found without importing it (a server need not load here).

    >>> installed("json"), installed("no_such_module_here")
    (True, False)
    """
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package that is missing, or a broken one
        return False
