"""The Warp's Edge panel without a browser: the setup dealt at once, the token → target control offering each
move once, undo, the board with its hover words and legend (from the data), exact odds."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import plotly.graph_objects as go
import pytest

import explorer
from explorer.games.warps_edge import odds
from widgets.common.charts import fmt_prob
from explorer.games.warps_edge.data import DEMO_PATH
from explorer.games.warps_edge.describe import describe_condition, describe_reward_kind
from widgets.warps_edge import WarpsEdgePanel
from widgets.warps_edge.legend import enemy_text, legend_html, section_text, token_text
from widgets.warps_edge.panel import pilot_step, table_moves
from widgets.warps_edge.odds_views import DestroyOdds, draw_by_kind, key_odds
from widgets.warps_edge.views import position_html

SEED = 1


def to_actions(p: WarpsEdgePanel) -> None:
    """From a fresh panel (setup dealt up to the skill choice): keep the first skill; the rest is dealt."""
    keep = p.state.legal_actions()[0]
    assert keep.kind == "keep" and p.play(keep)
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
    assert p.resolve_button.disabled is True  # the setup is dealt: the Pilot decides


def test_new_game_uses_the_chosen_starfighter_mothership_and_variant() -> None:
    p = WarpsEdgePanel(seed=2)
    p.starfighter_pick.value = p.starfighter_pick.options[1]
    p.mothership_pick.value = p.mothership_pick.options[-1]
    p.variant_pick.value = "review_red_blue_stun_only"
    assert p.new_game(5)
    assert p.state.starfighter == p.starfighter_pick.options[1]
    assert p.state.mothership == p.mothership_pick.options[-1]
    assert p.game.variant == "review_red_blue_stun_only" and p.match.seed == 5
    assert "Only lasers and maneuvers stun" in p.title_html.value  # the variant by its display name, not its id


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
    # seed 1: the pool holds maneuver-1 x2; a maneuver at slot 1 (speed 1) evades Demo Flit
    assert st.pool.count("maneuver-1") == 2
    panel.choose("maneuver-1", "slot 1 · Demo Flit")
    assert panel.status.level == "ok"
    assert panel.match.log[-1].endswith("Pilot maneuvers at slot 1 with Maneuver 1 (Demo Flit maneuvers 0 → 1); "
                                        "Demo Flit evaded — reward: gain Laser 1")  # the rules' story
    assert panel.state.pool.count("maneuver-1") == 1
    board = panel.position_html.value
    assert panel.state.row[0].card == ""  # Demo Flit has speed 1: evaded, its slot is empty
    assert 'data-slot="1"><div class="we-slot">slot 1</div><div class="we-name">empty' in board
    pool_row = board.split('data-zone="pool"')[1].split("</tr>")[0]
    assert f'data-count="{len(panel.state.pool)}"' in pool_row
    # spend energy on buying, then a buy button appears and the bag grows
    bag, lasers = len(panel.state.bag), panel.state.bag.count("laser-1")
    panel.choose("energy-2", "spend Energy 2 on buying")  # issue 37 §5: buttons name tokens, not ids
    assert panel.state.credit == 2 and 'data-credit="2"' in panel.position_html.value
    buys = [(label, a) for label, a in zip(panel.general.labels, panel.general.actions) if a.kind == "buy"]
    assert buys and all(label == f"buy {panel.state.data.token_label(a.args[0])}" for label, a in buys)
    assert all(panel.state.token(a.args[0]).cost <= 2 for _, a in buys)
    panel.choose(None, "buy Laser 1")
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
    assert panel.status.level == "error" and "Laser 3 is not in the pool" in panel.status.message


def test_odds_views_are_exact_and_equal_to_the_odds_module(panel: WarpsEdgePanel) -> None:
    panel.odds.show()
    st = panel.state
    assert panel.odds.errors == [None] * 5
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
    panel.choose("energy-2", "spend Energy 2 on buying")
    panel.choose(None, "buy Laser 1")
    after = [list(t.y) for t in panel.odds.figures[0].data]
    assert before != after
    assert panel.odds.figures[1].data[0].customdata is not None
    pmf = odds.laser_total(panel.state).pmf()
    assert [Fraction(c[0]) for c in panel.odds.figures[1].data[0].customdata] == [
        pmf.get(k, Fraction(0)) for k in panel.odds.figures[1].data[0].x]


def test_signature_odds_use_the_odds_module() -> None:
    st = odds.example_position()
    rows = dict(key_odds(st))
    assert rows["P(signature token Demo Kestrel Lance is drawn before this warp ends)"] == Fraction(10, 11)
    assert "kestrel-lance" in position_html(st)


def test_heuristic_auto_play_to_the_end() -> None:
    p = WarpsEdgePanel(seed=3)
    assert p.auto(5000, "heuristic")
    assert p.state.is_terminal() and "we-result" in p.position_html.value
    assert p.token_pick.options == () and p.resolve_button.disabled
    assert explorer.load_game("warps_edge").info.data_source.startswith("demonstration")


# --- the setup is dealt at once (issue 7 §3: "Warp's Edge deals its setup automatically as Star Realms does") ---
def test_the_panel_opens_at_the_first_decision_keep_a_skill_card() -> None:
    p = WarpsEdgePanel(seed=SEED)
    # seed §3 setup: a chance node draws 2 skill cards, then the pilot keeps one
    assert p.state.phase == "setup: keep a skill card" and p.match.cursor == 1
    assert "setup dealt from seed 1 (1 chance steps)" in p.status.message
    assert p.match.log_line(0).startswith("1. Pilot draws skill cards ")


def test_keeping_the_skill_deals_the_rest_of_the_setup_up_to_step_2() -> None:
    p = WarpsEdgePanel(seed=SEED)
    assert p.play(p.state.legal_actions()[0])
    assert p.state.phase == "step 2: pilot actions" and len(p.state.pool) == 5  # seed §3/§4: 5 drawn
    assert all(t.card for t in p.state.row)  # the row filled by step 1 of turn 1
    assert "setup dealt" in p.status.message and p.status.level == "ok"


def test_undo_and_redo_step_over_dealt_chance_to_the_last_decision() -> None:
    p = WarpsEdgePanel(seed=SEED)
    to_actions(p)
    assert p.undo() and p.state.phase == "setup: keep a skill card" and p.match.cursor == 1
    assert p.redo() and p.state.phase == "step 2: pilot actions"


def test_deal_false_steps_the_setup_by_hand() -> None:
    p = WarpsEdgePanel(seed=SEED, deal=False)
    assert p.state.phase == "setup: draw 2 skill cards" and p.match.cursor == 0
    assert p.step() and p.state.phase == "setup: keep a skill card"
    assert p.play(p.state.legal_actions()[0]) and p.state.is_chance()  # nothing dealt for you
    assert p.resolve_chance() and p.state.phase == "step 2: pilot actions"


def test_new_game_deals_the_setup_too() -> None:
    p = WarpsEdgePanel(seed=SEED)
    assert p.new_game(7) and p.state.phase == "setup: keep a skill card"
    assert "setup dealt" in p.status.message


# --- one place to act (issue 7 §3: "each legal move is offered once") ---
def test_in_step_2_the_table_controls_offer_every_legal_move_once_and_the_list_is_hidden(panel: WarpsEdgePanel) -> None:
    st = panel.state
    offered = [str(a) for a in table_moves(st)]
    assert sorted(offered) == sorted(str(a) for a in st.legal_actions())  # every move, none twice
    assert panel.offers_moves_itself(st) and panel.picker.moves_box.layout.display == "none"
    assert panel.picker.typed_box.layout.display != "none"  # the typed box stays


def test_other_decisions_stay_in_the_move_list_and_the_token_control_is_empty() -> None:
    p = WarpsEdgePanel(seed=SEED)  # keep a skill card: only the generic list offers it
    assert not p.offers_moves_itself(p.state) and p.picker.moves_box.layout.display == ""
    assert p.token_pick.options == () and p.general.labels == [] and table_moves(p.state) == []


def test_every_decision_of_a_played_game_is_offered_in_exactly_one_place() -> None:
    p = WarpsEdgePanel(seed=4)  # seed 4 (heuristic): charges an energy section and uses a skill too
    assert p.auto(5000, "heuristic")
    kinds = set()
    for st in p.match.states:
        if st.is_chance() or st.is_terminal():
            continue
        legal = sorted(str(a) for a in st.legal_actions())
        kinds.update(a.kind for a in st.legal_actions())
        mine = sorted(str(a) for a in table_moves(st))
        assert mine == (legal if pilot_step(st) else []), st.phase
        assert p.offers_moves_itself(st) == pilot_step(st)
    assert {"skill", "charge", "buy", "take", "remove", "keep"} <= kinds


def test_resolve_chance_says_the_last_move_in_the_rules_words(panel: WarpsEdgePanel) -> None:
    panel.choose(None, "end actions")  # seed 1: Demo Flit's 2 damage asks which discarded token leaves
    assert panel.state.pending and not panel.state.is_chance()
    assert not panel.resolve_chance() and "Nothing to resolve" in panel.status.message
    while panel.state.pending and not panel.state.is_chance():  # 2 points: 2 tokens, one at a time
        assert panel.play(panel.state.legal_actions()[0])
    assert panel.state.is_chance() and panel.resolve_chance()
    assert re.fullmatch(r"Resolved \d+ chance steps?; last: \d+\. .+", panel.status.message)


# --- what things do, on hover and in the legend (issue 7 §3), taken from the data ---
# (That every effect, reward and condition kind has words is the rules' test: tests/warps_edge/test_story.py.)
def test_the_hover_words_and_the_legend_are_the_rules_words(panel: WarpsEdgePanel) -> None:
    """The panel lays out describe.py's phrases; it has none of its own."""
    st, legend = panel.state, panel.legend.value
    for sec in st.data.mothership(st.mothership).sections:
        assert describe_condition("attack_when", sec.attack_when) in section_text(sec)
        assert describe_condition("targetable_when", sec.targetable_when) in section_text(sec)
    kinds = {r.kind for e in st.data.enemies for r in e.destroy_reward + e.evade_reward}
    assert kinds and all(f'data-legend-reward="{html.escape(k)}">{html.escape(describe_reward_kind(k))}</li>' in legend
                         for k in kinds)


