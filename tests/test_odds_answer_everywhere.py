"""Issue 20, every game: each odds question a panel or notebook asks answers at every decision, or says why not.

At every decision of seeded games (random and heuristic policies), every odds function the game's
panel (``widgets/<game>/odds_views.py``) or notebook (``notebooks/<game>.ipynb``) calls is asked as
they ask it. Each answers, or raises a ``RulesError`` whose message is one sentence saying why the
question does not apply there (an effect still pending, an empty slot); nothing else may escape.
All five games are here (issue 37 item 2 added Endor, Fleet Command and Pinned Down, whose folders keep
their own checks of the answers' values: ``tests/<game>/test_*_odds*``); ``tests/test_odds_at_chance_nodes.py``
asks the same lists at every chance node.

How many games: the issue asks for 1,000 per game. Measured on the 2-core test machine (CPU time):
one Warp's Edge game's questions take ~0.75 s (about 30 decisions, most of it ``laser_total``), and
one Star Realms game's ~200 s at the panel's own budget (``compare_buys_over_cycle`` samples every
card of the row at every decision), or, with the small budget and one card a decision as below, ~8 s
with 2 players and ~21 s with 3 or 4 (every seat asks its lethal checks). 1,000 games would take
~12 minutes and ~4 hours. So the slow tests play 40 Warp's Edge games (~30 s) and 3 Star Realms
games (2, 3 and 4 players, ~50 s), every decision of each, and the quick tests 4 games and the
first 400 moves of 1; ``ODDS_EVERYWHERE_GAMES`` sets another count. The quick tests of the other three
take about a second each here: 12 Endor games (400 moves each), 6 Fleet Command games and 3 Pinned Down
games (1 to 3 players; its sampled questions at every 97th decision).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy as np
import pytest

import explorer
from explorer.core.chance import sample_outcome
from explorer.errors import RulesError

Question = tuple[str, Callable[[], Any]]


def decisions(game_id: str, seeds: range, max_steps: int = 5_000,
              setups: tuple[dict[str, Any], ...] = ({},), *,
              chance: bool = False, variants: tuple[str | None, ...] = (None,)) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Every decision of the seeded games (even seeds random, odd heuristic; the setups and the variants in
    turn), with the states so far, up to ``max_steps`` moves a game; ``chance=True``: every chance node instead."""
    games = [explorer.load_game(game_id, variant=v) if v else explorer.load_game(game_id) for v in variants]
    for seed in seeds:
        game = games[seed % len(games)]
        policy = game.policies()[("random", "heuristic")[seed % 2]]
        rng = np.random.default_rng(seed)
        s = game.initial_state(**setups[seed % len(setups)])
        history = [s]
        for _ in range(max_steps):
            if s.is_terminal():
                break
            if s.is_chance() == chance:
                yield s, tuple(history)
            s = s.apply(sample_outcome(s.chance_outcomes(), rng) if s.is_chance() else policy(s, rng))
            history.append(s)


def ask_all(questions: Iterator[Question], where: str) -> dict[str, int]:
    """Ask each question; count the answers and the refusals. Anything but a one-sentence RulesError fails."""
    counts: dict[str, int] = {}
    for name, question in questions:
        try:
            question()
        except RulesError as err:
            message = str(err)
            assert message and "\n" not in message, f"{name} at {where}: {message!r}"
            assert message.count(". ") == 0 or message.rstrip(".").count(". ") == 0, (
                f"{name} at {where} says more than one sentence: {message!r}")
            counts[f"{name}: refused"] = counts.get(f"{name}: refused", 0) + 1
        except Exception as err:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{name} at {where} raised {type(err).__name__}: {err}")
        else:
            counts[name] = counts.get(name, 0) + 1
    return counts


def count_answers(positions: Iterable[tuple[Any, tuple[Any, ...]]],
                  questions: Callable[[int, Any, tuple[Any, ...]], Iterator[Question]], where: str) -> Counter[str]:
    """Every question of ``questions(i, state, history)`` asked at each position: answers and refusals counted."""
    counts: Counter[str] = Counter()
    for i, (s, history) in enumerate(positions):
        counts.update(ask_all(questions(i, s, history), f"{where} {s.phase}"))
    return counts


def _games(quick: int, slow: int, slow_mark: bool) -> int:
    return int(os.environ.get("ODDS_EVERYWHERE_GAMES", slow if slow_mark else quick))


# --- Warp's Edge ----------------------------------------------------------------------------------

