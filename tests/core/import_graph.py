"""The import graph of ``explorer/``: every import of a project module, at the top or inside a function.

Imports under ``if TYPE_CHECKING:`` are left out (they never run). A ``from package import name``
counts the module ``package.name`` when there is one, else the package itself. Used by
``test_core_stands_alone.py``; ``python tests/core/import_graph.py`` prints the circles and the
private reaches (:func:`private_reaches`: one module using another's ``_private`` name).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "explorer"


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports."""
    named: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if _is_type_checking(node.test):
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            named.update(alias.name for alias in node.names if alias.name.split(".")[0] == "explorer")

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level or not node.module or node.module.split(".")[0] != "explorer":
                return
            subs = [f"{node.module}.{alias.name}" for alias in node.names]
            named.update(sub for sub in subs if sub in known)
            if not all(sub in known for sub in subs):
                named.add(node.module)

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    found = set()
    for module in named:
        while module not in known and "." in module:
            module = module.rsplit(".", 1)[0]
        if module in known and module != name:
            found.add(module)
    return found


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module and the project modules it imports."""
    known = modules(root)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The import circles: every strongly connected group of two or more modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.add(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dotted(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for anything but names and attributes."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def private_reaches_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Where ``name`` uses another project module's ``_private`` name, as ``"module._name"``.

    Three ways, all found by walking the code (a ``>>>`` example in a docstring is not code):
    ``from module import _name`` (unless ``module._name`` is a module of that package), ``module._name``
    on a name bound to a project module by an import, and an import of a private module
    (``package._module``) from outside ``package``. A module's own names are its own business.
    """
    found: set[str] = set()
    bound: dict[str, str] = {}  # a local name -> the project module it is bound to
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def module_of(node: ast.ImportFrom) -> str | None:
        if not node.level:
            return node.module
        base = package.split(".")[:len(package.split(".")) - node.level + 1]
        return ".".join(base + ([node.module] if node.module else []))

    def private_module(module: str) -> None:
        parts = module.split(".")
        for i, part in enumerate(parts):
            if _is_private(part) and not (name + ".").startswith(".".join(parts[:i]) + "."):
                found.add(".".join(parts[:i + 1]))
                return

    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "explorer":
                    private_module(alias.name)
                    bound[alias.asname or "explorer"] = alias.name if alias.asname else "explorer"
        elif isinstance(node, ast.ImportFrom):
            module = module_of(node)
            if not module or module.split(".")[0] != "explorer":
                continue
            private_module(module)
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                if sub in known:
                    private_module(sub)
                    bound[alias.asname or alias.name] = sub
                elif _is_private(alias.name) and module != name:
                    found.add(sub)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _is_private(node.attr)):
            continue
        parts = _dotted(node.value)
        if parts is None or parts[0] not in bound:
            continue
        target = ".".join([bound[parts[0]], *parts[1:]])
        if target in known and target != name and f"{target}.{node.attr}" not in known:
            found.add(f"{target}.{node.attr}")
    return found


def imports_inside_functions(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module that imports project modules inside a function or method (not at its top), and those modules.

    >>> sorted(imports_inside_functions())[:1]
    ['explorer.advisor.runners']
    """
    known = modules(root)
    found: dict[str, set[str]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    targets = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                               [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                               else [])
                    for module in targets:
                        if module.split(".")[0] == "explorer":
                            found.setdefault(name, set()).add(module)
    return found


def private_reaches(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module that uses another's ``_private`` names, and those names (:func:`private_reaches_of`)."""
    known = modules(root)
    reaches = {name: private_reaches_of(name, path, known) for name, path in known.items()}
    return {name: found for name, found in reaches.items() if found}


if __name__ == "__main__":
    for group in circles(graph()):
        print(len(group), " ".join(sorted(group)))
    for module, names in sorted(private_reaches().items()):
        print(module, "uses", " ".join(sorted(names)))
