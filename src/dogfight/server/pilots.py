"""Computer pilots of the web server: budgets checked on input, decisions made in a
bounded pool of worker processes, each under a deadline that is enforced.

A seat's pilot is a lobby level (``LEVELS``) or a pilot name with a capped, finite
budget (``mcts:N``, N <= ``MAX_ITERATIONS``; ``mcts:Ts``, 0 < T <= ``MAX_SECONDS``).
A decision runs in one of ``workers`` single-process executors; past its deadline the
worker is killed and replaced, and the seat plays the best decision the pilot had found
so far (a searching pilot reports it as it searches, into memory shared with this
process: :class:`Slot`), or, if it reported none, the random pilot's choice, computed
here (cheap and always legal).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import queue
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import msgspec

from dogfight.ai import make_pilot
from dogfight.ai.mcts import MctsPilot
from dogfight.core.contract import Seat, observe
from dogfight.core.errors import InvalidOptions
from dogfight.core.registry import get_game
from dogfight.play import searcher

LEVELS = {"novice": "novice", "veteran": "veteran", "ace": "mcts:1s"}
"""Lobby levels -> computer pilot names (stronger pilots come with their own work)."""

MAX_ITERATIONS = 5_000
MAX_SECONDS = 5.0
GRACE = 3.0
"""Seconds a decision may take beyond its budget (process hand-over, a slow machine)."""
ITERATION_DEADLINE = 20.0
"""The deadline of a decision budgeted in iterations (``mcts``, ``mcts:N``)."""

_ITERATIONS = re.compile(r"mcts:([0-9]{1,7})")
_SECONDS = re.compile(r"mcts:([0-9]{1,3}(?:\.[0-9]{1,3})?)s")


class BadPilot(InvalidOptions):
    """A seat's pilot that is not a level or a capped, finite budget (HTTP 422)."""


def check_pilot(spec: Any) -> str:
    """The pilot name for a seat's ``pilot`` field, or :class:`BadPilot`."""
    allowed = (f"a level ({', '.join(LEVELS)}), random, greedy, mcts, mcts:N "
               f"(1 <= N <= {MAX_ITERATIONS} iterations) or mcts:Ts "
               f"(0 < T <= {MAX_SECONDS:g} seconds)")
    if not isinstance(spec, str) or len(spec) > 32:
        raise BadPilot(f"pilot is {allowed}")
    name = LEVELS.get(spec, spec)
    if name in ("random", "greedy", "mcts", "novice", "veteran"):
        return name
    if (found := _ITERATIONS.fullmatch(name)) is not None:
        if 1 <= int(found.group(1)) <= MAX_ITERATIONS:
            return name
        raise BadPilot(f"pilot {spec!r}: at most {MAX_ITERATIONS} iterations; pilot is {allowed}")
    if (found := _SECONDS.fullmatch(name)) is not None:
        seconds = float(found.group(1))
        if math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS:
            return name
        raise BadPilot(f"pilot {spec!r}: a budget from 0 to {MAX_SECONDS:g} seconds; "
                       f"pilot is {allowed}")
    raise BadPilot(f"pilot {spec!r} is refused; pilot is {allowed}")


SIDE_TURN_SECONDS = 1.25
"""Seconds of search a computer side gets a turn, for all its aircraft and decisions:
a pilot budgeted in seconds (``ace``) gets half of what its side has left for this
turn, at least ``SLICE_SECONDS``; past that it decides as ``greedy`` (instantly)."""
SLICE_SECONDS = 0.1


def turn_budget(name: str) -> float | None:
    """The seconds of search a side of pilot ``name`` has a turn (None: no budget)."""
    return SIDE_TURN_SECONDS if _SECONDS.fullmatch(name) else None


def budgeted(name: str, spent: float) -> str:
    """The pilot to ask for one decision, its side having searched ``spent`` seconds
    this turn (a pilot budgeted in iterations or not searching is asked as it is)."""
    if (found := _SECONDS.fullmatch(name)) is None:
        return name
    share = min(float(found.group(1)), (SIDE_TURN_SECONDS - spent) / 2)
    if share < SLICE_SECONDS:
        return "greedy"
    return f"mcts:{share:.3f}s"


