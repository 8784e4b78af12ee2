"""``Dist``: an exact, immutable probability distribution with integer weights.

Every odds question returns one of these. Weights are Python ints (never
floats), so probabilities come out as exact ``Fraction`` values; floats appear
only when a chart asks for them (:meth:`Dist.probabilities`). Outcomes are kept
sorted when they can be compared, otherwise in the order they were given.
Outcomes of weight 0 may be listed (``dice_pool`` lists 0..n hits so a chart's
axis stays put); they do not affect equality, which compares normalised pmfs.
The checks of the arguments users give live in :mod:`explorer.odds.dist_checks`.

>>> d = Dist({"hit": 1, "miss": 2})
>>> d.p("hit"), d.total
(Fraction(1, 3), 3)
>>> Dist({0: 2, 1: 2}) == Dist({1: 1, 0: 1})
True
"""

from __future__ import annotations

import html
import operator
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from math import gcd
from numbers import Rational
from typing import Any

from explorer.core.numeric import FLOATS
from explorer.core.rng import Generator, is_generator, sample_indices
from explorer.errors import excerpt
from explorer.odds.dist_checks import exact_probabilities, merged_weights, sample_size, shown, whole_weight

_SLOTS = ("_outcomes", "_weights", "_total", "_ordered", "_key", "_pmf", "_cdf")


