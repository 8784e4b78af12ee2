"""The answer to "what should I do now?": one row per option, ranked, with intervals; as text and HTML.

Each :class:`OptionAdvice` row holds the option (its action, text and group),
its rollouts, the seat's win chance with Wilson's 95% interval, the paired 95%
interval of its difference to the best option (common random numbers), why it
stopped (``"worse"`` or ``"same"`` in the race, see
:mod:`explorer.advisor.racing`) and the exact odds of the chance step that
follows it, if one does. :class:`Advice` puts first the best option (the
highest win chance among the options that played the most rollouts, the
race's survivors), then the others by their paired difference to it
(highest first; equal ones by win chance, then the rules' order), and says
what was assumed; ``partial`` is true when a time budget or a stop cut the rollouts
short. With ``measure="progress"`` every "win" figure is instead the mean of how far
the seat got (``State.progress``, 1 for a win), and the texts say so.

An advice made round by round (:func:`explorer.advisor.runners.advise_rounds`) carries its
:class:`Evidence`: every option's rollout values and what played them (position, seat,
policy, seed, the race's settings). A review of that decision reads or extends those very
rollouts (:func:`explorer.advisor.runners.extend_rounds`), so a hint and a review of the same
decision can never disagree on the same evidence. :func:`build_advice` makes the advice from a
race's values.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from explorer.advisor.knowledge import assumed
from explorer.advisor.options import Option, chance_summary
from explorer.advisor.racing import RULE, Race, paired_difference, wilson
from explorer.advisor.rollout import Job
from explorer.core.actions import Action
from explorer.core.words import possessive
from explorer.errors import RulesError


@dataclass(frozen=True)
class OptionAdvice:
    """One option's row: rollouts, win chance and its 95% interval, the paired difference to the best.

    ``win`` is the mean of the option's rollout values: the win chance, or the mean progress when the
    advice ranks by ``measure="progress"``.
    """

    option: Option
    rollouts: int
    win: float
    low: float
    high: float
    diff: float
    diff_low: float
    diff_high: float
    stopped: str
    chance: tuple[tuple[Action, Fraction], ...] = ()

    @property
    def action(self) -> Action:
        return self.option.action

    @property
    def text(self) -> str:
        return self.option.text

    @property
    def words(self) -> str:
        """The option as the screen words it (its text where the game words moves as their notation)."""
        return self.option.words or self.option.text

    @property
    def group(self) -> str:
        return self.option.group

    def status(self, best: bool) -> str:
        """``best``, ``clearly worse``, ``plays alike`` or ``cut short``, or ``""`` for a finished row."""
        if best:
            return "best"
        return {"worse": "clearly worse", "same": "plays like the best", "cut": "cut short"}.get(self.stopped, "")


@dataclass(frozen=True)
class Evidence:
    """What an advice rests on: the job its rollouts played, the race's settings, every option's values.

    ``values[o]`` are the values of rollouts ``0 .. n - 1`` of option ``o`` (its index in
    ``legal_actions()``); ``stopped`` the options the race stopped, with why (``"worse"``, ``"same"``).
    Rollout ``i`` of an option depends only on the job and ``i``, so more rollouts can be played later
    and the values so far stay what they are.
    """

    job: Job
    batch: int
    racing: bool
    spare: bool
    values: tuple[tuple[float, ...], ...]
    stopped: tuple[tuple[int, str], ...] = ()

    def race(self, rollouts: int) -> Race:
        """A race holding these values and stops, set to run to ``rollouts`` per option."""
        race = Race(len(self.values), rollouts, self.batch, self.racing, self.spare)
        for option, values in enumerate(self.values):
            if values:
                race.record(option, 0, values)
        race.stopped.update(dict(self.stopped))
        return race

    @property
    def most(self) -> int:
        """The most rollouts any option played."""
        return max((len(v) for v in self.values), default=0)


@dataclass(frozen=True)
class Advice:
    """A hint: the options ranked by the seat's win chance, and what the numbers assumed.

    ``evidence`` (not compared: two advices with the same rows are the same advice) holds the rollout
    values, where the advice was made round by round.
    """

    game_id: str
    phase: str
    seat: int
    seat_name: str
    rows: tuple[OptionAdvice, ...]
    rollouts: int
    policy: str
    seed: int
    backend: str
    partial: bool
    seconds: float
    hidden: str
    rule: str
    measure: str = "win"
    measure_text: str = ""
    evidence: Evidence | None = field(default=None, compare=False, repr=False)

    @property
    def value_short(self) -> str:
        """The rows' figure in one word: ``"win"`` or ``"progress"`` (column heads, row texts, hovers)."""
        return "win" if self.measure == "win" else "progress"

    @property
    def value_name(self) -> str:
        """What the rows' percentages are: ``"win chance"``, or ``"progress"`` and what it measures."""
        return "win chance" if self.measure == "win" else f"progress ({self.measure_text})"

    @property
    def best(self) -> OptionAdvice:
        """The top row: the option ranked best."""
        return self.rows[0]

    @property
    def total_rollouts(self) -> int:
        return sum(r.rollouts for r in self.rows)

    def row(self, action: Action | str) -> OptionAdvice:
        """The row of ``action`` (an :class:`Action` or its text)."""
        for r in self.rows:
            if r.action == action or r.text == action:
                return r
        shown = ", ".join(r.text for r in self.rows[:12])
        raise RulesError(f"{action!s} is not one of the options advised on in {self.phase}; options: {shown}")

    def assumptions(self) -> str:
        """One sentence on what the numbers assume (the panels show it under the table)."""
        most = max((r.rollouts for r in self.rows), default=0)
        more = f"; up to {most} for the best, from the rollouts the others left" if most > self.rollouts else ""
        return (f"{possessive(self.seat_name)} {self.value_name} over {self.rollouts} rollouts per option (fewer for options "
                f"that stopped early{more}), every seat then played by the {self.policy} policy; hidden cards: "
                f"{self.hidden}; seed {self.seed}.")

    def undecided(self) -> str:
        """A sentence when the rollouts cannot rank the options at all, else ``""``.

        When every rollout of every option ends the same way (all lost, as a lone Pinned Down
        flagship's usually do under the heuristic, or all won), every win chance is 0% (or 100%) and
        the order of the rows is only the rules' order: the player must be told, not shown a ranking.
        """
        if self.measure != "win" or not self.rows or any(r.rollouts == 0 for r in self.rows):
            return ""
        who = self.seat_name
        if all(r.win == 0.0 for r in self.rows):
            return (f"Every rollout of every option ended in a loss for {who}: played on by the {self.policy} "
                    f"policy, no option finds a win from here, so the order below is only the rules' order.")
        if all(r.win == 1.0 for r in self.rows):
            return (f"Every rollout of every option ended in a win for {who}: as far as {self.total_rollouts} "
                    f"games can tell, any option wins, and the order below is only the rules' order.")
        return ""

    def headline(self) -> str:
        state = "PARTIAL (time budget or stop): " if self.partial else ""
        return (f"{state}Advice for {self.seat_name} in {self.phase}: {len(self.rows)} options, "
                f"{self.total_rollouts} rollouts, {self.seconds:.1f} s on {self.backend}")

    def _cells(self, i: int, r: OptionAdvice) -> list[str]:
        diff = "" if i == 0 else (f"{100 * r.diff:+.1f} [{100 * r.diff_low:+.1f}, {100 * r.diff_high:+.1f}]")
        return [str(i + 1), r.group, r.text, f"{100 * r.win:.1f}%", f"{100 * r.low:.1f}–{100 * r.high:.1f}",
                diff, str(r.rollouts), r.status(i == 0), chance_summary(r.chance)]

    HEADERS = ("#", "group", "option", "win", "95% CI", "vs best (paired 95% CI, points)", "rollouts", "status",
               "next chance step (exact)")

    def headers(self) -> tuple[str, ...]:
        """The table's column names: the value column reads "win", or "progress" when ranked by it."""
        return tuple(self.value_short if h == "win" else h for h in self.HEADERS)

    def __str__(self) -> str:
        table = [list(self.headers())] + [self._cells(i, r) for i, r in enumerate(self.rows)]
        keep = [j for j in range(len(self.HEADERS)) if any(row[j] for row in table[1:])]
        widths = {j: max(len(row[j]) for row in table) for j in keep}
        lines = [self.headline()] + ([self.undecided()] if self.undecided() else [])
        for row in table:
            lines.append("  ".join(row[j].ljust(widths[j]) for j in keep).rstrip())
        lines.append(self.assumptions())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(h)}</th>" for h in self.headers())
        body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in self._cells(i, r)) + "</tr>"
                       for i, r in enumerate(self.rows))
        said = f"<p>{esc(self.undecided())}</p>" if self.undecided() else ""
        return (f"<div class='re-advice'><p><b>{esc(self.headline())}</b></p>{said}"
                f"<table><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table><p><small>{esc(self.assumptions())}<br>Race: {esc(self.rule)}"
                f"</small></p></div>")

    def to_dict(self) -> dict[str, Any]:
        """The advice as JSON data (a panel or a notebook table reads it)."""
        return {
            "game": self.game_id, "phase": self.phase, "seat": self.seat, "partial": self.partial,
            "rollouts": self.rollouts, "policy": self.policy, "seed": self.seed, "backend": self.backend,
            "seconds": self.seconds, "hidden": self.hidden, "measure": self.measure,
            "rows": [{"option": r.text, "group": r.group, "rollouts": r.rollouts, "win": r.win, "low": r.low,
                      "high": r.high, "diff": r.diff, "diff_low": r.diff_low, "diff_high": r.diff_high,
                      "stopped": r.stopped,
                      "chance": [[str(a), str(p)] for a, p in r.chance]} for r in self.rows],
        }


