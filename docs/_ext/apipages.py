"""The API reference's pages, one per public module of ``explorer`` and ``widgets``, written at build time.

Every module whose dotted name has no part starting with ``_`` gets ``api/<module>.rst``:
its docstring and members (``automodule``), and, for a package, the list of its modules
with their first docstring line. Written here rather than by autosummary's recursion,
which finds a package's modules through the package's attributes and so would miss any a
package does not import. The pages are generated (``docs/api/`` is not in git).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

PACKAGES = ("explorer", "widgets")
FOLDER = "api"
ROLE = re.compile(r":[a-z:]+:`~?([^`]+)`")


def public_modules(package: str) -> list[str]:
    """Every public module of ``package``, the package first, in name order."""
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def summary(module: str) -> str:
    """The first line of a module's docstring, for the list on its package's page."""
    doc = inspect.getdoc(importlib.import_module(module)) or ""
    line = doc.strip().splitlines()[0].rstrip() if doc.strip() else ""
    return ROLE.sub(r"``\1``", line)  # on the package's page a short :class:`Engine` would point nowhere


def page(module: str, children: list[str]) -> str:
    """The reStructuredText of one module's page."""
    lines = [module, "=" * len(module), "", f".. automodule:: {module}", "   :members:", "   :undoc-members:",
             "   :ignore-module-all:", "   :show-inheritance:", ""]
    if children:
        lines += [".. rubric:: Modules", "", ".. toctree::", "   :hidden:", ""]
        lines += [f"   {child}" for child in children]
        lines.append("")
        lines += [f"- :mod:`{child}`: {summary(child)}" for child in children]
        lines.append("")
    return "\n".join(lines)


def write_pages(app: Sphinx) -> None:
    out = Path(app.srcdir) / FOLDER
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    for package in PACKAGES:
        modules = public_modules(package)
        for module in modules:
            depth = module.count(".") + 1
            children = [m for m in modules if m.startswith(f"{module}.") and m.count(".") + 1 == depth + 1]
            (out / f"{module}.rst").write_text(page(module, children), encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
