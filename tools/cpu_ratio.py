"""Decisions a second of random whole games, on the CPU clock, games measured in turn.

    PYTHONPATH=src python tools/cpu_ratio.py [GAME ...] [--seconds 1] [--rounds 5]

Each round plays random whole games (``play.simulate``, random pilots) of each game
for ``--seconds`` of CPU time (``time.process_time``) in turn, in this one process, so
a machine shared with other jobs slows every game alike: compare within a round. The
first game named is the reference; each line gives every game's decisions a second and
its ratio to the reference. A figure, never a test.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from dogfight.core.contract import Game
from dogfight.core.registry import get_game
from dogfight.play import simulate


def cpu_rate(game: Game[Any], seconds: float, first_seed: int) -> tuple[float, int]:
    """Random whole games for ``seconds`` of CPU time: (decisions a second, next seed)."""
    seed, decisions = first_seed, 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        match, _ = simulate(game, {}, seed)
        decisions += len(match.actions)
        seed += 1
    return decisions / spent, seed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["wings-of-war", "age-of-dogfights"])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    games = [get_game(game_id) for game_id in args.games]
    for game in games:  # warm up: imports, data, caches made once
        simulate(game, {}, 10_000)
    seeds = dict.fromkeys(args.games, 0)
    for round_ in range(1, args.rounds + 1):
        rates = []
        for game in games:
            rate, seeds[game.id] = cpu_rate(game, args.seconds, seeds[game.id])
            rates.append(rate)
        print(f"round {round_}: " + "  ".join(
            f"{game.id} {rate:,.0f}/s ({rate / rates[0]:.2f})"
            for game, rate in zip(games, rates, strict=True)), flush=True)


if __name__ == "__main__":
    main()
