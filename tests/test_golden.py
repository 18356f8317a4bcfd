"""Golden playthroughs (python-chess perft files, OpenSpiel playthroughs): whole games
recorded before the game kit rework, replayed action by action. Each must still be
accepted, reach the same state digests, and give the same winner, reason, scores,
turn and log in words. See tools/golden.py for how they are made and re-pinned."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dogfight.core import game_ids, get_game
from dogfight.core.match import replay
from dogfight.store.saves import load_save

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import golden

GAMES = golden.golden_files()


def test_every_game_has_at_least_three_golden_playthroughs() -> None:
    by_game: dict[str, int] = {}
    for game_id, _ in GAMES:
        by_game[game_id] = by_game.get(game_id, 0) + 1
    assert set(by_game) == set(game_ids()), "every registered game has golden playthroughs"
    assert all(count >= 3 for count in by_game.values()), by_game


@pytest.mark.parametrize(("game_id", "name"), GAMES, ids=[f"{g}/{n}" for g, n in GAMES])
def test_golden_playthrough_replays_to_the_same_game(game_id: str, name: str) -> None:
    save_path, expect_path = golden.paths(game_id, name)
    save = load_save(save_path)
    match = replay(get_game(game_id), save.options, save.seed, save.actions,
                   expected_digest=save.digest)
    assert golden.expectation(match) == json.loads(expect_path.read_text())
