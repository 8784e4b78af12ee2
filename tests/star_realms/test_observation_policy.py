"""Hidden information and the heuristic policy."""

from __future__ import annotations

import json

import explorer
from explorer import Deck, Multiset
from explorer.games.star_realms.observation import observation, same_observation
from explorer.games.star_realms.policies import heuristic_policy


def test_observation_hides_the_opponents_hand_and_deck(make) -> None:
    s = make(hands=[["Scout", "Cutter"], ["Ram", "Viper"]])
    view = observation(s, 0)
    assert view["players"][0]["hand"] == {"Cutter": 1, "Scout": 1}
    assert view["players"][1]["hand"] is None and view["players"][1]["hand_size"] == 2
    assert view["players"][1]["deck_contents"] is None and view["players"][0]["deck_contents"] == {"Scout": 8, "Viper": 2}
    json.dumps(view)
    other = s.with_player(1, hand=Multiset(["Scout", "Scout"]))
    assert same_observation(s, other, 0) and not same_observation(s, other, 1)


def test_observation_shows_a_known_top_card_only_to_its_owner(make) -> None:
    s = make()
    s = s.with_player(0, deck=Deck(top=("Mothership",), middle=Multiset({"Scout": 2})))
    assert observation(s, 0)["players"][0]["deck_known_top"] == ["Mothership"]
    assert observation(s, 1)["players"][0]["deck_known_top"] is None


def test_heuristic_beats_random() -> None:
    game = explorer.load_game("star_realms")
    random = game.policies()["random"]
    wins = 0
    for seed in range(10):
        seat = seed % 2
        m = explorer.Match(game, seed=seed)
        m.play(lambda s, rng: (heuristic_policy if s.current_player == seat else random)(s, rng))
        wins += m.state.result().winners == (seat,)
    assert wins >= 9


def test_heuristic_self_play_finishes_well_inside_the_turn_limit() -> None:
    m = explorer.Match(explorer.load_game("star_realms"), seed=5)
    m.play("heuristic")
    assert m.state.is_terminal() and m.state.result().winners and m.state.turn < 80


def test_heuristic_plays_every_format() -> None:
    game = explorer.load_game("star_realms")
    for fmt, n in (("free_for_all", 4), ("hunter", 3), ("hydra", 4), ("emperor", 6), ("raid", 5)):
        m = explorer.Match(game.initial_state(players=n, format=fmt), seed=1)
        m.play("heuristic", max_steps=20_000)
        assert m.state.is_terminal(), fmt
