"""Exact odds for Star Realms: the next hand, its Trade and Combat, a card's arrival, lethal, buys.

Everything is conditioned on what ``player`` knows: their own deck's composition
(not its order, except a known top), their discard pile and their bases. Answers
are exact (``Fraction``, :class:`~explorer.odds.Dist` with integer weights) and
cached by composition.

**Timing.** "The next hand" is the hand a player *starts their next turn with*:

* for a player of the turn group now moving (``player in state.members()``): the 5
  cards drawn at the end of this turn, after this turn's discard phase, so the
  discard pile the draw may reshuffle is ``discard + hand + ships in play`` (bases
  stay in play); cards bought later this turn are not included unless asked
  (:func:`compare_buys`);
* for any other player: the hand they hold now (they drew it at the end of their
  last turn), which they know.

During that turn the cards drawn by abilities come from what is left of the deck,
reshuffling the discard pile when it runs out (the play policy is described in
:mod:`explorer.games.star_realms.odds_hand`). The position must have no effect
waiting to resolve (``state.queue`` empty).

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> odds = trade_and_combat(s, 1)    # player 2 is not moving: their hand (5 Scouts) is known
>>> odds.trade.pmf(), odds.exact
({5: Fraction(1, 1)}, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd, lcm
from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.chance import multiset_draws
from explorer.games.star_realms.formats import protectors
from explorer.games.star_realms.odds_hand import TooLarge, engine, model, pairs_minus, sample_turn, start
from explorer.odds import Dist, Estimate, draw, estimate

HAND = 5
POLICY_NOTE = ("choices take the option worth most for the question; every card is played and every base used; "
               "optional scraps, discards and hand cycling are declined; scrap abilities are not used")
ASSUMES = "no cards are bought and no base is destroyed before that turn"


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


# --------------------------------------------------------------------------- positions
def _check(state: Any, player: int) -> None:
    if not isinstance(player, int) or not 0 <= player < len(state.players):
        raise ValueError(f"player must be a seat from 0 to {len(state.players) - 1}, got {player!r}")
    if state.queue:
        raise ValueError(f"resolve the pending effect first ({state.phase}); odds are asked in the main phase")


def _moving(state: Any, player: int) -> bool:
    return state.stage == "main" and player in state.members()


def _start_key(state: Any, player: int, extra: Multiset = Multiset(), top: tuple = ()) -> tuple:
    """What a player's next hand depends on, as hashable compositions (see the timing above)."""
    p = state.players[player]
    deck = Deck(top + p.deck.top, p.deck.middle, p.deck.bottom)
    if _moving(state, player):
        pile = p.discard + p.hand + Multiset(r.name for r in p.ships) + extra
        return ("draw", deck, pile)
    return ("known", p.hand, deck, p.discard + extra)


def _deal(deck: Deck, pile: Multiset, n: int = HAND) -> list[tuple[Multiset, Deck, Multiset, Fraction]]:
    """Draw ``n`` with the rules' reshuffle: ``(hand, deck after, discard after, probability)``."""
    if len(deck) >= n:
        return [(h, deck.after_draw_many(h), pile, p) for h, p in deck.draw_many_outcomes(n)]
    known = deck.contents()
    k = min(n - len(deck), len(pile))
    return [(known + m, Deck.shuffled(pile - m), Multiset(), p) for m, p in multiset_draws(pile, k)]


@lru_cache(maxsize=512)
def _starts(key: tuple) -> tuple[tuple[Multiset, Deck, Multiset, Fraction], ...]:
    """The start of the next turn as ``(hand, deck, discard, probability)`` (the sampled fallback's input)."""
    if key[0] == "known":
        _, hand, deck, discard = key
        return ((hand, deck, discard, Fraction(1)),)
    _, deck, pile = key
    return tuple(_deal(deck, pile))


Start = tuple[Multiset, tuple, tuple, int]  # hand, deck as (top, middle pairs, bottom), discard pairs, ways


