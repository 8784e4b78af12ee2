"""The Warp's Edge panel without a browser: the token → target control, undo, the board, exact odds."""

from __future__ import annotations

import re
from fractions import Fraction

import plotly.graph_objects as go
import pytest

import explorer
from explorer.games.warps_edge import odds
from widgets.common.charts import fmt_prob
from widgets.warps_edge import WarpsEdgePanel
from widgets.warps_edge.odds_views import DestroyOdds, draw_by_kind, key_odds
from widgets.warps_edge.views import position_html

SEED = 1


def to_actions(p: WarpsEdgePanel) -> None:
    """From a fresh panel: draw skills, keep the first, resolve chance up to the Pilot's step 2."""
    assert p.resolve_chance()
    keep = p.state.legal_actions()[0]
    assert keep.kind == "keep" and p.play(keep)
    assert p.resolve_chance()
    assert p.state.stage == "actions" and p.state.current_player == 0


@pytest.fixture
def panel() -> WarpsEdgePanel:
    p = WarpsEdgePanel(seed=SEED)
    to_actions(p)
    return p


def num(html_text: str, attr: str) -> int:
    m = re.search(rf'{attr}="(\d+)"', html_text)
    assert m, f"{attr} not in the board"
    return int(m.group(1))


def test_defaults_banner_and_choosers() -> None:
    p = WarpsEdgePanel()
    assert p.game.info.id == "warps_edge" and p.match.seed == 1
    assert p.state.starfighter == "Demo Kestrel" and p.state.mothership == "Demo Hive Carrier"
    board = p.position_html.value
    assert "Demonstration data set — invented by this project, not the printed components" in board
    assert "<pre" not in board  # drawn, not a text dump
    assert p.starfighter_pick.value == "Demo Kestrel" and p.variant_pick.value == "standard"
    assert p.resolve_button.disabled is False


def test_new_game_uses_the_chosen_starfighter_mothership_and_variant() -> None:
    p = WarpsEdgePanel(seed=2)
    p.starfighter_pick.value = p.starfighter_pick.options[1]
    p.mothership_pick.value = p.mothership_pick.options[-1]
    p.variant_pick.value = "review_red_blue_stun_only"
    assert p.new_game(5)
    assert p.state.starfighter == p.starfighter_pick.options[1]
    assert p.state.mothership == p.mothership_pick.options[-1]
    assert p.game.variant == "review_red_blue_stun_only" and p.match.seed == 5
    assert "review_red_blue_stun_only" in p.title_html.value


def test_token_dropdown_offers_pool_tokens_and_targets_come_from_legal_actions(panel: WarpsEdgePanel) -> None:
    st = panel.state
    assert [v for _, v in panel.token_pick.options] == sorted(st.pool.kinds())
    legal = {str(a) for a in st.legal_actions()}
    for tid in st.pool.kinds():
        panel.token_pick.value = tid
        for row in (panel.targets, panel.token_uses):
            for a in row.actions[: len(row.box.children)]:
                assert a.args[0] == tid and str(a) in legal
    assert panel.general.labels[-1] == "end actions"


def test_assigning_tokens_by_clicking_then_undo(panel: WarpsEdgePanel) -> None:
    st = panel.state
    # seed 1: the pool holds maneuver-1 x2; a maneuver at slot 2 (speed 1) evades Demo Wisp
    assert st.pool.count("maneuver-1") == 2
    panel.choose("maneuver-1", "slot 1 · Demo Flit")
    assert panel.status.level == "ok"
    assert panel.match.log[-1].endswith("maneuver at slot 1; Demo Flit evaded — reward: gain laser-1")  # the story
    assert panel.state.pool.count("maneuver-1") == 1
    board = panel.position_html.value
    assert panel.state.row[0].card == ""  # Demo Flit has speed 1: evaded, its slot is empty
    assert 'data-slot="1"><div class="we-slot">slot 1</div><div class="we-name">empty' in board
    pool_row = board.split('data-zone="pool"')[1].split("</tr>")[0]
    assert f'data-count="{len(panel.state.pool)}"' in pool_row
    # spend energy on buying, then a buy button appears and the bag grows
    bag, lasers = len(panel.state.bag), panel.state.bag.count("laser-1")
    panel.choose("energy-2", "spend energy-2 on buying")
    assert panel.state.credit == 2 and 'data-credit="2"' in panel.position_html.value
    buys = [label for label in panel.general.labels if label.startswith("buy ")]
    assert buys and all(panel.state.token(b.split()[1]).cost <= 2 for b in buys)
    panel.choose(None, "buy laser-1")
    assert len(panel.state.bag) == bag + 1 and panel.state.bag.count("laser-1") == lasers + 1
    assert panel.undo()
    assert len(panel.state.bag) == bag and panel.state.credit == 2
    assert "Undone" in panel.status.message


