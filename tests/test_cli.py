"""Issue 36: the ``rules-explorer`` command runs what a user ran through make or ``-m``.

``serve`` is the server ``make dashboard`` ran (Voilà on 127.0.0.1, the dashboards folder only, the
hardened configuration in binder/), ``sim`` is ``python -m explorer.sim``, ``site`` hands over to the
static site's builder; a missing extra is named with the command that installs it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from explorer import __version__, cli

ROOT = Path(__file__).resolve().parents[1]
COMMAND = Path(sys.executable).with_name("rules-explorer")
START_TIMEOUT_S = 120
RENDER_TIMEOUT_S = 120


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it."""
    return subprocess.run([str(COMMAND), *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def test_the_console_script_is_installed() -> None:
    assert COMMAND.is_file(), f"{COMMAND}: reinstall the project (pip install -e '.[test]')"


def test_help_reads_like_the_readme_every_subcommand_with_an_example_and_the_extras() -> None:
    done = run("--help")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert text.startswith("usage: rules-explorer [-h] [--version] {serve,sim,site} ...")
    for line in ("rules-explorer serve", "rules-explorer sim star_realms --games 2000", "rules-explorer site"):
        assert line in text
    for extra in ("'rules-explorer[dashboard]'", "'[sim]'", "'[site]'", "'[widgets]'"):
        assert extra in text


def test_version_is_the_packages_one() -> None:
    done = run("--version")
    assert (done.returncode, done.stdout.strip()) == (0, f"rules-explorer {__version__}")


def test_a_missing_subcommand_is_a_usage_error() -> None:
    done = run()
    assert done.returncode == 2
    assert "the following arguments are required: {serve,sim,site}" in done.stderr


def test_sim_prints_what_python_m_explorer_sim_prints() -> None:
    args = ["warps_edge", "--games", "6", "--seed", "3", "--quiet"]
    ours = run("sim", *args)
    lab = subprocess.run([sys.executable, "-m", "explorer.sim", *args], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert ours.returncode == lab.returncode == 0, ours.stderr + lab.stderr
    timed = "6 games played (0 failed) in "  # the one line that holds a wall-clock time

    def untimed(out: str) -> list[str]:
        return [line for line in out.splitlines() if not line.startswith(timed)]

    assert untimed(ours.stdout) == untimed(lab.stdout)
    assert len(untimed(ours.stdout)) == len(ours.stdout.splitlines()) - 1
    assert "reproduce: python -m explorer.sim warps_edge --games 6 --seed 3" in ours.stdout


def test_sim_help_is_the_labs_own() -> None:
    done = run("sim", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("usage: rules-explorer sim [-h] [--games GAMES]")
    assert "--backend {local,processes,dask}" in done.stdout


def test_sim_usage_error_is_the_labs_message() -> None:
    done = run("sim", "warps_edge", "--games", "many")
    assert done.returncode == 2
    assert "rules-explorer sim: error: argument --games: invalid" in done.stderr


def test_sim_without_tqdm_names_the_sim_extra(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "installed", lambda module: module != "tqdm")
    assert cli.main(["sim", "warps_edge", "--games", "2"]) == 2
    assert capsys.readouterr().err == (
        "rules-explorer: error: the simulation lab's command line (its progress bars) needs the sim extra: "
        "pip install 'rules-explorer[sim]' (No module named 'tqdm')\n")


def test_sim_parquet_without_pyarrow_names_the_sim_extra(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "installed", lambda module: module != "pyarrow")
    assert cli.main(["sim", "warps_edge", "--games", "2", "--out", "games.parquet"]) == 2
    assert "writing the per-game table as Parquet needs the sim extra" in capsys.readouterr().err


def test_serve_without_voila_names_the_dashboard_extra(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "installed", lambda module: module != "voila")
    assert cli.main(["serve"]) == 2
    assert capsys.readouterr().err == ("rules-explorer: error: serving the dashboards needs the dashboard extra: "
                                       "pip install 'rules-explorer[dashboard]'\n")


@pytest.mark.parametrize("option", ["--Voila.ip=0.0.0.0", "--ip=0.0.0.0", "--Voila.config_file_paths=/tmp",
                                    "--template=lab", "--port=1"])
def test_serve_refuses_options_that_undo_its_hardening(option: str) -> None:
    done = run("serve", "--", option)
    assert done.returncode == 2
    assert f"rules-explorer serve sets {option.split('=')[0]} itself" in done.stderr


@pytest.mark.parametrize("port", ["0", "65536", "-1"])
def test_serve_refuses_a_port_out_of_range(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", f"--port={port}"]) == 2
    assert f"--port must be a whole number from 1 to 65535, got {int(port)}" in capsys.readouterr().err


def test_serve_runs_the_command_make_dashboard_ran() -> None:
    """The same Voilà, folder and flags as before: loopback, --no-browser, the binder/ configuration."""
    command = cli.serve_command(8866)
    assert command == [sys.executable, "-P", "-m", "voila", str(ROOT / "notebooks" / "dashboards"), "--no-browser",
                       "--Voila.ip=127.0.0.1", "--port=8866", f"--Voila.config_file_paths={ROOT / 'binder'}"]
    assert "$(BIN)/rules-explorer serve --port=$(PORT)" in (ROOT / "Makefile").read_text()


def test_site_without_voici_names_the_site_extra(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "installed", lambda module: module != "voici_core")
    assert cli.main(["site", "--out", "site"]) == 2
    assert capsys.readouterr().err == ("rules-explorer: error: building the static site needs the site extra: "
                                       "pip install 'rules-explorer[site]' (No module named 'voici_core')\n")


def test_site_without_a_builder_says_so_in_words(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "installed", lambda module: True)
    monkeypatch.setattr(cli, "site_builder", lambda: None)
    assert cli.main(["site"]) == 2
    assert "this install has no static site builder yet (widgets/site/__main__.py is missing)" in \
        capsys.readouterr().err


def test_site_hands_its_arguments_to_the_builders_main(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``widgets.site.__main__.main(argv)`` gets the arguments after ``site`` and its exit status is ours."""
    fake = tmp_path / "widgets" / "site"
    fake.mkdir(parents=True)
    (tmp_path / "widgets" / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "__main__.py").write_text("def main(argv):\n    print('built', argv)\n    return 3\n")
    calls: list[list[str]] = []
    real_call = subprocess.call

    def call(command: list[str]) -> int:
        calls.append(command)
        return real_call(command, env={**os.environ, "PYTHONPATH": str(tmp_path)}, cwd=tmp_path)

    monkeypatch.setattr(cli, "installed", lambda module: True)
    monkeypatch.setattr(cli, "site_builder", lambda: fake / "__main__.py")
    monkeypatch.setattr(cli.subprocess, "call", call)
    assert cli.main(["site", "--out", "x"]) == 3
    assert calls[0][0] == sys.executable and calls[0][-2:] == ["--out", "x"]


def test_site_builder_is_found_where_the_widgets_package_is() -> None:
    found = cli.site_builder()
    expected = ROOT / "widgets" / "site" / "__main__.py"
    assert found == (expected if expected.is_file() else None)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, timeout: float) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


def test_serve_serves_the_landing_page_and_a_dashboard_on_loopback() -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULES_EXPLORER_")}
    server = subprocess.Popen([str(COMMAND), "serve", f"--port={port}"], cwd=ROOT, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        status, page = 0, ""
        while time.monotonic() < deadline:
            try:
                status, page = _get(f"http://127.0.0.1:{port}/", timeout=10)
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, "the server exited before answering"
                time.sleep(0.5)
        assert status == 200, page[:500]
        status, page = _get(f"http://127.0.0.1:{port}/voila/render/calculators.ipynb", timeout=RENDER_TIMEOUT_S)
        assert status == 200
        assert "calculators" in page.lower()
        assert "cdn.jsdelivr.net" not in page and "cdnjs.cloudflare.com" not in page  # the CDN-free template
    finally:
        os.killpg(server.pid, signal.SIGINT)  # Ctrl-C in a terminal: the command and Voilà both get it
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
            pytest.fail("rules-explorer serve did not stop within 40 s of Ctrl-C")
    output = server.stdout.read() if server.stdout else ""
    assert f"Rules Explorer dashboards: http://127.0.0.1:{port}/" in output
    assert f"http://127.0.0.1:{port}/voila/render/star_realms.ipynb" in output
