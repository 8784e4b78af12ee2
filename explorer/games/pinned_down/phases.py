"""The attack, fight and jump phases' own steps: a reveal, a fight's result, a jump.

Seed document, attack phase: pay each revealed card's cost, or ignore and discard it and stop. Fight phase:
win if greater, otherwise a damage card, destroyed when overpowered at double power. Jump phase: the picked
location becomes current, the others go beneath the location deck.

>>> import explorer
>>> s = explorer.load_game("pinned_down").position(stage="reveal", threat=1, locations=["Harana"],
...     attack_deck={"cards": ["DB Agony", "Worry"], "known_top": ["DB Agony"]})
>>> reveal(s, "DB Agony").stage
'assign_start'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import Multiset
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.chance import added, drawn
from explorer.games.pinned_down.resolve import (
    change_threat, destroy, ensure_locations, push, take_attack_card, with_fight)
from explorer.games.pinned_down.state import Enemy, Fight, Step

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


# --- attack phase ---------------------------------------------------------------------------
def reveal(s: "S", card: str) -> "S":
    """Reveal the top attack card: pay its cost, or ignore and discard it and stop (seed, attack phase)."""
    s, _ = take_attack_card(s, card)
    c = s.data.card(card)
    cost = fx.enemy_threat(s, card)
    if cost > s.threat:
        return s.replace(attack_discard=added(s.attack_discard, card), stage="assign_start")
    s = s.replace(threat=s.threat - cost)
    if c.type == "enemy ship":
        s = s.replace(enemies=s.enemies + (Enemy(card, cost),), first_enemy_seen=True)
        for e in c.lasting:
            if e.on == "reveal" and e.kind == "add_threat":
                amount = dict(s.knobs.threat_on_reveal).get(card, e.amount)
                s = change_threat(s, amount)
    else:
        s = attack_effect(s, card)
    if s.knobs.stop_at_zero and s.threat == 0 and s.stage == "reveal":
        s = s.replace(stage="assign_start")
    return s


def attack_effect(s: "S", card: str) -> "S":
    """An attack effect resolves when revealed, then is discarded (Worry stays until the end of the turn)."""
    for _, e in fx.triggered(s, "attack_effect"):
        s = change_threat(s, e.amount if e.kind == "add_threat" else -e.amount)
    stays = False
    steps: list[Step] = []
    alive = s.alive()
    for e in s.data.card(card).lasting:
        if e.on != "reveal" or fx.fleet_has(s, "nullify", card=card):
            continue
        k = e.kind
        if k == "add_threat":
            s = change_threat(s, e.amount)
        elif k == "no_captains":
            stays = True
        elif k == "lose_if_deck_empty":
            empty = [q for q in alive if not len(s.players[q].deck)]
            if empty:
                return s.replace(stage="over", pending=(), attack_discard=added(s.attack_discard, card),
                                 outcome=f"loss: {card} — {s.game.player_name(empty[0])}'s draw deck is empty")
        elif k == "each_discards":
            steps += [Step("discard", q, 1, f"{card}: discard a card") for q in alive]
        elif k == "damage_random_flagship":
            steps.append(Step("random_flagship", 0, 1, card))
        elif k == "destiny_each_player":
            steps += [Step("destiny", q, e.above, "collateral") for q in alive]
        elif k == "change_of_plans" and s.enemies and alive:
            steps.append(Step("change_of_plans", alive[0], 0, card))
    if stays:
        s = s.replace(table=s.table + (card,))
    else:
        s = s.replace(attack_discard=added(s.attack_discard, card))
    return push(s, *steps)


# --- fights -----------------------------------------------------------------------------------
def start_fight(s: "S", p: int) -> "S":
    enemy = s.assigned[p]
    s = s.replace(stage="fight", fight=Fight(p, enemy), assigned=s.assigned[:p] + (-3,) + s.assigned[p + 1:])
    if s.data.card(s.enemies[enemy].name).has("enemy_destiny"):
        s = push(s, Step("destiny", p, 0, "enemy destiny"))
    return s


def resolve_fight(s: "S") -> "S":
    """Seed, fight phase: win if greater; otherwise damage; overpowered (double) destroys at once."""
    fight = s.fight
    assert fight is not None
    p, i = fight.player, fight.enemy
    mine, theirs = fx.player_power(s), fx.enemy_power(s)
    enemy = s.enemies[i]
    s = s.replace(fight=with_fight(fight, resolved=True))
    if mine > theirs:
        s = s.replace(enemies=s.enemies[:i] + s.enemies[i + 1:], attack_discard=added(s.attack_discard, enemy.name),
                      assigned=tuple(a - 1 if a > i else a for a in s.assigned))
        steps = [Step("draw", p, e.amount, "a win") for _, c in fx.crew_cards(s, p) for e in c.lasting
                 if e.on == "player_wins" and e.kind == "draw" and fx.condition(s, e.cond, p)]
        return push(s, *steps)
    for other in s.enemies:
        for e in s.data.card(other.name).lasting:
            if e.on == "player_loses" and e.kind == "add_threat":
                s = change_threat(s, e.amount)
    if s.knobs.overpowered and theirs >= 2 * mine:
        return destroy(s, p, f"overpowered by {enemy.name}, {theirs} against {mine}")
    steps = [Step("damage", p, 1, f"lost to {enemy.name}")]
    for e in s.data.card(enemy.name).lasting:
        if e.on != "enemy_wins":
            continue
        if e.kind == "damage" and not fx.fleet_has(s, "max_damage_per_fight"):
            steps.append(Step("damage", p, 1, f"{enemy.name} damages the losing ship"))
        elif e.kind == "owner_discards":
            steps.append(Step("discard", p, 1, f"{enemy.name}: discard a card"))
    return push(s, *steps)


# --- jump phase -------------------------------------------------------------------------------
def location_revealed(s: "S", card: str) -> "S":
    """One more location card revealed in the jump phase; picking starts when all are out."""
    s = ensure_locations(s)
    s = s.replace(location_deck=drawn(s.location_deck, card), revealed=s.revealed + (card,))
    wanted = s.knobs.locations_revealed + s.extra_locations
    if len(s.revealed) >= wanted or not (len(s.location_deck) or s.location_discard):
        return s.replace(stage="pick")
    return s


def jump_to(s: "S", card: str) -> "S":
    """The picked location becomes current; the others go beneath the location deck (seed, jump phase)."""
    rest = list(s.revealed)
    rest.remove(card)
    deck = s.location_deck
    for c in sorted(rest):
        deck = deck.put_on_bottom(c)
    s = s.replace(location_deck=deck, revealed=())
    if s.knobs.old_location == "discarded":
        s = s.replace(location_discard=s.location_discard + Multiset(s.locations), locations=(card,))
    else:
        s = s.replace(locations=s.locations + (card,))
    step = 1 if s.knobs.distance_per_jump == "one" else s.data.card(card).distance
    s = s.replace(distance=s.distance + step, jumps=s.jumps + 1)
    return after_arrival(arrive(s))


def arrive(s: "S") -> "S":
    """The current location's 'on arrival' text takes effect at once."""
    steps: list[Step] = []
    for _, e in fx.triggered(s, "arrival"):
        if e.kind == "add_threat":
            s = change_threat(s, e.amount)
        elif e.kind == "add_threat_per":
            s = change_threat(s, sum(1 for q in s.alive() if s.players[q].damage))
        elif e.kind == "damage_random_flagship":
            steps.append(Step("random_flagship", 0, 1, s.location))
        elif e.kind == "each_discards":
            steps += [Step("discard", q, 1, f"{s.location}: discard a card") for q in s.alive()]
    return push(s, *steps)


def after_arrival(s: "S") -> "S":
    return s.replace(stage="attack_start" if s.knobs.turn_order == "2011" else "draw")
