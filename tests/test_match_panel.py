"""The generic match panel on the toy game, without a browser.

Buttons are pressed with ``button.click()``, the slider and text boxes are set
directly, the FileUpload is fed an ipywidgets-8 value, and the labels, HTML and
figure data are read back.
"""

from __future__ import annotations

import base64
import datetime
import json
import re

import ipywidgets as W
import plotly.graph_objects as go
import pytest

import explorer
from explorer import Action, Match
from explorer.core.share import match_query
from widgets.common.history import log_html
from widgets.common.match_panel import MatchPanel, render_html
from widgets.common.save_load import match_filename


@pytest.fixture
def pig(toy_registered: None) -> explorer.Game:
    return explorer.load_game("toy_pig")


@pytest.fixture
def panel(pig: explorer.Game) -> MatchPanel:
    return MatchPanel(pig, seed=1)


def labels(p: MatchPanel) -> list[str]:
    """The move buttons currently shown, in order."""
    return [b.description for row in p.picker.buttons_box.children for b in row.children[1].children]


def click(p: MatchPanel, label: str) -> None:
    for row in p.picker.buttons_box.children:
        for b in row.children[1].children:
            if b.description == label:
                b.click()
                return
    raise AssertionError(f"no move button {label!r}; shown: {labels(p)}")


def upload(p: MatchPanel, name: str, data: bytes) -> None:
    p.save_load.upload.value = (
        {"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
         "last_modified": datetime.datetime(2026, 1, 1)},
    )


def classes(w: W.Widget) -> set[str]:
    return set(w._dom_classes)


# --- header, position, buttons -------------------------------------------------------------
def test_initial_panel_shows_title_variant_phase_and_moves(panel: MatchPanel) -> None:
    assert "Pig (toy)" in panel.title_html.value and "· standard: first to 10" in panel.title_html.value
    assert panel.phase_text == "Phase: decide · Player 1 decides"
    assert "Phase: decide · Player 1 decides" in panel.phase_html.value
    assert labels(panel) == ["roll", "draw"]
    assert panel.picker.mode == "buttons"
    assert panel.status.message == "Ready: Player 1 decides." and panel.status.level == "info"
    assert panel.position_html.value == render_html("scores (0, 0), turn total 0, decide, bonus deck 4")
    assert (panel.history.slider.min, panel.history.slider.max, panel.history.slider.value) == (0, 0, 0)
    assert panel.history.undo_button.disabled and panel.history.redo_button.disabled
    assert panel.seed_input.value == 1
    assert list(panel.auto_policy.options) == ["random", "advisor"] and panel.auto_policy.value == "random"
    assert panel.tabs.titles == ("Play", "Odds", "Set up position", "Advice") and panel.tabs.selected_index == 0


def test_stable_css_classes_and_readable_button_names(panel: MatchPanel) -> None:
    assert "re-phase" in classes(panel.phase_html)
    assert "re-status" in classes(panel.status.widget)
    assert "re-step" in classes(panel.step_button) and panel.step_button.description == "Step"
    assert "re-undo" in classes(panel.history.undo_button) and panel.history.undo_button.description == "Undo"
    assert "re-redo" in classes(panel.history.redo_button) and panel.history.redo_button.description == "Redo"
    assert "re-auto" in classes(panel.auto_button) and panel.auto_button.description == "Auto"
    assert "re-log" in classes(panel.history.log)
    assert "re-actions" in classes(panel.picker.widget)
    assert "re-history-slider" in classes(panel.history.slider)
    assert "re-odds" in classes(panel.odds.widget)
    assert panel._repr_mimebundle_()["application/vnd.jupyter.widget-view+json"]["model_id"] == panel.widget.model_id


def test_render_is_escaped() -> None:
    assert render_html("<b>&") == '<pre class="re-render">&lt;b&gt;&amp;</pre>'


def test_clicking_a_move_button_applies_it_and_shows_the_chance_outcomes(panel: MatchPanel) -> None:
    click(panel, "roll")
    assert panel.match.log == ["1. Player 1: roll"]
    assert panel.status.message == "1. Player 1: roll" and panel.status.level == "ok"
    assert panel.phase_text == "Phase: rolling · Chance: rolling"
    assert labels(panel) == [f"rolled {k} · 1/6" for k in range(1, 7)]
    assert "6 possible outcomes with exact probabilities" in panel.picker.heading.value