@lru_cache(maxsize=512)
def _fast_starts(key: tuple) -> tuple[tuple[Start, ...], int]:
    """The starts of :func:`_starts` in the same order, on plain tuples, with integer ways and their total."""
    if key[0] == "known":
        _, hand, deck, discard = key
        return ((hand, (deck.top, deck.middle.items(), deck.bottom), discard.items(), 1),), 1
    _, deck, pile = key
    if len(deck) >= HAND:
        from_top = deck.top[:HAND]
        from_middle = min(HAND - len(from_top), len(deck.middle))
        from_bottom = deck.bottom[: HAND - len(from_top) - from_middle]
        known = Multiset(from_top) + Multiset(from_bottom)
        top, bottom = deck.top[len(from_top):], deck.bottom[len(from_bottom):]
        middle, discard = deck.middle.items(), pile.items()
        drawn = draw(deck.middle, from_middle)
        return tuple((known + m if known else m, (top, pairs_minus(middle, m.items()), bottom), discard, w)
                     for m, w in zip(drawn.outcomes, drawn.weights)), drawn.total
    known = deck.contents()
    drawn = draw(pile, min(HAND - len(deck), len(pile)))
    pairs = pile.items()
    return tuple((known + m, ((), pairs_minus(pairs, m.items()), ()), (), w)
                 for m, w in zip(drawn.outcomes, drawn.weights)), drawn.total


def _bases(state: Any, player: int) -> tuple[str, ...]:
    return tuple(sorted(r.name for r in state.players[player].bases))


# --------------------------------------------------------------------------- 1. next hand
def next_hand(state: Any, player: int) -> Dist:
    """The exact distribution of ``player``'s next hand, as multisets of card names.

    See the module docstring for *when* (the end of this turn for the player
    moving, including the reshuffle of ``discard + hand + ships in play`` when the
    deck holds fewer than 5; the current hand for anyone else).

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> d = next_hand(s, 0)    # player 1 holds 3 Scouts; the deck is 5 Scouts and 2 Vipers
    >>> d.p(Multiset({"Scout": 5})), len(d.outcomes)
    (Fraction(1, 21), 3)
    """
    _check(state, player)
    return _next_hand(_start_key(state, player))


