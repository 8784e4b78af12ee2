"""The heuristic's fights: which FIGHT cards to play, and which enemy a ship takes.

A fight's result is known before the fighter acts: the enemy's battle destiny (DSF Curse) is drawn as
the fight starts, and every FIGHT card of the 2015 decks adds a fixed power or takes a fixed power off
the enemy. The seed's fight rule is then plain arithmetic: the player wins if their total power is
greater, a tie or less costs one damage card, and an enemy at double the player's power destroys the
ship at once (overpowered). So the cards are chosen exactly:

- the fewest cards that win, the least useful ones first (Raise The Stakes' overload is a damage card,
  so it counts only where losing costs more: overpowered, or DB Horror's second damage card); Ace In
  The Hole first (its +3 wants two cards left in hand), Target Eliminated last (its draw wants the win);
- no card at all when no set of them wins: a lost fight costs one damage card whatever was played, and
  the cards are kept for a fight they can win;
- when the enemy overpowers the ship, the fewest cards that get it out, then an overload or a battle
  destiny (Weapon Specialist Hooper) as a last chance.

Assignment: of the undecided ships and the enemies the rules allow, the pair where the ship beats the
enemy with the fewest cards (so the ship best placed takes the strongest enemy, not Player 1's), else one
that does not overpower the ship, else the widest margin. Fight order: an enemy whose power counts the other
attackers (DSF Bane) is fought last, when the others' beaten ships no longer count; the rest, the widest
margin first. (The exact odds of every order, ``odds_order.fight_orders``, agree on the positions tested
but take seconds with three fights: too slow for a policy rolled out thousands of times.)

>>> import explorer
>>> s = explorer.load_game("pinned_down").position(stage="fight", threat=3, locations=["Harana"],
...     enemies=[{"name": "Dra'tar Behemoth"}], fight={"player": 1, "enemy": 1},
...     players=[{"flagship": "TRB Ardor", "hand": ["Defiance", "Target Eliminated", "Raise The Stakes"]}])
>>> fx.player_power(s), fx.enemy_power(s)  # 8, +1 a location, +2 Admiral Bright aboard: 11 loses to 12
(11, 12)
>>> [str(a) for a in winning_plays(s)]  # Target Eliminated's +1 only ties; Defiance's +4 at a planet wins
['play Defiance']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.actions import ship_seat
from explorer.games.pinned_down.state import Fight

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S

MAX_SET = 4
"""The largest set of cards tried in one fight (a hand rarely holds more FIGHT cards)."""


class Play(NamedTuple):
    """One FIGHT card in hand as the fight would feel it: power to the ship, power off the enemy."""

    action: Action
    name: str
    mine: int
    theirs: int
    overload: bool
    value: float


def card_value(s: "S", p: int, name: str) -> float:
    """How much a card in ``p``'s hand is worth keeping: its power as it would count now (an enemy's power
    taken off counts the same), a repair 3, a draw or a look 1, an overload a damage card (-3).

    >>> import explorer
    >>> s = explorer.load_game("pinned_down").initial_state()
    >>> card_value(s, 0, "Fire At Will"), card_value(s, 0, "Raise The Stakes")  # Blue: +4; +4 less a damage card
    (4.0, 1.0)
    """
    card = s.data.card(name)
    value = 0.0
    for e in card.ability:
        if e.kind == "power" and e.better:  # a wing holds for the game; a place, a hand or a hull may change
            lasting = e.cond in ("blue_wing_ship", "green_wing_ship")
            value += (e.better if fx.condition(s, e.cond, p) else e.amount) if lasting else (e.amount + e.better) / 2
        elif e.kind == "power":
            value += e.amount
        elif e.kind == "enemy_power":
            value -= e.amount
        elif e.kind == "overload":
            value -= 3
        elif e.kind == "repair":
            value += 3
        elif e.kind in ("draw", "look_attack", "look_location", "take_from_discard"):
            value += 1
    return float(value)


def _plays(s: "S", actions: Sequence[Action]) -> list[Play]:
    """Every FIGHT card the fighter may play now, one entry per copy in hand (powers and destinies left out)."""
    fight = s.fight
    assert fight is not None
    p = fight.player
    hand = s.players[p].hand
    no_bonus = fx.damage_has(s, p, "no_bonuses")
    out: list[Play] = []
    for a in actions:
        if a.kind != "play":
            continue
        name = str(a.args[0])
        card = s.data.card(name)
        mine = theirs = 0
        overload = False
        for e in card.ability:
            if e.kind == "power" and not no_bonus:
                mine += fx.effect_power(s, e, p)
                if e.cond == "hand_at_least_2" and e.better and fx.condition(s, e.cond, p) and len(hand) - 1 < 2:
                    mine -= e.better - e.amount  # the card leaves the hand before its text counts the hand
            elif e.kind == "enemy_power":
                theirs += e.amount
            elif e.kind == "overload":
                overload = True
            elif e.kind == "destiny":
                overload = True  # a chance, not a sum: only as a last resort (see fight_move)
        out += [Play(a, name, mine, theirs, overload, card_value(s, p, name))] * hand.count(name)
    return out


def _best_set(plays: list[Play], mine: int, theirs: int, goal: str) -> tuple[Play, ...] | None:
    """The fewest plays (then the least worth keeping) that reach ``goal``: "win" (greater power) or
    "survive" (the enemy below double the ship's power)."""
    for k in range(1, min(len(plays), MAX_SET) + 1):
        best: tuple[float, tuple[Play, ...]] | None = None
        for combo in combinations(plays, k):
            m = mine + sum(c.mine for c in combo)
            t = theirs + sum(c.theirs for c in combo)
            if (m > t) if goal == "win" else (t < 2 * m):
                key = sum(c.value for c in combo)
                if best is None or key < best[0]:
                    best = (key, combo)
        if best is not None:
            return best[1]
    return None


def _ordered(s: "S", combo: tuple[Play, ...]) -> list[Play]:
    """The chosen set in playing order: a card whose bonus counts the hand (Ace In The Hole) while it is still
    full, a card that draws when the ship wins (Target Eliminated) last, when it does."""
    def key(c: Play) -> tuple[bool, bool, float]:
        conds = {e.cond for e in s.data.card(c.name).ability}
        return ("winning" in conds, "hand_at_least_2" not in conds, c.value)

    return sorted(combo, key=key)


def _first(s: "S", combo: tuple[Play, ...]) -> Action:
    return _ordered(s, combo)[0].action


def winning_plays(s: "S") -> tuple[Action, ...]:
    """The fewest FIGHT cards (no overload) that win the fight on screen, in the order to play them; ``()``
    when the ship already wins or no set of cards would."""
    mine, theirs = fx.player_power(s), fx.enemy_power(s)
    if mine > theirs:
        return ()
    plain = [c for c in _plays(s, s.legal_actions()) if not c.overload]
    combo = _best_set(plain, mine, theirs, "win")
    if combo is None:
        return ()
    return tuple(c.action for c in _ordered(s, combo))


def _loss_costs_more(s: "S") -> bool:
    """Whether losing this fight costs more than one damage card (DB Horror damages the loser again)."""
    fight = s.fight
    assert fight is not None
    enemy = s.data.card(s.enemies[fight.enemy].name)
    return any(e.on == "enemy_wins" and e.kind == "damage" for e in enemy.lasting) and not fx.fleet_has(
        s, "max_damage_per_fight")


def fight_move(s: "S", actions: tuple[Action, ...]) -> Action:
    """The fighter's move: resolve when winning; else the first card of the cheapest winning set; else, when
    overpowered, the cheapest way out (an overload or a destiny last); else resolve and keep the cards."""
    resolve = actions[-1]
    mine, theirs = fx.player_power(s), fx.enemy_power(s)
    if mine > theirs:
        return resolve
    plays = _plays(s, actions)
    plain = [c for c in plays if not c.overload]
    combo = _best_set(plain, mine, theirs, "win")
    if combo is not None:
        return _first(s, combo)
    overpowered = s.knobs.overpowered and theirs >= 2 * mine
    if overpowered or _loss_costs_more(s):
        assert s.fight is not None, "fight_move is asked in the fight phase"
        p = s.fight.player
        can_overload = fx.can_overload(s, p) and s.structure(p) > 35
        sums = [c for c in plays if c.action.kind == "play" and (not c.overload or can_overload)
                and not any(e.kind == "destiny" for e in s.data.card(c.name).ability)]
        for goal in ("win", "survive") if overpowered else ("win",):
            combo = _best_set(plain, mine, theirs, goal) or _best_set(sums, mine, theirs, goal)
            if combo is not None:
                return _first(s, combo)
        if overpowered:  # destroyed otherwise: a battle destiny is a chance (Hooper's overload included)
            chances = [a for a in actions if a.kind == "use" and (can_overload or not any(
                e.kind == "overload" for e in s.data.card(str(a.args[0])).ability))]
            if chances:
                return chances[0]
    return resolve


def assign_move(s: "S", actions: tuple[Action, ...]) -> Action:
    """Of every undecided ship and the enemies allowed, the pair where the ship beats the enemy with the fewest
    cards; else one that does not overpower the ship; else the widest margin (then the first seat, the first
    enemy). A ship is left unassigned, when the rules allow it, only when no allowed fight of any ship is safe:
    then the ship whose best fight is the worst stays out.

    >>> import explorer
    >>> s = explorer.load_game("pinned_down").position(stage="assign", threat=0, locations=["Harana"],
    ...     enemies=[{"name": "Dra'tar Behemoth"}], players=[{"flagship": "TRF Moscow", "assignment": "undecided"},
    ...     {"flagship": "TRB Ardor", "hand": ["Defiance"], "assignment": "undecided"}])
    >>> str(assign_move(s, s.legal_actions()))  # Moscow 7 loses to 12; Ardor 11 wins with Defiance (+4 at a planet)
    "assign TRB Ardor to Dra'tar Behemoth"
    """
    best_of: dict[int, tuple[tuple, Action]] = {}
    for a in actions:
        if a.kind != "assign":
            continue
        p, i = ship_seat(s, str(a.args[0])), whole_arg(a.args[1])
        t = s.replace(stage="fight", fight=Fight(p, i))
        mine, theirs = fx.player_power(t), fx.enemy_power(t)
        plain = [c for c in _plays(t, _fight_plays(t, p)) if not c.overload]
        combo = () if mine > theirs else _best_set(plain, mine, theirs, "win")
        safe = not (t.knobs.overpowered and theirs >= 2 * mine) or _best_set(plain, mine, theirs, "survive")
        key = (combo is not None, -len(combo or ()), bool(safe), mine - theirs, -p, -i)
        if p not in best_of or key > best_of[p][0]:
            best_of[p] = (key, a)
    if not best_of:
        return actions[0]
    key, best = max(best_of.values(), key=lambda x: x[0])
    if not key[2]:  # no ship has a safe fight: one stays out if the rules allow it, the one that fares worst
        worst = min(best_of, key=lambda q: best_of[q][0])
        flagship = s.players[worst].flagship
        leave = [a for a in actions if a.kind == "leave" and a.args[0] == flagship]
        if leave:
            return leave[0]
    return best


def _fight_plays(t: "S", p: int) -> tuple[Action, ...]:
    """The FIGHT cards ``p`` could play in the fight ``t`` would start (as ``legal_actions`` names them)."""
    out = []
    for name in sorted(map(str, t.players[p].hand.kinds())):
        card = t.data.card(name)
        if card.type == "effect" and card.timing == "FIGHT":
            out.append(Action("play", (name,), label=f"play {name}"))
    return tuple(out)


def order_move(s: "S", actions: tuple[Action, ...]) -> Action:
    """Which fight next: a fight against an enemy whose power counts the other attackers (DSF Bane) last,
    else the widest margin as the table stands (a beaten attacker no longer helps anyone)."""

    def key(a: Action) -> tuple[bool, int, int]:
        p = whole_arg(a.args[0])
        i = s.assigned[p]
        counts_others = any(e.kind == "power_per" and e.per == "other_enemy"
                            for e in s.data.card(s.enemies[i].name).lasting)
        return (not counts_others, fx.player_power(s.replace(fight=None), p) - fx.enemy_power(s, i, p), -p)

    return max(actions, key=key)