def test_step_at_a_chance_node_samples_one_outcome(panel: MatchPanel) -> None:
    click(panel, "roll")
    panel.step_button.click()
    assert len(panel.match.log) == 2
    assert panel.match.log[1] == "2. Player 1 rolls 3 (turn total 0 → 3)"  # seed 1: the rules tell the roll
    assert panel.status.message == "2. Player 1 rolls 3 (turn total 0 → 3) (probability 1/6)"
    assert panel.phase_text == "Phase: decide · Player 1 decides"
    assert labels(panel) == ["roll", "hold"]
    assert "turn total 3" in panel.position_html.value


def test_a_chance_outcome_can_be_picked_deliberately(panel: MatchPanel) -> None:
    click(panel, "roll")
    click(panel, "rolled 5 · 1/6")
    assert panel.match.log == ["1. Player 1: roll", "2. Player 1 rolls 5 (turn total 0 → 5)"]
    assert not panel.match.entries[1].sampled


def test_step_at_a_decision_plays_the_chosen_policy_and_says_which(panel: MatchPanel) -> None:
    assert panel.step_note.value.endswith("Step: random plays for Player 1.</span>")
    panel.step_button.click()
    assert panel.status.level == "ok"
    move = panel.match.entries[0].action
    assert panel.status.message == f"Step: random plays '{move}' — 1. Player 1: {move}"
    assert len(panel.match) == 2
    assert panel.step_note.value.endswith("Step deals: rolling.</span>") or move.kind == "draw"


def test_step_is_disabled_with_the_reason_when_the_game_is_over(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1)
    p.auto(500)
    assert p.state.is_terminal() and p.step_button.disabled
    assert "The game is over: undo or start a new game." in p.step_note.value


# --- history -------------------------------------------------------------------------------
def test_undo_redo_and_the_slider_move_through_the_match(panel: MatchPanel) -> None:
    click(panel, "roll")
    panel.step_button.click()
    click(panel, "hold")
    h = panel.history
    # The slider runs over turns: Player 1's turn is positions 0-2, Player 2's starts at 3 (after the hold).
    assert (h.slider.max, h.slider.value, panel.match.cursor) == (1, 1, 3)
    assert panel.match.turn_starts() == (0, 3)
    h.undo_button.click()
    assert panel.match.cursor == 2 and h.slider.value == 0 and not h.redo_button.disabled
    assert panel.status.message == "Undone: back to move 2."
    h.redo_button.click()
    assert panel.match.cursor == 3 and h.redo_button.disabled
    assert panel.status.message == "Redone: 3. Player 1 holds: banks 3 (score 0 → 3)"
    h.prev_turn_button.click()  # to the start of this turn (Player 2's, which starts at 3: already there -> back)
    assert panel.match.cursor == 0
    h.next_turn_button.click()
    assert panel.match.cursor == 3
    h.slider.value = 0
    assert panel.match.cursor == 0 and panel.phase_text == "Phase: decide · Player 1 decides"
    assert h.slider.max == 1 and h.undo_button.disabled
    assert '<div class="re-log-line re-log-current" data-pos="0">Start</div>' in h.log.value
    assert '<div class="re-log-turn">Player 2&#x27;s turn</div>' in h.log.value
    assert '<div class="re-log-line re-log-future" data-pos="3">3. Player 1 holds: banks 3 (score 0 → 3)</div>' \
        in h.log.value
    click(panel, "draw")  # stepping from an earlier position cuts the old future
    assert panel.match.log == ["1. Player 1: draw"] and h.slider.max == 0 and h.slider.value == 0


def test_log_is_escaped_and_windowed_around_the_cursor(pig: explorer.Game) -> None:
    match = Match(pig, seed=2)
    match.play("random", 40)
    text = log_html(match, window=5)
    assert text.count('class="re-log-line') == 6
    assert f"… {len(match) - 1 - 5} earlier moves" in text
    match.goto(0)  # the shown move stays in view: three undone moves follow it, the rest is summarised
    assert f"… {len(match) - 4} later moves (redo)" in log_html(match, window=5)


# --- typed actions -------------------------------------------------------------------------
def test_typed_illegal_action_shows_the_reason_and_changes_nothing(panel: MatchPanel) -> None:
    before = panel.save_json()
    panel.picker.typed.value = "hold"
    panel.picker.apply_typed_button.click()
    assert panel.status.level == "error"
    assert panel.status.message == "'hold' is not legal in decide: there is nothing to bank yet; legal now: roll, draw"
    panel.picker.explain_button.click()
    assert panel.status.message == (
        "Not legal now: 'hold' is not legal in decide: there is nothing to bank yet; legal now: roll, draw"
    )
    panel.picker.typed.value = "rol"
    panel.picker.explain_button.click()
    assert panel.status.message == "Not legal now: 'rol' is not an action here (phase decide); allowed: roll, draw"
    assert panel.save_json() == before and len(panel.match) == 1


