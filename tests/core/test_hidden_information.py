"""Each game owns its hidden information: it says what a seat cannot see, and deals it afresh itself.

The advisor knows no game by name (docs/architecture.md): a game that does not say what it hides is
refused in words, never rolled out with every card open.
"""

from __future__ import annotations

import pytest
import toy_pig

import explorer
from explorer.advisor.knowledge import assumed, determinize
from explorer.core.rng import new_generator
from explorer.errors import RulesError


class SilentPig(toy_pig.Pig):
    """The toy game as a newcomer might first write it: nothing said about hidden cards."""

    hidden_information = None


def decision(game: explorer.Game, seed: int, steps: int) -> explorer.State:
    match = explorer.Match(game, seed=seed)
    match.play("random", max_steps=steps)
    while match.state.is_chance():
        match.step()
    return match.state


@pytest.mark.parametrize("game_id", ["endor", "fleet_command", "pinned_down", "star_realms", "warps_edge"])
def test_every_game_says_in_a_phrase_what_the_advisor_treats_as_hidden(game_id: str) -> None:
    said = explorer.load_game(game_id).hidden_information
    assert isinstance(said, str) and 20 < len(said) < 120 and assumed(game_id) == said


def test_a_game_that_does_not_say_what_it_hides_is_refused_by_the_advisor() -> None:
    state = decision(SilentPig(), seed=1, steps=0)
    with pytest.raises(RulesError, match=r"Pig \(toy\) does not say what its players cannot see"):
        explorer.advise(state, rollouts=8, policy="random")


def test_a_game_that_hides_no_card_is_rolled_out_as_it_stands() -> None:
    state = decision(explorer.load_game("warps_edge"), seed=1, steps=0)
    assert determinize(state, 0, new_generator(5)) is state


def test_star_realms_deals_the_other_hand_afresh_from_that_hand_and_the_deck_middle() -> None:
    state = decision(explorer.load_game("star_realms"), seed=3, steps=20)
    dealt = determinize(state, 0, new_generator(7))
    mine, theirs, new = state.players[0], state.players[1], dealt.players[1]
    assert dealt.players[0] == mine  # the advised seat's own cards are never touched
    assert len(new.hand) == len(theirs.hand)
    assert new.hand + new.deck.middle == theirs.hand + theirs.deck.middle  # the same cards, dealt again
    assert new.deck.top == theirs.deck.top and new.deck.bottom == theirs.deck.bottom


def test_fleet_command_deals_the_other_hand_afresh_with_the_deck() -> None:
    state = decision(explorer.load_game("fleet_command"), seed=2, steps=4)
    dealt = determinize(state, 0, new_generator(7))
    assert dealt.fleets[0] == state.fleets[0]
    assert dealt.fleets[1].hand + dealt.deck.middle == state.fleets[1].hand + state.deck.middle
