"""The API a scenario writer and the panels use: Authority by seat, card kinds, file options."""

from __future__ import annotations

import pytest

import explorer
from explorer.core.game import game_from_identity
from explorer.errors import RulesError, StateFormatError


def test_authority_of_every_seat_in_every_format(make) -> None:
    """Hydra teammates share one Authority (seed §3.2): seat 4 of 4-player Hydra reads team 2's."""
    s = make(players=4, format="hydra", authority=(75, 60))
    assert [s.authority_of(q) for q in range(4)] == [75, 75, 60, 60]
    s = make(players=6, format="hydra", authority=(100, 90))
    assert [s.authority_of(q) for q in range(6)] == [100] * 3 + [90] * 3
    s = make(players=4, format="emperor")
    assert [s.authority_of(q) for q in range(4)] == [60, 50, 60, 50]
    with pytest.raises(RulesError, match="no seat 4: this game has seats 0 to 3"):
        s.authority_of(4)


def test_a_card_is_a_ship_or_a_base_without_internals() -> None:
    game = explorer.load_game("star_realms")
    assert game.card("Blob Wheel").is_base and not game.card("Blob Wheel").is_outpost
    assert game.card("War World").is_outpost and game.card("Cutter").is_ship
    assert game.card("Explorer").cost == 2
    with pytest.raises(RulesError, match="no card 'Cuter'"):
        game.card("Cuter")


def test_turn_limit_is_a_file_option_with_a_documented_range() -> None:
    spec = explorer.load_game("star_realms").file_options["turn_limit"]
    assert (spec.kind, spec.low, spec.high) == (int, 0, 10_000)
    game = game_from_identity({"game": "star_realms", "variant": "standard", "options": {"turn_limit": 50}})
    assert game.turn_limit == 50
    with pytest.raises(StateFormatError, match="turn_limit: expected a whole number from 0 to 10000"):
        game_from_identity({"game": "star_realms", "options": {"turn_limit": -3}})


def test_cards_file_never_comes_from_a_saved_file(monkeypatch) -> None:
    """Issue 9: a file naming a path is refused, and nothing is opened."""
    opened: list = []
    monkeypatch.setattr("builtins.open", lambda *a, **k: opened.append(a) or (_ for _ in ()).throw(OSError))
    with pytest.raises(StateFormatError, match="options.'cards_file': a saved file or link may not set"):
        game_from_identity({"game": "star_realms", "options": {"cards_file": "/etc/passwd"}})
    assert opened == []


def test_turn_limit_in_code_is_checked_too() -> None:
    with pytest.raises(RulesError, match="turn_limit: expected a whole number from 0 to 10000"):
        explorer.load_game("star_realms", turn_limit="many")
