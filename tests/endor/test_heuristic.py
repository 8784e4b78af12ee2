"""The heuristic's rules of thumb for the Empire (``explorer.games.endor.empire_play``), one test per rule.

Each test builds a concrete position of the seed's game (003_dde2a4fdfa65b4f8.txt) and checks the
exact decision the heuristic takes in it, and why. The last test plays seeded games and checks that
every decision the heuristic takes is a legal one.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.endor.endor_helpers import game, turn

from explorer.core import Action
from explorer.core.chance import sample_outcome
from explorer.core.frozen import replaced
from explorer.games.endor.empire_play import death_star_reach
from explorer.games.endor.policies import heuristic_policy
from explorer.games.endor.state import TIE, EndorState

EMPIRE = 1
TRACK = 28
"""Spaces on the shield track: the shields are down once the strike team stands on the last."""


def _decide(s: EndorState) -> str:
    action = heuristic_policy(s, np.random.default_rng(0))
    assert action in s.legal_actions()
    return str(action)


def _after(s: EndorState, action: str) -> EndorState:
    return s.apply(next(a for a in s.legal_actions() if str(a) == action))


def test_the_empire_moves_tie_fighters_into_the_inner_sector_the_rebels_could_enter() -> None:
    # Seed §5A: Rebel ships may not move into a sector holding TIEs, and the Death Star is attacked only
    # from the inner ring. Five X-wings at M21 could fly into the empty I22 and roll 5 dice at the
    # Death Star (the shields are down), so the Empire moves half of the TIEs of a neighbour, I23, there:
    # every inner sector is then held and the Rebels have no way to the Death Star.
    g = game()
    inner = {n: {"TIE": 4} for n in ("I23", "I24", "I25", "I26", "I27")}
    s = turn(g, "TIE Fighter / Shield Ambush", seat=EMPIRE, strike_team=TRACK, tie_reserve=0, falcon_hits=6,
             sectors={"M15": {}, "M16": {}, "M17": {}, "M19": {}, "M20": {}, "M21": {"X-wing": 5}, **inner})
    assert [s.data.nodes[n] for n, dice in death_star_reach(s, s.ships) if dice] == ["I22"]
    s = _after(s, "order TIE Fighter")
    assert _decide(s) == "move 2 TIE I23 to I22"


def test_the_empire_attacks_the_rebel_ships_in_the_inner_ring_before_a_bigger_stack_far_away() -> None:
    # Two X-wings at I25 can attack the Death Star without moving (the shields are down): the five TIEs
    # at M19 attack them rather than the five X-wings at O10, though O10 would lose more ships.
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=EMPIRE, strike_team=TRACK, tie_reserve=0,
             sectors={"M19": {"TIE": 5}, "O10": {"X-wing": 5}, "I25": {"X-wing": 2}})
    s = _after(_after(s, "order TIE Fighter"), "no move")
    assert _decide(s) == "attack from M19 into I25"


def test_the_death_star_fires_at_the_rebel_stack_that_threatens_it_most() -> None:
    # Seed §5A: once no fleet marker is face up, the Death Star may fire at any sector. Four Y-wings at
    # M17, next to the open inner sectors I23 and I24, outweigh the lone X-wing already at I22.
    g = game()
    s = turn(g, "Death Star / Shield Ambush", seat=EMPIRE, strike_team=TRACK, markers=(False,) * 6, falcon_hits=6,
             sectors={f"F{i}": {} for i in range(6)} | {"M15": {}, "M16": {}, "O7": {}, "O8": {}, "O9": {},
                                                           "I22": {"X-wing": 1}, "M17": {"Y-wing": 4}})
    s = _after(s, "order Death Star")
    assert _decide(s) == "fire the Death Star at M17"


def test_the_empire_ambushes_the_strike_team_when_the_shields_are_about_to_fall() -> None:
    # Seed §5B: three stormtroopers make the last three spaces one harder each. With the strike team on
    # space 25 of 28 that is worth more than a TIE attack on a lone X-wing far from the Death Star.
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=EMPIRE, strike_team=25, tie_reserve=0, falcon_hits=6,
             sectors={"M15": {}, "M16": {}, "M17": {}, "O7": {}, "O8": {}, "O9": {},
                      "O11": {"TIE": 1}, "O10": {"X-wing": 1}})
    assert _decide(s) == "order Shield Ambush"


def test_the_empire_plays_the_emperor_before_luke_can_redeem_vader() -> None:
    # Seed §5C: Vader on a red space can be redeemed (5 bonus orders for the Rebels) while Luke lives;
    # the Emperor's 2 sure hits on Luke bring his death (4 bonus orders for the Empire) nearer.
    g = game()
    s = turn(g, "TIE Fighter / Emperor", seat=EMPIRE, vader_hits=1)
    assert _decide(s) == "order Emperor"


def test_an_empire_die_destroys_a_fighter_rather_than_scratch_the_falcon() -> None:
    # Seed §5A: the attacker assigns the hits. One 5 cannot fill the Falcon's 6-hit track, so it
    # destroys an X-wing (one die fewer at the Death Star) instead of marking the Falcon's track.
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=EMPIRE, tie_reserve=0)
    i = s.data.index
    s = s.replace(step=replaced(s.step, stage="assign", order="TIE Fighter", ship=TIE, source=i["O6"],
                                target=i["M15"], dice=1, faces=(5,)))
    assert [str(a) for a in s.legal_actions()] == ["hit X-wing with 5", "hit Falcon with 5"]
    assert _decide(s) == "hit X-wing with 5"


@pytest.mark.parametrize("variant", ["standard", "sw_ksirk"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_heuristic_decision_of_seeded_games_is_legal(variant: str, players: int) -> None:
    g = game(None if variant == "standard" else variant)
    for seed in range(2):
        rng = np.random.default_rng(seed)
        s = g.initial_state(players=players)
        for _ in range(1500):
            if s.is_terminal():
                break
            if s.is_chance():
                action: Action = sample_outcome(s.chance_outcomes(), rng)
            else:
                action = heuristic_policy(s, rng)
                assert action in s.legal_actions(), (str(action), s.phase)
            s = s.apply(action)
