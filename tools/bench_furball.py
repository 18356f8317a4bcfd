"""How long a person waits for 'ace' computer pilots in a four-against-four furball.

A benchmark, not a test: the web server's own path (the hub, its database, the pool of
pilot worker processes), one person (allies-1) deciding as the 'veteran' pilot would, the three
other seats 'ace' pilots. For each turn it prints the seconds
from the person's last decision to the person's next prompt (the computers' planning,
then each phase's fire orders), the first turn including the workers' first
loading of the pilots' modules. The figure goes in docs/performance.md.

    PYTHONPATH=src python tools/bench_furball.py [--turns 4] [--seed 7] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from dogfight.server.bodies import SeatSpec
from dogfight.server.hub import Hub
from dogfight.server.pilots import PilotPool, think
from dogfight.store.db import Database


def wait_for_person(hub: Hub, match_id: str, seat: str, last_turn: int,
                    limit: float = 120.0) -> bool:
    """True when ``seat`` must decide, False when the game is over or past
    ``last_turn`` (the person's aircraft are out: the computers play on alone)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        match = hub.get(match_id).match
        if match.over or match.game.turn(match.state) > last_turn:
            return False
        if seat in match.pending and match_id not in hub.driving:
            return True
        time.sleep(0.01)
    raise TimeoutError(f"{seat} not asked within {limit} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(Database(f"sqlite:///{Path(folder) / 'bench.db'}"))
        hub.pool = PilotPool(args.workers)
        try:
            seats = {"allies-1": SeatSpec(kind="human"),
                     **{s: SeatSpec(kind="pilot", pilot="ace")
                        for s in ("allies-2", "central-1", "central-2")}}
            match_id, answer = hub.create("wings-of-war", {"scenario": "furball"},
                                          args.seed, seats)
            token = answer["allies-1"]["token"]
            waits: dict[int, float] = {}
            while wait_for_person(hub, match_id, "allies-1", args.turns):
                match = hub.get(match_id).match
                turn = match.game.turn(match.state)
                # the person plays as the veteran would (it keeps to the table)
                decision = think("greedy", 1, "wings-of-war", match.state, "allies-1")
                hub.act(match_id, token, decision, len(match.actions))
                started = time.monotonic()
                wait_for_person(hub, match_id, "allies-1", turn + 1)
                waits[turn] = waits.get(turn, 0.0) + time.monotonic() - started
            for turn, waited in sorted(waits.items()):
                print(f"turn {turn}: the person waited {waited:.2f} s in all")
            if waits:
                print(f"{len(waits)} turns: median {statistics.median(waits.values()):.2f} s, "
                      f"max {max(waits.values()):.2f} s; {args.workers} pilot workers")
        finally:
            if hub.pool is not None:
                hub.pool.close()
            hub.drivers.shutdown(wait=False, cancel_futures=True)


if __name__ == "__main__":
    main()
