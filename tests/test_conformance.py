"""Every registered game must pass these: the surface of docs/architecture.md, checked by playing.

New games are picked up automatically from ``explorer.games()``. The toy game
(tests/core/toy_pig.py) runs too, so the suite is exercised before any game lands.
Each game is played from seeded random playouts through ``explorer.Match``;
every visited state is checked for the invariants below.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.rng import new_generator
import explorer
from explorer import CHANCE, TERMINAL, Action, Match
from explorer.core.chance import sample_outcome
from explorer.errors import IllegalActionError, InvalidActionError, RulesError

PLAYOUTS = 6
MAX_STEPS = 400
STATES_CHECKED_PER_PLAYOUT = 60


def _cases() -> list[tuple[str, str]]:
    cases = [("toy_pig", v) for v in ("standard", "long")]
    for game_id in explorer.games():
        for variant in explorer.load_game(game_id).info.variants:
            cases.append((game_id, variant.name))
    return cases


@pytest.fixture(params=_cases(), ids=lambda c: f"{c[0]}-{c[1]}")
def game(request: pytest.FixtureRequest, toy_registered: None) -> explorer.Game:
    game_id, variant = request.param
    return explorer.load_game(game_id, variant=variant)


def _check_state(state: explorer.State, game: explorer.Game) -> None:
    player = state.current_player
    assert isinstance(player, int)
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.info.max_players
    assert isinstance(state.phase, str) and state.phase
    assert state == state.game.state_from_json(state.to_json()), "JSON round trip changed the state"
    assert hash(state) == hash(state.game.state_from_json(state.to_json()))
    assert isinstance(str(state), str) and str(state)
    if state.is_terminal():
        result = state.result()
        assert result is not None and isinstance(result.reason, str) and result.reason
        assert state.legal_actions() == ()
        return
    assert state.result() is None
    if state.is_chance():
        # sample_chance (rollouts and the lab) picks what sampling the node picks, with the same draws; a fresh
        # copy has no node made yet, so a game that picks without making it (Star Realms) takes that path
        fresh = state.game.state_from_json(state.to_json())
        fast, slow = new_generator(11), new_generator(11)
        assert fresh.sample_chance(fast) == sample_outcome(state.chance_outcomes(), slow)
        assert fast.bit_generator.state == slow.bit_generator.state
        # play_chance takes chance steps in a row, as many as sample_chance then apply_sampled would
        by_hand, made = state.game.state_from_json(state.to_json()), 0
        while made < 8 and by_hand.is_chance():
            by_hand, made = by_hand.apply_sampled(by_hand.sample_chance(slow)), made + 1
        assert fresh.play_chance(fast, 8) == (by_hand, made)
        assert fast.bit_generator.state == slow.bit_generator.state
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node needs outcomes"
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1, "chance outcomes must sum to exactly 1"
        notations = [str(a) for a, _ in outcomes]
        assert len(set(notations)) == len(notations), f"outcomes print alike: {notations}"
        assert state.legal_actions() == ()
        return
    actions = state.legal_actions()
    assert isinstance(actions, tuple) and actions, f"a decision in {state.phase} needs a legal action"
    assert actions == state.legal_actions()
    notations = [str(a) for a in actions]
    assert len(set(notations)) == len(notations), f"legal actions print alike: {notations}"
    for a in actions[:10]:
        assert state.parse_action(str(a)) == a


def _check_position(state: explorer.State, game: explorer.Game) -> None:
    """docs/architecture.md rule 7: the position in a player's words reads back to the same position text.

    Compared as text because the format leaves out what a player cannot see (a deck's order).
    """
    text = state.position_text()
    assert isinstance(text, str) and text
    again = game.position_from_text(text)
    assert again.position_text() == text, "the position text did not round-trip"
    assert again.current_player == state.current_player and again.phase == state.phase


def _check_story(match: Match) -> None:
    """docs/architecture.md rule 8: every move is told by the rules in one line, also as each seat sees it."""
    i = len(match.entries) - 1
    for viewer in (None, 0):
        line = match.log_line(i, viewer=viewer)
        assert isinstance(line, str) and line.startswith(f"{i + 1}. ") and len(line) > len(f"{i + 1}. ")
        assert "\n" not in line, f"a log line is one line: {line!r}"
    assert isinstance(match.state.turn_label(), str)


def _check_illegal(state: explorer.State) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Action("no-such-move", ("x",)))
    assert "no-such-move" in str(err.value) and err.value.state is state
    with pytest.raises(InvalidActionError):
        state.apply("xyzzy plugh")
    with pytest.raises(InvalidActionError):
        state.apply(42)  # type: ignore[arg-type]
    assert state.to_json() == before, "a refused action changed the state"


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_playout_keeps_every_invariant(game: explorer.Game, seed: int) -> None:
    match = Match(game, seed=seed)
    checked = 0
    for _ in range(MAX_STEPS):
        state = match.state
        if checked < STATES_CHECKED_PER_PLAYOUT or state.is_terminal():
            _check_state(state, game)
            checked += 1
        if checked <= 3:
            _check_illegal(state)
        if checked % 10 == 1 and not state.is_chance():
            _check_position(state, game)
        if state.is_terminal():
            break
        before = state.to_json()
        if state.is_chance():
            match.step()
        else:
            actions = state.legal_actions()
            match.step(actions[int(match.rng.integers(len(actions)))])
        assert state.to_json() == before, "apply changed the old state"
        _check_story(match)


def test_match_replays_exactly_from_its_json(game: explorer.Game) -> None:
    match = Match(game, seed=7)
    match.play("random", max_steps=150)
    loaded = Match.from_json(match.to_json())
    assert loaded.states == match.states
    assert loaded.log == match.log
    # The saved generator continues as the original would have.
    match.play("random", max_steps=20)
    loaded.play("random", max_steps=20)
    assert loaded.state == match.state


def test_initial_state_is_reachable_through_new_game(game: explorer.Game) -> None:
    assert game.new_game() == game.initial_state()


def test_info_describes_the_game(game: explorer.Game) -> None:
    info = game.info
    assert info.title and info.data_source and info.variants
    assert 1 <= info.min_players <= info.max_players
    assert game.variant in [v.name for v in info.variants]
    assert "random" in game.policies()


def test_unknown_variant_lists_the_variants(game: explorer.Game) -> None:
    with pytest.raises(RulesError, match="variants: "):
        explorer.load_game(game.info.id, variant="no-such-variant")
