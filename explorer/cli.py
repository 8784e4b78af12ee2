"""``rules-explorer``: the command a user runs, one subcommand per thing the project does from a shell.

- ``rules-explorer serve``: the hardened Voilà dashboards on http://127.0.0.1:8866/ (what
  ``make dashboard`` runs; needs the ``dashboard`` extra),
- ``rules-explorer sim``: the simulation lab's seeded batch runs (``python -m explorer.sim``;
  the ``sim`` extra brings its progress bars, Dask and Parquet),
- ``rules-explorer site``: the dashboards as a static site that needs no server
  (``widgets.site.__main__.main``; the ``site`` extra).

The server and the site builder run as their own Python processes, so this module, like
all of ``explorer/``, never imports ipywidgets, plotly or IPython. A missing extra is
named before anything starts (``explorer.extras``), with the command that installs it.

>>> print(parser().format_usage().strip())
usage: rules-explorer [-h] [--version] {serve,sim,site} ...
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from explorer import __version__
from explorer.extras import DISTRIBUTION, installed, missing

DEFAULT_PORT = 8866
STOP_WAIT_S = 30.0
"""How long ``serve`` waits for Voilà to shut its kernels down after Ctrl-C before it ends it."""

CHECKOUT = Path(__file__).resolve().parents[1]
"""The folder above ``explorer/``: a clone of the repository, or ``site-packages`` for a wheel."""

SHIPPED: dict[str, tuple[tuple[str, ...], tuple[str, ...], int]] = {
    # what: (where it is in a checkout, the folder it is installed in from the wheel, levels up from there)
    "dashboards": (("notebooks", "dashboards"), ("share", "rules-explorer", "dashboards"), 0),
    "voila config": (("binder",), ("share", "rules-explorer", "voila"), 0),
    "jupyter data": (("binder", "share", "jupyter"), ("share", "jupyter", "voila", "templates", "rules-explorer"), 3),
}
"""The files ``serve`` needs besides the code; ``pyproject.toml``'s ``data-files`` installs them from the
checkout's own copies (one copy in git). ``jupyter data`` is the ``JUPYTER_PATH`` entry holding
``voila/templates/rules-explorer``, the page template without CDN links."""

REFUSED_SERVER_OPTIONS = ("--ip", "--Voila.ip", "--Voila.config_file_paths", "--template", "--Voila.template",
                          "--VoilaConfiguration.template", "--port", "--Voila.port")
"""Options ``serve`` sets itself: the server listens on loopback with the hardened configuration."""

DESCRIPTION = """\
Rules Explorer: exact odds and an interactive rules explorer for five space tabletop games
(Warp's Edge, Star Realms, Space Fleet Command, the Battle of Endor, Pinned Down).

In Python:  import explorer; explorer.load_game("star_realms")  (pip install rules-explorer: the core, numpy)
In Jupyter: the panels of the widgets package  (pip install 'rules-explorer[widgets]')
"""

EPILOG = """\
examples:
  rules-explorer serve                      the dashboards on http://127.0.0.1:8866/ (Ctrl-C stops)
  rules-explorer serve --port 9000 -- --token=SECRET
  rules-explorer sim star_realms --games 2000 --policies heuristic,random --out results.csv
  rules-explorer sim star_realms --games 2000 --variant standard,printed_explorer
  rules-explorer sim --help                 every option of the simulation lab
  rules-explorer site --out site            the dashboards as static pages

extras: pip install 'rules-explorer[dashboard]' (serve), '[sim]' (Dask, Parquet, progress bars),
'[site]' (site), '[widgets]' (the panels in your own JupyterLab).
Documentation: the docs/ folder of the repository, built by `make docs`.
"""


def shipped(what: str) -> Path:
    """The folder holding ``what`` (a key of :data:`SHIPPED`): the checkout's, else the one the wheel installed.

    >>> shipped("dashboards").joinpath("index.ipynb").is_file()
    True
    """
    in_checkout, installed_in, up = SHIPPED[what]
    here = CHECKOUT.joinpath(*in_checkout)
    if here.is_dir():
        return here
    try:
        files = importlib.metadata.distribution(DISTRIBUTION).files or []
    except importlib.metadata.PackageNotFoundError:
        files = []
    for file in files:  # the wheel's data files are recorded relative to site-packages: ../../../share/...
        if file.parent.parts[-len(installed_in):] == installed_in:
            folder = Path(str(file.locate())).resolve().parent
            return folder.parents[up - 1] if up else folder
    raise FileNotFoundError(f"the {what} of rules-explorer are neither in {here} nor installed with the package; "
                            f"reinstall it: pip install --force-reinstall '{DISTRIBUTION}[dashboard]'")


def parser() -> argparse.ArgumentParser:
    """The command line: ``serve``, ``sim`` and ``site``, with the examples above as its help."""
    p = argparse.ArgumentParser(prog="rules-explorer", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"rules-explorer {__version__}")
    commands = p.add_subparsers(dest="command", metavar="{serve,sim,site}", required=True)
    serve = commands.add_parser(
        "serve", help="serve the hardened dashboards with Voilà on 127.0.0.1 (what `make dashboard` runs)",
        description="Serve the dashboards on http://127.0.0.1:PORT/, hardened for visitors you do not know "
                    "(Host and Origin checks, no tracebacks, at most RULES_EXPLORER_MAX_KERNELS kernels, no CDN "
                    "assets, idle kernels culled). Options after `--` go to Voilà, e.g. -- --token=SECRET. "
                    "To serve a group on other machines, put a TLS reverse proxy in front (the documentation's "
                    "'Serving for a group').")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    serve.add_argument("voila_options", nargs="*", metavar="VOILA_OPTION", help="passed on to Voilà, after --")
    commands.add_parser("sim", add_help=False,
                        help="the simulation lab: seeded games, win rates with intervals (rules-explorer sim --help)")
    commands.add_parser("site", add_help=False,
                        help="build the dashboards as a static site that needs no server (rules-explorer site --help)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (2 for a usage error or a missing extra)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "sim":
        return _sim(args[1:])
    if args and args[0] == "site":
        return _site(args[1:])
    options = parser().parse_args(args)
    return _serve(options.port, options.voila_options)


def _fail(message: str) -> int:
    print(f"rules-explorer: error: {message}", file=sys.stderr)
    return 2


def _sim(args: list[str]) -> int:
    """``explorer.sim.cli`` with what its options need checked first, so a missing extra is named before any game."""
    from explorer.sim import cli

    lab = cli.parser()
    lab.prog = "rules-explorer sim"  # its help and usage errors name the command that was typed
    options = lab.parse_args(args)  # --help, or a usage error, exits here with the lab's own words
    needs = [("tqdm", "the simulation lab's command line (its progress bars)")]
    if options.backend == "dask":
        needs.append(("dask.distributed", "the simulation lab's Dask backend"))
    if options.out and options.out.endswith(".parquet"):
        needs.append(("pyarrow", "writing the per-game table as Parquet"))
    for module, purpose in needs:
        if not installed(module):
            return _fail(str(missing("sim", purpose, f"No module named {module!r}")))
    return cli.main(args)


SITE_MAIN = ("site", "__main__.py")
"""The static site's builder inside the ``widgets`` package: ``widgets.site.__main__.main(argv) -> int``."""


def site_builder() -> Path | None:
    """Where ``widgets/site/__main__.py`` is, found without importing ``widgets`` (it imports every panel);
    None while the builder is not part of this install."""
    try:
        found = importlib.util.find_spec("widgets")
    except (ImportError, ValueError):
        return None
    for folder in (found.submodule_search_locations or []) if found else []:
        builder = Path(folder).joinpath(*SITE_MAIN)
        if builder.is_file():
            return builder
    return None


def _site(args: list[str]) -> int:
    """``widgets.site.__main__.main(args)``, in a Python of its own: the builder imports the panels, and this
    process (like all of ``explorer/``) never imports ipywidgets."""
    for module, extra in (("ipywidgets", "widgets"), ("jupyterlite_core", "site"), ("voici_core", "site")):
        if not installed(module):
            return _fail(str(missing(extra, "building the static site", f"No module named {module!r}")))
    if site_builder() is None:
        return _fail("this install has no static site builder yet (widgets/site/__main__.py is missing): "
                     "rules-explorer site needs a rules-explorer with widgets.site")
    run = "import sys; from widgets.site.__main__ import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.call([sys.executable, "-c", run, *args])


def serve_command(port: int = DEFAULT_PORT, voila_options: Sequence[str] = ()) -> list[str]:
    """The Voilà command ``serve`` runs: the dashboards folder only, loopback, the hardened configuration.

    >>> cmd = serve_command(9000)
    >>> cmd[1:4], cmd[5:8]
    (['-P', '-m', 'voila'], ['--no-browser', '--Voila.ip=127.0.0.1', '--port=9000'])
    >>> serve_command(9000, ["--Voila.ip=0.0.0.0"])
    Traceback (most recent call last):
    ...
    ValueError: rules-explorer serve sets --Voila.ip itself (loopback, hardened); to reach it from other machines put a reverse proxy in front of it
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise ValueError(f"--port must be a whole number from 1 to 65535, got {port!r}")
    for option in voila_options:
        name = option.split("=", 1)[0]
        if name in REFUSED_SERVER_OPTIONS:
            raise ValueError(f"rules-explorer serve sets {name} itself (loopback, hardened); "
                             "to reach it from other machines put a reverse proxy in front of it")
    return [sys.executable, "-P", "-m", "voila", str(shipped("dashboards")), "--no-browser", "--Voila.ip=127.0.0.1",
            f"--port={port}", f"--Voila.config_file_paths={shipped('voila config')}", *voila_options]


def _serve(port: int, voila_options: Sequence[str]) -> int:
    if not installed("voila") or not installed("ipywidgets"):
        return _fail(str(missing("dashboard", "serving the dashboards")))
    try:
        command = serve_command(port, voila_options)
        jupyter_data = str(shipped("jupyter data"))
    except (ValueError, FileNotFoundError) as err:
        return _fail(str(err))
    env = dict(os.environ)
    others = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join([jupyter_data, *others])
    pages = sorted(p.name for p in shipped("dashboards").glob("*.ipynb"))
    print(f"\n  Rules Explorer dashboards: http://127.0.0.1:{port}/   (Ctrl-C stops)", flush=True)
    for name in pages:
        print(f"    http://127.0.0.1:{port}/voila/render/{name}", flush=True)
    print(flush=True)
    return _run_server(command, env)


def _run_server(command: list[str], env: dict[str, str]) -> int:
    """Run the server until it exits; Ctrl-C and SIGTERM reach it, and it is never left behind."""
    server = subprocess.Popen(command, env=env)

    def forward(signum: int, _frame: FrameType | None) -> None:
        server.send_signal(signum)

    stops = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    previous = {s: signal.signal(s, forward) for s in stops}
    try:
        return server.wait()
    except KeyboardInterrupt:  # the terminal sent Ctrl-C to the server too: let it shut its kernels down
        try:
            return server.wait(timeout=STOP_WAIT_S)
        except (subprocess.TimeoutExpired, KeyboardInterrupt):
            server.terminate()
            return server.wait()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for s, handler in previous.items():
            signal.signal(s, handler)


if __name__ == "__main__":
    sys.exit(main())
