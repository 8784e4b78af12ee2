"""Odds on the live Warp's Edge position, exact, from what the pilot knows.

The pilot knows what is in the bag but not its order, so every question is a
draw without replacement from the bag's composition. All answers are exact
(``Fraction``) and assume nothing is bought, gained or removed before the draw
(see RULES.md, "Odds"). ``pos`` below is a position in step 4 of turn 1, with
11 tokens in the bag: 3 energy-1, 1 energy-2, 3 laser-1, 3 maneuver-1 and the
signature kestrel-lance (laser 3).

>>> from explorer.games.warps_edge.odds import example_position
>>> pos = example_position()
>>> len(pos.bag), pos.phase
(11, 'step 4: pilot plans (draw 5)')
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

from explorer.core import Multiset, load_game
from explorer.errors import RulesError
from explorer.odds import Dist, draw, draw_count
from explorer.games.warps_edge.next_draw import (HAND, discard_after_step_2, lost_at_warp_end, next_draw,
                                                 next_draw_assumption, next_draw_population, removal_choice,
                                                 step_3_removals)
from explorer.games.warps_edge.rules import section_attacks
from explorer.games.warps_edge.state import Target, WarpsEdgeState

__all__ = ["HAND", "discard_after_step_2", "lost_at_warp_end", "next_draw", "next_draw_assumption",
           "next_draw_population", "removal_choice", "step_3_removals", "example_position", "laser_total",
           "maneuver_count", "next_row", "enemies_next_turn", "next_enemy", "stun_capacity", "p_stun_every_enemy",
           "max_laser_value", "p_destroy", "draws_left", "p_drawn_before_warp_end", "attack_damage",
           "expected_shield_damage", "p_hull_destroyed"]


def example_position(seed_stage: str = "plans") -> WarpsEdgeState:
    """A small fixed position for the examples: the demo game after setup, the pool just discarded.

    >>> example_position().row[0].card
    'Demo Gnat'
    """
    s = load_game("warps_edge").initial_state()
    assert isinstance(s, WarpsEdgeState), "Warp's Edge positions are WarpsEdgeStates"
    row = tuple(Target(card=c) for c in ("Demo Gnat", "Demo Skiff", "Demo Raider", "Demo Titan"))
    return s.replace(stage=seed_stage, turn=1, row=row, skill_offer=())


def laser_total(state: WarpsEdgeState, slot: int | None = None) -> Dist:
    """The laser value the next draw can put on one enemy: on ``slot`` (1-4), or on the best slot.

    Counted as :func:`p_destroy` counts it (:func:`max_laser_value`): lasers and tokens counting as
    lasers, a Photon Blast only when the enemy has a neighbour in the next row, a Rupture's laser-1
    tokens and each Enhance's upgrades as far as the supply allows. So for a draw waiting with an
    empty pool and hold, P(destroy) = P(a Warhammer, or ``laser_total`` >= the hull left).

    >>> laser_total(example_position()).at_least(3)
    Fraction(1, 2)
    """
    occupied = next_row(state)
    slots = [slot] if slot is not None else [i + 1 for i, full in enumerate(occupied) if full] or [1]
    return next_draw(state).map(lambda m: max(max_laser_value(state, m, k, occupied) for k in slots))


def maneuver_count(state: WarpsEdgeState) -> Dist:
    """The maneuver value of the next draw (maneuver tokens count 1; power tokens their value).

    >>> maneuver_count(example_position()).p(0)
    Fraction(4, 33)
    """
    return next_draw(state).map(lambda m: sum(state.token(k).maneuver_value * n for k, n in m.items()))


def _warp_resets(state: WarpsEdgeState) -> bool:
    """Whether the warp ends before the next draw (the bag cannot supply 5)."""
    return len(state.bag) < HAND and state.stage in ("actions", "attacks", "plans")


def next_row(state: WarpsEdgeState) -> tuple[bool, ...]:
    """Which slots hold an enemy in the next step 2: the empty ones refill left to right from the deck
    (seed §4 step 1), from the deck after the warp resets when the bag cannot supply the next draw.

    >>> next_row(example_position())
    (True, True, True, True)
    """
    cards = sum(len(d) for d in state.enemy_deck) + (len(state.defeated) if _warp_resets(state) else 0)
    occupied = []
    for t in state.row:
        if t.card:
            occupied.append(True)
        else:
            occupied.append(cards > 0)
            cards -= 1 if cards > 0 else 0
    return tuple(occupied)


def enemies_next_turn(state: WarpsEdgeState) -> int:
    """How many enemies the row will hold in the next step 2 (empty slots refill from the deck)."""
    return sum(next_row(state))


def next_enemy(state: WarpsEdgeState) -> Dist:
    """The next enemy card to arrive: a ``Dist`` over names, drawn from the first layer that holds cards.

    A layer entered as a face-down count (a :class:`~explorer.core.zones.DealtDeck`: N cards dealt at
    random from the level's unseen cards, the rest set aside in the box) gives each unseen card its
    share of those cards, as the pilot can work it out; a layer whose cards are known, each its share
    of the layer. ``RulesError`` when the deck is empty (nothing arrives).

    >>> from explorer.core.zones import DealtDeck, Deck
    >>> unseen = Multiset(["Demo Dart", "Demo Midge", "Demo Speck", "Demo Wisp"])
    >>> pos = example_position().replace(enemy_deck=(DealtDeck(unseen, 2), Deck(), Deck()))
    >>> next_enemy(pos).p("Demo Dart")
    Fraction(1, 4)
    """
    layer = next((d for d in state.enemy_deck if d), None)
    if layer is None:
        raise RulesError("next enemy: the enemy deck is empty, so no enemy arrives", state=state)
    return Dist(dict(layer.draw_weights()))


def _stuns_now(state: WarpsEdgeState, token_id: str, warhammer: bool) -> bool:
    """Whether this token stuns the enemy it is assigned to, in a turn with or without a Warhammer."""
    t = state.token(token_id)
    if t.kind == "energy" or t.effect in ("warhammer", "rupture", "enhance", "shields"):
        return False
    if warhammer and t.counts_as == "laser":
        return False
    if state.stun_only_red_blue:
        return t.counts_as in ("laser", "maneuver")
    return True


def _pair_cover(occupied: tuple[bool, ...], blasts: int) -> int:
    """The most enemies ``blasts`` two-target tokens can reach: each takes two adjacent occupied slots."""
    pairs = [(i, i + 1) for i in range(len(occupied) - 1) if occupied[i] and occupied[i + 1]]
    best = 0
    for k in range(min(blasts, len(pairs)) + 1):
        for chosen in combinations(pairs, k):
            best = max(best, len({i for p in chosen for i in p}))
    return best


def stun_capacity(state: WarpsEdgeState, tokens: Multiset, enemies: int | tuple[bool, ...]) -> int:
    """How many of the enemies these tokens can stun or remove this turn (at most all of them).

    One enemy per stunning token; a Photon Blast two *adjacent* enemies; a Warhammer destroys one, but
    then lasers (and tokens counting as lasers) stun nothing that turn (seed §5); a Rupture adds its
    value-1 tokens from the supply. ``enemies`` is the next row's occupancy (or a count: a full run of slots).
    """
    occupied = (True,) * enemies + (False,) * (len(state.row) - enemies) if isinstance(enemies, int) else enemies
    total = sum(occupied)
    ruptures = sum(state.token(str(k)).value * n for k, n in tokens.items() if state.token(str(k)).effect == "rupture")
    hammers = sum(n for k, n in tokens.items() if state.token(str(k)).effect == "warhammer")
    best = 0
    for warhammer in (False, True) if hammers else (False,):
        singles = sum(n for k, n in tokens.items()
                      if _stuns_now(state, str(k), warhammer) and state.token(str(k)).effect != "photon_blast")
        value_1 = sum(n for k, n in state.supply.items() if state.token(str(k)).value == 1
                      and state.token(str(k)).kind in ("laser", "maneuver") and _stuns_now(state, str(k), warhammer))
        singles += min(ruptures, value_1)
        blasts = sum(n for k, n in tokens.items()
                     if state.token(str(k)).effect == "photon_blast" and _stuns_now(state, str(k), warhammer))
        removed = min(hammers, total) if warhammer else 0
        reached = removed + singles if warhammer else _pair_cover(occupied, blasts) + singles
        best = max(best, min(total, reached))
    return best


def p_stun_every_enemy(state: WarpsEdgeState) -> Fraction:
    """P(the next pool, with the hold, can stun every enemy of the next row), ignoring skills and rewards.

    An enemy counts when a token stuns it or a Warhammer destroys it (see :func:`stun_capacity`).
    When even the reset bag cannot supply the draw, the pilot loses first: 0 (:func:`lost_at_warp_end`).

    >>> p_stun_every_enemy(example_position())
    Fraction(23, 66)
    """
    if lost_at_warp_end(state):
        return Fraction(0)  # the pilot loses at the warp's end: there is no next pool (next_draw_assumption)
    occupied = next_row(state)
    enemies = sum(occupied)
    return next_draw(state).p(lambda m: stun_capacity(state, m + state.hold, occupied) >= enemies)


def _available(state: WarpsEdgeState) -> Dist:
    """The tokens available this turn: pool + hold, plus the draw the state is waiting for."""
    known = state.pool + state.hold
    if state.is_chance() and state.pending and state.pending[0].kind == "draw":
        n = min(state.pending[0].amount, len(state.bag))
        return draw(state.bag, n).map(lambda m: m + known)
    if state.is_chance() and state.stage == "plans" and not state.pending:
        return next_draw(state).map(lambda m: m + known)
    return Dist({known: 1})


def max_laser_value(state: WarpsEdgeState, tokens: Multiset, slot: int, occupied: tuple[bool, ...] | None = None) -> int:
    """The most laser value these tokens can put on the enemy in ``slot`` (1-4) this turn.

    Lasers and tokens counting as lasers; a Photon Blast when a neighbouring slot holds an enemy (its
    two targets are adjacent); a Rupture's value-1 tokens taken as lasers from the supply; then every
    Enhance upgrading the laser tokens in the pool (seed §5), as far as the supply allows.
    """
    occupied = tuple(bool(t.card) for t in state.row) if occupied is None else occupied
    i = slot - 1
    neighbour = (i > 0 and occupied[i - 1]) or (i + 1 < len(occupied) and occupied[i + 1])
    supply = state.supply
    pilot: Multiset[str] = Multiset({k: n for k, n in tokens.items() if state.token(str(k)).kind == "laser"})
    value = 0
    for k, n in tokens.items():
        t = state.token(str(k))
        if t.kind == "laser":
            continue
        if t.effect == "laser" or (t.effect == "photon_blast" and neighbour):
            value += t.value * n
    ruptures = sum(state.token(str(k)).value * n for k, n in tokens.items() if state.token(str(k)).effect == "rupture")
    for k in supply.kinds():
        if ruptures and state.token(str(k)).kind == "laser" and state.token(str(k)).value == 1:
            n = min(ruptures, supply.count(k))
            supply, pilot, ruptures = supply.remove(k, n), pilot.add(k, n), ruptures - n
    for _ in range(sum(n for k, n in tokens.items() if state.token(str(k)).effect == "enhance")):
        for k in sorted(pilot.elements(), key=lambda k: -state.token(str(k)).value):
            up = state.data.next_value(str(k))
            if up is not None and supply.count(up) > 0:
                supply, pilot = supply.remove(up).add(k), pilot.remove(k).add(up)
    return value + sum(state.token(str(k)).value * n for k, n in pilot.items())


def p_destroy(state: WarpsEdgeState, slot: int) -> Fraction:
    """P(enough laser value to destroy the enemy in ``slot`` (1-4) this turn, counting the pool and hold.

    Waiting for the step-4 draw (or a reward draw), the draw is included; a Warhammer destroys outright;
    Photon Blast, Rupture and Enhance count as :func:`max_laser_value` says.

    >>> p_destroy(example_position(), 1)   # Demo Gnat: hull 2
    Fraction(8, 11)
    """
    if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= len(state.row):
        raise RulesError(f"slot must be a slot of the enemy row, 1 to {len(state.row)}, got {slot!r}")
    t = state.row[slot - 1]
    if not t.card:
        raise RulesError(f"Slot {slot} of the enemy row is empty, so there is no enemy there to destroy.")
    need = state.data.enemy(t.card).hull - t.lasers
    occupied = next_row(state) if state.is_chance() and state.stage == "plans" else None

    def ok(m: Multiset) -> bool:
        if any(state.token(str(k)).effect == "warhammer" for k in m.kinds()):
            return True
        return max_laser_value(state, m, slot, occupied) >= need

    return _available(state).p(ok)


def draws_left(state: WarpsEdgeState) -> int:
    """How many draws of 5 the bag still gives before the warp ends (if nothing is added or removed).

    >>> draws_left(example_position())
    2
    """
    return len(state.bag) // HAND


def p_drawn_before_warp_end(state: WarpsEdgeState, token: str) -> Fraction:
    """P(at least one copy of ``token`` now in the bag is drawn before this warp ends.

    >>> p_drawn_before_warp_end(example_position(), "kestrel-lance")
    Fraction(10, 11)
    """
    copies = state.bag.count(token)
    if copies == 0:
        return Fraction(0)
    drawn = HAND * draws_left(state)
    return draw_count(state.bag, drawn, token).at_least(1)


def attack_damage(state: WarpsEdgeState) -> Dist:
    """Total damage at the next enemy-attack step if nothing more is stunned.

    Before step 2 the empty slots first refill from the enemy deck (a draw over
    its cards); stuns already placed in step 2 are honoured; during step 3 (a
    shield-damage choice) only the attackers still to come count.

    >>> attack_damage(example_position()).pmf()
    {9: Fraction(1, 1)}
    """
    row = state.row
    empty = [i for i, t in enumerate(row) if not t.card]
    refill = state.stage not in ("actions", "attacks")
    outcomes: dict[int, Fraction] = {}
    for arrivals, p in _arrivals(state, len(empty) if refill else 0):
        cards = list(map(str, arrivals.elements()))
        new_row = list(row)
        for i in empty[: len(cards)]:
            new_row[i] = Target(card="?")
        done = state.attack_index if state.stage == "attacks" else 0  # attackers that already resolved
        damage = 0
        for i, t in enumerate(row):
            if i < done:
                continue
            if t.card and not (t.stunned and not refill):
                damage += max(0, state.data.enemy(t.card).attack - state.armor)
        damage += sum(max(0, state.data.enemy(c).attack - state.armor) for c in cards)
        ship = state.data.mothership(state.mothership)
        for j, (sec_t, sec) in enumerate(zip(state.sections, ship.sections)):
            if len(row) + j < done or sec_t.defeated or (sec_t.stunned and not refill):
                continue
            if section_attacks(state, j, tuple(new_row)):
                damage += max(0, sec.attack - state.armor)
        outcomes[damage] = outcomes.get(damage, Fraction(0)) + p
    return Dist.from_fractions(outcomes)


def _arrivals(state: WarpsEdgeState, k: int) -> list[tuple[Multiset, Fraction]]:
    parts = []
    for layer in state.enemy_deck:
        n = min(k, len(layer))
        k -= n
        parts.append(layer.draw_many_outcomes(n))
    out = []
    for combo in product(*parts):
        m: Multiset[str] = Multiset()
        p = Fraction(1)
        for ms, q in combo:
            m, p = m + ms, p * q
        out.append((m, p))
    return out


def expected_shield_damage(state: WarpsEdgeState) -> Fraction:
    """Expected shield damage at the next attack step if nothing more is stunned.

    >>> expected_shield_damage(example_position())
    Fraction(8, 1)
    """
    return attack_damage(state).map(lambda d: min(d, state.shields)).mean()


def p_hull_destroyed(state: WarpsEdgeState) -> Fraction:
    """P(the hull reaches zero at the next attack step if nothing more is stunned).

    >>> p_hull_destroyed(example_position())
    Fraction(0, 1)
    """
    return attack_damage(state).at_least(state.shields + state.hull)
