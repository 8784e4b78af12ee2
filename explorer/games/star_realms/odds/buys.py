"""The buy comparison: what buying a card now changes, on the next hand and over the next reshuffle cycle.

A bought card goes to the discard pile, so the next hand is usually the same
whatever is bought (:func:`compare_buys` shows exactly that, and the cases
where it is not: a deck short of 5, a draw ability that reshuffles, a ship
bought to the top). :func:`compare_buys_over_cycle` looks past it, so two buys
can be told apart: the turn the bought card first reaches the hand (exact, over
the draw / discard / reshuffle cycle) and the expected Trade and Combat of each
of the next 3 turns (the first exact; later turns by seeded sampling of whole
turns, the same seed for every card so that the differences are the cards').

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> rows = compare_buys(s, 0, ["Explorer"])
>>> [(r.card, str(r.odds.trade.mean())) for r in rows]
[('(no buy)', '25/7'), ('Explorer', '25/7')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from time import perf_counter
from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.rng import new_generator
from explorer.games.star_realms.odds import next_turn
from explorer.games.star_realms.odds.next_turn import HandOdds, answer, exact_odds
from explorer.games.star_realms.odds.cycle import TurnsUntil, survival_of, turns_until
from explorer.games.star_realms.odds.hand import Outcome, model, play_sampled, sample_turn, start
from explorer.games.star_realms.odds.model import Model, TooLarge, Turn
from explorer.games.star_realms.odds.position import (HAND, check_position, moving, rest_model, rest_turn,
                                                      start_branches, turn_end)
from explorer.games.star_realms.odds.sampled import mean_estimate, sample_deal, start_sampler
from explorer.games.star_realms.main_phase import explorer_available, trade_available
from explorer.errors import RulesError
from explorer.odds import Estimate

__all__ = ["BuyCycle", "BuyOdds", "TurnMeans", "buyable", "compare_buys", "compare_buys_over_cycle"]

@dataclass(frozen=True)
class BuyOdds:
    """The next hand's odds if ``card`` were bought now (``"(no buy)"`` for the baseline)."""

    card: str
    cost: int
    to_top: bool
    odds: HandOdds
    note: str


def buyable(state: Any, player: int) -> tuple[str, ...]:
    """Trade-row cards (and Explorer) ``player`` can afford now, in row order."""
    trade = trade_available(state, player)
    found = [c for c in state.row.kinds() if state.card(c).cost <= trade]
    if explorer_available(state) and state.card("Explorer").cost <= trade:
        found.append("Explorer")
    return tuple(found)


def compare_buys(state: Any, player: int, cards: Any = None) -> tuple[BuyOdds, ...]:
    """Side-by-side next-hand odds for each card ``player`` could buy now (default: every affordable one).

    A bought card goes to the discard pile, so it changes the next hand only if
    the deck runs short (the reshuffle at the end of this turn, or a draw ability
    next turn). While "the next ship you acquire goes on top" is active, a ship is
    also shown bought ``to top``: then it *is* the first card of the next hand.
    The first row is the baseline ``"(no buy)"``. Timing: module docstring
    (``player`` must be moving now; the card is bought once the hand is played).
    :func:`compare_buys_over_cycle` looks further.

    Example: the module docstring.
    """
    check_position(state, player)
    if not moving(state, player):
        raise RulesError(f"Player {player + 1} is not moving now, and only the player moving can buy.")
    p = state.players[player]
    names = buyable(state, player) if cards is None else tuple(cards)
    rows = [BuyOdds("(no buy)", 0, False, answer(state, player),
                    "the next hand as things stand")]
    for name in names:
        card = state.card(name)
        short = len(p.deck) < HAND
        note = ("to the discard pile: the deck holds fewer than 5, so it can be in the next hand" if short else
                "to the discard pile: in the next hand only through a reshuffle by a draw ability")
        rows.append(BuyOdds(name, card.cost, False, answer(state, player, extra=Multiset([name])), note))
        if p.next_ship_to_top and card.is_ship:
            rows.append(BuyOdds(name, card.cost, True, answer(state, player, top=(name,)),
                                "on top of the deck: certainly in the next hand"))
    return tuple(rows)


# --------------------------------------------------------------------------- over the next reshuffle cycle
BOUGHT = "(the card bought)"
"""The bought copy in the arrival question: told apart from copies already owned."""
TURNS = 3
MIN_TRIALS = 20
TRIALS = 100


