"""Which wheels the site ships, at which versions, and fetching them (``pip download``) into the build cache.

The set starts from what the page's Python needs and follows every requirement that holds in
Pyodide (:func:`widgets.site.wheels.browser_requirements`) until nothing is missing:

* the kernel's own wheels, shipped inside ``jupyterlite-pyodide-kernel``'s labextension:
  ``pyodide-kernel``, ``piplite``, and two stand-ins made for the browser, ``ipykernel`` (the kernel
  is ``pyodide_kernel``, not ZeroMQ) and ``widgetsnbextension`` (the classic-notebook extension has
  no use in the page); they are never replaced by the index's packages of the same names;
* what that kernel imports when it starts (:data:`KERNEL_ROOTS`);
* the view layer (:data:`VIEW_ROOTS`) and this project's wheel.

Versions: the view layer at exactly the versions installed where the site is built (their JavaScript
halves, the labextensions, come from there; :data:`FRONTEND_MATCHED`); every other package at the
version Pyodide 0.29.3's own lock names when that one fits, else the build's installed one, else the
newest that fits. A wheel already in the cache is used again, so a rebuild asks no index for anything.

>>> sorted(KERNEL_ROOTS)
['comm', 'ipython', 'jedi', 'micropip']
"""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import parse_wheel_filename
from packaging.version import Version

from widgets.site.wheels import BROWSER_PYTHON, Wheel, WheelError, canonical, read_wheel, wheels_in

KERNEL_ROOTS = ("ipython", "comm", "jedi", "micropip")
"""What the Pyodide kernel installs when it starts (its worker's list, besides its own wheels)."""

VIEW_ROOTS = ("ipywidgets", "plotly", "anywidget")

FRONTEND_MATCHED = frozenset({"ipywidgets", "jupyterlab-widgets", "plotly", "anywidget"})
"""Packages whose page-side code is the build environment's labextension: the kernel side must be the same version."""

KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_SHIMS = frozenset({"pyodide-kernel", "piplite", "ipykernel", "widgetsnbextension"})


class ResolveError(RuntimeError):
    """No consistent set of pure wheels: a conflict, a package with no pure wheel, or a failed download."""


def kernel_shim_folder() -> Path:
    """The ``pypi/`` folder of the installed Pyodide kernel labextension (its own wheels)."""
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        folder = Path(root) / KERNEL_EXTENSION / "static" / "pypi"
        if folder.is_dir():
            return folder
    raise ResolveError(f"no {KERNEL_EXTENSION} labextension found: install jupyterlite-pyodide-kernel 0.7.x "
                       "(the [site] extra)")


