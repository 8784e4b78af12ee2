"""A match: the states of one game, its log, a cursor, and the seeded generator.

The rules never roll dice; the match does. ``step()`` at a chance node samples
one outcome with exact probabilities from a seeded generator (``explorer.core.rng``);
at a decision it applies the action given. Undo and redo move a cursor over the
kept states; stepping after an undo cuts the old future, as an editor does.
The generator's state is kept for every position, so undoing and stepping again
draws the same outcome, and a saved match continues as the original would have.

>>> import explorer
>>> match = Match(explorer.load_game("star_realms"), seed=1)
>>> match.play("heuristic", max_steps=30)
30
>>> len(match), match.cursor
(31, 30)
>>> _ = match.undo(); match.cursor, match.can_redo()
(29, True)
>>> Match.from_json(match.to_json()).state == match.state
True

A match is watched (``explorer/core/watch.py``): ``match.observe(f)`` calls ``f(change)``
after every change, and ``restart`` and ``load`` keep the object, so whoever holds it
(a panel, a notebook's ``m``) goes on seeing the game on screen.

>>> told = []
>>> _ = match.observe(told.append)
>>> match.restart(seed=7)
>>> told[-1].kind, match.cursor, match.seed
('restart', 0, 7)
"""

from __future__ import annotations

import gc
import json
from functools import partial
from typing import Any, NamedTuple

from explorer.core.actions import CHANCE, TERMINAL, Action
from explorer.core.chance import sample_outcome
from explorer.core.checks import whole_number
from explorer.core.display import match_html
from explorer.core.game import Game, game_from_identity
from explorer.core.policies import Policy, named_policy
from explorer.core.rng import Generator, RngState, fresh_seed, generator_state, new_generator, set_generator_state
from explorer.core.rng_history import GeneratorHistory, Replay
from explorer.core.match_fields import MAX_LOG_MOVES, MAX_MATCH_CHARS, check_seed, rng_field, whole
from explorer.core.serial import decode, loads
from explorer.core.state import State
from explorer.core.watch import Observed
from explorer.errors import RulesError, StateFormatError, excerpt

MATCH_FORMAT = "rules-explorer/match"
MATCH_FORMAT_VERSION = 1
__all__ = ["LogEntry", "MATCH_FORMAT", "MATCH_FORMAT_VERSION", "MAX_LOG_MOVES", "MAX_MATCH_CHARS", "Match"]

_new_entry = tuple.__new__
"""Makes a ``LogEntry`` from its three fields without a Python-level call (``Match.play`` makes one per move)."""


class LogEntry(NamedTuple):
    """One applied move: who moved (a player index or ``CHANCE``), what, and whether it was sampled.

    A named tuple: one is kept for every move, and a tuple is the cheapest immutable record to make.
    """

    player: int
    action: Action
    sampled: bool