def test_typed_legal_action_is_explained_then_applied(panel: MatchPanel) -> None:
    panel.picker.typed.value = "  ROLL "
    panel.picker.explain_button.click()
    assert panel.status.message == "'ROLL' is legal now: it plays 'roll'. Press Apply typed to play it."
    assert len(panel.match) == 1
    panel.picker.apply_typed_button.click()
    assert panel.match.log == ["1. Player 1: roll"]
    panel.picker.typed.value = "x" * 201
    panel.picker.apply_typed_button.click()
    assert panel.status.message == "A typed action is at most 200 characters; this one has 201."


# --- auto, seed, new game ------------------------------------------------------------------
def test_auto_random_50_reaches_game_over(panel: MatchPanel) -> None:
    panel.auto_steps.value = 50  # the policy dropdown starts on "random"
    panel.auto_button.click()
    assert panel.state.is_terminal()
    assert panel.phase_text == f"Game over — {panel.state.result()}"
    assert re.fullmatch(r"Auto \(random\): played \d+ moves; game over — Player [12] reached 10\.", panel.status.message)
    assert panel.step_button.disabled and panel.auto_button.disabled
    assert labels(panel) == [] and "the game is over" in panel.picker.heading.value
    panel.auto()
    assert panel.status.message.startswith("The game is over (Player")


def test_auto_refuses_an_n_typed_out_of_range_and_leaves_it_as_typed(panel: MatchPanel) -> None:
    """The N box is a plain number field: a typed 0 is refused in words, not clamped to 1 by the browser."""
    panel.auto_steps.value, log = 0, list(panel.match.log)
    panel.auto_button.click()
    assert panel.status.message == "N (moves to play) must be a whole number from 1 to 10000, got 0"
    assert panel.auto_steps.value == 0 and panel.match.log == log  # nothing played


def test_auto_refuses_bad_inputs(panel: MatchPanel) -> None:
    assert not panel.auto(n=0)
    assert panel.status.message == "N (moves to play) must be a whole number from 1 to 10000, got 0"
    assert not panel.auto(n=5, policy="greedy")
    assert panel.status.message == "Unknown policy 'greedy'; policies: random, advisor."
    assert len(panel.match) == 1


def test_seed_and_new_game_reproduce_the_same_log(panel: MatchPanel) -> None:
    def game_with_seed(seed: int) -> list[str]:
        panel.seed_input.value = seed
        panel.new_game_button.click()
        assert panel.status.message == f"New game with seed {seed}."
        panel.auto(n=50, policy="random")
        return panel.match.log

    first = game_with_seed(7)
    assert len(panel.match) > 1 and panel.seed_input.value == 7
    assert game_with_seed(7) == first
    assert game_with_seed(8) != first


def test_set_seed_reseeds_from_here_and_cuts_the_future(panel: MatchPanel) -> None:
    click(panel, "roll")
    panel.step_button.click()
    panel.history.undo_button.click()
    panel.seed_input.value = 99
    panel.set_seed_button.click()
    assert panel.match.seed == 99 and not panel.match.can_redo()
    assert panel.status.message == "Seed 99: chance draws from this position on use it."
    panel.seed_input.value = -1
    panel.set_seed_button.click()
    assert panel.status.message == "The seed must be a whole number from 0 to 9223372036854775807, got -1"
    assert panel.match.seed == 99


# --- save / load ---------------------------------------------------------------------------
def test_save_json_load_json_round_trip(pig: explorer.Game, panel: MatchPanel) -> None:
    panel.auto(n=12, policy="random")
    panel.history.undo_button.click()
    saved = panel.save_json()
    other = MatchPanel(pig, seed=5)
    assert other.load_json(saved, "m.json")
    assert other.save_json() == saved
    assert other.match.log == panel.match.log and other.match.cursor == panel.match.cursor == 11
    assert other.status.message == "Loaded m.json: 12 moves, showing position 11."
    assert other.seed_input.value == 1


def test_download_link_carries_the_current_match(panel: MatchPanel) -> None:
    click(panel, "roll")
    link = panel.save_load.link.value
    assert f'download="{match_filename("toy_pig")}"' in link and 'download="toy_pig-match.json"' in link
    href = re.search(r'href="data:application/json;base64,([^"]+)"', link).group(1)
    assert base64.b64decode(href).decode() == panel.save_json()


