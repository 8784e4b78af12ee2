"""NumPy's seeded generator in pure Python: the same numbers from the same seed, for a Python without numpy.

A browser's Python (Pyodide) has no numpy, yet a seeded game, a saved match and a share link must mean
the same game there as on an ordinary install. This module re-implements, number for number, the parts of
``numpy.random`` the project draws from:

- ``SeedSequence``: numpy's entropy mixing (hashmix over a pool of four 32-bit words) and ``spawn``;
- ``PCG64``: the 128-bit linear congruential generator with the XSL-RR output function, seeded through a
  ``SeedSequence`` as numpy seeds it, with numpy's buffered 32-bit draws and its ``state`` dictionary;
- ``Generator``: ``integers`` (Lemire's bounded method on 32-bit words for ranges below 2**32, on 64-bit
  words above), ``random`` (53-bit doubles), ``choice`` (with and without ``p``, with replacement) and
  ``permutation`` (numpy's backward Fisher-Yates with masked rejection).

Only the methods and arguments the project uses are offered; anything else raises ``TypeError`` rather
than drawing numbers numpy would not. ``explorer.core.rng`` picks numpy's generator when numpy is present
and this one when it is not; ``tests/core/test_pcg64.py`` compares the two draw for draw and state for state.

>>> g = Generator(PCG64(42))
>>> [g.integers(0, 6) for _ in range(5)]
[0, 4, 3, 2, 2]
>>> g.bit_generator.state["bit_generator"]
'PCG64'
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, cycle
from math import isfinite, prod
from numbers import Integral, Real
import secrets
from typing import Any, cast

_M32 = 0xFFFF_FFFF
_M64 = 0xFFFF_FFFF_FFFF_FFFF
_M128 = (1 << 128) - 1
_PCG_MULTIPLIER = 0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645
_POOL_SIZE = 4
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = 0xCA01F9DD, 0x4973F715
_DOUBLE_UNIT = 1.0 / 9007199254740992.0  # 2**-53


def _words32(value: Any) -> list[int]:
    """Entropy as 32-bit words, least significant first, as numpy reads an int or a sequence of them."""
    if isinstance(value, Integral) and not isinstance(value, bool):
        n = int(value)
        if n < 0:
            raise ValueError(f"seed entropy must be a whole number >= 0, got {n}")
        words = [n & _M32] if n == 0 else []
        while n:
            words.append(n & _M32)
            n >>= 32
        return words
    if isinstance(value, (list, tuple)):
        return [w for part in value for w in _words32(part)]
    raise TypeError(f"seed entropy must be a whole number >= 0 or a sequence of them, got {type(value).__name__}")


def _hashmix(value: int, hash_const: int) -> tuple[int, int]:
    value ^= hash_const
    hash_const = (hash_const * _MULT_A) & _M32
    value = (value * hash_const) & _M32
    return value ^ (value >> 16), hash_const


def _mix(x: int, y: int) -> int:
    result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _M32
    return result ^ (result >> 16)


class SeedSequence:
    """numpy's ``SeedSequence``: turns a seed (and a spawn key) into well-mixed state words.

    >>> SeedSequence(1).generate_state(2) == [int(w) for w in __import__("numpy").random.SeedSequence(1).generate_state(2)]
    True
    """

    def __init__(self, entropy: int | Sequence[int] | None = None, *, spawn_key: tuple[int, ...] = ()) -> None:
        self.entropy = secrets.randbits(_POOL_SIZE * 32) if entropy is None else entropy
        self.spawn_key = tuple(spawn_key)
        self.n_children_spawned = 0
        run = _words32(self.entropy)
        spawned = _words32(list(self.spawn_key))
        if spawned and len(run) < _POOL_SIZE:
            run += [0] * (_POOL_SIZE - len(run))
        self.pool = self._mixed(run + spawned)

    @staticmethod
    def _mixed(entropy: list[int]) -> list[int]:
        hash_const = _INIT_A
        pool = []
        for i in range(_POOL_SIZE):
            word, hash_const = _hashmix(entropy[i] if i < len(entropy) else 0, hash_const)
            pool.append(word)
        for src in range(_POOL_SIZE):
            for dst in range(_POOL_SIZE):
                if src != dst:
                    mixed, hash_const = _hashmix(pool[src], hash_const)
                    pool[dst] = _mix(pool[dst], mixed)
        for src in range(_POOL_SIZE, len(entropy)):
            for dst in range(_POOL_SIZE):
                mixed, hash_const = _hashmix(entropy[src], hash_const)
                pool[dst] = _mix(pool[dst], mixed)
        return pool

    def generate_state(self, n_words: int, bits: int = 32) -> list[int]:
        """``n_words`` words of ``bits`` (32 or 64) bits, as numpy's ``generate_state`` gives them."""
        if bits not in (32, 64):
            raise ValueError(f"bits must be 32 or 64, got {bits!r}")
        hash_const = _INIT_B
        words32 = []
        source = cycle(self.pool)
        for _ in range(n_words * bits // 32):
            value = next(source) ^ hash_const
            hash_const = (hash_const * _MULT_B) & _M32
            value = (value * hash_const) & _M32
            words32.append(value ^ (value >> 16))
        if bits == 32:
            return words32
        return [words32[i] | (words32[i + 1] << 32) for i in range(0, len(words32), 2)]

    def spawn(self, n_children: int) -> list["SeedSequence"]:
        """``n_children`` independent sequences, the ones numpy's ``spawn`` makes."""
        start = self.n_children_spawned
        self.n_children_spawned += n_children
        return [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,)) for i in range(start, start + n_children)]


