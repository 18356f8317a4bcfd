"""Les Ailes de la Gloire: a match's games one side at a time, with how each ended.

    PYTHONPATH=src python tools/ailes_sides.py A B --games N --seed S [--side allied|german]
        [--jobs 2] > games.jsonl

The games are ``dogfight match``'s (``bench.match_game``: pilot A on the first seat in
even games, on the second in odd ones; ``--clock cpu``); ``--side`` keeps only
those in which A flies that side (the duel's sides differ: the SPAD XIII carries 52
fuel, the Fokker D.VII 37). A line a game: the winner, the reason, the turn and each
aircraft's pilot, fate and fuel left (read from the final state, for the record after
the game: no pilot sees it). The last line tallies A's score by side. A figure, never
a test.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from dogfight.ai.mcts import on_clock
from dogfight.bench import match_game
from dogfight.core.registry import get_game
from dogfight.core.rng import new_rng
from dogfight.play import simulate

GAME_ID = "ailes-de-la-gloire"


def one_game(task: tuple[str, str, int, int]) -> dict[str, Any]:
    """Game ``i`` of the match between ``a`` and ``b`` of seed ``seed``."""
    a, b, seed, i = task
    game = get_game(GAME_ID)
    game_seed, players = match_game([on_clock(a, "cpu"), on_clock(b, "cpu")], seed, i)
    match, assignment = simulate(game, {}, game_seed, players)
    outcome = match.outcome()
    return {"i": i, "winner": outcome.winner if outcome else None,
            "reason": outcome.reason if outcome else None, "turn": game.turn(match.state),
            "planes": [{"seat": p.seat, "pilot": assignment[p.seat], "side": p.side,
                        "fate": p.fate, "fuel": p.fuel} for p in match.state.planes]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--side", choices=("allied", "german"))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    game = get_game(GAME_ID)
    first = next(iter(game.seats(game.setup({}, new_rng(args.seed))).values()))
    wanted = [i for i in range(args.games)
              if args.side is None or (first == args.side) == (i % 2 == 0)]
    tasks = [(args.a, args.b, args.seed, i) for i in wanted]
    score: dict[str, float] = {}
    played: Counter[str] = Counter()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for row in pool.map(one_game, tasks):
            print(json.dumps(row), flush=True)
            mine = next(p["side"] for p in row["planes"] if p["pilot"] == on_clock(args.a, "cpu"))
            won = 1.0 if row["winner"] == mine else 0.5 if row["winner"] is None else 0.0
            played[mine] += 1
            score[mine] = score.get(mine, 0.0) + won
    print(json.dumps({"pilot": args.a, "score_by_side": {
        side: {"games": played[side], "rate": round(score[side] / played[side], 3)}
        for side in sorted(played)}}))


if __name__ == "__main__":
    main()
