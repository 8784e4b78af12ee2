"""``review``: a played match read back decision by decision, as GNU Backgammon analyses a match.

For every decision ``seat`` took (with more than one legal option) the
position is advised on (:func:`explorer.advisor.advise`, seed ``seed + i`` for
the move at position ``i``, so a review is reproducible), and the move played
is set against the best option. The chance lost is the paired difference of
the two (common random numbers; 0 when the move played is the best or does
as well), with its paired 95% interval.

**A mark is a verdict, so it needs the evidence of one.** A decision is marked
only when the loss is shown with 95% confidence: the paired 95% interval of the
chance lost lies wholly above 0. Then the mark goes by the chance lost
(percentage points of the seat's win chance):

* ``"?!"`` doubtful: at least 2 points,
* ``"?"``  bad: at least 5 points,
* ``"??"`` very bad: at least 10 points.

A loss whose interval reaches 0 is reported ("not shown with 95% confidence")
and not marked: with 24 rollouts two options 5 points apart are often noise.
Every reviewed move says how many paired rollouts its verdict rests on.

**A hint asked at a decision is the review's evidence there** (``hints``): the
review reads that hint's rollouts, value for value, and plays more of them only
when the review asks for more rollouts than the hint had
(:func:`~explorer.advisor.runners.extend_rounds`). So the hint's first row is the
review's best on the same evidence, and playing it is never marked.

The summary counts the decisions reviewed and marked, sums the chance lost and
names the worst three. :func:`review_rounds` is the review as a generator (a panel
drives it a round of rollouts at a time, so Stop is heard between rounds).

>>> import explorer
>>> from explorer import Match
>>> match = Match(explorer.load_game("pinned_down"), seed=3)
>>> match.play("heuristic", max_steps=8)
8
>>> r = review(match, 0, rollouts=8, seed=1)
>>> r.reviewed == len(r.moves), r.seed
(True, 1)
>>> m = Match(explorer.load_game("warps_edge"), seed=1)
>>> while m.state.is_chance(): _ = m.step()
>>> hint = [a for a in advise_rounds(m.state, rollouts=16) if a is not None][-1]
>>> _ = m.step(hint.best.action)          # "Play this" on the hint's first row
>>> move = review(m, 0, rollouts=8, hints=[hint]).moves[0]
>>> move.mark, move.lost, move.hinted, move.rollouts == hint.best.rollouts
('', 0.0, True, True)
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any

from explorer.advisor.advice import Advice
from explorer.advisor.asking import policy_name
from explorer.advisor.rollout import DEFAULT_MAX_STEPS, PolicyRef
from explorer.advisor.runners import advise_rounds, extend_rounds
from explorer.core.match import Match
from explorer.core.state import State
from explorer.errors import RulesError

MARKS = ((0.10, "??", "very bad"), (0.05, "?", "bad"), (0.02, "?!", "doubtful"))
"""``(chance lost at least, mark, word)``, worst first (a mark also needs the loss shown: see the module)."""


def mark_for(lost: float, lost_low: float) -> tuple[str, str]:
    """The mark and word for a chance lost (a fraction) whose paired 95% interval starts at ``lost_low``.

    No mark unless the interval lies above 0 (the loss is shown with 95% confidence), nor below 2 points.

    >>> mark_for(0.06, 0.01), mark_for(0.01, 0.005), mark_for(0.10, 0.02), mark_for(0.30, 0.0)
    (('?', 'bad'), ('', ''), ('??', 'very bad'), ('', ''))
    """
    if not lost_low > 0:
        return "", ""
    for threshold, mark, word in MARKS:
        if lost >= threshold - 1e-12:
            return mark, word
    return "", ""


@dataclass(frozen=True)
class ReviewedMove:
    """One decision of the seat: where (position index and turn), what was played, the best, the chance lost.

    ``lost_low`` .. ``lost_high`` is the paired 95% interval of the chance lost, over ``rollouts`` rollouts
    played for both the move and the best (the same generator for rollout ``i`` of each); ``hinted``: the
    evidence is the hint asked at this decision (its rollouts, extended where the review asked for more).
    """

    index: int
    turn: str
    played: str
    best: str
    played_win: float
    best_win: float
    lost: float
    lost_low: float
    lost_high: float
    mark: str
    word: str
    advice: Advice
    rollouts: int = 0
    hinted: bool = False

    @property
    def shown(self) -> bool:
        """Whether the loss is shown with 95% confidence (its paired interval lies above 0)."""
        return self.lost_low > 0

    def evidence(self) -> str:
        """What the verdict rests on: ``"24 paired rollouts"``, ``"100 paired rollouts of the hint asked here"``."""
        return f"{self.rollouts} paired rollouts" + (" of the hint asked here" if self.hinted else "")

    def interval(self) -> str:
        """The paired 95% interval of the chance lost, in points: ``"95% CI 2.1 to 14.5 points"``."""
        return f"95% CI {100 * self.lost_low:.1f} to {100 * self.lost_high:.1f} points"

    def verdict(self) -> str:
        """The review of this move in one clause, with its interval and the rollouts it rests on."""
        if self.played == self.best:
            return f"the best ({100 * self.best_win:.1f}%, {self.evidence()})"
        if self.lost <= 0:
            return f"as good as the best, {self.best} ({100 * self.best_win:.1f}%, {self.evidence()})"
        size = f"lost {100 * self.lost:.1f} points ({self.interval()}, {self.evidence()})"
        if self.mark:
            return (f"best {self.best} ({100 * self.best_win:.1f}%): {size}; {self.word}, the loss shown with 95% "
                    f"confidence")
        if self.shown:
            return f"best {self.best} ({100 * self.best_win:.1f}%): {size}, under the 2 points of a mark"
        return (f"best {self.best} ({100 * self.best_win:.1f}%): {size}; not shown with 95% confidence "
                f"(the interval reaches 0), so no mark")

    def line(self) -> str:
        where = f"{self.index + 1}." + (f" {self.turn}" if self.turn else "")
        return f"{where}: {self.played} {self.mark}".rstrip() + f" — {self.verdict()}"

    def hover(self) -> str:
        """The log line's hover text: the best move, the chance lost with its interval, the rollouts."""
        if self.played == self.best or self.lost <= 0:
            return f"reviewed: {self.verdict()}"
        return f"{self.mark + ' ' if self.mark else ''}{self.verdict()}"