class PCG64:
    """numpy's ``PCG64`` bit generator (XSL-RR 128/64), seeded as numpy seeds it.

    >>> PCG64(7).state == __import__("numpy").random.PCG64(7).state
    True
    """

    __slots__ = ("_state", "_inc", "_has_uint32", "_uinteger")

    def __init__(self, seed: int | Sequence[int] | SeedSequence | None = None) -> None:
        sequence = seed if isinstance(seed, SeedSequence) else SeedSequence(seed)
        high, low, inc_high, inc_low = sequence.generate_state(4, 64)
        self._inc = (((inc_high << 64) | inc_low) << 1 | 1) & _M128
        state = (self._inc + ((high << 64) | low)) & _M128
        self._state = (state * _PCG_MULTIPLIER + self._inc) & _M128
        self._has_uint32 = 0
        self._uinteger = 0

    @property
    def state(self) -> dict[str, Any]:
        """The state as numpy's ``bit_generator.state`` dictionary (what a saved match stores)."""
        return {"bit_generator": "PCG64", "state": {"state": self._state, "inc": self._inc},
                "has_uint32": self._has_uint32, "uinteger": self._uinteger}

    @state.setter
    def state(self, value: dict[str, Any]) -> None:
        try:
            kind, inner = value["bit_generator"], value["state"]
            state, inc, has, word = inner["state"], inner["inc"], value["has_uint32"], value["uinteger"]
        except (KeyError, TypeError) as err:
            raise ValueError(f"a PCG64 state is a dict with bit_generator, state {{state, inc}}, has_uint32 and "
                             f"uinteger; got {value!r}") from err
        if kind != "PCG64":
            raise ValueError(f"state must be for a PCG64 generator, got {kind!r}")
        limits = ((state, 1 << 128), (inc, 1 << 128), (has, 2), (word, 1 << 32))
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < hi for v, hi in limits):
            raise ValueError(f"a PCG64 state holds state, inc < 2**128, has_uint32 0 or 1, uinteger < 2**32; got {value!r}")
        self._state, self._inc, self._has_uint32, self._uinteger = state, inc, has, word

    def next_uint64(self) -> int:
        """The next 64-bit word: one step of the generator, then the XSL-RR output of the new state."""
        s = self._state = (self._state * _PCG_MULTIPLIER + self._inc) & _M128
        x = ((s >> 64) ^ s) & _M64
        r = s >> 122
        return ((x >> r) | (x << (64 - r))) & _M64

    def next_uint32(self) -> int:
        """The next 32-bit word: the low half of a fresh 64-bit word, then its high half (numpy's buffer)."""
        if self._has_uint32:
            self._has_uint32 = 0
            return self._uinteger
        word = self.next_uint64()
        self._has_uint32, self._uinteger = 1, word >> 32
        return word & _M32

    def next_double(self) -> float:
        """A uniform double in [0, 1) from the top 53 bits of a 64-bit word."""
        return (self.next_uint64() >> 11) * _DOUBLE_UNIT

    def below(self, n: int) -> int:
        """A uniform whole number in [0, n) for 1 <= n <= 2**64, by numpy's (Lemire's) bounded method."""
        if n == 1:
            return 0
        if n <= 1 << 32:
            if n == 1 << 32:
                return self.next_uint32()
            scaled = self.next_uint32() * n
            if (scaled & _M32) < n:
                threshold = ((1 << 32) - n) % n
                while (scaled & _M32) < threshold:
                    scaled = self.next_uint32() * n
            return scaled >> 32
        if n == 1 << 64:
            return self.next_uint64()
        scaled = self.next_uint64() * n
        if (scaled & _M64) < n:
            threshold = ((1 << 64) - n) % n
            while (scaled & _M64) < threshold:
                scaled = self.next_uint64() * n
        return scaled >> 64

    def interval(self, most: int) -> int:
        """A uniform whole number in [0, most] by masked rejection (numpy's ``random_interval``, for shuffles)."""
        if most == 0:
            return 0
        mask = (1 << most.bit_length()) - 1
        draw = self.next_uint32 if most <= _M32 else self.next_uint64
        while True:
            value = draw() & mask
            if value <= most:
                return value