def test_uploading_a_saved_match_loads_it(pig: explorer.Game, panel: MatchPanel) -> None:
    panel.auto(n=6, policy="random")
    other = MatchPanel(pig, seed=3)
    upload(other, "six.json", panel.save_json().encode())
    assert other.status.message == "Loaded six.json: 6 moves, showing position 6."
    assert other.match.log == panel.match.log
    assert other.save_load.upload.value == ()


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("garbage.json", b"\xff\xfe\x00garbage", "Could not load garbage.json: it is not UTF-8 text (byte 0xff at position 0)"),
        ("empty.json", b"  ", "Could not load empty.json: the file is empty"),
        ("half.json", b'{"format": ', "Could not load half.json: not JSON (a saved match): Expecting value (line 1, column 12)"),
        ("list.json", b"[1, 2]", "Could not load list.json: a saved match is a JSON object, got list"),
    ],
)
def test_uploading_bad_bytes_keeps_the_match(panel: MatchPanel, name: str, data: bytes, message: str) -> None:
    click(panel, "roll")
    before = panel.save_json()
    upload(panel, name, data)
    assert panel.status.level == "error" and panel.status.message == message
    assert panel.save_json() == before and panel.match.log == ["1. Player 1: roll"]


def test_uploading_a_state_file_is_refused_as_the_wrong_format(panel: MatchPanel) -> None:
    before = panel.save_json()
    upload(panel, "state.json", panel.state.to_json().encode())
    assert panel.status.message == (
        "Could not load state.json: format: expected 'rules-explorer/match', got 'rules-explorer/state'"
    )
    assert panel.save_json() == before


def test_uploading_a_damaged_log_names_the_move(panel: MatchPanel) -> None:
    panel.auto(n=8, policy="random")
    data = json.loads(panel.save_json())
    data["log"][2]["action"] = "teleport"
    before = panel.save_json()
    upload(panel, "damaged.json", json.dumps(data).encode())
    assert re.fullmatch(
        r"Could not load damaged\.json: log\[2\] \('teleport'\) does not replay: 'teleport' is not an action here "
        r"\(phase \w+\); allowed: .*",
        panel.status.message,
    ), panel.status.message
    assert panel.save_json() == before
    data = json.loads(before)
    data["cursor"] = 99
    assert not panel.load_json(json.dumps(data), "cursor.json")
    assert panel.status.message == "Could not load cursor.json: cursor: must be from 0 to 8, got 99"


# --- odds tab ------------------------------------------------------------------------------
class CountingView:
    title = "Turn total"

    def __init__(self) -> None:
        self.states: list[object] = []

    def render(self, state: object) -> go.Figure:
        self.states.append(state)
        return go.Figure(go.Bar(x=["turn total"], y=[state.turn_total]))  # type: ignore[attr-defined]


def test_odds_tab_redraws_from_the_live_state_only_while_visible(pig: explorer.Game) -> None:
    view = CountingView()
    p = MatchPanel(pig, seed=1, odds_views=[view, lambda s: f"<b>{s.phase}</b>"])
    assert view.states == []  # hidden: nothing computed yet
    p.tabs.selected_index = 1
    assert view.states == [p.state] and p.odds.figures[0].data[0].y == (0,)
    assert p.odds.slots[1].html.value == "<b>decide</b>" and p.odds.slots[0].title == "Turn total"
    click(p, "roll")
    p.step_button.click()  # rolled 3 with seed 1
    assert len(view.states) == 3 and view.states[-1] is p.state
    assert p.odds.figures[0].data[0].y == (3,)
    p.tabs.selected_index = 0
    click(p, "hold")
    assert len(view.states) == 3  # hidden: stepping does not redraw
    p.tabs.selected_index = 1
    assert len(view.states) == 4 and p.odds.figures[0].data[0].y == (0,)
    p.tabs.selected_index = 0
    p.tabs.selected_index = 1
    assert len(view.states) == 4  # nothing changed: no redraw


def test_a_failing_odds_view_shows_its_error_and_the_panel_goes_on(pig: explorer.Game) -> None:
    def broken(state: object) -> str:
        raise KeyError("laser")

    p = MatchPanel(pig, seed=1, odds_views=[broken])
    p.tabs.selected_index = 1
    assert p.odds.errors[0] == "Could not draw Broken: KeyError: 'laser'"
    click(p, "roll")
    assert p.match.log == ["1. Player 1: roll"] and p.status.level == "ok"


