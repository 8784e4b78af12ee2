"""The words the rules give a token, a reward and a mothership section's conditions.

One phrase per *kind* — of power effect (``EFFECT_WORDS``), of reward or skill
effect (``REWARD_WORDS``), of section condition (``CONDITION_WORDS``) — written
from RULES.md ("Power tokens", "Rewards", "Skills", "Mothership"); never a phrase
per card. Every number comes from the data record being described, so an owner's
data file changes the words with no change here. A kind the data schema does not
know falls back to its own name (``data.py`` refuses such kinds on loading, so
that path is a safety net, not a feature). The board's hover titles and legend
(``widgets/warps_edge``) and anyone else who names a piece read these words.

>>> from explorer.games.warps_edge.schema import Reward, TokenDef
>>> describe_token(TokenDef("laser-2", "laser", 2, 3, 10))
'laser 2: adds 2 to a target’s laser total (an enemy is destroyed at its hull) and stuns it'
>>> describe_reward(Reward("draw", 3))
'draw 3: 3 tokens from the bag into the pool, usable this turn'
>>> describe_condition("targetable_when", "no_enemies")
'can be targeted only when the enemy row is clear'
"""

from __future__ import annotations

from collections.abc import Callable

from explorer.errors import RulesError
from explorer.games.warps_edge.schema import Reward, TokenDef

# One phrase per P.O.W.E.R. / signature effect kind (RULES.md "Power tokens"); {v} is the token's value.
EFFECT_WORDS: dict[str, str] = {
    "photon_blast": "{v} laser value on each of two adjacent targets (slots or sections)",
    "warhammer": "destroys one enemy (not a section) with its destroy reward; for the rest of the turn lasers "
                 "do not stun",
    "rupture": "removed from the game when used: pick {v} value-1 energy, laser or maneuver tokens from the "
               "supply into the pool",
    "enhance": "every energy and laser token in the pool goes up one value (exchanged with the supply)",
    "laser": "counts as a laser of value {v} on one target",
    "maneuver": "counts as {v} maneuvers on one target",
    "stun": "placed on one target to stun it; counts as neither laser nor maneuver",
    "shields": "gain {v} shields (up to the maximum)",
}
# One phrase per reward or skill-effect kind (RULES.md "Rewards", "Skills"); {n} is the amount, {t} the token.
REWARD_WORDS: dict[str, str] = {
    "gain": "gain {t}{times}: from the supply into the bag",
    "shields": "shields {n}: gain {n} shields (up to the maximum)",
    "draw": "draw {n}: {n} tokens from the bag into the pool, usable this turn",
    "recover": "recover {n}: pick {n} tokens of the discard to return to the bag",
    "any": "any token: pick any token of the supply into the bag",
    "skill": "skill: take the top skill card, ready to be paid for",
    "stun": "stun enemies: every enemy in the row is stunned this turn",
    "armor": "armor {n} (ongoing): every attack does {n} less damage",
    "hold": "hold +{n} (ongoing): the hold takes {n} more tokens",
    "max shields": "max shields +{n} (ongoing): the shield maximum rises by {n}",
    "repair": "repair +{n} (ongoing): each energy point repairs {n} more shields",
    "buy credit": "buy credit +{n} (ongoing): each energy spent on buying gives {n} more credit",
}
# When a section attacks (``Section.attack_when``) and when it can be targeted (``Section.targetable_when``).
ATTACK_WORDS: dict[str, str] = {
    "always": "attacks every turn",
    "enemy_slot_empty": "attacks only while a slot of the enemy row is empty",
    "no_enemies": "attacks only while the enemy row is empty",
    "never": "never attacks",
}
TARGET_WORDS: dict[str, str] = {
    "always": "can be targeted at any time",
    "no_enemies": "can be targeted only when the enemy row is clear",
    "other_sections_defeated": "can be targeted only after the other sections are defeated",
}
CONDITION_WORDS: dict[str, dict[str, str]] = {"attack_when": ATTACK_WORDS, "targetable_when": TARGET_WORDS}
# How a section is defeated (``Section.method``), as the section's progress bar and hover words name it.
METHOD_WORDS: dict[str, str] = {"lasers": "lasers", "maneuvers": "maneuvers", "energy": "energy"}
REPAIR_PER_ENERGY = 2
"""Shields repaired per energy point before any ongoing skill (RULES.md "Repair"; ``state.repair_per_energy``)."""


