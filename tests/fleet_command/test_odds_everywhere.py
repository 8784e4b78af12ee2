"""Every Fleet Command odds function the panel uses answers at every decision of seeded games (issue 20).

Each must answer, or say why the question does not apply (no enemy in arc and range, no card in hand);
none may raise. ``FC_ODDS_GAMES`` raises the number of seeded games per policy.
"""

from __future__ import annotations

import os

import plotly.graph_objects as go

import explorer
from explorer.games.fleet_command import odds, tactics
from widgets.fleet_command.odds_views import asker, odds_views

GAMES = int(os.environ.get("FC_ODDS_GAMES", "2"))


def _decisions(policy: str):
    for seed in range(GAMES):
        variant = ("standard", "untested_ships")[seed % 2]
        m = explorer.Match(explorer.load_game("fleet_command", variant=variant), seed=seed)
        m.play(policy, max_steps=1500)
        for s in m.states:
            if not s.is_chance():
                yield f"{policy} seed {seed} ({variant}), {s.phase}", s


def test_every_odds_function_answers_at_every_decision_of_seeded_games() -> None:
    asked = 0
    for policy in ("random", "heuristic"):
        for i, (where, s) in enumerate(_decisions(policy)):
            player = asker(s)
            for ship in s.fleets[player].ships:
                if not ship.on_table:
                    continue
                for target in tactics.targets(s, player, ship.name):
                    got = odds.shot_odds(s, player, ship.name, target)
                    assert (0 <= got.draw <= 1) if got.draw is not None else got.no_draw, where
                    assert all(0 <= p <= 1 for p in got.hand.values()), where
                if i % 25 == 0 and not ship.moved:                    # reach is the slow question: a sample
                    assert set(odds.reach(s, player, ship.name)) >= {"base", "card", "cube"}, where
            for enemy in s.fleets[1 - player].ships:
                if enemy.on_table:
                    assert 0 <= odds.destroy_odds(s, player, enemy.name) <= 1, where
                    assert isinstance(odds.shooters_at(s, player, enemy.name), list), where
            if len(odds.unseen(s, player)) and s.fleets[player].hand:
                assert all(0 <= p <= 1 for p in odds.initiative_odds(s, player).values()), where
            asked += 1
    assert asked > 300


def test_every_odds_view_shows_an_answer_or_says_why_not() -> None:
    shown = 0
    for where, s in list(_decisions("random"))[::40]:
        for view in odds_views():
            answer = view(s)
            assert isinstance(answer, (go.Figure, str)) and answer, f"{view.title}: {where}"
            if isinstance(answer, go.Figure):
                assert answer.layout.title.text, f"{view.title}: {where}"   # the title says what, or why none
            shown += 1
    assert shown > 20


def test_a_shot_with_the_deck_empty_says_no_card_can_be_drawn() -> None:
    # found by the run above: with every card seen, shot_odds raised "no card is left to draw"
    from tests.fleet_command.fc_helpers import position, ship

    game = explorer.load_game("fleet_command")
    all_cards = [f"{name} x{n}" if n > 1 else name for name, n in ((str(c), k) for c, k in game.data.deck.items())]
    s = position([ship("Fighter", "5.5", "3.5", 0, 2)], [ship("Hopper", "5.5", "5.5", 180, 3)],
                 hand1=("Repair 6",), discard=tuple(c for c in all_cards if c != "Repair 6"), deck=0)
    got = odds.shot_odds(s, 0, "Fighter", "Hopper")
    assert got.draw is None and got.no_draw.startswith("the deck is empty") and got.hand == {"Repair 6": 0}
    assert odds.destroy_odds(s, 0, "Hopper") == 0