@lru_cache(maxsize=512)
def _next_hand(key: tuple) -> Dist:
    starts, _ = _fast_starts(key)
    g = gcd(*(w for *_, w in starts))
    return Dist({hand: w // g for hand, *_, w in starts})


# --------------------------------------------------------------------------- 2. trade and combat
@lru_cache(maxsize=512)
def _hand_odds(game: Any, key: tuple, bases: tuple[str, ...]) -> HandOdds:
    notes = [POLICY_NOTE, ASSUMES]
    try:
        by_trade, by_combat = _exact(game, key, bases)
    except TooLarge as err:
        return _sampled(game, _starts(key), bases, notes + [f"too large to enumerate ({err}); sampled"])
    return HandOdds(trade=by_trade.map(lambda o: o[0]), combat=by_combat.map(lambda o: o[1]),
                    joint=by_combat.map(lambda o: (o[0], o[1])), exact=True, notes=tuple(notes),
                    plays=by_combat)


def _exact(game: Any, key: tuple, bases: tuple[str, ...]) -> tuple[Dist, Dist]:
    """The exact distributions of ``(trade, combat, destroys)`` playing for Trade and for Combat.

    When the hand is dealt from the deck alone, the starts whose turn never reaches the discard pile
    are summed once per deck and bases and kept: another discard pile (a card bought, see
    :func:`compare_buys`) recomputes only the starts that reshuffle it.
    """
    e = engine(game)
    if e.size() > e.budget // 2:
        e.clear()
    starts, _ = _fast_starts(key)
    placed = Multiset(bases).items()
    shared = key[0] == "draw" and len(key[1]) >= HAND
    part = e.partials.get((key[1], placed)) if shared else None
    results: list[tuple[int, tuple, tuple]] = []
    if part is None:
        kept: list[tuple[int, tuple, tuple]] = []
        again: list[Start] = []
        for start in starts:
            hand, deck, discard, ways = start
            value, *shifts = e.root(hand.items(), placed, deck, discard)
            if value[4]:  # reached the discard pile: depends on it
                again.append(start)
            else:
                kept.append((ways, value, shifts))
            results.append((ways, value, shifts))
        if shared:
            e.partials[(key[1], placed)] = (_combine(kept), again)
    else:
        combined, again = part
        results.append((1, combined, ((0, 0, 0), (0, 0, 0))))
        discard = key[2].items()
        for hand, deck, _, ways in again:
            value, *shifts = e.root(hand.items(), placed, deck, discard)
            results.append((ways, value, shifts))
    final = _combine(results)
    dists = []
    for pairs in (final[0], final[2]):
        g = gcd(*(w for _, w in pairs))
        dists.append(Dist({o: w // g for o, w in pairs}))
    return dists[0], dists[1]


def _combine(parts: list[tuple[int, tuple, tuple]]) -> tuple:
    """``sum(ways * value)``, each value's outcomes shifted, as one value (integer weights, one total each).

    Parts with the same value and shifts (many hands end the turn without drawing) are added up first.
    """
    grouped: dict[tuple, list] = {}
    for ways, value, shifts in parts:
        k = (id(value), *shifts)
        found = grouped.get(k)
        if found is None:
            grouped[k] = [ways, value, shifts]
        else:
            found[0] += ways
    if not grouped:
        return ((), 1, (), 1, False)
    combined: list = []
    for which in (0, 1):
        p, q = 2 * which, 2 * which + 1
        common = lcm(*[value[q] for _, value, _ in grouped.values()])
        out: dict = {}
        get = out.get
        for ways, value, shifts in grouped.values():
            f = ways * (common // value[q])
            dt, dc, dd = shifts[which]
            for (a, b, c), w in value[p]:
                o = (a + dt, b + dc, c + dd)
                out[o] = get(o, 0) + f * w
        combined += [tuple(out.items()), common]
    return (*combined, False)


def _sampled(game: Any, starts: tuple, bases: tuple[str, ...], notes: list[str], trials: int = 4000,
             seed: int = 2026) -> HandOdds:
    from numpy.random import default_rng

    rng = default_rng(seed)
    weights = [p for *_, p in starts]
    runs: dict[str, list[tuple[int, int, int]]] = {"trade": [], "combat": []}
    for objective in runs:
        m = model(game, objective)
        for _ in range(trials):
            i = int(rng.choice(len(starts), p=[float(w) for w in weights]))
            hand, deck, discard, _ = starts[i]
            runs[objective].append(sample_turn(game, objective, start(m, hand, bases, deck, discard), rng))
    combat_values = [o[1] for o in runs["combat"]]
    est = estimate(lambda r: combat_values[int(r.integers(0, len(combat_values)))], trials=trials, seed=seed)
    count = lambda xs: Dist.from_weights(xs, [1] * len(xs))  # noqa: E731
    return HandOdds(trade=count([o[0] for o in runs["trade"]]), combat=count(combat_values),
                    joint=count([(o[0], o[1]) for o in runs["combat"]]), exact=False,
                    notes=tuple(notes + [f"estimate: {trials} sampled turns, seed {seed}"]), estimate=est,
                    plays=count(runs["combat"]))


def trade_and_combat(state: Any, player: int) -> HandOdds:
    """Trade and Combat ``player`` will have from their next hand (timing: module docstring).

    Counts the primary abilities of every card played, ally abilities (cards drawn
    together and bases still in play), bases in play, Fleet HQ, and the cards
    drawn by abilities, exactly, by recursion over what is left of the deck.
    Choices ``+X Trade or +Y Combat`` take the maximising option *per question*.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> odds = trade_and_combat(s, 0)    # the 5 of a deck of 5 Scouts and 2 Vipers
    >>> odds.trade.pmf()[5], odds.combat.at_least(1), odds.joint.p((3, 2))
    (Fraction(1, 21), Fraction(20, 21), Fraction(10, 21))
    """
    _check(state, player)
    return _hand_odds(state.game, _start_key(state, player), _bases(state, player))


# 3. a card's arrival: p_card_within, expected_turns_until, TurnsUntil (odds_cycle.py, re-exported)


# --------------------------------------------------------------------------- 4. lethal
@dataclass(frozen=True)
class LethalOdds:
    """P(``attacker`` deals at least ``needed`` Combat to ``defender`` on their next turn)."""

    probability: Fraction
    needed: int
    authority: int
    outposts: tuple[tuple[str, int], ...]
    combat: Dist
    explanation: str
    exact: bool


def lethal(state: Any, attacker: int, defender: int, n: int | None = None) -> LethalOdds:
    """The probability that ``attacker`` can bring ``defender`` to 0 Authority on their next turn.

    Uses the attacker's own knowledge of their cards (their next hand, timing in
    the module docstring) played for Combat. By default the Combat needed is the
    defender's Authority plus the Defense of every Outpost protecting them (they
    must be destroyed first); a "destroy target base" ability fired in the same
    turn removes the strongest Outpost instead. With ``n`` given, the question is
    simply P(Combat >= n). Assumes the defender's Authority and bases stay as they
    are until then.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> lethal(s, 0, 1, n=1).probability, lethal(s, 0, 1).probability
    (Fraction(20, 21), Fraction(0, 1))
    """
    _check(state, attacker)
    fmt = state.fmt
    authority = state.authority[fmt.lives[defender]]
    outposts = tuple(sorted(((r.name, state.card(r.name).defense) for q in protectors(fmt, defender, state.alive)
                             for r in state.players[q].bases if state.card(r.name).is_outpost),
                            key=lambda x: -x[1]))
    odds = trade_and_combat(state, attacker)
    walls = [d for _, d in outposts]
    if n is None:
        need = lambda destroys: authority + sum(walls[destroys:])  # noqa: E731
        needed = authority + sum(walls)
    else:
        need = lambda destroys: n  # noqa: E731
        needed = n
    total = sum((p for (_, combat, destroys), p in odds.plays.pmf().items() if combat >= need(destroys)),
                Fraction(0))
    who = f"player {attacker + 1}"
    if n is None:
        wall = " + ".join(f"{name} {d}" for name, d in outposts)
        what = f"{authority} Authority" + (f" + outposts {wall}" if outposts else "")
        explanation = f"{who} needs {needed} Combat ({what}) against player {defender + 1}"
        if outposts:
            explanation += "; each 'destroy target base' ability fired removes the strongest outpost instead"
    else:
        explanation = f"{who} needs {needed} Combat"
    explanation += (f"; P = {total} ({float(total):.2%}); expected Combat {float(odds.combat.mean()):.2f}; "
                    f"{ASSUMES}")
    return LethalOdds(total, needed, authority, outposts, odds.combat, explanation, odds.exact)




# --------------------------------------------------------------------------- 5. buy comparison
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
    from explorer.games.star_realms.rules import explorer_available, trade_available

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
    (``player`` must be moving now).

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> rows = compare_buys(s, 0, ["Explorer"])
    >>> [(r.card, str(r.odds.trade.mean())) for r in rows]
    [('(no buy)', '25/7'), ('Explorer', '25/7')]
    """
    _check(state, player)
    if not _moving(state, player):
        raise ValueError(f"player {player + 1} is not moving now: only the player moving can buy")
    p = state.players[player]
    names = buyable(state, player) if cards is None else tuple(cards)
    bases = _bases(state, player)
    first = _start_key(state, player)  # ("draw", deck, pile): a bought card joins the pile
    rows = [BuyOdds("(no buy)", 0, False, _hand_odds(state.game, first, bases), "the next hand as things stand")]
    for name in names:
        card = state.card(name)
        key = ("draw", first[1], first[2].add(name))
        short = len(p.deck) < HAND
        note = ("to the discard pile: the deck holds fewer than 5, so it can be in the next hand" if short else
                "to the discard pile: in the next hand only through a reshuffle by a draw ability")
        rows.append(BuyOdds(name, card.cost, False, _hand_odds(state.game, key, bases), note))
        if p.next_ship_to_top and card.is_ship:
            key = _start_key(state, player, top=(name,))
            rows.append(BuyOdds(name, card.cost, True, _hand_odds(state.game, key, bases),
                                "on top of the deck: certainly in the next hand"))
    return tuple(rows)


def cache_clear() -> None:
    """Forget every cached answer (the benchmark times cold questions after this)."""
    from explorer.games.star_realms import odds_hand

    from explorer.games.star_realms import odds_cycle

    _starts.cache_clear()
    _fast_starts.cache_clear()
    _next_hand.cache_clear()
    _hand_odds.cache_clear()
    odds_cycle._survival.cache_clear()
    odds_hand.model.cache_clear()
    odds_hand.engine.cache_clear()


from explorer.games.star_realms.odds_cycle import TurnsUntil, expected_turns_until, p_card_within  # noqa: E402

__all__ = ["BuyOdds", "HandOdds", "LethalOdds", "TurnsUntil", "buyable", "cache_clear", "compare_buys",
           "expected_turns_until", "lethal", "next_hand", "p_card_within", "trade_and_combat"]
