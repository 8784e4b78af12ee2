"""The Star Realms odds' engine: the budget, the next hand, and the Trade and Combat of the next turn.

Every question of :mod:`explorer.games.star_realms.odds` (the module callers import; timing and knowledge
are in its docstring) is answered here or built on :func:`answer` and :data:`BUDGET`: the lethal check
(:mod:`.odds.lethality`) and the buy comparison (:mod:`.odds.buys`) import this module, and ``odds`` imports
all three and re-exports their names, so the odds modules import in one direction. The exact walk over the
starts of the next turn is :mod:`.odds.exact`, the turn model :mod:`.odds.hand`, the estimate past the
budget seeded sampling (:mod:`.odds.sampled`).

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> found = answer(s, 1)    # player 2 is not moving: their hand (5 Scouts) is known
>>> found.trade.pmf(), found.exact
({5: Fraction(1, 1)}, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.rng import new_generator
from explorer.errors import RulesError
from explorer.games.star_realms.odds.exact import deal_starts, exact_outcomes, weighted_dist
from explorer.games.star_realms.odds.hand import Outcome, TooLarge, engine, model, sample_turn, start
from explorer.games.star_realms.odds.position import (bases_of, cards_to_draw, check_position, hand_being_drawn,
                                                      rest_model, rest_turn, start_branches)
from explorer.games.star_realms.odds.sampled import mean_estimate, sample_deal, start_sampler
from explorer.games.star_realms.odds.tuples import Pairs
from explorer.odds import Dist, Estimate
from explorer.odds.limits import MAX_DRAW_OUTCOMES, TooManyDraws

SCRAPS_DECLINED = "scrap abilities are not used"
SCRAPS_USED = "scrap abilities that add Combat or destroy a base are used once everything else is played"
POLICY_NOTE = ("choices take the option worth most for the question; every card is played and every base used; "
               "optional scraps, discards and hand cycling are declined; " + SCRAPS_DECLINED)
ASSUMES = "no cards are bought and no base is destroyed before that turn"


@dataclass(frozen=True)
class Budget:
    """How long one odds question may run exactly, and how the estimate that replaces it is sampled.

    ``exact_seconds``: the exact engine stops after this (and after ``states``
    memoised turn states, which bounds memory) and the question is answered by
    seeded sampling of whole turns for up to ``sample_seconds`` (at least
    ``min_trials``, at most ``trials`` turns per question), marked ``exact=False``.
    A question made of several (the lethal check: with and without scraps; the
    buy comparison: a row per card) shares one budget among its parts.
    """

    exact_seconds: float = 0.45
    states: int = 120_000
    sample_seconds: float = 0.3
    min_trials: int = 20
    trials: int = 4000
    seed: int = 2026


BUDGET = Budget()
"""The budget every question uses; ``odds.set_budget`` changes it (the benchmark and tests do): read it at call
time (``next_turn.BUDGET``), never bound by a ``from`` import, which would keep the old one."""


def replace_budget(**changes: Any) -> Budget:
    """Change :data:`BUDGET` (fields of :class:`Budget`) and return the old one; the caches stay.

    :func:`explorer.games.star_realms.odds.set_budget` calls this and then forgets every cached answer, of
    this module and of the questions built on it.

    >>> old = replace_budget(exact_seconds=2.0)
    >>> old.exact_seconds, replace_budget(**old.__dict__).exact_seconds   # the default, then the 2.0 it replaces
    (0.45, 2.0)
    """
    global BUDGET
    old = BUDGET
    unknown = sorted(set(changes) - set(Budget.__dataclass_fields__))
    if unknown:
        raise ValueError(f"unknown budget field {unknown[0]!r}; known: {sorted(Budget.__dataclass_fields__)}")
    BUDGET = replace(old, **changes)
    return old


@dataclass(frozen=True)
class HandOdds:
    """Trade and Combat of a next hand. ``joint`` pairs ``(trade, combat)`` when playing for Combat.

    ``trade`` is computed with every choice made for Trade, ``combat`` with every
    choice made for Combat (ties broken by the other resource). ``exact`` is
    False only when the turn was too large to enumerate; then the Dists are the
    sampled frequencies and ``estimate`` holds the interval of mean Combat.
    """

    trade: Dist
    combat: Dist
    joint: Dist
    exact: bool
    notes: tuple[str, ...]
    plays: Dist
    estimate: Estimate | None = None


# --------------------------------------------------------------------------- 1. next hand
def next_hand(state: Any, player: int) -> Dist:
    """The exact distribution of ``player``'s next hand, as multisets of card names.

    See the module docstring for *when* (the end of this turn for the player
    moving, after the cards still in hand are played, including the reshuffle of
    ``discard + hand + ships in play`` when the deck holds fewer than 5; the
    current hand for anyone else). While that hand is being drawn (the draw at the end of a turn or the
    setup's, a chance node), it is the hand being drawn (:func:`.odds.position.hand_being_drawn`). When
    the rest of this turn is too large to play out exactly, a ``RulesError`` says so (the Trade and Combat
    questions sample instead; a list of hands has no estimate).

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> d = next_hand(s, 0)    # player 1 holds 3 Scouts; the deck is 5 Scouts and 2 Vipers
    >>> d.p(Multiset({"Scout": 5})), len(d.outcomes)
    (Fraction(1, 21), 3)
    """
    if isinstance(player, int) and 0 <= player < len(state.players):
        try:
            drawing = hand_being_drawn(state, player)  # the hand being drawn now is the next hand
        except TooLarge:  # a deck of many kinds: no list of hands, and no estimate stands in for one
            raise RulesError(f"Player {player + 1}'s next hand, being drawn, has more than {MAX_DRAW_OUTCOMES:,} "
                             "possible hands to list; the Trade and Combat odds sample it instead.") from None
        if drawing is not None:
            probs: dict[Multiset, Fraction] = {}
            for hand, p in drawing:
                probs[hand] = probs.get(hand, 0) + p
            return weighted_dist(probs)
    check_position(state, player)
    try:
        return _next_hand(start_branches(state, player))
    except (TooLarge, TooManyDraws) as err:  # no estimate stands in for a list of hands: say why there is none
        raise RulesError(f"Player {player + 1}'s next hand cannot be listed exactly from this position: "
                         f"{err}.") from None


@lru_cache(maxsize=512)
def _next_hand(branches: tuple) -> Dist:
    by_pairs: dict[Pairs, Fraction] = {}
    for weight, key, _ in branches:
        starts, total = deal_starts(key)
        for hand, *_, w in starts:
            by_pairs[hand] = by_pairs.get(hand, 0) + weight * Fraction(w, total)
    return weighted_dist({Multiset(dict(hand)): p for hand, p in by_pairs.items()})


# --------------------------------------------------------------------------- 2. trade and combat
@lru_cache(maxsize=512)
def _hand_odds(game: Any, branches: tuple, scraps: bool = False, share: float = 1.0) -> HandOdds:
    found = exact_odds(game, branches, scraps, share)
    if found is not None:
        return found
    return estimated_odds(game, branches, scraps, share)


def estimated_odds(game: Any, branches: tuple, scraps: bool = False, share: float = 1.0) -> HandOdds:
    """The seeded estimate of the starts ``branches`` (``share`` of :data:`BUDGET`'s sampling time), for a
    question :func:`exact_odds` could not answer in its budget (the notes say why)."""
    why = _FAILED.get((game, branches, scraps), (0.0, "not enumerated"))[1]
    return _sampled(game, start_sampler(branches), _notes(branches, scraps) +
                    [f"too large to enumerate in the budget ({why})"], scraps, share)


def _policy(scraps: bool) -> str:
    """The play policy, as the notes say it (scrap abilities used or not)."""
    return POLICY_NOTE if not scraps else POLICY_NOTE.replace(SCRAPS_DECLINED, SCRAPS_USED)


def _notes(branches: tuple, scraps: bool) -> list[str]:
    notes = [_policy(scraps), ASSUMES]
    if any(key[0] == "draw" for _, key, _ in branches) and len(branches) > 1:
        notes.append(f"the rest of this turn can end {len(branches)} ways (cards drawn by the hand still held)")
    return notes


_EXACT: dict[tuple, HandOdds] = {}
"""Exact answers by ``(game, branches, scraps)``, whatever share of the budget found them (bounded, oldest out)."""
_FAILED: dict[tuple, tuple[float, str]] = {}
"""The largest share of the budget each key ran out of, and why: a smaller or equal share is not tried again."""
_KEPT = 512


def exact_odds(game: Any, branches: tuple, scraps: bool = False, share: float = 1.0,
               spent: float = 0.0) -> HandOdds | None:
    """The exact :class:`HandOdds` of the starts ``branches`` (:func:`~.odds.position.start_branches`), or
    ``None`` when the engine runs past ``share`` of :data:`BUDGET`'s ``exact_seconds`` or its turn states.

    ``spent``: seconds the question already took (playing out the rest of this turn), taken from that
    share. An exact answer is kept whatever share found it; a failure is remembered with its share, so a
    caller with no more time (the buy comparison's rows, a panel redraw) does not pay for it again.
    """
    key = (game, branches, scraps)
    found = _EXACT.get(key)
    if found is not None:
        return found
    failed = _FAILED.get(key)
    if failed is not None and failed[0] >= share:
        return None
    notes = _notes(branches, scraps)
    deadline = time.perf_counter() + BUDGET.exact_seconds * share - spent
    e = engine(game, scraps)
    try:
        trade: dict[Outcome, Fraction] = {}
        combat: dict[Outcome, Fraction] = {}
        for weight, k, bases in branches:
            for_trade, for_combat = exact_outcomes(e, k, bases, deadline)
            for target, got in ((trade, for_trade), (combat, for_combat)):
                for o, p in got.items():  # p adds up to 1 over the key's starts: the branch weighs by weight alone
                    target[o] = target.get(o, 0) + weight * p
    except (TooLarge, TooManyDraws) as err:  # past the budget, or a deal with too many hands to list
        e.clear()
        _keep(_FAILED, key, (share, str(err)))
        return None
    by_trade, by_combat = weighted_dist(trade), weighted_dist(combat)
    found = HandOdds(trade=by_trade.map(lambda o: o[0]), combat=by_combat.map(lambda o: o[1]),
                     joint=by_combat.map(lambda o: (o[0], o[1])), exact=True, notes=tuple(notes), plays=by_combat)
    _keep(_EXACT, key, found)
    return found


def _keep(memo: dict, key: tuple, value: Any) -> None:
    if len(memo) >= _KEPT:
        del memo[next(iter(memo))]
    memo[key] = value


def _sampled(game: Any, first: Any, notes: list[str], scraps: bool = False, share: float = 1.0) -> HandOdds:
    """Seeded sampling of whole turns, both questions, until :data:`BUDGET` runs out: an estimate.

    ``first(rng)`` samples the start of the next turn as ``(hand, deck, discard, bases)``.
    """
    budget = BUDGET
    seed = budget.seed
    rng = new_generator(seed)
    runs: dict[str, list[tuple[int, int, int]]] = {"trade": [], "combat": []}
    models = {o: model(game, o, scraps) for o in runs}
    stop = time.perf_counter() + budget.sample_seconds * share
    while len(runs["combat"]) < budget.trials and (len(runs["combat"]) < budget.min_trials
                                                   or time.perf_counter() < stop):
        hand, deck, discard, bases = first(rng)
        for objective, m in models.items():
            runs[objective].append(sample_turn(m, start(m, hand, bases, deck, discard), rng))
    trials = len(runs["combat"])
    combat_values = [o[1] for o in runs["combat"]]
    est = mean_estimate(combat_values, seed)
    def count(xs: list[Any]) -> Dist:
        return Dist.from_weights(xs, [1] * len(xs))

    return HandOdds(trade=count([o[0] for o in runs["trade"]]), combat=count(combat_values),
                    joint=count([(o[0], o[1]) for o in runs["combat"]]), exact=False,
                    notes=tuple(notes + [f"estimate: {trials} sampled turns, seed {seed}; mean Combat "
                                         f"{est.value:.2f} (95% interval {est.low:.2f} to {est.high:.2f})"]),
                    estimate=est, plays=count(runs["combat"]))


def answer(state: Any, player: int, extra: Multiset = Multiset(), top: tuple = (), scraps: bool = False,
           share: float = 1.0, seen: Any = None) -> HandOdds:
    """The odds of ``player``'s next turn: the engine of every public question of ``odds``, ``odds.lethality``
    and ``odds.buys``.

    ``extra`` / ``top``: a card bought (to the discard pile / on top of the deck);
    ``scraps``: scrap abilities for Combat are played; sampled past ``share`` of
    :data:`BUDGET`. ``seen``: asked by another seat, who does not see the hand
    (a :class:`~.odds.knowledge.Seen`; ``None``: the player's own knowledge).
    """
    began = time.perf_counter()
    try:
        branches = start_branches(state, player, extra, top, seen)
    except TooLarge as err:
        if seen is None and cards_to_draw(state, player):  # the hand being drawn has too many hands to list
            return _sampled_draw(state, player, extra, top, scraps, str(err), share)
        return _sampled_rest(state, player, extra, top, scraps, str(err), share)
    spent = time.perf_counter() - began
    if spent > 0.01:  # the rest of this turn was played out now: its time counts against the exact budget
        exact_odds(state.game, branches, scraps, share, spent)
    return _hand_odds(state.game, branches, scraps, share)


@lru_cache(maxsize=64)
def _sampled_rest(state: Any, player: int, extra: Multiset, top: tuple, scraps: bool, why: str,
                  share: float = 1.0) -> HandOdds:
    """Sample the rest of this turn too (it was too large to play out exactly), then the next turn."""
    m = rest_model(state.game)
    t = rest_turn(state, player)
    assert t is not None, "only the rest of a turn with cards left to play is too large to play out exactly"

    def first(rng: Any) -> tuple:
        deck, pile, bases = m.sample(t, rng)
        deck = Deck(top + deck.top, deck.middle, deck.bottom)
        return (*sample_deal(deck, pile + extra, rng), bases)

    notes = [_policy(scraps), ASSUMES, f"the rest of this turn is too large to play out exactly ({why})"]
    return _sampled(state.game, first, notes, scraps, share)


@lru_cache(maxsize=64)
def _sampled_draw(state: Any, player: int, extra: Multiset, top: tuple, scraps: bool, why: str,
                  share: float = 1.0) -> HandOdds:
    """Sample the hand being drawn too (it has too many possible hands to list), then the turn it starts."""
    me, left, bases = state.players[player], cards_to_draw(state, player), bases_of(state, player)

    def first(rng: Any) -> tuple:
        drawn, deck, pile = sample_deal(me.deck, me.discard, rng, left)
        return me.hand + drawn, Deck(top + deck.top, deck.middle, deck.bottom), pile + extra, bases

    notes = [_policy(scraps), ASSUMES, f"{why}: the hand being drawn is sampled, then the turn it starts"]
    return _sampled(state.game, first, notes, scraps, share)


def clear() -> None:
    """Forget this module's cached answers (:func:`explorer.games.star_realms.odds.cache_clear` calls it)."""
    _next_hand.cache_clear()
    _hand_odds.cache_clear()
    _EXACT.clear()
    _FAILED.clear()
    _sampled_rest.cache_clear()
    _sampled_draw.cache_clear()