@dataclass
class Resolver:
    """Follows requirements from ``roots`` to a closed set of wheels; ``fetch`` downloads what the cache lacks.

    ``given`` are wheels chosen in advance (the kernel's shims, this project's wheel): a requirement on
    one of them must be met by it. ``pyodide_versions`` are the versions in Pyodide's own lock.
    """

    cache: Path
    given: Mapping[str, Wheel]
    pyodide_versions: Mapping[str, str]
    fetch: Callable[[list[str], Path], None] = field(default=lambda specs, dest: pip_download(specs, dest))
    wanted: dict[str, SpecifierSet] = field(default_factory=dict)
    why: dict[str, list[str]] = field(default_factory=dict)
    chosen: dict[str, Wheel] = field(default_factory=dict)

    def resolve(self, roots: Iterable[str]) -> dict[str, Wheel]:
        """The closed set: every root and every requirement of every chosen wheel, keyed by canonical name."""
        self.chosen.update(self.given)
        for wheel in self.given.values():
            self._want(wheel)
        pending = [canonical(r) for r in roots]
        for name in pending:
            self.wanted.setdefault(name, SpecifierSet())
            self.why.setdefault(name, []).append("the site")
        while True:
            missing = sorted(n for n in self.wanted if n not in self.chosen)
            if not missing:
                break
            for wheel in self._take(missing):
                self.chosen[wheel.name] = wheel
                self._want(wheel)
        self._check()
        return dict(sorted(self.chosen.items()))

    def _want(self, wheel: Wheel) -> None:
        for requirement in wheel.requires:
            name = canonical(requirement.name)
            self.wanted[name] = self.wanted.get(name, SpecifierSet()) & requirement.specifier
            self.why.setdefault(name, []).append(f"{wheel.name} {wheel.version} ({requirement})")

    def _take(self, names: list[str]) -> list[Wheel]:
        """Choose a version for each name, download the ones the cache lacks in one go, and read them."""
        specs = {name: self.pick(name) for name in names}
        wanted_files = {name: self._cached(name, spec) for name, spec in specs.items()}
        absent = [spec for name, spec in specs.items() if wanted_files[name] is None]
        if absent:
            self.fetch(absent, self.cache)
        wheels = []
        for name, spec in specs.items():
            path = wanted_files[name] or self._cached(name, spec)
            if path is None:
                raise ResolveError(f"no pure-Python wheel of {spec} for Python {BROWSER_PYTHON} (needed by "
                                   f"{'; '.join(self.why[name])})")
            wheels.append(read_wheel(path))
        return wheels

    def pick(self, name: str) -> str:
        """The requirement to download for ``name``: an exact version when one is preferred, else its range."""
        allowed = self.wanted[name]
        if name in FRONTEND_MATCHED:
            version = installed_version(name)
            if version is None:
                raise ResolveError(f"{name} is not installed where the site is built; its labextension (the "
                                   "page's half) must come from the same version")
            if not allowed.contains(version, prereleases=True):
                raise ResolveError(f"{name} {version} is installed, but {'; '.join(self.why[name])} needs {allowed}")
            return f"{name}=={version}"
        for version in (self.pyodide_versions.get(name), installed_version(name)):
            if version is not None and allowed.contains(version, prereleases=True):
                return f"{name}=={version}"
        return f"{name}{allowed}"

    def _cached(self, name: str, spec: str) -> Path | None:
        """The newest wheel of ``name`` in the cache that meets ``spec``, if any."""
        requirement = Requirement(spec)
        best: tuple[Version, Path] | None = None
        for path in self.cache.glob("*.whl"):
            try:
                project, version, _build, _tags = parse_wheel_filename(path.name)
            except ValueError:
                continue
            if canonical(str(project)) == name and requirement.specifier.contains(version, prereleases=True):
                if best is None or version > best[0]:
                    best = (version, path)
        return None if best is None else best[1]

    def _check(self) -> None:
        for name, allowed in self.wanted.items():
            version = self.chosen[name].version
            if not allowed.contains(version, prereleases=True):
                raise ResolveError(f"{name} {version} was chosen, but {'; '.join(self.why[name])} needs {allowed}")


def installed_version(name: str) -> str | None:
    """The version of ``name`` installed where the site is built, or ``None``."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def pip_download(specs: list[str], dest: Path) -> None:
    """Download pure wheels for Pyodide's Python (no dependencies: :class:`Resolver` follows them itself)."""
    dest.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", BROWSER_PYTHON, "--implementation", "py", "--abi", "none", "--platform", "any",
               "--dest", str(dest), *specs]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "ERROR" in line] or done.stderr.splitlines()[-5:]
        raise ResolveError(f"pip download {' '.join(specs)} failed: {' / '.join(errors)[-800:]}")


def kernel_shims(folder: Path | None = None) -> dict[str, Wheel]:
    """The kernel extension's own wheels, one per project (``widgetsnbextension``: the 4.0 stand-in, for
    ipywidgets 8)."""
    found: dict[str, Wheel] = {}
    for wheel in wheels_in(folder or kernel_shim_folder()):
        if wheel.name not in KERNEL_SHIMS:
            continue
        if wheel.name in found and Version(found[wheel.name].version) > Version(wheel.version):
            continue
        found[wheel.name] = wheel
    missing = KERNEL_SHIMS - found.keys()
    if missing:
        raise WheelError(f"the kernel extension ships no wheel of {', '.join(sorted(missing))}")
    return found
