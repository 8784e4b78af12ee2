"""The Star Realms panel without a browser: table buttons, the seat view, outposts, new games, exact odds."""

from __future__ import annotations

import re
from fractions import Fraction

import plotly.graph_objects as go
import pytest

import explorer
from explorer import Match
from explorer.core.actions import Action
from explorer.games.star_realms import odds
from widgets.common.charts import fmt_prob
from widgets.star_realms import StarRealmsPanel
from widgets.star_realms import odds_views as ov
from widgets.star_realms.views import position_html

SEED = 12  # player 1 opens with 3 Scouts; Trade Pod, Battle Pod, Missile Bot, Trading Post, Brain World in the row


@pytest.fixture
def panel() -> StarRealmsPanel:
    return StarRealmsPanel(seed=SEED)


def three_scouts(p: StarRealmsPanel) -> None:
    for _ in range(3):
        assert p.press("play Scout")
    assert p.state.players[0].trade == 3


def seat_block(board: str, seat: int) -> str:
    return board.split(f'data-seat="{seat}"')[1].split('data-seat="')[0]


def shown_actions(p: StarRealmsPanel) -> list[Action]:
    return [a for row in p.rows.values() for a in row.actions[: len(row.box.children)]]


def test_defaults_board_and_choosers(panel: StarRealmsPanel) -> None:
    st = panel.state
    assert panel.game.info.id == "star_realms" and panel.match.seed == SEED
    assert st.format == "standard" and len(st.players) == 2 and st.phase == "main phase (player 1, turn 1)"
    board = panel.position_html.value
    assert "<pre" not in board and board.count('class="sr-card sr-row-card') == 5
    for name in st.row.kinds():
        card = st.card(name)
        assert f'data-card="{name}" data-cost="{card.cost}" data-faction="{card.faction}"' in board
    assert 'data-faction="Blob"' in board and "#3d9a4b" in board  # Blob green
    assert 'data-explorers="10"' in board and f'data-trade-deck="{len(st.trade_deck)}"' in board
    assert board.count('data-authority="50"') == 2
    assert panel.format_pick.value == "standard" and panel.players_pick.options == (2,)
    assert panel.variant_pick.value == "standard" and panel.seat_pick.value == -1  # the whole table
    assert panel.grouped()["sr-play"] == ["play Scout"] and panel.grouped()["sr-end"] == ["end turn"]


def test_buttons_carry_legal_actions_and_apply_them(panel: StarRealmsPanel) -> None:
    assert panel.press("play Scout")
    assert panel.grouped()["sr-buy"] == []  # 1 Trade: nothing affordable, so no Buy button at all
    assert panel.press("play Scout") and panel.press("play Scout")
    legal = set(panel.state.legal_actions())
    assert shown_actions(panel) and all(a in legal for a in shown_actions(panel))
    buys = panel.grouped()["sr-buy"]
    assert buys == ["buy Battle Pod", "buy Missile Bot", "buy Trade Pod", "buy Trading Post", "buy Explorer"]
    assert "buy Brain World" not in buys  # costs 8
    assert panel.press("buy Trade Pod")
    st = panel.state
    assert "Trade Pod" in st.players[0].discard and st.players[0].trade == 1
    assert len(st.row) == 5 and not st.is_chance()  # the row was refilled at once (deal automatically)
    assert "Player 1 buys Trade Pod" in panel.status.message and "chance step" in panel.status.message
    assert 'data-discard="1"' in seat_block(panel.position_html.value, 1)
    assert panel.undo()  # back over the refill to before the buy
    assert panel.state.players[0].trade == 3 and "Trade Pod" not in panel.state.players[0].discard
    assert panel.redo() and "Trade Pod" in panel.state.players[0].discard and not panel.state.is_chance()


def test_end_turn_deals_the_next_hand_and_hands_over(panel: StarRealmsPanel) -> None:
    three_scouts(panel)
    assert panel.press("end turn")
    st = panel.state
    assert st.phase == "main phase (player 2, turn 2)" and len(st.players[0].hand) == 5
    assert panel.grouped()["sr-play"] == [f"play {c}" for c in st.players[1].hand.kinds()]


