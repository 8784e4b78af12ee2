"""Card texts and the steps they leave pending: playing cards, using powers, damage, destruction.

Each function takes a position and returns the next; texts are read by effect
kind from the data. New pending steps go in front of older ones, in the order
the text names them ("overload ... then draw").

>>> import explorer
>>> s = explorer.load_game("pinned_down").initial_state()
>>> change_threat(s, -5).threat
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.actions import whole_arg
from explorer.core import Action, Deck, Multiset
from explorer.core.frozen import replaced
from explorer.games.pinned_down import effects as fx

from explorer.games.pinned_down.chance import added, drawn, removed
from explorer.games.pinned_down.state import EMPTY, Fight, Step, step_of

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


def with_fleet(s: "S", p: int, **changes: object) -> "S":
    new = replaced(s.players[p], **changes)
    return s.replace(players=s.players[:p] + (new,) + s.players[p + 1:])


def push(s: "S", *steps: Step) -> "S":
    return s.replace(pending=tuple(steps) + s.pending)


def change_threat(s: "S", delta: int) -> "S":
    """Add or remove tokens; a pool cannot give more tokens than it holds (never below 0)."""
    return s.replace(threat=max(0, s.threat + delta))


def jump_threat(s: "S") -> int:
    if s.knobs.jump_threat == "jump_counter_and_ships":
        return s.jumps + 1 + len(s.alive())
    return sum(fx.upkeep(s, p) for p in s.alive())


def _discard_from_hand(s: "S", p: int, card: str, *, forced: bool) -> "S":
    f = s.players[p]
    if forced and any(e.kind == "discards_go_beneath" for _, c in fx.crew_cards(s, p) for e in c.lasting):
        return with_fleet(s, p, hand=removed(f.hand, card), deck=f.deck.put_on_bottom(card))
    return with_fleet(s, p, hand=removed(f.hand, card), discard=added(f.discard, card))


def put(players: tuple, p: int, fleet: object) -> tuple:
    """``players`` with seat ``p``'s fleet replaced."""
    return players[:p] + (fleet,) + players[p + 1:]


# --- the chance steps of every few moves: each one new position ----------------------------
def draw_card(s: "S", step: Step, card: str, rest: tuple[Step, ...]) -> "S":
    """``step``'s player draws ``card``; ``rest`` is what is pending after ``step`` (a draw of more goes on)."""
    p = step.player
    f = s.players[p]
    left = step.amount if step.note == "upto" else step.amount - 1
    if left > 0:
        rest = (step_of("draw", p, left, step.note), *rest)
    fleet = replaced(f, deck=drawn(f.deck, card), hand=added(f.hand, card))
    return s.replace(players=put(s.players, p, fleet), pending=rest)


def battle_destiny(s: "S", step: Step, card: str, rest: tuple[Step, ...]) -> "S":
    """A destiny: the top attack card (the discard pile reshuffled if the deck is empty) is revealed, counted
    and discarded. Its value reads the location and the crew, never the deck, so it is read from ``s``."""
    deck = s.attack_deck
    changes: dict[str, object] = {"pending": rest}
    if len(deck):
        discard = s.attack_discard
    else:  # an empty attack deck: the discard pile is shuffled to make it (reference §2.3)
        deck, discard = Deck.shuffled(s.attack_discard), EMPTY
        changes["reveal_reshuffles"] = s.reveal_reshuffles + 1
    changes["attack_deck"] = drawn(deck, card)
    changes["attack_discard"] = added(discard, card)
    if step.note == "collateral":
        if fx.destiny_value(s, card, enemy=False, collateral_for=step.player) > step.amount:
            changes["pending"] = (step_of("damage", step.player, 1, "Collateral Damage"), *rest)
        return s.replace(**changes)
    fight = s.fight
    if fight is not None:
        if step.note == "enemy destiny":
            changes["fight"] = with_fight(fight, enemy_bonus=fight.enemy_bonus + fx.destiny_value(s, card, enemy=True))
        else:
            changes["fight"] = with_fight(fight, bonus=fight.bonus + fx.destiny_value(s, card, enemy=False))
    return s.replace(**changes)


# --- pending steps -------------------------------------------------------------------
def step_ready(s: "S", step: Step) -> "S | None":
    """``s`` if ``step`` needs a decision or a draw now, ``None`` to skip it, or a new state."""
    p = step.player
    f = s.players[p]
    k = step.kind
    if f.destroyed and k not in ("random_flagship", "locations"):
        return None
    if k == "draw":
        if not len(f.deck) or (step.note == "upto" and len(f.hand) >= step.amount):
            return None
    elif k in ("discard", "may_discard", "random_hand") and not f.hand:
        return None
    elif k == "random_character" and not f.characters:
        return None
    elif k == "random_flagship":
        alive = s.alive()
        if len(alive) == 1:
            return push(s.replace(pending=s.pending[1:]), Step("damage", alive[0], 1, step.note))
    elif k == "destiny" and not len(s.attack_deck) and not s.attack_discard:
        return None
    elif k == "damage" and not len(s.damage_deck) and not s.damage_discard:
        return None
    elif k in ("look_attack",) and not len(s.attack_deck):
        return None
    elif k == "cooley" and not len(f.deck):
        return None
    elif k in ("cleveland", "locations") and not len(s.location_deck) and not s.location_discard:
        return None
    elif k == "look_order":
        if not s.looking:
            return None
        if len(set(s.looking)) == 1:
            return _finish_order(s.replace(pending=s.pending[1:], put_back=s.put_back + s.looking, looking=()))
    return s


