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
from itertools import product

from explorer.core import Multiset
from explorer.odds import Dist, draw, draw_count
from explorer.games.warps_edge.effects import stuns
from explorer.games.warps_edge.rules import section_attacks
from explorer.games.warps_edge.state import Target, WarpsEdgeState

HAND = 5


def example_position(seed_stage: str = "plans") -> WarpsEdgeState:
    """A small fixed position for the examples: the demo game after setup, the pool just discarded.

    >>> example_position().row[0].card
    'Demo Gnat'
    """
    import explorer

    s = explorer.load_game("warps_edge").initial_state()
    row = tuple(Target(card=c) for c in ("Demo Gnat", "Demo Skiff", "Demo Raider", "Demo Titan"))
    return s.replace(stage=seed_stage, turn=1, row=row, skill_offer=())


def next_draw_population(state: WarpsEdgeState) -> Multiset:
    """Where the next draw of 5 comes from: the bag, or, if it holds fewer than 5, the bag after the warp resets.

    >>> len(next_draw_population(example_position()))
    11
    """
    if len(state.bag) >= HAND:
        return state.bag
    total = state.bag + state.discard + state.pool
    for t in state.row + state.sections:
        total = total + t.tokens()
    return total


def next_draw(state: WarpsEdgeState) -> Dist:
    """The next draw of 5 by token kind: a ``Dist`` over ``Multiset`` outcomes.

    >>> d = next_draw(example_position())
    >>> d.p(lambda m: m.count("kestrel-lance") == 1)
    Fraction(5, 11)
    """
    return draw(next_draw_population(state), HAND)


def laser_total(state: WarpsEdgeState) -> Dist:
    """The laser value of the next draw (lasers and tokens that count as lasers, on one target).

    >>> laser_total(example_position()).at_least(3)
    Fraction(1, 2)
    """
    return next_draw(state).map(lambda m: sum(state.token(k).laser_value * n for k, n in m.items()))


def maneuver_count(state: WarpsEdgeState) -> Dist:
    """The maneuver value of the next draw (maneuver tokens count 1; power tokens their value).

    >>> maneuver_count(example_position()).p(0)
    Fraction(4, 33)
    """
    return next_draw(state).map(lambda m: sum(state.token(k).maneuver_value * n for k, n in m.items()))


def enemies_next_turn(state: WarpsEdgeState) -> int:
    """How many enemies the row will hold in the next step 2 (empty slots refill from the deck)."""
    filled = sum(1 for t in state.row if t.card)
    if state.stage == "actions":
        return filled
    return min(len(state.row), filled + sum(len(d) for d in state.enemy_deck))


def stun_capacity(state: WarpsEdgeState, tokens: Multiset, enemies: int) -> int:
    """How many enemies these tokens can stun or remove: one each; Photon Blast two; Warhammer destroys one."""
    total = 0
    for k, n in tokens.items():
        t = state.token(k)
        if t.effect == "photon_blast" and stuns(state, k):
            total += n * min(2, enemies)
        elif t.effect == "warhammer" or (t.kind != "energy" and t.effect not in ("rupture", "enhance", "shields")
                                         and stuns(state, k)):
            total += n
    return total


def p_stun_every_enemy(state: WarpsEdgeState) -> Fraction:
    """P(the next pool, with the hold, can stun every enemy in the row), ignoring skills and rewards.

    >>> p_stun_every_enemy(example_position())
    Fraction(23, 66)
    """
    enemies = enemies_next_turn(state)
    return next_draw(state).p(lambda m: stun_capacity(state, m + state.hold, enemies) >= enemies)


def _available(state: WarpsEdgeState) -> Dist:
    """The tokens available this turn: pool + hold, plus the draw the state is waiting for."""
    known = state.pool + state.hold
    if state.is_chance() and state.pending and state.pending[0].kind == "draw":
        n = min(state.pending[0].amount, len(state.bag))
        return draw(state.bag, n).map(lambda m: m + known)
    if state.is_chance() and state.stage == "plans" and not state.pending:
        return next_draw(state).map(lambda m: m + known)
    return Dist({known: 1})


def p_destroy(state: WarpsEdgeState, slot: int) -> Fraction:
    """P(enough laser value to destroy the enemy in ``slot`` (1-4) this turn, counting the pool and hold.

    Waiting for the step-4 draw (or a reward draw), the draw is included; a Warhammer destroys outright.

    >>> p_destroy(example_position(), 1)   # Demo Gnat: hull 2
    Fraction(8, 11)
    """
    t = state.row[slot - 1]
    if not t.card:
        raise ValueError(f"slot {slot} is empty")
    need = state.data.enemy(t.card).hull - t.lasers

    def ok(m: Multiset) -> bool:
        if any(state.token(k).effect == "warhammer" for k in m.kinds()):
            return True
        return sum(state.token(k).laser_value * n for k, n in m.items()) >= need

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
    its cards); stuns already placed in step 2 are honoured.

    >>> attack_damage(example_position()).pmf()
    {9: Fraction(1, 1)}
    """
    row = state.row
    empty = [i for i, t in enumerate(row) if not t.card]
    refill = state.stage not in ("actions", "attacks")
    outcomes: dict[int, Fraction] = {}
    for arrivals, p in _arrivals(state, len(empty) if refill else 0):
        cards = list(arrivals.elements())
        new_row = list(row)
        for i in empty[: len(cards)]:
            new_row[i] = Target(card="?")
        damage = 0
        for t in row:
            if t.card and not (t.stunned and not refill):
                damage += max(0, state.data.enemy(t.card).attack - state.armor)
        damage += sum(max(0, state.data.enemy(c).attack - state.armor) for c in cards)
        ship = state.data.mothership(state.mothership)
        for j, (sec_t, sec) in enumerate(zip(state.sections, ship.sections)):
            if sec_t.defeated or (sec_t.stunned and not refill):
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
        m, p = Multiset(), Fraction(1)
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
