"""The story of the Battle of Endor reads as English: every verb agrees with who acts.

"Rebels" is plural ("Rebels place ..."); "Empire" and each seat of the 4-player team game
("Rebel 1", "Empire 2") are singular ("Empire places ...", "Rebel 1 places ..."). The names
are the seats' names everywhere else in the panel (turn label, seat table, position files).
One test per kind of log line, for each side that can make that move, with the exact line of
explorer/games/endor/story.py. The positions follow the seed (003_dde2a4fdfa65b4f8.txt) and the
notation of explorer/games/endor/RULES.md.
"""

from __future__ import annotations

from tests.endor.endor_helpers import game, turn

from explorer.core import Deck, Multiset
from explorer.games.endor.rules import agree
from explorer.games.endor.state import TIE, X_WING, EndorState, Step

EMPTY_REBEL_SECTORS = {n: {} for n in ("F0", "F1", "F2", "F3", "F4", "F5", "O7", "O8", "O9", "M15", "M16", "M17")}


def line(s: EndorState, action: str, viewer: int | None = None) -> str:
    """The log line of ``action`` from ``s`` (as ``viewer`` sees it; None: the whole table)."""
    act = s.parse_action(action)
    return s.story(act, s.apply(act), viewer=viewer)


def _dealing(seat: int) -> EndorState:
    """The deal, at ``seat``'s first card (seed §3: each side draws 6, Rebels first)."""
    s = game().initial_state()
    while s.pending[0][1] != seat:
        s = s.apply(s.chance_outcomes()[0][0])
    return s


def _refill_from_last_card(seat: int) -> EndorState:
    """Draw phase: ``seat`` draws 2 from a deck of one card, the rest of the side's cards discarded."""
    s = turn(game(), "X-wing / Shield Assault")
    last = ("B-wing / Luke Skywalker", "Death Star / Darth Vader")[seat]
    decks, discards = list(s.decks), list(s.discards)
    decks[seat] = Deck.shuffled(Multiset([last]))
    discards[seat] = s.decks[seat].middle.remove(last)
    discards[0] = discards[0].add("X-wing / Shield Assault")      # the revealed card, played
    s = s.replace(stage="draw", revealed="", step=Step(), decks=tuple(decks), discards=tuple(discards),
                  pending=(("refill", seat, 2),))
    return game().check(s)


# --- cards -------------------------------------------------------------------------
def test_a_card_drawn_reads_rebels_draw_and_empire_draws() -> None:
    # seed §3: the deal; the other side sees only that a card was drawn (RULES.md: seats and chance)
    rebels, empire = _dealing(0), _dealing(1)
    assert line(rebels, "draw B-wing / Luke Skywalker") == "Rebels draw B-wing / Luke Skywalker"
    assert line(rebels, "draw B-wing / Luke Skywalker", viewer=1) == "Rebels draw a card"
    assert line(empire, "draw Death Star / Darth Vader") == "Empire draws Death Star / Darth Vader"
    assert line(empire, "draw Death Star / Darth Vader", viewer=0) == "Empire draws a card"


def test_the_draw_that_empties_the_deck_tells_the_discard_pile_reshuffled() -> None:
    # seed §4: an empty deck is rebuilt by shuffling the discard pile (29 = 30 cards less the one drawn)
    assert line(_refill_from_last_card(0), "draw B-wing / Luke Skywalker", viewer=1) == (
        "Rebels draw a card; discard pile reshuffled into a new deck of 29")
    assert line(_refill_from_last_card(1), "draw Death Star / Darth Vader") == (
        "Empire draws Death Star / Darth Vader; discard pile reshuffled into a new deck of 29")


