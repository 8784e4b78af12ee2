"""Issue 36: a package people install in their own Jupyter.

The install is lean (the rules core and numpy), the rest comes by role as extras, and the metadata a
package index shows is real: a LICENSE, ``py.typed``, one version, classifiers, no placeholder URL.
The slow test builds the wheel, installs it with no extras into a fresh virtual environment, and plays
a seeded game there.
"""

from __future__ import annotations

import email.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

import explorer
from explorer import extras

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
OPTIONAL = PROJECT["optional-dependencies"]
VIEW_AND_LAB = ("ipywidgets", "plotly", "anywidget", "IPython", "voila", "dask", "distributed", "pyarrow", "tqdm")
PLACEHOLDER = re.compile(r"OWNER|REPO\b|example\.(com|org)|your[-_]?(name|org|user)|placeholder|TODO|xxx",
                         re.IGNORECASE)


def names(requirements: list[str]) -> set[str]:
    """The distribution names in a list of requirement strings (``"dask[distributed]>=2024.1,<2027"`` → dask)."""
    return {re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_default_install_is_the_core_and_numpy_alone() -> None:
    assert names(PROJECT["dependencies"]) == {"numpy"}


@pytest.mark.parametrize(("extra", "brings"), [
    ("widgets", {"ipywidgets", "plotly", "anywidget"}),
    ("dashboard", {"rules-explorer", "jupyterlab", "voila", "psutil"}),
    ("sim", {"dask", "pyarrow", "tqdm"}),
    ("site", {"rules-explorer", "voici-core", "jupyterlite-core", "jupyterlite-pyodide-kernel"}),
    ("docs", {"rules-explorer", "sphinx", "myst-nb", "furo"}),
])
def test_each_extra_brings_what_its_role_needs(extra: str, brings: set[str]) -> None:
    assert names(OPTIONAL[extra]) == brings


def test_the_extras_that_build_on_the_panels_bring_them() -> None:
    for extra in ("dashboard", "site", "docs"):
        assert "rules-explorer[widgets]" in OPTIONAL[extra]
    assert OPTIONAL["sim"] and "dask[distributed]>=2024.1,<2027" in OPTIONAL["sim"]


def test_the_test_extra_holds_every_other_one() -> None:
    assert "rules-explorer[dashboard,sim,site,docs]" in OPTIONAL["test"]


def test_every_extra_is_known_to_the_missing_extra_message() -> None:
    assert set(extras.EXTRAS) == set(OPTIONAL)


def test_every_dependency_is_bounded_below_its_next_major_version() -> None:
    for requirement in PROJECT["dependencies"] + [r for rs in OPTIONAL.values() for r in rs]:
        if requirement.startswith("rules-explorer["):
            continue
        assert "<" in requirement or "==" in requirement, requirement


def test_a_missing_extra_names_the_extra_and_the_install_command() -> None:
    with pytest.raises(extras.MissingExtraError) as caught:
        extras.require("no_such_module_here.sub", "sim", "the simulation lab's Dask backend")
    assert str(caught.value) == ("the simulation lab's Dask backend needs the sim extra: "
                                 "pip install 'rules-explorer[sim]' (No module named 'no_such_module_here')")
    assert isinstance(caught.value, ImportError)  # code that catches ImportError keeps working


def test_require_refuses_an_extra_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="no extra called 'simulation'; the extras are widgets, dashboard, sim"):
        extras.require("json", "simulation", "reading JSON")


def test_the_version_is_written_once() -> None:
    assert PROJECT["dynamic"] == ["version"] and "version" not in PROJECT
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "explorer.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", explorer.__version__)
    assert f"## {explorer.__version__}" in (ROOT / "CHANGELOG.md").read_text()


