"""The one surface every game's state presents.

A state is an immutable value (a frozen dataclass): ``apply`` returns a new
state and leaves the old one untouched, so undo is a step back in a list and two
equal positions compare and hash equal. A game implements five small hooks
(``phase``, ``current_player``, ``_legal_actions``, ``_chance_outcomes``,
``_apply``) and inherits the rest: legality checks with reasons, typed-action
parsing, JSON, and the chance/terminal helpers.

>>> import explorer
>>> explorer.CHANCE, explorer.TERMINAL
(-1, -2)
"""

from __future__ import annotations

import json
from abc import abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from explorer.core.actions import CHANCE, TERMINAL, Action, Result, normalise_notation
from explorer.core.chance import outcome_moves, sample_outcome
from explorer.core.display import state_html
from explorer.core.frozen import replaced
from explorer.core.position import toml_text
from explorer.core.serial import encode
from explorer.errors import IllegalActionError, InvalidActionError, RulesError, excerpt

if TYPE_CHECKING:
    from explorer.core.game import Game

STATE_FORMAT = "rules-explorer/state"
STATE_FORMAT_VERSION = 1
MAX_ACTION_CHARS = 500
"""A typed action longer than this is refused unread (the longest real one is under 100)."""


REMEMBERED_BY_EVERY_STATE: tuple[str, ...] = ("_legal_cache", "_chance_cache", "_moves_cache")
"""The caches every state keeps (:attr:`State.REMEMBERED`); typed as a tuple of any length, so a game adds its own."""