def test_seat_view_hides_the_other_hand(panel: StarRealmsPanel) -> None:
    hand2 = panel.state.players[1].hand
    assert panel.view_as(0)
    board = panel.position_html.value
    p1, p2 = seat_block(board, 1), seat_block(board, 2)
    assert 'data-hand="3"' in p1 and "Scout" in p1.split('class="sr-hand"')[1]
    assert 'data-hand-hidden="5"' in p2 and "5 face-down cards" in p2
    assert 'data-card="Viper"' not in p2.split('class="sr-hand"')[1]
    assert position_html(panel.state, 0) == board
    # as player 2 while player 1 decides: no moves are listed, the hint says why
    assert panel.view_as(1)
    assert all(not labels for labels in panel.grouped().values())
    assert panel.picker.widget.layout.display == "none" and "Player 1 decides" in panel.hint.value
    assert 'data-hand-hidden="3"' in seat_block(panel.position_html.value, 1)
    assert panel.view_as(None)
    table = panel.position_html.value
    assert 'data-hand-hidden' not in table and f'data-hand="{len(hand2)}"' in seat_block(table, 2)
    assert not panel.view_as(5) and panel.status.level == "error"


def test_an_illegal_typed_action_goes_to_the_status_line(panel: StarRealmsPanel) -> None:
    three_scouts(panel)
    assert not panel.play("buy Brain World")
    assert panel.status.level == "error" and "Brain World costs 8 Trade, you have 3" in panel.status.message
    assert panel.state.players[0].trade == 3


def outpost_position(seed: int = 11) -> Match:
    """Seed 11, heuristic play: the first position where the mover has Combat and the opponent an Outpost."""
    game = explorer.load_game("star_realms")
    policy = game.policies()["heuristic"]
    m = Match(game, seed=seed)
    while not m.state.is_terminal():
        s = m.state
        if s.stage == "main" and not s.queue and s.players[s.actor].combat > 0 and any(
                s.card(r.name).is_outpost for r in s.players[1 - s.actor].bases):
            return m
        m.step(None if s.is_chance() else policy(s, m.rng))
    raise AssertionError("no outpost position")


def test_an_outpost_blocks_the_attack_on_its_player() -> None:
    p = StarRealmsPanel(outpost_position())
    st = p.state
    assert st.actor == 1 and st.players[1].combat == 6
    assert p.grouped()["sr-attack"] == ["attack Trading Post"]  # no "attack player 1 …" button
    board = p.position_html.value
    assert 'class="sr-mini sr-outpost" data-card="Trading Post"' in board and 'data-defense="4"' in board
    assert not p.play("attack player 1 6")
    assert "outpost Trading Post must be destroyed first" in p.status.message
    assert p.press("attack Trading Post")
    assert p.grouped()["sr-attack"] == ["attack player 1 2"]
    assert p.press("attack player 1 2") and p.state.authority[0] == st.authority[0] - 2


def test_new_game_uses_format_players_and_variant(panel: StarRealmsPanel) -> None:
    panel.format_pick.value = "hydra"
    assert panel.players_pick.options == (4, 6) and panel.players_pick.value == 4
    panel.variant_pick.value = "printed_explorer"
    assert panel.new_game(3)
    st = panel.state
    assert st.format == "hydra" and len(st.players) == 4 and st.authority == (75, 75)
    assert panel.game.variant == "printed_explorer" and st.stage == "main" and panel.match.seed == 3
    assert [v for _, v in panel.seat_pick.options] == [0, 1, 2, 3, -1]
    assert "shared by the team" in panel.position_html.value and "team 2" in panel.position_html.value
    panel.format_pick.value = "raid"
    assert panel.players_pick.options == (3, 4, 5, 6)


def open_odds(p: StarRealmsPanel) -> tuple[ov.NextHandView, ov.LethalView, ov.BuyView]:
    p.tabs.selected_index = 1
    views = tuple(slot.render.__self__ for slot in p.odds.slots)
    views[0].ctx.wait()  # the odds are computed on a worker thread
    assert p.odds.errors == [None, None, None]
    return views  # type: ignore[return-value]


def pmf_of(fig: go.Figure) -> dict[int, Fraction]:
    return {int(x): Fraction(c[0]) for x, c in zip(fig.data[0].x, fig.data[0].customdata)}