@dataclass(frozen=True)
class TurnMeans:
    """Expected Trade and Combat of one of the next turns (1 = the next hand): exact, or a sampled :class:`Estimate`."""

    turn: int
    trade: Fraction | Estimate
    combat: Fraction | Estimate

    @property
    def exact(self) -> bool:
        return not isinstance(self.trade, Estimate)


@dataclass(frozen=True)
class BuyCycle:
    """One row of :func:`compare_buys_over_cycle`: ``card`` bought now (``"(no buy)"``: the baseline).

    ``arrives``: when the bought copy first reaches the hand (``None`` for the
    baseline); ``turns``: expected Trade and Combat of each of the next turns.
    """

    card: str
    cost: int
    to_top: bool
    arrives: TurnsUntil | None
    turns: tuple[TurnMeans, ...]
    note: str


def _end_of_turn(m: Model, t: Turn, rng: Any) -> tuple[Outcome, Deck, Multiset, tuple[str, ...]]:
    """One sampled turn played for Combat: its pools and where the cards go (deck, pile after discarding, bases)."""
    t = play_sampled(m, t, rng)
    return (m.outcome(t), *turn_end(m, t))


def _sample_turns(game: Any, first: Any, turns: int, trials: int, seed: int,
                  seconds: float | None) -> list[tuple[list[int], list[int]]]:
    """Up to ``trials`` seeded runs of the next ``turns`` turns (at least 20 past ``seconds``): per run, each turn's
    Trade and Combat."""
    rng = new_generator(seed)
    by_trade, by_combat = model(game, "trade"), model(game, "combat")
    runs: list[tuple[list[int], list[int]]] = []
    stop = perf_counter() + seconds if seconds is not None else float("inf")
    for _ in range(trials):
        if len(runs) >= MIN_TRIALS and perf_counter() > stop:
            break
        hand, deck, pile, bases = first(rng)
        trade, combat = [], []
        for _turn in range(turns):
            trade.append(sample_turn(by_trade, start(by_trade, hand, bases, deck, pile), rng)[0])
            pools, deck, pile, bases = _end_of_turn(by_combat, start(by_combat, hand, bases, deck, pile), rng)
            combat.append(pools[1])
            hand, deck, pile = sample_deal(deck, pile, rng)
        runs.append((trade, combat))
    return runs


def _first(state: Any, player: int, branches: tuple | None, extra: Multiset, top: tuple) -> Any:
    """A sampler of the next turn's start: from the exact ways this turn ends (``branches``), or, when they are
    too large (``None``), sampling the rest of the turn."""
    if branches is not None:
        return start_sampler(branches)
    else:
        m, t = rest_model(state.game), rest_turn(state, player)
        assert t is not None, "only the rest of a turn with cards left to play is too large to play out exactly"

        def first(rng: Any) -> tuple:
            deck, pile, bases = m.sample(t, rng)
            return (*sample_deal(Deck(top + deck.top, deck.middle, deck.bottom), pile + extra, rng), bases)
        return first


def _arrival(state: Any, player: int, to_top: bool, horizon: int) -> TurnsUntil:
    if to_top:
        return TurnsUntil(Fraction(1), (Fraction(1),), Fraction(0), Fraction(1), horizon)
    return turns_until(survival_of(state, player, BOUGHT, horizon, extra=Multiset([BOUGHT])), horizon)


