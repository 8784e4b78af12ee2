"""Small pieces of English that must agree with the side they name: the possessive and the verb.

A side's name may be a plural ("Rebels") or a singular ("Player 2", "the Empire"), and the panels
and the advisor's sentences name sides they do not know in advance: "the Rebels' win chance",
"the Rebels decide", but "Player 2's win chance", "Player 2 decides".

>>> possessive("Rebels"), possessive("Player 2")
("Rebels'", "Player 2's")
>>> with_verb("Rebels", "decide"), with_verb("Empire", "decide")
('Rebels decide', 'Empire decides')
"""

from __future__ import annotations


def is_plural(name: str) -> bool:
    """Whether a side's name reads as a plural: a last word ending in "s" (Rebels, Allies), not in "ss"."""
    last = name.split()[-1] if name.split() else ""
    return last.endswith("s") and not last.endswith("ss") and not last[:-1].isdigit()


def possessive(name: str) -> str:
    """``name`` as an owner: "Rebels'", "Player 2's"."""
    return f"{name}'" if is_plural(name) else f"{name}'s"


def with_verb(name: str, verb: str) -> str:
    """``name`` doing ``verb`` (given in its plural form, "decide"): "Rebels decide", "Empire decides"."""
    if is_plural(name):
        return f"{name} {verb}"
    return f"{name} {verb}es" if verb.endswith(("s", "sh", "ch", "x", "z")) else f"{name} {verb}s"