def test_odds_views_equal_the_odds_module(panel: StarRealmsPanel, monkeypatch: pytest.MonkeyPatch) -> None:
    # The views defer slow questions past a wall-clock budget; a loaded machine must not change what is compared.
    monkeypatch.setattr(ov, "LETHAL_BUDGET_S", float("inf"))
    monkeypatch.setattr(ov, "BUY_BUDGET_S", float("inf"))
    three_scouts(panel)
    hand, lethal, buys = open_odds(panel)
    st = panel.state
    exact = odds.trade_and_combat(st, 0)
    assert pmf_of(hand.figures["trade"]) == {k: exact.trade.p(k) for k in pmf_of(hand.figures["trade"])}
    assert pmf_of(hand.figures["combat"]) == {k: exact.combat.p(k) for k in pmf_of(hand.figures["combat"])}
    assert sum(pmf_of(hand.figures["trade"]).values()) == 1
    at_least = {int(x): Fraction(c[0]) for x, c in zip(hand.figures["trade"].data[1].x,
                                                           hand.figures["trade"].data[1].customdata)}
    assert at_least == {k: exact.trade.at_least(k) for k in at_least}
    assert "25/7" in hand.info.value  # E[Trade] as a fraction
    # the lethal check from the table: the module's answer and its explanation
    (q1, r1), (q2, r2) = lethal.rows
    assert q1.startswith("Can player 2 finish you") and r1 == odds.lethal(st, 1, 0)
    assert r2 == odds.lethal(st, 0, 1)
    assert fmt_prob(r1.probability) in lethal.info.value and r1.explanation in lethal.info.value
    # the buy comparison: one row per affordable card after the baseline, means equal compare_buys
    expected = odds.compare_buys(st, 0)
    assert [(r.card, r.odds.trade.mean(), r.odds.combat.mean()) for r in buys.rows] == [
        (r.card, r.odds.trade.mean(), r.odds.combat.mean()) for r in expected]
    assert list(buys.figure.data[0].x) == ["(no buy)", *odds.buyable(st, 0)]
    # over the next 3 turns (issue 7 §4): turn 1 exact = the next hand, the arrival turn exact
    assert [(c.card, c.turns[0].trade, c.turns[0].combat) for c in buys.cycle] == [
        (r.card, r.odds.trade.mean(), r.odds.combat.mean()) for r in expected]
    pod = next(c for c in buys.cycle if c.card == "Trade Pod")
    assert pod.arrives == odds.compare_buys_over_cycle(st, 0, ["Trade Pod"], trials=2)[1].arrives
    assert "first in hand (turn)" in buys.table.value and "Trade, turns 1 / 2 / 3" in buys.table.value
    assert all(not c.turns[1].exact and c.turns[1].trade.trials >= 20 for c in buys.cycle)


def test_seat_view_odds_hide_the_opponents_hand() -> None:
    p = StarRealmsPanel(outpost_position())  # player 2 moves; ask as player 1
    p.view_as(0)
    hand, lethal, buys = open_odds(p)
    st = p.state
    assert pmf_of(hand.figures["combat"]) == odds.trade_and_combat(st, 0).combat.pmf()
    (_, threat), _ = lethal.rows
    assert threat == odds.lethal(st, 1, 0, viewer=0, known=odds.known_in_hand(p.match.states, 1))
    assert "hand is hidden from player 1" in lethal.info.value
    assert buys.rows == [] and "Only the player moving (player 2)" in buys.info.value


def test_odds_redraw_after_a_buy_and_the_end_of_the_turn(panel: StarRealmsPanel) -> None:
    three_scouts(panel)
    hand, _, _ = open_odds(panel)
    before = [list(t.y) for t in hand.figures["trade"].data]
    panel.press("buy Trade Pod")
    panel.press("end turn")
    hand.ctx.wait()
    assert "Player 2's next hand" in hand.info.value
    assert [list(t.y) for t in hand.figures["trade"].data] != before


def test_slow_questions_wait_behind_a_button(panel: StarRealmsPanel, monkeypatch: pytest.MonkeyPatch) -> None:
    three_scouts(panel)
    monkeypatch.setattr(ov, "BUY_BUDGET_S", -1.0)
    monkeypatch.setattr(ov, "LETHAL_BUDGET_S", -1.0)
    _, lethal, buys = open_odds(panel)
    assert [r.card for r in buys.rows] == ["(no buy)"] and buys.more.layout.display == ""
    assert re.search(r"Compute the other 5", buys.more.description)
    assert lethal.rows == [] and "Skipped for now" in lethal.info.value
    buys.more.click()
    lethal.more.click()
    buys.ctx.wait()
    assert len(buys.rows) == 6 and buys.more.layout.display == "none" and len(lethal.rows) == 2


