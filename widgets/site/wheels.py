"""A wheel as the browser's Python sees it: name, version, what it needs there, and what it makes importable.

Pyodide installs a wheel from its lock file without reading the wheel's own requirements, so the
site works them out at build time: each ``Requires-Dist`` line is read with its environment marker
evaluated for Pyodide 0.29.3 (Python 3.13 on Emscripten, ``sys_platform == "emscripten"``), not for
the machine that builds the site, and with only the extras asked for (this project's ``widgets``).
IPython's ``pexpect`` (``sys_platform != "emscripten"``) and ``colorama`` (Windows) therefore drop
out, as they do when the kernel starts.

>>> [str(r) for r in browser_requirements(["pexpect>4.3; sys_platform != 'emscripten'", "traitlets>=5"])]
['traitlets>=5']
>>> canonical("Typing_Extensions")
'typing-extensions'
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path, PurePosixPath

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

BROWSER_PYTHON = "3.13"
"""The Python of Pyodide 0.29.3: wheels are downloaded for it, not for the Python that builds the site."""

BROWSER_MARKERS: dict[str, str] = {
    "python_version": BROWSER_PYTHON,
    "python_full_version": "3.13.2",
    "implementation_name": "cpython",
    "implementation_version": "3.13.2",
    "platform_python_implementation": "CPython",
    "os_name": "posix",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "platform_release": "4.0.9",
    "platform_version": "",
    "extra": "",
}
"""PEP 508 marker values inside Pyodide 0.29.3 (what ``packaging.markers.default_environment()`` says there)."""


class WheelError(ValueError):
    """A wheel that cannot go into the site: not pure Python, unreadable, or without metadata."""


def canonical(name: str) -> str:
    """A project name as the lock file keys it (PEP 503: lower case, runs of ``-_.`` as one ``-``)."""
    return str(canonicalize_name(name))


def browser_requirements(lines: Iterable[str], extras: Iterable[str] = ()) -> list[Requirement]:
    """The ``Requires-Dist`` lines that hold in Pyodide (markers evaluated there), with ``extras`` asked for."""
    kept = []
    for line in lines:
        requirement = Requirement(line)
        marker = requirement.marker
        if marker is None or any(marker.evaluate({**BROWSER_MARKERS, "extra": extra}) for extra in ("", *extras)):
            requirement.marker = None
            kept.append(requirement)
    return kept


@dataclass(frozen=True)
class Wheel:
    """One pure-Python wheel the site ships, read from its file name and ``METADATA``."""

    path: Path
    name: str  # canonical project name
    version: str
    requires: tuple[Requirement, ...]  # what it needs in the browser
    imports: tuple[str, ...]  # its top-level import names

    @property
    def file_name(self) -> str:
        return self.path.name


def read_wheel(path: Path, extras: Iterable[str] = ()) -> Wheel:
    """Read a ``py3-none-any`` wheel, its requirements with ``extras``; a wheel compiled for a platform is
    refused (Pyodide cannot load it)."""
    try:
        name, version, _build, tags = parse_wheel_filename(path.name)
    except ValueError as err:
        raise WheelError(f"{path.name} is not a wheel file name: {err}") from None
    if not any(tag.platform == "any" and tag.abi == "none" for tag in tags):
        raise WheelError(f"{path.name} is built for a platform; the site ships only pure-Python (none-any) wheels")
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        info_dir = _dist_info_dir(names, path)
        metadata = HeaderParser().parsestr(archive.read(f"{info_dir}/METADATA").decode("utf-8"))
        top_level = (archive.read(f"{info_dir}/top_level.txt").decode("utf-8")
                     if f"{info_dir}/top_level.txt" in names else None)
    imports = _imports(top_level, names)
    return Wheel(path=path, name=canonical(str(name)), version=str(version),
                 requires=tuple(browser_requirements(metadata.get_all("Requires-Dist") or [], extras)), imports=imports)


def _dist_info_dir(names: list[str], path: Path) -> str:
    dirs = {PurePosixPath(n).parts[0] for n in names if PurePosixPath(n).parts[0].endswith(".dist-info")}
    if len(dirs) != 1:
        raise WheelError(f"{path.name} has {len(dirs)} .dist-info folders; a wheel has exactly one")
    return dirs.pop()


def _imports(top_level: str | None, names: list[str]) -> tuple[str, ...]:
    """Top-level import names: ``top_level.txt`` when the wheel has it, else its top-level packages and modules."""
    if top_level is not None:
        found = {line.strip().split("/")[0] for line in top_level.splitlines() if line.strip()}
    else:
        found = set()
        for name in names:
            parts = PurePosixPath(name).parts
            if parts[0].endswith((".dist-info", ".data")):
                continue
            if len(parts) == 1 and parts[0].endswith(".py"):
                found.add(parts[0][:-3])
            elif len(parts) > 1 and parts[1] == "__init__.py":
                found.add(parts[0])
    return tuple(sorted(n for n in found if n.isidentifier()))


def wheels_in(folder: Path) -> list[Wheel]:
    """Every pure wheel in ``folder``, read (the build cache's downloads, the kernel extension's shims)."""
    return [read_wheel(p) for p in sorted(folder.glob("*.whl"))]
