"""Build the dashboards as a static site: Voici pages on JupyterLite's Pyodide kernel, every file inside.

The steps, each in its own module:

1. Pyodide from the npm package, checked against its hash (:mod:`widgets.site.pyodide_dist`);
2. this project's wheel from the checkout (:mod:`widgets.site.project_wheel`);
3. every wheel the page's Python needs, pure, for Python 3.13 (:mod:`widgets.site.resolve`);
4. ``voici build`` of the dashboards with the project's CDN-free template;
5. the interpreter and the wheels copied to ``static/pyodide/``, with a lock written for exactly those
   wheels (:mod:`widgets.site.lock`), and the kernel told to load them all at start and never to ask
   a package index (``disablePyPIFallback``).

The output folder holds everything; copy it to any static host as it is.

>>> Path(TEMPLATE_DIR).name
'jupyter'
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from widgets.site.lock import site_lock, startup_packages, write_lock
from widgets.site.project_wheel import PROJECT, build_project_wheel
from widgets.site.pyodide_dist import check_kernel_matches, copy_runtime, fetch_pyodide
from widgets.site.resolve import KERNEL_ROOTS, VIEW_ROOTS, Resolver, kernel_shims

CHECKOUT = Path(__file__).resolve().parents[2]
"""The checkout this builder sits in (``widgets/site/build.py`` two levels down)."""

TEMPLATE_DIR = CHECKOUT / "binder" / "share" / "jupyter"
"""Where the project's Voilà template (``voila/templates/rules-explorer``) lives, added to ``JUPYTER_PATH``."""

TEMPLATE = "rules-explorer"

PAGES = ("index", "calculators", "endor", "fleet_command", "pinned_down", "star_realms", "warps_edge", "simulation")
"""The notebooks of ``notebooks/dashboards`` the site shows: the landing page first."""

KERNEL_SPELLING = {"pyodide-kernel": "pyodide_kernel"}
"""Names the kernel's worker compares literally with its start list (Pyodide itself normalizes them)."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_FOLDER = "static/pyodide"


class SiteError(RuntimeError):
    """The site could not be built; the message says which step failed and why."""


@dataclass(frozen=True)
class BuiltSite:
    """What a build made: the folder, the wheels shipped (file names) and how long each step took (s)."""

    out: Path
    wheels: tuple[str, ...]
    seconds: dict[str, float]


def build_site(out: Path, cache: Path, *, checkout: Path = CHECKOUT, log: Any = print) -> BuiltSite:
    """Build the site into ``out`` (replaced) with downloads kept in ``cache``; see the module's steps."""
    seconds: dict[str, float] = {}
    clock = time.monotonic()

    def step(name: str) -> None:
        nonlocal clock
        now = time.monotonic()
        seconds[name] = round(now - clock, 1)
        clock = now
        log(f"  {name}: {seconds[name]} s")

    check_kernel_matches()
    dist = fetch_pyodide(cache)
    step("pyodide")
    project = build_project_wheel(checkout, cache / "project")
    step("project wheel")
    given = {**kernel_shims(), project.name: project}
    versions = {name: str(p["version"]) for name, p in dist.lock.get("packages", {}).items()}
    wheels = Resolver(cache=cache / "wheels", given=given, pyodide_versions=versions).resolve(
        (*KERNEL_ROOTS, *VIEW_ROOTS, PROJECT))
    step("wheels")
    lock = site_lock(wheels, dist.lock_info)
    staging = out.with_name(out.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    lite = cache / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    configure_kernel(lite / "jupyter-lite.json", startup_packages(lock))
    _voici_build(checkout / "notebooks" / "dashboards", staging, lite)
    step("voici build")
    patch_kernel_extension(staging)
    patch_kernel_worker(staging)
    folder = staging / PYODIDE_FOLDER
    copy_runtime(dist, folder)
    for wheel in wheels.values():
        shutil.copy2(wheel.path, folder / wheel.file_name)
    write_lock(lock, folder)
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)
    step("pyodide and wheels copied")
    return BuiltSite(out=out, wheels=tuple(sorted(w.file_name for w in wheels.values())), seconds=seconds)