def test_board_numbers_follow_the_state(panel: WarpsEdgePanel) -> None:
    st, board = panel.state, panel.position_html.value
    assert num(board, "data-hull") == st.hull and num(board, "data-shields") == st.shields
    assert num(board, "data-warp") == st.warp and num(board, "data-track") == st.warp_track
    for i, t in enumerate(st.row):
        e = st.data.enemy(t.card)
        card = board.split(f'data-slot="{i + 1}"')[1].split('data-slot="')[0]
        assert t.card in card and f">{t.lasers}/{e.hull}<" in card and f">{t.maneuvers}/{e.speed}<" in card
        assert f'data-attack="{e.attack}"' in card and e.colour in card
    for zone, ms in (("pool", st.pool), ("bag", st.bag), ("discard", st.discard), ("removed", st.removed),
                     ("supply", st.supply)):
        row = board.split(f'data-zone="{zone}"')[1]
        assert f'data-count="{len(ms)}"' in row.split("</tr>")[0]
    for tid, n in st.pool.items():
        assert f'data-token="{tid}" data-count="{n}"' in board
    assert 'data-status="ready"' in board
    ship = st.data.mothership(st.mothership)
    assert all(sec.name in board for sec in ship.sections)


def test_end_actions_then_attacks_show_in_the_board(panel: WarpsEdgePanel) -> None:
    panel.choose(None, "end actions")
    assert panel.state.shields < 8  # the row attacked (nothing was stunned)
    assert panel.token_pick.options == () and panel.general.labels == []
    for _ in range(30):
        st = panel.state
        if st.stage == "actions" and not st.pending:
            break
        if st.is_chance():
            assert panel.resolve_chance()
        else:  # shield damage: the pilot picks which discarded token leaves the game
            assert st.pending and panel.play(st.legal_actions()[0])
    assert panel.state.turn == 2 and len(panel.state.removed) > 0
    board = panel.position_html.value
    assert num(board, "data-shields") == panel.state.shields
    removed = board.split('data-zone="removed"')[1].split("</tr>")[0]
    assert f'data-count="{len(panel.state.removed)}"' in removed


def test_an_illegal_typed_action_goes_to_the_status_line(panel: WarpsEdgePanel) -> None:
    assert not panel.play("fire laser-3 at slot 1")
    assert panel.status.level == "error" and "laser-3 is not in the pool" in panel.status.message


def test_odds_views_are_exact_and_equal_to_the_odds_module(panel: WarpsEdgePanel) -> None:
    panel.odds.show()
    st = panel.state
    assert panel.odds.errors == [None] * 4
    draw_fig, laser_fig = panel.odds.figures[0], panel.odds.figures[1]
    assert isinstance(draw_fig, go.Figure) and isinstance(laser_fig, go.Figure)
    pmf = odds.laser_total(st).pmf()
    ks = list(laser_fig.data[0].x)
    assert [Fraction(c[0]) for c in laser_fig.data[0].customdata] == [pmf.get(k, Fraction(0)) for k in ks]
    by_kind = draw_by_kind(st)
    total = odds.next_draw(st)
    assert by_kind["laser"] == total.map(lambda m: sum(n for k, n in m.items() if st.token(k).kind == "laser")).pmf()
    for trace in draw_fig.data:
        assert [Fraction(c[0]) for c in trace.customdata] == [by_kind[trace.name].get(k, Fraction(0)) for k in trace.x]
    rows = dict(key_odds(st))
    assert rows["P(the next pool, with the hold, can stun every enemy)"] == odds.p_stun_every_enemy(st)
    assert rows["Draws of 5 left in this warp"] == odds.draws_left(st)
    assert rows["P(the hull reaches 0 at the next attack step, no more stuns)"] == odds.p_hull_destroyed(st)
    html_text = panel.odds.slots[2].html.value
    assert fmt_prob(odds.p_stun_every_enemy(st)) in html_text
    destroy = next(v for v in panel.odds.slots if v.title.startswith("P(destroy"))
    view = destroy.render.__self__
    assert isinstance(view, DestroyOdds)
    for slot in (1, 2, 3, 4):
        view.slot.value = slot
        assert view.value == odds.p_destroy(st, slot)
        assert fmt_prob(odds.p_destroy(st, slot)) in view.answer.value


def test_odds_redraw_when_a_token_is_bought(panel: WarpsEdgePanel) -> None:
    panel.odds.show()
    before = [list(t.y) for t in panel.odds.figures[0].data]
    panel.choose("energy-2", "spend energy-2 on buying")
    panel.choose(None, "buy laser-1")
    after = [list(t.y) for t in panel.odds.figures[0].data]
    assert before != after
    assert panel.odds.figures[1].data[0].customdata is not None
    pmf = odds.laser_total(panel.state).pmf()
    assert [Fraction(c[0]) for c in panel.odds.figures[1].data[0].customdata] == [
        pmf.get(k, Fraction(0)) for k in panel.odds.figures[1].data[0].x]


def test_signature_odds_use_the_odds_module() -> None:
    st = odds.example_position()
    rows = dict(key_odds(st))
    assert rows["P(signature token kestrel-lance is drawn before this warp ends)"] == Fraction(10, 11)
    assert "kestrel-lance" in position_html(st)


def test_heuristic_auto_play_to_the_end() -> None:
    p = WarpsEdgePanel(seed=3)
    assert p.auto(5000, "heuristic")
    assert p.state.is_terminal() and "we-result" in p.position_html.value
    assert p.token_pick.options == () and p.resolve_button.disabled
    assert explorer.load_game("warps_edge").info.data_source.startswith("demonstration")
