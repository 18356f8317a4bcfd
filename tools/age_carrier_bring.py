"""Greedy against greedy in Age of Dogfights, one seat bringing its bomb carriers in as the
search does (``carrier_bring``: the zone bombing's bombers at ``CARRIER_LEVEL``).

    PYTHONPATH=src python tools/age_carrier_bring.py --games N --seed S [--mode M] [--plain]

Game ``i`` has seed ``S + i``; the changed seat is the first in even games, the second in
odd ones; ``--plain`` leaves it greedy (the same games' baseline). Prints that seat's
wins, losses and draws, its rate (a draw half) with its 95% interval (``bench.tally``)
and each side's bombs dropped a game. A figure, never a test.
"""

from __future__ import annotations

import argparse
from collections import Counter

from dogfight.ai.age_of_dogfights import carrier_bring, greedy
from dogfight.bench import tally as rate_of
from dogfight.core import Match
from dogfight.games.age_of_dogfights.game import GAME


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--mode", default="bombing")
    parser.add_argument("--plain", action="store_true")
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    drops: Counter[str] = Counter()
    for i in range(args.games):
        match = Match.new(GAME, {"mode": args.mode}, args.seed + i)
        changed = list(GAME.seats(match.state))[i % 2]
        while pending := list(match.pending):
            for index, seat in enumerate(pending):
                if index and seat not in match.pending:
                    continue
                seen = match.observe(seat)
                decision = greedy(seen) or seen["legal"][0]
                if seat == changed and not args.plain:
                    decision = carrier_bring(seen, decision)
                match.submit(seat, decision)
        outcome = match.outcome()
        winner = outcome.winner if outcome else None
        tally["draws" if winner is None else "wins" if winner == changed else "losses"] += 1
        for a in match.state.aircraft:
            drops["changed" if a.seat == changed else "greedy"] += len(a.drops)
    rate = rate_of(tally["wins"], tally["draws"], args.games)
    print(f"{'greedy' if args.plain else 'carrier_bring'} {args.mode} seeds {args.seed}+"
          f"{args.games}: {rate['wins']}-{rate['losses']}-{rate['draws']}, rate "
          f"{rate['win_rate']:.3f} {tuple(rate['ci95'])};"
          f" bombs a game: that seat {drops['changed'] / args.games:.2f}, greedy "
          f"{drops['greedy'] / args.games:.2f}")


if __name__ == "__main__":
    main()