# --- robustness and extension --------------------------------------------------------------
def test_an_internal_error_goes_to_the_status_line_and_the_panel_stays_usable(pig: explorer.Game) -> None:
    def position(state: object) -> str:
        if state.pending:  # type: ignore[attr-defined]
            raise ZeroDivisionError("boom")
        return "<i>fine</i>"

    p = MatchPanel(pig, seed=1, position_view=position)
    assert p.position_html.value == "<i>fine</i>"
    click(p, "roll")
    assert p.status.message == "Internal error: ZeroDivisionError: boom (in the position view)"
    assert "Could not draw the position" in p.position_html.value
    p.step_button.click()
    assert p.match.log[1] == "2. Player 1 rolls 3 (turn total 0 → 3)" and p.position_html.value == "<i>fine</i>"


def test_many_moves_show_a_searchable_list(pig: explorer.Game) -> None:
    class ListPanel(MatchPanel):
        max_buttons = 1

    p = ListPanel(pig, seed=1)
    picker = p.picker
    assert picker.mode == "list" and picker.list_box.layout.display == "" and picker.buttons_box.layout.display == "none"
    assert [label for label, _ in picker.select.options] == ["roll", "draw"]
    assert list(picker.kind_filter.options) == ["all moves", "Roll", "Draw"]  # the groups of state.action_group
    picker.play_selected_button.click()
    assert p.status.message == "Select a move in the list first (or click a move, or type one)."
    picker.text_filter.value = "DR"
    assert [label for label, _ in picker.select.options] == ["draw"]
    picker.select.index = 0
    picker.play_selected_button.click()
    assert p.match.log == ["1. Player 1: draw"]
    assert [label for label, _ in picker.select.options] == ["bonus +1 · 3/4", "bonus +2 · 1/4"]
    picker.kind_filter.value = "Outcome"
    picker.select.index = 1
    picker.play_selected_button.click()
    assert p.match.log[-1] == "2. Player 1 draws a bonus card: +2"


def test_a_subclass_adds_an_affordance_that_only_plays_legal_moves(pig: explorer.Game) -> None:
    class KindPanel(MatchPanel):
        def extra_controls(self) -> list[W.Widget]:
            self.kind = W.Dropdown(description="Kind")
            self.go = W.Button(description="Play kind")
            self.go.on_click(lambda _b: self.play(self._chosen()))
            return [W.HBox([self.kind, self.go])]

        def on_refresh(self, state: explorer.State) -> None:
            self.kind.options = [a.kind for a in state.legal_actions()]

        def _chosen(self) -> Action | None:
            return next((a for a in self.state.legal_actions() if a.kind == self.kind.value), None)

        def decision_text(self, state: explorer.State) -> str:
            return "Pilot decides" if state.current_player == 0 else super().decision_text(state)

    p = KindPanel(pig, seed=1, title="Toy")
    assert list(p.kind.options) == ["roll", "draw"] and p.phase_text == "Phase: decide · Pilot decides"
    assert '<div class="re-title">Toy ' in p.title_html.value
    p.kind.value = "draw"
    p.go.click()
    assert p.match.log == ["1. Player 1: draw"] and list(p.kind.options) == []
    p.go.click()  # nothing chosen at a chance node: refused in the status line
    assert p.status.message == "Select a move in the list first (or click a move, or type one)."
    assert not p.play(Action("hold"))
    assert p.status.message.startswith("hold is illegal in drawing a bonus")


def shown_log(p: MatchPanel) -> list[str]:
    """The lines of the log box, in order (``Start`` first), unescaped."""
    import html as _html

    return [_html.unescape(t) for t in re.findall(r'data-pos="\d+">([^<]*)</div>', p.history.log.value)]


def test_log_line_defaults_to_the_match_log(panel: MatchPanel) -> None:
    click(panel, "roll")
    panel.step_button.click()
    entries = panel.match.entries
    assert [panel.log_line(i, e) for i, e in enumerate(entries)] == panel.match.log
    assert shown_log(panel) == ["Start", *panel.match.log]
    assert log_html(panel.match) == log_html(panel.match, log_line=panel.log_line)


