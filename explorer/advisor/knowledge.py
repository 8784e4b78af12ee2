"""No peeking: the hidden parts of a position, dealt afresh from what the advised seat knows.

A rollout that played out the true position would use cards the seat has not
seen (the opponent's hand, the next card of a deck). So before each rollout
the cards the seat cannot see are *determinized*: put back together with the
other unseen cards they could be, and dealt again at random from the seat's
point of view. Rollout ``i`` deals with the same generator for every option
(common random numbers), so all options are compared in the same dealt world.

Each game owns what it keeps hidden (``docs/architecture.md``): ``Game.hidden_information`` says it
in a phrase, ``State.deal_unseen`` deals it (``explorer/games/<id>/hidden.py`` for the games with
hidden cards; Warp's Edge and Pinned Down keep their unknown cards as unordered deck middles drawn
at chance nodes, so their positions hide no order to peek at). This module knows no game by name:
a game that has not said what it hides is refused in words, never rolled out with its cards open.

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> s = explorer.load_game("warps_edge").initial_state()
>>> determinize(s, 0, new_generator(1)) is s
True
"""

from __future__ import annotations

from explorer.core.registry import game_class
from explorer.core.rng import Generator
from explorer.core.state import State
from explorer.errors import RulesError


def determinize(state: State, seat: int, rng: Generator) -> State:
    """``state`` with every card ``seat`` cannot see dealt afresh from what it could be (``rng`` deals).

    A game that does not say what it hides (``Game.hidden_information``) is refused with a
    :class:`~explorer.errors.RulesError` naming the game.
    """
    return state.deal_unseen(seat, rng)


def assumed(game_id: str) -> str:
    """What the advice assumes about hidden cards in ``game_id``, in one phrase (the game's own words).

    >>> assumed("warps_edge")
    'bag and enemy decks drawn afresh at every draw (their order is never stored)'
    """
    said = game_class(game_id).hidden_information
    if said is None:
        raise RulesError(f"{game_id} does not say what its players cannot see (Game.hidden_information); "
                         "the advisor will not look ahead with every hidden card open")
    return said
