"""Games as database rows: the same tests on SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path

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


def old_schema(url: str) -> None:
    """The tables as the first release made them (no ``practice``, no Alembic), with
    one game, its actions and its seats in them."""
    from sqlalchemy import (
        JSON,
        BigInteger,
        Boolean,
        Column,
        DateTime,
        ForeignKey,
        Integer,
        MetaData,
        String,
        Table,
        create_engine,
    )

    from dogfight.store.db import normalize_url

    meta = MetaData()
    games = Table("games", meta, Column("id", String(32), primary_key=True),
                  Column("game", String(64)), Column("version", String(32)),
                  Column("seed", BigInteger), Column("options", JSON),
                  Column("players", JSON), Column("status", String(16)),
                  Column("action_count", Integer), Column("digest", String(64)),
                  Column("created_at", DateTime(timezone=True)),
                  Column("updated_at", DateTime(timezone=True)))
    actions = Table("actions", meta,
                    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
                    Column("seq", Integer, primary_key=True), Column("seat", String(32)),
                    Column("decision", JSON), Column("check", String(64)),
                    Column("created_at", DateTime(timezone=True)))
    seats = Table("seats", meta,
                  Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
                  Column("seat", String(32), primary_key=True), Column("kind", String(16)),
                  Column("pilot", String(32)), Column("token_hash", String(64)))
    Table("campaigns", meta, Column("id", String(32), primary_key=True),
          Column("game", String(64)), Column("name", String(128)), Column("record", JSON),
          Column("status", String(16)), Column("version", Integer),
          Column("created_at", DateTime(timezone=True)),
          Column("updated_at", DateTime(timezone=True)))
    Table("campaign_games", meta,
          Column("campaign_id", String(32), ForeignKey("campaigns.id"), primary_key=True),
          Column("seq", Integer, primary_key=True),
          Column("game_id", String(32), ForeignKey("games.id")),
          Column("recorded", Boolean))
    match, players = simulate(DUEL, {}, 23)
    save = save_from_match(match, players)
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    engine = create_engine(normalize_url(url))
    meta.create_all(engine)
    with engine.begin() as connection:
        connection.execute(games.insert().values(
            id="a" * 32, game=save.game, version=save.version, seed=save.seed,
            options=save.options, players=save.players, status="over",
            action_count=len(save.actions), digest=save.digest, created_at=now,
            updated_at=now))
        for seq, action in enumerate(save.actions):
            connection.execute(actions.insert().values(
                game_id="a" * 32, seq=seq, seat=action.seat, decision=action.decision,
                check=action.check, created_at=now))
        connection.execute(seats.insert().values(game_id="a" * 32, seat="red",
                                                 kind="human", token_hash="f" * 64))
    engine.dispose()


def test_a_database_of_the_earlier_schema_is_upgraded_in_place(db_url: str) -> None:
    """Issue 15: schema migrations (Alembic) keep every row of an older database."""
    from dogfight.store.db import HEAD, SeatInfo

    old_schema(db_url)
    match, players = simulate(DUEL, {}, 23)
    database = Database(db_url)  # the server and `dogfight db upgrade` do this
    try:
        assert database.revision == HEAD
        assert database.export_save("a" * 32) == save_from_match(match, players)
        assert database.seats("a" * 32) == [SeatInfo("red", "human", None, "f" * 64)]
        assert database.is_practice("a" * 32) is False
        new = database.create_game("test-duel", DUEL.version, 1, {}, practice=True)
        assert database.is_practice(new) is True
    finally:
        database.close()
    again = Database(db_url)  # already at the newest revision: nothing to do
    try:
        assert again.revision == HEAD and again.count_games() == 2
    finally:
        again.close()


def test_dogfight_db_upgrade(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dogfight.cli import main
    from dogfight.store.db import HEAD

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old_schema(url)
    assert main(["db", "--db", url, "upgrade"]) == 0
    assert HEAD in capsys.readouterr().out
    assert main(["db", "--db", url, "list"]) == 0
    assert "a" * 32 in capsys.readouterr().out