class Dist:
    """An immutable distribution: outcomes with whole-number weights.

    Build one from a mapping outcome -> weight (``Dist({0: 1, 1: 5})``), from
    parallel sequences (:meth:`from_weights`, merging repeats) or from exact
    probabilities (:meth:`from_fractions`). It is hashable and compares equal
    to any ``Dist`` with the same probabilities.

    >>> d = Dist({1: 1, 2: 1, 3: 2})
    >>> d.pmf()
    {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 2)}
    >>> d.at_least(2), d.mean()
    (Fraction(3, 4), Fraction(9, 4))
    >>> print(d)
    outcome  probability  percent
          1          1/4   25.00%
          2          1/4   25.00%
          3          1/2   50.00%
    """

    __slots__ = _SLOTS

    _outcomes: tuple[Any, ...]
    _weights: tuple[int, ...]
    _total: int
    _ordered: bool
    _key: frozenset[tuple[Any, int]] | None  # the next three are worked out when first asked
    _pmf: dict[Any, Fraction] | None
    _cdf: dict[Any, Fraction] | None

    def __init__(self, weights: Mapping[Any, int]) -> None:
        if isinstance(weights, Dist):
            pairs = list(zip(weights._outcomes, weights._weights))
        elif isinstance(weights, Mapping):
            pairs = [(o, whole_weight(o, w)) for o, w in weights.items()]
        else:
            raise ValueError(
                f"weights must be a mapping outcome -> whole-number weight, got {type(weights).__name__}"
            )
        self._init(pairs)

    # --- construction --------------------------------------------------------
    def _init(self, pairs: list[tuple[Any, int]]) -> None:
        ordered = True
        try:
            pairs = sorted(pairs, key=lambda pair: pair[0])
        except TypeError:
            ordered = False
        total = sum(w for _, w in pairs)
        if total <= 0:
            raise ValueError("weights must have a positive total (a distribution needs an outcome)")
        setter = object.__setattr__
        setter(self, "_outcomes", tuple(o for o, _ in pairs))
        setter(self, "_weights", tuple(w for _, w in pairs))
        setter(self, "_total", total)
        setter(self, "_ordered", ordered)
        for slot in ("_key", "_pmf", "_cdf"):
            setter(self, slot, None)

    @classmethod
    def trusted(
        cls, outcomes: tuple[Any, ...], weights: tuple[int, ...], total: int, ordered: bool
    ) -> "Dist":
        """A distribution built as given, for the odds engines (``dice``, ``draws``, ``markov``): no checks, no sorting.

        The caller promises what :class:`Dist` would otherwise check: ``outcomes`` distinct and in their
        order, ``weights`` positive whole numbers summing to ``total``. A user builds a ``Dist`` the checked way.

        >>> Dist.trusted((0, 1), (1, 3), 4, True).at_least(1)
        Fraction(3, 4)
        """
        new = object.__new__(cls)
        setter = object.__setattr__
        setter(new, "_outcomes", outcomes)
        setter(new, "_weights", weights)
        setter(new, "_total", total)
        setter(new, "_ordered", ordered)
        setter(new, "_key", None)
        setter(new, "_pmf", None)
        setter(new, "_cdf", None)
        return new

    @classmethod
    def from_weights(cls, outcomes: Iterable[Any], weights: Iterable[int]) -> "Dist":
        """A distribution from parallel outcomes and weights; repeated outcomes are merged.

        >>> Dist.from_weights(["a", "b", "a"], [1, 1, 2]).pmf()
        {'a': Fraction(3, 4), 'b': Fraction(1, 4)}
        """
        return cls(merged_weights(outcomes, weights))

    @classmethod
    def from_fractions(cls, probabilities: Mapping[Any, Rational | int]) -> "Dist":
        """A distribution from exact probabilities (``Fraction`` or ``int``) that sum to 1.

        >>> Dist.from_fractions({"win": Fraction(1, 3), "lose": Fraction(2, 3)}).weights
        (2, 1)
        """
        pairs = exact_probabilities(probabilities)
        denominator = 1
        for _, p in pairs:
            q = Fraction(p).denominator
            denominator = denominator * q // gcd(denominator, q)
        return cls({o: int(Fraction(p) * denominator) for o, p in pairs})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Dist is immutable")

    # --- plain data ----------------------------------------------------------
    @property
    def outcomes(self) -> tuple[Any, ...]:
        """The outcomes, sorted when they can be compared."""
        return self._outcomes

    @property
    def weights(self) -> tuple[int, ...]:
        """Whole-number weights, parallel to :attr:`outcomes`."""
        return self._weights

    @property
    def total(self) -> int:
        """The sum of the weights: ``P(o) = weight(o) / total``."""
        return self._total

    def pmf(self) -> dict[Any, Fraction]:
        """Outcome -> exact probability, in outcome order (a fresh dict each call)."""
        pmf = self._pmf
        if pmf is None:
            total = self._total
            pmf = {o: Fraction(w, total) for o, w in zip(self._outcomes, self._weights)}
            object.__setattr__(self, "_pmf", pmf)
        return dict(pmf)

    def to_rows(self) -> list[tuple[Any, Fraction]]:
        """``(outcome, probability)`` rows, e.g. for a CSV export."""
        return list(self.pmf().items())

    def probabilities(self) -> list[float]:
        """Float probabilities parallel to :attr:`outcomes` — for charts only.

        >>> Dist({0: 1, 1: 3}).probabilities()
        [0.25, 0.75]
        """
        total = self._total
        if total < 2**53:  # both exact as doubles: one correctly rounded division each
            return [w / total for w in self._weights]
        return [float(Fraction(w, total)) for w in self._weights]

    # --- questions -----------------------------------------------------------
    def p(self, outcome_or_predicate: Any) -> Fraction:
        """P(outcome), or P(predicate(outcome)) when given a callable.

        >>> Dist({1: 1, 2: 1, 3: 1}).p(lambda x: x % 2 == 1)
        Fraction(2, 3)
        """
        if callable(outcome_or_predicate):
            test = outcome_or_predicate
            hit = sum(w for o, w in zip(self._outcomes, self._weights) if test(o))
        else:
            hit = sum(w for o, w in zip(self._outcomes, self._weights) if o == outcome_or_predicate)
        return Fraction(hit, self._total)

    def at_least(self, x: Any) -> Fraction:
        """P(outcome >= x); ``x`` is one value the outcomes compare with (a number when they are numbers).

        >>> Dist({1: 1, 2: 1}).at_least(2)
        Fraction(1, 2)
        >>> Dist({1: 1, 2: 1}).at_least("a")
        Traceback (most recent call last):
        ...
        TypeError: at_least(x): x must be one value the outcomes (int) compare with, got 'a' (str)
        """
        return self._share("at_least", x, operator.ge)

    def at_most(self, x: Any) -> Fraction:
        """P(outcome <= x); ``x`` is one value the outcomes compare with (a number when they are numbers)."""
        return self._share("at_most", x, operator.le)

    def _share(self, name: str, x: Any, compare: Callable[[Any, Any], Any]) -> Fraction:
        if isinstance(x, FLOATS) and x != x:  # NaN, the one value unequal to itself
            raise ValueError(f"{name}(x): x is NaN (not a number), which no outcome is >= or <=; give a number")
        try:
            hit = sum(w for o, w in zip(self._outcomes, self._weights) if compare(o, x))
        except (TypeError, ValueError, ArithmeticError):  # ValueError: an array's ambiguous truth value
            if not self._ordered:
                raise TypeError(f"{name} needs outcomes that can be ordered (all numbers, or all text); "
                                f"these are {self._kinds()}") from None
            raise TypeError(f"{name}(x): x must be one value the outcomes ({self._kinds()}) compare with, "
                            f"got {shown(x)}") from None
        return Fraction(hit, self._total)

    def _kinds(self) -> str:
        """The types of the outcomes, in words: ``int``, ``int and str``."""
        kinds = sorted({type(o).__name__ for o in self._outcomes})
        return " and ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)

    def cdf_at_least(self) -> dict[Any, Fraction]:
        """Outcome k -> P(X >= k) for every listed outcome, in order (the "at least k" chart).

        >>> Dist({0: 1, 1: 2, 2: 1}).cdf_at_least()
        {0: Fraction(1, 1), 1: Fraction(3, 4), 2: Fraction(1, 4)}
        """
        cdf = self._cdf
        if cdf is None:
            if not self._ordered:
                raise TypeError(f"cdf_at_least needs outcomes that can be ordered (all numbers, or all text); "
                                f"these are {self._kinds()}")
            running = 0
            tail: list[tuple[Any, Fraction]] = []
            for o, w in zip(reversed(self._outcomes), reversed(self._weights)):
                running += w
                tail.append((o, Fraction(running, self._total)))
            cdf = dict(reversed(tail))
            object.__setattr__(self, "_cdf", cdf)
        return dict(cdf)

    def _moment_sums(self, name: str) -> tuple[Any, Any]:
        s1: Any = 0
        s2: Any = 0
        for o, w in zip(self._outcomes, self._weights):
            if not isinstance(o, (int, Fraction)):
                try:
                    o = Fraction(o)
                except (TypeError, ValueError, OverflowError):
                    raise TypeError(f"{name} needs outcomes that are finite numbers; this distribution has "
                                    f"{shown(o)} (use .map() to turn outcomes into numbers)") from None
            s1 += o * w
            s2 += o * o * w
        return s1, s2

    def mean(self) -> Fraction:
        """The exact expected value (outcomes must be numbers).

        >>> Dist({"hit": 1}).mean()
        Traceback (most recent call last):
        ...
        TypeError: mean needs outcomes that are finite numbers; this distribution has 'hit' (str) (use .map() to turn outcomes into numbers)
        """
        s1, _ = self._moment_sums("mean")
        return Fraction(s1) / self._total

    def variance(self) -> Fraction:
        """The exact variance E[X^2] - E[X]^2 (outcomes must be numbers).

        >>> Dist({0: 1, 1: 1}).variance()
        Fraction(1, 4)
        """
        s1, s2 = self._moment_sums("variance")
        t = self._total
        return (Fraction(s2) * t - Fraction(s1) ** 2) / (t * t)

    # --- new distributions ---------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> "Dist":
        """The distribution of ``f(outcome)``; outcomes with equal images are merged.

        >>> Dist({1: 1, 2: 1, 3: 1, 4: 1}).map(lambda x: x % 2).pmf()
        {0: Fraction(1, 2), 1: Fraction(1, 2)}
        """
        if not callable(f):
            raise TypeError(f"map(f): f must be a function of one outcome, got {shown(f)}")
        merged: dict[Any, int] = {}
        for o, w in zip(self._outcomes, self._weights):
            image = f(o)
            try:
                merged[image] = merged.get(image, 0) + w
            except TypeError:
                raise TypeError(f"map(f): f must return hashable outcomes (numbers, text, tuples); "
                                f"f({excerpt(o)}) returned {shown(image)}") from None
        new = object.__new__(Dist)
        new._init(list(merged.items()))
        return new

    def sample(self, rng: Generator, size: int | None = None) -> Any:
        """Draw outcomes with their exact probabilities using ``rng``.

        ``rng`` is a seeded generator (``explorer.core.rng.new_generator(seed)`` or
        ``numpy.random.default_rng(seed)``: the same seed draws the same outcomes).
        Returns one outcome when ``size`` is None, else a list of ``size`` outcomes.
        With a total below 2**63 each pick is one exact integer ticket. Cap: ``size``
        <= 1,000,000 (``MAX_SAMPLE``).

        >>> from explorer.core.rng import new_generator
        >>> d = Dist({0: 1, 1: 3})
        >>> d.sample(new_generator(1), 5)
        [1, 1, 1, 1, 0]
        """
        if not is_generator(rng):
            raise TypeError("rng must be a seeded generator (explorer.core.rng.new_generator(seed) or "
                            f"numpy.random.default_rng(seed)), got {type(rng).__name__}")
        count = 1 if size is None else sample_size(size)
        if self._total < 2**63:
            index = sample_indices(rng, self._weights, count)
        else:
            picked = rng.choice(len(self._outcomes), size=count, p=self.probabilities())
            index = picked if isinstance(picked, list) else picked.tolist()
        if size is None:
            return self._outcomes[index[0]]
        return [self._outcomes[i] for i in index]

    # --- value semantics -----------------------------------------------------
    def _normalised(self) -> frozenset[tuple[Any, int]]:
        key = self._key
        if key is None:
            g = gcd(*self._weights)
            key = frozenset((o, w // g) for o, w in zip(self._outcomes, self._weights) if w)
            object.__setattr__(self, "_key", key)
        return key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self is other or self._normalised() == other._normalised()

    def __hash__(self) -> int:
        return hash(self._normalised())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Dist.trusted, (self._outcomes, self._weights, self._total, self._ordered))

    def __repr__(self) -> str:
        shown = ", ".join(f"{o!r}: {w}" for o, w in zip(self._outcomes[:8], self._weights[:8]))
        more = len(self._outcomes) - 8
        if more > 0:
            return f"Dist({{{shown}, ...}}, {len(self._outcomes)} outcomes, total={self._total})"
        return f"Dist({{{shown}}})"

    def _repr_html_(self) -> str:
        """The table ``str(d)`` prints, as HTML for a notebook: one row per outcome with its exact
        probability, the percent and a bar as wide as the probability (plain HTML and inline CSS;
        every value is escaped).

        >>> page = Dist({"<hit>": 1, "miss": 3})._repr_html_()
        >>> page.count("<tr>"), "&lt;hit&gt;" in page, "<hit>" in page
        (3, True, False)
        >>> print(page.splitlines()[3])
        <tr><td style="text-align:left">&lt;hit&gt;</td><td class="probability" style="text-align:right">1/4</td><td style="text-align:right">25.00%</td><td style="width:8em"><div style="width:25.000%;height:0.8em;background:#4c78a8"></div></td></tr>
        """
        numeric = all(isinstance(o, (int, float, Fraction)) for o in self._outcomes)
        side = "right" if numeric else "left"
        rows = [
            '<table class="explorer-dist">',
            f'<thead><tr><th style="text-align:{side}">outcome</th><th style="text-align:right">probability</th>'
            '<th style="text-align:right">percent</th><th></th></tr></thead>',
            "<tbody>",
        ]
        for o, w in zip(self._outcomes, self._weights):
            p = Fraction(w, self._total)
            rows.append(
                f'<tr><td style="text-align:{side}">{html.escape(str(o))}</td>'
                f'<td class="probability" style="text-align:right">{html.escape(str(p))}</td>'
                f'<td style="text-align:right">{html.escape(_percent(p))}</td>'
                f'<td style="width:8em"><div style="width:{float(100 * p):.3f}%;height:0.8em;'
                'background:#4c78a8"></div></td></tr>')
        rows.append("</tbody></table>")
        return "\n".join(rows)

    def __str__(self) -> str:
        rows = [("outcome", "probability", "percent")]
        numeric = all(isinstance(o, (int, float, Fraction)) for o in self._outcomes)
        for o, w in zip(self._outcomes, self._weights):
            p = Fraction(w, self._total)
            rows.append((str(o), str(p), _percent(p)))
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        lines = []
        for row in rows:
            first = row[0].rjust(widths[0]) if numeric else row[0].ljust(widths[0])
            lines.append(f"{first}  {row[1].rjust(widths[1])}  {row[2].rjust(widths[2])}")
        return "\n".join(lines)


def _percent(p: Fraction) -> str:
    """A percent that never reads as 0% or 100% unless it is exactly that."""
    pct = float(100 * p)
    text = f"{pct:.2f}%"
    if 0 < p < 1 and text in ("0.00%", "100.00%"):
        text = f"{pct:.2g}%" if p < Fraction(1, 2) else f"{pct:.6g}%"
    return text