@dataclass(frozen=True, kw_only=True)
class State:
    """Base of every game's state; subclasses are ``@dataclass(frozen=True, kw_only=True)``.

    ``game`` is the :class:`~explorer.core.game.Game` (rules, variant, data)
    this position belongs to; it takes part in equality so positions of two
    variants never compare equal.
    """

    REMEMBERED = REMEMBERED_BY_EVERY_STATE  # no annotation: a class attribute, not a field
    """The values derived from the fields that a state remembers in its ``__dict__`` (never fields:
    equality, hashing and JSON ignore them); ``replaced`` leaves them behind. A game that remembers
    more adds its names."""

    game: "Game" = field(repr=False)

    # --- hooks a game implements -------------------------------------------
    @property
    @abstractmethod
    def phase(self) -> str:
        """The current phase or step, in the game's own words."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player index to decide, or ``CHANCE`` or ``TERMINAL``."""

    @abstractmethod
    def _legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of a decision node, in a fixed order."""

    def _chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The outcomes of a chance node with exact probabilities summing to 1."""
        raise NotImplementedError

    @abstractmethod
    def _apply(self, action: Action) -> "State":
        """The position after ``action``, which the base class has checked is legal."""

    def _result(self) -> Result:
        """How a terminal state ended."""
        raise NotImplementedError

    def action_words(self, action: Action) -> str:
        """How ``action`` reads on screen (a button, an advice row, a review mark): its notation ``str(action)``,
        unless the game words its moves apart from the notation it reads and saves (Warp's Edge names tokens:
        ``buy Laser 1`` for ``buy laser-1``)."""
        return str(action)

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal here, in the game's words. Games override this."""
        if self.is_terminal():
            return "the game is over"
        if self.is_chance():
            return "chance moves next; an outcome of the draw or roll is expected"
        return f"it is not one of the {len(self.legal_actions())} legal actions in {self.phase}"

    def parse_notation(self, text: str) -> Action | None:
        """Read ``text`` as an action of this game even when it is not legal here.

        Used only to explain a refusal with :meth:`why_illegal`. The default
        reads a lone word naming one of ``game.action_kinds``; games with
        arguments override it.
        """
        word = normalise_notation(text)
        for kind in self.game.action_kinds:
            if normalise_notation(kind) == word:
                return Action(kind)
        return None

    def render(self) -> str:
        """The position drawn as text for a person. Games override this."""
        return repr(self)

    # --- the story, turns and positions in a player's words (hooks) ---------
    def story(self, action: Action, after: "State", *, viewer: int | None = None) -> str:
        """What ``action`` did, in the game's words, as ``viewer`` may see it (``None``: everything).

        The rules tell the story (docs/architecture.md rule 8): a game computes the line
        from this state and ``after`` ("Player 1 attacks Player 2 for 5
        (Authority 45 → 40)"); a seat that may not see a draw reads "draws a
        card". This default names the mover and the move.
        """
        if self.current_player == CHANCE:
            return f"Chance: {action}"
        return f"{self.game.player_name(self.current_player)}: {action}"

    def turn_label(self) -> str:
        """The turn this position belongs to ("Turn 3 · Player 1"); "" before the first turn.

        Panels group the log and the time-travel slider by it.
        """
        return ""

    PROGRESS = ""  # no annotation: a class attribute, not a field
    """What :meth:`progress` measures, in the game's words ("" for a game without such a measure)."""

    def progress(self, seat: int) -> float | None:
        """How far ``seat`` has got toward winning, from 0 to 1 (1 only for a won game), or ``None``.

        For games whose rules count how close a side is to winning (Pinned Down: the distance the
        fleet has covered toward 10). The advisor can rank options by it where nearly every game is
        lost and the win chance of every option is 0. ``None`` (the default): the game has no measure.
        """
        return None

    def action_group(self, action: Action) -> str:
        """How the table groups this move ("Play", "Buy", "Attack"): each move is offered once, in its group."""
        return action.kind.capitalize()

    def position_dict(self) -> dict[str, Any]:
        """The position as a player at the table describes it (a hook; see ``position_text``)."""
        raise RulesError(f"{self.game.info.id} has no position format yet", state=self)

    def position_text(self) -> str:
        """The position in the game's own words, as TOML a person can read and edit.

        ``game.position_from_text(text)`` reads it back (what the format leaves
        out, such as a deck's order, is said in the game's ``RULES.md``).
        """
        return toml_text(self.position_dict())

    def deal_unseen(self, seat: int, rng: Any) -> "State":
        """This position as ``seat`` may believe it: every card ``seat`` cannot see dealt afresh (``rng`` deals).

        The default is for a game whose positions hide no card (its decks are unordered and drawn at
        chance nodes, as in Warp's Edge): it returns the position itself once the game has said so in
        ``Game.hidden_information``. A game that has not said is refused, so no rollout ever sees a
        hidden card by omission (``explorer.core.hidden``).
        """
        if self.game.hidden_information is None:
            raise RulesError(f"{self.game.info.title} does not say what its players cannot see "
                             "(Game.hidden_information, State.deal_unseen): the advisor will not look ahead "
                             "with every hidden card open")
        return self

    # --- the surface, shared by every game ---------------------------------
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions available now (empty at chance and terminal nodes)."""
        cached = self.__dict__.get("_legal_cache")
        if cached is None:
            cached = () if self.current_player < 0 else tuple(self._legal_actions())
            object.__setattr__(self, "_legal_cache", cached)
        return cached

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """``(outcome, probability)`` pairs of a chance node; the probabilities sum to exactly 1."""
        if not self.is_chance():
            raise RulesError(f"no chance outcomes in {self.phase}: it is a decision, not a draw or roll", state=self)
        cached = self.__dict__.get("_chance_cache")
        if cached is None:
            cached = tuple(self._chance_outcomes())
            object.__setattr__(self, "_chance_cache", cached)
        return cached

    def sample_chance(self, rng: Any) -> Action:
        """A chance outcome drawn with its exact probability: the one ``sample_outcome(self.chance_outcomes(), rng)``
        picks, with the very same numbers drawn from ``rng`` (a NumPy ``Generator``).

        Rollouts and the simulation lab step every chance node this way, then ``apply_sampled``. A game whose
        nodes are costly to make and seldom met twice (Star Realms: a deck's next card, a new mix of cards at
        most draws) picks without making the node; every other game samples the node itself.

        >>> import explorer
        >>> from explorer.core.rng import new_generator
        >>> s = explorer.load_game("star_realms").initial_state()
        >>> a, b = new_generator(9), new_generator(9)
        >>> s.sample_chance(a) == sample_outcome(s.chance_outcomes(), b)
        True
        """
        return sample_outcome(self.chance_outcomes(), rng)

    def play_chance(self, rng: Any, limit: int) -> "tuple[State, int]":
        """Chance steps sampled (``sample_chance``) and applied (``apply_sampled``) while the position is a chance
        node, at most ``limit`` of them: the position reached and how many steps that was.

        Step for step the same positions and the same numbers drawn from ``rng`` as doing it by hand; a game may
        take a run of them at once (Star Realms: the cards of one draw), which a rollout then pays for once.

        >>> import explorer
        >>> from explorer.core.rng import new_generator
        >>> s = explorer.load_game("star_realms").initial_state()
        >>> one, rng = s, new_generator(4)
        >>> for _ in range(7): one = one.apply_sampled(one.sample_chance(rng))
        >>> s.play_chance(new_generator(4), 7) == (one, 7)
        True
        """
        state, made = self, 0
        while made < limit and state.is_chance():
            state, made = state.apply_sampled(state.sample_chance(rng)), made + 1
        return state, made

    def moves(self) -> tuple[Action, ...]:
        """What can happen next: the legal actions, or the chance outcomes (remembered: ``apply`` asks every step)."""
        cached = self.__dict__.get("_moves_cache")
        if cached is None:
            cached = outcome_moves(self.chance_outcomes()) if self.is_chance() else self.legal_actions()
            object.__setattr__(self, "_moves_cache", cached)
        return cached

    def parse_action(self, text: str) -> Action:
        """The legal action (or chance outcome) whose notation is ``text``.

        Case and spacing are ignored. Text that names no action raises
        ``InvalidActionError`` listing what is allowed; text that names a
        known kind of action that is not legal now raises ``IllegalActionError``.
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is typed as text, got {type(text).__name__}", state=self, action=text)
        if len(text) > MAX_ACTION_CHARS:
            raise InvalidActionError(f"an action is at most {MAX_ACTION_CHARS} characters, got {len(text)}",
                                     state=self, action=text[:MAX_ACTION_CHARS])
        wanted = normalise_notation(text)
        moves = self.moves()
        for move in moves:
            if normalise_notation(str(move)) == wanted:
                return move
        shown = ", ".join(str(m) for m in moves[:12]) + (", ..." if len(moves) > 12 else "")
        first = wanted.split(" ", 1)[0] if wanted else ""
        if self.is_terminal():
            raise IllegalActionError(f"{excerpt(text)} cannot be played: the game is over", state=self, action=text)
        known_kinds = {normalise_notation(k) for k in self.game.action_kinds} | {
            normalise_notation(m.kind) for m in moves
        }
        if first and first in known_kinds:
            parsed = self.parse_notation(text)
            reason = f": {self.why_illegal(parsed)}" if parsed is not None else ""
            raise IllegalActionError(
                f"{excerpt(text)} is not legal in {self.phase}{reason}; legal now: {shown or 'nothing'}",
                state=self,
                action=text,
            )
        raise InvalidActionError(
            f"{excerpt(text)} is not an action here (phase {self.phase}); allowed: {shown or 'nothing'}",
            state=self,
            action=text,
        )

    def apply(self, action: "Action | str") -> "State":
        """The position after ``action`` (an :class:`Action`, a chance outcome, or its text).

        The state itself is untouched. An action that is not legal raises
        :class:`~explorer.errors.IllegalActionError` naming the action, the phase
        and the reason.
        """
        for move in self.moves():  # one of this state's own listed moves is legal by construction
            if move is action:
                return self._apply(move)
        if isinstance(action, str):
            action = self.parse_action(action)
        elif not isinstance(action, Action):
            raise InvalidActionError(
                f"apply() takes an Action or its text, got {type(action).__name__} {excerpt(action)}",
                state=self,
                action=action,
            )
        elif not _well_formed(action):
            raise InvalidActionError(f"{_quoted(action)} is not a well-formed action: its kind is text and its "
                                     "arguments are plain values", state=self, action=action)
        elif action not in self.moves():
            shape = _shape_refusal(action, self.moves())
            if shape:
                raise InvalidActionError(f"{_quoted(action)} {shape}", state=self, action=action)
            raise IllegalActionError(
                f"{action} is illegal in {self.phase}: {self.why_illegal(action)}", state=self, action=action
            )
        return self._apply(action)

    def apply_sampled(self, outcome: Action) -> "State":
        """The position after ``outcome``, an outcome this chance node listed in ``chance_outcomes()``.

        Not checked again: a simulation that draws outcomes from the state's own list (the match's
        chance steps, the advisor's rollouts) skips ``apply``'s search of the legal moves, a cost paid
        on every draw of a game played hundreds of thousands of times. Anything else goes to ``apply``.

        >>> import explorer
        >>> from explorer.core.rng import new_generator
        >>> from explorer.core.chance import sample_outcome
        >>> s = explorer.load_game("star_realms").initial_state()
        >>> drawn = sample_outcome(s.chance_outcomes(), new_generator(0))
        >>> s.apply_sampled(drawn) == s.apply(drawn)
        True
        """
        return self._apply(outcome)

    def result(self) -> Result | None:
        """How the game ended (winners, returns, reason), or ``None`` while it goes on."""
        return self._result() if self.is_terminal() else None

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON data inside a versioned envelope naming the game."""
        return {
            "format": STATE_FORMAT,
            "version": STATE_FORMAT_VERSION,
            **self.game.identity(),
            "state": encode(self),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The state as JSON text; ``game.state_from_json`` loads it back equal."""
        return json.dumps(self.to_dict(), indent=indent, sort_keys=True)

    def replace(self, **changes: Any) -> "State":
        """A copy with some fields changed (what ``dataclasses.replace`` gives; see ``replaced``)."""
        return replaced(self, **changes)

    def __str__(self) -> str:
        return self.render()

    def _repr_html_(self) -> str:
        """The position in a notebook cell: game, phase, whose decision, and ``render()`` (escaped)."""
        return state_html(self)


