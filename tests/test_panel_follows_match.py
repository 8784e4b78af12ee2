"""One match, wherever you look (issue "One match, wherever you look"; docs/architecture.md rule 9).

A cell that moves the match moves the panel; New game, Use this position, Load match and a
link restart or load the *same* match, so ``panel.match is m`` stays true; notebooks read the
panel through ``panel.match``, ``panel.play``, ``panel.show_tab`` and ``panel.odds()``.
Without a browser: no event loop runs here, so the panel redraws at once (in a kernel, once
after the cell: ``widgets/common/follow.py``, checked by the notebook test).
"""

from __future__ import annotations


import pytest

import explorer
from explorer import Match
from explorer.core.share import match_query
from widgets.common.follow import RedrawLater
from widgets.common.history import log_html
from widgets.common.match_panel import MatchPanel
from widgets.star_realms.panel import StarRealmsPanel
from widgets.warps_edge.panel import WarpsEdgePanel


@pytest.fixture
def pig(toy_registered: None) -> explorer.Game:
    return explorer.load_game("toy_pig")


def test_the_panel_redraws_after_step_undo_and_play_in_python(pig: explorer.Game) -> None:
    m = Match(pig, seed=3)
    panel = MatchPanel(m, link=False)
    m.step("roll")
    assert panel.phase_text == "Phase: rolling · Chance: rolling"
    assert panel.status.message.startswith("Updated from Python (step; 1 move made): showing position 1 of 1")
    m.play("random", 6)
    assert panel.history.undo_button.disabled is False and 'data-pos="7"' in panel.history.log.value
    assert "showing position 7 of 7" in panel.status.message
    m.undo()
    assert "re-log-current" in panel.history.log.value and panel.history.redo_button.disabled is False
    assert panel.state is m.state and "Updated from Python (undo)" in panel.status.message


def test_a_long_play_in_python_redraws_the_panel_once() -> None:
    m = Match(explorer.load_game("star_realms"), seed=2)
    panel = StarRealmsPanel(m, link=False)
    drawn = []
    original = panel.refresh
    panel.refresh = lambda: (drawn.append(1), original())[1]  # type: ignore[method-assign]
    m.play("random", 500)
    assert len(drawn) == 1 and panel.history.position_label.value.endswith(f"{m.cursor} of {m.cursor} in all</span>")


def test_a_click_on_the_panel_is_seen_by_the_notebook_s_name_for_the_match(pig: explorer.Game) -> None:
    m = Match(pig, seed=1)
    panel = MatchPanel(m, link=False)
    panel.step_button.click()  # the random policy plays for Player 1
    panel.step_button.click()
    assert panel.match is m and len(m) == 3 and panel.state is m.state


def test_new_game_keeps_the_same_match_object(pig: explorer.Game) -> None:
    m = Match(pig, seed=1)
    panel = MatchPanel(m, link=False)
    m.play("random", 5)
    assert panel.new_game(99)
    assert panel.match is m and m.seed == 99 and len(m) == 1 and m.state == pig.initial_state()


def test_use_this_position_keeps_the_same_match_object_and_new_game_starts_there() -> None:
    game = explorer.load_game("star_realms")
    m = Match(game, seed=4)
    m.play("heuristic", 40)
    middle = m.states[25]
    panel = StarRealmsPanel(m, link=False)
    assert panel.use_position_text(middle.position_text())
    assert panel.match is m and len(m) == 1
    assert m.state.position_text() == middle.position_text()
    panel.editor.load(m.state)
    assert panel.editor.use() and panel.match is m


def test_load_match_keeps_the_same_match_object(pig: explorer.Game) -> None:
    saved = Match(pig, seed=12)
    saved.play("random", 9)
    m = Match(pig, seed=1)
    panel = MatchPanel(m, link=False)
    assert panel.load_json(saved.to_json(), "saved.json")
    assert panel.match is m and m.state == saved.state and m.seed == 12 and len(m) == 10


def test_a_link_loads_into_the_match_the_panel_was_given(pig: explorer.Game) -> None:
    shared = Match(pig, seed=7)
    shared.play("random", 4)
    m = Match(pig, seed=1)
    panel = MatchPanel(m, link=match_query(shared))
    assert panel.match is m and m.state == shared.state and "Opened the match from the link" in panel.status.message


def test_the_printed_explorer_switch_keeps_the_same_match_object() -> None:
    m = Match(explorer.load_game("star_realms"), seed=5)
    panel = StarRealmsPanel(m, link=False)
    assert panel.switch_explorer()
    assert panel.match is m and m.game.variant == "printed_explorer"


