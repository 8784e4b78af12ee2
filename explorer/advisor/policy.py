"""The advisor as a player: a policy that plays the option its hint ranks first.

``advisor_policy(rollouts=...)`` returns a picklable callable
``policy(state, rng)`` for ``Match.play``, the simulation lab and the panels'
Step/Auto. It chooses by the position and the generator alone (what
``Match.play`` relies on to find the generator again): one number drawn from
``rng`` seeds the advice, whose rollouts use generators of their own. A
decision with one legal action is taken without a hint and without drawing.

Inside its rollouts every seat plays the rollout policy (the game's
``heuristic`` by default), never the advisor itself: one level of look-ahead.

**It keeps the rollout policy's own move unless the hint shows a better one**
(``keep_policy_move=True``, the default): it plays the move the rollout policy
would play here, and another option only when that option's paired difference
to it is above 0 with 95% confidence (the interval of the hint's "vs best"
column lies wholly below 0 for the policy's move). This is one step of policy
improvement, as rollout players do it: with a few rollouts per option most
options tie (0 of 4 wins each), and a tie broken by the listing order would
play worse than the policy it rolls out. Measured in Star Realms: ``advisor(2)``
and ``advisor(4)`` breaking ties by order lost 4 of 4 games to the heuristic.
``keep_policy_move=False`` plays the hint's first row, whatever the margin.

**Challengers** (``challengers=True``; off by default, and then the advisor
plays exactly as above). Where most options are hopeless the whole hint costs
``options × rollouts`` games only to keep the policy's move. A challenger
plays only for what the rule asks: after the policy's move has its rollouts,
each other option plays its rollouts one at a time, those where the policy's
move did worst first, and stops as soon as no result still to come could show
it better than that move with 95% confidence
(:func:`~explorer.advisor.racing.could_show_worse`). The advisor plays the
challenger with the highest mean among those shown better, else its policy's
move. The rule differs from the whole hint's in one case: the hint leaves the
move only for the option with the highest mean, and keeps it when that option
is not shown better even if another one is; a challenger shown better is played.

**The policy's move first.** Its own rollouts are played before any other
option's (the very rollouts the hint would give it). When they are good
enough that no option, whatever its rollouts, could show it worse
(:func:`~explorer.advisor.racing.never_shown_worse`; with 4 rollouts: 2 wins,
with 8: 6), the move is played without rolling out the rest: the same move
the whole hint would keep, at a fraction of the cost.

>>> import explorer
>>> from explorer import Match
>>> match = Match(explorer.load_game("pinned_down"), seed=3)
>>> match.play(advisor_policy(rollouts=4), max_steps=12)
12
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.advisor.advise import advise, default_batch
from explorer.advisor.options import decision_seat
from explorer.advisor.racing import could_show_worse, never_shown_worse, paired_difference
from explorer.advisor.rollout import DEFAULT_MAX_STEPS, Job, PolicyRef, play_range, resolve_policies
from explorer.core.actions import Action
from explorer.core.checks import whole_number
from explorer.core.rng import Generator, new_generator
from explorer.core.state import State
from explorer.errors import RulesError


@dataclass(frozen=True)
class AdvisorPolicy:
    """Plays the best option of ``advise(state, rollouts=..., policy=..., seed=<drawn from rng>)`` (local backend),
    or the rollout policy's own move while no option is shown better than it (``keep_policy_move``)."""

    rollouts: int = 32
    policy: PolicyRef = "heuristic"
    racing: bool = True
    batch: int | None = None
    max_steps: int = DEFAULT_MAX_STEPS
    keep_policy_move: bool = True
    measure: str = "win"
    challengers: bool = False

    @property
    def name(self) -> str:
        """How the advisor reads in a summary: ``advisor(32)``, ``advisor(32, progress)``,
        ``advisor(4, challengers)``."""
        extras = ([] if self.measure == "win" else [self.measure]) + (["challengers"] if self.challengers else [])
        return f"advisor({', '.join([str(self.rollouts), *extras])})"

    def __call__(self, state: State, rng: Generator) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise RulesError(f"no legal action to choose in {state.phase}", state=state)
        if len(actions) == 1:
            return actions[0]
        seed = int(rng.integers(0, 2**63 - 1))
        own = self.policy_move(state, seed) if self.keep_policy_move else None
        if own is not None and self.challengers:
            return self.challenged(state, own, seed)
        if own is not None and self.kept_anyway(state, own, seed):
            return own
        advice = advise(state, rollouts=self.rollouts, policy=self.policy, seed=seed, racing=self.racing,
                        batch=self.batch, max_steps=self.max_steps, measure=self.measure)
        if own is None:
            return advice.best.action
        row = next((r for r in advice.rows if r.action == own), None)
        if row is None or row.diff_high < 0:  # the best is better than the policy's move, 95% paired interval
            return advice.best.action
        return own

    def kept_anyway(self, state: State, own: Action, seed: int) -> bool:
        """Whether the hint would keep ``own`` whatever the other options' rollouts are (see the module).

        Plays ``own``'s rollouts of the hint seeded ``seed`` (the same values as in the hint) and asks
        whether any rollouts of another option could show it worse: over all of them, and over the first
        ``m`` at each point where the race could stop it (a race's stop needs more than this, so the test
        only errs on the side of asking the whole hint). It gives up as soon as even winning every rollout
        still to play would not do, so a move that loses its rollouts costs few of them.
        """
        actions = state.legal_actions()
        if own not in actions:
            return False
        job = self.job(state, seed)
        batch = self.batch or default_batch(self.rollouts)
        checks = (*(range(2 * batch, self.rollouts, batch) if self.racing else ()), self.rollouts)
        option = actions.index(own)
        values: tuple[float, ...] = ()
        for i in range(self.rollouts):
            values += play_range(job, option, i, i + 1)
            hopeful = values + (1.0,) * (self.rollouts - i - 1)  # the best the rollouts still to play can do
            if not all(never_shown_worse(hopeful[:m]) for m in checks):
                return False  # the hint is needed after all (it plays these rollouts again, to the same values)
        return True

    def challenged(self, state: State, own: Action, seed: int) -> Action:
        """The move the challengers leave (see the module): ``own``, or the challenger with the highest mean
        among those whose ``rollouts`` paired rollouts show them better than ``own`` with 95% confidence."""
        actions = state.legal_actions()
        job = self.job(state, seed)
        mine = play_range(job, actions.index(own), 0, self.rollouts)
        order = sorted(range(self.rollouts), key=lambda i: mine[i])  # where the move did worst first
        best, best_mean = own, -1.0
        for option, action in enumerate(actions):
            if action == own:
                continue
            known: dict[int, float] = {}
            for i in order:
                if not could_show_worse(mine, known):
                    break
                known[i] = play_range(job, option, i, i + 1)[0]
            else:
                theirs = [known[i] for i in range(self.rollouts)]
                mean = sum(theirs) / len(theirs)
                if paired_difference(mine, theirs)[2] < 0 and mean > best_mean:
                    best, best_mean = action, mean
        return best

    def job(self, state: State, seed: int) -> Job:
        """The rollouts of the hint seeded ``seed`` at ``state`` (the same games the whole hint plays)."""
        return Job(state, decision_seat(state, None), self.policy, seed, self.max_steps, self.measure)

    def policy_move(self, state: State, seed: int) -> Action:
        """The move the rollout policy of the deciding seat plays at ``state`` (its generator seeded by ``seed``)."""
        seat = decision_seat(state, None)
        return resolve_policies(state, self.policy)[seat](state, new_generator(seed))

    def advance(self, state: State, rng: Generator) -> None:
        """Move ``rng`` on exactly as :meth:`__call__` would, without the hint.

        A match that finds its generator again by replaying a named policy's choices
        (``explorer/core/rng_history.py``) could call this instead of a whole hint per move.
        """
        if len(state.legal_actions()) > 1:
            rng.integers(0, 2**63 - 1)


def advisor_policy(rollouts: int = 32, policy: PolicyRef = "heuristic", **options: Any) -> AdvisorPolicy:
    """An advisor that rolls each option out up to ``rollouts`` times under ``policy`` and plays the best
    (by default the policy's own move unless an option beats it with 95% confidence; see the module).

    >>> advisor_policy(rollouts=8).rollouts
    8
    """
    return AdvisorPolicy(whole_number("rollouts", rollouts, 1, 100_000), policy, **options)


NAMED_ROLLOUTS = 32
"""Rollouts per option of the policy named ``advisor`` (the simulation lab's and a match's ``play("advisor")``)."""


def advisor_for(game: Any) -> AdvisorPolicy:
    """The policy named ``advisor`` for ``game`` (registered with :mod:`explorer.core.registry`): the game's
    heuristic rolls out, or random play for a game that has none.

    >>> import explorer
    >>> advisor_for(explorer.load_game("warps_edge")).rollouts
    32
    """
    rollout = "heuristic" if "heuristic" in game.policies() else "random"
    return advisor_policy(rollouts=NAMED_ROLLOUTS, policy=rollout)