def test_a_subclass_words_the_log_and_the_status_line_for_its_viewer(pig: explorer.Game) -> None:
    class Secretive(MatchPanel):
        def log_line(self, index: int, entry: object) -> str:
            if entry.player == explorer.core.actions.CHANCE:  # type: ignore[attr-defined]
                return f"{index + 1}. Chance: something <happened>"
            return super().log_line(index, entry)

    p = Secretive(pig, seed=1)
    click(p, "roll")
    assert p.status.message == "1. Player 1: roll"
    p.step_button.click()  # the chance move: its outcome stays out of the log box and the status line
    assert p.match.log[1] == "2. Player 1 rolls 3 (turn total 0 → 3)"  # the match itself keeps everything
    assert shown_log(p) == ["Start", "1. Player 1: roll", "2. Chance: something <happened>"]
    assert "rolled" not in p.history.log.value and "&lt;happened&gt;" in p.history.log.value
    assert p.status.message.startswith("2. Chance: something <happened> (probability")
    p.history.undo_button.click()
    p.history.redo_button.click()
    assert p.status.message == "Redone: 2. Chance: something <happened>"
    p.goto(0)  # the lines after the cursor (redo) are worded the same way
    assert '<div class="re-log-line re-log-future" data-pos="2">2. Chance: something &lt;happened&gt;</div>' in (
        p.history.log.value)


# --- the log groups a move under the turn it was made in ----------------------------------
def log_rows(p: MatchPanel) -> list[str]:
    """The log box top to bottom: turn headings as ``## heading``, moves as their text (unescaped)."""
    import html as _html

    return [("## " if cls == "re-log-turn" else "") + _html.unescape(text) for cls, text in
            re.findall(r'<div class="(re-log-turn|re-log-line)[^"]*"[^>]*>([^<]*)</div>', p.history.log.value)]


def test_the_move_that_ends_a_turn_is_logged_under_that_turn(panel: MatchPanel) -> None:
    # Player 1 rolls, the die shows 3 (seed 1), Player 1 holds: the hold is Player 1's move, made in
    # Player 1's turn, though the position it leads to is already Player 2's turn.
    click(panel, "roll")
    panel.step_button.click()
    click(panel, "hold")
    assert panel.state.turn_label() == "Player 2's turn"
    assert log_rows(panel) == ["## Player 1's turn", "Start", "1. Player 1: roll",
                               "2. Player 1 rolls 3 (turn total 0 → 3)", "3. Player 1 holds: banks 3 (score 0 → 3)",
                               "## Player 2's turn"]  # begun, no move made in it yet
    click(panel, "roll")  # Player 2's first move goes under that heading, which stays where it was
    assert log_rows(panel)[-2:] == ["## Player 2's turn", "4. Player 2: roll"]


def test_the_turn_slider_counts_the_moves_the_log_shows_under_the_turn(panel: MatchPanel) -> None:
    click(panel, "roll")
    panel.step_button.click()
    click(panel, "hold")
    h = panel.history
    h.slider.value = 0  # Player 1's turn: roll, the die, hold: the three moves under its heading
    assert panel.match.cursor == 0
    assert "Player 1&#x27;s turn · move 0 of 3 in this turn · 0 of 3 in all" in h.position_label.value
    h.slider.value = 1  # Player 2's turn starts where the hold left the game: no move of it yet
    assert panel.match.cursor == 3
    assert "Player 2&#x27;s turn · move 0 of 0 in this turn · 3 of 3 in all" in h.position_label.value
    assert '<div class="re-log-line re-log-current" data-pos="3">' in h.log.value  # the hold, the last line


# --- links: the page's game, and links the reader cannot read ------------------------------
def test_a_seed_link_that_names_no_game_is_for_the_game_on_the_page(pig: explorer.Game) -> None:
    # "?seed=17" typed on a game's dashboard: the game is the page's; the Seed box shows the seed in use
    p = MatchPanel(pig, seed=1, link="seed=17")
    assert (p.match.seed, p.seed_input.value) == (17, 17)
    assert (p.status.level, p.status.message) == ("info", "New game from the link's seed 17.")


def test_a_match_link_that_names_no_game_must_hold_the_page_s_game(pig: explorer.Game) -> None:
    warps = Match(explorer.load_game("warps_edge"), seed=3)
    query = match_query(warps).split("&", 1)[1]  # "match=..." without "game=warps_edge"
    assert query.startswith("match=")
    p = MatchPanel(pig, seed=1, link=query)
    assert p.game.info.id == "toy_pig" and len(p.match) == 1 and p.seed_input.value == 1
    assert p.status.message == ("The link could not be opened: link: game='toy_pig' but the data is a "
                                "'warps_edge' game — the default game is shown instead.")


