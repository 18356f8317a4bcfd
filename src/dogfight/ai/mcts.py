"""The ``mcts`` pilot: Monte Carlo search over determinised states.

Each iteration draws a state the seat cannot tell from the real one
(``Game.determinize``: the other seats' sealed orders, hidden damage and deck orders
drawn anew), lets the game's policy redraw the other seats' secrets the way they are
likely to have chosen them, picks one of the root's candidates by UCB1 (progressive
widening: the candidates the policy ranks first are tried first, the others as visits
grow), plays it and the game on with the policy's roll-out decisions for every seat
until the policy's ``horizon`` turns after this one have been flown (or the game ends), and scores
the result with the policy's value (``Game.evaluate`` unless the policy leans on
it). The candidate most visited is chosen.

A candidate is a sequence of the seat's own decisions (Wings of War: the rest of the
turn's plan, all three cards together); only its first decision is taken now, and the
next prompt searches again from what is then known. A policy that is ``Following``
(Age of Dogfights: a move's whole path) has the rest of the chosen sequence played as
it stands, each decision while it is legal at the seat's next prompt (the first one
that is not ends it and the search takes over again). A policy that is ``Halting``
ends its roll-outs by its own rule instead of by game turns. A policy that is
``Pairing`` has its candidates compared in rounds of common samples (every candidate
played out on the same sample, the same dice: their difference is not the dice's),
the policy's first kept unless another beats it by more than the noise.

The per-game policy (the game's ``search`` part in ``POLICIES``; a game without one
gets ``UniformPolicy``: every legal decision a candidate, random roll-outs) lives here
in ``ai/``, never in the game. The pilot never sees the real state: only its observation
and the sampler, whose output does not depend on the secrets it hides
(tests/test_determinize.py).

Budget: ``mcts`` is 200 iterations, ``mcts:N`` N iterations, ``mcts:Ts`` T seconds
(of the wall clock; ``mcts:Ts:cpu``, what ``dogfight match --clock cpu`` gives, counts
the pilot thread's CPU time, so a loaded machine plays as a quiet one does).

Early stopping: the search ends as soon as the most-visited candidate cannot be
overtaken in what is left of the budget: with iterations, when its lead over every other
candidate exceeds the iterations left (then the choice is exactly the one the whole
budget would make); with seconds, when it exceeds the iterations the time left allows
at the rate so far (an estimate). Clear decisions cost little time.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, runtime_checkable

from dogfight.ai.base import EXPLORATION, HORIZON, Policy, RandomPilot, Search
from dogfight.ai.policies import policies_for
from dogfight.core.contract import Decision, Game, Seat, canonical_json
from dogfight.core.errors import DogfightError
from dogfight.core.rng import Rng, choice, new_rng, next_u64

WIDEN = 3
"""Progressive widening: ``WIDEN + sqrt(visits)`` candidates are open at the root."""

CONFIDENCE = 1.0
"""A ``Pairing`` search leaves the policy's first candidate for another only when its
mean gain less this many standard errors is above 0."""
QUIET = 4
"""A ``Pairing`` search ends after this many rounds where no candidate differed."""

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What ``mcts:Ts`` counts: wall-clock seconds, or the pilot thread's CPU seconds."""


@runtime_checkable
class Following(Protocol):
    """A policy whose candidates are plans to follow (the rest of the chosen sequence is
    played at the seat's next prompts while it stays legal), not first decisions only."""

    def follows(self) -> bool:
        """Whether the chosen sequence's rest is followed."""
        ...


@runtime_checkable
class Halting(Protocol):
    """A policy with its own end of a roll-out (instead of ``horizon`` game turns)."""

    def halted(self, start: Any, state: Any, seat: Seat) -> bool:
        """Whether the roll-out from the sample ``start`` (before ``seat``'s candidate)
        ends at ``state``."""
        ...


@runtime_checkable
class Pairing(Protocol):
    """A policy whose candidates are compared on common samples (each sample, dice
    included, played out with every candidate) instead of by UCB1."""

    def pairs(self) -> bool:
        """Whether the candidates are compared on common samples."""
        ...