def test_the_license_file_is_the_mit_license_the_metadata_names() -> None:
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def test_both_packages_say_they_are_typed() -> None:
    assert (ROOT / "explorer" / "py.typed").is_file() and (ROOT / "widgets" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["*"]
    assert "Typing :: Typed" in PROJECT["classifiers"]


def test_the_console_script_is_the_cli() -> None:
    assert PROJECT["scripts"] == {"rules-explorer": "explorer.cli:main"}


def test_classifiers_name_the_pythons_the_project_requires() -> None:
    assert PROJECT["requires-python"] == ">=3.11"
    pythons = [c for c in PROJECT["classifiers"] if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert pythons and all(int(c.rsplit(".", 1)[1]) >= 11 for c in pythons)


def test_no_project_url_is_a_placeholder() -> None:
    """The repository has no public address yet: a URL is listed only when it is real."""
    for label, url in PROJECT.get("urls", {}).items():
        assert url.startswith("https://") and not PLACEHOLDER.search(url), f"{label}: {url}"


def test_the_placeholder_check_catches_placeholders() -> None:
    for url in ("https://github.com/OWNER/REPO", "https://example.org/docs", "https://github.com/your-org/x"):
        assert PLACEHOLDER.search(url), url
    assert not PLACEHOLDER.search("https://rules-explorer.readthedocs.io/en/latest/")


# --- the built wheel, installed with no extras into a fresh virtual environment -------------------------

SOURCE = ("pyproject.toml", "README.md", "LICENSE", "explorer", "widgets", "notebooks", "binder")
"""What the wheel is built from (pyproject.toml's packages, readme, license and data files)."""

GAME = """\
import importlib.util, json, sys
import explorer, explorer.odds
match = explorer.Match(explorer.load_game("star_realms"), seed=7)
match.play("random", 300)
print(json.dumps({
    "log": match.log[-5:],
    "position": match.state.position_text(),
    "odds": str(explorer.odds.dice_pool(5, hit_on=3).at_least(4)),
    "absent": [m for m in %r if importlib.util.find_spec(m) is not None],
}))
""" % (VIEW_AND_LAB,)


@pytest.fixture(scope="module")
def lean_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the built wheel and numpy only, installed with no index: nothing else can come."""
    work = tmp_path_factory.mktemp("lean")
    wheels = work / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    source = work / "source"  # a clean copy: no build/ left from an earlier build, whose stale modules would ship
    source.mkdir()
    for part in SOURCE:
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, source / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / part, source / part)
    built = subprocess.run([*pip, "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(source)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    import numpy  # the numpy of this venv, fetched as a wheel (from pip's cache when it is there)

    got = subprocess.run([*pip, "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d", str(wheels),
                          f"numpy=={numpy.__version__}"], capture_output=True, text=True, timeout=300)
    assert got.returncode == 0, got.stderr
    target = work / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(target)
    python = target / "bin" / "python"
    installed = subprocess.run([*pip, "--python", str(python), "install", "--quiet", "--no-index",
                                "--find-links", str(wheels), "rules-explorer"],
                               capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr
    return target


@pytest.mark.slow
def test_the_wheel_ships_the_typed_markers_the_license_and_the_servers_files(lean_venv: Path) -> None:
    wheel = next((lean_venv.parent / "wheels").glob("rules_explorer-*.whl"))
    assert wheel.name == f"rules_explorer-{explorer.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        files = set(z.namelist())
        meta = email.parser.Parser().parsestr(z.read(f"rules_explorer-{explorer.__version__}.dist-info/METADATA")
                                              .decode())
    data = f"rules_explorer-{explorer.__version__}.data/data/share/"
    licence = f"rules_explorer-{explorer.__version__}.dist-info/licenses/LICENSE"
    for name in ("explorer/py.typed", "widgets/py.typed", licence,
                 data + "rules-explorer/dashboards/index.ipynb", data + "rules-explorer/voila/voila.py",
                 data + "jupyter/voila/templates/rules-explorer/page.html"):
        assert name in files, name
    assert meta["Name"] == "rules-explorer" and meta["License-Expression"] == "MIT"
    assert [r for r in meta.get_all("Requires-Dist") if "extra ==" not in r] == ["numpy<3,>=1.26"]
    for url in meta.get_all("Project-URL") or []:
        assert not PLACEHOLDER.search(url), url


@pytest.mark.slow
def test_the_lean_install_holds_the_core_and_numpy_alone(lean_venv: Path) -> None:
    listed = subprocess.run([str(lean_venv / "bin" / "python"), "-I", "-c",
                             "import importlib.metadata as m; print(sorted(d.metadata['Name'].lower() "
                             "for d in m.distributions()))"], capture_output=True, text=True, timeout=60, cwd=lean_venv)
    assert listed.stdout.strip() == "['numpy', 'rules-explorer']", listed.stderr


@pytest.mark.slow
def test_the_lean_install_plays_the_same_seeded_game_without_the_view_layer(lean_venv: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    there = subprocess.run([str(lean_venv / "bin" / "python"), "-I", "-c", GAME], capture_output=True, text=True,
                           timeout=120, cwd=lean_venv, env=env)
    assert there.returncode == 0, there.stderr
    here = subprocess.run([sys.executable, "-c", GAME], capture_output=True, text=True, timeout=120, cwd=ROOT)
    lean, full = json.loads(there.stdout), json.loads(here.stdout)
    assert lean["absent"] == []
    assert (lean["log"], lean["position"], lean["odds"]) == (full["log"], full["position"], "112/243")


@pytest.mark.slow
def test_the_lean_install_names_the_extra_each_command_needs(lean_venv: Path) -> None:
    command = str(lean_venv / "bin" / "rules-explorer")
    helped = subprocess.run([command, "--help"], capture_output=True, text=True, timeout=60, cwd=lean_venv)
    assert helped.returncode == 0 and "rules-explorer serve" in helped.stdout
    served = subprocess.run([command, "serve"], capture_output=True, text=True, timeout=60, cwd=lean_venv)
    assert (served.returncode, served.stderr) == (2, "rules-explorer: error: serving the dashboards needs the "
                                                     "dashboard extra: pip install 'rules-explorer[dashboard]'\n")
    lab = subprocess.run([command, "sim", "warps_edge", "--games", "2"], capture_output=True, text=True,
                         timeout=60, cwd=lean_venv)
    assert lab.returncode == 2 and "needs the sim extra: pip install 'rules-explorer[sim]'" in lab.stderr


@pytest.mark.slow
def test_the_installed_serve_finds_the_files_the_wheel_installed(lean_venv: Path) -> None:
    """Installed from the wheel there is no checkout: the dashboards, Voilà's configuration and the CDN-free
    template are where the wheel put them, under the environment's share/."""
    code = ("import json; from explorer.cli import shipped, serve_command; "
            "print(json.dumps({w: str(shipped(w)) for w in ('dashboards', 'voila config', 'jupyter data')} "
            "| {'command': serve_command(9000)}))")
    done = subprocess.run([str(lean_venv / "bin" / "python"), "-I", "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=lean_venv)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    share = lean_venv.resolve() / "share"
    assert Path(found["dashboards"]) == share / "rules-explorer" / "dashboards"
    assert Path(found["voila config"]) == share / "rules-explorer" / "voila"
    assert Path(found["jupyter data"]) == share / "jupyter"
    assert (Path(found["dashboards"]) / "star_realms.ipynb").is_file()
    assert (Path(found["voila config"]) / "voila.py").is_file()
    assert (Path(found["jupyter data"]) / "voila" / "templates" / "rules-explorer" / "page.html").is_file()
    assert found["command"][4:8] == [found["dashboards"], "--no-browser", "--Voila.ip=127.0.0.1", "--port=9000"]