@pytest.mark.parametrize("query, reason", [
    # "④" and "²" are digits to str.isdigit but not to int(): Python's ValueError reached the page
    ("game=toy_pig&seed=%E2%91%A3", "seed must be a whole number from 0 to 2**63 - 1 written with the digits 0-9, "
                                    "got '④'"),
    ("game=toy_pig&seed=%C2%B2", "seed must be a whole number from 0 to 2**63 - 1 written with the digits 0-9, "
                                 "got '²'"),
    # "٤" (Arabic-Indic four) was read as seed 4
    ("seed=%D9%A4", "seed must be a whole number from 0 to 2**63 - 1 written with the digits 0-9, got '٤'"),
    # more fields than the reader takes: its ValueError reached the page
    ("&".join(f"k{i}=1" for i in range(9)) + "&game=toy_pig&seed=4",
     "11 fields; a link has at most 8, and the fields read are game, match, position and seed"),
    # "?seed=" was refused as "expected exactly one of match=... or position=..."
    ("seed=", "the seed is empty (seed= with nothing after it); a seed is a whole number from 0 to 2**63 - 1 "
              "written with the digits 0-9"),
])
def test_a_link_the_reader_refuses_says_why_in_the_link_s_terms_and_the_page_opens(
        pig: explorer.Game, query: str, reason: str) -> None:
    p = MatchPanel(pig, seed=1, link=query)
    assert (p.match.seed, p.seed_input.value, len(p.match)) == (1, 1, 1)
    # a refusal is a warning (⚠), not a note (ℹ): the page is not what the link promised
    assert p.status.level == "error"
    assert p.status.message == f"The link could not be opened: link: {reason} — the default game is shown instead."


def test_a_link_with_a_seed_and_a_shared_match_is_refused_not_half_read(pig: explorer.Game) -> None:
    # the seed was used and the shared match silently ignored: which one did the sender mean?
    shared = Match(pig, seed=5)
    shared.play("random", max_steps=3)
    p = MatchPanel(pig, seed=1, link=match_query(shared) + "&seed=9")
    assert (p.match.seed, len(p.match)) == (1, 1)
    assert (p.status.level, p.status.message) == (
        "error", "The link could not be opened: link: seed= starts a new game and match= or position= opens a "
                 "shared one; a link gives one of them — the default game is shown instead.")


# --- seeds past 2**53: a JavaScript number cannot hold them, the Seed box still shows them exactly -----
BIG_SEED = 2**53 + 1  # the first whole number a JavaScript number rounds (to 2**53)


def shown_in_browser(box: W.Widget) -> object:
    """The Seed box's value as the page reads it: JSON, with every number a JavaScript double."""
    return json.loads(json.dumps(box.get_state()["value"]), parse_int=float)


def big_seed_match(pig: explorer.Game, seed: int = BIG_SEED) -> Match:
    match = Match(pig, seed=seed)
    match.play("random", max_steps=3)
    return match


def test_a_match_link_with_a_seed_past_2_53_opens_and_the_seed_box_shows_it_exactly(pig: explorer.Game) -> None:
    # Match links carry any seed up to 2**63 - 1 (the simulation lab's replay of game #i from first
    # seed 2**53 - 1 is seed 2**53 - 1 + i); the box showed 9007199254740992 for 9007199254740993
    p = MatchPanel(pig, seed=1, link=match_query(big_seed_match(pig)))
    assert p.status.message.startswith("Opened the match from the link: ")
    assert (p.match.seed, shown_in_browser(p.seed_input)) == (BIG_SEED, "9007199254740993")


def test_a_saved_match_with_the_largest_seed_loads_and_the_seed_box_shows_it_exactly(pig: explorer.Game) -> None:
    saved = big_seed_match(pig, 2**63 - 1).to_json()  # the largest seed Match takes (and saves)
    p = MatchPanel(pig, seed=1)
    upload(p, "big.json", saved.encode())
    assert p.status.message == "Loaded big.json: 3 moves, showing position 3."
    assert (p.match.seed, shown_in_browser(p.seed_input)) == (2**63 - 1, "9223372036854775807")


def test_new_game_with_the_seed_the_box_shows_replays_the_shared_match(pig: explorer.Game) -> None:
    # New game refused "got 9007199254740993" while the box showed ...992; the seed shown is the seed used
    shared = big_seed_match(pig)
    p = MatchPanel(pig, seed=1, link=match_query(shared))
    p.new_game_button.click()
    assert p.status.message == f"New game with seed {BIG_SEED}."
    p.auto(3, "random")
    assert p.match.log == shared.log


