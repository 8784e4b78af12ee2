"""The layers of ``docs/architecture.md``: the core imports nothing above it, and imports go one way.

Layers, bottom up: ``explorer.errors`` (a leaf); the core's primitives (``multiset``, ``numeric``,
``rng``, ``pcg64``, ``checks``); ``explorer.odds`` (exact distributions, on those primitives alone); the rest of
``explorer.core`` (the game surface, chance nodes, matches); the games; ``explorer.advisor``;
``explorer.sim``. The core finds games and shared policies through ``explorer.core.registry``, never
by name.
"""

from __future__ import annotations

from pathlib import Path

from tests.core import import_graph

GRAPH = import_graph.graph()
PRIMITIVES = {"explorer.core.multiset", "explorer.core.numeric", "explorer.core.rng", "explorer.core.pcg64",
              "explorer.core.checks"}

KNOWN_CIRCLES: list[set[str]] = [
    # None left: every game's imports run one way (its state's hooks reach the rules through
    # game.rulebook) and the advisor's checks live in explorer.advisor.asking. Keep it empty.
]

LAZY_IMPORTS: dict[str, set[str]] = {
    # module: the project modules it imports inside a function, loaded when first asked for. Each is a layer that
    # pulls in the whole simulation lab (and, for Dask, a cluster): `import explorer` and a hint on one core, or
    # a page in the visitor's browser, never pay for it. None of them is a way round an import circle.
    "explorer.advisor.runners": {"explorer.sim.backends"},  # processes or Dask for the rollouts, when asked for
    "explorer.cli": {"explorer.sim"},  # `rules-explorer sim` only
}

KNOWN_PRIVATE_REACHES: dict[str, set[str]] = {
    # module: the other modules' _private names it uses. None left (the Star Realms odds' were mended when
    # they became the odds/ package, issue 35): a name another module needs is public in its own module and
    # documented there. Keep it empty.
}


def test_the_core_imports_neither_advise_sim_nor_any_game() -> None:
    """explorer/core imports explorer.core, the errors and the exact distributions, and nothing else."""
    allowed = ("explorer.core", "explorer.errors", "explorer.odds")
    reaching_up = {(module, target) for module, targets in GRAPH.items() if module.startswith("explorer.core")
                   for target in targets if not target.startswith(allowed)}
    assert reaching_up == set()


def test_the_exact_distributions_stand_on_the_core_primitives_alone() -> None:
    """explorer.odds imports only the core's primitives (so the core's chance nodes may build on it)."""
    wider = {(module, target) for module, targets in GRAPH.items() if module.startswith("explorer.odds")
             for target in targets if not target.startswith(("explorer.odds", "explorer.errors"))
             and target not in PRIMITIVES}
    assert wider == set()


def test_the_primitives_and_the_errors_import_nothing_of_the_rest() -> None:
    leaves = PRIMITIVES | {"explorer.errors"}
    assert {m: GRAPH[m] - leaves for m in leaves if GRAPH[m] - leaves} == {}


def test_the_core_and_the_odds_have_no_import_circle() -> None:
    inside = {m: t for m, t in GRAPH.items() if m.startswith(("explorer.core", "explorer.odds", "explorer.errors"))}
    assert import_graph.circles(inside) == []


def test_no_new_import_circle_anywhere_in_explorer() -> None:
    """Every circle left lies inside one named in KNOWN_CIRCLES (they are mended, never added to)."""
    new = [sorted(group) for group in import_graph.circles(GRAPH)
           if not any(group <= known for known in KNOWN_CIRCLES)]
    assert new == []


def test_the_graph_sees_imports_inside_functions(tmp_path: Path) -> None:
    """The checks above would be blind if the graph missed an import written inside a function (or a method),
    while an import under ``if TYPE_CHECKING:`` is left out (it never runs)."""
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from explorer.core.game import Game\n"
                     "def f():\n    from explorer.core.policies import random_policy\n"
                     "class C:\n    def m(self):\n        import explorer.core.display\n")
    edges = import_graph.imports_of("explorer.probe", probe, import_graph.modules())
    assert edges == {"explorer.core.policies", "explorer.core.display"}


def test_project_imports_inside_functions_are_only_the_lazy_loads_named() -> None:
    """An import inside a function is never a way round an import circle (there are none): the only ones left
    load a heavy layer when first asked for, each named here with why."""
    assert import_graph.imports_inside_functions() == LAZY_IMPORTS


def test_no_module_uses_another_modules_private_names() -> None:
    """``from x import _name``, ``x._name`` and ``package._module`` from outside it: a module's ``_private``
    names are its own (docs/architecture.md; the style rules), so they may change without a look elsewhere."""
    assert import_graph.private_reaches() == KNOWN_PRIVATE_REACHES


def test_the_private_reach_check_sees_every_way_of_reaching(tmp_path: Path) -> None:
    """The check above would be blind if the walk missed a way in: each is written once in a small package."""
    root = tmp_path / "explorer"
    files = {
        "__init__.py": "", "pkg/__init__.py": "", "other/__init__.py": "", "pkg/_hidden/__init__.py": "",
        "pkg/_hidden/x.py": "x = 1\n",
        "pkg/a.py": "_TABLE = 1\ndef _helper(): return _TABLE\ndef public(): return _helper()\n",
        "pkg/inside.py": "from explorer.pkg._hidden import x\n",  # its own package's private module: fine
        "pkg/rel.py": "from . import a\ny = a._helper\n",
        "other/b.py": ("from explorer.pkg.a import _helper, public\nimport explorer.pkg.a\n"
                       "from explorer.pkg import _hidden\ndef f():\n    return explorer.pkg.a._TABLE, public.__name__\n"),
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    assert import_graph.private_reaches(root) == {
        "explorer.other.b": {"explorer.pkg.a._helper", "explorer.pkg.a._TABLE", "explorer.pkg._hidden"},
        "explorer.pkg.rel": {"explorer.pkg.a._helper"},
    }


def test_no_package_binds_a_name_that_hides_one_of_its_modules() -> None:
    """``import explorer.advisor.review`` is the module and ``explorer.games`` the games' package (issue 35)."""
    import importlib

    hidden = []
    for name, path in import_graph.modules().items():
        if path.name != "__init__.py":
            continue
        package = importlib.import_module(name)
        for child in sorted(path.parent.iterdir()):
            sub = child.stem if child.suffix == ".py" else child.name if (child / "__init__.py").is_file() else ""
            if not sub or sub == "__init__":
                continue
            bound = package.__dict__.get(sub)
            if bound is not None and getattr(bound, "__name__", None) != f"{name}.{sub}":
                hidden.append(f"{name}.{sub}")
    assert hidden == []


def test_the_short_entry_points_stay_calls() -> None:
    import explorer
    import explorer.advisor.review
    import explorer.games.star_realms.game  # noqa: F401 - the import itself is the check

    assert explorer.games() == ("endor", "fleet_command", "pinned_down", "star_realms", "warps_edge")
    assert explorer.advise.__module__ == "explorer.advisor.advise"
    assert explorer.review is explorer.advisor.review.review