def _quoted(action: Action) -> str:
    """An action as it was written in code (``Action('play')``), each part quoted by ``excerpt`` so a huge
    argument never floods the refusal."""
    args = f", {excerpt(action.args)}" if action.args else ""
    return f"Action({excerpt(action.kind)}{args})"


def _shape_refusal(action: Action, moves: tuple[Action, ...]) -> str:
    """Why ``action`` cannot be a move of its kind here (``play`` with no card), or ``""``.

    When every legal move of the same kind takes another number of arguments, the action is not an
    illegal move but a malformed one: the refusal says how many it takes and gives the moves there are.
    """
    same = [move for move in moves if move.kind == action.kind]
    counts = sorted({len(move.args) for move in same})
    if not same or len(action.args) in counts:
        return ""
    takes = " or ".join(str(n) for n in counts)
    shown = ", ".join(f"'{move}'" for move in same[:5]) + (f" and {len(same) - 5} more" if len(same) > 5 else "")
    return (f"is incomplete: {action.kind} needs {takes} argument{'' if counts == [1] else 's'} here (what to "
            f"{action.kind}), got {len(action.args)}; legal now: {shown}")


def _well_formed(action: Action) -> bool:
    if not isinstance(action.kind, str) or not isinstance(action.args, tuple):
        return False
    try:
        hash(action)
    except TypeError:
        return False
    return True
