"""The hand being drawn from a deck too varied to list: the odds sample it, and say so (issue 37 §2).

Found by the 1,000-game run at every chance node (``ODDS_AT_CHANCE_GAMES=1000``): in a four-player game a
player's deck held 26 kinds, and drawing the last 5 of a hand has more distinct hands than
``explorer.odds.limits.MAX_DRAW_OUTCOMES`` (60,000). ``trade_and_combat`` then raised the draw's
ValueError into the panel. Now the Trade and Combat odds are sampled, with the reason in their notes,
and ``next_hand`` (a list of hands, which no estimate stands in for) refuses in one sentence.
"""

from __future__ import annotations

import dataclasses

import pytest

import explorer
from explorer.core.multiset import Multiset
from explorer.core.zones import Deck
from explorer.errors import RulesError
from explorer.games.star_realms import odds
from explorer.odds.limits import MAX_DRAW_OUTCOMES


def drawing_from_a_varied_deck() -> tuple[object, int]:
    """Player 1 at the setup's draw of 5, their deck 26 kinds of two cards each (the trade deck's first 26)."""
    s = explorer.load_game("star_realms").initial_state()
    while s.stage != "draw":
        s = s.apply(s.chance_outcomes()[0][0] if s.is_chance() else s.legal_actions()[-1])
    player = s.queue[0].player
    kinds = sorted(s.trade_deck.contents().kinds())[:26]
    deck = Deck.shuffled(Multiset({name: 2 for name in kinds}))
    players = list(s.players)
    players[player] = dataclasses.replace(players[player], deck=deck)
    return s.replace(players=tuple(players)), player


def test_the_varied_deck_is_past_the_cap_on_distinct_draws() -> None:
    """The position really is past the cap: 5 of 26 kinds (2 each) has more than 60,000 distinct hands."""
    from explorer.odds.draws import count_outcomes

    assert count_outcomes([2] * 26, 5, stop_above=MAX_DRAW_OUTCOMES) > MAX_DRAW_OUTCOMES


def test_trade_and_combat_sample_a_hand_too_varied_to_list_and_say_so() -> None:
    s, player = drawing_from_a_varied_deck()
    answer = odds.trade_and_combat(s, player)
    assert not answer.exact
    assert any("possible hands" in note and "sampled" in note for note in answer.notes), answer.notes
    assert 0 <= answer.trade.mean() and answer.combat.total > 0


def test_the_next_hand_too_varied_to_list_is_refused_in_one_sentence() -> None:
    s, player = drawing_from_a_varied_deck()
    with pytest.raises(RulesError) as refused:
        odds.next_hand(s, player)
    message = str(refused.value)
    assert message.startswith(f"Player {player + 1}'s next hand, being drawn, has more than 60,000 possible hands")
    assert "\n" not in message and message.count(". ") == 0
