"""The engine, played over every chance outcome with exact Fractions: what the odds functions must equal.

These walkers use only ``legal_actions``, ``chance_outcomes`` and ``apply`` (the rules as the table plays them)
and read the result off the positions the rules reach, never the odds modules' own arithmetic. Positions that
are equal values are merged, so a reveal over a small deck stays small.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import explorer
from explorer.games.pinned_down import resolve as rs
from explorer.games.pinned_down.effects import printed_power
from explorer.games.pinned_down.odds_walk import LOUD

State = explorer.State


def _decide(s: State) -> State:
    """A decision inside a walked step: A Change Of Plans declined (as the odds read it), else the first move."""
    actions = s.legal_actions()
    return s.apply(next((a for a in actions if a.kind == "decline"), actions[0]))


def _spread(start: dict, busy: Callable[[State, object], bool], step: Callable[..., object] | None = None) -> dict:
    """Walk every chance outcome (and the decisions in between) of the positions in ``start`` while ``busy``."""
    frontier, done = dict(start), {}
    while frontier:
        nxt: dict = {}
        for (s, acc), p in frontier.items():
            if s.is_terminal() or not busy(s, acc):
                done[(s, acc)] = done.get((s, acc), 0) + p
                continue
            if s.is_chance():
                for a, q in s.chance_outcomes():
                    t = s.apply(a)
                    key = (t, step(s, a, t, acc) if step else acc)
                    nxt[key] = nxt.get(key, 0) + p * q
            else:
                key = (_decide(s), acc)
                nxt[key] = nxt.get(key, 0) + p
        frontier = nxt
    return done


def to_reveal(s: State) -> State:
    """From the main phase: every player ends it; the attack phase begins (threat added) up to the reveal."""
    while s.stage == "main" and not s.pending:
        s = s.apply(next(a for a in s.legal_actions() if a.kind == "end"))
    return s


def engine_reveal(s: State) -> tuple[dict[tuple, Fraction], dict[int, Fraction], dict[str, Fraction], bool]:
    """The attack phase's reveal from ``s`` (main phase or reveal), as the engine plays it.

    Returns the distribution of (ships, total printed power, largest, loud effects revealed, threat left),
    of the number of quiet effects revealed, P(each quiet kind revealed), and whether any path reshuffled the
    attack discard pile, took a battle destiny from an empty deck, ran the deck out after Collateral Damage or
    lost Ms. McGowan to a damage card during the reveal (outside the odds' reading, RULES.md; the tests leave those examples out).
    """
    s = to_reveal(s)
    def step(before: State, a: object, after: State, acc: tuple) -> tuple:
        ships, effects, quiet, odd = acc
        if a.kind in ("reveal", "destiny") and not len(before.attack_deck):  # type: ignore[attr-defined]
            return ships, effects, quiet, True  # a reshuffle, or a destiny from an empty deck: walked no further
        if a.kind == "lose" and any(e.on == "attack_effect" for e in before.data.card(str(a.args[0])).lasting):
            return ships, effects, quiet, True  # Sickbay Hit takes Ms. McGowan mid-reveal: walked no further
        if a.kind != "reveal" or before.pending:  # type: ignore[attr-defined]
            return acc
        card = str(a.args[0])  # type: ignore[attr-defined]
        c = before.data.card(card)
        if c.type == "enemy ship":
            if len(after.enemies) > len(before.enemies):  # paid for: it attacks
                return tuple(sorted(ships + (printed_power(before, card),))), effects, quiet, odd
            return acc
        if c.threat > before.threat:  # ignored and discarded
            return acc
        if card in LOUD:
            return ships, tuple(sorted(set(effects) | {card}, key=LOUD.index)), quiet, odd
        return ships, effects, tuple(sorted(quiet + (card,))), odd

    done = _spread({(s, ((), (), (), False)): Fraction(1)}, lambda t, acc: t.stage == "reveal" and not acc[3], step)
    reveal: dict[tuple, Fraction] = {}
    counts: dict[int, Fraction] = {}
    kinds: dict[str, Fraction] = {}
    odd = False
    for (t, (ships, effects, quiet, odd_path)), p in done.items():
        # a deck run out after Collateral Damage: the odds count it a card late (RULES.md, an approximation)
        odd = odd or odd_path or ("Collateral Damage" in effects and not len(t.attack_deck))
        left = t.threat if t.stage == "assign" or t.enemies else t.threat - rs.jump_threat(t)
        key = (len(ships), sum(ships), max(ships, default=0), effects, left)
        reveal[key] = reveal.get(key, 0) + p
        counts[len(quiet)] = counts.get(len(quiet), 0) + p
        for c in set(quiet):
            kinds[c] = kinds.get(c, 0) + p
    return reveal, counts, kinds, odd


def engine_fight(s: State, moves: tuple[str, ...] = ()) -> dict[str, Fraction]:
    """The current fight as the engine plays it: ``moves`` in order, then "resolve the fight", every chance
    outcome walked until the rules leave this fight. Classified by what the rules did: the fighter destroyed
    (overpowered, or structure 0), damaged (more damage cards), or won (the enemy discarded)."""
    fighter = s.fight.player
    enemy = s.enemies[s.fight.enemy].name
    frontier = {(s, 0): Fraction(1)}
    for m in moves:
        frontier = {(t.apply(m), i): p for (t, i), p in frontier.items()}
        frontier = _spread(frontier, lambda t, _: t.stage == "fight" and bool(t.pending))
    out = {"win": Fraction(0), "damaged": Fraction(0), "destroyed": Fraction(0), "overpowered": Fraction(0)}
    for (t, _), p in frontier.items():
        if t.is_terminal():
            out["overpowered" if "overpowered" in t.outcome else "destroyed"] += p
            continue
        damage = len(t.players[fighter].damage)
        after = _spread({(t.apply("resolve the fight"), 0): Fraction(1)},
                        lambda u, _: u.stage == "fight" and u.fight is not None and u.fight.resolved)
        for (u, _), q in after.items():
            f = u.players[fighter]
            if "overpowered" in u.outcome:
                out["overpowered"] += p * q
            elif f.destroyed:
                out["destroyed"] += p * q
            elif len(f.damage) > damage:
                out["damaged"] += p * q
            else:
                assert u.attack_discard.count(enemy) > t.attack_discard.count(enemy), "neither damaged nor won"
                out["win"] += p * q
    return out
