"""The actions the phases offer, each made and worded once: a move's list is rebuilt at every position.

An action is a small frozen value (equal by kind and arguments), so the one made for
"Fighter shoots enemy Hopper with Repair 3" the first time serves every later position that
offers the same shot. The rules (:mod:`phases`) decide what is legal; this module only spares
them making and wording the same values again.

>>> shot_action("Fighter", "Hopper", "") is shot_action("Fighter", "Hopper", "")
True
>>> str(shot_action("Fighter", "Hopper", "Repair 3")), str(move_action("Hopper", "activate", "surge", "Energy Surge 2", 2))
('Fighter shoots enemy Hopper with Repair 3', 'move Hopper, activate for +2 tiles paid with Energy Surge 2')
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from explorer.core import Action
from explorer.games.fleet_command.tactics import card_words, payment_words

if TYPE_CHECKING:
    from explorer.games.fleet_command.state import FleetState

PASS = Action("pass", label="pass")
HOLD_FIRE = Action("hold fire", label="hold fire")
TAKE_HIT = Action("take hit", label="take the hit")


@lru_cache(maxsize=65_536)
def move_action(name: str, boost: str, how: str, source: str, extra: int) -> Action:
    """A ``move`` action, made and worded once (``extra``: the tiles an activation adds, a game option)."""
    if boost == "activate":
        label = f"move {name}, activate for +{extra} tiles{payment_words(how, source)}"
    elif boost == "card":
        label = f"move {name} with {card_words(how, source)}"
    else:
        label = f"move {name}"
    return Action("move", (name, boost, how, source), label=label)


@lru_cache(maxsize=65_536)
def path_action(seq: tuple[str, ...]) -> Action:
    """A ``path`` action, made and worded once (the same short sequences come up in every move)."""
    return Action("path", seq, label=("path " + " ".join(seq)) if seq else "stay")


_SHOTS: dict[tuple[str, str, str], Action] = {}
"""The shot actions made so far, by (ship, target, card): equal values, made and worded once."""


def shot_action(name: str, target: str, card: str) -> Action:
    """A ``shoot`` action: ``card`` is the card from hand, ``""`` for drawing one."""
    key = (name, target, card)
    got = _SHOTS.get(key)
    if got is None:
        if len(_SHOTS) >= 100_000:
            _SHOTS.clear()
        how = f"with {card}" if card else ", drawing a card"
        got = _SHOTS[key] = Action("shoot", key, label=f"{name} shoots enemy {target}{' ' * bool(card)}{how}")
    return got


@lru_cache(maxsize=65_536)
def shot_actions(name: str, targets: tuple[str, ...], cards: tuple[str, ...]) -> tuple[Action, ...]:
    """Ship ``name``'s shots: at each target in turn, with each card (``""``: drawing one) in turn.

    >>> [str(a) for a in shot_actions("Fighter", ("Hopper",), ("", "Repair 3"))]
    ['Fighter shoots enemy Hopper, drawing a card', 'Fighter shoots enemy Hopper with Repair 3']
    """
    return tuple(shot_action(name, target, card) for target in targets for card in cards)


def plain_moves(state: "FleetState") -> list[Action]:
    """The moves of ``phases.move_actions`` that spend no cube and no card, in its order (one per ship that may move).

    A player who moves without boosts needs only these, and they are found without weighing
    any payment or card.
    """
    extra = state.params.activation_tiles
    return [move_action(s.name, "", "", "", extra) for s in state.fleets[state.actor].ships
            if s.on_table and not s.moved]


def is_plain_move(state: "FleetState", action: Action) -> bool:
    """Whether ``action`` is one of :func:`plain_moves` (so legal) here, told without listing every move."""
    if state.stage != "movement" or type(action) is not Action or action.kind != "move" \
            or action.args[1:] != ("", "", "") or type(action.args[0]) is not str:
        return False
    name = action.args[0]
    return any(s.name == name and s.on_table and not s.moved for s in state.fleets[state.actor].ships)
