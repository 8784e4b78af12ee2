"""The Seed box of a match panel, and the error a panel refuses a value with (``InputError``).

A number a panel is given goes through the core's one check, raising this error:

>>> from explorer.core.checks import whole_number
>>> whole_number("N (moves to play)", True, 1, 10, InputError)
Traceback (most recent call last):
...
widgets.common.seed_box.InputError: N (moves to play) must be a whole number from 1 to 10, got True
>>> SeedBox(value=9007199254740993).value
9007199254740993
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as W
import traitlets



class InputError(ValueError):
    """A widget value the panel refuses before asking the match (shown in the status line)."""


_WHOLE = re.compile(r"-?[0-9]{1,30}")


def _seed_to_json(value: Any, _widget: Any) -> str:
    return str(value)


def _seed_from_json(text: Any, _widget: Any) -> Any:
    """What the browser's text becomes: a whole number when it is one (digits 0-9), else the text itself."""
    if isinstance(text, str) and _WHOLE.fullmatch(text.strip()):
        return int(text.strip())
    return text


class SeedBox(W.Text):
    """The Seed box: a text box in the browser, so every seed a match may have is shown exactly.

    An ``IntText`` reaches the browser as a JavaScript number, exact only up to 2**53 - 1: a match
    with seed 9007199254740993 (from a link, a saved file or the simulation lab's replay) showed
    9007199254740992, and New game then refused the seed the box did not show. Here the seed
    travels as its decimal text. ``value`` is the seed as an ``int`` when the text is a whole
    number (set it with an ``int``), else the text as typed, which the panel refuses saying
    what a seed may be.
    """

    value = traitlets.Any(0, help="The seed (int), or the text typed when it is not a whole number").tag(
        sync=True, to_json=_seed_to_json, from_json=_seed_from_json)