def test_tokens_enemies_sections_and_skills_say_what_they_do_on_hover(panel: WarpsEdgePanel) -> None:
    st, board = panel.state, panel.position_html.value
    for tid in st.pool.kinds():
        assert f'title="{html.escape(token_text(st, tid))}"' in board
    for t in st.row:
        assert f'title="{html.escape(enemy_text(st.data.enemy(t.card), st.data.token_label))}"' in board
    for sec in st.data.mothership(st.mothership).sections:
        assert f'title="{html.escape(section_text(sec, st.data.token_label))}"' in board
    skill = st.skills[0].name
    assert re.search(rf'data-skill="{re.escape(skill)}"[^>]*title="{re.escape(skill)} — pay ', board)
    # demo numbers: laser-2 adds 2 and costs 3; Demo Flit (hull 3, speed 1, attack 2) rewards energy-2 / laser-1
    assert token_text(st, "laser-2").endswith("adds 2 to a target’s laser total (an enemy is destroyed at its "
                                              "hull) and stuns it · costs 3")
    flit = enemy_text(st.data.enemy("Demo Flit"), st.data.token_label)
    assert "destroyed by lasers totalling 3" in flit and "evaded by 1 maneuver " in flit
    assert "destroy reward: gain Energy 2: from the supply into the bag" in flit  # issue 37 §5: by name
    assert "evade reward: gain Laser 1: from the supply into the bag" in flit


