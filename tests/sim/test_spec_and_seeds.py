"""What a simulation refuses before any work, how it partitions seeds, and how a game replays.

Issue 13 §1: game ``i`` uses seed ``S + i``, so any single game replays in a ``Match``;
bad input (unknown game, variant, policy, seat count, negative or absurd numbers,
an unreachable scheduler) is a clear error before any work starts.
"""

from __future__ import annotations

import threading

import pytest

import explorer
from explorer.sim import SimulationError, make_spec, play_game, replay, run_chunk, simulate
from explorer.sim import backends
from explorer.sim.backends import plan_chunks


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(game_id="chess"), "unknown game 'chess'; known games: "),
    (dict(game_id="star_realms", variant="deluxe"), "unknown variant 'deluxe' for star_realms; variants: standard"),
    (dict(game_id="star_realms", policies="heuristic,psychic"), "unknown policy 'psychic' for star_realms; policies: random, heuristic"),
    (dict(game_id="star_realms", policies="random,random,random", setup={"players": 2}), "policies: 3 given for 2 seats"),
    (dict(game_id="star_realms", setup={"players": 7}), "star_realms is played by 2 to 6 players, got 7"),
    (dict(game_id="warps_edge", policies="random,random"), "policies: 2 given for 1 seats"),
    (dict(game_id="star_realms", games=-5), "games must be a whole number from 1 to 10000000, got -5"),
    (dict(game_id="star_realms", games=10**9), "games must be a whole number from 1 to 10000000"),
    (dict(game_id="star_realms", seed=-1), "seed must be a whole number from 0 to"),
    (dict(game_id="star_realms", max_steps=0), "max_steps must be a whole number from 1 to 10000000, got 0"),
    (dict(game_id="star_realms", setup={"explorers": 99}), "setup: explorers: the Explorer pile has 10 to 16 cards"),
    (dict(game_id="star_realms", setup={"colour": "red"}), "setup: unknown setup option(s) ['colour']"),
    (dict(game_id="star_realms", options={"path": object()}), "options must hold JSON values"),
])
def test_bad_input_is_refused_before_any_game(kwargs: dict, message: str) -> None:
    game_id = kwargs.pop("game_id")
    with pytest.raises(SimulationError) as err:
        make_spec(game_id, **kwargs)
    assert message in str(err.value)


def test_bad_backend_numbers_are_refused() -> None:
    with pytest.raises(SimulationError, match="unknown backend 'gpu'; backends: local, processes, dask"):
        simulate("warps_edge", games=2, backend="gpu")
    with pytest.raises(SimulationError, match="workers must be a whole number from 1 to 1024, got 0"):
        simulate("warps_edge", games=2, backend="processes", workers=0)
    with pytest.raises(SimulationError, match="chunk_size must be a whole number"):
        simulate("warps_edge", games=2, chunk_size=-1)


def test_unreachable_scheduler_is_refused_before_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT_S", 1)
    played: list[object] = []
    with pytest.raises(SimulationError, match="no Dask scheduler answers at 'tcp://127.0.0.1:9'"):
        simulate("warps_edge", games=2, backend="dask", client="tcp://127.0.0.1:9", progress=played.append)
    assert played == []


def test_a_line_up_sets_the_player_count_when_the_setup_takes_it() -> None:
    spec = make_spec("star_realms", policies="heuristic,random,random")
    assert (spec.seats, spec.setup) == (3, {"players": 3})


def test_one_policy_fills_every_seat() -> None:
    assert make_spec("star_realms", policies="heuristic", setup={"players": 4}).policies == ("heuristic",) * 4


@pytest.mark.parametrize(("games", "size"), [(1, None), (10, 3), (97, None), (1000, 7), (5000, None)])
def test_chunks_partition_the_games_exactly_once(games: int, size: int | None) -> None:
    chunks = plan_chunks(games, size, workers=2)
    covered = [i for start, stop in chunks for i in range(start, stop)]
    assert covered == list(range(games))
    assert all(stop - start <= (size or backends.MAX_CHUNK) for start, stop in chunks)


def test_game_i_uses_seed_s_plus_i_whatever_the_chunking() -> None:
    spec = make_spec("warps_edge", games=9, seed=1000)
    one = run_chunk(spec, 0, 9).records
    split = run_chunk(spec, 0, 4).records + run_chunk(spec, 4, 9).records
    assert [r.seed for r in one] == list(range(1000, 1009))
    assert one == split


def test_a_recorded_game_replays_in_a_match() -> None:
    spec = make_spec("star_realms", policies="heuristic,random", games=3, seed=41)
    record = play_game(spec, 2)
    match = replay(spec, 2)
    assert match.seed == 43 == record.seed
    assert len(match) - 1 == record.steps
    result = match.state.result()
    assert result is not None and (result.winners, result.returns) == (record.winners, record.returns)
    # and the same game from the public Match with the same policies, seat by seat
    game = explorer.load_game("star_realms")
    policies = game.policies()
    plain = explorer.Match(game.initial_state(players=2), seed=43)
    plain.play(lambda s, rng: (policies["heuristic"] if s.current_player == 0 else policies["random"])(s, rng))
    assert plain.state == match.state


def test_result_reports_rates_lengths_and_command() -> None:
    result = simulate("star_realms", policies="heuristic,random", games=6, seed=0)
    first = result.seat(0)
    assert first.wins.count + first.draws.count + first.losses.count + first.unfinished == 6
    assert result.length_summary("turns") is not None and result.limit_hits.trials == 6
    assert result.command == ("python -m explorer.sim star_realms --games 6 --seed 0 --variant standard "
                              "--policies heuristic,random --max-steps 100000 --setup players=2")
    assert result.to_csv().splitlines()[0] == "game,seed,finished,winners,steps,turns,limit,reason,return_1,return_2"


def test_a_step_limit_is_counted_as_unfinished_and_a_limit_hit() -> None:
    result = simulate("star_realms", games=3, max_steps=50)
    assert [r.limit for r in result.records] == ["steps"] * 3
    assert result.seat(0).unfinished == 3 and result.limit_hits.count == 3


def test_stop_keeps_the_finished_chunks() -> None:
    stop = threading.Event()
    result = simulate("warps_edge", games=40, chunk_size=5, progress=lambda p: stop.set(), stop=stop)
    assert result.cancelled and [r.index for r in result.records] == list(range(5))


def test_a_turn_limit_draw_is_a_draw_for_both_seats_and_a_limit_hit() -> None:
    # Star Realms' documented engine rule: after ``turn_limit`` turns the game is drawn between the living
    result = simulate("star_realms", options={"turn_limit": 4}, games=2)
    assert [r.limit for r in result.records] == ["turns", "turns"]
    assert result.seat(0).draws.count == result.seat(1).draws.count == 2
    assert result.limit_hits.count == 2 and "--option turn_limit=4" in result.command