@pytest.mark.parametrize("typed, outcome", [
    ("9223372036854775807", "Seed 9223372036854775807: chance draws from this position on use it."),
    ("9223372036854775808", "The seed must be a whole number from 0 to 9223372036854775807, got 9223372036854775808"),
    ("seven", "The seed must be a whole number from 0 to 9223372036854775807, got 'seven'"),
    ("٧", "The seed must be a whole number from 0 to 9223372036854775807, got '٧'"),
])
def test_a_seed_typed_in_the_box_is_read_exactly_or_refused_saying_what_a_seed_is(
        panel: MatchPanel, typed: str, outcome: str) -> None:
    panel.seed_input.set_state({"value": typed})  # what the browser sends: the text typed
    panel.set_seed_button.click()
    assert panel.status.message == outcome
    assert panel.match.seed == (2**63 - 1 if outcome.startswith("Seed") else 1)


# --- "deal draws automatically": Step, Auto and a typed move deal the chance steps ------------
class DealingPanel(MatchPanel):
    """A game panel with the "Deal draws and refills automatically" box, ticked."""

    def __init__(self, game: explorer.Game) -> None:
        super().__init__(game, seed=1)
        self.auto_deal = W.Checkbox(value=True, description="Deal draws and refills automatically")


def test_with_deal_automatically_step_plays_and_then_deals_to_the_next_decision(pig: explorer.Game) -> None:
    p = DealingPanel(pig)
    p.auto_policy.value = "random"
    for _ in range(12):  # seed 1: nobody reaches 10 in 12 decisions
        p.step_button.click()
        assert p.status.level == "ok", p.status.message
        assert not p.state.is_chance(), p.status.message
    p.auto_deal.value = False
    while not p.state.is_chance():
        p.play("roll")
    assert p.state.is_chance()  # unticked, a move stops at the roll it causes


def test_with_deal_automatically_auto_stops_only_at_decisions(pig: explorer.Game) -> None:
    for n in range(1, 12):
        p = DealingPanel(pig)
        p.auto(n, "random")
        assert p.status.level == "ok"
        assert p.state.is_terminal() or not p.state.is_chance(), (n, p.match.log)


def test_with_deal_automatically_a_typed_move_at_a_roll_deals_it_first(pig: explorer.Game) -> None:
    p = DealingPanel(pig)
    p.auto_deal.value = False
    p.play("roll")
    assert p.state.is_chance()
    p.auto_deal.value = True
    p.picker.typed.value = "hold"
    p.picker.apply_typed_button.click()
    assert p.status.level == "ok", p.status.message
    assert p.match.log == ["1. Player 1: roll", "2. Player 1 rolls 3 (turn total 0 → 3)",
                           "3. Player 1 holds: banks 3 (score 0 → 3)"]  # seed 1 rolls a 3; the roll was dealt first
    assert not p.state.is_chance()


def test_with_deal_automatically_a_refused_typed_move_leaves_the_roll_undealt(pig: explorer.Game) -> None:
    p = DealingPanel(pig)
    p.play("roll")  # dealt at once: back to a decision
    assert not p.state.is_chance() and len(p.match.log) == 2
    p.auto_deal.value = False
    p.play("roll")
    before = list(p.match.log)
    p.auto_deal.value = True
    p.picker.typed.value = "fly away"
    p.picker.apply_typed_button.click()
    assert p.status.level == "error"
    assert p.match.log[: p.match.cursor] == before and p.state.is_chance()


def test_a_chance_outcome_typed_at_a_roll_is_played_as_typed_even_when_dealing(pig: explorer.Game) -> None:
    p = DealingPanel(pig)
    p.auto_deal.value = False
    p.play("roll")
    p.auto_deal.value = True
    p.picker.typed.value = "rolled 5"
    p.picker.apply_typed_button.click()
    assert p.match.log[1] == "2. Player 1 rolls 5 (turn total 0 → 5)"


def test_star_realms_auto_and_step_with_deal_draws_ticked_end_at_decisions() -> None:
    from widgets.star_realms.panel import StarRealmsPanel

    p = StarRealmsPanel(seed=12)
    assert p.deals_automatically()
    for n in (1, 3, 7, 25):
        p.auto(n, "random")
        assert p.status.level == "ok", p.status.message
        assert p.state.is_terminal() or not p.state.is_chance(), p.state.phase
    for _ in range(10):
        p.step()
        assert p.state.is_terminal() or not p.state.is_chance(), p.state.phase