def _count(size: Any) -> int | None:
    if size is None:
        return None
    shape = (size,) if isinstance(size, Integral) else tuple(size) if isinstance(size, (tuple, list)) else None
    if shape is None or len(shape) != 1 or not all(isinstance(s, Integral) and not isinstance(s, bool) and int(s) >= 0
                                                    for s in shape):
        raise TypeError(f"size must be None or a whole number >= 0 (one-dimensional draws), got {size!r}")
    return int(prod(shape))


class Generator:
    """The part of ``numpy.random.Generator`` the project uses, drawing exactly numpy's numbers.

    A draw of ``size`` values returns a list where numpy returns an array.

    >>> import numpy as np
    >>> a, b = Generator(PCG64(5)), np.random.default_rng(5)
    >>> a.random(3) == b.random(3).tolist(), a.permutation(6) == b.permutation(6).tolist()
    (True, True)
    """

    __slots__ = ("bit_generator",)

    def __init__(self, bit_generator: PCG64) -> None:
        if not isinstance(bit_generator, PCG64):
            raise TypeError(f"bit_generator must be a PCG64, got {type(bit_generator).__name__}")
        self.bit_generator = bit_generator

    def __repr__(self) -> str:
        return "Generator(PCG64) (pure Python)"

    def integers(self, low: int, high: int | None = None, size: Any = None, dtype: Any = None,
                 endpoint: bool = False) -> Any:
        """Whole numbers from ``low`` (inclusive) to ``high`` (exclusive; inclusive with ``endpoint``)."""
        if dtype is not None and getattr(dtype, "__name__", str(dtype)) not in ("int64", "int"):
            raise TypeError(f"only 64-bit integer draws are offered, got dtype={dtype!r}")
        if high is None:
            low, high = 0, low
        if not all(isinstance(v, Integral) and not isinstance(v, bool) for v in (low, high)):
            raise TypeError(f"low and high must be whole numbers, got {low!r} and {high!r}")
        span = int(high) - int(low) + (1 if endpoint else 0)
        if span <= 0 or int(low) < -(1 << 63) or int(high) - (0 if endpoint else 1) >= 1 << 63:
            raise ValueError(f"integers needs low < high within 64-bit range, got low={low}, high={high}")
        count = _count(size)
        below, low = self.bit_generator.below, int(low)
        if count is None:
            return low + below(span)
        return [low + below(span) for _ in range(count)]

    def random(self, size: Any = None) -> Any:
        """Uniform doubles in [0, 1)."""
        count = _count(size)
        double = self.bit_generator.next_double
        return double() if count is None else [double() for _ in range(count)]

    def choice(self, a: int | Sequence[Any], size: Any = None, replace: bool = True,
               p: Sequence[float] | None = None) -> Any:
        """Items of ``a`` (or indices below ``a``), with replacement, uniformly or with probabilities ``p``."""
        if not replace:
            raise TypeError("only draws with replacement are offered (replace=True)")
        population = int(a) if isinstance(a, Integral) and not isinstance(a, bool) else len(cast(Sequence[Any], a))
        if population <= 0:
            raise ValueError(f"a must be a positive whole number or a non-empty sequence, got {a!r}")
        count = _count(size)
        if p is None:
            picks = self.integers(0, population, size=size)
        else:
            cdf = self._cdf(p, population)
            uniform = self.random(size)
            picks = bisect_right(cdf, uniform) if count is None else [bisect_right(cdf, u) for u in uniform]
        if isinstance(a, Integral):
            return picks
        items = cast(Sequence[Any], a)  # not a count: the items chosen from
        return items[picks] if count is None else [items[i] for i in picks]

    @staticmethod
    def _cdf(p: Sequence[float], population: int) -> list[float]:
        weights = [float(w) for w in p]
        if len(weights) != population:
            raise ValueError(f"p must have one probability per item ({population}), got {len(weights)}")
        if not all(isfinite(w) and w >= 0 for w in weights) or not all(isinstance(w, Real) for w in p):
            raise ValueError(f"probabilities must be finite and >= 0, got {list(p)!r}")
        if abs(sum(weights) - 1.0) > 1.4901161193847656e-08:  # numpy's tolerance: sqrt of double epsilon
            raise ValueError(f"probabilities must sum to 1, got {sum(weights)!r}")
        cdf = list(accumulate(weights))
        last = cdf[-1]
        return [c / last for c in cdf]

    def permutation(self, x: int) -> list[int]:
        """The numbers below ``x`` in a random order (numpy's ``permutation`` of ``arange(x)``)."""
        if not isinstance(x, Integral) or isinstance(x, bool) or x < 0:
            raise TypeError(f"permutation takes a whole number >= 0 here, got {x!r}")
        order = list(range(int(x)))
        interval = self.bit_generator.interval
        for i in range(len(order) - 1, 0, -1):
            j = interval(i)
            order[i], order[j] = order[j], order[i]
        return order
