"""Every game notebook still runs when its panel is clicked between cells, and the panel follows ``m``.

Issue 18 ("One match, wherever you look"): in JupyterLab a reader runs a game
notebook, clicks Step / Auto / New game on its panel, then runs the later cells;
the panel and Python must agree at every point. This test does that in one
kernel with nbclient, for each of the five game notebooks:

1. run the cells in order up to the one that binds ``panel`` (``panel = XPanel(m)``);
2. run an inserted cell that drives the panel's public API as clicks would —
   ``panel.auto(5)``, ``panel.step()``, ``panel.undo()``, ``panel.new_game(7)``,
   ``panel.auto(3)`` — and asserts after each that ``panel.match is m`` and
   ``panel.state is m.state`` (New game restarts the same match: issue 18 §1);
3. run every remaining cell of the notebook: none may fail, whatever the clicks did;
4. move ``m`` from Python (``m.undo()``, then ``m.play("random", 3)``) and check,
   in the *next* cell, that the panel redrew: its position label reads
   ``"<cursor> of <last> in all"`` and its phase line is the one for ``m.state``.
   The panel redraws once after the cell that moved ``m`` (it is queued on the
   kernel's event loop), which is why the check is a cell of its own.

A cell that fails raises ``CellExecutionError`` with the cell's source and traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GAME_NOTEBOOKS = ("warps_edge", "star_realms", "endor", "fleet_command", "pinned_down")
CELL_TIMEOUT_S = 120

CLICKS = """
def agree(where):
    assert panel.match is m, f"after {where}: panel.match is another Match than m"
    assert panel.state is m.state, f"after {where}: the panel shows another state than m.state"

agree("the panel cell")
if not m.state.is_terminal():
    assert panel.auto(5), panel.status.message
agree("Auto 5")
panel.step()  # refused (False) only when the game is over: both are clicks a reader can make
agree("Step")
if m.can_undo():
    assert panel.undo(), panel.status.message
agree("Undo")
assert panel.new_game(7), panel.status.message
agree("New game")
assert m.seed == 7, f"New game with seed 7 left m on seed {m.seed}"
if not m.state.is_terminal():
    assert panel.auto(3), panel.status.message
agree("Auto 3")
"""

MOVE_BY_UNDO = """
assert m.can_undo(), "the notebook left m at its first position: nothing to undo"
m.undo()
expected = (m.cursor, len(m) - 1, panel.decision_text(m.state))
"""

MOVE_BY_PLAY = """
if m.state.is_terminal():
    m.undo()
else:
    m.play("random", 3)
expected = (m.cursor, len(m) - 1, panel.decision_text(m.state))
"""

PANEL_REDREW = """
cursor, last, decision = expected
label = panel.history.position_label.value
assert f"{cursor} of {last} in all" in label, f"the panel's position label did not follow m to move {cursor}: {label}"
assert decision in panel.phase_text, f"the panel's phase line {panel.phase_text!r} is not m's ({decision!r})"
assert panel.status.message.startswith("Updated from Python"), panel.status.message
assert panel.match is m and panel.state is m.state
"""


def _panel_cell(nb: "nbformat.NotebookNode") -> int:
    """Index of the cell that binds the notebook's panel to the name ``panel``."""
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and any(line.startswith("panel = ") for line in cell.source.splitlines()):
            return i
    raise AssertionError("the notebook binds no panel to the name `panel` (issue 18 §2)")


def _with_clicks(nb: "nbformat.NotebookNode") -> "nbformat.NotebookNode":
    """The notebook with the click cell after its panel cell and the follow checks at the end."""
    at = _panel_cell(nb)
    new = nbformat.v4.new_code_cell
    cells = list(nb.cells)
    cells.insert(at + 1, new(CLICKS))
    cells += [new(MOVE_BY_UNDO), new(PANEL_REDREW), new(MOVE_BY_PLAY), new(PANEL_REDREW)]
    nb.cells = cells
    return nb


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_notebook_passes_with_panel_clicks_between_cells(name: str) -> None:
    # issue 18, "Done when": a game notebook run, then clicked on its panel, then its later cells:
    # panel and Python agree at every point, and every later cell still passes
    path = NOTEBOOKS / f"{name}.ipynb"
    nb = _with_clicks(nbformat.read(path, as_version=4))
    client = nbclient.NotebookClient(nb, timeout=CELL_TIMEOUT_S, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", ()) if o.output_type == "error"]
    assert not errors, f"{name}: a cell raised {errors[0].ename}: {errors[0].evalue}"


def test_every_game_notebook_binds_its_panel_to_m() -> None:
    # issue 18 §2: "the notebooks bind their panel to a name and build it from the match or position the
    # notebook has just made" - the panel cell is `panel = XPanel(m)` on the notebook's own m
    for name in GAME_NOTEBOOKS:
        nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
        line = next(line for line in nb.cells[_panel_cell(nb)].source.splitlines() if line.startswith("panel = "))
        assert line.endswith("Panel(m)"), f"{name}: the panel is built as {line!r}, not from the notebook's m"


PRIVATE_READS = ("token_pick", ".grouped()", ".press(", "._", "shared/reference", "seed 00", ".txt`")


def test_no_notebook_cell_reaches_into_a_widget_or_outside_the_repository() -> None:
    # issue 18 §2 and §4: no notebook cell touches a private widget (panel.token_pick.options[0][1],
    # panel.grouped()["sr-play"][0] raise IndexError once the panel was clicked), and no notebook cites a
    # file outside this repository (shared/reference/*.md, the seed documents)
    for name in GAME_NOTEBOOKS:
        nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
        for cell in nb.cells:
            for needle in PRIVATE_READS:
                assert needle not in cell.source, f"{name}: a cell holds {needle!r}:\n{cell.source}"


def test_game_notebooks_are_committed_without_outputs() -> None:
    # the repository keeps notebooks clean: outputs and widget state are made by running them
    for name in GAME_NOTEBOOKS:
        nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
        assert "widgets" not in nb.metadata, f"{name}: widget state is saved in the notebook"
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None, f"{name}: a cell was saved with output"
