"""A match's games one side at a time, with how each ended and the pieces at the end.

    PYTHONPATH=src python tools/sides.py GAME A B --games N --seed S [--side SIDE]
        [-o KEY=VALUE ...] [--jobs 2] > games.jsonl

The games are ``dogfight match``'s (``bench.match_game``: pilot A on the first seat in
even games, on the second in odd ones; ``--clock cpu``); ``--side`` keeps only those in
which A flies that side (the sides of a game differ: Les Ailes' SPAD XIII carries 52
fuel, the Fokker D.VII 37; Age of Dogfights' general flies for the allies). A line a
game: the game, the match's seed, the game's number, the side A flew, the winner, the
reason, the scores, the turn, each seat's pilot and each piece's fate read from the
final state (for the record after the game: no pilot sees it): Les Ailes' planes with
their fate and fuel left; Age of Dogfights' aircraft with their role, where they ended,
damage, photos, bombs and whether they got home. The last line tallies A's score by
side. A figure, never a test.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from dogfight.ai.mcts import on_clock
from dogfight.bench import match_game
from dogfight.cli import parse_option_args
from dogfight.core.registry import get_game
from dogfight.core.rng import new_rng
from dogfight.games.age_of_dogfights.data import dataset as age_dataset
from dogfight.play import simulate


def ailes_pieces(state: Any) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "side": p.side, "fate": p.fate, "fuel": p.fuel}
            for p in state.planes]


def age_pieces(state: Any) -> list[dict[str, Any]]:
    kinds = age_dataset().aircraft
    return [{"id": a.id, "seat": a.seat, "role": kinds[a.kind].role, "where": a.where,
             "damage": list(a.damage), "photos": list(a.photos), "bombs": a.bombs,
             "drops": list(a.drops), "home": a.home} for a in state.aircraft]


PIECES: dict[str, Callable[[Any], list[dict[str, Any]]]] = {
    "ailes-de-la-gloire": ailes_pieces, "age-of-dogfights": age_pieces}


def one_game(task: tuple[str, dict[str, Any], str, str, int, int]) -> dict[str, Any]:
    """Game ``i`` of the match between ``a`` and ``b`` of seed ``seed``."""
    game_id, options, a, b, seed, i = task
    game = get_game(game_id)
    game_seed, players = match_game([on_clock(a, "cpu"), on_clock(b, "cpu")], seed, i)
    match, assignment = simulate(game, options, game_seed, players)
    outcome = match.outcome()
    sides = list(game.seats(match.state).values())  # A: the first seat in even games
    pieces = PIECES.get(game_id)
    return {"game": game_id, "seed": seed, "i": i, "a_side": sides[i % 2],
            "winner": outcome.winner if outcome else None,
            "reason": outcome.reason if outcome else None,
            "scores": dict(outcome.scores) if outcome else {},
            "turn": game.turn(match.state), "pilots": assignment,
            "pieces": pieces(match.state) if pieces else []}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--side")
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    options = parse_option_args(None, args.option)
    sides = list(game.seats(game.setup(options, new_rng(args.seed))).values())
    if args.side is not None and args.side not in sides:
        parser.error(f"--side {args.side!r}: the sides are {', '.join(sides)}")
    first = sides[0]
    wanted = [i for i in range(args.games)
              if args.side is None or (first == args.side) == (i % 2 == 0)]
    tasks = [(args.game, options, args.a, args.b, args.seed, i) for i in wanted]
    score: dict[str, float] = {}
    played: Counter[str] = Counter()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for row in pool.map(one_game, tasks):
            print(json.dumps(row), flush=True)
            mine = row["a_side"]
            won = 1.0 if row["winner"] == mine else 0.5 if row["winner"] is None else 0.0
            played[mine] += 1
            score[mine] = score.get(mine, 0.0) + won
    print(json.dumps({"pilot": args.a, "score_by_side": {
        side: {"games": played[side], "rate": round(score[side] / played[side], 3)}
        for side in sorted(played)}}))


if __name__ == "__main__":
    main()
