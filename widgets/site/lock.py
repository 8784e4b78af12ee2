"""``pyodide-lock.json`` for the wheels the site ships, and the list the kernel loads when it starts.

Pyodide installs a package by looking its name up in the lock: the file to fetch (next to the lock),
its SHA-256 (the browser refuses a file that does not match), what it depends on and which import
names it provides. The npm package's lock describes Pyodide's own package builds, whose files it
does not carry and whose hashes differ from the wheels on the Python package index, so the site
writes a lock of its own: one entry per shipped wheel, with the ``info`` block (ABI, platform,
Python) of Pyodide's lock, and nothing else. A name that is not in the lock cannot be loaded; with
PyPI fallback off, nothing is fetched from anywhere else.

>>> from pathlib import Path
>>> from packaging.requirements import Requirement
>>> w = Wheel(Path("comm-0.2.3-py3-none-any.whl"), "comm", "0.2.3", (Requirement("traitlets>=4"),), ("comm",))
>>> entry = lock_entry(w, "0" * 64)
>>> entry["depends"], entry["imports"], entry["file_name"]
(['traitlets'], ['comm'], 'comm-0.2.3-py3-none-any.whl')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from widgets.site.pyodide_dist import sha256_of
from widgets.site.wheels import Wheel, canonical

LOCK_NAME = "pyodide-lock.json"


class LockError(ValueError):
    """A lock that would name a package it does not ship."""


def lock_entry(wheel: Wheel, sha256: str) -> dict[str, Any]:
    """One package's entry, in the shape of Pyodide 0.29's lock (``package_type`` "package", installed to site)."""
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.file_name,
        "install_dir": "site",
        "sha256": sha256,
        "package_type": "package",
        "imports": list(wheel.imports),
        "depends": sorted({canonical(r.name) for r in wheel.requires}),
        "unvendored_tests": False,
    }


def site_lock(wheels: Mapping[str, Wheel], info: Mapping[str, Any]) -> dict[str, Any]:
    """The whole lock for ``wheels`` (keyed by canonical name); refused if any dependency is not among them."""
    packages = {name: lock_entry(wheel, sha256_of(wheel.path)) for name, wheel in sorted(wheels.items())}
    for name, entry in packages.items():
        absent = [d for d in entry["depends"] if d not in packages]
        if absent:
            raise LockError(f"{name} depends on {', '.join(absent)}, which the site does not ship")
    return {"info": dict(info), "packages": packages}


def write_lock(lock: Mapping[str, Any], folder: Path) -> Path:
    """Write ``lock`` as ``folder/pyodide-lock.json`` (the folder the wheels are in) and return its path."""
    path = folder / LOCK_NAME
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def startup_packages(lock: Mapping[str, Any]) -> list[str]:
    """Every package of the lock, for the kernel's ``loadPyodideOptions.packages``.

    Pyodide fetches them all at once while it starts (instead of one ``piplite`` install after
    another), and the kernel installs nothing itself that is on this list.
    """
    return sorted(lock["packages"])