def warps_edge_questions(s: Any) -> Iterator[Question]:
    """The panel's (next draw figure, laser total, key odds, destroy odds) and the notebook's questions."""
    from explorer.games.warps_edge import odds

    yield "next_draw", lambda: odds.next_draw(s)
    yield "next_draw_population", lambda: odds.next_draw_population(s)
    yield "next_draw_assumption", lambda: odds.next_draw_assumption(s)
    yield "laser_total", lambda: odds.laser_total(s)
    yield "p_stun_every_enemy", lambda: odds.p_stun_every_enemy(s)
    yield "draws_left", lambda: odds.draws_left(s)
    for token in s.data.starfighter(s.starfighter).signature_tokens:
        yield "p_drawn_before_warp_end", lambda token=token: odds.p_drawn_before_warp_end(s, token)
    yield "expected_shield_damage", lambda: odds.expected_shield_damage(s)
    yield "p_hull_destroyed", lambda: odds.p_hull_destroyed(s)
    for slot in range(1, len(s.row) + 1):  # the notebook asks a slot by number, filled or not
        yield "p_destroy", lambda slot=slot: odds.p_destroy(s, slot)


def _check_warps_edge(games: int) -> None:
    counts = count_answers(decisions("warps_edge", range(games)), lambda _i, s, _h: warps_edge_questions(s),
                           "warps_edge")
    assert counts["next_draw"] > 10 * games and counts["p_destroy"] > 0  # every question was asked and answered
    assert set(counts) <= {name for name, _ in warps_edge_questions(_any_position())} | {"p_destroy: refused"}


def _any_position() -> Any:
    from explorer.games.warps_edge.odds import example_position

    return example_position()


def test_warps_edge_odds_answer_at_every_decision() -> None:
    _check_warps_edge(_games(4, 40, False))


@pytest.mark.slow
def test_warps_edge_odds_answer_at_every_decision_of_40_games() -> None:
    _check_warps_edge(_games(4, 40, True))


def test_an_empty_slot_is_refused_in_one_sentence() -> None:
    """The notebook asks "P(destroy Demo Wisp in slot 2)": an empty slot has no enemy to destroy."""
    from explorer.games.warps_edge import odds

    s = _any_position().replace(row=(_any_position().row[0],) + tuple(type(t)() for t in _any_position().row[1:]))
    with pytest.raises(RulesError, match=r"^Slot 2 of the enemy row is empty, so there is no enemy there to destroy\.$"):
        odds.p_destroy(s, 2)


# --- Star Realms ----------------------------------------------------------------------------------

def star_realms_questions(s: Any, history: tuple[Any, ...]) -> Iterator[Question]:
    """The panel's (next hand, lethal check, buy comparison) and the notebook's questions.

    The panel asks as the table (the player moving) and as each seat; the lethal check asks every
    opponent who may attack the asker and the asker's own attacks, with what the asker has seen of
    the attacker's hand; the buy comparison asks for the player moving, one row per affordable card
    (here the first such card, to keep the run short: every card is the same question).
    """
    from explorer.games.star_realms import odds
    from explorer.games.star_realms.formats import targets

    alive, actor = s.alive, s.actor
    for me in range(len(s.players)):
        yield "trade_and_combat", lambda me=me: odds.trade_and_combat(s, me)
        yield "next_hand", lambda me=me: odds.next_hand(s, me)
        viewer = None if me == actor else me
        for q in range(len(s.players)):
            if q != me and alive[q] and me in targets(s.fmt, q, alive):
                if viewer is not None:
                    yield "known_in_hand", lambda q=q: odds.known_in_hand(history, q)
                yield "lethal", lambda q=q, me=me, viewer=viewer: odds.lethal(
                    s, q, me, viewer=viewer, known=odds.known_in_hand(history, q) if viewer is not None else None)
        for q in targets(s.fmt, me, alive):
            yield "lethal", lambda q=q, me=me, viewer=viewer: odds.lethal(s, me, q, viewer=viewer)
    yield "lethal at least 6", lambda: odds.lethal(s, 1, 0, n=6)  # the notebook's question
    yield "buyable", lambda: odds.buyable(s, actor)
    try:
        cards = odds.buyable(s, actor)[:1]
    except RulesError:
        cards = ()
    if cards or s.queue:  # as the panel: the comparison is drawn when a card is affordable (refused if pending)
        yield "compare_buys", lambda: odds.compare_buys(s, actor, [])
        yield "compare_buys_over_cycle", lambda: odds.compare_buys_over_cycle(s, actor, [], trials=20, seconds=0.01)
    for name in cards:
        yield "compare_buys a card", lambda name=name: odds.compare_buys(s, actor, [name])
        yield "compare_buys_over_cycle a card", lambda name=name: odds.compare_buys_over_cycle(
            s, actor, [name], trials=20, seconds=0.01)


@pytest.fixture
def small_budget() -> Iterator[None]:
    """A small time budget: the exact walks give up sooner and the sampled estimates stand in (both are answers)."""
    from explorer.games.star_realms import odds

    old = odds.set_budget(exact_seconds=0.05, states=20_000, sample_seconds=0.02, min_trials=5, trials=200)
    yield
    odds.set_budget(**old.__dict__)


