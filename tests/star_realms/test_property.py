"""Seeded property tests: cards are conserved, the trade row stays full, random games end."""

from __future__ import annotations

import os

import numpy as np
import pytest

import explorer
from explorer import Match, Multiset
from explorer.games.star_realms.cards import starting_deck, trade_deck
from explorer.games.star_realms.state import StarRealmsState

GAMES = [("standard", 2, s) for s in range(6)] + [
    ("free_for_all", 3, 0), ("hunter", 4, 1), ("hydra", 4, 2), ("hydra", 6, 3), ("emperor", 4, 4),
    ("emperor", 6, 5), ("raid", 3, 6), ("raid", 6, 7)]


def everything(s: StarRealmsState) -> Multiset:
    cards = s.trade_deck.contents() + s.row + s.scrap_heap + Multiset({"Explorer": s.explorers})
    for p in s.players:
        cards = cards + p.all_cards()
    return cards


@pytest.mark.parametrize("fmt, players, seed", GAMES)
def test_cards_are_conserved_in_random_games(fmt: str, players: int, seed: int) -> None:
    game = explorer.load_game("star_realms")
    start = game.initial_state(players=players, format=fmt)
    expected = Multiset(trade_deck(game.cards)) + Multiset({"Explorer": 10}) + Multiset(
        {k: n * players for k, n in starting_deck(game.cards).items()})
    m = Match(start, seed=seed)
    for _ in range(700):
        s = m.state
        assert everything(s) == expected
        if not s.is_chance() and not s.queue and s.stage == "main" and s.trade_deck:
            assert len(s.row) == 5
        assert all(p.trade >= 0 and p.combat >= 0 for p in s.players)
        if s.is_terminal():
            break
        m.step(None if s.is_chance() else s.legal_actions()[int(m.rng.integers(len(s.legal_actions())))])


@pytest.mark.parametrize("seed", range(3))
def test_random_two_player_games_end_within_the_turn_limit(seed: int) -> None:
    m = Match(explorer.load_game("star_realms", turn_limit=60), seed=seed)
    m.play("random", max_steps=100_000)
    assert m.state.is_terminal() and m.state.turn <= 61


def test_every_action_of_a_random_game_replays_from_text() -> None:
    m = Match(explorer.load_game("star_realms"), seed=11)
    m.play("random", max_steps=300)
    again = Match.from_json(m.to_json())
    assert again.state == m.state and np.all([a == b for a, b in zip(again.states, m.states)])


FORMATS = [("standard", 2), ("free_for_all", 4), ("hunter", 4), ("hydra", 4), ("hydra", 6),
           ("emperor", 4), ("emperor", 6), ("raid", 4)]
FULL_GAMES = int(os.environ.get("SR_PROPERTY_GAMES", "4"))
"""Whole random games per format: 4 in the default run; SR_PROPERTY_GAMES=1000 is the issue's
full check (about 25 minutes on 2 cores; its last result is in RULES.md)."""


@pytest.mark.parametrize(("fmt", "players"), FORMATS)
def test_whole_random_games_end_with_a_winner_or_the_draw_rule(fmt: str, players: int) -> None:
    """Every format ends: a last player or team standing, or the 200-turn draw rule (RULES.md 11)."""
    game = explorer.load_game("star_realms")
    start = game.initial_state(players=players, format=fmt)
    expected = everything(start)
    for seed in range(FULL_GAMES):
        m = Match(start, seed=seed)
        m.play("random", max_steps=1_000_000)
        end = m.state
        assert end.is_terminal(), f"{fmt} seed {seed} did not end"
        result = end.result()
        assert result is not None
        assert result.winners or end.turn > 200, f"{fmt} seed {seed}: no winner before the turn limit"
        assert everything(end) == expected, f"{fmt} seed {seed}: cards not conserved"


@pytest.mark.parametrize("fmt, players, seed", GAMES)
def test_no_ally_waits_after_a_draw_a_reveal_a_buy_or_an_attack(fmt: str, players: int, seed: int) -> None:
    # "Ally Ability: Triggered when another card of the same faction is in play" and "triggered as soon
    # as condition is met" (the Star Realms seed, "Gameplay Flow" and "FAQ or Edge Cases"): only a card
    # entering play can make one due, so the rules skip the ally check after a move that puts none there.
    # Each such move must settle to exactly the position a settle with the check gives.
    from explorer.games.star_realms import effects, rules
    from explorer.games.star_realms.main_phase import END, apply_main

    m = Match(explorer.load_game("star_realms").initial_state(players=players, format=fmt), seed=seed)
    checked = 0
    for _ in range(700):
        s = m.state
        if s.is_terminal():
            break
        moves = s.moves()
        action = moves[int(m.rng.integers(len(moves)))]
        if s.queue[0].kind in rules.CHANCE_TASKS if s.queue else action.kind in rules.QUIET_MOVES:
            if s.queue:
                moved = effects.apply_chance(s, action)
            else:
                moved = rules.end_turn(s) if action == END else apply_main(s, action)
            assert s.apply(action) == rules.settle(moved), f"{action} in {s.phase}"
            checked += 1
        m.step(action)
    assert checked > 50