@dataclass(frozen=True)
class Review:
    """Every reviewed decision of one seat, and the summary."""

    game_id: str
    seat: int
    seat_name: str
    moves: tuple[ReviewedMove, ...]
    rollouts: int
    policy: str
    seed: int

    @property
    def reviewed(self) -> int:
        return len(self.moves)

    @property
    def total_lost(self) -> float:
        return sum(m.lost for m in self.moves)

    def worst(self, n: int = 3) -> tuple[ReviewedMove, ...]:
        """The ``n`` moves that lost the most (only moves that lost anything)."""
        losing = [m for m in self.moves if m.lost > 0]
        return tuple(sorted(losing, key=lambda m: (-m.lost, m.index))[:n])

    def marked(self) -> tuple[ReviewedMove, ...]:
        return tuple(m for m in self.moves if m.mark)

    def summary(self) -> str:
        counts = {word: sum(1 for m in self.moves if m.word == word) for _, _, word in MARKS}
        worst = "; ".join(f"{m.index + 1}. {m.played} (−{100 * m.lost:.1f})" for m in self.worst()) or "none"
        return (f"Review of {self.seat_name}: {self.reviewed} decision{'' if self.reviewed == 1 else 's'} reviewed, "
                f"{len(self.marked())} marked, {100 * self.total_lost:.1f} points of win chance lost in all; "
                + ", ".join(f"{n} {w}" for w, n in counts.items()) + f"; worst: {worst}")

    def rule(self) -> str:
        return (f"a move is marked only where its loss against the best option is shown with 95% confidence (the "
                f"paired 95% interval lies above 0), then by the loss: ≥2 points ?! doubtful, ≥5 ? bad, ≥10 ?? very "
                f"bad; {self.rollouts} rollouts per option (where a hint was asked, the hint's rollouts, played on "
                f"to {self.rollouts} if it had fewer), {self.policy} policy after each move, seed {self.seed} + "
                f"position")

    def __str__(self) -> str:
        return "\n".join([self.summary(), *(m.line() for m in self.moves), self.rule()])

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = "".join(
            f"<tr><td>{m.index + 1}</td><td>{esc(m.turn)}</td><td>{esc(m.played)}</td><td>{esc(m.mark)}</td>"
            f"<td>{esc(m.best)}</td><td>{100 * m.lost:.1f}</td><td>{100 * m.lost_low:.1f} to "
            f"{100 * m.lost_high:.1f}</td><td>{esc(m.evidence())}</td></tr>" for m in self.moves)
        return (f"<div class='re-review'><p><b>{esc(self.summary())}</b></p><table><thead><tr><th>#</th>"
                f"<th>turn</th><th>played</th><th>mark</th><th>best</th><th>points lost</th>"
                f"<th>95% CI (points)</th><th>rests on</th></tr></thead>"
                f"<tbody>{rows}</tbody></table><p><small>{esc(self.rule())}</small></p></div>")


