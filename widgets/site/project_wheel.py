"""This project's own wheel, built from the checkout as it is now, for the browser.

The wheel is built from a copy of the working tree (the files git tracks or would track: uncommitted
changes are in it, ignored caches are not), so the build never writes into the checkout that other
work is going on in, and what you test is what you publish.

Its requirements in the browser are those of ``pyproject.toml`` with the ``widgets`` extra, minus
:data:`LEFT_OUT`, the ones that cannot or need not run there; the rules core works without them. The wheel's file name carries
a build tag made from its contents (``rules_explorer-0.1.0-0a1b2c3d4e-py3-none-any.whl``): the
version does not change from one build to the next, but the browser checks every wheel's SHA-256
against the lock, so a cached copy of an older build under the same name would stop the kernel.

>>> sorted(LEFT_OUT)
['dask', 'numpy', 'pyarrow', 'tqdm']
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from packaging.utils import parse_wheel_filename

from widgets.site.pyodide_dist import sha256_of
from widgets.site.wheels import Wheel, WheelError, canonical, read_wheel

PROJECT = "rules-explorer"

LEFT_OUT: dict[str, str] = {
    "numpy": "no numpy built for Pyodide can be had here; the rules core runs on the standard library without it",
    "dask": "the simulation lab's Dask backend needs a server (make dashboard or Binder)",
    "tqdm": "the command line's progress bar; the page shows its own",
    "pyarrow": "compiled; only the lab's Parquet export uses it",
}
"""The project's requirements the site does not ship, and why."""

EXTRAS = ("widgets",)
"""The extras whose requirements the site ships (the panels' view layer)."""

SKIPPED = ("__pycache__", ".git", ".venv", "build", "dist", "site", ".ipynb_checkpoints", ".hypothesis",
           ".pytest_cache")
"""Folders never copied when the checkout is not a git work tree."""


def build_project_wheel(checkout: Path, dest: Path) -> Wheel:
    """Build the project's wheel from ``checkout`` into ``dest``; its requirements are those the site ships."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rules-explorer-wheel-") as scratch:
        tree = Path(scratch) / "src"
        _copy_sources(checkout, tree)
        out = Path(scratch) / "wheel"
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(tree)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise WheelError(f"building this project's wheel failed: {done.stderr.strip()[-800:]}")
        built = sorted(out.glob("*.whl"))
        if len(built) != 1:
            raise WheelError(f"building this project's wheel gave {len(built)} wheels, not one")
        tagged = dest / tagged_name(built[0].name, sha256_of(built[0]))
        for old in dest.glob(f"{PROJECT.replace('-', '_')}-*.whl"):
            old.unlink()
        shutil.copy2(built[0], tagged)
    wheel = read_wheel(tagged, EXTRAS)
    if wheel.name != PROJECT:
        raise WheelError(f"the checkout built {wheel.name}, not {PROJECT}")
    return replace(wheel, requires=tuple(r for r in wheel.requires if canonical(r.name) not in LEFT_OUT))


def tagged_name(file_name: str, digest: str) -> str:
    """``file_name`` with a build tag from the wheel's SHA-256 (a build tag starts with a digit).

    >>> tagged_name("rules_explorer-0.1.0-py3-none-any.whl", "ab" * 32)
    'rules_explorer-0.1.0-0ababababab-py3-none-any.whl'
    """
    name, version, _build, tags = parse_wheel_filename(file_name)
    tag = sorted(tags, key=str)[0]
    return f"{str(name).replace('-', '_')}-{version}-0{digest[:10]}-{tag.interpreter}-{tag.abi}-{tag.platform}.whl"


def _copy_sources(checkout: Path, tree: Path) -> None:
    """Copy what a wheel is built from: the files git lists (tracked, or new and not ignored), else the
    whole folder but :data:`SKIPPED`."""
    if not (checkout / "pyproject.toml").exists():
        raise WheelError(f"{checkout} has no pyproject.toml: pass the project's checkout")
    listed = _git_files(checkout)
    if listed is None:
        shutil.copytree(checkout, tree, ignore=shutil.ignore_patterns(*SKIPPED, "*.pyc"))
        return
    for relative in listed:
        source = checkout / relative
        if source.is_file():  # a tracked file deleted in the work tree is left out, as a build would
            target = tree / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def _git_files(checkout: Path) -> list[str] | None:
    """The work tree's files as git sees them (read only: ``git ls-files``), or ``None`` outside git."""
    if not (checkout / ".git").exists() or shutil.which("git") is None:
        return None
    done = subprocess.run(["git", "-C", str(checkout), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                          capture_output=True, check=False)
    if done.returncode != 0:
        return None
    return [name for name in done.stdout.decode("utf-8").split("\0") if name]
