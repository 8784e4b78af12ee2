"""Policies: ``heuristic`` plays a sensible Star Realms turn; ``random`` comes from the core.

The heuristic plays every card (bases first), uses every base, buys the most
expensive card it can afford (an Explorer when nothing costs 2 or more),
destroys the strongest base it can reach, then hits the weakest opponent with
all its Combat. In the team formats it first hands the controls to every
teammate who still has cards to play or bases to use (so the team's pooled
Trade is spent together), and after buying to every teammate who can still
attack. In choices it scraps Vipers and Scouts, discards its cheapest
card, and picks the option worth most.

>>> import explorer
>>> from explorer.core.rng import new_generator
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> str(heuristic_policy(s, new_generator(0))).startswith("play")
True
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from explorer.core.actions import whole_arg
from explorer.core import Action
from explorer.core.rng import Generator

from explorer.games.star_realms.main_phase import END, PLAY, attack_actions, buy_moves, use_moves

if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Card
    from explorer.games.star_realms.state import StarRealmsState

JUNK = ("Viper", "Scout")


def _cost(state: StarRealmsState, name: object) -> int:
    cards = state.game.cards
    return cards[name].cost if name in cards else 0


@lru_cache(maxsize=1024)  # the same few option texts come back every turn of every rollout
def _option_value(text: str) -> float:
    value = 0.0
    for n, what in re.findall(r"\+(\d+) (Trade|Combat|Authority)", text):
        value += int(n) * (0.5 if what == "Authority" else 1.0)
    if "draw" in text:
        value += 2.5
    return value


def _decide(state: StarRealmsState, actions: tuple[Action, ...]) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    done = by_kind.get("done", [None])[0]
    if "choose" in by_kind:
        return max(by_kind["choose"], key=lambda a: _option_value(str(a.args[0])))
    if "scrap" in by_kind:
        scraps = by_kind["scrap"]
        junk = [a for a in scraps if a.args[-1] in JUNK and a.args[0] in ("hand", "discard")]
        junk.sort(key=lambda a: (a.args[-1] != "Viper", a.args[0] != "discard"))
        if junk:
            return junk[0]
        rows = [a for a in scraps if a.args[0] == "row"]
        if rows and done is not None:
            return max(rows, key=lambda a: _cost(state, a.args[1]))
        if done is not None:
            return done
        return min(scraps, key=lambda a: _cost(state, a.args[-1]))
    if "discard" in by_kind:
        cheap = min(by_kind["discard"], key=lambda a: _cost(state, a.args[0]))
        if done is not None and cheap.args[0] not in JUNK:
            return done
        return cheap
    if "destroy" in by_kind:
        return max(by_kind["destroy"], key=lambda a: _cost(state, a.args[0]))
    for kind in ("acquire", "copy"):
        if kind in by_kind:
            return max(by_kind[kind], key=lambda a: _cost(state, a.args[0]))
    if "target" in by_kind:
        s = state
        return min(by_kind["target"], key=lambda a: s.authority_of(whole_arg(a.args[1]) - 1))
    return actions[0]


def _teammate_to(state: StarRealmsState, actions: tuple[Action, ...], *, attack: bool) -> Action | None:
    """A ``switch to player N`` towards a teammate with cards or bases left (or, with ``attack``, Combat to use)."""
    for a in actions:
        if a.kind != "switch":
            continue
        seat = whole_arg(a.args[2]) - 1
        p = state.players[seat]
        if p.hand or any(not r.primary_used and state.card(r.name).primary for r in p.bases):
            return a
        if attack and attack_actions(state, seat):
            return a
    return None


def _best_buy(state: StarRealmsState, buys: list[Action]) -> Action | None:
    """The buy the heuristic makes: the dearest card (an Explorer counts 1.5; to the top before not), first
    listed among equals; none when that is an Explorer and the discard pile has 12 cards or more."""
    if not buys:
        return None
    cards = cast("dict[Hashable, Card]", state.game.cards)  # read by a buy's argument, a card name
    best = max(buys, key=lambda a: (cards[a.args[0]].cost if a.args[0] != "Explorer" else 1.5, len(a.args)))
    if best.args[0] != "Explorer" or len(state.players[state.actor].discard) < 12:
        return best
    return None


def _main_move(state: StarRealmsState) -> Action | None:
    """The heuristic's main-phase move when it is a play, a use, a buy or ``end turn``, found from those moves'
    parts of the move list alone (``None``: it needs the whole list).

    The whole list is, in order: plays, uses, scraps, buys, attacks, switches to teammates, ``end turn``;
    the heuristic takes a play if there is one, else a use, else (alone in its turn group: no switch)
    a buy, else with no Combat (so no attack) ``end turn``: the very move it picks from the whole list.
    Most moves of a turn are plays, and this spares each the listing of every attack.
    """
    s = state
    p = s.players[s.actor]
    cards = s.game.cards
    if p.hand:
        return PLAY[max([c for c, _ in cast("tuple[tuple[str, int], ...]", p.hand.items())], key=lambda c: (cards[c].is_base, cards[c].cost))]
    if p.bases:
        uses = use_moves(p, cards)
        if uses:
            return uses[0]
    if len(s.fmt.groups[s.group]) > 1:
        return None  # a teammate may be handed the controls first
    best = _best_buy(s, buy_moves(s, cards))
    if best is not None:
        return best
    return END if p.combat <= 0 else None


def heuristic_policy(state: StarRealmsState, rng: Generator) -> Action:
    """A greedy, deterministic Star Realms player (``rng`` is unused)."""
    if not state.queue and state.current_player >= 0:
        quick = _main_move(state)
        if quick is not None:
            return quick
    actions = state.legal_actions()
    if state.queue:
        return _decide(state, actions)
    cards = cast("dict[Hashable, Card]", state.game.cards)  # read by a move's argument, a card name
    plays = [a for a in actions if a.kind == "play"]
    if plays:
        return max(plays, key=lambda a: (cards[a.args[0]].is_base, cards[a.args[0]].cost))
    uses = [a for a in actions if a.kind == "use"]
    if uses:
        return uses[0]
    teammate = _teammate_to(state, actions, attack=False)
    if teammate is not None:
        return teammate
    best = _best_buy(state, [a for a in actions if a.kind == "buy"])
    if best is not None:
        return best
    attacks = [a for a in actions if a.kind == "attack"]
    bases = [a for a in attacks if a.args[0] not in ("player", "team")]
    if bases:
        return max(bases, key=lambda a: (cards[a.args[0]].is_outpost, cards[a.args[0]].defense))
    hits = [a for a in attacks if a.args[0] in ("player", "team")]
    if hits:
        most = max(whole_arg(a.args[2]) for a in hits)
        s = state
        return min((a for a in hits if a.args[2] == most),
                   key=lambda a: s.authority_of(whole_arg(a.args[1]) - 1) if a.args[0] == "player" else 0)
    teammate = _teammate_to(state, actions, attack=True)
    if teammate is not None:
        return teammate
    return actions[-1]