def review(match: Match, seat: int, *, rollouts: int = 100, seed: int = 0, policy: PolicyRef = "heuristic",
           backend: str = "local", workers: int | None = None, client: Any = None,
           on_move: Callable[[ReviewedMove], Any] | None = None, hints: Iterable[Advice] = ()) -> Review:
    """Review every decision ``seat`` took in ``match`` (all kept moves): best option, chance lost, mark.

    ``hints``: advice asked during the game (made round by round, so they carry their rollouts); at a
    decision one of them was asked about, with this review's policy, the review rests on its rollouts.
    """
    moves = []
    for item in review_rounds(match, seat, rollouts=rollouts, seed=seed, policy=policy, backend=backend,
                              workers=workers, client=client, hints=hints):
        if item is not None:
            moves.append(item)
            if on_move is not None:
                on_move(item)
    game = match.game
    return Review(game.info.id, seat, game.player_name(seat), tuple(moves), rollouts,
                  advice_policy_name(policy), seed)


def review_rounds(match: Match, seat: int, *, rollouts: int = 100, seed: int = 0, policy: PolicyRef = "heuristic",
                  backend: str = "local", workers: int | None = None, client: Any = None,
                  hints: Iterable[Advice] = ()) -> Generator[ReviewedMove | None, None, None]:
    """:func:`review` as a generator: ``None`` after every piece of rollouts, each :class:`ReviewedMove` when done.

    The arguments are checked now; closing the generator ends the review (the panels' Stop).
    """
    if not isinstance(match, Match):
        raise RulesError(f"review takes a Match (a played game), got {type(match).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise RulesError(f"seat must be a seat number (0 for the first player), got {seat!r}")
    asked = hint_book(hints, policy)
    return _review_rounds(match, seat, rollouts, seed, policy, backend, workers, client, asked)


def hint_book(hints: Iterable[Advice], policy: PolicyRef) -> dict[tuple[State, int], Advice]:
    """The hints a review with ``policy`` may rest on, by (position, seat): the one with most rollouts of each.

    A hint ranked by another measure, or rolled out by another policy, measures something else and is left
    out; a hint with no rollout values (``Advice.evidence`` is None) is refused, since it cannot be read back.
    """
    book: dict[tuple[State, int], Advice] = {}
    for i, hint in enumerate(hints):
        if not isinstance(hint, Advice):
            raise RulesError(f"hints must be advice (explorer.advisor.Advice); hint {i} is {type(hint).__name__}")
        evidence = hint.evidence
        if evidence is None:
            raise RulesError(f"hint {i} ({hint.phase}) carries no rollout values to review from (Advice.evidence is "
                             "None): ask it with explorer.advisor.runners.advise_rounds")
        job = evidence.job
        if job.measure != "win" or job.policy != policy or job.max_steps != DEFAULT_MAX_STEPS:
            continue
        key = (job.state, job.seat)
        if key not in book or evidence.most > book[key].evidence.most:  # type: ignore[union-attr]
            book[key] = hint
    return book


def _review_rounds(match: Match, seat: int, rollouts: int, seed: int, policy: PolicyRef, backend: str,
                   workers: int | None, client: Any,
                   asked: dict[tuple[State, int], Advice]) -> Generator[ReviewedMove | None, None, None]:
    states, entries = match.states, match.entries
    for i, entry in enumerate(entries):
        state = states[i]
        if entry.player != seat or entry.sampled or len(state.legal_actions()) < 2:
            continue
        hint = asked.get((state, seat)) if asked else None
        if hint is not None:
            rounds = extend_rounds(hint, rollouts, backend=backend, workers=workers, client=client)
        else:
            rounds = advise_rounds(state, seat, rollouts=rollouts, seed=seed + i, policy=policy, backend=backend,
                                   workers=workers, client=client)
        advice = None
        with contextlib.closing(rounds):
            for item in rounds:
                if item is not None:
                    advice = item
                yield None
        assert advice is not None  # the rounds always end with the whole advice
        yield reviewed_move(i, state, entry.action, advice, hinted=hint is not None)


def reviewed_move(index: int, state: State, action: Any, advice: Advice, *, hinted: bool = False) -> ReviewedMove:
    """The move ``action`` played at ``state`` (position ``index``), judged by ``advice`` about that decision."""
    played = advice.row(action)
    best = advice.best
    if played.option.index == best.option.index:
        lost, low, high = 0.0, 0.0, 0.0
    else:
        lost, low, high = max(0.0, -played.diff), -played.diff_high, -played.diff_low
    mark, word = mark_for(lost, low)
    return ReviewedMove(index, state.turn_label(), played.words, best.words, played.win, best.win, lost, low, high,
                        mark, word, advice, min(played.rollouts, best.rollouts), hinted)


def advice_policy_name(policy: PolicyRef) -> str:
    """How a rollout policy reads in the review (:func:`.asking.policy_name`)."""
    return policy_name(policy)
