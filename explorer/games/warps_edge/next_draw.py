"""Where the next draw of 5 comes from, and what the rules do when the bag cannot supply it.

The pilot knows what is in the bag, not its order, so the next step-4 draw is a
draw without replacement from a known composition: the bag itself, or, when the
bag holds fewer than 5 tokens, the bag after the warp ends and the tokens are
reset (seed §4 step 4, RULES.md "End of a warp"). Step 3's shield damage first
removes tokens from the discard, the pilot's choice, taken as the cheapest and
said so (:func:`next_draw_assumption`).

A short bag is answered as the engine resolves it: if even the reset bag holds
fewer than 5 tokens, every warp left ends at once, the last one ends the game
(the pilot loses), and nothing is drawn (:func:`lost_at_warp_end`). The odds then
say so instead of asking for 5 tokens out of 4.

>>> from explorer.games.warps_edge.odds import example_position
>>> pos = example_position()
>>> len(next_draw_population(pos)), lost_at_warp_end(pos)
(11, False)
"""

from __future__ import annotations

from explorer.core import Multiset
from explorer.odds import Dist, draw
from explorer.games.warps_edge.rules import section_attacks
from explorer.games.warps_edge.state import WarpsEdgeState

HAND = 5
"""Tokens in a step-4 draw (seed §4 step 4)."""

NOTHING_DRAWN: Multiset[str] = Multiset()
"""The outcome of a next draw that never happens: the game ends before it."""


def discard_after_step_2(state: WarpsEdgeState) -> Multiset:
    """The discard as step 3 finds it: in step 2 the pool and unfinished skill payments join it (seed §4).

    >>> from explorer.games.warps_edge.odds import example_position
    >>> discard_after_step_2(example_position("actions"))
    Multiset({})
    """
    discard = state.discard
    if state.stage == "actions":
        discard = discard + state.pool
        for card in state.skills:
            discard = discard + card.tokens
    return discard


def step_3_removals(state: WarpsEdgeState) -> int:
    """How many tokens the rest of step 3 removes from the discard, if nothing more is stunned.

    Seed §4 step 3: each point of shield damage removes one token from the discard (as many as it
    holds). In step 2 every attacker not stunned now will attack; during step 3 the attackers still
    to come, plus a removal already waiting. Armor (an ongoing skill) lowers each attack.

    >>> from explorer.games.warps_edge.odds import example_position
    >>> step_3_removals(example_position("actions"))   # 9 damage on 8 shields, an empty discard
    0
    """
    if state.stage not in ("actions", "attacks") or state.outcome:
        return 0
    discard = len(discard_after_step_2(state))
    shields = state.shields
    removed = 0
    if state.stage == "attacks" and state.pending and state.pending[0].kind == "remove":
        removed = min(state.pending[0].amount, discard)
        discard -= removed
    done = state.attack_index if state.stage == "attacks" else 0
    ship = state.data.mothership(state.mothership)
    n_row = len(state.row)
    for i, target in enumerate(state.row + state.sections):
        if i < done or not target.card or target.defeated or target.stunned:
            continue
        if i < n_row:
            attack = state.data.enemy(target.card).attack
        elif section_attacks(state, i - n_row):
            attack = ship.sections[i - n_row].attack
        else:
            continue
        to_shields = min(shields, max(0, attack - state.armor))
        shields -= to_shields
        take = min(to_shields, discard)
        removed, discard = removed + take, discard - take
    return removed


def removal_choice(state: WarpsEdgeState, tokens: Multiset, k: int) -> Multiset:
    """The ``k`` tokens the odds assume the pilot removes from ``tokens``: the cheapest first.

    The pilot chooses which tokens shield damage removes (RULES.md, step 3), so this is an assumption,
    stated with every answer that depends on it (:func:`next_draw_assumption`): lowest purchase cost
    first, then lowest value, then by id.

    >>> from explorer.games.warps_edge.odds import example_position
    >>> pos = example_position()
    >>> removal_choice(pos, pos.bag, 2)
    Multiset({'laser-1': 2})
    """
    order = sorted(map(str, tokens.elements()), key=lambda t: (state.token(t).cost, state.token(t).value, t))
    return Multiset(order[:k])


