"""The record of ``tools/sides.py`` runs kept in ``docs/bench``: a row a game, compact.

    python tools/sides_record.py NOTE OUT.json RUN-SEED.jsonl [...] [--game GAME]
    python tools/sides_record.py --tally RUN-SEED.jsonl [...]

Each run file is one ``tools/sides.py`` run (its rows name its seed; in runs made before
they did, the number ending the file's name: ``main-bombing-1800.jsonl``, seed 1800).
The record holds the note (what was played, on which tree, when), pilot A's wins, losses
and draws, its rate (a draw half) with its 95% interval (``bench.tally``), the turns a
game, each run's tally (a chunk) and a row a game: the side A flew, its score, the
reason, the scores, the turn, and for each side the aircraft down, the bombs dropped and
the photos brought home (Age of Dogfights' pieces; zero for other games). ``--tally``
prints the wins, losses and draws only. ``--game`` names the game of runs whose rows do
not (made before they did). A figure, never a test.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from dogfight import bench


def seed_of(path: Path, rows: list[dict[str, Any]]) -> int:
    """A run's seed: its rows' (``tools/sides.py`` writes it), else the number its file's
    name ends with (the runs before it did)."""
    if rows and "seed" in rows[0]:
        return int(rows[0]["seed"])
    found = re.search(r"-(\d+)\.jsonl$", path.name)
    if found is None:
        raise SystemExit(f"{path}: no seed in its rows nor at the end of its name")
    return int(found.group(1))


def games(path: Path) -> list[dict[str, Any]]:
    """A run's games (its last line, the tally by side, left out), each with A's score."""
    out = []
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if "i" not in row:
            continue
        mine = row["a_side"]
        row["score"] = 1.0 if row["winner"] == mine else 0.5 if row["winner"] is None \
            else 0.0
        out.append(row)
    return out


def compact(row: dict[str, Any], seed: int) -> dict[str, Any]:
    """A game as the record keeps it."""
    sides = {}
    for side in row["scores"]:
        mine = [p for p in row.get("pieces", []) if p.get("seat") == side]
        sides[side] = {"down": sum(p.get("where") == "down" for p in mine),
                       "drops": sum(len(p.get("drops", ())) for p in mine),
                       "photos_home": sum(len(p.get("photos", ())) for p in mine
                                          if p.get("home"))}
    return {"seed": seed, "i": row["i"], "a_side": row["a_side"], "score": row["score"],
            "reason": row["reason"], "scores": row["scores"], "turn": row["turn"],
            "sides": sides}


def tally(scores: list[float]) -> dict[str, Any]:
    """The games of A's ``scores`` (1 a win, 0.5 a draw) and ``bench.tally`` of them."""
    return {"games": len(scores),
            **bench.tally(scores.count(1.0), scores.count(0.5), len(scores))}


def record(note: str, paths: list[Path], game: str | None = None) -> dict[str, Any]:
    """The record of the runs ``paths``, of the game their rows name (else ``game``)."""
    rows: list[dict[str, Any]] = []
    chunks = []
    players: list[str] = []
    for path in paths:
        mine = games(path)
        seed = seed_of(path, mine)
        chunk = tally([r["score"] for r in mine])
        chunks.append({"seed": seed, **{k: chunk[k] for k in
                                        ("games", "wins", "losses", "draws")}})
        for r in mine:
            a, b = r["pilots"][r["a_side"]], next(
                name for seat, name in r["pilots"].items() if seat != r["a_side"])
            players = players or [a.removesuffix(":cpu"), b.removesuffix(":cpu")]
            game = r.get("game", game)
            rows.append(compact(r, seed))
    if game is None:
        raise SystemExit("the runs' rows do not name their game: give it (--game)")
    whole = tally([r["score"] for r in rows])
    turns = round(sum(r["turn"] for r in rows) / len(rows), 2) if rows else 0.0
    return {"note": note, "game": game, "players": players,
            "clock": "cpu", **whole, "average_turns": turns, "chunks": chunks, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tally", action="store_true")
    parser.add_argument("--game")
    parser.add_argument("args", nargs="+")
    args = parser.parse_args()
    if args.tally:
        scores = [r["score"] for f in args.args for r in games(Path(f))]
        t = tally(scores)
        print(f"{t['wins']}-{t['losses']}-{t['draws']} over {t['games']}: "
              f"{t['win_rate']:.3f} {tuple(t['ci95'])}")
        return
    if len(args.args) < 3:
        parser.error("NOTE OUT.json RUN-SEED.jsonl [...]")
    note, out, *runs = args.args
    made = record(note, [Path(f) for f in runs], args.game)
    Path(out).write_text(json.dumps(made, indent=1) + "\n")
    print(f"{made['wins']}-{made['losses']}-{made['draws']} over {made['games']}: "
          f"{made['win_rate']} {tuple(made['ci95'])}, {made['average_turns']} turns a game")


if __name__ == "__main__":
    main()
