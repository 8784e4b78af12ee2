"""A simulation feature whose optional package is missing names the extra that brings it (issue 34 §1).

The import is made to fail as on an install without the ``sim`` extra: ``None`` in
``sys.modules`` makes ``import dask.distributed`` raise ``ModuleNotFoundError``.
"""

from __future__ import annotations

import sys

import pytest

from explorer.extras import MissingExtraError
from explorer.sim import make_spec, simulate
from explorer.sim.cli import main

INSTALL = "pip install 'rules-explorer[sim]'"


def test_the_dask_backend_without_dask_names_the_sim_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(MissingExtraError) as missing:
        simulate("warps_edge", games=2, backend="dask")
    assert str(missing.value).startswith(f"the simulation lab's Dask backend needs the sim extra: {INSTALL} (")


def test_a_parquet_table_without_pyarrow_names_the_sim_extra(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    result = simulate("warps_edge", games=2)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MissingExtraError, match=r"^writing a Parquet table needs the sim extra: pip install "):
        result.save(tmp_path / "games.parquet")
    assert not (tmp_path / "games.parquet").exists()


def test_the_command_without_tqdm_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    assert main(["warps_edge", "--games", "2"]) == 2
    assert capsys.readouterr().err.startswith(
        f"error: the simulation command's progress bar needs the sim extra: {INSTALL} (")


def test_the_local_backend_needs_no_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("dask", "dask.distributed", "pyarrow", "tqdm"):
        monkeypatch.setitem(sys.modules, module, None)
    assert simulate("warps_edge", games=3).done == 3
    assert make_spec("warps_edge", games=3).games == 3