def test_odds_wait_for_the_main_phase(panel: StarRealmsPanel) -> None:
    panel.auto_deal.value = False
    three_scouts(panel)
    panel.press("buy Trade Pod")
    assert panel.state.is_chance() and not panel.resolve_button.disabled
    hand, lethal, buys = open_odds(panel)
    assert hand.figures == {} and "main phase with nothing pending" in hand.info.value
    assert panel.resolve_chance() and not panel.state.is_chance()
    hand.ctx.wait()
    assert set(hand.figures) == {"trade", "combat"}


def log_lines(p: StarRealmsPanel) -> list[str]:
    return re.findall(r'data-pos="\d+">([^<]*)</div>', p.history.log.value)


def drawn_by(p: StarRealmsPanel, seat: int) -> list[tuple[int, str]]:
    """``(entry index, card)`` of every draw of ``seat`` in the match (whose draw: the task waiting before it)."""
    found = []
    for i, e in enumerate(p.match.entries):
        before = p.match.states[i]
        if e.action.kind == "draw" and before.queue[0].kind == "draw" and before.queue[0].player == seat:
            found.append((i, e.action.args[0]))
    return found


def test_seat_view_log_hides_the_cards_another_player_draws(panel: StarRealmsPanel) -> None:
    theirs, mine = drawn_by(panel, 1), drawn_by(panel, 0)
    assert len(theirs) == 5 and len(mine) == 3
    hidden = {card for _, card in theirs} - {card for _, card in mine}
    assert hidden == {"Viper"}  # seed 12: player 2 drew a Viper, player 1 only Scouts
    table = log_lines(panel)  # the whole table: every draw by name
    # the rules' story names whose draw it is (issue 7 §3): "Player 2 draws Viper (deck 6 → 5)"
    assert all(table[i + 1].startswith(f"{i + 1}. Player {seat} draws {card} (deck ")
               for seat, drawn in ((2, theirs), (1, mine)) for i, card in drawn)
    panel.view_as(0)
    seen = log_lines(panel)
    assert not any(name in line for line in seen for name in hidden)
    assert all(seen[i + 1].startswith(f"{i + 1}. Player 2 draws a card (deck ") for i, _ in theirs)
    assert all(seen[i + 1] == table[i + 1] for i, _ in mine)  # one's own draws stay named
    assert [line for line in seen if "reveal" in line] == [line for line in table if "reveal" in line]
    assert len(seen) == len(table) == len(panel.match) and panel.match.log == table[1:]  # the match keeps all
    panel.view_as(None)
    assert log_lines(panel) == table


def test_seat_view_status_line_hides_the_draws_that_end_a_turn(panel: StarRealmsPanel) -> None:
    three_scouts(panel)
    panel.view_as(1)  # player 2 watches player 1 end the turn and draw a new hand
    assert panel.play("end turn")
    last = panel.match.cursor - 1
    assert re.search(rf"{last + 1}\. Player 1 draws a card \(deck [^)]*\)$", panel.status.message)
    assert panel.match.log[last].startswith(f"{last + 1}. Player 1 draws ")
    assert "draws a card" not in panel.match.log[last]  # the match keeps the card
    drawn = {card for i, card in drawn_by(panel, 0) if i >= last - 4}
    assert not any(f"draws {card}" in line for line in log_lines(panel)[-5:] for card in drawn)
    panel.view_as(0)
    assert log_lines(panel)[-1] == panel.match.log[last]


