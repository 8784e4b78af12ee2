"""Watching a match: plain callbacks told after every change, so a panel and a notebook agree.

A :class:`~explorer.core.match.Match` is the one truth about a game in progress. A
panel on screen, a chart in another cell, a test: each calls ``match.observe(f)``
and ``f(change)`` is called after every step, undo, redo, jump in the history,
reseed, restart and load, whoever made it (a click or a cell). ``change`` is a
:class:`MatchChange`: what kind of change, the cursor and length after it, and how
many moves it made. ``Match.play(500)`` tells once, at the end (one redraw, not 500),
and ``with match.batched():`` folds any run of changes into one message.

No traitlets or widgets here (``explorer/`` imports no view library): listeners are
plain callables, called in the order they were added. A listener that raises does
not stop the others; the first error is raised again after all were told, since the
match itself has already changed.

>>> import explorer
>>> from explorer.core.match import Match
>>> match = Match(explorer.load_game("star_realms"), seed=1)
>>> seen = []
>>> _ = match.observe(seen.append)
>>> match.play("random", 5)
5
>>> seen[-1]
MatchChange(kind='play', cursor=5, length=6, moves=5)
>>> with match.batched():
...     _ = match.undo(); _ = match.undo()
>>> seen[-1].kind, seen[-1].cursor, len(seen)
('batch', 3, 2)
>>> match.unobserve(seen.append)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple

CHANGE_KINDS = ("step", "play", "undo", "redo", "goto", "reseed", "restart", "load", "batch")
"""Every ``MatchChange.kind``: one per way a match moves, ``batch`` for changes folded by ``batched()``."""


class MatchChange(NamedTuple):
    """What changed in a match: ``kind`` (one of :data:`CHANGE_KINDS`), and after it the ``cursor``,
    the number of kept positions (``length``) and the moves the change made (``moves``: 1 for a step,
    the count for ``play``, 0 for moves along the kept history)."""

    kind: str
    cursor: int
    length: int
    moves: int = 0


Listener = Callable[[MatchChange], object]
"""``listener(change)``: told after a match changed; its return value is ignored."""


class Observed:
    """The listener list of a match (a mixin): ``observe``, ``unobserve``, ``batched`` and ``_changed``.

    The class using it provides ``cursor`` and ``__len__``.
    """

    _listeners: list[Listener]
    _batch_depth: int
    _batch_moves: int
    _batch_kinds: list[str]

    if TYPE_CHECKING:  # what the class using it provides
        @property
        def cursor(self) -> int: ...

        def __len__(self) -> int: ...

    def _init_listeners(self) -> None:
        self._listeners = []
        self._batch_depth = 0
        self._batch_moves = 0
        self._batch_kinds = []

    def observe(self, listener: Listener) -> Listener:
        """Call ``listener(change)`` after every change of this match; returns ``listener`` (usable as a decorator).

        Adding the same listener twice keeps one registration, so a panel that observes again is told once.
        """
        if not callable(listener):
            raise TypeError(f"observe: a listener is a callable listener(change), got {type(listener).__name__}")
        if listener not in self._listeners:
            self._listeners.append(listener)
        return listener

    def unobserve(self, listener: Listener) -> None:
        """Stop telling ``listener``; raises ``ValueError`` naming it if it was not observing."""
        try:
            self._listeners.remove(listener)
        except ValueError:
            raise ValueError(f"unobserve: {listener!r} is not observing this match") from None

    @property
    def listeners(self) -> tuple[Listener, ...]:
        """Who is told of changes, in the order they are told."""
        return tuple(self._listeners)

    @contextmanager
    def batched(self) -> Iterator[None]:
        """Fold every change made inside the block into one ``MatchChange`` told at its end.

        The kind is that of the single change when there was one, else ``"batch"``; nothing is
        told when nothing changed. Blocks nest: only the outermost one tells.
        """
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if self._batch_depth == 0 and self._batch_kinds:
                kinds, moves = self._batch_kinds, self._batch_moves
                self._batch_kinds, self._batch_moves = [], 0
                self._tell(MatchChange(kinds[0] if len(kinds) == 1 else "batch",
                                       self.cursor, len(self), moves))

    def _changed(self, kind: str, moves: int = 0) -> None:
        """Called by the match after it changed: tell the listeners now, or at the end of the batch."""
        if self._batch_depth:
            self._batch_kinds.append(kind)
            self._batch_moves += moves
            return
        if self._listeners:
            self._tell(MatchChange(kind, self.cursor, len(self), moves))

    def _tell(self, change: MatchChange) -> None:
        first_error: BaseException | None = None
        for listener in tuple(self._listeners):
            try:
                listener(change)
            except Exception as err:  # noqa: BLE001 - every listener is told; the first error is raised after
                first_error = first_error or err
        if first_error is not None:
            raise first_error