def resolve_step(s: "S", step: Step, a: Action) -> "S":
    p, k = step.player, step.kind
    f = s.players[p]
    arg = str(a.args[0]) if a.args else ""
    if k == "draw":
        return draw_card(s, step, arg, s.pending)
    if k == "destiny":
        return battle_destiny(s, step, arg, s.pending)
    if k == "damage":
        return attach_damage(s, p, arg)
    if k == "random_flagship":
        return push(s, Step("damage", whole_arg(a.args[0]), 1, step.note))
    if k == "random_hand":
        return _discard_from_hand(s, p, arg, forced=True)
    if k == "random_character":
        chars = list(f.characters)
        chars.remove(arg)
        return with_fleet(s, p, characters=tuple(chars), discard=added(f.discard, arg))
    if k in ("discard", "may_discard"):
        if a.kind == "keep":
            return s
        return _discard_from_hand(s, p, arg, forced=(k == "discard"))
    if k == "change_of_plans":
        if a.kind == "shuffle":
            paid = sum(e.paid for e in s.enemies)
            s = with_fleet(s, p, deck=f.deck.shuffle_in(f.hand), hand=EMPTY)
            return s.replace(attack_discard=s.attack_discard + Multiset(e.name for e in s.enemies), enemies=(),
                             threat=s.threat + paid)
        later = [q for q in s.alive() if q > p]
        return push(s, Step("change_of_plans", later[0], 0, step.note)) if later else s
    if k == "look_attack":
        s = s.replace(attack_deck=drawn(s.attack_deck, arg), looking=s.looking + (arg,))
        if step.amount > 1 and len(s.attack_deck):
            return push(s, Step("look_attack", p, step.amount - 1, step.note))
        effect = next(e for e in s.data.card(step.note).ability if e.kind == "look_attack")
        if effect.per_effect:
            n = sum(1 for c in s.looking if s.data.card(c).type == "attack effect")
            s = change_threat(s, -effect.per_effect * n)
        if effect.discard:
            return push(s, Step("look_discard", p, effect.discard, step.note))
        return push(s, Step("look_order", p, 0, step.note))
    if k == "look_discard":
        s = s.replace(looking=_without(s.looking, arg), attack_discard=added(s.attack_discard, arg))
        return push(s, Step("look_order", p, 0, step.note))
    if k == "look_order":
        s = s.replace(looking=_without(s.looking, arg), put_back=s.put_back + (arg,))
        return push(s, Step("look_order", p, 0, step.note)) if s.looking else _finish_order(s)
    if k == "cooley":
        if "REPAIR" in s.data.card(arg).keywords:
            return with_fleet(s, p, deck=drawn(f.deck, arg), hand=added(f.hand, arg))
        return with_fleet(s, p, deck=drawn(f.deck, arg).put_on_top(arg))
    if k == "cleveland":
        s = ensure_locations(s)
        s = s.replace(location_deck=drawn(s.location_deck, arg), revealed=(arg,))
        return push(s, Step("cleveland_choice", p, 0, "Ms. Cleveland: discard the top location?"))
    if k == "cleveland_choice":
        if a.kind == "discard":
            return s.replace(location_discard=added(s.location_discard, arg), revealed=())
        return s.replace(location_deck=s.location_deck.put_on_top(arg), revealed=())
    if k == "locations":  # the initial location
        s = ensure_locations(s)
        first = s.data.card(arg).distance if s.game.options.get("initial_distance_counts", True) else 0
        if s.knobs.distance_per_jump == "one":
            first = 0
        return s.replace(location_deck=drawn(s.location_deck, arg), locations=(arg,), distance=first)
    raise AssertionError(f"unknown step {k}")


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _finish_order(s: "S") -> "S":
    d = s.attack_deck
    return s.replace(attack_deck=Deck(s.put_back + d.top, d.middle, d.bottom), put_back=())


def with_fight(f: Fight, **changes: int | bool) -> Fight:
    return replaced(f, **changes)


def ensure_locations(s: "S") -> "S":
    if not len(s.location_deck):
        return s.replace(location_deck=Deck.shuffled(s.location_discard), location_discard=EMPTY)
    return s


