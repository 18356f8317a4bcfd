"""How well the ``mcts:1s`` search chooses among its candidates in Age of Dogfights, on
the search's own model (its roll-outs and its leaf), at decision points of greedy games.

    PYTHONPATH=src python tools/age_search_oracle.py [--mode M] [--seeds A:B]
        [--share P] [--rounds R] [--reps K] [--width W] [--confidence C] [--cache F]

The points: every decision with a choice of the seat that brings its carriers in as the
search does (``carrier_bring``; the first seat in even seeds, the second in odd ones)
in greedy games of seeds ``A`` to ``B - 1``, each kept with probability ``P``, those
where the search has more than one candidate (at ``--width 8``). The oracle: every
candidate's roll-out value on ``R`` common samples (``mcts._playout``, as a search
plays it out), kept in ``F`` once computed (delete it when the points or the search's
model change). Then the search at one CPU second (``--width``: the policy's ``width``;
``--confidence``: ``mcts.CONFIDENCE``) chooses ``K`` times a point, each choice read
by the oracle (a candidate it lacks played out on the same samples). Prints the
headroom (the mean over points of the best candidate's mean gain over the policy's
first: biased up by the samples' noise), the search's mean gain over the first with
its standard error, the share of choices that leave the first, and the median
iterations. A figure of the search's efficiency, never of its model; never a test.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dogfight.ai import mcts
from dogfight.ai.age_of_dogfights import AgeOfDogfightsPolicy, carrier_bring, greedy
from dogfight.core import Match
from dogfight.core.contract import Decision, Seat, canonical_json, observe
from dogfight.core.rng import new_rng, next_u64
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.play import searcher

WIDEST = 8
"""The oracle's candidates: the policy's at this width (the narrower are among them)."""


def decision_points(mode: str, seeds: range, share: float) -> list[tuple[Any, Seat]]:
    """The sampled states where the changed seat has a choice, with that seat."""
    rnd = random.Random(seeds.start)
    out = []
    for seed in seeds:
        match = Match.new(GAME, {"mode": mode}, seed)
        changed = list(GAME.seats(match.state))[seed % 2]
        while pending := list(match.pending):
            for index, seat in enumerate(pending):
                if index and seat not in match.pending:
                    continue
                seen = match.observe(seat)
                if seat == changed and len(seen["legal"]) > 1 and rnd.random() < share \
                        and len(candidates(match.state, seat, WIDEST)) > 1:
                    out.append((match.state, seat))
                decision = greedy(seen) or seen["legal"][0]
                if seat == changed:
                    decision = carrier_bring(seen, decision)
                match.submit(seat, decision)
    return out


def candidates(state: Any, seat: Seat, width: int) -> list[list[Decision]]:
    """The policy's candidates at ``width`` on one sample (a fixed seed)."""
    policy = AgeOfDogfightsPolicy(GAME)
    policy.width = width
    rng = new_rng(99)
    first = searcher(GAME, state, seat).sample(rng)
    found, _ = policy.candidates(first, seat, list(GAME.legal(state, seat)), rng)
    return found


class Oracle:
    """Each candidate's roll-out values at one point on the same ``rounds`` samples;
    ``first``: the policy's first candidate's."""

    def __init__(self, state: Any, seat: Seat, rounds: int, first: Sequence[Decision]
                 ) -> None:
        self.seat = seat
        self.policy = AgeOfDogfightsPolicy(GAME)
        self.policy.searching = seat
        search = searcher(GAME, state, seat)
        rng = new_rng(12345)
        self.samples = []
        for _ in range(rounds):
            self.samples.append(search.sample(rng))
            _, rng = next_u64(rng)
        self.pilot = mcts.MctsPilot(1, iterations=1)
        self.values: dict[str, list[float]] = {}
        self.first_key = canonical_json(list(first))
        self.first = self.value(first)

    def value(self, macro: Sequence[Decision]) -> list[float]:
        key = canonical_json(list(macro))
        if key not in self.values:
            found = []
            for index, sample in enumerate(self.samples):
                self.pilot.rng = new_rng(777 + index)
                found.append(self.pilot._playout(GAME, self.policy, self.seat, sample,
                                                 list(macro)))
            self.values[key] = found
        return self.values[key]


def gain(values: Sequence[float], first: Sequence[float]) -> float:
    return statistics.mean(v - f for v, f in zip(values, first, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="bombing")
    parser.add_argument("--seeds", default="5000:5004")
    parser.add_argument("--share", type=float, default=0.08)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--width", type=int, default=AgeOfDogfightsPolicy.width)
    parser.add_argument("--confidence", type=float, default=mcts.CONFIDENCE)
    parser.add_argument("--cache", type=Path)
    args = parser.parse_args()
    if args.cache is not None and args.cache.exists():
        points, oracles = pickle.loads(args.cache.read_bytes())
    else:
        start, _, stop = args.seeds.partition(":")
        points = decision_points(args.mode, range(int(start), int(stop)), args.share)
        oracles = []
        for state, seat in points:
            first, *rest = candidates(state, seat, WIDEST)
            oracle = Oracle(state, seat, args.rounds, first)
            for macro in rest:
                oracle.value(macro)
            oracles.append(oracle)
        if args.cache is not None:
            args.cache.write_bytes(pickle.dumps((points, oracles)))
    headroom = statistics.mean(max(gain(v, o.first) for v in o.values.values())
                               for o in oracles)
    AgeOfDogfightsPolicy.width = args.width
    mcts.CONFIDENCE = args.confidence
    gains, left, iterations = [], 0, []
    for (state, seat), oracle in zip(points, oracles, strict=True):
        for rep in range(args.reps):
            pilot = mcts.make_mcts("mcts:1s:cpu", 1000 + rep)
            decision = pilot.choose(GAME.id, observe(GAME, state, seat),
                                    searcher(GAME, state, seat))
            chosen = [decision, *pilot.plan]
            gains.append(gain(oracle.value(chosen), oracle.first))
            left += canonical_json(chosen) != oracle.first_key
            iterations.append(pilot.last_iterations)
    n = len(gains)
    print(f"{args.mode}: {len(points)} points, {args.rounds} samples each; headroom "
          f"{headroom:.4f}; width {args.width}, confidence {args.confidence}: gain "
          f"{statistics.mean(gains):.4f} ± {statistics.stdev(gains) / n ** 0.5:.4f}, "
          f"left the first {left / n:.3f}, median iterations {statistics.median(iterations)}")


if __name__ == "__main__":
    main()
