"""Exact odds of the attack phase: what the Dra'tar send, for "play nothing" and for each card in hand.

Given a position before the attack phase, :func:`reveal_distribution` follows
the seed's reveal rule exactly: threat is added (location distances and every
uncloaked ship, Mr. Alford's -1), then attack cards are revealed one at a time
from the deck's known top and unknown middle (the discard pile shuffled in once
when the deck runs out), each paying its cost, until a card costs more than the
pool. Swarm Frigates and The End Draws Near add threat, Ms. McGowan and Agniar
change it per attack effect, Collateral Damage's battle destinies take cards off
the deck. Outcomes are :class:`Reveal` values: number of enemy ships, total and
largest printed power, the attack effects revealed (Collateral Damage and The End Draws Near by name, the others counted;
:func:`quiet_effect_chances` gives the chance of each of those) and the threat left over.
Decisions inside the reveal (A Change Of Plans) are taken as declined.

:func:`reveal_by_card` answers the players' question "if I play this card now,
what will attack us?": one distribution per MAIN card in hand, beside "play
nothing". Cards whose effect on the deck needs a choice (Analyze Attack,
Distortion Field) are shown with their threat only, and say so.

>>> import explorer
>>> game = explorer.load_game("pinned_down")
>>> s = game.position(threat=0, locations=["Harana"], players=[{"flagship": "TRB Ardor"}])
>>> d = reveal_distribution(s)
>>> sum(d.pmf().values()) == 1, min(r.threat_left for r in d.outcomes) >= 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from explorer.core import Multiset
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.odds_quick_walk import after_known_top, quick_walk, quiet_before, through_top
from explorer.games.pinned_down.odds_walk import (
    DECK_OUT, LOUD, QUIET, Reveal, WalkModel, build_model, full_walk, group_counts, quiet_matters)
from explorer.odds import Dist

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


def attack_pool(s: "S") -> int:
    """The threat pool once the attack phase has begun (threat added, attack-start texts applied)."""
    pool = s.threat + fx.attack_threat(s)
    for _, e in fx.triggered(s, "attack_start"):
        pool = max(0, pool + (e.amount if e.kind == "add_threat" else -e.amount))
    return pool


def reveal_tables(s: "S", *, pool: int | None = None, fast: bool = True) -> tuple[Dist, Dist]:
    """Exact distributions of :class:`Reveal` outcomes and of the number of quiet attack effects revealed.

    ``pool`` overrides the pool at the start of revealing (default: the threat now plus what the attack
    phase adds, :func:`attack_pool`). A position already in the reveal uses its pool as it stands.

    When no card in play reacts to attack effects (Ms. McGowan, Agniar), the quiet effects change nothing
    in the reveal: the walk runs over ships and loud effects only, and how many quiet effects came up before
    it stopped is the negative hypergeometric count of quiet cards ahead of the stopping card. Approximations,
    both rare and said here: a known bottom of the attack deck is treated as unknown (the table never puts
    attack cards beneath); in that quick walk Collateral Damage's destinies are drawn from the ships and loud
    effects; after a reshuffle within one attack phase, quiet effects of the second pass are not counted.
    """
    if pool is None:
        pool = s.threat if s.stage == "reveal" else attack_pool(s)
    model, top, counts, quiet = _prepared(s)
    transparent = not quiet_matters(model) and QUIET not in top
    if not top and fast:
        return quick_walk(s, model, counts, quiet, pool)
    if fast:  # a known top (a look at the deck): revealed as it lies, then the quick walk over the rest
        return after_known_top(s, model, top, counts, quiet, pool)
    if transparent:
        model.quiet_start = 0
        table = full_walk(model, top, counts, 0, pool, not s.first_enemy_seen, s.reveal_reshuffles < 1)
    else:
        table = full_walk(model, top, counts, quiet, pool, not s.first_enemy_seen, s.reveal_reshuffles < 1)
    big_k = sum(counts) + len(top)
    out: dict[Reveal, Fraction] = {}
    quiet_dist: dict[int, Fraction] = {}
    for ((n, total, largest, mask, nq), left, depth), p in table.items():
        effects = tuple(e for i, e in enumerate(LOUD) if mask >> i & 1)
        if not transparent:
            spread = {nq: Fraction(1)}
        elif depth == DECK_OUT or not quiet:
            spread = {quiet if depth == DECK_OUT else 0: Fraction(1)}
        else:
            # the known top holds no quiet card here: quiet cards lie among the unknown cards after it
            spread = quiet_before(max(0, depth - len(top)), big_k - len(top), quiet)
        r = Reveal(n, total, largest, effects, left)
        out[r] = out.get(r, 0) + p
        for m, q in spread.items():
            quiet_dist[m] = quiet_dist.get(m, 0) + p * q
    return Dist.from_fractions(out), Dist.from_fractions(quiet_dist)


def _prepared(s: "S", marked: str = "") -> tuple[WalkModel, tuple[int, ...], tuple[int, ...], int]:
    """The walk's model of ``s`` with the deck's counts set: (model, known top as groups, middle counts, quiet)."""
    model = build_model(s, marked)
    deck = s.attack_deck
    counts, quiet = group_counts(model, deck.middle + Multiset(deck.bottom))
    top = tuple(model.index[c] for c in deck.top)
    top_counts, top_quiet = group_counts(model, Multiset(deck.top))
    model.start = tuple(a + b for a, b in zip(counts, top_counts))
    model.quiet_start = quiet + top_quiet
    model.discard, model.quiet_discard = group_counts(model, s.attack_discard)
    return model, top, counts, quiet


BEFORE_REVEAL = ("main", "attack", "attack_start", "reveal")


def why_no_reveal(s: "S") -> str:
    """One sentence: why the coming attack's odds do not apply here ("" when they do: before or in the reveal).

    >>> import explorer
    >>> why_no_reveal(explorer.load_game("pinned_down").position(stage="assign", threat=0, locations=["Harana"],
    ...     enemies=[{"name": "DB Agony"}], players=[{"assignment": "undecided"}]))
    'The attack deck has been revealed this turn (1 enemy ship in play); the next attack is shown from the next main phase.'
    """
    if s.is_terminal():
        return "The game is over."
    if s.stage in BEFORE_REVEAL:
        return ""
    if s.stage == "setup":
        return "Setup is being dealt; the attack odds appear in the main phase."
    n = len(s.enemies)
    return (f"The attack deck has been revealed this turn ({n} enemy ship{'' if n == 1 else 's'} in play); the next "
            "attack is shown from the next main phase.")


def reveal_distribution(s: "S", *, pool: int | None = None) -> Dist:
    """Exact distribution of :class:`Reveal` outcomes for the coming attack phase (see :func:`reveal_tables`).

    Answers are remembered by everything the reveal depends on, so asking again is free.
    """
    return _tables(s, pool)[0]


def _tables(s: "S", pool: int | None) -> tuple[Dist, Dist]:
    """:func:`reveal_tables`, remembered by everything the reveal depends on."""
    if pool is None:
        pool = s.threat if s.stage == "reveal" else attack_pool(s)
    key = (s.game, s.attack_deck, s.attack_discard, pool, s.first_enemy_seen, s.reveal_reshuffles, s.enemy_threat_bonus,
           s.location, len(s.alive()), tuple(f.characters for f in s.players))
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 256:
            _CACHE.clear()
        hit = _CACHE[key] = reveal_tables(s, pool=pool)
    return hit


_CACHE: dict[tuple, tuple[Dist, Dist]] = {}


def quiet_effect_chances(s: "S", *, pool: int | None = None, fast: bool = True) -> dict[str, Fraction]:
    """P(each quiet attack effect is among those revealed this attack phase), one entry per quiet kind in the deck.

    With nothing known of the deck's order the quiet effects are alike to the reveal, so those revealed are a
    uniformly random subset of the quiet cards given how many came up (hypergeometric, exact). A known top
    breaks that symmetry (Worry known on top is revealed for certain): its cards are revealed as they lie and
    the symmetry holds for the unknown rest. ``fast=False`` walks each quiet kind as its own group through the
    exact walk instead, every card of the known top in its place (the same answer; a minute and more with a
    full deck, where the other takes milliseconds).

    >>> import explorer
    >>> s = explorer.load_game("pinned_down").position(stage="reveal", threat=0, locations=["Harana"],
    ...     attack_deck={"cards": ["Worry x2", "Lack Of Preparation", "Dra'tar Behemoth"], "known_top": ["Worry"]},
    ...     this_turn={"attack_reshuffles": 1})
    >>> quiet_effect_chances(s)["Worry"]
    Fraction(1, 1)
    """
    if pool is None:
        pool = s.threat if s.stage == "reveal" else attack_pool(s)
    deck = s.attack_deck.contents()
    names = [c for c in map(str, deck.kinds()) if s.data.card(c).type != "enemy ship" and c not in LOUD]
    if s.attack_deck.top:
        if fast:
            return _after_top_chances(s, names, pool)
        return {c: _marked_chance(s, c, pool) for c in names}  # each kind by the full walk
    counts = _tables(s, pool)[1]
    total = sum(deck.count(c) for c in names)
    out = {}
    for c in names:
        k = deck.count(c)
        miss = sum((p * Fraction(comb(total - k, min(m, total)), comb(total, min(m, total)))
                    for m, p in counts.pmf().items()), Fraction(0))
        out[c] = 1 - miss
    return out


def _after_top_chances(s: "S", names: list[str], pool: int) -> dict[str, Fraction]:
    """:func:`quiet_effect_chances` with a known top: its quiet effects are revealed or not as the top lies
    (:func:`~.odds_quick_walk.through_top`); the unknown rest's quiet effects are alike, so those revealed
    there are a uniformly random subset of its quiet cards given how many came up (hypergeometric, exact).
    """
    model, top, counts, quiet = _prepared(s)
    got = after_known_top(s, model, top, counts, quiet, pool)
    acc, _, _, _, _ = through_top(model, top, pool, not s.first_enemy_seen)
    on_top = {s.attack_deck.top[i] for i in acc[4]}
    rest = s.attack_deck.middle + Multiset(s.attack_deck.bottom)
    total = sum(rest.count(c) for c in names)
    out = {}
    for c in names:
        k = rest.count(c)
        miss = sum((p * Fraction(comb(total - k, min(m - len(acc[4]), total)), comb(total, min(m - len(acc[4]), total)))
                    for m, p in got[1].pmf().items()), Fraction(0))
        out[c] = Fraction(1) if c in on_top else 1 - miss
    return out


def _marked_chance(s: "S", card: str, pool: int) -> Fraction:
    """P(``card``, a quiet attack effect, is revealed): the exact walk with that card as its own group."""
    model, top, counts, quiet = _prepared(s, card)
    table = full_walk(model, top, counts, quiet, pool, not s.first_enemy_seen, s.reveal_reshuffles < 1)
    bit = 1 << model.named.index(card)
    return sum((p for ((_, _, _, mask, _), _, _), p in table.items() if mask & bit), Fraction(0))


@dataclass(frozen=True)
class CardOption:
    """One column of the side-by-side: what playing ``card`` (or nothing) does to the coming attack."""

    card: str
    threat_added: int
    note: str
    reveal: Dist

    def p_no_ships(self) -> Fraction:
        return self._share(lambda r: r.ships == 0)

    def expected_ships(self) -> Fraction:
        return self._mean(lambda r: r.ships)

    def expected_power(self) -> Fraction:
        return self._mean(lambda r: r.total_power)

    def p_largest_at_least(self, power: int) -> Fraction:
        return self._share(lambda r: r.largest_power >= power)

    # sums of the whole-number weights, one division at the end: thousands of outcomes, no Fraction per outcome
    def _mean(self, value: Callable[[Reveal], int]) -> Fraction:
        d = self.reveal
        return Fraction(sum(w * value(r) for r, w in zip(d.outcomes, d.weights)), d.total)

    def _share(self, holds: Callable[[Reveal], bool]) -> Fraction:
        d = self.reveal
        return Fraction(sum(w for r, w in zip(d.outcomes, d.weights) if holds(r)), d.total)


def after_playing(s: "S", card: str, player: int) -> tuple["S", int, str]:
    """The table as the attack phase will see it once ``player`` has played ``card`` (threat and modifiers)."""
    c = s.data.card(card)
    added = 0 if fx.free_play(s, player, card) else c.threat
    t = s.replace(threat=s.threat + added)
    notes = []
    for e in c.ability:
        if e.kind == "enemy_threat":
            t = t.replace(enemy_threat_bonus=t.enemy_threat_bonus + e.amount)
            notes.append(f"adds {added} threat, but every enemy ship costs {e.amount} more this turn: the pool "
                         "pays for fewer ships")
        elif e.kind == "cloak_fleet":
            t = t.replace(cloaked=True)
            notes.append("cloaks the fleet: no threat for the ships at the start of the attack phase")
        elif e.kind == "add_threat":
            t = t.replace(threat=t.threat + e.amount)
        elif e.kind == "look_attack":
            notes.append("then depends on the attack cards you put back: shown with its threat only")
        elif e.kind in ("draw", "repair", "take_from_discard", "reshuffle_discards", "discard_from_hand"):
            continue
    if c.timing != "MAIN":
        notes.append(f"a {c.timing} card: its threat counts from the next attack phase")
        t = s if c.timing == "FIGHT" else t
        if c.timing == "FIGHT":
            added = 0
    return t, added, "; ".join(notes)


def reveal_by_card(s: "S", player: int | None = None) -> list[CardOption]:
    """"Play nothing" and each MAIN card in ``player``'s hand, side by side (exact distributions).

    FIGHT and WRAP UP cards are played after the reveal, so for this attack they are "play nothing".
    """
    p = s.current_player if player is None else player
    if p < 0:
        p = 0
    out = [CardOption("play nothing", 0, "", reveal_distribution(s))]
    for card in sorted(map(str, s.players[p].hand.kinds())):
        if s.data.card(card).timing != "MAIN":
            continue  # played after the reveal: the same attack as playing nothing
        t, added, note = after_playing(s, card, p)
        out.append(CardOption(card, added, note, reveal_distribution(t)))  # remembered: alike cards cost once
    return out


def summary_rows(options: list[CardOption], flagship_power: int) -> list[dict[str, object]]:
    """Rows for a table: per option, P(no ships), mean ships, mean power, P(an enemy as strong as our ship)."""
    rows = []
    for o in options:
        rows.append({"card": o.card, "threat added": o.threat_added, "P(no ships)": o.p_no_ships(),
                     "mean ships": o.expected_ships(), "mean total power": o.expected_power(),
                     f"P(largest ≥ {flagship_power})": o.p_largest_at_least(flagship_power), "note": o.note})
    return rows



__all__ = ["CardOption", "Reveal", "attack_pool", "reveal_by_card", "reveal_distribution", "summary_rows"]
