"""What the engine remembers to go faster (issue 21) gives the answers the rules give worked out afresh.

The census of a ships table (``explorer.games.endor.census``), the destinations
remembered per blocking pattern (``board._reach``) and the heuristic's order
scores remembered per position (``policies._scores``) are caches: each test
below works the answer out again the slow, plain way — the way the engine did
before issue 21 — at every position of seeded games and compares.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import explorer
from explorer import Match
from explorer.games.endor.board import attack_sources, attack_targets, death_star_targets, move_destinations
from explorer.games.endor.census import Census, census, with_ships
from explorer.games.endor.odds import which_order
from explorer.games.endor.state import EXECUTOR, REBEL_TYPES, EndorState

census_module = importlib.import_module("explorer.games.endor.census")
policies = importlib.import_module("explorer.games.endor.policies")


def _states(variant: str | None, policy: str, seeds: range) -> list[EndorState]:
    game = explorer.load_game("endor", variant=variant) if variant else explorer.load_game("endor")
    out: list[EndorState] = []
    for seed in seeds:
        match = Match(game, seed=seed)
        match.play(policy, max_steps=400)
        out.extend(match.states)  # type: ignore[arg-type]
    return out


def _plain_census(ships: tuple[tuple[int, ...], ...]) -> Census:
    """Seed §5A's counts read row by row (what board.py summed before the census)."""
    counts = tuple(sum(row[k] for row in ships) for k in range(6))
    masks = tuple(sum(1 << n for n, row in enumerate(ships) if row[k]) for k in range(6))
    rebel = sum(1 << n for n, row in enumerate(ships) if row[0] or row[1] or row[2] or row[3])
    empire = sum(1 << n for n, row in enumerate(ships) if row[4] > 0 or row[5] > 0)
    executor = next((n for n, row in enumerate(ships) if row[EXECUTOR]), -1)
    return Census(counts, masks, rebel, empire, executor)


def _plain_destinations(s: EndorState, kind: int, source: int) -> tuple[int, ...]:
    """Seed §5A / reference §6: a breadth-first walk through friendly or empty sectors, never onto a slot."""
    data = s.data
    enemy = 1 if kind in REBEL_TYPES else 0
    seen, frontier, found = {source}, [source], set()
    for _ in range(data.ship_types[kind].moves):
        nxt = []
        for node in frontier:
            for near in data.adjacent[node]:
                row = s.ships[near]
                held = (row[4] > 0 or row[5] > 0) if enemy == 1 else (
                    any(row[:4]) or (near in data.marker_slots and s.markers[data.marker_slots.index(near)]))
                if near in seen or near in data.marker_slots or held:
                    continue
                seen.add(near)
                found.add(near)
                nxt.append(near)
        frontier = nxt
    return tuple(sorted(found, key=lambda n: data.nodes[n]))


@pytest.mark.parametrize("variant", [None, "sw_ksirk"])
def test_the_census_of_every_table_of_seeded_games_is_the_table_counted_afresh(variant: str | None) -> None:
    # The census follows each move, hit and deployment (census.with_ships); counted row by row it must agree.
    states = _states(variant, "random", range(3))
    assert len(states) > 600
    for s in states:
        assert census(s.ships) == _plain_census(s.ships), s.render()


def test_a_table_changed_by_with_ships_has_the_census_of_the_changed_table() -> None:
    # A TIE deployed next to the Executor (seed §5A): counts and masks move with it, the Executor stays put.
    s = explorer.load_game("endor").initial_state()
    at = census(s.ships).executor
    deployed = with_ships(s.ships, at, 4, 2)
    assert census(deployed).counts[4] == census(s.ships).counts[4] + 2
    assert census(deployed) == _plain_census(deployed)
    emptied = with_ships(s.ships, at, EXECUTOR, -1)   # the Executor destroyed: no node holds it
    assert census(emptied).executor == -1 and census(emptied) == _plain_census(emptied)


def test_the_census_forgets_nothing_it_should_keep_when_its_memory_starts_afresh() -> None:
    # When the memory is full it starts again; the facts of a table asked again are worked out anew, equal.
    s = explorer.load_game("endor").initial_state()
    before = census(s.ships)
    census_module._TABLES.clear()
    assert census(s.ships) == before == _plain_census(s.ships)


@pytest.mark.parametrize("variant", [None, "sw_ksirk"])
def test_destinations_and_attacks_at_every_position_of_seeded_games_are_the_plain_walk(variant: str | None) -> None:
    # Seed §5A: moves through friendly or empty sectors; an attack into an adjacent sector with enemy pieces.
    for s in _states(variant, "random", range(2)):
        for kind in range(6):
            sources = attack_sources(s, kind)
            for node in range(len(s.data.nodes)):
                if s.ships[node][kind]:
                    assert move_destinations(s, kind, node) == _plain_destinations(s, kind, node)
                    if node not in s.data.marker_slots:
                        assert (node in sources) == bool(attack_targets(s, kind, node))
        up = tuple(n for m, n in enumerate(s.data.marker_slots) if s.markers[m])
        plain = up or tuple(sorted((n for n in range(len(s.data.nodes)) if any(s.ships[n][:4])),
                                   key=lambda n: s.data.nodes[n]))
        assert death_star_targets(s) == plain


def test_the_heuristic_scores_an_order_as_the_headline_of_the_whole_hand_does() -> None:
    # policies._scores remembers each order's score per position; which_order over the whole hand is the plain answer.
    for s in _states(None, "heuristic", range(3)):
        if s.is_chance() or s.is_terminal() or s.stage != "plan":
            continue
        cards = tuple(str(c) for c in s.hands[s.seat].kinds())
        remembered = policies._scores(s, cards)
        for card, order, _what, p in which_order(s, s.seat):
            if card in cards:
                weight = policies._WEIGHT.get(order, 1) * float(p) + (0.5 if order in s.data.ship_orders else 0)
                assert remembered[(card, order)] == weight


def test_heuristic_games_are_the_same_with_the_scores_forgotten_at_every_move() -> None:
    # Remembering scores changes no choice: the same seeds give the same moves with the memory cleared each time.
    game = explorer.load_game("endor")

    def forgetful(state, rng: np.random.Generator):
        policies._VALUES.clear()
        return policies.heuristic_policy(state, rng)

    for seed in range(3):
        a, b = Match(game, seed=seed), Match(game, seed=seed)
        a.play("heuristic", max_steps=300)
        b.play(forgetful, max_steps=300)
        assert [str(e.action) for e in a.entries] == [str(e.action) for e in b.entries]