def test_a_bonus_order_is_drawn_face_down_to_the_bottom_of_the_order_pile() -> None:
    # seed §4/§6: 1 bonus order for clearing a sector (X-wings hit TIEs on 3+), for a Death Star hit on a
    # fleet marker (5 or 6); drawn blind to the bottom of the pile: only the whole table's log names the card
    g = game()
    rebels = turn(g, "X-wing / Shield Assault", sectors=dict(O10={"X-wing": 3}, O11={"TIE": 1}))
    rebels = rebels.apply("order X-wing").apply("no move").apply("attack from O10 into O11")
    assert line(rebels, "roll 3 1 1") == ("Rebels roll 3 dice at O11 from O10: 3 1 1 — 1 TIE destroyed; "
                                          "Rebels earn 1 bonus order")
    rebels = rebels.apply("roll 3 1 1")
    assert line(rebels, "draw B-wing / Luke Skywalker") == (
        "Rebels draw a bonus order face down to the bottom of the order pile (B-wing / Luke Skywalker)")
    assert line(rebels, "draw B-wing / Luke Skywalker", viewer=0) == (
        "Rebels draw a bonus order face down to the bottom of the order pile")
    empire = turn(g, "Death Star / Emperor", seat=1).apply("order Death Star").apply("fire the Death Star at F0")
    empire = empire.apply("roll 6 1")
    assert line(empire, "draw Death Star / Darth Vader", viewer=1) == (
        "Empire draws a bonus order face down to the bottom of the order pile")


def test_a_bonus_draw_earns_no_bonus_order() -> None:
    # seed §6 "Bonus Orders (drawn immediately and placed under current Order Pile)": destroying Vader earns
    # the Rebels 3 once (the roll's line says so); each of the 3 draws only draws, whatever is left to draw
    g = game()
    rebels = turn(g, "Shield Assault / Luke Skywalker", vader_hits=3).apply("order Luke Skywalker")
    rebels = rebels.apply("roll 6 1 1 1")
    for left, card in ((3, "B-wing / Luke Skywalker"), (2, "B-wing / Shield Assault"), (1, "X-wing / Shield Assault")):
        assert rebels.pending == (("bonus", 0, left),)
        assert line(rebels, f"draw {card}", viewer=0) == (
            "Rebels draw a bonus order face down to the bottom of the order pile")
        rebels = rebels.apply(f"draw {card}")
    # the team game: Empire 2 destroys Luke (4 bonus orders) and draws the first of them
    team = turn(g, "TIE Fighter / Darth Vader", players=4, seat=2, luke_hits=3).apply("order Darth Vader")
    team = team.apply("roll 4 1 1 1")
    assert line(team, "draw Death Star / Darth Vader", viewer=1) == (
        "Empire 2 draws a bonus order face down to the bottom of the order pile")


def test_destroying_the_falcon_earns_the_empire_exactly_2_bonus_orders() -> None:
    # seed §6: "Destroy the Millennium Falcon: 2 cards (Empire only)"; its 6-hit track is on 5, and the
    # 2 X-wings beside it survive, so the sector is not cleared (no third card for that)
    empire = turn(game(), "TIE Fighter / Shield Ambush", seat=1,
                  sectors=dict(M15={}, O10={"X-wing": 2, "Falcon": 1}), falcon_hits=5)
    empire = empire.apply("order TIE Fighter").apply("no move").apply("attack from M19 into O10")
    empire = empire.apply("roll 5 1 1 1")
    assert line(empire, "hit Falcon with 5") == (
        "Empire hits Falcon with 5 — the Millennium Falcon is destroyed; Empire earns 2 bonus orders")
    empire = empire.apply("hit Falcon with 5")
    assert line(empire, "draw Death Star / Darth Vader") == (
        "Empire draws a bonus order face down to the bottom of the order pile (Death Star / Darth Vader)")


def test_planning_places_a_card_face_down() -> None:
    # seed §4: each side plans 3 cards face down, Rebels first; the other side sees "a card"
    s = _dealing(0)
    while s.is_chance():
        s = s.apply(s.chance_outcomes()[0][0])
    card = s.hands[0].kinds()[0]
    assert line(s, f"plan {card}") == f"Rebels place {card} face down as order 1 of 3"
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    card = s.hands[1].kinds()[0]
    assert line(s, f"plan {card}", viewer=0) == "Empire places a card face down as order 1 of 3"
    assert line(s, f"plan {card}", viewer=1) == f"Empire places {card} face down as order 1 of 3"