class UniformPolicy:
    """No knowledge: every legal decision a candidate, uniformly random roll-outs."""

    horizon = HORIZON
    exploration = EXPLORATION

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def candidates(self, state: Any, seat: Seat, legal: Sequence[Decision],
                   rng: Rng) -> tuple[list[list[Decision]], Rng]:
        return [[d] for d in legal], rng

    def reshape(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        return state, rng

    def act(self, state: Any, seat: Seat, rng: Rng) -> tuple[list[Decision], Rng]:
        decision, rng = choice(rng, list(self.game.legal(state, seat)))
        return [decision], rng

    def value(self, state: Any, seat: Seat) -> float:
        return self.game.evaluate(state, seat)


def policy_for(game: Game[Any]) -> Policy:
    """The game's search policy (``POLICIES``), or ``UniformPolicy``."""
    parts = policies_for(game.id)
    if parts is None or parts.search is None:
        return UniformPolicy(game)
    return parts.search(game)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for one search. A search makes short-lived
    tuples by the hundred thousand while the planners' caches hold many more, and each
    collection of the oldest generation walks them all (with the collector off for a
    whole Age of Dogfights game of ``mcts:8``, 15% less CPU; paused in the searches
    only, less: ``docs/performance.md``). The first collection after a search walks
    what the search left in the caches, and frees what it left in cycles: few (a
    recursive helper of a planner is handed itself rather than closing over itself, a
    cycle that kept the helper's findings). The collector is the
    process's: with searches in several threads, it runs again when each search that
    found it running ends."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


class MctsPilot:
    name = "mcts"

    def __init__(self, seed: int, iterations: int | None = 200,
                 seconds: float | None = None, clock: str = "wall",
                 early_stop: bool = True) -> None:
        self.rng: Rng = new_rng(seed)
        self.fallback = RandomPilot(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.clock = CLOCKS[clock]
        self.early_stop = early_stop
        self.last_iterations = 0
        """Iterations the last search ran (figures and tests)."""
        self.plan: list[Decision] = []
        """The rest of the sequence chosen last (a ``Following`` policy's), to play."""

    def choose(self, game_id: str, observation: Any, search: Search | None = None,
               report: Callable[[Decision], None] | None = None) -> Decision:
        """``report`` (optional) is told the best decision so far as the search goes (the
        policy's first candidate, then each new most-visited one): what a caller whose
        deadline cuts the search short plays (the server's pilot workers)."""
        legal: list[Decision] = observation.get("legal") or []
        planned = self._planned(legal)
        if planned is not None:
            return planned
        if len(legal) == 1 or search is None:
            return self.fallback.choose(game_id, observation)
        clock = self.clock
        start = clock()
        game, seat = search.game, search.seat
        policy = policy_for(game)
        with collector_paused():
            first = search.sample(self.rng)
            _, self.rng = next_u64(self.rng)
            macros, self.rng = policy.candidates(first, seat, legal, self.rng)
            keys = {canonical_json(d) for d in legal}
            macros = [m for m in macros if m and canonical_json(m[0]) in keys]
            if not macros:
                raise DogfightError("the search policy offered no legal decision")
            best = 0
            if len(macros) > 1:
                if report is not None:
                    report(macros[0][0])
                searched = self._paired if isinstance(policy, Pairing) and policy.pairs() \
                    else self._visited
                best = searched(search, policy, macros, start, report)
        follow = isinstance(policy, Following) and policy.follows()
        self.plan = list(macros[best][1:]) if follow else []
        return macros[best][0]

    def _visited(self, search: Search, policy: Policy, macros: list[list[Decision]],
                 start: float, report: Callable[[Decision], None] | None) -> int:
        """UCB1 over the candidates, a fresh sample each iteration, until the budget ends
        or (``early_stop``) the most visited cannot be overtaken. Chosen: the most
        visited (then the best mean)."""
        game, seat, clock = search.game, search.seat, self.clock
        exploration = policy.exploration
        visits = [0] * len(macros)
        value = [0.0] * len(macros)
        done = 0
        leader = 0
        while True:
            left = self._left(done, clock() - start)
            if left <= 0 or (self.early_stop and self._settled(visits, left)):
                break
            done += 1
            state = search.sample(self.rng)
            _, self.rng = next_u64(self.rng)
            state, self.rng = policy.reshape(state, seat, self.rng)
            if report is not None:
                leader = self._report(report, macros, visits, value, leader)
            index = self._pick(visits, value, done, exploration)
            visits[index] += 1
            value[index] += self._playout(game, policy, seat, state, macros[index])
        self.last_iterations = done
        best = max(range(len(macros)),
                   key=lambda i: (visits[i], value[i] / max(1, visits[i]), -i))
        if report is not None:
            self._report(report, macros, visits, value, leader)
        return best

    def _paired(self, search: Search, policy: Policy, macros: list[list[Decision]],
                start: float, report: Callable[[Decision], None] | None) -> int:
        """Rounds of common samples: each sample (its dice too) played out with every
        candidate, until the budget ends, or after ``QUIET`` rounds where no candidate's
        value differed from the first's on any sample. Chosen: the candidate whose mean
        gain over the first (the policy's best) is highest less ``CONFIDENCE`` standard
        errors (the first at 0: the search leaves the policy's choice on evidence
        only, not on the dice's noise)."""
        game, seat, clock = search.game, search.seat, self.clock
        n = len(macros)
        gain = [0.0] * n
        square = [0.0] * n
        rounds = 0
        leader = 0
        while True:
            left = self._left(rounds * n, clock() - start) / n
            if rounds and left < 1:
                break
            if self.early_stop and rounds >= QUIET and not any(square):
                break
            sample = search.sample(self.rng)
            _, self.rng = next_u64(self.rng)
            sample, self.rng = policy.reshape(sample, seat, self.rng)
            values = [self._playout(game, policy, seat, sample, macro) for macro in macros]
            for index, v in enumerate(values):
                gain[index] += v - values[0]
                square[index] += (v - values[0]) ** 2
            rounds += 1
            best = self._assured(gain, square, rounds)
            if report is not None and best != leader:
                report(macros[best][0])
            leader = best
        self.last_iterations = rounds * n
        return leader

    @staticmethod
    def _assured(gain: list[float], square: list[float], rounds: int) -> int:
        """The candidate whose mean gain over the first less ``CONFIDENCE`` standard
        errors is highest (the first: 0; none before two rounds)."""
        if rounds < 2:
            return 0

        def bound(i: int) -> float:
            mean = gain[i] / rounds
            variance = max(0.0, (square[i] - rounds * mean * mean) / (rounds - 1))
            return mean - CONFIDENCE * math.sqrt(variance / rounds)

        return max(range(len(gain)), key=lambda i: (bound(i) if i else 0.0, -i))

    def _planned(self, legal: list[Decision]) -> Decision | None:
        """The plan's next decision if it is legal now (the plan goes on), else None (the
        plan is dropped)."""
        if not self.plan:
            return None
        decision = self.plan.pop(0)
        if decision in legal:
            return decision
        self.plan = []
        return None

    def _left(self, done: int, elapsed: float) -> float:
        """Iterations the budget still allows (time: at the rate so far)."""
        left = math.inf
        if self.iterations is not None:
            left = self.iterations - done
        if self.seconds is not None:
            if elapsed >= self.seconds:
                return 0
            if done:
                left = min(left, done * (self.seconds - elapsed) / max(elapsed, 1e-9))
        return left

    @staticmethod
    def _settled(visits: list[int], left: float) -> bool:
        """The most-visited candidate leads every other by more than ``left``."""
        first = second = 0
        for v in visits:
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    @staticmethod
    def _report(report: Callable[[Decision], None], macros: list[list[Decision]],
                visits: list[int], value: list[float], leader: int) -> int:
        """Tell ``report`` the candidate chosen now if it is not ``leader``; the one
        chosen now."""
        best = max(range(len(macros)),
                   key=lambda i: (visits[i], value[i] / max(1, visits[i]), -i))
        if best != leader:
            report(macros[best][0])
        return best

    @staticmethod
    def _pick(visits: list[int], value: list[float], total: int,
              exploration: float = EXPLORATION) -> int:
        """UCB1 over the first ``WIDEN + sqrt(total)`` candidates (unvisited first)."""
        width = min(len(visits), WIDEN + int(math.sqrt(total)))
        for i in range(width):
            if visits[i] == 0:
                return i
        log_total = math.log(total)
        return max(range(width),
                   key=lambda i: value[i] / visits[i]
                   + exploration * math.sqrt(log_total / visits[i]))

    def _playout(self, game: Game[Any], policy: Policy, seat: Seat, state: Any,
                 macro: list[Decision], limit: int = 2000) -> float:
        """The candidate's decisions, then the policy for every seat, then the value."""
        turn = game.turn(state)
        start = state
        for decision in macro:
            if seat not in game.pending(state) or decision not in game.legal(state, seat):
                return -1.0  # not playable in this sample (cannot happen for own plans)
            state = game.apply(state, seat, decision).state
        rng = self.rng
        steps = 0
        horizon = policy.horizon
        halting = policy if isinstance(policy, Halting) else None
        while steps < limit:
            pending = list(game.pending(state))
            if not pending:
                break
            if halting is None:
                if game.turn(state) > turn + horizon:
                    break
            elif halting.halted(start, state, seat):
                break
            who = pending[0]
            decisions, rng = policy.act(state, who, rng)
            for decision in decisions:
                if who not in game.pending(state):
                    break
                state = game.apply(state, who, decision).state
                steps += 1
        self.rng = rng
        return policy.value(state, seat)


def make_mcts(spec: str, seed: int) -> MctsPilot:
    """``mcts``, ``mcts:N`` (iterations), ``mcts:Ts`` (wall-clock seconds a decision) or
    ``mcts:Ts:cpu`` (CPU seconds of the pilot's thread)."""
    _, _, budget = spec.partition(":")
    if not budget:
        return MctsPilot(seed)
    budget, _, clock = budget.partition(":")
    if budget.endswith("s"):
        if clock not in ("", *CLOCKS):
            raise ValueError(f"unknown clock {clock!r}")
        return MctsPilot(seed, iterations=None, seconds=float(budget[:-1]),
                         clock=clock or "wall")
    if clock:
        raise ValueError("a clock goes with a time budget only")
    return MctsPilot(seed, iterations=int(budget))


def on_clock(name: str, clock: str) -> str:
    """The pilot name ``name`` with its time budget counted on ``clock`` (``mcts:Ts``
    becomes ``mcts:Ts:cpu``); any other name unchanged."""
    if clock == "wall" or not name.startswith("mcts:"):
        return name
    budget = name.partition(":")[2]
    if not budget.endswith("s"):
        return name
    return f"{name}:{clock}"