def test_the_legend_lists_the_game_tokens_every_enemy_and_the_sections_and_says_the_set_is_invented(
        panel: WarpsEdgePanel) -> None:
    st, legend = panel.state, panel.legend.value
    assert legend.startswith('<div class="we-board"><details class="we-legend"><summary>What the tokens do')
    assert "<details open" not in legend  # compact: closed until opened
    assert html.escape("project's demonstration data set — invented by this project, not the printed components") in legend
    assert sorted(re.findall(r'data-legend-token="([^"]+)"', legend)) == sorted(st.all_tokens().kinds())
    assert len(re.findall(r"data-legend-enemy=", legend)) == 27
    assert len(re.findall(r"data-legend-section=", legend)) == len(st.sections)
    assert "Photon Blast: 2 laser value on each of two adjacent targets" in legend  # demo photon-blast value 2


def test_the_legend_is_not_redrawn_by_a_move_so_an_open_legend_stays_open(panel: WarpsEdgePanel) -> None:
    before = panel.legend.value
    panel.choose("maneuver-1", "slot 1 · Demo Flit")
    assert panel.legend.value is before


def test_hover_words_follow_the_data_file_not_the_code(tmp_path) -> None:
    text = DEMO_PATH.read_text(encoding="utf-8")
    gnat = 'name = "Demo Gnat"\nlevel = 1\nhull = 2\nspeed = 1\nattack = 1\ndestroy_reward = ["gain laser-1"]'
    assert gnat in text
    owner = tmp_path / "owner.toml"
    owner.write_text(text.replace(gnat, gnat.replace("hull = 2", "hull = 5").replace('["gain laser-1"]', '["draw 3"]')),
                     encoding="utf-8")
    st = explorer.load_game("warps_edge", data=str(owner)).initial_state()
    words = enemy_text(st.data.enemy("Demo Gnat"))
    assert "destroyed by lasers totalling 5" in words
    assert "destroy reward: draw 3: 3 tokens from the bag into the pool, usable this turn" in words
    assert "Demo Gnat" in legend_html(st) and "demonstration data set" in legend_html(st)  # meta source still demo