# --- orders --------------------------------------------------------------------------
def test_giving_an_order_reveals_the_card() -> None:
    # seed §4: the top card is revealed and one order on it is given
    g = game()
    assert line(turn(g, "X-wing / Shield Assault"), "order X-wing") == (
        "Rebels reveal X-wing / Shield Assault and give the X-wing order")
    assert line(turn(g, "TIE Fighter / Shield Ambush", seat=1), "order TIE Fighter") == (
        "Empire reveals TIE Fighter / Shield Ambush and gives the TIE Fighter order")


def test_optional_order_passes_with_no_order_used() -> None:
    # reference conflict 9 (optional_order): a player may use no order on the revealed card
    g = game("optional_order")
    assert line(turn(g, "X-wing / Shield Assault"), "pass") == (
        "Rebels reveal X-wing / Shield Assault and use no order on it")
    assert line(turn(g, "TIE Fighter / Shield Ambush", seat=1), "pass") == (
        "Empire reveals TIE Fighter / Shield Ambush and uses no order on it")


def test_a_card_with_no_usable_order_loses_the_turn() -> None:
    # seed FAQ: if no order on the revealed card can be used, the turn is lost
    g = game()
    rebels = turn(g, "Shield Assault / Luke Skywalker", strike_team=28, luke_hits=4)  # shields down, Luke destroyed
    assert line(rebels, "lose turn") == (
        "Rebels reveal Shield Assault / Luke Skywalker: no order on it can be used, the turn is lost")
    empire = turn(g, "Executor / Emperor", seat=1, sectors=dict(O13={}), executor_hits=8, tie_reserve=0,
                  vader="destroyed", vader_hits=4)                                   # Executor and Vader destroyed
    assert line(empire, "lose turn") == (
        "Empire reveals Executor / Emperor: no order on it can be used, the turn is lost")


# --- moving --------------------------------------------------------------------------
def test_moving_ships_from_one_sector_to_the_next() -> None:
    # seed §5: the ordered ships move one sector (RULES.md: "move 3 X-wing O8 to M17")
    g = game()
    rebels = turn(g, "X-wing / Shield Assault", sectors=dict(O9={"X-wing": 3})).apply("order X-wing")
    assert line(rebels, "move 2 X-wing O9 to O10") == "Rebels move 2 X-wing O9 → O10"
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1).apply("order TIE Fighter")
    assert line(empire, "move 3 TIE O11 to M19") == "Empire moves 3 TIE O11 → M19"


def test_how_many_move_from_a_position_written_at_that_step() -> None:
    # the position format still reads the "how many move" step (orders.py, stage "count")
    g = game()
    d = g.data
    rebels = turn(g, "X-wing / Shield Assault", sectors=dict(O9={"X-wing": 3}))
    rebels = g.check(rebels.replace(step=Step(stage="count", order="X-wing", ship=X_WING,
                                              source=d.index["O9"], dest=d.index["O10"])))
    assert line(rebels, "send 2 of 3") == "Rebels move 2 X-wing O9 → O10"
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1)
    empire = g.check(empire.replace(step=Step(stage="count", order="TIE Fighter", ship=TIE,
                                              source=d.index["O11"], dest=d.index["O10"])))
    assert line(empire, "send 4 of 4") == "Empire moves 4 TIE O11 → O10"


def test_the_empire_deploys_4_ties_at_the_executor() -> None:
    # seed §5A: the TIE order may deploy 4 undeployed TIEs into the Executor's sector (O13 at the start)
    empire = turn(game(), "TIE Fighter / Shield Ambush", seat=1).apply("order TIE Fighter")
    assert line(empire, "deploy 4 TIE at O13") == "Empire deploys 4 TIE at O13 (undeployed 32 → 28)"


def test_no_move() -> None:
    # seed §5: moving is optional
    g = game()
    assert line(turn(g, "X-wing / Shield Assault").apply("order X-wing"), "no move") == "Rebels do not move"
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1).apply("order TIE Fighter")
    assert line(empire, "no move") == "Empire does not move"


