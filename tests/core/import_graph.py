"""The import graph of ``explorer/``: every import of a project module, at the top or inside a function.

Imports under ``if TYPE_CHECKING:`` are left out (they never run). A ``from package import name``
counts the module ``package.name`` when there is one, else the package itself. Used by
``test_core_stands_alone.py``; ``python tests/core/import_graph.py`` prints the circles.
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


if __name__ == "__main__":
    for group in circles(graph()):
        print(len(group), " ".join(sorted(group)))