def test_following_another_match_stops_following_the_first(pig: explorer.Game) -> None:
    first, second = Match(pig, seed=1), Match(pig, seed=2)
    panel = MatchPanel(first, link=False)
    panel.match = second
    first.step("roll")
    assert panel.state is second.state and first.listeners == () and len(second.listeners) == 1
    with pytest.raises(TypeError, match="a panel follows a Match"):
        panel.follow("not a match")  # type: ignore[arg-type]
    panel.close()
    assert second.listeners == ()


def test_show_tab_opens_a_tab_by_its_title_and_refuses_an_unknown_one(pig: explorer.Game) -> None:
    panel = MatchPanel(pig, seed=1, link=False)
    panel.show_tab("Odds")
    assert panel.tabs.selected_index == 1 and panel.odds.visible
    panel.show_tab("Advice")
    assert panel.tabs.selected_index == 3
    with pytest.raises(ValueError, match="no tab called 'Hints'; the tabs are 'Play', 'Odds', 'Set up position', 'Advice'"):
        panel.show_tab("Hints")


def test_panel_odds_answers_about_the_position_python_just_made() -> None:
    m = Match(explorer.load_game("warps_edge"), seed=1)
    panel = WarpsEdgePanel(m, link=False)
    m.play("heuristic", 6)
    report = panel.odds()
    assert len(report) == len(panel.odds.slots) and all(a.error is None for a in report)
    first = report[0]
    assert first.figure is not None and first.data == [
        {"name": t.name, "x": list(t.x), "y": list(t.y)} for t in first.figure.data]
    assert report[first.title] is first and first.title in str(report)
    with pytest.raises(KeyError, match="no odds view called 'Nope'"):
        report["Nope"]


def test_a_turn_the_match_does_not_have_is_refused_in_words_not_clamped(pig: explorer.Game) -> None:
    m = Match(pig, seed=1)
    panel = MatchPanel(m, link=False)
    m.play("random", 30)
    turns = len(m.turn_starts())
    before = m.cursor
    panel.history.slider.value = 10**9
    assert m.cursor == before and panel.status.level == "error"
    assert f"the slider goes from the start to turn {turns - 1}" in panel.status.message
    panel.history.slider.value = -5
    assert m.cursor == before and "Turn -5 is not in this match" in panel.status.message


def test_the_log_pages_back_to_the_first_move_of_a_long_game() -> None:
    m = Match(explorer.load_game("star_realms"), seed=3)
    m.play("random", 450)
    panel = StarRealmsPanel(m, link=False)
    history = panel.history
    assert history.pager.layout.display == "flex" and 'data-pos="1"' not in history.log.value
    history.earlier_button.click()
    history.earlier_button.click()
    assert 'data-pos="1"' in history.log.value and history.earlier_button.disabled
    history.later_button.click()
    assert 'data-pos="1"' not in history.log.value
    history.shown_button.click()
    assert history.log.value == log_html(m, window=history.window, log_line=history.log_line)


def test_in_a_kernel_a_run_of_changes_redraws_once_after_the_cell() -> None:
    drawn: list[list[str]] = []

    class KernelLoop:  # stands for the kernel's loop, held by the running cell: callbacks wait for the cell's end
        def __init__(self) -> None:
            self.waiting: list = []

        def call_soon(self, callback) -> None:
            self.waiting.append(callback)

    loop = KernelLoop()
    later = RedrawLater(drawn.append, loop=lambda: loop)
    for kind in ("step", "step", "undo"):
        later.ask(kind)
    assert drawn == [] and later.queued and len(loop.waiting) == 1  # one redraw queued, nothing drawn yet
    loop.waiting.pop()()  # the cell ends; the loop runs what was queued
    assert drawn == [["step", "step", "undo"]] and not later.queued

def test_the_share_link_follows_a_new_position_even_when_the_match_had_one_position() -> None:
    # the link was keyed on (match id, length, cursor): a one-position match restarted from another
    # position kept all three, and the page's link still opened the old position
    game = explorer.load_game("star_realms")
    played = Match(game, seed=4)
    played.play("heuristic", 40)
    panel = StarRealmsPanel(Match(played.states[20], seed=1), link=False, deal=False)
    before = panel.page_link.query
    assert panel.use_position_text(played.states[30].position_text()) and len(panel.match) == 1
    assert panel.page_link.query != before and panel.page_link.query == panel.share_query()