def compare_buys_over_cycle(state: Any, player: int, cards: Any = None, *, turns: int = TURNS,
                            trials: int = TRIALS, seed: int | None = None, horizon: int = 12,
                            seconds: float | None = None) -> tuple[BuyCycle, ...]:
    """For each card ``player`` could buy now: when it first reaches the hand, and Trade and Combat per turn.

    The first row is the baseline ``"(no buy)"``; while "the next ship you acquire
    goes on top" is active a ship is also shown bought ``to top``. ``arrives`` is
    exact over the draw / discard / reshuffle cycle (5 cards a turn: draw
    abilities ignored, as in :func:`~.odds.cycle.p_card_within`). Turn 1's means
    are exact (:func:`compare_buys`); turns 2..``turns`` are sampled: ``trials``
    seeded runs per row, the same seed (:data:`~.odds.BUDGET`'s unless given) for
    every row, each with its 95% interval. Assumes nothing else is bought and no
    base is destroyed; the policy is the odds' (every card played).

    **Budget** (:data:`~.odds.BUDGET`, as every odds question): the exact parts
    share its ``exact_seconds`` (half to the baseline, half among the cards); a
    turn 1 that does not fit is sampled with the later turns and marked an
    estimate (``TurnMeans.exact`` False, the note says so). Sampling stops after
    ``seconds`` per row or the row's share of ``sample_seconds``, whichever is
    first, after at least 20 runs (the note says how many). Rows are kept, so
    asking for one card after another pays for the baseline once.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> row = compare_buys_over_cycle(s, 0, ["Explorer"], trials=20)[1]
    >>> row.arrives.expected, row.turns[0].trade      # the deck is 7 cards: the Explorer comes in turn 2, 3 or 4
    (Fraction(25, 9), Fraction(25, 7))
    """
    check_position(state, player)
    if not moving(state, player):
        raise RulesError(f"Player {player + 1} is not moving now, and only the player moving can buy.")
    if not isinstance(turns, int) or not 1 <= turns <= 6:
        raise ValueError(f"turns must be a whole number from 1 to 6, got {turns!r}")
    if not isinstance(trials, int) or not 2 <= trials <= 100_000:
        raise ValueError(f"trials must be a whole number from 2 to 100000, got {trials!r}")
    budget = next_turn.BUDGET  # read at call time: set_budget replaces it
    seed = budget.seed if seed is None else seed
    p = state.players[player]
    names = buyable(state, player) if cards is None else tuple(cards)
    options: list[tuple[str, int, bool]] = [("(no buy)", 0, False)]
    for name in names:
        options.append((name, state.card(name).cost, False))
        if p.next_ship_to_top and state.card(name).is_ship:
            options.append((name, state.card(name).cost, True))
    # One budget for the whole comparison (odds.BUDGET): half the exact time to the baseline, the other half
    # shared by the cards (they reuse the baseline's starts that never reach the discard pile); the sampling
    # time shared by every row. A row is kept, so asking for one card after another pays the baseline once.
    bought = len(options) - 1
    per_row = budget.sample_seconds / len(options)
    seconds = per_row if seconds is None else min(seconds, per_row)
    return tuple(_row(state, player, name, cost, to_top, turns, trials, seed, horizon, seconds,
                      0.5 if name == "(no buy)" else 0.5 / bought) for name, cost, to_top in options)


@lru_cache(maxsize=256)
def _row(state: Any, player: int, name: str, cost: int, to_top: bool, turns: int, trials: int, seed: int,
         horizon: int, seconds: float, share: float) -> BuyCycle:
    """One row of :func:`compare_buys_over_cycle`; turn 1 exact within ``share`` of the exact budget, else sampled
    with the later turns."""
    bought = name != "(no buy)"
    extra: Multiset[str]
    top: tuple[str, ...]
    extra, top = (Multiset([name]), ()) if bought and not to_top else (Multiset(), (name,) if to_top else ())
    began = perf_counter()
    try:
        branches = start_branches(state, player, extra, top)
    except TooLarge:
        branches = None
    spent = perf_counter() - began  # playing out the rest of this turn counts against the exact budget
    first = exact_odds(state.game, branches, share=share, spent=spent) if branches is not None else None
    runs = _sample_turns(state.game, _first(state, player, branches, extra, top), turns, trials, seed, seconds)
    means = []
    for t in range(turns):
        if t == 0 and first is not None:
            means.append(TurnMeans(1, first.trade.mean(), first.combat.mean()))
        else:
            means.append(TurnMeans(t + 1, mean_estimate([r[0][t] for r in runs], seed),
                                   mean_estimate([r[1][t] for r in runs], seed)))
    arrives = None
    if bought and branches is not None:  # else the rest of this turn is too large: said in the note
        arrives = _arrival(state, player, to_top, horizon)
    where = "on top of the deck" if to_top else "to the discard pile"
    sampled = f"turns {'1' if first is None else '2'} to {turns}: {len(runs)} sampled runs, seed {seed}"
    if first is None:
        sampled += " (turn 1 too large to enumerate in the time budget: estimate)"
    late = ("" if arrives is not None or not bought else
            "; the rest of this turn is too large to say exactly when it arrives")
    note = (f"{where}; {sampled}; nothing else bought{late}" if bought else f"as things stand; {sampled}")
    return BuyCycle(name, cost, to_top, arrives, tuple(means), note)


def clear() -> None:
    """Forget the kept rows (:func:`explorer.games.star_realms.odds.cache_clear`)."""
    _row.cache_clear()
