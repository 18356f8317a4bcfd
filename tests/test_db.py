"""Games as database rows: the same tests on SQLite and on PostgreSQL."""

from __future__ import annotations

import msgspec
import pytest

from dogfight.core import Action, Match, ReplayError, get_game
from dogfight.play import simulate
from dogfight.store.db import Conflict, Database, NotFound, normalize_url
from dogfight.store.saves import check_save, save_from_match

DUEL = get_game("test-duel")


def test_urls_are_normalised() -> None:
    assert normalize_url(None) == "sqlite:///dogfight.sqlite3"
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_a_save_round_trips_through_the_database(db_url: str) -> None:
    match, players = simulate(DUEL, {}, 21)
    save = save_from_match(match, players)
    database = Database(db_url)
    try:
        game_id = database.import_save(save)
        assert database.export_save(game_id) == save
        assert check_save(database.export_save(game_id)).digest() == save.digest
        [summary] = database.list_games()
        assert (summary.id, summary.game, summary.status) == (game_id, "test-duel", "over")
        assert summary.action_count == len(save.actions)
    finally:
        database.close()


def test_a_save_that_does_not_replay_writes_nothing(db_url: str) -> None:
    match, players = simulate(DUEL, {}, 22)
    save = save_from_match(match, players)
    bad = msgspec.structs.replace(save, actions=save.actions[:-1])
    database = Database(db_url)
    try:
        with pytest.raises(ReplayError):
            database.import_save(bad)
        assert database.count_games() == 0
    finally:
        database.close()


def test_live_games_append_actions_and_the_database_decides_conflicts(db_url: str) -> None:
    first, second = Database(db_url), Database(db_url)  # two processes' connections
    try:
        match = Match.new(DUEL, {}, 5, checkpoints=True)
        game_id = first.create_game("test-duel", DUEL.version, 5, {}, {"red": "you"})
        match.submit("red", {"maneuver": "dive"})
        first.append_action(game_id, 0, match.actions[0], digest=match.digest())
        with pytest.raises(Conflict, match="expected action 1, got 0"):
            second.append_action(game_id, 0, Action("red", {"maneuver": "turn"}))
        match.submit("blue", {"maneuver": "dive"})
        second.append_action(game_id, 1, match.actions[1], digest=match.digest())
        restored = check_save(first.export_save(game_id))
        assert restored.digest() == match.digest()
        with pytest.raises(NotFound):
            first.export_save("0" * 32)
    finally:
        first.close()
        second.close()