SR_FORMATS = ({}, {"players": 3, "format": "free_for_all"}, {"players": 4, "format": "hydra"})


def _check_star_realms(games: int, max_steps: int = 5_000) -> None:
    counts = count_answers(decisions("star_realms", range(games), max_steps, SR_FORMATS),
                           lambda _i, s, history: star_realms_questions(s, history), "star_realms")
    assert counts["trade_and_combat"] > 50 * games and counts["lethal"] > 0 and counts["compare_buys a card"] > 0
    assert counts["trade_and_combat: refused"] > 0  # asked with an effect pending: "resolve it first"


def test_star_realms_odds_answer_at_every_decision(small_budget: None) -> None:
    """One game's first 400 moves (a whole game is ~8 s of odds questions: the slow test)."""
    _check_star_realms(_games(1, 3, False), max_steps=400)


@pytest.mark.slow
def test_star_realms_odds_answer_at_every_decision_of_3_games(small_budget: None) -> None:
    _check_star_realms(_games(1, 3, True))


def test_star_realms_odds_with_an_effect_pending_say_why_in_one_sentence() -> None:
    """The odds are asked in the main phase; with an ability waiting, they say so (they raised ValueError before)."""
    from explorer.games.star_realms import odds
    from explorer.games.star_realms.state import Task

    s = explorer.load_game("star_realms").initial_state()
    while s.is_chance():
        s = s.apply(s.chance_outcomes()[0][0])
    waiting = s.replace(queue=(Task("choose", 0, "Barter World", "primary"),))
    with pytest.raises(RulesError, match=r"^The odds are asked in the main phase with no pending effect, and now the "
                                         r"rules wait for .*: resolve the pending effect first\.$"):
        odds.trade_and_combat(waiting, 0)


def _unless(why: str, ask: Callable[[], Any]) -> Any:
    """A view that answers ``ask()`` where its question applies, and otherwise shows the one sentence ``why``."""
    if why:
        raise RulesError(why)
    return ask()


# --- Endor ----------------------------------------------------------------------------------------

def endor_questions(s: Any, _history: tuple[Any, ...] = ()) -> Iterator[Question]:
    """The Odds tab's (which order, one Shield Assault, orders until the shields are down, this attack, the duel
    and the Death Star) and the notebook's questions (``which_order``, ``shield_advance_odds``, ``shield_chain``),
    each asked as the view asks it: where the view shows a sentence instead, the question is not asked."""
    from explorer.games.endor import odds
    from explorer.games.endor.state import DEATH_STAR

    if not s.is_terminal():
        yield "which_order", lambda: odds.which_order(s, s.seat)
        yield "which_order (notebook)", lambda: odds.which_order(s)
    if not s.shields_down:
        yield "shield_advance_odds", lambda: odds.shield_advance_odds(s)
        yield "shield_chain", lambda: odds.shield_chain(s).p_ended_by(12)
    step = s.step
    if step.ship >= 0 and step.stage == "attack":
        data = s.data
        for a in s.legal_actions():
            if a.kind != "attack":
                continue
            src = data.index[a.args[0]]
            tgt = DEATH_STAR if a.args[1] == "Death Star" else data.index[a.args[1]]
            yield "attack_odds", lambda src=src, tgt=tgt: odds.attack_odds(s, step.ship, src, tgt).expected_losses
            yield "special_ship_odds", lambda src=src, tgt=tgt: odds.special_ship_odds(s, step.ship, src, tgt)
    yield "duel_odds", lambda: [dict(c) for c in odds.duel_odds(s).values() if c.usable]
    yield "death_star_final", lambda: odds.death_star_final(odds.best_death_star_dice(s))
    yield "death_star_shot", odds.death_star_shot


ENDOR_SETUPS = ({}, {}, {"players": 4})
ENDOR_VARIANTS = (None, "sw_ksirk")


def _check_endor(games: int) -> Counter[str]:
    return count_answers(decisions("endor", range(games), 400, ENDOR_SETUPS, variants=ENDOR_VARIANTS),
                         lambda _i, s, history: endor_questions(s, history), "endor")


def test_endor_odds_answer_at_every_decision() -> None:
    """Twelve games of 400 moves (random and heuristic, 2 and 4 players, the printed game and Sw'ksirk)."""
    games = _games(12, 40, False)
    counts = _check_endor(games)
    assert counts["which_order"] > 50 * games and counts["shield_chain"] > 0 and counts["attack_odds"] > 0
    assert not any(name.endswith("refused") for name in counts)  # every Endor question answers at a decision


# --- Space Fleet Command --------------------------------------------------------------------------