# --- attacking -----------------------------------------------------------------------
def test_attacking_an_adjacent_sector() -> None:
    # seed §5A: every ship of the ordered type in the sector attacks, one die each (max 5)
    g = game()
    rebels = turn(g, "X-wing / Shield Assault", sectors=dict(O10={"X-wing": 3}, O11={"TIE": 4}, M19={}))
    rebels = rebels.apply("order X-wing").apply("no move")
    assert line(rebels, "attack from O10 into O11") == "Rebels attack O11 from O10 with 3 X-wing dice"
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1, sectors=dict(O10={"X-wing": 2}))
    empire = empire.apply("order TIE Fighter").apply("no move")
    assert line(empire, "attack from M19 into O10") == "Empire attacks O10 from M19 with 4 TIE dice"


def test_no_attack() -> None:
    # seed §5A: attacking is optional
    g = game()
    rebels = turn(g, "X-wing / Shield Assault").apply("order X-wing").apply("no move")
    assert line(rebels, "no attack") == "Rebels do not attack"
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1).apply("order TIE Fighter").apply("no move")
    assert line(empire, "no attack") == "Empire does not attack"


def test_an_attack_roll_tells_what_it_destroyed() -> None:
    # seed §5A: X-wing and TIE hit on 3+; Y-wing on 4+; a roll that hits nothing says "no effect"
    g = game()
    rebels = turn(g, "X-wing / Shield Assault", sectors=dict(O10={"X-wing": 3}, O11={"TIE": 4}, M19={}))
    rebels = rebels.apply("order X-wing").apply("no move").apply("attack from O10 into O11")
    assert line(rebels, "roll 3 1 1") == "Rebels roll 3 dice at O11 from O10: 3 1 1 — 1 TIE destroyed"
    assert line(rebels, "roll 2 1 1") == "Rebels roll 3 dice at O11 from O10: 2 1 1 — no effect"
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1, sectors=dict(O10={"Y-wing": 2}))
    empire = empire.apply("order TIE Fighter").apply("no move").apply("attack from M19 into O10")
    assert line(empire, "roll 4 3 1 1") == "Empire rolls 4 dice at O10 from M19: 4 3 1 1 — 1 Y-wing destroyed"


def test_a_die_that_can_hit_two_kinds_is_assigned_by_the_attacker() -> None:
    # seed §5A: the attacker assigns each die; a 5 hits a TIE (3+) or the Executor (5+, 8-hit track),
    # a 4 hits an X-wing (3+) or a Y-wing (4+); the other dice go where they only can
    g = game()
    rebels = turn(g, "X-wing / Shield Assault", sectors=dict(O10={"X-wing": 3}, O11={"TIE": 4, "Executor": 1},
                                                             O13={}, M19={}))
    rebels = rebels.apply("order X-wing").apply("no move").apply("attack from O10 into O11").apply("roll 5 3 1")
    assert line(rebels, "hit Executor with 5") == (
        "Rebels hit Executor with 5 — 1 TIE destroyed; Executor hits 0 → 1 of 8")
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1, sectors=dict(O10={"X-wing": 2, "Y-wing": 2}))
    empire = empire.apply("order TIE Fighter").apply("no move").apply("attack from M19 into O10")
    empire = empire.apply("roll 4 3 3 1")
    assert line(empire, "hit Y-wing with 4") == "Empire hits Y-wing with 4 — 2 X-wing destroyed; 1 Y-wing destroyed"


def test_the_empire_aims_the_death_star_then_rolls_2_dice() -> None:
    # seed §5A: the Death Star fires 2 dice at a face-up fleet marker first; a 5 or 6 destroys everything there
    empire = turn(game(), "Death Star / Emperor", seat=1).apply("order Death Star")
    assert line(empire, "fire the Death Star at F0") == "Empire aims the Death Star at F0"
    empire = empire.apply("fire the Death Star at F0")
    assert line(empire, "roll 6 1") == ("Empire rolls 2 dice for the Death Star at F0: 6 1 — 4 Y-wing destroyed; "
                                        "fleet marker F0 destroyed and flipped; Empire earns 1 bonus order")


