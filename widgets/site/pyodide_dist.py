"""The Python interpreter the static site runs in the visitor's browser: Pyodide from the npm package.

JupyterLite's Pyodide kernel (``jupyterlite-pyodide-kernel`` 0.7.x) is made for Pyodide 0.29.3. The
npm package ``pyodide`` at that version carries the interpreter (``pyodide.asm.wasm`` and its
JavaScript), the standard library (``python_stdlib.zip``) and Pyodide's own ``pyodide-lock.json``,
but no package wheels: the site ships its wheels itself (:mod:`widgets.site.wheels`) and writes its
own lock for them (:mod:`widgets.site.lock`). The package is fetched once with ``npm pack`` into the
build cache and checked against the SHA-256 recorded here, so a build never ships an interpreter
other than the one this code was tested with.

>>> PYODIDE_VERSION
'0.29.3'
>>> sorted(RUNTIME_FILES)[:3]
['README.md', 'package.json', 'pyodide.asm.js']
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PYODIDE_VERSION = "0.29.3"
"""The Pyodide the kernel extension is built for (``jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION``)."""

TARBALL_SHA256 = "924f3167d6bf5e553bda392615eaa82edd82a9cffc32a1cc49853a926b148c5c"
"""SHA-256 of ``pyodide-0.29.3.tgz`` as ``npm pack pyodide@0.29.3`` gave it (integrity sha512-22UBuhOJ…)."""

RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json", "README.md")
"""What the site needs of the npm package: the loader, the interpreter, the standard library, and the
package's name, version and licence (``package.json``, MPL-2.0). Left out: the REPL pages, type
declarations and source maps."""


class PyodideError(RuntimeError):
    """The npm package could not be fetched, or is not the one this build was made for."""


@dataclass(frozen=True)
class PyodideDist:
    """The unpacked npm package: its folder and Pyodide's own lock (whose ``info`` the site's lock keeps)."""

    root: Path
    lock: dict[str, Any]

    @property
    def lock_info(self) -> dict[str, Any]:
        """The ``info`` block of Pyodide's lock: ABI, platform and Python version of this interpreter."""
        return dict(self.lock["info"])


def check_kernel_matches() -> None:
    """Refuse to build when the installed kernel extension expects another Pyodide than this module ships."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as kernel_wants

    if kernel_wants != PYODIDE_VERSION:
        raise PyodideError(f"jupyterlite-pyodide-kernel is made for Pyodide {kernel_wants}, but the site ships "
                           f"Pyodide {PYODIDE_VERSION}: install jupyterlite-pyodide-kernel 0.7.x (the [site] extra)")


def fetch_pyodide(cache: Path, *, npm: str = "npm") -> PyodideDist:
    """The npm package ``pyodide@PYODIDE_VERSION``, packed into ``cache`` on first use and unpacked there."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        if shutil.which(npm) is None:
            raise PyodideError(f"`{npm}` is not installed: the site takes Pyodide from the npm package "
                               f"pyodide@{PYODIDE_VERSION} (Debian: apt-get install npm)")
        done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0 or not tarball.exists():
            raise PyodideError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {done.stderr.strip()[-600:]}")
    digest = sha256_of(tarball)
    if digest != TARBALL_SHA256:
        raise PyodideError(f"{tarball} has SHA-256 {digest}, not the {TARBALL_SHA256} this build was made "
                           "for: delete it to fetch it again, or check where npm fetches packages from")
    root = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (root / "pyodide-lock.json").exists():
        _unpack(tarball, root)
    lock = json.loads((root / "pyodide-lock.json").read_text(encoding="utf-8"))
    return PyodideDist(root=root, lock=lock)


def _unpack(tarball: Path, root: Path) -> None:
    """Unpack the npm tarball's ``package/`` folder into ``root`` (nothing outside it is written)."""
    partial = root.with_name(root.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for member in archive.getmembers():
            name = Path(member.name)
            if not member.isfile() or name.parts[:1] != ("package",) or ".." in name.parts:
                continue
            target = partial.joinpath(*name.parts[1:])
            target.parent.mkdir(parents=True, exist_ok=True)
            source = archive.extractfile(member)
            assert source is not None  # a regular file always has contents
            target.write_bytes(source.read())
    shutil.rmtree(root, ignore_errors=True)
    partial.rename(root)


def copy_runtime(dist: PyodideDist, dest: Path) -> list[Path]:
    """Copy the interpreter's files into ``dest`` (the site's ``static/pyodide``); the copies, in order."""
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in RUNTIME_FILES:
        source = dist.root / name
        if not source.exists():
            raise PyodideError(f"the npm package pyodide@{PYODIDE_VERSION} has no {name}")
        copied.append(Path(shutil.copy2(source, dest / name)))
    return copied


def sha256_of(path: Path) -> str:
    """The hex SHA-256 of a file's bytes (what Pyodide's lock and the browser's integrity check compare)."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
