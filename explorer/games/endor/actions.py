"""The decisions of an order as values, made once: an action is its kind, its arguments and its label.

The same moves, attacks and choices come back turn after turn (``move 3 TIE O13
to M19`` is the same value every time it is legal), so :mod:`~explorer.games.endor.orders`
takes them from here instead of making them anew for every position. Which of
them are legal is the rules' business (:func:`~explorer.games.endor.orders.step_actions`);
this module only names them.

>>> [str(a) for a in move_actions("TIE", "O13", "M19", 2)], str(attack_action("I22", "Death Star"))
(['move 2 TIE O13 to M19', 'move 1 TIE O13 to M19'], 'attack the Death Star from I22')
"""

from __future__ import annotations

from functools import lru_cache

from explorer.core import Action

NO_MOVE = Action("no move")
NO_ATTACK = Action("no attack")


@lru_cache(maxsize=1024)
def choices(orders: tuple[str, ...], optional: bool) -> tuple[Action, ...]:
    """The decisions on a revealed card whose usable orders are ``orders`` (made once per such list).

    >>> [str(a) for a in choices((), False)], [str(a) for a in choices(("Death Star",), True)]
    (['lose turn'], ['order Death Star', 'pass'])
    """
    actions = [Action("order", (o,)) for o in orders]
    if optional:
        actions.append(Action("pass"))
    elif not actions:
        actions.append(Action("lose", ("turn",)))
    return tuple(actions)


@lru_cache(maxsize=4096)
def attack_action(src: str, target: str) -> Action:
    """The attack from sector ``src`` into ``target`` (a sector's name, or "Death Star"), made once."""
    if target == "Death Star":
        return Action("attack", (src, target), label=f"attack the Death Star from {src}")
    return Action("attack", (src, target), label=f"attack from {src} into {target}")


@lru_cache(maxsize=65_536)
def move_actions(tname: str, src: str, dst: str, ships: int) -> tuple[Action, ...]:
    """The moves of 1 to ``ships`` ships of type ``tname`` from ``src`` to ``dst``, the most first.

    The same values come back all game (an action is a value: its kind, its arguments, its label),
    so they are made once.

    >>> [str(a) for a in move_actions("X-wing", "M15", "I22", 2)]
    ['move 2 X-wing M15 to I22', 'move 1 X-wing M15 to I22']
    """
    return tuple(Action("move", (k, tname, src, dst), label=f"move {k} {tname} {src} to {dst}")
                 for k in range(ships, 0, -1))
