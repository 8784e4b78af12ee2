"""The data file: the demo set's labelling and the loader's structural checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import explorer
from explorer.errors import RulesError
from explorer.games.warps_edge.data import DEMO_PATH, load_data

TEXT = DEMO_PATH.read_text()


def test_demo_set_is_labelled_as_the_projects_own() -> None:
    data = load_data()
    assert data.label == "demo" and "not the printed components" in data.describe()
    assert TEXT.startswith("# Warp's Edge — DEMONSTRATION DATA SET")
    assert TEXT.count('source = "demo"') >= 27 + 18 + 4 and '\nsource = "owner"' not in TEXT
    assert explorer.load_game("warps_edge").info.data_source.startswith("demonstration data set")


def test_demo_names_are_visibly_invented() -> None:
    data = load_data()
    names = [e.name for e in data.enemies] + [s.name for s in data.skills] + [f.name for f in data.starfighters]
    assert all(n.startswith("Demo ") for n in names)


def test_demo_set_has_the_seeds_structure() -> None:
    data = load_data()
    assert [sum(e.level == lv for e in data.enemies) for lv in (1, 2, 3)] == [9, 9, 9]
    assert len(data.skills) == 18 and any(s.ongoing for s in data.skills)
    assert sum(n for _, n in data.starting_bag) == 10
    assert all(len(f.loadout) == 5 and len(f.signature_tokens) == 5 for f in data.starfighters)
    assert sum(t.supply for t in data.tokens if t.kind != "signature") == 99


def _broken(tmp_path: Path, old: str, new: str) -> str:
    path = tmp_path / "owner.toml"
    path.write_text(TEXT.replace(old, new, 1))
    return str(path)


def test_malformed_hull_names_the_field(tmp_path: Path) -> None:
    text = TEXT
    fifth = [m.start() for m in re.finditer(r"\[\[enemies\]\]", text)][4]
    i = text.index("hull = ", fifth)
    path = tmp_path / "owner.toml"
    path.write_text(text[:i] + "hull = 'x'" + text[text.index("\n", i):])
    with pytest.raises(RulesError, match=r"enemies\[4\]\.hull: expected a whole number >= 1, got 'x'"):
        explorer.load_game("warps_edge", data=str(path))


def test_wrong_enemy_count_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, "level = 3\nhull = 7\nspeed = 3\nattack = 4", "level = 2\nhull = 7\nspeed = 3\nattack = 4")
    with pytest.raises(RulesError, match="27 enemy cards"):
        explorer.load_game("warps_edge", data=path)


def test_loadout_must_have_five_types(tmp_path: Path) -> None:
    path = _broken(tmp_path, '"enhance", "demo-decoy"]', '"enhance"]')
    with pytest.raises(RulesError, match=r"loadouts\[0\]\.power_tokens: expected five different"):
        explorer.load_game("warps_edge", data=path)


def test_bad_reward_phrase_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'destroy_reward = ["gain laser-1"]', 'destroy_reward = ["gain lasers"]')
    with pytest.raises(RulesError, match=r"enemies\[0\]\.destroy_reward\[0\]: expected a known token id"):
        explorer.load_game("warps_edge", data=path)


def test_owner_file_is_reported(tmp_path: Path) -> None:
    path = _broken(tmp_path, '[meta]\nname = "Rules Explorer demonstration set"\nsource = "demo"',
                   '[meta]\nname = "My printed copy"\nsource = "owner"')
    game = explorer.load_game("warps_edge", data=path)
    assert game.data.label == "owner" and "My printed copy" in game.info.data_source
    assert game.initial_state().to_json()  # plays from the owner's file


def test_missing_file_is_refused() -> None:
    with pytest.raises(RulesError, match="no such file"):
        explorer.load_game("warps_edge", data="/no/such/file.toml")