def fleet_command_questions(s: Any, _history: tuple[Any, ...] = (), *, slow: bool = True) -> Iterator[Question]:
    """The Odds tab's (shots, destroying a ship, initiative, reach) and the notebook's questions (``shot_odds``,
    ``destroy_odds``, ``reach``, ``expected_cubes``), asked for the player the tab asks for.

    ``slow``: also the reach of every ship and the sampled ``expected_cubes`` (a few trials), the long questions.
    """
    from explorer.games.fleet_command import odds, tactics
    from widgets.fleet_command.odds_views import asker

    player = asker(s)
    for ship in s.fleets[player].ships:
        if ship.on_table and not ship.shot:
            for target in tactics.targets(s, player, ship.name):
                yield "shot_odds", lambda ship=ship.name, target=target: odds.shot_odds(s, player, ship, target)
    for enemy in s.fleets[1 - player].ships:
        if enemy.on_table:
            yield "destroy_odds", lambda enemy=enemy.name: odds.destroy_odds(s, player, enemy)
            yield "shooters_at", lambda enemy=enemy.name: odds.shooters_at(s, player, enemy)
    if len(odds.unseen(s, player)):
        yield "initiative_odds", lambda: odds.initiative_odds(s, player)
    if slow:
        for ship in s.fleets[player].ships:
            if ship.on_table:
                yield "reach", lambda ship=ship.name: odds.reach(s, player, ship)
        if not s.is_terminal():
            yield "expected_cubes", lambda: odds.expected_cubes(s, trials=2, seed=1)


FC_VARIANTS = (None, "untested_ships")


def _check_fleet_command(games: int, *, slow_every: int = 25) -> Counter[str]:
    return count_answers(decisions("fleet_command", range(games), 1_500, variants=FC_VARIANTS),
                         lambda i, s, history: fleet_command_questions(s, history, slow=i % slow_every == 0),
                         "fleet_command")


def test_fleet_command_odds_answer_at_every_decision() -> None:
    """Six games (random and heuristic, the mirror fleets and the untested ships); reach every 25th decision."""
    games = _games(6, 20, False)
    counts = _check_fleet_command(games)
    assert counts["destroy_odds"] > 50 * games and counts["shot_odds"] > 0 and counts["reach"] > 0
    assert not any(name.endswith("refused") for name in counts)


# --- Pinned Down ----------------------------------------------------------------------------------

def pinned_down_questions(s: Any, _history: tuple[Any, ...] = (), *, sampled: bool = False) -> Iterator[Question]:
    """The Odds tab's (the reveal chart and table with every card in hand, this fight, which fight first) and the
    notebook's questions (``reveal_by_card`` and ``summary_rows``; the sampled ``survive_this_turn`` and
    ``turns_to_distance`` where ``sampled``, with a few trials). A view that shows a sentence instead of its
    figure (``why_no_reveal``, ``why_no_order``) counts as a refusal with that sentence."""
    from explorer.games.pinned_down.odds import (quiet_effect_chances, reveal_by_card, reveal_distribution,
                                                 summary_rows, why_no_reveal)
    from explorer.games.pinned_down.odds_fight import fight_choices, survive_this_turn, turns_to_distance
    from explorer.games.pinned_down.odds_order import fight_orders, why_no_order
    from widgets.pinned_down.odds_views import hand_options

    reveal = why_no_reveal(s)
    yield "reveal_distribution", lambda: _unless(reveal, lambda: reveal_distribution(s).pmf())
    yield "hand_options", lambda: _unless(reveal, lambda: hand_options(s))
    yield "reveal_by_card", lambda: _unless(reveal, lambda: summary_rows(reveal_by_card(s, 0), 7))
    yield "quiet_effect_chances", lambda: _unless(reveal, lambda: quiet_effect_chances(s))
    yield "fight_choices", lambda: fight_choices(s)
    yield "fight_orders", lambda: _unless(why_no_order(s), lambda: fight_orders(s))
    if sampled and not s.is_terminal():
        yield "survive_this_turn", lambda: survive_this_turn(s, trials=3, seed=1)
        yield "turns_to_distance", lambda: turns_to_distance(s, trials=2, seed=1)


PD_SETUPS = ({"players": 1}, {"players": 2}, {"players": 3})


def _check_pinned_down(games: int, *, sampled_every: int = 97) -> Counter[str]:
    return count_answers(decisions("pinned_down", range(games), 3_000, PD_SETUPS),
                         lambda i, s, history: pinned_down_questions(s, history, sampled=i % sampled_every == 0),
                         "pinned_down")


def test_pinned_down_odds_answer_at_every_decision() -> None:
    """Three games (1, 2 and 3 players; random and heuristic); the sampled questions every 97th decision."""
    games = _games(3, 30, False)
    counts = _check_pinned_down(games)
    assert counts["reveal_distribution"] > 0 and counts["fight_choices"] > 0 and counts["survive_this_turn"] > 0
    assert counts["fight_choices: refused"] > 0  # outside a fight: "No fight is under way: ..."