def _voici_build(dashboards: Path, out: Path, lite: Path) -> None:
    """``voici build`` of :data:`PAGES` into ``out`` from the lite folder ``lite`` (its ``jupyter-lite.json`` is
    baked into every page) with the project's template and no piplite wheels."""
    contents = lite / "dashboards"
    contents.mkdir(parents=True)
    for page in PAGES:
        source = dashboards / f"{page}.ipynb"
        if not source.exists():
            raise SiteError(f"{source} is missing: the site shows {', '.join(PAGES)}")
        shutil.copy2(source, contents / source.name)
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(filter(None, (str(TEMPLATE_DIR),
                                                                       os.environ.get("JUPYTER_PATH"))))}
    voici = [sys.executable, "-c", "import sys; from voici_core.app import main; main()"]
    command = [*voici, "build", "--contents", str(contents), "--output-dir", str(out), f"--template={TEMPLATE}",
               "--no-sourcemaps", "--no-unused-shared-packages", "--lite-dir", str(lite)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env, cwd=lite)
    if done.returncode != 0:
        raise SiteError(f"voici build failed: {(done.stderr or done.stdout).strip()[-1500:]}")


def configure_kernel(config: Path, packages: list[str]) -> dict[str, Any]:
    """Point the Pyodide kernel at the site's own interpreter and lock, load ``packages`` at start, never
    fall back to a package index; returns the kernel's settings as written."""
    data: dict[str, Any] = (json.loads(config.read_text(encoding="utf-8")) if config.exists()
                            else {"jupyter-lite-schema-version": 0})
    settings = data.setdefault("jupyter-config-data", {}).setdefault("litePluginSettings", {})
    kernel = {
        "pyodideUrl": f"./{PYODIDE_FOLDER}/pyodide.js",
        "disablePyPIFallback": True,
        "pipliteUrls": [],
        "loadPyodideOptions": {"packages": [KERNEL_SPELLING.get(p, p) for p in packages]},
    }
    settings[KERNEL_PLUGIN] = kernel
    config.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return kernel


SHARED_STUBS = {
    '920:()=>v("default","@jupyterlab/pluginmanager",[1,4,5,7])': "920:()=>()=>({PluginListModel:class{}})",
    '492:()=>v("default","@jupyterlab/statedb",[1,4,5,7])': "492:()=>()=>({DataConnector:class{}})",
}
"""Two modules the Pyodide kernel extension 0.7.2 asks the page for that Voici 0.10's page does not share.

Only its bundled copy of ``@jupyterlite/apputils`` (the licences and plugin list of JupyterLite's own
app, unused in a Voici page) needs them, to define two classes; without them the whole extension
fails to load ("Shared module @jupyterlab/pluginmanager doesn't exist in shared scope default") and
the page says "No kernel available". Each is replaced by a module with an empty base class."""


def patch_kernel_extension(site: Path) -> None:
    """Replace :data:`SHARED_STUBS` in the site's copy of the kernel extension's ``remoteEntry`` (never the
    installed one); refused when the file is not the one these patches were made for."""
    folder = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    entries = sorted(folder.glob("remoteEntry.*.js"))
    if len(entries) != 1:
        raise SiteError(f"{folder} has {len(entries)} remoteEntry files, not one")
    text = entries[0].read_text(encoding="utf-8")
    for wanted, stub in SHARED_STUBS.items():
        if text.count(wanted) != 1:
            raise SiteError(f"the Pyodide kernel extension in {folder} is not 0.7.2 (no {wanted!r}): install "
                            "jupyterlite-pyodide-kernel==0.7.2")
        text = text.replace(wanted, stub)
    entries[0].write_text(text, encoding="utf-8")


WORKER_START = '["sqlite3","ipykernel","comm","pyodide_kernel","jedi","ipython"]'
"""What the kernel's worker installs with piplite unless it is in ``loadPyodideOptions.packages``."""


def patch_kernel_worker(site: Path) -> int:
    """Drop ``sqlite3`` from the worker's start list in the site's copy; the number of files patched.

    ``sqlite3`` is a module Pyodide builds itself (not on npm, not on the package index); with no
    index to fall back on, piplite's failed install would stop the kernel. IPython imports without it.
    """
    folder = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    patched = 0
    for chunk in sorted(folder.glob("*.js")):
        text = chunk.read_text(encoding="utf-8")
        if WORKER_START in text:
            chunk.write_text(text.replace(WORKER_START, WORKER_START.replace('"sqlite3",', "")), encoding="utf-8")
            patched += 1
    if not patched:
        raise SiteError(f"no worker in {folder} has the start list {WORKER_START}: install "
                        "jupyterlite-pyodide-kernel==0.7.2")
    return patched