def within(name: str, left: float) -> str:
    """Pilot ``name`` cut to the ``left`` seconds its decision still has (its wait for a
    worker counted): ``greedy`` when that is under ``SLICE_SECONDS``."""
    if (found := _SECONDS.fullmatch(name)) is None:
        return name
    if left < SLICE_SECONDS:
        return "greedy"
    return f"mcts:{min(float(found.group(1)), left):.3f}s"


def seconds_of(name: str) -> float | None:
    """The seconds a decision of pilot ``name`` may search (None: not budgeted so)."""
    found = _SECONDS.fullmatch(name)
    return None if found is None else float(found.group(1))


def searching(name: str) -> bool:
    """Whether pilot ``name`` searches (in a worker process, under a deadline); the
    others decide in milliseconds."""
    return name.startswith(("mcts", "ismcts"))


def deadline(name: str) -> float:
    """Seconds a checked pilot's decision may take before it is replaced."""
    if (found := _SECONDS.fullmatch(name)) is not None:
        return float(found.group(1)) + GRACE
    if name.startswith("mcts"):
        return ITERATION_DEADLINE
    return GRACE


REPORT_BYTES = 16_384
"""Room for a best-so-far decision (JSON); a larger one is not reported."""


class Slot:
    """A worker's best decision so far, in memory shared with the server: written by the
    worker as its pilot searches, read by the server once it has killed a worker past its
    deadline (so never while written). ``header``: a version (odd while a write is under
    way: a worker killed mid-write left nothing readable), the decision's ticket and its
    length; ``data``: its JSON."""

    def __init__(self, context: Any) -> None:
        self.header: Any = context.RawArray("q", 3)
        self.data: Any = context.RawArray("c", REPORT_BYTES)

    def write(self, ticket: int, decision: Any) -> None:
        encoded = msgspec.json.encode(decision)
        if len(encoded) > REPORT_BYTES:
            return
        header = self.header
        header[0] += 1  # odd: being written
        self.data[:len(encoded)] = encoded
        header[1], header[2] = ticket, len(encoded)
        header[0] += 1

    def read(self, ticket: int) -> Any | None:
        """The decision reported for ``ticket``, or None (none, or a torn write)."""
        version, written, length = self.header[:]
        if version % 2 or written != ticket or not 0 < length <= REPORT_BYTES:
            return None
        return msgspec.json.decode(bytes(self.data[:length]))


_slot: Slot | None = None
"""In a worker process: where its pilot reports its best decision so far."""


def think(name: str, seed: int, game_id: str, state: Any, seat: Seat,
          ticket: int | None = None) -> Any:
    """One pilot's decision (run in a worker process); with a ``ticket``, a searching
    pilot reports its best decision so far into the worker's :class:`Slot`."""
    game = get_game(game_id)
    pilot = make_pilot(name, seed)
    observation = observe(game, state, seat)
    search = searcher(game, state, seat)
    slot = _slot
    if ticket is not None and slot is not None and isinstance(pilot, MctsPilot):
        return pilot.choose(game_id, observation, search=search,
                            report=lambda decision: slot.write(ticket, decision))
    return pilot.choose(game_id, observation, search=search)


def fallback(seed: int, game_id: str, state: Any, seat: Seat) -> Any:
    """The random pilot's choice: what a pilot past its deadline plays."""
    return think("random", seed, game_id, state, seat)


def _warm(parent: int, slot: Slot | None = None) -> None:
    """A worker's start: load the games once; end with the server, even killed."""
    import dogfight.core.registry as registry

    global _slot
    _slot = slot
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    registry.all_games()  # the games' modules and data, loaded once per worker
    from dogfight.ai.policies import POLICIES

    for load in POLICIES.values():
        load()  # the pilots' modules (numpy, policies): not during a first decision


