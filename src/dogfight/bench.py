"""``dogfight bench`` and ``dogfight match``: how fast the rules run, and how pilots
fare against each other (figures, never timed tests)."""

from __future__ import annotations

import math
import os
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

import msgspec
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from dogfight.ai.mcts import CLOCKS, on_clock
from dogfight.core.contract import Game, observe
from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.core.rng import choice, derive_seed, new_rng
from dogfight.play import simulate


def _timed(seconds: float, work: Callable[[int], int]) -> tuple[int, float]:
    """Run ``work(i)`` (it returns a count) until ``seconds`` pass: (count, elapsed)."""
    start = time.perf_counter()
    count, i = 0, 0
    while time.perf_counter() - start < seconds:
        count += work(i)
        i += 1
    return count, time.perf_counter() - start


def bench_game(game: Game[Any], seconds: float = 3.0) -> dict[str, Any]:
    """Random full games and the contract's pieces, measured on one core."""
    games = {"n": 0}

    def full_game(i: int) -> int:
        match, _ = simulate(game, {}, i)
        games["n"] += 1
        return len(match.actions)

    decisions, elapsed = _timed(seconds, full_game)
    # a pool of states from random games, for the per-call figures
    states = []
    for seed in range(20):
        match = Match.new(game, {}, seed)
        rng = new_rng(seed)
        while not match.over and len(match.actions) < 400:
            seat, rng = choice(rng, list(match.pending))
            decision, rng = choice(rng, list(game.legal(match.state, seat)))
            match.submit(seat, decision)
            states.append((match.state, seat))

    def legal(i: int) -> int:
        state, _ = states[i % len(states)]
        for seat in game.pending(state):
            game.legal(state, seat)
        return 1

    def view(i: int) -> int:
        state, seat = states[i % len(states)]
        observe(game, state, seat)
        return 1

    def copy(i: int) -> int:  # a state "copy" is a replace of one field: structural sharing
        state, _ = states[i % len(states)]
        msgspec.structs.replace(state, rng=state.rng)
        return 1

    legal_n, legal_t = _timed(seconds / 3, legal)
    view_n, view_t = _timed(seconds / 3, view)
    copy_n, copy_t = _timed(seconds / 3, copy)
    tracemalloc.start()
    simulate(game, {}, 12345)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "game": game.id,
        "games_per_second": round(games["n"] / elapsed, 2),
        "decisions_per_second": round(decisions / elapsed, 1),
        "legal_per_second": round(legal_n / legal_t, 1),
        "views_per_second": round(view_n / view_t, 1),
        "copies_per_second": round(copy_n / copy_t, 1),
        "peak_memory_mb": round(max(peak / 2**20, _rss_mb()), 1),
        "seconds": round(elapsed, 2),
    }


def _rss_mb() -> float:
    """Peak resident memory of this process (Linux), in MiB."""
    try:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    except (ImportError, OSError):  # pragma: no cover - not Linux
        return 0.0


# -- matches ----------------------------------------------------------------------------------
def _one_game(args: tuple[str, dict[str, Any], int, list[str]]) -> dict[str, Any]:
    game_id, options, seed, players = args
    game = get_game(game_id)
    start = time.perf_counter()
    match, assignment = simulate(game, options, seed, players)
    outcome = match.outcome()
    return {"seed": seed, "assignment": assignment,
            "winner": outcome.winner if outcome else None,
            "reason": outcome.reason if outcome else None,
            "sides": dict(game.seats(match.state)),
            "decisions": len(match.actions), "turns": game.turn(match.state),
            "seconds": time.perf_counter() - start}


def match_game(players: Sequence[str], seed: int, i: int) -> tuple[int, list[str]]:
    """Game ``i`` of a match of seed ``seed``: its own seed and the pilots in seat order
    (the first named flies the first seat in even games, the second in odd ones)."""
    order = list(players) if i % 2 == 0 else list(reversed(players))
    return derive_seed(seed, "match", i), order


def _winner(i: int, result: dict[str, Any]) -> int | None:
    """Which pilot won game ``i`` (0: the first named, 1: the second; None: a draw):
    pilot 0 flies the first seat in even games, the second in odd ones."""
    if result["winner"] is None:
        return None
    first_side = next(iter(result["sides"].values()))
    first_won = result["winner"] == first_side
    return (0 if first_won else 1) if i % 2 == 0 else (1 if first_won else 0)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score; a draw counts half)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def tally(wins: int, draws: int, games: int) -> dict[str, Any]:
    """A pilot's wins, losses and draws over ``games``, its win rate (a draw half) and
    the rate's 95% interval (:func:`wilson`)."""
    score = wins + draws / 2
    return {"wins": wins, "losses": games - wins - draws, "draws": draws,
            "win_rate": round(score / games, 4) if games else 0.0,
            "ci95": list(wilson(score, games))}


def play_match(game_id: str, players: Sequence[str], games: int, seed: int,
               jobs: int = 1, options: dict[str, Any] | None = None,
               progress: bool = False, clock: str = "wall") -> dict[str, Any]:
    """``games`` games between two pilots, sides alternated (pilot A flies the first
    seat in even games, the second in odd ones). ``clock="cpu"``: an ``mcts:Ts`` pilot
    counts its thread's CPU seconds, not the wall clock's (``ai.mcts.on_clock``)."""
    if len(players) != 2:
        raise ValueError("a match is between two pilots")
    game = get_game(game_id)
    if clock not in CLOCKS:
        raise ValueError(f"unknown clock {clock!r}")
    timed = [on_clock(name, clock) for name in players]
    tasks = []
    for i in range(games):
        game_seed, order = match_game(timed, seed, i)
        tasks.append((game_id, dict(options or {}), game_seed, order))
    results: list[dict[str, Any]] = []
    start = time.perf_counter()
    with progress_bar(progress, games, f"{game.id} {' v '.join(players)}", "games") as advance:
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                for done in pool.map(_one_game, tasks):
                    results.append(done)
                    advance()
        else:
            for task in tasks:
                results.append(_one_game(task))
                advance()
    elapsed = time.perf_counter() - start
    winners = [_winner(i, r) for i, r in enumerate(results)]
    table = [{"player": name, **tally(winners.count(index), winners.count(None), games)}
             for index, name in enumerate(players)]
    decisions = sum(r["decisions"] for r in results)
    reasons: Counter[tuple[str | None, str | None]] = Counter(  # who won, and why
        (None if w is None else players[w], r["reason"])
        for w, r in zip(winners, results, strict=True))
    return {"game": game.id, "games": games, "seed": seed, "players": list(players),
            "results": table,
            "reasons": [{"winner": w, "reason": why, "games": n}
                        for (w, why), n in sorted(reasons.items(), key=lambda kv: -kv[1])],
            "average_turns": round(sum(r["turns"] for r in results) / max(games, 1), 2),
            "average_decisions": round(decisions / max(games, 1), 1),
            "decisions_per_second": round(decisions / elapsed, 1) if elapsed else 0.0,
            "jobs": jobs, "cpus": os.cpu_count(), "clock": clock}


class _Rate(ProgressColumn):
    """Units done a second, once there is a measure."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f} {self.unit}/s" if speed else f"- {self.unit}/s",
                    style="progress.data.speed")


@contextmanager
def progress_bar(show: bool, total: int, what: str, unit: str) -> Iterator[Callable[[], None]]:
    """A progress bar on standard error with rate and time left (Rich), or nothing; the
    caller advances it one unit at a time."""
    if not show:
        yield lambda: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               _Rate(unit), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=total)
        yield lambda: bar.advance(task)
