"""The fields of a saved match, checked one by one before a match is built from them.

A saved match (``Match.to_json``) is read from files and links that anybody may
write, so every field is checked for type and range first, and a refusal names
the field (``seed: expected a whole number from 0 to 2**63 - 1, got -1``).

>>> check_seed(12)
12
>>> whole(3, "cursor")
3
>>> rng_field([1, 2, 0, 3], "rng[0]")
(1, 2, 0, 3)
"""

from __future__ import annotations

from typing import Any

from explorer.core.rng import RngState
from explorer.errors import RulesError, StateFormatError, excerpt

MAX_MATCH_CHARS = 20_000_000
"""A saved match longer than this is refused unread (a 200-turn Star Realms match is about 2 MB)."""
MAX_LOG_MOVES = 100_000
"""The most moves a saved match may hold (a long Endor game has about 1,500)."""
MAX_SEED = 2**63 - 1
"""The largest seed a match takes."""

_RNG_LIMITS = (2**128, 2**128, 2, 2**32)


def check_seed(seed: Any) -> int:
    """``seed`` when it is a whole number from 0 to 2**63 - 1; else a ``RulesError`` saying so."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise RulesError(f"seed must be a whole number from 0 to 2**63 - 1, got {excerpt(seed)}")
    return seed


def whole(value: Any, name: str) -> int:
    """``value`` when it is an ``int`` (not a bool); else a ``StateFormatError`` naming field ``name``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateFormatError(f"{name}: expected a whole number, got {excerpt(value)}")
    return value


def rng_field(value: Any, name: str) -> RngState:
    """A PCG64 generator state: two 128-bit words, a flag and a 32-bit word, checked before use."""
    if not (isinstance(value, list) and len(value) == 4 and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < hi for v, hi in zip(value, _RNG_LIMITS))):
        raise StateFormatError(f"{name}: expected a generator state [state < 2**128, inc < 2**128, has_uint32 0 or 1, "
                               f"uinteger < 2**32], got {excerpt(value)}")
    return (value[0], value[1], value[2], value[3])