class Match(Observed):
    """States, log and cursor of one game, driven by a seeded generator, told to its listeners.

    ``Match(game)`` starts from ``game.initial_state()``; ``Match(state)`` from any
    position (a setup with options, a loaded state). ``observe(listener)`` is told
    of every change; ``restart`` and ``load`` start another game in the same object.
    """

    def __init__(self, game_or_state: Game | State, *, seed: int | None = None) -> None:
        self._init_listeners()
        self._begin(_first_state(game_or_state), seed)

    def _begin(self, state: State, seed: int | None) -> None:
        """Start from ``state`` with ``seed`` (a fresh one when ``None``): one position, no moves."""
        self.game: Game = state.game
        self.seed: int = fresh_seed(32) if seed is None else check_seed(seed)
        self._rng = new_generator(self.seed)
        self._states: list[State] = [state]
        self._entries: list[LogEntry] = []
        self._rngs = GeneratorHistory(generator_state(self._rng))
        self._cursor = 0

    # --- reading -------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position at the cursor."""
        return self._states[self._cursor]

    @property
    def cursor(self) -> int:
        """Index of the shown position: 0 is the start, ``len(match) - 1`` the newest."""
        return self._cursor

    @property
    def states(self) -> tuple[State, ...]:
        """Every kept position, including the ones after the cursor (redo)."""
        return tuple(self._states)

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """Every kept move; ``entries[i]`` leads from ``states[i]`` to ``states[i + 1]``."""
        return tuple(self._entries)

    @property
    def rng(self) -> Generator:
        """The generator at the cursor (policies draw from it too)."""
        return self._rng

    def __len__(self) -> int:
        return len(self._states)

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor < len(self._states) - 1

    def log_line(self, i: int, *, viewer: int | None = None) -> str:
        """Move ``i`` as the rules tell it, numbered: ``'3. Player 1 buys Cutter (Trade 4 → 2)'``.

        The line is ``states[i].story(action, states[i + 1], viewer=viewer)``: the
        rules say what happened; ``viewer`` (a seat) hides what that seat may not see.
        """
        entry = self._entries[i]
        return f"{i + 1}. {self._states[i].story(entry.action, self._states[i + 1], viewer=viewer)}"

    @property
    def log(self) -> list[str]:
        """Every kept move as a readable line (the moves after the cursor included)."""
        return [self.log_line(i) for i in range(len(self._entries))]

    def turn_starts(self) -> tuple[int, ...]:
        """The positions where a new turn begins (by ``state.turn_label()``), 0 first.

        Time travel by turns moves between these; the moves inside a turn lie between two of them.
        """
        starts, last = [0], self._states[0].turn_label()
        for i, state in enumerate(self._states[1:], start=1):
            label = state.turn_label()
            if label != last:
                starts.append(i)
                last = label
        return tuple(starts)

    # --- moving ----------------------------------------------------------------
    def step(self, action: Action | str | None = None) -> Action:
        """Apply ``action`` (or its text); at a chance node with no action, sample an outcome.

        Stepping from an earlier position (after ``undo``) discards the old future.
        Returns the move applied. Rules errors leave the match unchanged (and tell nobody).
        """
        action = self._step(action)
        self._changed("step", 1)
        return action

    def _step(self, action: Action | str | None) -> Action:
        state = self.state
        sampled = False
        if action is None:
            if state.is_chance():
                action = sample_outcome(state.chance_outcomes(), self._rng)
                sampled = True
            elif state.is_terminal():
                raise RulesError(f"the game is over: {state.result()}", state=state)
            else:
                shown = ", ".join(str(a) for a in state.legal_actions()[:8])
                raise RulesError(
                    f"{self.game.player_name(state.current_player)} decides in {state.phase}; "
                    f"choose an action (legal: {shown}{', ...' if len(state.legal_actions()) > 8 else ''})",
                    state=state,
                )
        elif isinstance(action, str):
            action = state.parse_action(action)
        self._push(state, state.current_player, action, sampled)
        return action

    def _push(self, state: State, mover: int, action: Action, sampled: bool) -> None:
        """Apply ``action`` of ``mover`` to ``state`` (the shown position); keep the new position, the move and
        the generator. A sampled outcome is legal by construction, so it goes to the game's ``_apply`` at once.
        (``play`` does the same, written out, and marks the generator to be found again instead of saving it.)"""
        new_state = state._apply(action) if sampled else state.apply(action)
        if self._cursor + 1 < len(self._states):
            self._cut_future()
        self._entries.append(LogEntry(mover, action, sampled))
        self._states.append(new_state)
        self._rngs.save(self._rng)
        self._cursor += 1

    def play(self, policy: str | Policy = "random", max_steps: int = 10_000) -> int:
        """Step until the game ends or ``max_steps`` moves were made; chance is sampled.

        ``policy`` is a name from ``game.policies()`` or a callable. Returns the number of moves
        made. A named policy chooses by the position and the generator alone, so the generator's
        state is saved only now and then in its run and found again by replaying when undo or a
        save needs it (``explorer/core/rng_history.py``). While it plays, Python's cycle collector
        is paused (and resumed after, if it was running): positions never form reference cycles,
        and the collector would only rescan the growing list of kept positions, a quarter of the
        time of a long game (``tests/core/test_match_memory.py`` checks no cyclic garbage is left).
        Listeners are told once, at the end (kind ``"play"``, with the number of moves), so a
        panel watching the match redraws once for the whole run.
        """
        chooser = self._policy(policy)
        whole_number("max_steps", max_steps, 0, None, ValueError)
        made = 0
        rng = self._rng
        replay = Replay(chooser, policy) if isinstance(policy, str) else None
        states, entries = self._states, self._entries
        keep = self._rngs.save if replay is None else partial(self._rngs.save_or_mark, replay=replay)
        collecting = gc.isenabled()
        gc.disable()
        try:
            while made < max_steps:  # _push written out: this loop is the hot path of a long run
                state = states[self._cursor]
                mover = state.current_player
                if mover == TERMINAL:
                    break
                if mover == CHANCE:  # a sampled outcome is legal by construction: straight to the rules
                    action = sample_outcome(state.chance_outcomes(), rng)
                    new_state = state._apply(action)
                else:
                    action = chooser(state, rng)
                    if not isinstance(action, Action):  # text, or a policy that gave nothing: step() reads it
                        self._step(action)
                        made += 1
                        continue
                    for legal in state.legal_actions():  # what apply() does first: a move it listed is legal
                        if legal is action:
                            new_state = state._apply(action)
                            break
                    else:  # an equal move made anew, or an illegal one: apply() checks it and says why
                        new_state = state.apply(action)
                if self._cursor + 1 < len(states):
                    self._cut_future()
                entries.append(_new_entry(LogEntry, (mover, action, mover == CHANCE)))
                states.append(new_state)
                keep(rng)
                self._cursor += 1
                made += 1
        finally:
            if collecting:
                gc.enable()
            if made:
                self._rngs.save_last(rng)
                self._changed("play", made)
        return made

    def _policy(self, policy: str | Policy) -> Policy:
        if callable(policy):
            return policy
        return named_policy(self.game, policy)

    def undo(self) -> State:
        """Step back one move (the future is kept for ``redo``)."""
        if not self.can_undo():
            raise RulesError("nothing to undo: this is the first position", state=self.state)
        self._goto(self._cursor - 1)
        self._changed("undo")
        return self.state

    def redo(self) -> State:
        """Step forward again along the kept future."""
        if not self.can_redo():
            raise RulesError("nothing to redo: this is the newest position", state=self.state)
        self._goto(self._cursor + 1)
        self._changed("redo")
        return self.state

    def goto(self, index: int) -> State:
        """Show position ``index`` (0 … ``len(match) - 1``); the generator goes back with it."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self._states):
            raise RulesError(f"goto: the position must be a whole number from 0 to {len(self._states) - 1}, "
                             f"got {excerpt(index)}")
        self._goto(index)
        self._changed("goto")
        return self.state

    def _goto(self, index: int) -> None:
        self._cursor = index
        set_generator_state(self._rng, self._rng_at(index))

    def reseed(self, seed: int) -> None:
        """Draw future chance outcomes from ``seed``, starting at the cursor (the old future is cut)."""
        self.seed = check_seed(seed)
        self._rng = new_generator(self.seed)
        self._cut_future()
        self._rngs.put(self._cursor, generator_state(self._rng))
        self._changed("reseed")

    def restart(self, state: State | Game | None = None, *, seed: int | None = None) -> None:
        """Start this match again from ``state`` (default: its first position) with ``seed`` (default: its seed).

        ``state`` may be another position or a ``Game`` (its initial state: another variant or
        options, such as Warp's Edge's printed Explorer). The object stays the same, and so do its
        listeners: a panel and a notebook that hold it follow the new game. The old history is gone.
        """
        first = self._states[0] if state is None else _first_state(state)
        self._begin(first, self.seed if seed is None else seed)
        self._changed("restart")

    def load(self, source: "Match | str | bytes") -> None:
        """Take over another match's game, history, cursor and seed (a ``Match`` or its saved JSON).

        The object stays the same, with its listeners. Saved JSON is read with :meth:`from_json`
        first, so a damaged file raises ``StateFormatError`` and leaves this match as it was.
        """
        other = source if isinstance(source, Match) else Match.from_json(source)
        self.game, self.seed = other.game, other.seed
        self._rng = new_generator(0)  # its own generator, set to the other's state
        set_generator_state(self._rng, generator_state(other._rng))
        self._states, self._entries, self._rngs = list(other._states), list(other._entries), other._rngs.copy()
        self._cursor = other._cursor
        self._changed("load")

    def _rng_at(self, index: int) -> RngState:
        """The generator's state at position ``index`` (replayed from the last saved one if need be)."""
        return self._rngs.at(index, self._states, self._entries)

    def _cut_future(self) -> None:
        del self._states[self._cursor + 1 :]
        del self._entries[self._cursor :]
        self._rngs.cut(self._cursor + 1)

    # --- saving ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        start = self._states[0].to_dict()
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_FORMAT_VERSION,
            **self.game.identity(),
            "seed": self.seed,
            "initial": start["state"],
            "rng": [list(self._rng_at(0))],
            "log": [
                {"player": e.player, "action": str(e.action), "sampled": e.sampled, "rng": list(r)}
                for e, r in zip(self._entries, (self._rng_at(i) for i in range(1, len(self._states))))
            ],
            "cursor": self._cursor,
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The match as JSON: game, start, every move as text, generator states, cursor."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, *, game: Game | None = None) -> "Match":
        """Load a match saved by ``to_json``, replaying every move from the log.

        Damaged files raise :class:`~explorer.errors.StateFormatError` naming the field.
        ``game`` (chosen in code) is used when the file names the same game and
        options; a file cannot choose a data file path itself.
        """
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as err:
                raise StateFormatError(f"not UTF-8 text (byte {err.start})") from None
        if not isinstance(text, str):
            raise StateFormatError(f"a saved match is JSON text, got {type(text).__name__}")
        if len(text) > MAX_MATCH_CHARS:
            raise StateFormatError(f"a saved match is at most {MAX_MATCH_CHARS} characters, got {len(text)}")
        return cls.from_dict(loads(text, "JSON (a saved match)"), game=game)

    @classmethod
    def from_dict(cls, data: Any, *, game: Game | None = None) -> "Match":
        if not isinstance(data, dict):
            raise StateFormatError(f"a saved match is a JSON object, got {type(data).__name__}")
        if data.get("format") != MATCH_FORMAT:
            raise StateFormatError(f"format: expected {MATCH_FORMAT!r}, got {data.get('format')!r}")
        if data.get("version") != MATCH_FORMAT_VERSION:
            raise StateFormatError(f"version: this explorer reads match format {MATCH_FORMAT_VERSION}, got {data.get('version')!r}")
        game = game_from_identity(data, game)
        for name in ("initial", "log", "seed", "cursor", "rng"):
            if name not in data:
                raise StateFormatError(f"{name}: missing")
        try:
            initial = game.check(decode(game.state_class, data["initial"], "initial", game=game))
        except RecursionError:
            raise StateFormatError("initial: nested too deeply") from None
        seed = whole(data["seed"], "seed")
        if not 0 <= seed < 2**63:
            raise StateFormatError(f"seed: expected a whole number from 0 to 2**63 - 1, got {excerpt(seed)}")
        match = cls(initial, seed=seed)
        match._rngs.put(0, rng_field(data["rng"][0] if isinstance(data["rng"], list) and data["rng"] else None, "rng[0]"))
        log = data["log"]
        if not isinstance(log, list):
            raise StateFormatError(f"log: expected a list of moves, got {type(log).__name__}")
        if len(log) > MAX_LOG_MOVES:
            raise StateFormatError(f"log: at most {MAX_LOG_MOVES} moves, got {len(log)}")
        for i, item in enumerate(log):
            if not isinstance(item, dict) or not isinstance(item.get("action"), str):
                raise StateFormatError(f"log[{i}]: expected {{'action': text, ...}}, got {excerpt(item)}")
            state = match._states[-1]
            try:
                action = state.parse_action(item["action"])
                new_state = state.apply(action)
            except RulesError as err:
                raise StateFormatError(f"log[{i}] ({excerpt(item['action'])}) does not replay: {err.message}") from None
            match._entries.append(LogEntry(state.current_player, action, bool(item.get("sampled", False))))
            match._states.append(new_state)
            match._rngs.append(rng_field(item.get("rng"), f"log[{i}].rng"))
            match._cursor += 1
        cursor = whole(data["cursor"], "cursor")
        if not 0 <= cursor < len(match._states):
            raise StateFormatError(f"cursor: must be from 0 to {len(match._states) - 1}, got {cursor}")
        match._goto(cursor)
        return match

    def _repr_html_(self) -> str:
        """The match in a notebook cell: game, seed, position shown, turn and the last moves of the log."""
        return match_html(self)


def _first_state(game_or_state: Any) -> State:
    if isinstance(game_or_state, Game):
        return game_or_state.initial_state()
    if isinstance(game_or_state, State):
        return game_or_state
    raise RulesError(f"a match starts from a Game or a State, got {type(game_or_state).__name__}")


