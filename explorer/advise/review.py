"""``review``: a played match read back decision by decision, as GNU Backgammon analyses a match.

For every decision ``seat`` took (with more than one legal option) the
position is advised on (:func:`explorer.advise.advise`, seed ``seed + i`` for
the move at position ``i``, so a review is reproducible), and the move played
is set against the best option. The chance lost is the paired difference of
the two (common random numbers; 0 when the move played is the best or does
as well). Marks,
by the chance lost (percentage points of the seat's win chance):

* ``"?!"`` doubtful: at least 2 points,
* ``"?"``  bad: at least 5 points,
* ``"??"`` very bad: at least 10 points.

The summary counts the decisions reviewed, sums the chance lost and names
the worst three.

>>> import explorer
>>> from explorer import Match
>>> match = Match(explorer.load_game("pinned_down"), seed=3)
>>> match.play("heuristic", max_steps=8)
8
>>> r = review(match, 0, rollouts=8, seed=1)
>>> r.reviewed == len(r.moves), r.seed
(True, 1)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from explorer.advise.advice import Advice
from explorer.advise.advise import advise
from explorer.advise.rollout import PolicyRef
from explorer.core.match import Match
from explorer.errors import RulesError

MARKS = ((0.10, "??", "very bad"), (0.05, "?", "bad"), (0.02, "?!", "doubtful"))
"""``(chance lost at least, mark, word)``, worst first."""


def mark_for(lost: float) -> tuple[str, str]:
    """The mark and word for a chance lost (a fraction): ``("?", "bad")`` for 0.06; ``("", "")`` below 2 points.

    >>> mark_for(0.06), mark_for(0.01), mark_for(0.10)
    (('?', 'bad'), ('', ''), ('??', 'very bad'))
    """
    for threshold, mark, word in MARKS:
        if lost >= threshold - 1e-12:
            return mark, word
    return "", ""


@dataclass(frozen=True)
class ReviewedMove:
    """One decision of the seat: where (position index and turn), what was played, the best, the chance lost."""

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

    def line(self) -> str:
        where = f"{self.index + 1}." + (f" {self.turn}" if self.turn else "")
        if self.played == self.best:
            return f"{where}: {self.played} — the best ({100 * self.best_win:.1f}%)"
        if self.lost <= 0:
            return f"{where}: {self.played} — as good as the best, {self.best} ({100 * self.best_win:.1f}%)"
        return (f"{where}: {self.played} {self.mark}".rstrip() + f" — best {self.best} ({100 * self.best_win:.1f}%), "
                f"lost {100 * self.lost:.1f} points (95% CI {100 * self.lost_low:.1f} to {100 * self.lost_high:.1f})")


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
        return (f"Review of {self.seat_name}: {self.reviewed} decision{'' if self.reviewed == 1 else 's'} reviewed, {100 * self.total_lost:.1f} points "
                f"of win chance lost in all; " + ", ".join(f"{n} {w}" for w, n in counts.items())
                + f"; worst: {worst}")

    def rule(self) -> str:
        return ("marks by win chance lost against the best option: ≥2 points ?! doubtful, ≥5 ? bad, ≥10 ?? very bad; "
                f"{self.rollouts} rollouts per option, {self.policy} policy after each move, seed {self.seed} + position")

    def __str__(self) -> str:
        return "\n".join([self.summary(), *(m.line() for m in self.moves), self.rule()])

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = "".join(
            f"<tr><td>{m.index + 1}</td><td>{esc(m.turn)}</td><td>{esc(m.played)}</td><td>{esc(m.mark)}</td>"
            f"<td>{esc(m.best)}</td><td>{100 * m.lost:.1f}</td></tr>" for m in self.moves)
        return (f"<div class='re-review'><p><b>{esc(self.summary())}</b></p><table><thead><tr><th>#</th>"
                f"<th>turn</th><th>played</th><th>mark</th><th>best</th><th>points lost</th></tr></thead>"
                f"<tbody>{rows}</tbody></table><p><small>{esc(self.rule())}</small></p></div>")


def review(match: Match, seat: int, *, rollouts: int = 100, seed: int = 0, policy: PolicyRef = "heuristic",
           backend: str = "local", workers: int | None = None, client: Any = None,
           on_move: Callable[[ReviewedMove], Any] | None = None) -> Review:
    """Review every decision ``seat`` took in ``match`` (all kept moves): best option, chance lost, mark."""
    if not isinstance(match, Match):
        raise RulesError(f"review takes a Match (a played game), got {type(match).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise RulesError(f"seat must be a seat number (0 for the first player), got {seat!r}")
    moves = []
    states, entries = match.states, match.entries
    for i, entry in enumerate(entries):
        state = states[i]
        if entry.player != seat or entry.sampled or len(state.legal_actions()) < 2:
            continue
        advice = advise(state, seat, rollouts=rollouts, seed=seed + i, policy=policy, backend=backend,
                        workers=workers, client=client)
        played = advice.row(entry.action)
        best = advice.best
        if played.option.index == best.option.index:
            lost, low, high = 0.0, 0.0, 0.0
        else:
            lost, low, high = max(0.0, -played.diff), -played.diff_high, -played.diff_low
        mark, word = mark_for(lost)
        move = ReviewedMove(i, state.turn_label(), played.text, best.text, played.win, best.win, lost, low, high,
                            mark, word, advice)
        moves.append(move)
        if on_move is not None:
            on_move(move)
    game = match.game
    return Review(game.info.id, seat, game.player_name(seat), tuple(moves), rollouts,
                  advice_policy_name(policy), seed)


def advice_policy_name(policy: PolicyRef) -> str:
    from explorer.advise.advise import policy_name

    return policy_name(policy)
