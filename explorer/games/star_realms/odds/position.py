"""Where the Star Realms odds start: the checks, the rest of this turn, and the start of the next one.

"The next hand" is the hand a player *starts their next turn with* (see
:mod:`explorer.games.star_realms.odds`). For a player of the turn group now
moving that hand is drawn at the end of this turn, so the cards still in their
hand matter first: the play policy plays every one of them (a Survey Ship draws
a card from the deck the next hand is dealt from; a base goes into play and stays
there, it does not go to the discard pile). :func:`rest_of_turn` plays them
through the real rules and gives every way this turn can end, as
``(probability, deck, discard pile, bases in play)``; :func:`start_branches` turns
that into the starts the turn model evaluates.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> [(p, len(d), sorted(pile.items())) for p, d, pile, _ in rest_of_turn(s, 0)]
[(Fraction(1, 1), 7, [('Scout', 3)])]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from time import perf_counter
from collections.abc import Iterable
from typing import Any, cast

from explorer.core import Deck, Multiset
from explorer.core.chance import multiset_draws
from explorer.errors import RulesError
from explorer.games.star_realms.odds.hand import play_sampled
from explorer.games.star_realms.odds.model import Model, TooLarge, Turn
from explorer.odds.limits import MAX_DRAW_OUTCOMES, TooManyDraws

HAND = 5
REST_LIMIT = 3_000
"""Most turn states the rest of this turn may pass through before the odds call it too large."""
REST_SECONDS = 0.2
"""Most seconds the rest of this turn may take exactly before the odds call it too large."""

Branch = tuple[Fraction, tuple, tuple[str, ...]]
"""``(probability, start key, bases in play)``: one way the next turn can start."""


def check_position(state: Any, player: int, *, while_drawing: bool = False) -> None:
    """Refuse a seat that does not exist, or a position with an effect still waiting to resolve.

    ``while_drawing``: the question also answers while hands are being drawn (:func:`drawing_only`): the
    hand being drawn is the next hand (:func:`start_branches`), and every other hand is held.
    """
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(state.players):
        raise RulesError(f"player must be a seat from 0 to {len(state.players) - 1}, got {player!r}")
    if state.queue and not (while_drawing and drawing_only(state)):
        raise RulesError(f"The odds are asked in the main phase with no pending effect, and now the rules wait for "
                         f"{state.phase}: resolve the pending effect first.")


def drawing_only(state: Any) -> bool:
    """True while the rules wait only for hands to be drawn (the draw at the end of a turn, or the setup's)."""
    return state.stage in ("draw", "setup") and bool(state.queue) and all(t.kind == "draw" for t in state.queue)


def cards_to_draw(state: Any, player: int) -> int:
    """How many cards of ``player``'s hand are still to be drawn now (0 unless :func:`drawing_only`)."""
    if not drawing_only(state):
        return 0
    return max(0, sum(t.amount - t.done for t in state.queue if t.player == player))


def hand_being_drawn(state: Any, player: int) -> list[tuple[Multiset, Fraction]] | None:
    """While ``player``'s hand is being drawn (the draw at the end of a turn, or the setup's), the hand it
    will be, with its probability: the cards already drawn and the rest from the deck, with the rules'
    reshuffle. ``None`` at any other position (a draw by an ability included: that card is not the hand).

    This is "the next hand" at that chance node: the hand the player starts their next turn with.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.stage != "draw": s = s.apply(s.chance_outcomes()[0][0] if s.is_chance() else s.legal_actions()[-1])
    >>> sum(p for _, p in hand_being_drawn(s, s.queue[0].player)), hand_being_drawn(s, 1 - s.queue[0].player)
    (Fraction(1, 1), None)
    """
    left = cards_to_draw(state, player)
    if left <= 0:
        return None
    me = state.players[player]
    held: Multiset[str] = Multiset(me.hand)
    return [(held + hand, p) for hand, p in deal_hands(me.deck, me.discard, left)]


def moving(state: Any, player: int) -> bool:
    """True when ``player`` belongs to the turn group playing its main phase now."""
    return state.stage == "main" and player in state.members()


def bases_of(state: Any, player: int) -> tuple[str, ...]:
    """The names of ``player``'s bases in play, sorted."""
    return tuple(sorted(r.name for r in state.players[player].bases))


@lru_cache(maxsize=2)
def deal(deck: Deck, pile: Multiset, n: int = HAND) -> tuple[tuple[Multiset, Deck, Multiset, Fraction], ...]:
    """Draw ``n`` with the rules' reshuffle: ``(hand, deck after, discard after, probability)``.

    A draw with more distinct hands than the odds list (``explorer.odds.limits.MAX_DRAW_OUTCOMES``: a
    deck of many kinds) raises :class:`~.odds.model.TooLarge`, which the questions answer by sampling.
    The last two draws are remembered: the questions asked of one position (each seat's Trade and Combat,
    the lethal checks, the next hand) deal the same deck, up to tens of thousands of hands each time.
    """
    hands = deal_hands(deck, pile, n)
    if len(deck) >= n:
        return tuple((h, deck.after_draw_many(h), pile, p) for h, p in hands)
    known = deck.contents()  # the whole deck, then the rest from the reshuffled pile
    return tuple((h, Deck.shuffled(pile - (h - known)), Multiset(), p) for h, p in hands)


@lru_cache(maxsize=2)
def deal_hands(deck: Deck, pile: Multiset, n: int = HAND) -> tuple[tuple[Multiset, Fraction], ...]:
    """The hands :func:`deal` draws, each with its probability, without the deck and pile each one leaves: what
    a list of hands needs (working out the deck after each of tens of thousands of hands took most of the time).

    >>> deal_hands(Deck.shuffled({"Scout": 2}), Multiset({"Viper": 3}), 3)
    ((Multiset({'Scout': 2, 'Viper': 1}), Fraction(1, 1)),)
    """
    try:
        if len(deck) >= n:
            return tuple(deck.draw_many_outcomes(n))
        known = deck.contents()
        k = min(n - len(deck), len(pile))
        return tuple((known + m, p) for m, p in multiset_draws(pile, k))
    except TooManyDraws:
        raise TooLarge(f"a draw of {n} from this deck has more than {MAX_DRAW_OUTCOMES:,} possible hands") from None


# --------------------------------------------------------------------------- the rest of this turn
End = tuple[Deck, Multiset, tuple[str, ...]]
"""How a turn ends, for the next hand: the deck, the discard pile after the discard phase, the bases in play."""


def turn_end(m: Model, t: Turn) -> End:
    """Where the cards of the finished turn ``t`` go: the deck, the discard pile after the discard phase (the
    pile, the hand left over and the ships in play) and the bases, which stay in play."""
    names: Multiset[str] = Multiset(label.split(">")[0] for label in cast("Iterable[str]", t.inplay))  # card labels
    bases: Multiset[str] = Multiset(n for n in cast("Iterable[str]", names) if m.cards[n].is_base)
    return t.deck, t.discard + t.hand + (names - bases), tuple(sorted(cast("Iterable[str]", bases)))


class RestOfTurn(Model):
    """The turn model's policy (:mod:`.odds.hand`) played for where the cards go, not for the pools.

    Trade, Combat and destroys are left out (so the memo merges turns that differ only by them); a
    leaf is the end of the turn as :data:`End`; a waiting card (a Stealth Needle, Embassy Yacht, a
    base whose primary offers a draw) is played or used with its first option.
    """

    def __init__(self, game: Any, budget: int = REST_LIMIT) -> None:
        super().__init__(game, "combat", budget)
        self.ends: dict[Turn, dict[End, Fraction]] = {}
        self.deadline = float("inf")
        self.calls = 0  # the clock is read every 32 calls (memo size alone grows too late on deep draws)

    def leaf(self, t: Turn) -> End:
        """The end of the finished turn ``t`` (:func:`turn_end`)."""
        return turn_end(self, t)

    def sample(self, t: Turn, rng: Any) -> End:
        """One sampled end of the turn (draws sampled): the estimate's way through the rest of this turn."""
        return self.leaf(play_sampled(self, t, rng, pick=lambda options: options[0]))

    def effect(self, t: Turn, e: Any) -> list[Turn]:
        if e.kind in ("trade", "combat", "destroy_base"):
            return [t]
        return super().effect(t, e)

    def end(self, t: Turn) -> dict[End, Fraction]:
        found = self.ends.get(t)
        if found is not None:
            return found
        self.calls += 1
        if len(self.ends) > self.budget or (not self.calls & 31 and perf_counter() > self.deadline):
            raise TooLarge(f"the rest of this turn passes more than {self.budget:,} turn states or runs out of time")
        key, t = t, self.play_simple(t)  # kept under the state asked for: the next ask finds it before playing
        if t.pending:
            deck, discard = t.deck, t.discard
            if not deck:
                if not discard:
                    return self.end(t._replace(pending=0))
                deck, discard = Deck.shuffled(discard), Multiset()
            out: dict[End, Fraction] = {}
            for card, p in deck.draw_outcomes():
                child = t._replace(hand=t.hand.add(card), deck=deck.after_draw(card), discard=discard,
                                   pending=t.pending - 1)
                for o, q in self.end(child).items():
                    out[o] = out.get(o, 0) + p * q
        else:
            options = self.decisions(t)
            if options:
                out = self.end(options[0])
            else:
                out = {self.leaf(t): Fraction(1)}
        self.ends[key] = out
        return out


def _unplayed(state: Any, player: int) -> tuple[Fraction, Deck, Multiset, tuple[str, ...]]:
    """The end of the turn without playing the hand's abilities: its bases go into play, the rest to the pile."""
    p = state.players[player]
    bases: Multiset[str] = Multiset(c for c in p.hand if state.card(c).is_base)
    pile = p.discard + (p.hand - bases) + Multiset(r.name for r in p.ships)
    return Fraction(1), p.deck, pile, tuple(sorted(cast("Iterable[str]", bases + Multiset(r.name for r in p.bases))))


def rest_turn(state: Any, player: int) -> Turn | None:
    """The turn-model state of the rest of ``player``'s turn, or None when nothing is left to play."""
    p = state.players[player]
    if not p.hand and all(r.primary_used for r in p.bases):
        return None
    label = lambda r: f"{r.name}>{r.copied}" if r.copied else r.name  # noqa: E731
    return Turn(hand=p.hand, inplay=Multiset([label(r) for r in p.in_play()]),
                fired=Multiset([label(r) for r in p.in_play() if r.ally_used]),
                used=Multiset([r.name for r in p.bases if r.primary_used]), trade=0, combat=0, destroys=0,
                pending=0, deck=p.deck, discard=p.discard, blob=p.played, ships=0)


def _rest(state: Any, player: int) -> tuple[tuple[Fraction, Deck, Multiset, tuple[str, ...]], ...]:
    found = _rest_or_why(state, player)
    if isinstance(found, str):
        raise TooLarge(found)
    return found


@lru_cache(maxsize=256)
def _rest_or_why(state: Any, player: int) -> tuple[tuple[Fraction, Deck, Multiset, tuple[str, ...]], ...] | str:
    """The ends of the turn, or why they are too large: a failure is remembered too, so every question
    asked of the same position (the buy comparison asks several) pays the budget once, not once each."""
    t = rest_turn(state, player)
    if t is None:
        return (_unplayed(state, player),)
    m = rest_model(state.game)
    m.deadline = perf_counter() + REST_SECONDS
    m.calls = 0
    try:
        ends = m.end(t)
    except TooLarge as err:
        return str(err)
    finally:
        m.ends.clear()
    return tuple((w, deck, pile, bases) for (deck, pile, bases), w in ends.items())


def rest_of_turn(state: Any, player: int) -> tuple[tuple[Fraction, Deck, Multiset, tuple[str, ...]], ...]:
    """Every way ``player``'s turn can end from here, as ``(probability, deck, discard pile, bases)``.

    Only for a player moving now. The odds' play policy (:mod:`.odds.hand`):
    every card still in hand is played and every base used (not Machine Base,
    whose primary scraps a card from hand); ally abilities fire as in the rules;
    a card that waits (Stealth Needle, Embassy Yacht, Blob World's choice) takes
    its first option; optional effects are declined; draws are the rules' draws,
    reshuffling the discard pile when the deck runs out. The pile is what the
    discard phase leaves: discard pile, hand left over and ships in play. Raises
    :class:`TooLarge` past :data:`REST_LIMIT` turn states or :data:`REST_SECONDS`
    (the odds then sample the turn instead).
    """
    check_position(state, player)
    if not moving(state, player):
        raise ValueError(f"player {player + 1} is not moving now: the rest of the turn is theirs to play only")
    if state.current_player != player:
        return (_unplayed(state, player),)
    return _rest(state, player)


@lru_cache(maxsize=8)
def rest_model(game: Any) -> RestOfTurn:
    """One shared :class:`RestOfTurn` per game."""
    return RestOfTurn(game)


def clear() -> None:
    """Forget the cached ends of turns and the last draws (:func:`explorer.games.star_realms.odds.cache_clear`)."""
    _rest_or_why.cache_clear()
    rest_model.cache_clear()
    deal.cache_clear()
    deal_hands.cache_clear()


def hidden_start(state: Any, seen: Any) -> tuple[Deck, int]:
    """The deck as the viewer sees it (the unknown hand cards joined to its unknown middle) and the cards to deal.

    ``seen`` is a :class:`~.odds.knowledge.Seen` (what a seat knows of ``seen.player``'s hand): that module asks
    the checks here, so this one names it only in words and the two import in one direction.
    """
    p = state.players[seen.player]
    return Deck(p.deck.top, p.deck.middle + (p.hand - seen.known), p.deck.bottom), seen.unseen


def start_branches(state: Any, player: int, extra: Multiset = Multiset(), top: tuple = (),
                   seen: Any = None) -> tuple[Branch, ...]:
    """The starts of ``player``'s next turn, each ``(probability, key, bases in play)``.

    The key is ``("known", hand, deck, discard)`` for a player not moving (they
    hold their next hand now) and ``("draw", deck, pile)`` for the player moving,
    after the rest of this turn; ``extra`` joins the pile and ``top`` goes on top
    of the deck afterwards (a card bought at the end of the turn). ``seen`` (a
    :class:`~.odds.knowledge.Seen`): asked by a seat that does not see the hand:
    ``("hidden", known cards, deck with the unseen hand in its middle, discard,
    cards to deal)`` for a player not moving; for a player moving, the hand joins
    the deck and the next 5 are drawn after the ships in play are discarded.
    """
    p = state.players[player]
    if seen is not None:
        deck, unseen = hidden_start(state, seen)
        deck = Deck(top + deck.top, deck.middle, deck.bottom)
        if not seen.moving:
            return ((Fraction(1), ("hidden", seen.known, deck, p.discard + extra, unseen), bases_of(state, player)),)
        pile = p.discard + Multiset(r.name for r in p.ships) + extra
        return ((Fraction(1), ("draw", deck, pile), bases_of(state, player)),)
    left = cards_to_draw(state, player)
    if left:  # the hand being drawn is the next hand: held cards, and the rest dealt with the rules' reshuffle
        bases = bases_of(state, player)
        return tuple((w, ("known", p.hand + drawn, Deck(top + deck.top, deck.middle, deck.bottom), pile + extra),
                      bases) for drawn, deck, pile, w in deal(p.deck, p.discard, left))
    if not moving(state, player):
        deck = Deck(top + p.deck.top, p.deck.middle, p.deck.bottom)
        return ((Fraction(1), ("known", p.hand, deck, p.discard + extra), bases_of(state, player)),)
    found = []
    for w, deck, pile, bases in rest_of_turn(state, player):
        found.append((w, ("draw", Deck(top + deck.top, deck.middle, deck.bottom), pile + extra), bases))
    return tuple(found)
