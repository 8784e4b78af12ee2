"""Every FAQ entry of the seed document, one test each (names fixed by the brief)."""

from __future__ import annotations

import pytest

from explorer import Multiset
from explorer.errors import IllegalActionError


def test_faq_empty_deck_during_draw_reshuffles_discard(make, chance) -> None:
    s = make(hands=[["Scout"]], decks=[{"Viper": 2}], discards=[{"Scout": 4, "Cutter": 1}])
    s = s.apply("play Scout").apply("end turn")
    assert s.phase == "player 1 draws"
    s = chance(s, "draw Viper", "draw Viper")
    # The deck ran out after two cards: the whole discard pile (with the played Scout) became the deck.
    p = s.players[0]
    assert len(p.hand) == 5 and p.hand.count("Viper") == 2
    assert len(p.discard) == 0 and len(p.deck) == 3
    assert p.hand + p.deck.contents() == Multiset({"Viper": 2, "Scout": 5, "Cutter": 1})


def test_faq_empty_deck_and_discard_draws_what_there_is(make, chance) -> None:
    s = make(hands=[["Scout"]], decks=[{"Viper": 1}])
    s = chance(s.apply("end turn"))
    assert s.players[0].hand == Multiset({"Viper": 1, "Scout": 1}) and not s.is_chance()


def test_faq_trade_row_always_keeps_5_cards(make, chance) -> None:
    s = make(hands=[["Battle Pod"]], trade=[5])
    s = s.apply("buy Cutter")
    assert s.is_chance() and s.phase == "refill the trade row" and len(s.row) == 4
    s = chance(s, "reveal Mothership")
    assert len(s.row) == 5 and "Mothership" in s.row
    s = s.apply("play Battle Pod")
    assert s.current_player == 0 and "scrap row Mothership" in [str(a) for a in s.legal_actions()]
    s = chance(s.apply("scrap row Mothership"))
    assert len(s.row) == 5 and s.scrap_heap == Multiset(["Mothership"])


def test_faq_multiple_outposts_all_destroyed_first(make) -> None:
    s = make(combat=[30], bases=[(), ("Space Station", "War World", "Blob Wheel")])
    moves = [str(a) for a in s.legal_actions()]
    assert "attack Space Station" in moves and "attack War World" in moves
    assert "attack Blob Wheel" not in moves and not any(m.startswith("attack player") for m in moves)
    with pytest.raises(IllegalActionError, match="outpost Space Station must be destroyed first"):
        s.apply("attack player 2 30")
    with pytest.raises(IllegalActionError, match="outpost .* must be destroyed first"):
        s.apply("attack Blob Wheel")
    s = s.apply("attack Space Station")
    assert "attack Blob Wheel" not in [str(a) for a in s.legal_actions()]
    s = s.apply("attack War World")
    moves = [str(a) for a in s.legal_actions()]
    assert "attack Blob Wheel" in moves and "attack player 2 22" in moves
    assert s.players[1].discard == Multiset(["Space Station", "War World"])
    s = s.apply("attack player 2 22")
    assert s.authority == (50, 28)


def test_faq_hydra_trade_pooled_combat_not_outposts_protect_team(make) -> None:
    # Team 1 is seats 0 and 1; team 2 is seats 2 and 3, sharing 75 Authority.
    s = make(players=4, format="hydra", trade=[1, 4], combat=[3, 0], bases=[(), (), ("Space Station",), ()])
    assert s.authority == (75, 75) and s.actor == 0
    moves = [str(a) for a in s.legal_actions()]
    assert "buy Cutter" in moves and "buy Ram" in moves, "trade is pooled: 1 + 4 = 5"
    assert not any(m.startswith("attack team") for m in moves), "the outpost of seat 3 protects seat 4 too"
    with pytest.raises(IllegalActionError, match="outpost Space Station must be destroyed first"):
        s.apply("attack team 2 3")
    s = s.apply("buy Ram")
    assert s.players[0].trade == 0 and s.players[1].trade == 2 and "Ram" in s.players[0].discard
    # Combat is not pooled: seat 2's 0 Combat cannot be topped up by seat 1's 3.
    s = s.replace(players=(s.players[0].__class__(combat=0),) + s.players[1:], queue=())
    s = s.apply("switch to player 2")
    assert s.actor == 1 and not any(str(a).startswith("attack") for a in s.legal_actions())


def test_faq_ally_abilities_trigger_mid_action(make) -> None:
    # Trade Pod's ally (+2 Combat) fires the moment the Stealth Needle becomes a Blob ship,
    # in the middle of the Needle's own ability.
    s = make(hands=[["Trade Pod", "Stealth Needle"]])
    s = s.apply("play Trade Pod")
    assert (s.players[0].trade, s.players[0].combat) == (3, 0)
    s = s.apply("play Stealth Needle")
    assert [str(a) for a in s.legal_actions()] == ["copy Trade Pod"]
    s = s.apply("copy Trade Pod")
    p = s.players[0]
    assert (p.trade, p.combat) == (6, 4)
    assert all(r.ally_used for r in p.ships)


def test_faq_ally_fires_as_soon_as_the_second_card_is_played(make) -> None:
    s = make(hands=[["Blob Fighter", "Trade Pod"]], bases=[("Blob Wheel",)])
    s = s.apply("play Trade Pod")  # the Blob Wheel in play is an ally at once
    assert s.players[0].combat == 2


def test_faq_scrapped_cards_leave_the_game(make, chance) -> None:
    s = make(hands=[["Ram", "Trade Bot"]], discards=[["Viper"]])
    s = s.apply("play Ram").apply("scrap Ram")
    assert s.scrap_heap == Multiset(["Ram"]) and s.players[0].trade == 3
    s = s.apply("play Trade Bot").apply("scrap discard Viper")
    assert s.scrap_heap == Multiset(["Ram", "Viper"])
    s = chance(s.apply("end turn"))
    p = s.players[0]
    everything = p.hand + p.deck.contents() + p.discard
    assert "Ram" not in everything and "Viper" in everything and everything.count("Viper") == 2


def test_faq_explorer_scrapped_returns_to_explorer_pile(make) -> None:
    s = make(hands=[["Explorer", "Trade Bot"]], discards=[["Explorer"]])
    assert s.explorers == 10
    s = s.apply("play Explorer")
    assert (s.players[0].trade, s.authority[0]) == (1, 51)
    s = s.apply("scrap Explorer")
    assert s.explorers == 11 and s.players[0].combat == 2 and not s.scrap_heap
    s = s.apply("play Trade Bot").apply("scrap discard Explorer")
    assert s.explorers == 12 and not s.scrap_heap
