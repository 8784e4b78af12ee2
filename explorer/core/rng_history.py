"""The seeded generator's state at every position of a match: saved, or found again by replaying the draws.

A match puts its generator back where it was at any position (undo, then step: the same
card comes), and a saved match carries the state after every move. Saving it costs about
a tenth of a Star Realms step (the generator builds a dict of two 128-bit integers each time), so
a run of moves chosen by one of the game's own policies (deterministic by contract: they
choose by the position and the generator alone) saves it only every ``SAVE_EVERY`` moves
and at the end of the run. A position in between is marked with how to get there again:
from the last saved state, redo each move's draw (the chance node's sampling, or the
policy's choice, which must pick the logged move again), in a generator of its own.

>>> from explorer.core.rng import generator_state, new_generator
>>> rng = new_generator(3)
>>> history = GeneratorHistory(generator_state(rng))
>>> _ = rng.integers(0, 6); history.save(rng)
>>> len(history), history.at(1, (), ()) == generator_state(rng)
(2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from explorer.core.chance import sample_outcome
from explorer.core.rng import Generator, RngState, generator_at, generator_state
from explorer.errors import RulesError

SAVE_EVERY = 64
"""A run by a named policy saves the generator every this many moves (undo replays at most this many draws)."""


@dataclass(frozen=True, eq=False)
class Replay:
    """Marks a position whose generator state is found again: the policy that chose the moves of its run."""

    policy: Callable[[Any, Generator], Any]
    name: str


class GeneratorHistory:
    """``at(i)``: the generator's state at position ``i``; saved ones as they were, the rest replayed."""

    def __init__(self, first: RngState) -> None:
        self._kept: list[RngState | Replay] = [first]

    def __len__(self) -> int:
        return len(self._kept)

    def save(self, rng: Generator) -> None:
        """The next position's state, read from ``rng`` now."""
        self._kept.append(generator_state(rng))

    def save_or_mark(self, rng: Generator, replay: Replay) -> None:
        """The next position, reached by ``replay``'s policy or a draw: saved every ``SAVE_EVERY`` positions."""
        if len(self._kept) % SAVE_EVERY:
            self._kept.append(replay)
        else:
            self._kept.append(generator_state(rng))

    def save_last(self, rng: Generator) -> None:
        """The newest position's state is ``rng``'s now (the end of a run): saved, so nothing replays to reach it."""
        if isinstance(self._kept[-1], Replay):
            self._kept[-1] = generator_state(rng)

    def copy(self) -> "GeneratorHistory":
        """An independent copy (a match that takes over another's history keeps its own)."""
        twin = GeneratorHistory(self._kept[0])  # type: ignore[arg-type]
        twin._kept = list(self._kept)
        return twin

    def put(self, i: int, saved: RngState) -> None:
        self._kept[i] = saved

    def append(self, saved: RngState) -> None:
        self._kept.append(saved)

    def cut(self, n: int) -> None:
        """Forget positions ``n`` and after (the old future after an undo)."""
        del self._kept[n:]

    def at(self, i: int, states: Sequence[Any], entries: Sequence[Any]) -> RngState:
        """The state at position ``i``; ``states[k]`` and ``entries[k]`` (move ``k``) are what replaying reads."""
        found = self._kept[i]
        if not isinstance(found, Replay):
            return found
        start = max(k for k in range(i) if not isinstance(self._kept[k], Replay))
        rng = generator_at(self._kept[start])  # type: ignore[arg-type]  # a saved state, by the max() above
        for k in range(start, i):
            entry, state, marker = entries[k], states[k], self._kept[k + 1]
            if entry.sampled:
                sample_outcome(state.chance_outcomes(), rng)
            elif isinstance(marker, Replay) and callable(advance := getattr(marker.policy, "advance", None)):
                advance(state, rng)  # moves the generator as its choice did, without choosing again
            elif isinstance(marker, Replay):
                again = marker.policy(state, rng)
                if again != entry.action:
                    raise RulesError(f"cannot find the generator again at move {k + 1}: policy {marker.name!r} "
                                     f"chose {again} on replay, the log has {entry.action}; a policy must choose "
                                     "by the position and the generator alone", state=state)
            self._kept[k + 1] = generator_state(rng)  # found once, kept
        return self._kept[i]  # type: ignore[return-value]