def test_only_the_setup_is_dealt_a_shared_mid_game_draw_waits_for_the_player() -> None:
    from explorer.core.share import position_query

    played = WarpsEdgePanel(seed=SEED)
    to_actions(played)
    played.choose(None, "end actions")
    while played.state.pending and not played.state.is_chance():
        assert played.play(played.state.legal_actions()[0])
    chance = played.state  # seed 1: after the shield-damage removals, step 3 goes on (chance)
    assert chance.is_chance() and not WarpsEdgePanel.in_setup(chance)
    p = WarpsEdgePanel(chance)
    assert p.state == chance and p.match.cursor == 0
    q = WarpsEdgePanel(link=position_query(chance))
    assert q.status.message.startswith("Opened the position from the link") and q.state.phase == chance.phase


def test_the_log_heads_each_turn_once_even_when_a_warp_ends_in_it() -> None:
    # Seed 1, the heuristic: warp 1 ends in step 4 of turn 2 (move 29), and the step-4 draw that closes
    # turn 2 (move 30) came from the new warp's bag; it stood alone under "Warp 2 · Turn 2", and the
    # game's end (warps 4-6 ending at once when the bag stays short) left an empty "Warp 6 · Turn 5".
    p = WarpsEdgePanel(seed=SEED)
    p.auto(400, "heuristic")
    log = html.unescape(p.history.log.value)
    headings = re.findall(r'<div class="re-log-turn">([^<]*)</div>', log)
    assert headings == ["Turn 1", "Turn 2", "Turn 3", "Turn 4", "Turn 5"]
    turn_2 = log.split(">Turn 2<")[1].split(">Turn 3<")[0]
    assert re.findall(r'data-pos="(\d+)"', turn_2) == [str(i) for i in range(23, 31)]
    assert "29. Pilot ends step 2" in turn_2 and "warp 1 ends" in turn_2 and "30. Pilot draws 5" in turn_2
    assert p.match.turn_starts() == (0, 6, 22, 30, 37, 46)  # the slider: the same five turns, after the setup


def test_the_odds_tab_names_the_next_enemy_to_arrive_from_a_face_down_count() -> None:
    """Issue 18 §3: a layer entered as a count is a random deal from the level's unseen cards, and the odds
    treat it so: 2 face-down yellow cards dealt from the 5 unseen give each of the 5 a chance of 1/5."""
    from explorer.core.multiset import Multiset
    from explorer.core.zones import DealtDeck

    match = explorer.Match(explorer.load_game("warps_edge"), seed=5)
    match.play("random", 12)
    unseen = Multiset(["Demo Dart", "Demo Gnat", "Demo Midge", "Demo Skiff", "Demo Speck"])
    layers = (DealtDeck(unseen, 2), *match.state.enemy_deck[1:])
    panel = WarpsEdgePanel(match.state.replace(enemy_deck=layers))
    panel.odds.show()
    view = next(slot for slot in panel.odds.slots if slot.title == "Next enemy to arrive")
    for name in unseen.kinds():
        assert f"<td style=\"padding:2px 12px 2px 0\">{name}</td>" in view.html.value
    assert view.html.value.count(fmt_prob(Fraction(1, 5))) == 5
    assert "dealt at random from that level's unseen cards" in view.html.value


# The Odds tab at phone width (task odds_phone_all; tests/browser/test_phone_width.py ODDS_FIT_JS): measured on
# the dashboard at 390 px, the next-draw plot was 171 px high and the laser plot 156 px (a four-entry legend and a
# two-line title under 420 and 380 px charts), and the tables' lines were 2.07x their text.

def test_the_odds_charts_are_tall_enough_for_a_plot_on_a_phone(panel: WarpsEdgePanel) -> None:
    panel.odds.show()
    draw_fig, laser_fig = panel.odds.figures[0], panel.odds.figures[1]
    assert (draw_fig.layout.height, laser_fig.layout.height) == (460, 440)  # 211 and 216 px plots at 390 px


def test_the_odds_tables_set_their_own_line_height(panel: WarpsEdgePanel) -> None:
    # the HTML widget's 28 px line made each 13.5 px row twice its height; the tables say 1.4
    panel.odds.show()
    views = {slot.title: slot.html.value for slot in panel.odds.slots}
    style = 'style="border-collapse:collapse;font-size:13.5px;line-height:1.4"'
    assert f'<table class="we-key-odds" {style}>' in views["Stun, warp and damage odds"]
    assert f'<table class="we-next-enemy" {style}>' in views["Next enemy to arrive"]
