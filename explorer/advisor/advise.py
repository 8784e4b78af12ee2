"""``advise``: every legal option at a decision, ranked by the seat's chance to win, with intervals.

For each option the position is played out ``rollouts`` times by a rollout
policy (the game's ``heuristic`` by default, for every seat), with the hidden
cards the seat cannot see dealt afresh before each rollout
(:mod:`explorer.advisor.knowledge`) and the same generator for rollout ``i`` of
every option (:mod:`explorer.advisor.rollout`). Options clearly worse than the
leader stop early, and the rollouts they leave go to the best
(:mod:`explorer.advisor.racing` states both rules).
``on_batch(advice)`` receives the advice so far after every round;
``budget_s`` (seconds) or ``stop`` (a ``threading.Event``) end the rollouts
early and the advice says it is partial. The backends are the simulation
lab's: ``local``, ``processes``, ``dask``; the same seed gives the same advice
on each.

>>> import explorer
>>> from explorer.core.chance import sample_outcome
>>> from explorer.core.rng import new_generator
>>> s, rng = explorer.load_game("warps_edge").initial_state(), new_generator(0)
>>> while s.is_chance(): s = s.apply(sample_outcome(s.chance_outcomes(), rng))
>>> advice = advise(s, rollouts=16, seed=1)
>>> len(advice.rows) == len(s.legal_actions()), advice.partial
(True, False)
>>> match = explorer.Match(explorer.load_game("warps_edge"), seed=1)
>>> while match.state.is_chance(): _ = match.step()
>>> advise(match, rollouts=8, seed=1).rows == advise(match.state, rollouts=8, seed=1).rows
True
>>> advise(explorer.load_game("warps_edge").initial_state())
Traceback (most recent call last):
...
explorer.errors.RulesError: advice needs a decision: setup: draw 2 skill cards is a chance step (a draw or roll comes next); step it first
"""

from __future__ import annotations

import contextlib
import pickle
import threading
import time
from collections.abc import Callable, Generator
from typing import Any

from explorer.advisor.advice import Advice, OptionAdvice
from explorer.advisor.asking import MAX_ROLLOUTS, check_measure, default_batch, policy_name
from explorer.advisor.knowledge import assumed
from explorer.advisor.options import decision_options, decision_seat, seen_chance
from explorer.advisor.racing import RULE, Race, paired_difference, wilson
from explorer.advisor.rollout import DEFAULT_MAX_STEPS, Job, PolicyRef, play_piece, resolve_policies
from explorer.advisor.runners import Runner, local_pieces
from explorer.core.match import Match
from explorer.core.state import State
from explorer.core.checks import whole_number
from explorer.errors import RulesError

