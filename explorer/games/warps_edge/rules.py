"""The turn structure of Warp's Edge: setup, arrivals, attacks, plans, the end of a warp.

Every shuffle and draw is a chance node; everything that needs no choice and no
chance resolves at once in :func:`advance`, which stops at the next decision,
chance node or the end of the game.

>>> import explorer
>>> s = explorer.load_game("warps_edge").initial_state()
>>> [str(a) for a, _ in s.chance_outcomes()][:1]
['draw skills Demo Armor Plating, Demo Capacitor Bank']
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from explorer.core.actions import whole_arg
from explorer.core import Action, Deck, Multiset, Result
from explorer.core.chance import multiset_draws
from explorer.errors import RulesError
from explorer.core.zones import DealtDeck
from explorer.games.warps_edge import actions, effects
from explorer.games.warps_edge.state import (EMPTY, Pending, SkillCard, Target, WarpsEdgeState, after_arrival, drawn)

COLOURS = ("yellow", "orange", "red")


def initial_state(game: Any, starfighter: str | None = None, mothership: str | None = None) -> WarpsEdgeState:
    """Setup steps 1-2, 4 and 6 (choices are keyword options); the rest are chance nodes and a decision."""
    data = game.data
    names = [f.name for f in data.starfighters]
    ship_names = [m.name for m in data.motherships]
    starfighter = names[0] if starfighter is None else starfighter
    mothership = ship_names[0] if mothership is None else mothership
    if starfighter not in names:
        raise RulesError(f"unknown starfighter {starfighter!r}; starfighters: {', '.join(names)}")
    if mothership not in ship_names:
        raise RulesError(f"unknown mothership {mothership!r}; motherships: {', '.join(ship_names)}")
    fighter = data.starfighter(starfighter)
    ship = data.mothership(mothership)
    supply: dict[str, int] = {}
    for t in data.tokens:
        if t.kind in ("energy", "laser", "maneuver") or t.id in fighter.loadout:
            supply[t.id] = t.supply
    for sig in fighter.signature_tokens:
        if sig != fighter.starting_signature:
            supply[sig] = 1
    bag = Multiset(dict(data.starting_bag)).add(fighter.starting_signature)
    return WarpsEdgeState(
        game=game,
        stage="setup-skills",
        starfighter=starfighter,
        mothership=mothership,
        hull=fighter.hull,
        shields=fighter.shields,
        bag=bag,
        supply=Multiset(supply),
        skill_deck=Deck.shuffled([s.name for s in data.skills]),
        sections=tuple(Target(card=s.name) for s in ship.sections),
    )


# --- chance --------------------------------------------------------------------
# Every chance node's outcomes depend only on a composition (a bag, a deck) and a count, and the
# same compositions recur from game to game, so each is built once and remembered (actions and
# Fractions are immutable values).
@lru_cache(maxsize=8192)
def _draw_tokens(bag: Multiset, n: int) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((Action("draw", (m,), label=f"draw {m}"), p) for m, p in multiset_draws(bag, n))


@lru_cache(maxsize=1024)
def _skill_cards(skill_deck: Deck) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((Action("skill card", (c,), label=f"gain skill {c}"), p) for c, p in skill_deck.draw_outcomes())


@lru_cache(maxsize=256)
def _skill_offers(skill_deck: Deck, n: int) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((Action("skills", (m,), label=f"draw skills {m}"), p) for m, p in skill_deck.draw_many_outcomes(n))


@lru_cache(maxsize=256)
def _enemy_draws(cards: Multiset, n: int, colour: str) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((Action("enemies", (m,), label=f"{colour} enemies {m}" if m else f"{colour} enemies none"), p)
                 for m, p in multiset_draws(cards, n))


@lru_cache(maxsize=4096)
def _arrivals(layer: Deck | DealtDeck, slot: int) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((Action("arrive", (c, slot + 1), label=f"{c} arrives in slot {slot + 1}"), p)
                 for c, p in layer.draw_outcomes())


def chance_outcomes(st: WarpsEdgeState) -> tuple[tuple[Action, Fraction], ...]:
    if st.pending:
        head = st.pending[0]
        if head.kind == "draw":
            return _draw_tokens(st.bag, min(head.amount, len(st.bag)))
        return _skill_cards(st.skill_deck)
    if st.stage == "setup-skills":
        n = min(2, len(st.skill_deck))
        return _skill_offers(st.skill_deck, n)
    if st.stage in ("setup-bag", "plans"):
        return _draw_tokens(st.bag, 5)
    if st.stage == "setup-deck":
        level = st.level_index + 1
        cards: Multiset[str] = Multiset(e.name for e in st.data.enemies if e.level == level)
        n = st.data.mothership(st.mothership).deck[st.level_index]
        colour = COLOURS[st.level_index]
        return _enemy_draws(cards, n, colour)
    if st.stage == "arrivals":
        slot = _first_empty(st)
        layer = next(d for d in st.enemy_deck if d)
        return _arrivals(layer, slot)
    raise RulesError(f"no chance node in {st.phase}", state=st)


def _first_empty(st: WarpsEdgeState) -> int:
    for i, t in enumerate(st.row):
        if not t.card:
            return i
    return -1


def apply_chance(st: WarpsEdgeState, action: Action) -> WarpsEdgeState:
    kind = action.kind
    if kind == "draw":
        tokens = drawn(action.args[0])
        st = st.replace(bag=st.bag - tokens, pool=st.pool + tokens)
        if st.pending:
            return advance(st.replace(pending=st.pending[1:]))
        if st.stage == "setup-bag":
            return advance(st.replace(stage="setup-deck", level_index=0))
        return advance(st.replace(stage="arrivals", turn=st.turn + 1))
    if kind == "skill card":
        card = str(action.args[0])
        return advance(st.replace(skill_deck=st.skill_deck.after_draw(card), skills=st.skills + (SkillCard(card),),
                                  pending=st.pending[1:]))
    if kind == "skills":
        offer = drawn(action.args[0])
        return advance(st.replace(skill_deck=st.skill_deck.after_draw_many(offer), skill_offer=tuple(offer.elements()),
                                  stage="setup-keep"))
    if kind == "enemies":
        chosen = drawn(action.args[0])
        level = st.level_index + 1
        cards: Multiset[str] = Multiset(e.name for e in st.data.enemies if e.level == level)
        layers = list(st.enemy_deck)
        layers[st.level_index] = Deck.shuffled(chosen)
        st = st.replace(enemy_deck=tuple(layers), enemy_box=st.enemy_box + (cards - chosen), level_index=level)
        if level == 3:
            st = st.replace(stage="arrivals", turn=1)
        return advance(st)
    if kind == "arrive":
        card, slot = str(action.args[0]), whole_arg(action.args[1])
        i = next(k for k, d in enumerate(st.enemy_deck) if d)
        layers = list(st.enemy_deck)
        layers[i], aside = after_arrival(layers[i], card)
        row = list(st.row)
        row[slot - 1] = Target(card=card)
        if aside:
            st = st.replace(enemy_box=st.enemy_box + aside)
        return advance(st.replace(enemy_deck=tuple(layers), row=tuple(row)))
    raise RulesError(f"unknown chance outcome {action}", state=st)


# --- decisions -----------------------------------------------------------------
def apply_action(st: WarpsEdgeState, action: Action) -> WarpsEdgeState:
    if st.current_player < 0:
        return apply_chance(st, action)
    kind, args = action.kind, action.args
    if kind == "keep":
        other = tuple(n for n in st.skill_offer if n != args[0])
        deck = st.skill_deck
        for name in other[:1]:
            deck = deck.put_on_bottom(name)
        return advance(st.replace(skills=(SkillCard(str(args[0])),), skill_offer=(), skill_deck=deck,
                                  stage="setup-bag"))
    if kind in ("remove", "return", "gain", "rupture"):
        return advance(effects.resolve_choice(st, str(args[0])))
    if kind == "end":
        return advance(end_actions(st))
    return advance(effects.pilot_action(st, action))


def end_actions(st: WarpsEdgeState) -> WarpsEdgeState:
    """End of step 2: the pool and unfinished skill tokens go to the discard; the hold stays."""
    discard = st.discard + st.pool
    skills = []
    for card in st.skills:
        discard = discard + card.tokens
        skills.append(SkillCard(card.name, EMPTY, card.exhausted, card.active))
    return st.replace(pool=EMPTY, discard=discard, skills=tuple(skills), credit=0, warhammer=False,
                      stage="attacks", attack_index=0)


# --- automatic flow ------------------------------------------------------------
def advance(st: WarpsEdgeState) -> WarpsEdgeState:
    """Resolve everything that needs no decision and no chance; stop at the next node."""
    while True:
        if st.outcome:
            return st
        if st.pending:
            head = st.pending[0]
            nxt = effects.auto_pending(st, head)
            if nxt is None:
                return st
            st = nxt
            continue
        if st.stage == "arrivals":
            if _first_empty(st) >= 0 and any(st.enemy_deck):
                return st
            st = st.replace(stage="actions")
            continue
        if st.stage == "attacks":
            if st.attack_index < len(st.row) + len(st.sections):
                st = resolve_attack(st, st.attack_index)
                continue
            st = st.replace(stage="plans")
            continue
        if st.stage == "plans":
            if len(st.bag) >= 5:
                return st
            st = end_warp(st)
            continue
        return st


def section_attacks(st: WarpsEdgeState, index: int, row: tuple[Target, ...] | None = None) -> bool:
    """Whether mothership section ``index`` meets its attack condition (stuns aside)."""
    row = st.row if row is None else row
    when = st.data.mothership(st.mothership).sections[index].attack_when
    if when == "always":
        return True
    if when == "enemy_slot_empty":
        return any(not t.card for t in row)
    if when == "no_enemies":
        return all(not t.card for t in row)
    return False


def resolve_attack(st: WarpsEdgeState, i: int) -> WarpsEdgeState:
    """Step 3 for one attacker: enemies left to right (0-3), then the sections."""
    n_row = len(st.row)
    is_row = i < n_row
    target = st.row[i] if is_row else st.sections[i - n_row]
    st = st.replace(attack_index=i + 1)
    if not target.card or target.defeated:
        return st
    if target.stunned:
        return _set(st, i, Target(target.card, EMPTY, target.tokens(), target.lasers, target.maneuvers, target.energy,
                                  False, target.defeated))
    if is_row:
        attack = st.data.enemy(target.card).attack
    else:
        if not section_attacks(st, i - n_row):
            return st
        attack = st.data.mothership(st.mothership).sections[i - n_row].attack
    return take_damage(st, max(0, attack - st.armor))


def take_damage(st: WarpsEdgeState, damage: int) -> WarpsEdgeState:
    """Shields first, then hull; one token in the discard is removed per point of shield damage."""
    to_shields = min(st.shields, damage)
    hull = st.hull - (damage - to_shields)
    st = st.replace(shields=st.shields - to_shields, hull=hull)
    if hull <= 0:
        return st.replace(hull=max(hull, 0), outcome="lost-hull")
    remove = min(to_shields, len(st.discard))
    if remove:
        st = st.replace(pending=st.pending + (Pending("remove", remove),))
    return st


def _set(st: WarpsEdgeState, i: int, target: Target) -> WarpsEdgeState:
    n_row = len(st.row)
    if i < n_row:
        row = list(st.row)
        row[i] = target
        return st.replace(row=tuple(row))
    secs = list(st.sections)
    secs[i - n_row] = target
    return st.replace(sections=tuple(secs))


def end_warp(st: WarpsEdgeState) -> WarpsEdgeState:
    """The bag could not supply 5: the warp ends (see RULES.md, "End of a warp")."""
    bag = st.bag + st.discard + st.pool
    row = []
    for t in st.row:
        bag = bag + t.tokens()
        row.append(Target(card=t.card))
    secs = []
    for t in st.sections:
        bag = bag + t.tokens()
        secs.append(Target(card=t.card, defeated=t.defeated))
    layers = list(st.enemy_deck)
    for card, n in st.defeated.items():
        level = st.data.enemy(str(card)).level
        layers[level - 1] = layers[level - 1].shuffle_in(Multiset({card: n}))
    skills = tuple(SkillCard(c.name, EMPTY, c.active, c.active) for c in st.skills)
    st = st.replace(bag=bag, discard=EMPTY, pool=EMPTY, row=tuple(row), sections=tuple(secs),
                    enemy_deck=tuple(layers), defeated=EMPTY, skills=skills, warp=st.warp + 1)
    if st.warp > st.warp_track:
        return st.replace(warp=st.warp_track, outcome="lost-warp")
    return st


def legal_actions(st: WarpsEdgeState) -> tuple[Action, ...]:
    """The pilot's moves now (listed in ``actions.py``, with their notation): a pending reward's choices, the
    skill to keep at setup, or the moves of the turn's plan."""
    return actions.open_moves(st)


def why_illegal(st: WarpsEdgeState, action: Action) -> str:
    """Why ``action`` is refused here, in the game's words ("" when the core's reason fits: ``actions.refusal``)."""
    return actions.refusal(st, action)


def result(st: WarpsEdgeState) -> Result:
    """The Pilot wins when every mothership section is defeated; loses when the hull reaches 0 or the last
    warp ends with the mothership still active (RULES.md, "End of the game").

    >>> import explorer
    >>> s = explorer.load_game("warps_edge").initial_state()
    >>> result(s.replace(outcome="lost-hull")).reason.startswith("the Pilot loses: the hull reached 0")
    True
    """
    if st.outcome == "won":
        n = len(st.sections)
        return Result((0,), (1.0,), f"the Pilot wins: all {n} mothership sections are defeated (warp {st.warp})")
    if st.outcome == "lost-hull":
        return Result((), (0.0,), f"the Pilot loses: the hull reached 0 (warp {st.warp}, turn {st.turn})")
    return Result((), (0.0,), f"the Pilot loses: the final warp ({st.warp_track}) ended with the mothership active")