def build_advice(job: Job, options: Sequence[Option], chances: Sequence[tuple[tuple[Action, Fraction], ...]],
                 race: Race, *, policy: str, backend: str, partial: bool, seconds: float, rollouts: int) -> Advice:
    """The advice from a race's values (``policy``: how the rollout policy reads), with its :class:`Evidence`.

    The best: among the survivors that played their count (or, in a race cut short, as far as any option
    got), the highest mean. The others follow by their paired difference to it (an option that stopped
    "same" after few rollouts is not put above the option that played them all because its few went well).
    """
    state, seat, measure = job.state, job.seat, job.measure
    count = len(options)
    full = min(rollouts, max(len(race.values(o)) for o in range(count)))
    top = race.leader([o for o in race.survivors() if len(race.values(o)) >= full]
                      or [o for o in range(count) if len(race.values(o)) >= full])
    best = race.values(top)
    diffs = {o: paired_difference(race.values(o), best) if o != top else (0.0, 0.0, 0.0) for o in range(count)}
    order = [top] + sorted((o for o in range(count) if o != top), key=lambda o: (-diffs[o][0], -race.mean(o), o))
    rows = []
    for o in order:
        values = race.values(o)
        n = len(values)
        low, high = wilson(sum(values), n)
        d, d_low, d_high = diffs[o]
        stopped = race.stopped.get(o, "cut" if n < rollouts else "")
        rows.append(OptionAdvice(options[o], n, race.mean(o), low, high, d, d_low, d_high, stopped, chances[o]))
    evidence = Evidence(job, race.batch, race.racing, race.spare, tuple(race.values(o) for o in range(count)),
                        tuple(sorted(race.stopped.items())))
    return Advice(state.game.info.id, state.phase, seat, state.game.player_name(seat), tuple(rows), rollouts,
                  policy, job.seed, backend, partial, seconds, assumed(state.game.info.id), RULE,
                  measure, state.PROGRESS if measure == "progress" else "", evidence)