# --- the shield track and the duel -----------------------------------------------------
def test_the_rebels_roll_5_dice_for_the_shield_assault() -> None:
    # seed §5B: 5 dice; reference §7: the first spaces of the track need a 2 each (the 6, 5, 4 and 2 advance 4)
    rebels = turn(game(), "Shield Assault / Luke Skywalker").apply("order Shield Assault")
    assert line(rebels, "roll 6 5 4 2 1") == (
        "Rebels roll 5 dice for the Shield Assault: 6 5 4 2 1 — strike team 0 → 4 of 28")


def test_the_empire_places_stormtroopers_ahead_of_the_strike_team() -> None:
    # seed §5B: up to 3 stormtroopers on free spaces ahead of the strike team (here at space 2)
    empire = turn(game(), "TIE Fighter / Shield Ambush", seat=1, strike_team=2).apply("order Shield Ambush")
    assert line(empire, "place 3 stormtroopers") == "Empire places 3 stormtroopers on spaces 3, 4, 5"
    assert line(empire, "place 1 stormtrooper") == "Empire places 1 stormtrooper on space 3"


def test_a_duel_roll_that_destroys_the_enemy_earns_bonus_orders() -> None:
    # seed §6: 4 lightsaber dice, each 4+ a hit; destroying Vader earns the Rebels 3 bonus orders,
    # destroying Luke earns the Empire 4
    g = game()
    rebels = turn(g, "Shield Assault / Luke Skywalker", vader_hits=3).apply("order Luke Skywalker")
    assert line(rebels, "roll 6 1 1 1") == ("Rebels roll 4 dice for Luke: 6 1 1 1 — Vader 3 → 4 of 4 hits — "
                                            "Vader is destroyed; Rebels earn 3 bonus orders")
    empire = turn(g, "TIE Fighter / Darth Vader", seat=1, luke_hits=3).apply("order Darth Vader")
    assert line(empire, "roll 4 1 1 1") == ("Empire rolls 4 dice for Vader: 4 1 1 1 — Luke 3 → 4 of 4 hits — "
                                            "Luke is destroyed; Empire earns 4 bonus orders")


# --- the team game -----------------------------------------------------------------------
def test_each_seat_of_the_team_game_is_one_player() -> None:
    # seed §4 (team game): Rebel 1, Empire 1, Empire 2, Rebel 2 each play their own cards
    g = game()
    assert line(turn(g, "X-wing / Shield Assault", players=4), "order X-wing") == (
        "Rebel 1 reveals X-wing / Shield Assault and gives the X-wing order")
    rebel2 = turn(g, "X-wing / Shield Assault", players=4, seat=3).apply("order X-wing")
    assert line(rebel2, "no move") == "Rebel 2 does not move"
    empire1 = turn(g, "TIE Fighter / Shield Ambush", players=4, seat=1).apply("order TIE Fighter")
    assert line(empire1, "deploy 4 TIE at O13") == "Empire 1 deploys 4 TIE at O13 (undeployed 32 → 28)"
    empire2 = turn(g, "TIE Fighter / Darth Vader", players=4, seat=2, luke_hits=3).apply("order Darth Vader")
    assert line(empire2, "roll 4 1 1 1") == ("Empire 2 rolls 4 dice for Vader: 4 1 1 1 — Luke 3 → 4 of 4 hits — "
                                             "Luke is destroyed; Empire 2 earns 4 bonus orders")


def test_a_team_seat_plans_in_the_singular() -> None:
    # seed §4 (team game): 2 cards each; the other side sees "a card"
    s = game().initial_state(players=4)
    while s.is_chance():
        s = s.apply(s.chance_outcomes()[0][0])
    card = s.hands[0].kinds()[0]
    assert line(s, f"plan {card}", viewer=1) == "Rebel 1 places a card face down as order 1 of 2"


def test_agree_changes_only_the_first_word_and_only_for_a_singular_seat() -> None:
    # English: "Rebels do not attack", "Empire does not attack"; "deploy" → "deploys"
    s = game().initial_state()
    assert [agree(s, 0, v) for v in ("do not attack", "deploy", "hit")] == ["do not attack", "deploy", "hit"]
    assert [agree(s, 1, v) for v in ("do not attack", "deploy", "hit")] == ["does not attack", "deploys", "hits"]