def _orphaned(parent: int) -> None:
    """Exit once the server process is gone (SIGKILL leaves its workers behind)."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


class PilotPool:
    """``workers`` worker processes, each its own executor so that one overrunning
    decision can be stopped (its process killed) without touching the others."""

    def __init__(self, workers: int = 2,
                 deadline_of: Callable[[str], float] = deadline) -> None:
        self.workers = workers
        self.deadline_of = deadline_of
        self.context = multiprocessing.get_context("spawn")
        self.free: queue.Queue[ProcessPoolExecutor] = queue.Queue()
        self.all: set[ProcessPoolExecutor] = set()
        self.guard = threading.Lock()
        self.closed = False
        self.overruns = 0
        self.salvaged = 0
        """Decisions past their deadline played as the pilot's best so far."""
        self.hurried = 0
        """Decisions made as ``greedy`` because the wait for a worker took their time."""
        self.slots: dict[ProcessPoolExecutor, Slot] = {}
        self.tickets = 0
        for _ in range(workers):
            self.free.put(self._new())

    def _new(self) -> ProcessPoolExecutor:
        slot = Slot(self.context)
        executor = ProcessPoolExecutor(max_workers=1, mp_context=self.context,
                                       initializer=_warm, initargs=(os.getpid(), slot))
        executor.submit(int)  # start the process now, not at the first decision
        with self.guard:
            self.all.add(executor)
            self.slots[executor] = slot
        return executor

    def _kill(self, executor: ProcessPoolExecutor) -> Slot | None:
        """Kill the worker (and wait for its end): its slot is then safe to read."""
        with self.guard:
            self.all.discard(executor)
            slot = self.slots.pop(executor, None)
        processes = list((executor._processes or {}).values())
        for process in processes:
            process.kill()
        for process in processes:
            process.join(timeout=5.0)
        executor.shutdown(wait=False, cancel_futures=True)
        return slot

    def pids(self) -> set[int]:
        with self.guard:
            executors = list(self.all)
        return {pid for e in executors for pid in (e._processes or {})}

    def decide(self, name: str, seed: int, game_id: str, state: Any, seat: Seat,
               until: float | None = None) -> Any:
        """The pilot's decision; if it is late, its best so far (or the fallback's if it
        reported none); the fallback's if its worker fails. A pilot that does not
        search (random, greedy, novice, veteran: milliseconds) decides here, never
        queued behind searches. ``until`` (``time.monotonic()``): when a pilot budgeted
        in seconds must have answered; its wait for a free worker counts against its
        search, and if no worker is free in time it decides as ``greedy``, here."""
        if self.closed:
            return fallback(seed, game_id, state, seat)
        if not searching(name):
            return think(name, seed, game_id, state, seat)
        try:
            wait = None if until is None else until - time.monotonic() - SLICE_SECONDS
            executor = self.free.get(timeout=None if wait is None else max(0.0, wait))
        except queue.Empty:
            self.hurried += 1
            return think("greedy", seed, game_id, state, seat)
        if until is not None:
            name = within(name, until - time.monotonic())
            if not searching(name):
                self.free.put(executor)
                self.hurried += 1
                return think(name, seed, game_id, state, seat)
        with self.guard:
            self.tickets += 1
            ticket = self.tickets
        try:
            future = executor.submit(think, name, seed, game_id, state, seat, ticket)
            try:
                return future.result(timeout=self.deadline_of(name))
            except FutureTimeout:
                self.overruns += 1
                slot = self._kill(executor)
                if not self.closed:
                    executor = self._new()
                best = None if slot is None else slot.read(ticket)
                if best is not None:
                    self.salvaged += 1
                    return best  # legal where it was found (else the hub falls back)
            except BrokenProcessPool:
                self._kill(executor)
                if not self.closed:
                    executor = self._new()
            return fallback(seed, game_id, state, seat)
        finally:
            self.free.put(executor)

    def close(self) -> None:
        """Stop every worker at once (server shutdown, SIGTERM)."""
        self.closed = True
        with self.guard:
            executors = list(self.all)
        for executor in executors:
            self._kill(executor)


def default_workers() -> int:
    value = os.environ.get("DOGFIGHT_PILOT_WORKERS", "")
    return int(value) if value.isdigit() and int(value) > 0 else 2