def test_odds_compute_off_the_main_thread_with_a_spinner(panel: StarRealmsPanel, monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 7 §5 / issue 8 §2: the Odds tab answers on a worker thread; the kernel returns at once with a spinner
    import threading

    gate = threading.Event()
    real = odds.trade_and_combat
    monkeypatch.setattr(ov.odds, "trade_and_combat", lambda s, p: (gate.wait(10), real(s, p))[1])
    panel.tabs.selected_index = 1
    hand = panel.odds.slots[0].render.__self__
    assert "sr-spinner" in hand.info.value and hand.odds is None  # returned while the question waits
    gate.set()
    hand.ctx.wait()
    assert "expected" in hand.info.value and hand.odds == real(panel.state, panel.state.actor)


def test_header_names_format_seats_and_the_explorer_reading(panel: StarRealmsPanel) -> None:
    # issue 7 §4: format and seats, and where the default differs from the printed card (seed: Explorer
    # +1 Trade +1 Authority; printed: +2 Trade), with the printed_explorer variant one click away
    head = panel.format_html.value
    assert "Standard (1 vs 1) · 2 players" in head and "Player 1; Player 2" in head and "Authority 50 each" in head
    assert "Explorer gives +1 Trade, +1 Authority here (the rules document); the printed card gives +2 Trade" in head
    panel.explorer_button.click()
    assert panel.game.variant == "printed_explorer" and panel.match.seed == SEED
    assert "Cards as printed (variant <b>printed_explorer</b>): Explorer gives +2 Trade" in panel.format_html.value
    panel.explorer_button.click()
    assert panel.game.variant == "standard"


def test_every_move_is_offered_once(panel: StarRealmsPanel) -> None:
    # issue 7 §3: the table offers every legal move; the generic move list is hidden
    three_scouts(panel)
    assert panel.picker.moves_box.layout.display == "none"
    shown = shown_actions(panel) + list(panel.attack_less.options and [a for _, a in panel.attack_less.options])
    assert sorted(map(str, shown)) == sorted(map(str, panel.state.legal_actions()))
    assert len(shown) == len(set(shown))


def test_an_attack_for_less_than_the_pool_is_in_the_attack_group(panel: StarRealmsPanel) -> None:
    p = StarRealmsPanel(panel.state.with_player(0, combat=3))  # player 1, 3 Combat, player 2 has no Outpost
    legal = p.state.legal_actions()
    less = [a for _, a in p.attack_less.options]
    assert less and all(a in legal and a.kind == "attack" and a.args[-1] < 3 for a in less)
    assert sorted(map(str, shown_actions(p) + less)) == sorted(map(str, legal))


# --- a tester's three oddities: the seed of a link, the end-of-turn draw, the outpost mark ----------
def test_a_link_with_only_a_seed_deals_the_game_from_that_seed_and_the_box_says_so() -> None:
    # the dashboard opened as star_realms.ipynb?seed=4: the Seed box showed 12, the default
    p = StarRealmsPanel(seed=SEED, link="seed=4")
    assert (p.match.seed, p.seed_input.value) == (4, 4)
    assert p.state == StarRealmsPanel(seed=4, link=False).state  # the setup was dealt from seed 4
    assert p.status.message == "New game from the link's seed 4."


def log_turns(p: StarRealmsPanel) -> dict[str, list[str]]:
    """The log's lines under each turn heading (``""``: before the first heading, the setup)."""
    found: dict[str, list[str]] = {"": []}
    heading = ""
    for cls, text in re.findall(r'<div class="(re-log-turn|re-log-line)[^"]*"[^>]*>([^<]*)</div>', p.history.log.value):
        if cls == "re-log-turn":
            heading = text
            found[heading] = []
        else:
            found[heading].append(text)
    return found


def test_the_draw_that_ends_player_1s_turn_is_logged_in_player_1s_turn(panel: StarRealmsPanel) -> None:
    # The rulebook's turn: Main phase, Discard phase, Draw phase (5 cards); then the next player's turn.
    three_scouts(panel)
    assert panel.press("end turn")  # the discard, then the five draws, dealt at once
    turns = log_turns(panel)
    assert list(turns) == ["", "Turn 1 · Player 1", "Turn 2 · Player 2"]
    assert turns[""][-1] == "13. Player 2 draws Viper (deck 6 → 5)"  # the last setup draw stays in the setup
    assert turns["Turn 1 · Player 1"] == [
        "14. Player 1 plays Scout: +1 Trade (Trade 0 → 1)", "15. Player 1 plays Scout: +1 Trade (Trade 1 → 2)",
        "16. Player 1 plays Scout: +1 Trade (Trade 2 → 3)",
        "17. Player 1 ends the turn (Trade 3 → 0): Player 1 discards 3 (hand 0, ships 3)",
        "18. Player 1 draws Scout (deck 7 → 6, 4 more to draw)",
        "19. Player 1 draws Scout (deck 6 → 5, 3 more to draw)",
        "20. Player 1 draws Scout (deck 5 → 4, 2 more to draw)",
        "21. Player 1 draws Scout (deck 4 → 3, 1 more to draw)",
        "22. Player 1 draws Viper (deck 3 → 2)"]
    assert turns["Turn 2 · Player 2"] == []  # Player 2's turn has begun; no move made in it yet
    label = panel.history.position_label.value
    assert panel.history.slider.value == 2 and "Turn 2 · Player 2 · move 0 of 0 in this turn · 22 of 22" in label
    panel.history.prev_turn_button.click()  # the slider's Turn 1 counts the nine moves under its heading
    assert panel.history.slider.value == 1 and panel.match.cursor == 13
    assert "Turn 1 · Player 1 · move 0 of 9 in this turn" in panel.history.position_label.value


def test_an_outpost_in_a_discard_pile_is_marked_in_words_a_browser_font_has(panel: StarRealmsPanel) -> None:
    # Trading Post (outpost, defense 4) bought on turn 1 lies in Player 1's discard pile
    three_scouts(panel)
    assert panel.press("buy Trading Post")
    discard = seat_block(panel.position_html.value, 1).split('class="sr-discard"')[1]
    assert ('data-card="Trading Post"' in discard and
            '<span class="sr-def" data-defense="4">outpost 4</span>' in discard)
    # no emoji (a character past U+FFFF): Debian's Chromium has no font for one and draws a box
    assert max(map(ord, panel.position_html.value)) <= 0xFFFF


# The Odds tab at phone width (task odds_phone_all; tests/browser/test_phone_width.py ODDS_FIT_JS): measured on
# the dashboard at 390 px, both next-hand charts ran 14 px past the tab (a 320 px minimum width in a 306 px tab),
# their plots were 145 px high, and the lethal table's lines 2.07x their text.

def test_the_next_hand_charts_fit_a_phone_and_keep_a_tall_plot(panel: StarRealmsPanel) -> None:
    hand, _, _ = open_odds(panel)
    assert [(o.layout.flex, o.layout.min_width) for o in hand.outs.values()] == [("1 1 420px", "0")] * 2
    # 400 px (was 320): under the title, the axis and the two-row legend the plot keeps 225 px at 390 px
    assert [hand.figures[k].layout.height for k in ("trade", "combat")] == [400, 400]


def test_the_buy_table_folds_into_one_card_per_buy_below_980_px(panel: StarRealmsPanel) -> None:
    three_scouts(panel)
    _, lethal, buys = open_odds(panel)
    assert "font-size:13.5px;line-height:1.4" in lethal.info.value  # not the HTML widget's 28 px lines
    text = buys.table.value
    # seven columns after the card, each on one line, need ~970 px: below 980 px of box each buy is a card
    assert "@container (max-width: 980px)" in text and '<div class="sr-odds-box"><table class="sr-buy-table">' in text
    # seed 12 after three Scouts: the baseline's next hand is 25/7 Trade and 10/7 Combat (odds.compare_buys)
    assert ("<tr><td>(no buy)</td><td data-label='cost' class='sr-num'>0</td>"
            "<td data-label='next hand E[Trade]' class='sr-num'>25/7 (≈3.57)</td>"
            "<td data-label='E[Combat]' class='sr-num'>10/7 (≈1.43)</td>"
            "<td data-label='first in hand (turn)' class='sr-num'>—</td>") in text
    # a Battle Pod goes to the discard pile: first in hand at turn 2 with 1/3 (odds.compare_buys_over_cycle)
    assert ("<tr><td>Battle Pod</td><td data-label='cost' class='sr-num'>2</td>"
            "<td data-label='next hand E[Trade]' class='sr-num'>25/7 (≈3.57)</td>"
            "<td data-label='E[Combat]' class='sr-num'>10/7 (≈1.43)</td>"
            "<td data-label='first in hand (turn)' class='sr-num'>2.78 (from turn 2: 1/3 (33.33%))</td>") in text
    assert buys.figure.layout.height == 460  # 340 left a 116 px plot under the two-line title and card names
