"""One match, one truth (docs/architecture.md rule 9): a match tells its listeners of every change and keeps its identity."""

from __future__ import annotations

import html

import pytest

import explorer
from explorer.core.match import Match
from explorer.core.watch import CHANGE_KINDS, MatchChange
from explorer.errors import RulesError, StateFormatError


@pytest.fixture
def pig_match(toy_registered: None) -> Match:
    return Match(explorer.load_game("toy_pig"), seed=5)


def advance(match: Match) -> None:
    """One move: a roll decided by the player, or the die's outcome sampled at a chance node."""
    match.step(None if match.state.is_chance() else "roll")


def told(match: Match) -> list[MatchChange]:
    seen: list[MatchChange] = []
    match.observe(seen.append)
    return seen


def test_every_way_a_match_moves_tells_its_listeners_with_kind_cursor_and_length(pig_match):
    seen = told(pig_match)
    advance(pig_match)
    pig_match.play("random", 6)
    pig_match.undo()
    pig_match.redo()
    pig_match.goto(2)
    pig_match.reseed(9)
    pig_match.restart()
    assert [c.kind for c in seen] == ["step", "play", "undo", "redo", "goto", "reseed", "restart"]
    assert seen[0] == MatchChange("step", 1, 2, 1)
    assert seen[1] == MatchChange("play", 7, 8, 6)
    assert seen[2] == MatchChange("undo", 6, 8, 0)
    assert seen[4] == MatchChange("goto", 2, 8, 0)
    assert seen[5] == MatchChange("reseed", 2, 3, 0)  # the undone future is cut by a new seed
    assert seen[6] == MatchChange("restart", 0, 1, 0)
    assert {c.kind for c in seen} <= set(CHANGE_KINDS)


def test_play_of_500_moves_tells_once_at_the_end():
    match = Match(explorer.load_game("star_realms"), seed=3)
    seen = told(match)
    made = match.play("random", 500)
    assert len(seen) == 1 and seen[0].kind == "play" and seen[0].moves == made == 500


def test_a_refused_move_changes_nothing_and_tells_nobody(pig_match):
    seen = told(pig_match)
    advance(pig_match)
    with pytest.raises(RulesError):
        pig_match.step("fly to the moon")
    with pytest.raises(RulesError):
        pig_match.goto(99)
    assert [c.kind for c in seen] == ["step"]


def test_batched_changes_are_told_once_and_nested_blocks_tell_at_the_outermost(pig_match):
    seen = told(pig_match)
    with pig_match.batched():
        pig_match.play("random", 4)
        with pig_match.batched():
            pig_match.undo()
        assert seen == []
    assert seen == [MatchChange("batch", 3, 5, 4)]
    with pig_match.batched():
        pass
    assert len(seen) == 1  # nothing changed: nothing told


def test_observing_twice_registers_once_and_unobserve_stops_the_messages(pig_match):
    seen: list[MatchChange] = []
    pig_match.observe(seen.append)
    pig_match.observe(seen.append)
    advance(pig_match)
    assert len(seen) == 1
    pig_match.unobserve(seen.append)
    advance(pig_match)
    assert len(seen) == 1
    with pytest.raises(ValueError, match="is not observing this match"):
        pig_match.unobserve(seen.append)
    with pytest.raises(TypeError, match="a listener is a callable"):
        pig_match.observe(42)  # type: ignore[arg-type]


def test_a_listener_that_raises_does_not_stop_the_others_and_its_error_surfaces(pig_match):
    seen: list[MatchChange] = []

    def broken(change: MatchChange) -> None:
        raise RuntimeError("listener broke")

    pig_match.observe(broken)
    pig_match.observe(seen.append)
    with pytest.raises(RuntimeError, match="listener broke"):
        advance(pig_match)
    assert len(seen) == 1 and pig_match.cursor == 1  # the step happened; both listeners were told


def test_restart_keeps_the_object_and_its_listeners_from_another_position_or_game():
    game = explorer.load_game("star_realms")
    match = Match(game, seed=1)
    seen = told(match)
    match.play("random", 20)
    middle = match.states[10]
    same = match
    match.restart(middle, seed=44)
    assert match is same and match.state == middle and match.seed == 44 and len(match) == 1
    match.restart(explorer.load_game("warps_edge"))
    assert match.game.info.id == "warps_edge" and match.seed == 44
    assert [c.kind for c in seen] == ["play", "restart", "restart"]


def test_load_takes_over_a_saved_match_in_place_and_a_damaged_file_changes_nothing():
    game = explorer.load_game("star_realms")
    saved = Match(game, seed=8)
    saved.play("heuristic", 30)
    saved.undo()
    mine = Match(game, seed=1)
    seen = told(mine)
    mine.load(saved.to_json())
    assert mine.state == saved.state and mine.cursor == 29 and len(mine) == 31 and mine.seed == 8
    assert mine.log == saved.log
    before = mine.state
    with pytest.raises(StateFormatError):
        mine.load("{not json")
    assert mine.state == before and [c.kind for c in seen] == ["load"]
    # a loaded match goes on as the original would have: the same next outcomes
    mine.redo()
    saved.redo()
    mine.play("random", 10)
    saved.play("random", 10)
    assert mine.state == saved.state


def test_load_from_a_match_object_keeps_the_two_independent():
    game = explorer.load_game("warps_edge")
    other = Match(game, seed=2)
    other.play("heuristic", 12)
    mine = Match(game, seed=1)
    mine.load(other)
    mine.play("random", 5)
    assert len(other) == 13 and len(mine) == 18  # moving one does not move the other


def test_a_state_shows_itself_in_a_cell_as_render_escaped():
    match = Match(explorer.load_game("star_realms"), seed=1)
    match.play("heuristic", 12)
    shown = match.state._repr_html_()
    assert "Star Realms" in shown and html.escape(match.state.render()) in shown
    assert match.state.phase in shown


def test_a_match_shows_seed_position_and_its_last_moves_in_a_cell():
    match = Match(explorer.load_game("star_realms"), seed=1)
    match.play("heuristic", 20)
    match.undo()
    shown = match._repr_html_()
    assert "seed 1" in shown and "position 19 of 20" in shown and "1 undone moves kept for redo" in shown
    assert html.escape(match.log_line(18)) in shown and html.escape(match.log_line(19)) not in shown
    assert "… 11 earlier moves" in shown


def test_names_from_the_game_are_escaped_in_the_html(pig_match):
    pig_match.play("random", 3)
    assert "<script" not in pig_match._repr_html_().replace("&lt;script", "")