def next_draw_population(state: WarpsEdgeState) -> Multiset:
    """Where the next draw of 5 comes from: the bag, or, if it holds fewer than 5, the bag after the warp resets.

    In step 2 and step 3 the warp-end reset comes after the rest of step 3, whose shield damage removes
    tokens from the discard first (:func:`step_3_removals`); which ones is the pilot's choice, taken as
    the cheapest (:func:`removal_choice`, stated by :func:`next_draw_assumption`). The attacks assumed
    are those of every attacker not stunned now. The population may hold fewer than 5 tokens: then
    the draw never comes (:func:`lost_at_warp_end`).

    >>> from explorer.games.warps_edge.odds import example_position
    >>> len(next_draw_population(example_position()))
    11
    """
    if len(state.bag) >= HAND:
        return state.bag
    discard = discard_after_step_2(state)
    if state.stage == "plans":  # step 2 ended in the plans stage only when the pool is empty
        discard = discard + state.pool
    removals = step_3_removals(state)
    if removals:
        discard = discard - removal_choice(state, discard, removals)
    total = state.bag + discard
    for t in state.row + state.sections:
        total = total + t.tokens()
    if state.stage not in ("actions",):
        for card in state.skills:  # tokens paid towards a skill go to the discard at the end of step 2
            total = total + card.tokens
    return total


def lost_at_warp_end(state: WarpsEdgeState) -> bool:
    """Whether the bag cannot supply the next draw even after the warp resets, so the pilot loses first.

    The rules (RULES.md, "End of a warp"): a warp ends when the bag cannot supply 5; if the bag still
    holds fewer than 5 after the reset, that warp ends at once too, and so on until the last warp on
    the track ends, which loses the game. Nothing is drawn. (Same assumptions as the other answers:
    nothing bought, gained or stunned before the draw; shield damage removes the cheapest tokens.)

    >>> from explorer.games.warps_edge.odds import example_position
    >>> lost_at_warp_end(example_position().replace(bag=Multiset({"laser-1": 2})))
    True
    """
    return not state.outcome and len(next_draw_population(state)) < HAND


def next_draw_assumption(state: WarpsEdgeState) -> str:
    """The assumption the next-draw answers rest on, in words ("" when they rest on none beyond RULES.md).

    >>> from explorer.games.warps_edge.odds import example_position
    >>> next_draw_assumption(example_position())
    ''
    """
    if len(state.bag) >= HAND:
        return ""
    removals = step_3_removals(state)
    if removals:
        gone = removal_choice(state, discard_after_step_2(state), removals)
        text = (f"The bag holds fewer than 5 tokens: the warp ends after step 3, whose shield damage removes "
                f"{removals} token{'s' if removals != 1 else ''} from the discard first (no more stuns assumed); "
                f"you choose which — these odds assume the cheapest: {gone}.")
    elif state.stage in ("actions", "attacks"):
        text = ("The bag holds fewer than 5 tokens: the warp ends and the draw comes from the bag "
                "after the reset (nothing more is stunned, bought or gained).")
    else:
        text = ""
    if lost_at_warp_end(state):
        left = len(next_draw_population(state))
        text = (text.removesuffix(".").replace("the draw comes from the bag after the reset", "the tokens reset")
                or "The bag holds fewer than 5 tokens: the warp ends")
        text += (f"; the reset bag holds only {left} token{'s' if left != 1 else ''}, so every warp left ends at "
                 f"once and the pilot loses before any draw: nothing is drawn.")
    return text


def next_draw(state: WarpsEdgeState) -> Dist:
    """The next draw of 5 by token kind: a ``Dist`` over ``Multiset`` outcomes.

    When the pilot loses at the warp's end before drawing (:func:`lost_at_warp_end`), the one
    outcome is the empty draw, with probability 1: that is what the rules deal.

    >>> from explorer.games.warps_edge.odds import example_position
    >>> d = next_draw(example_position())
    >>> d.p(lambda m: m.count("kestrel-lance") == 1)
    Fraction(5, 11)
    >>> next_draw(example_position().replace(bag=Multiset({"laser-1": 2}))).pmf()
    {Multiset({}): Fraction(1, 1)}
    """
    population = next_draw_population(state)
    if len(population) < HAND and not state.outcome:
        return Dist({NOTHING_DRAWN: 1})
    return draw(population, min(HAND, len(population)))