def advise(state: State | Match, seat: int | None = None, *, rollouts: int = 200, policy: PolicyRef = "heuristic",
           seed: int = 0, backend: str = "local", workers: int | None = None, client: Any = None,
           budget_s: float | None = None, on_batch: Callable[[Advice], Any] | None = None,
           stop: threading.Event | None = None, batch: int | None = None, racing: bool = True,
           spare: bool = True, max_steps: int = DEFAULT_MAX_STEPS, measure: str = "win") -> Advice:
    """Rank every legal option of the decision at ``state`` by ``seat``'s chance to win.

    ``state``: a position, or a :class:`~explorer.Match` (its position on screen: ``advise(match)`` in a
    notebook asks about the very game the panel shows). ``seat``: the seat deciding now (the default;
    another seat is refused). ``rollouts``: the most any
    option gets (the best always gets them all). ``policy``: how every seat plays after the option (a
    policy name of the game, a callable ``policy(state, rng)``, or one per seat). ``batch``: rollouts per
    option per round (default ``rollouts / 8``, at least 8). ``racing=False`` gives every option all its
    rollouts. ``spare``: the best goes on with the rollouts the stopped options left unused, until it is
    within ±5 points (:mod:`explorer.advisor.racing`); ``spare=False`` stops every option at ``rollouts``.
    ``measure``: ``"win"`` ranks by the chance to win; ``"progress"``, for a game that measures how far a seat
    got (``State.progress``; Pinned Down: the distance covered toward 10, a win counts 1), ranks by its mean,
    where nearly every game is lost and every win chance is 0.
    Returns an :class:`~explorer.advisor.advice.Advice`.
    """
    began = time.perf_counter()
    if isinstance(state, Match):
        state = state.state
    seat = decision_seat(state, seat)
    whole_number("rollouts", rollouts, 1, MAX_ROLLOUTS)
    whole_number("seed", seed, 0, 2**63 - 1)
    whole_number("max_steps", max_steps, 1, 10_000_000)
    check_measure(state, seat, measure)
    batch = default_batch(rollouts) if batch is None else whole_number("batch", batch, 1, MAX_ROLLOUTS)
    if budget_s is not None and (isinstance(budget_s, bool) or not isinstance(budget_s, (int, float))
                                 or not budget_s > 0):
        raise RulesError(f"budget_s must be a number of seconds above 0, got {budget_s!r}")
    resolve_policies(state, policy)  # an unknown policy or backend is refused before any rollout
    runner = Runner(backend, workers, client)  # starts nothing until entered
    options = decision_options(state)
    job = Job(state, seat, policy, seed, max_steps, measure)
    try:
        blob = pickle.dumps(job)
    except Exception as err:  # noqa: BLE001 - any pickling failure: the workers cannot receive this job
        if backend != "local":
            raise RulesError(f"the {backend} backend sends the position and policy to other processes, and they do "
                             f"not pickle ({err}); use a named policy or a module-level function") from err
        blob = b""
    chances = tuple(seen_chance(state, seat, o.action, seed) for o in options)
    race = Race(len(options), rollouts, batch, racing, spare)
    deadline = None if budget_s is None else began + budget_s
    cut = False

    def build() -> Advice:
        return _advice(state, seat, options, chances, race, policy, seed, backend, not race.done() or cut,
                       time.perf_counter() - began, rollouts, measure)

    with runner:
        while not race.done():
            tasks = race.next_round()
            if blob:
                source = runner.run(blob, tasks, deadline)
            else:  # an unpicklable policy on the local backend: played here without the bytes
                source = _play_here(job, tasks, deadline)
            with contextlib.closing(source):  # closing it cancels the pieces not started (Stop, budget)
                for option, start, _stop, values in source:
                    race.record(option, start, values)
                    if stop is not None and stop.is_set():
                        break
            if (stop is not None and stop.is_set()) or (deadline is not None and time.perf_counter() >= deadline):
                cut = not race.done()
                break
            race.settle()
            if on_batch is not None and not race.done():
                on_batch(build())
    advice = build()
    if on_batch is not None:
        on_batch(advice)
    return advice


def _play_here(job: Job, tasks: list[tuple[int, int, int]], deadline: float | None) -> Generator[Any, None, None]:
    for piece in local_pieces(tasks):
        if deadline is not None and time.perf_counter() >= deadline:
            return
        yield from play_piece(job, *piece)


def _advice(state: State, seat: int, options: tuple, chances: tuple, race: Race, policy: PolicyRef, seed: int,
            backend: str, partial: bool, seconds: float, rollouts: int, measure: str = "win") -> Advice:
    # The best: among the survivors that played their count (or, in a race cut short, as far as any option got),
    # the highest mean. The others follow by their paired difference to it (an option that stopped "same" after
    # few rollouts is not put above the option that played them all just because its few rollouts went well).
    full = min(rollouts, max(len(race.values(o)) for o in range(len(options))))
    top = race.leader([o for o in race.survivors() if len(race.values(o)) >= full]
                      or [o for o in range(len(options)) if len(race.values(o)) >= full])
    best = race.values(top)
    diffs = {o: paired_difference(race.values(o), best) if o != top else (0.0, 0.0, 0.0) for o in range(len(options))}
    order = [top] + sorted((o for o in range(len(options)) if o != top),
                           key=lambda o: (-diffs[o][0], -race.mean(o), o))
    rows = []
    for o in order:
        values = race.values(o)
        n = len(values)
        low, high = wilson(sum(values), n)
        d, d_low, d_high = diffs[o]
        stopped = race.stopped.get(o, "cut" if n < rollouts else "")
        rows.append(OptionAdvice(options[o], n, race.mean(o), low, high, d, d_low, d_high, stopped, chances[o]))
    return Advice(state.game.info.id, state.phase, seat, state.game.player_name(seat), tuple(rows), rollouts,
                  policy_name(policy), seed, backend, partial, seconds, assumed(state.game.info.id), RULE,
                  measure, state.PROGRESS if measure == "progress" else "")
