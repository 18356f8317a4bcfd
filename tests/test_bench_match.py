"""``dogfight bench`` and ``dogfight match`` (figures, not timed tests)."""

from __future__ import annotations

import json
import subprocess
import sys

from dogfight.bench import play_match, wilson


def test_match_alternates_sides_and_counts_every_game() -> None:
    result = play_match("test-duel", ["random", "random"], 10, seed=3)
    a, b = result["results"]
    assert a["wins"] + a["losses"] + a["draws"] == 10
    assert (a["wins"], a["losses"], a["draws"]) == (b["losses"], b["wins"], b["draws"])
    assert 0 <= a["ci95"][0] <= a["win_rate"] <= a["ci95"][1] <= 1
    again = play_match("test-duel", ["random", "random"], 10, seed=3)
    assert again["results"] == result["results"]  # the same seed, the same games


def test_match_counts_each_pilots_wins_by_the_outcomes_reason() -> None:
    """The reasons tally agrees with the table: each pilot's wins, and the draws."""
    result = play_match("test-duel", ["greedy", "random"], 12, seed=5)
    by_winner: dict[str | None, int] = {}
    for row in result["reasons"]:
        assert row["reason"]
        by_winner[row["winner"]] = by_winner.get(row["winner"], 0) + row["games"]
    greedy, random_ = result["results"]
    assert by_winner.get("greedy", 0) == greedy["wins"]
    assert by_winner.get("random", 0) == random_["wins"]
    assert by_winner.get(None, 0) == greedy["draws"]


def test_wilson_interval() -> None:
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.85 and 0.94 < high < 0.96
    assert wilson(0, 0) == (0.0, 1.0)


def test_match_and_bench_commands_print_json() -> None:
    done = subprocess.run([sys.executable, "-m", "dogfight", "match", "test-duel",
                           "--players", "random,random", "--games", "6", "--seed", "1",
                           "--jobs", "2", "--json"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["game"] == "test-duel" and result["games"] == 6
    assert [r["player"] for r in result["results"]] == ["random", "random"]
    for key in ("wins", "losses", "draws", "win_rate", "ci95"):
        assert key in result["results"][0]
    done = subprocess.run([sys.executable, "-m", "dogfight", "bench", "test-duel",
                           "--seconds", "0.3", "--json"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    bench = json.loads(done.stdout)
    for key in ("game", "games_per_second", "decisions_per_second", "peak_memory_mb"):
        assert key in bench
