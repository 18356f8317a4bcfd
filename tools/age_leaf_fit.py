"""The zone-bombing leaf of Age of Dogfights' search, fitted: who wins, read from a position.

    PYTHONPATH=src python tools/age_leaf_fit.py --games 1000 --seed 7000 [--jobs 2]
        [--pilots greedy,greedy] [--data rows.npz] [--load rows.npz]

Plays ``--games`` games of the zone-bombing mode between ``--pilots`` (``dogfight
match``'s seeds and sides: ``bench.match_game``) and, at the start of every player's
turn (the points where the search's roll-outs stop and a leaf is read), writes down for
each seat the terms of :func:`~dogfight.ai.age_of_dogfights.bombing_terms`, the value
the search's leaf gives now, and how the game ended for the seat (1 won, 0.5 drawn, 0
lost). Then it fits a logistic regression of the result on the terms, at the starts of
the seat's own turns (the leaf the search reads), on the games of the first four fifths
of the seeds, and prints for the last fifth the log-loss of: a constant, today's leaf
(its value as a probability, then calibrated by a fit of its own; before ``FITTED`` the
old leaf: 0.671 and 0.507 on 1,000 games of seed 7000, the fit 0.447), and the fitted
terms; and the fitted weights (on every game), ready to paste into ``FITTED``.
``--data`` keeps the rows, ``--load`` fits rows kept. A figure, never a test.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from dogfight.ai.age_of_dogfights import TERMS, AgeOfDogfightsPolicy, bombing_terms, reach_table
from dogfight.ai.mcts import on_clock
from dogfight.bench import match_game
from dogfight.core.match import Match
from dogfight.core.registry import get_game
from dogfight.play import simulate

NAMES = (*TERMS, *(f"{name}:left" for name in TERMS))


def one_game(task: tuple[str, str, int, int, dict[str, Any]]) -> list[list[float]]:
    """Game ``i`` of seed ``seed`` (``play.simulate``), its log walked again: a row a seat
    at the start of each player's turn: the game's number, whether the seat is to move,
    today's leaf, the terms, the result."""
    a, b, seed, i, options = task
    game = get_game("age-of-dogfights")
    game_seed, players = match_game([on_clock(a, "cpu"), on_clock(b, "cpu")], seed, i)
    played, _ = simulate(game, options, game_seed, players)
    outcome = played.outcome()
    winner = outcome.winner if outcome else None
    match = Match.new(game, options, game_seed)
    seats = list(game.seats(match.state))
    leaf = AgeOfDogfightsPolicy(game)
    first = match.state.options.first
    seen = -1
    rows: list[list[float]] = []
    for action in [None, *played.actions]:
        if action is not None:
            match.submit(action.seat, action.decision)
        state = match.state
        ply = 2 * state.turn + (state.active != first)
        if state.phase != "fly" or ply <= seen:
            continue
        seen = ply
        table = reach_table(state)
        for seat in seats:
            terms = bombing_terms(state, seat, table)
            rows.append([float(i), float(state.active == seat), leaf.value(state, seat),
                         *(terms[n] for n in NAMES),
                         0.5 if winner is None else float(winner == seat)])
    return rows


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's steps (a small ridge on the weights, none on the
    intercept): the weights, the intercept last."""
    x1 = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(x1.shape[1])
    penalty = np.full(x1.shape[1], ridge * len(x))
    penalty[-1] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x1 @ w)))
        grad = x1.T @ (p - y) + penalty * w
        hess = (x1 * (p * (1 - p))[:, None]).T @ x1 + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    z = np.hstack([x, np.ones((len(x), 1))]) @ w
    p = np.clip(1.0 / (1.0 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pilots", default="greedy,greedy")
    parser.add_argument("--data")
    parser.add_argument("--load")
    args = parser.parse_args()
    if args.load:
        rows = np.load(args.load)["rows"]
    else:
        a, b = args.pilots.split(",")
        seeds = [args.seed + n // 20 for n in range(args.games)]
        tasks = [(a, b, s, n % 20, {"mode": "bombing"}) for n, s in enumerate(seeds)]
        out: list[list[float]] = []
        with ProcessPoolExecutor(max(1, args.jobs)) as pool:
            for n, game_rows in enumerate(pool.map(one_game, tasks)):
                out += [[float(n), *row[1:]] for row in game_rows]
        rows = np.array(out)
        if args.data:
            np.savez_compressed(args.data, rows=rows, names=np.array(NAMES))
    games = int(rows[:, 0].max()) + 1
    train = rows[:, 0] < games * 4 // 5
    active = rows[:, 1] == 1
    y = rows[:, -1]
    x = rows[:, 3:-1]
    tr, te = train & active, ~train & active
    print(f"{games} games, {len(rows)} rows, {int(tr.sum())} to fit, {int(te.sum())} held out")
    constant = log_loss(np.zeros((int(te.sum()), 0)), y[te],
                        fit(np.zeros((int(tr.sum()), 0)), y[tr]))
    print(f"log-loss held out: a constant {constant:.4f}")
    leaf = np.clip(rows[:, 2:3], -0.999999, 0.999999)
    as_is = np.log1p(leaf) - np.log1p(-leaf)  # the leaf's value read as 2p-1: logit p
    print(f"  today's leaf as it is {log_loss(as_is[te], y[te], np.array([1.0, 0.0])):.4f}, "
          f"calibrated {log_loss(as_is[te], y[te], fit(as_is[tr], y[tr])):.4f}")
    weights = fit(x[tr], y[tr])
    print(f"  the fitted terms {log_loss(x[te], y[te], weights):.4f}")
    plain = [n for n, name in enumerate(NAMES) if ":" not in name]
    w_plain = fit(x[tr][:, plain], y[tr])
    print(f"  the terms without the turns left {log_loss(x[te][:, plain], y[te], w_plain):.4f}")
    weights = fit(x[active], y[active])
    print("FITTED (all the turn starts' rows, logit weights):")
    for name, w in zip((*NAMES, "intercept"), weights, strict=True):
        print(f'    "{name}": {w:.4f},')
    print(f"a win's chance {1 / (1 + math.exp(-weights[-1])):.3f} at even terms")


if __name__ == "__main__":
    main()
