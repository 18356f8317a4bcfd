"""tools/sides.py's rows and tools/sides_record.py's record of them (docs/bench): the
figures of the pilots' matches kept with their games."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dogfight.bench import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import sides
import sides_record


def test_a_sides_row_names_its_game_and_seed() -> None:
    row = sides.one_game(("age-of-dogfights", {"mode": "dogfight"}, "random", "random", 7, 1))
    assert (row["game"], row["seed"], row["i"]) == ("age-of-dogfights", 7, 1)
    assert row["a_side"] in row["pilots"] and row["pieces"]


def _row(i: int, a_side: str, winner: str | None, **more: object) -> dict[str, object]:
    return {"i": i, "a_side": a_side, "winner": winner, "reason": "r",
            "scores": {"allies": 1.0, "germany": 0.0}, "turn": 10 + i,
            "pilots": {a_side: "mcts:1s:cpu",
                       "germany" if a_side == "allies" else "allies": "greedy:cpu"},
            "pieces": [{"seat": "allies", "where": "down", "drops": ["A"], "photos": ["B"],
                        "home": True}], **more}


def test_the_record_tallies_each_run_and_the_whole(tmp_path: Path) -> None:
    old = tmp_path / "main-bombing-1800.jsonl"  # a run before the rows named their seed
    old.write_text("\n".join(json.dumps(r) for r in [
        _row(0, "allies", "allies"), _row(1, "germany", "allies"),
        {"pilot": "mcts:1s", "score_by_side": {}}]) + "\n")
    new = tmp_path / "run.jsonl"
    new.write_text(json.dumps(_row(0, "allies", None, seed=1801, game="age-of-dogfights")))
    with pytest.raises(SystemExit, match="--game"):
        sides_record.record("a note", [old])
    made = sides_record.record("a note", [old, new])
    assert (made["game"], made["players"]) == ("age-of-dogfights", ["mcts:1s", "greedy"])
    assert [(c["seed"], c["wins"], c["losses"], c["draws"]) for c in made["chunks"]] == [
        (1800, 1, 1, 0), (1801, 0, 0, 1)]
    assert (made["games"], made["win_rate"], made["ci95"]) == (3, 0.5, list(wilson(1.5, 3)))
    assert made["average_turns"] == round((10 + 11 + 10) / 3, 2)
    assert made["rows"][0]["sides"]["allies"] == {"down": 1, "drops": 1, "photos_home": 1}
    assert made["rows"][0]["sides"]["germany"] == {"down": 0, "drops": 0, "photos_home": 0}


def test_a_run_without_a_seed_is_refused(tmp_path: Path) -> None:
    bare = tmp_path / "run.jsonl"
    bare.write_text(json.dumps(_row(0, "allies", "allies")) + "\n")
    with pytest.raises(SystemExit, match="no seed"):
        sides_record.record("a note", [bare], "age-of-dogfights")