def describe_token(token: TokenDef, *, stuns: bool = True, buy_bonus: int = 0,
                   repair_per_energy: int = REPAIR_PER_ENERGY) -> str:
    """What a token does when used, from its data record (kind, value, effect).

    ``stuns``: whether it stuns its target in the game's variant (``effects.stuns``);
    ``buy_bonus`` and ``repair_per_energy``: the energy rates with the ongoing skills in effect.

    >>> from explorer.games.warps_edge.schema import TokenDef
    >>> describe_token(TokenDef("energy-2", "energy", 2, 3, 8), buy_bonus=1)
    'energy 2: buys 3 credit, repairs 4 shields, charges an energy section or pays a skill'
    >>> describe_token(TokenDef("demo-decoy", "power", 0, 2, 5, name="Demo Decoy", effect="stun"), stuns=False)
    'Demo Decoy: placed on one target to stun it; counts as neither laser nor maneuver; does not stun in this variant'
    """
    if token.kind == "energy":
        return (f"energy {token.value}: buys {token.value + buy_bonus} credit, repairs "
                f"{token.value * repair_per_energy} shields, charges an energy section or pays a skill")
    if token.kind == "laser":
        return (f"laser {token.value}: adds {token.value} to a target’s laser total (an enemy is destroyed at its hull)"
                + (" and stuns it" if stuns else ""))
    if token.kind == "maneuver":
        return (f"maneuver: adds {token.value} to a target’s maneuvers (an enemy is evaded at its speed)"
                + (" and stuns it" if stuns else ""))
    words = EFFECT_WORDS.get(token.effect, token.effect.replace("_", " ")).format(v=token.value)
    if token.effect in ("laser", "maneuver", "stun", "photon_blast"):
        words += "; stuns" if stuns else "; does not stun in this variant"
    owner = f" (signature token, {token.starfighter})" if token.kind == "signature" else ""
    return f"{token.name or token.id}{owner}: {words}"


def _same(token_id: str) -> str:
    return token_id


def reward_name(reward: Reward, names: Callable[[str], str] = _same) -> str:
    """A reward as the data's short phrase with its token named by ``names`` (``DataSet.token_label``):
    ``gain Laser 1 x2``, ``shields 1``.

    >>> from explorer.games.warps_edge.schema import TokenDef
    >>> reward_name(Reward("gain", 2, "laser-1"), lambda t: TokenDef(t, "laser", 1, 1, 12).label)
    'gain Laser 1 x2'
    """
    if reward.kind == "gain":
        return f"gain {names(reward.token)}" + (f" x{reward.amount}" if reward.amount > 1 else "")
    return str(reward)


def describe_reward(reward: Reward, names: Callable[[str], str] = _same) -> str:
    """One reward or skill effect in words, with its amount and token (named by ``names``, a token id's name:
    ``DataSet.token_label``; the id when none is given).

    >>> describe_reward(Reward("gain", 2, "maneuver-1"), lambda t: "Maneuver 1")
    'gain Maneuver 1 ×2: from the supply into the bag'
    """
    words = REWARD_WORDS.get(reward.kind)
    if words is None:
        return str(reward)
    times = f" ×{reward.amount}" if reward.amount > 1 else ""
    return words.format(n=reward.amount, t=names(reward.token), times=times)


def describe_rewards(rewards: tuple[Reward, ...], none: str = "nothing", names: Callable[[str], str] = _same) -> str:
    """Several rewards, ``; ``-separated; ``none`` when there are none; tokens named by ``names``.

    >>> describe_rewards(())
    'nothing'
    >>> describe_rewards((Reward("shields", 1), Reward("stun")))
    'shields 1: gain 1 shields (up to the maximum); stun enemies: every enemy in the row is stunned this turn'
    """
    return "; ".join(describe_reward(r, names) for r in rewards) or none


def describe_reward_kind(kind: str) -> str:
    """A reward kind's phrase with placeholders for its numbers (the legend's word list).

    >>> describe_reward_kind("recover")
    'recover N: pick N tokens of the discard to return to the bag'
    """
    return REWARD_WORDS.get(kind, kind).format(n="N", t="<token>", times="")


def describe_condition(field: str, value: str) -> str:
    """A section's condition in words: ``field`` is ``"attack_when"`` or ``"targetable_when"`` (schema.Section).

    >>> describe_condition("attack_when", "enemy_slot_empty")
    'attacks only while a slot of the enemy row is empty'
    >>> describe_condition("hull", "always")
    Traceback (most recent call last):
    ...
    explorer.errors.RulesError: 'hull' is not a section condition; conditions: attack_when, targetable_when
    """
    words = CONDITION_WORDS.get(field)
    if words is None:
        raise RulesError(f"{field!r} is not a section condition; conditions: {', '.join(CONDITION_WORDS)}")
    return words.get(value, value)


def describe_method(method: str) -> str:
    """How a section is defeated (``Section.method``): ``"lasers"``, ``"maneuvers"`` or ``"energy"``."""
    return METHOD_WORDS.get(method, method)


__all__ = ["ATTACK_WORDS", "CONDITION_WORDS", "EFFECT_WORDS", "METHOD_WORDS", "REWARD_WORDS", "TARGET_WORDS",
           "describe_condition", "describe_method", "describe_reward", "describe_reward_kind", "describe_rewards",
           "describe_token", "reward_name"]
