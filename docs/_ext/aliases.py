"""Cross-references to a name where it is *used*, resolved to where it is *defined*.

``explorer.Match`` is ``explorer.core.match.Match`` re-exported; a docstring in
``explorer.games.star_realms.effects`` says :class:`Step` for the class it imported from
``rules``, and :mod:`move_events` for a sibling module. The API reference documents each object
once, at its definition, so such references would be "not found" (or, for a short name
that three games define, "more than one target") under ``-n``. This extension looks the
name up in Python — in the referring class and module, in the packages above it, then as
a dotted path — takes the object's own module and name, and resolves the reference there.

What it leaves alone stays a warning, so a real broken link still fails the build: a
name Python cannot find, and an object of ``explorer`` or ``widgets`` that has no entry in
the reference. Objects it finds outside the project (``Fraction``, ``go.Figure``, the
built-in ``type``), type variables and constants without a docstring (which have no entry)
are shown as plain names: without intersphinx (it downloads its inventories) the first
have nothing to link to.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import inspect
import typing
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain

OURS = ("explorer", "widgets")
EXTERNAL = "external"
"""What :func:`canonical` answers for an object outside the project, or a type variable."""


def _lookup(dotted: str) -> Any:
    """The object a dotted path names (``explorer.Match``, ``explorer.core.zones.Deck.draw``), else None."""
    parts = dotted.split(".")
    if parts[0] not in OURS:
        return None
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:]:
                obj = getattr(obj, name)
        except AttributeError:
            return None
        return obj
    return None


@functools.cache
def type_checking_imports(module: str) -> dict[str, str]:
    """Names a module imports only for the type checker (``if TYPE_CHECKING: from x import Y as S``),
    which its annotations use and Python never binds: ``{"S": "x.Y"}``."""
    try:
        source = inspect.getsource(importlib.import_module(module))
    except (ImportError, OSError, TypeError):
        return {}
    names: dict[str, str] = {}
    for block in ast.walk(ast.parse(source)):
        test = getattr(block, "test", None)
        if not isinstance(block, ast.If) or not (
                (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
                or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")):
            continue
        for statement in block.body:
            if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
                for alias in statement.names:
                    names[alias.asname or alias.name] = f"{statement.module}.{alias.name}"
    return names


def _candidates(target: str, module: str | None, cls: str | None) -> list[str]:
    """The dotted paths ``target`` may mean, nearest first."""
    found: list[str] = []
    if module:
        if cls:
            found.append(f"{module}.{cls}.{target}")
        head, _, rest = target.partition(".")
        imported = type_checking_imports(module).get(head)
        if imported:
            found.append(f"{imported}.{rest}" if rest else imported)
        parts = module.split(".")
        found += [".".join([*parts[:cut], target]) for cut in range(len(parts), 0, -1)]
    found.append(target)
    return found


def canonical(target: str, module: str | None, cls: str | None) -> str | None:
    """Where the object ``target`` names (seen from ``module``, inside class ``cls``) is defined;
    :data:`EXTERNAL` for one outside the project; None when Python finds nothing by that name."""
    for dotted in _candidates(target, module, cls):
        obj = _lookup(dotted)
        if obj is None:
            continue
        if dotted == target and "." not in target and hasattr(builtins, target):
            return EXTERNAL
        if isinstance(obj, (typing.TypeVar, typing.ParamSpec)):
            return EXTERNAL
        if inspect.ismodule(obj):
            return obj.__name__ if obj.__name__.split(".")[0] in OURS else EXTERNAL
        owner, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        if inspect.isclass(obj) or inspect.isroutine(obj) or (callable(obj) and hasattr(obj, "__wrapped__")):
            if not owner or owner.split(".")[0] not in OURS:
                return EXTERNAL
            if qualname and "<" not in qualname:
                return f"{owner}.{qualname}"
        return dotted  # a constant, a property, ...: documented where it is, if at all
    if "." not in target and hasattr(builtins, target):  # int, type, ...: a built-in, not Card.type
        return EXTERNAL
    return None


def is_value(dotted: str) -> bool:
    """Whether ``dotted`` names a value (a constant, a type alias), not a module, class or function."""
    obj = _lookup(dotted)
    return obj is not None and not (inspect.ismodule(obj) or inspect.isclass(obj) or inspect.isroutine(obj)
                                    or hasattr(obj, "__wrapped__"))


class ProjectPythonDomain(PythonDomain):
    """The Python domain, resolving a reference through :func:`canonical` first."""

    def resolve_xref(self, env: Any, fromdocname: str, builder: Any, typ: str, target: str,
                     node: nodes.Element, contnode: nodes.Element) -> Any:
        name = canonical(target.lstrip("~."), node.get("py:module"), node.get("py:class"))
        if name == EXTERNAL:
            return contnode
        if name is not None and name != target:
            found = super().resolve_xref(env, fromdocname, builder, typ, name, node, contnode)
            if found is None:  # :func: on what is a class, :meth: on a property: the object is known
                found = next((ref for _role, ref in super().resolve_any_xref(env, fromdocname, builder, name, node,
                                                                             contnode)), None)
            if found is not None:
                return found
        found = super().resolve_xref(env, fromdocname, builder, typ, target, node, contnode)
        if found is None and name is not None and is_value(name):
            return contnode  # a constant or type alias with no docstring has no entry: it exists, shown as code
        return found


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_domain(ProjectPythonDomain, override=True)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