# --- damage and destruction -------------------------------------------------------------
def attach_damage(s: "S", p: int, card: str, rest: tuple[Step, ...] | None = None) -> "S":
    """A damage card goes under the ship and takes effect at once; structure 0 destroys it.

    ``rest``: what stays pending after this step (default: all of ``s.pending``)."""
    rest = s.pending if rest is None else rest
    deck = s.damage_deck
    changes: dict[str, object] = {}
    if not len(deck):
        deck = Deck.shuffled(s.damage_discard)
        changes["damage_discard"] = EMPTY
    changes["damage_deck"] = drawn(deck, card)
    f = s.players[p]
    damage = f.damage + (card,)
    changes["players"] = put(s.players, p, replaced(f, damage=damage))
    cards = s.data.card
    if 100 - sum(cards(d).structure for d in damage) <= 0:  # structure(p)
        return destroy(s.replace(pending=rest, **changes), p, f"structure 0 after {card}")
    steps = tuple(step_of("random_hand" if e.kind == "discard_random_hand" else "random_character", p, 1, card)
                  for e in cards(card).lasting if e.on == "attach")
    return s.replace(pending=steps + rest if steps else rest, **changes)


def destroy(s: "S", p: int, why: str) -> "S":
    f = s.players[p]
    s = with_fleet(s, p, destroyed=True, damage=(), characters=(), discard=f.discard + Multiset(f.characters))
    s = s.replace(damage_discard=s.damage_discard + Multiset(f.damage))
    who = f"{s.game.player_name(p)}'s {f.flagship}"
    if s.knobs.loss == "any_flagship" or not s.alive():
        return s.replace(stage="over", pending=(), outcome=f"loss: {who} destroyed ({why})")
    return s


def overload_steps(s: "S", p: int, note: str) -> list[Step]:
    steps = [Step("damage", p, 1, f"overload ({note})")]
    if fx.location_has(s, "damage", "overload") is not None:
        steps.append(Step("damage", p, 1, f"{s.location}: overloading damages the ship"))
    return steps


# --- playing a card, using a power ----------------------------------------------------------
def play_or_use(s: "S", p: int, a: Action) -> "S":
    name = str(a.args[0])
    card = s.data.card(name)
    args = a.args[1:]
    f = s.players[p]
    if a.kind == "play":
        s = with_fleet(s, p, hand=removed(f.hand, name))
        if not fx.free_play(s, p, name):
            s = s.replace(threat=s.threat + card.threat)
    elif card.once_per_turn:
        s = s.replace(used=s.used + (f"{p}:{name}",))
    steps: list[Step] = []
    i = 0
    for e in card.ability:
        k = e.kind
        if k == "power":
            fight = s.fight
            if fight is not None:
                s = s.replace(fight=with_fight(fight, bonus=fight.bonus + fx.effect_power(s, e, p)))
        elif k == "enemy_power" and s.fight is not None:
            s = s.replace(fight=with_fight(s.fight, enemy_bonus=s.fight.enemy_bonus + e.amount))
        elif k == "overload":
            steps += overload_steps(s, p, name)
        elif k == "draw":
            if fx.condition(s, e.cond, p):
                steps.append(Step("draw", p, e.amount, name))
        elif k == "discard_from_hand":
            s = _discard_from_hand(s, p, str(args[i + 1]), forced=False)
            i += 2
        elif k == "repair":
            q, dmg = whole_arg(args[i + 1]), str(args[i + 2])
            i += 3
            damage = list(s.players[q].damage)
            damage.remove(dmg)
            s = with_fleet(s, q, damage=tuple(damage)).replace(damage_discard=added(s.damage_discard, dmg))
        elif k == "take_from_discard":
            c = str(args[i + 1])
            i += 2
            g = s.players[p]
            s = with_fleet(s, p, discard=removed(g.discard, c), hand=added(g.hand, c))
        elif k == "reshuffle_discards":
            for q in range(len(s.players)):
                g = s.players[q]
                s = with_fleet(s, q, deck=g.deck.shuffle_in(g.discard), discard=EMPTY)
        elif k == "look_attack":
            steps.append(Step("look_attack", p, e.amount, name))
        elif k == "look_location":
            steps.append(Step("cleveland", p, 1, name))
        elif k == "reveal_own_deck":
            steps.append(Step("cooley", p, 1, name))
        elif k == "cloak_fleet":
            s = s.replace(cloaked=True)
        elif k == "enemy_threat":
            s = s.replace(enemy_threat_bonus=s.enemy_threat_bonus + e.amount)
        elif k == "extra_location":
            s = s.replace(extra_locations=s.extra_locations + e.amount)
        elif k == "add_threat":
            s = change_threat(s, e.amount)
        elif k == "destiny":
            steps.append(Step("destiny", p, 0, "battle destiny"))
    if a.kind == "play":
        g = s.players[p]
        s = with_fleet(s, p, discard=added(g.discard, name))
    return push(s, *steps)
