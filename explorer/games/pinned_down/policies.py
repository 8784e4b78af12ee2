"""The heuristic policy: what a careful crew does, cheaply.

Main phase (any player may act; the first useful move of anyone is taken): play
the cards that take threat off the coming attack — Distortion Field (free: -1 per
attack effect seen, then the deck reordered), Analyze Attack with 2 or more in
the pool or for free (the strongest seen card discarded, the weakest put back
first so a strong one costs too much), Covert Ops when it cloaks two or more ships (1 threat against 1 per ship)
— repair, refill a short hand; use the free looking powers; else pass. Fight
order: the fight most likely won first (a beaten attacker no longer helps DSF
Bane). Fight: play FIGHT effects only when the cards in hand can win the fight
(or save the ship from being overpowered), else keep them; overload only with
structure to spare. Assignment: the first allowed enemy. Jump: the farthest
location (fewer turns; nearer ones did worse in 150 seeded games). Discards: the
least useful card.

>>> import numpy as np, explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("pinned_down"), seed=2)
>>> _ = m.play("heuristic", max_steps=3000)
>>> m.state.is_terminal()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from explorer.core import Action
from explorer.games.pinned_down import effects as fx

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


def _card_value(s: "S", name: str) -> int:
    card = s.data.card(name)
    return sum(e.better or e.amount for e in card.ability if e.kind == "power") + (
        3 if any(e.kind == "repair" for e in card.ability) else 0)


def _fight_move(s: "S", actions: tuple[Action, ...]) -> Action:
    """Win if the cards in hand can make it; else keep them, unless they save the ship from being overpowered."""
    fight = s.fight
    assert fight is not None
    resolve = actions[-1]
    mine, theirs = fx.player_power(s), fx.enemy_power(s)
    if mine > theirs:
        return resolve
    plays = [a for a in actions if a.kind == "play" and not any(
        e.kind == "overload" for e in s.data.card(str(a.args[0])).ability)]
    reach = 0
    for a in plays:
        card = s.data.card(str(a.args[0]))
        reach += sum(max(e.amount, e.better) if e.kind == "power" else -e.amount if e.kind == "enemy_power" else 0
                     for e in card.ability)
    overpowered = s.knobs.overpowered and theirs >= 2 * mine
    if plays and (mine + reach > theirs or overpowered):
        return plays[0]
    if not plays and s.structure(fight.player) > 60 and mine + 4 > theirs:
        boosts = [a for a in actions if a.kind in ("play", "use") and "Hooper" not in str(a)]
        if boosts:
            return boosts[0]
    return resolve


def _margin(s: "S", p: int) -> int:
    """Our power less the enemy's in ``p``'s coming fight, as the table stands."""
    i = s.assigned[p]
    return fx.player_power(s.replace(fight=None), p) - fx.enemy_power(s, i, p)


def _uncloaked(s: "S") -> int:
    return sum(1 for q in s.alive() if not fx.is_cloaked(s, q))


def _main_move(s: "S", actions: tuple[Action, ...]) -> Action:
    """The first useful move of any player who may act; when none is left, the first open player passes."""
    for a in actions:
        if a.kind not in ("play", "use"):
            continue
        text = str(a)
        p = int(a.args[-1])
        card = str(a.args[0])
        if a.kind == "play" and "repairing" in text:
            return a
        if a.kind == "use" and ("repairing" in text and "Ensign Stark" not in text or "Dr. Cooley" in text
                                or "Ms. Cleveland" in text):
            return a
        if card == "Distortion Field" or (card == "Analyze Attack" and (s.threat >= 2 or "for free" in text)):
            return a
        if card == "Covert Ops" and not s.cloaked and _uncloaked(s) >= 2:
            return a
        if card == "Emergency Procedures" and len(s.players[p].hand) <= 2:
            return a
    return next(a for a in actions if a.kind == "end")


def heuristic_policy(s: "S", rng: np.random.Generator) -> Action:
    actions = s.legal_actions()
    kinds = {a.kind for a in actions}
    if s.pending:
        step = s.pending[0]
        if step.kind in ("discard", "may_discard"):
            if "keep" in kinds and step.kind == "may_discard":
                return next(a for a in actions if a.kind == "keep")
            return min((a for a in actions if a.kind == "discard"), key=lambda a: _card_value(s, str(a.args[0])))
        if step.kind == "change_of_plans":
            strong = sum(fx.printed_power(s, e.name) for e in s.enemies)
            return actions[0] if strong >= 24 else actions[1]
        if step.kind == "look_discard":
            return max(actions, key=lambda a: s.data.card(str(a.args[0])).power)
        if step.kind == "look_order":  # weakest enemy ships and effects first, so a strong one costs too much
            return min(actions, key=lambda a: s.data.card(str(a.args[0])).power)
        if step.kind == "cleveland_choice":
            top = s.data.card(str(actions[0].args[0]))
            return actions[0] if top.distance < 2 or top.has("damage_random_flagship") else actions[1]
        return actions[0]
    if s.stage == "fight":
        return _fight_move(s, actions)
    if s.stage == "order":  # the fight most likely won first: a beaten attacker no longer helps the others
        return max(actions, key=lambda a: (_margin(s, int(a.args[0])), -int(a.args[0])))
    if s.stage == "main":
        return _main_move(s, actions)
    if s.stage == "pick":
        return max(actions, key=lambda a: (s.data.card(str(a.args[0])).distance, str(a)))
    if s.stage in ("attack", "jump", "wrap up"):
        plays = [a for a in actions if a.kind == "play"]
        return plays[0] if plays else actions[-1]
    return actions[0]
