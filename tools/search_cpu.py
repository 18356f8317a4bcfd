"""CPU seconds of search games at a fixed number of iterations, and what they came to.

    PYTHONPATH=src python tools/search_cpu.py [GAME] [--pilot mcts:8] [--seed 5]
        [--mode MODE ...]

One game a mode (the option ``mode``; Age of Dogfights' six by default, another game's
defaults with none) of ``--pilot``
against greedy (``bench.match_game``'s game 0 of ``--seed``), each timed on the CPU
clock (``time.process_time``). The last line gives the total and a digest of every
game's winner, reason, scores, turn and final state. A change meant to make the search
faster and choose the same gives the same digest; run the tree before and the tree after
side by side (a shared machine's CPU second is not the same from hour to hour) and
compare their totals. A figure, never a test.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from dogfight.bench import match_game
from dogfight.core.registry import get_game
from dogfight.play import simulate

MODES = ("general", "bombing", "dogfight", "reconnaissance", "combined", "breakthrough")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="age-of-dogfights")
    parser.add_argument("--pilot", default="mcts:8")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--mode", action="append", default=[])
    args = parser.parse_args(argv)
    game = get_game(args.game)
    digest = hashlib.sha256()
    total = 0.0
    default = MODES if args.game == "age-of-dogfights" else (None,)
    for mode in args.mode or default:
        seed, players = match_game([args.pilot, "greedy"], args.seed, 0)
        start = time.process_time()
        match, _ = simulate(game, {"mode": mode} if mode else {}, seed, players)
        spent = time.process_time() - start
        total += spent
        outcome = match.outcome()
        end = (outcome.winner, outcome.reason, dict(outcome.scores)) if outcome else None
        digest.update(repr((end, game.turn(match.state), match.state)).encode())
        winner = (end[0] or "no winner") if end else "unfinished"
        print(f"{mode or args.game}: {spent:.2f} s, {winner}, "
              f"turn {game.turn(match.state)}", flush=True)
    print(f"total {total:.2f} s, digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
