"""Games as database rows through SQLAlchemy: SQLite by default, PostgreSQL by URL.

Tables: ``games`` (one row per game: id, game id, rules version, options, seed,
players, status, final digest), ``actions`` (one row per accepted action, keyed
by game and sequence number), ``seats``, and ``campaigns`` with
``campaign_games`` (a series of games and the game's own JSON record of it).
Appending an action is one transaction whose primary key (game, seq) lets the
database, not the process, decide between two writers: the second gets
:class:`Conflict`.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from dogfight.core.errors import CorruptSave, DogfightError
from dogfight.core.match import Action
from dogfight.store import moves
from dogfight.store.commit import GroupCommit
from dogfight.store.saves import SAVE_FORMAT, Save, check_save


class Conflict(DogfightError):
    """Another writer recorded this game's next action first."""


class NotFound(DogfightError):
    """No game with this id in the database."""


class Base(DeclarativeBase):
    pass


def _now() -> datetime:
    return datetime.now(UTC)


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    version: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[dict[str, str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="active")
    action_count: Mapped[int] = mapped_column(Integer, default=0)
    digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The creator chose the seed: a practice game (the server's secret did not)."""
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The creator lists its open seats in the lobby (else only invitations admit)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(32))
    decision: Mapped[dict[str, Any]] = mapped_column(JSON)
    check: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatRow(Base):
    """Who holds a seat: a person (by the SHA-256 of their secret token; none yet for
    an open seat) or a computer pilot."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """human, open or pilot"""
    pilot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """An open seat's invitation: the SHA-256 of the token its link carries."""


class CampaignRow(Base):
    """A campaign: a series of games of one game id; ``record`` is the game's own JSON
    (``Game.campaign_start`` / ``campaign_record``), ``version`` guards its updates."""

    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(128))
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="active")
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class CampaignGameRow(Base):
    """Game number ``seq`` of a campaign; ``recorded`` once its outcome is in the record."""

    __tablename__ = "campaign_games"

    campaign_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), unique=True)
    recorded: Mapped[bool] = mapped_column(default=False)


@dataclass(frozen=True)
class CampaignInfo:
    id: str
    game: str
    name: str
    record: dict[str, Any]
    status: str
    version: int
    games: list[tuple[int, str, bool]]
    """(seq, game id, recorded) in order."""


@dataclass(frozen=True)
class SeatInfo:
    seat: str
    kind: str
    pilot: str | None
    token_hash: str | None
    invite_hash: str | None = None


_MOVE = (update(GameRow)
         .where(GameRow.id == bindparam("game_id"), GameRow.action_count == bindparam("seq"))
         .values(action_count=bindparam("count"), digest=bindparam("new_digest"),
                 status=bindparam("new_status"), updated_at=bindparam("at")))
_ACTION = insert(ActionRow)
_COUNT = select(GameRow.action_count).where(GameRow.id == bindparam("game_id"))
"""A move's statements, built once (SQLAlchemy then reuses their compiled form without
building them and their cache keys again for every move)."""


@dataclass(frozen=True)
class GameSummary:
    id: str
    game: str
    status: str
    action_count: int
    updated_at: datetime
    listed: bool = False


class TooLong(DogfightError):
    """A value longer than its column: refused before anything is written."""


def fits(game: str, version: str, players: dict[str, str], seats: list[SeatInfo],
         actors: list[str]) -> None:
    """Every value fits its column (PostgreSQL refuses what SQLite would keep)."""
    checks = [("game", game, 64), ("version", version, 32)]
    checks += [("seat", seat, 32) for seat in [*players, *actors]]
    checks += [("player", name, 64) for name in players.values()]
    for info in seats:
        checks += [("seat", info.seat, 32), ("seat kind", info.kind, 16),
                   ("pilot", info.pilot or "", 32), ("token hash", info.token_hash or "", 64),
                   ("invite hash", info.invite_hash or "", 64)]
    for what, value, limit in checks:
        if not isinstance(value, str) or len(value) > limit:
            raise TooLong(f"{what} {str(value)[:40]!r}: at most {limit} characters")


DEFAULT_SQLITE = Path("dogfight.sqlite3")


def normalize_url(url: str | None) -> str:
    """``None`` -> the default SQLite file; ``postgresql://`` -> the psycopg 3 driver."""
    if not url:
        return f"sqlite:///{DEFAULT_SQLITE}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


HEAD = "v0003"
"""The newest revision under ``migrations/versions``."""
MIGRATIONS = Path(__file__).parent / "migrations"
_LOCK = 74_637_263  # a PostgreSQL advisory lock: one process migrates at a time


def revision_of(connection: Connection) -> str | None:
    """The database's Alembic revision (``None``: none recorded)."""
    if "alembic_version" not in inspect(connection).get_table_names():
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def upgrade(engine: Engine) -> str:
    """Bring the database to the newest schema in place (Alembic), keeping every row:
    an empty database gets the tables; one made before migrations existed (no
    ``alembic_version``) is stamped with the revision its tables match, then upgraded.
    Returns the revision now recorded."""
    with engine.connect() as connection:
        if revision_of(connection) == HEAD:
            return HEAD
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        config.attributes["connection"] = connection
        tables = set(inspect(connection).get_table_names())
        if "alembic_version" not in tables and "games" in tables:
            Base.metadata.create_all(connection)  # tables added before migrations existed
            columns = {c["name"] for c in inspect(connection).get_columns("games")}
            command.stamp(config, "v0002" if "practice" in columns else "v0001")
        command.upgrade(config, "head")
        return revision_of(connection) or HEAD


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    """SQLite in WAL mode: readers never wait for the writer, and a commit costs one
    sync of the log (``synchronous=FULL``: a committed move survives a power cut;
    ``$DOGFIGHT_SQLITE_SYNC=normal`` trades that for speed, a process killed still
    loses nothing)."""
    sync = os.environ.get("DOGFIGHT_SQLITE_SYNC", "full").lower()
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={'NORMAL' if sync == 'normal' else 'FULL'}")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def drop_everything(url: str) -> None:
    """Drop every dogfight table and the schema's revision (tests, benchmarks)."""
    engine = create_engine(normalize_url(url), future=True)
    try:
        Base.metadata.drop_all(engine)
        with engine.begin() as connection:
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        engine.dispose()


class Database:
    """A dogfight database; creates or upgrades its tables on first use."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalize_url(url)
        try:
            self.engine: Engine = create_engine(self.url, future=True)
            if self.engine.dialect.name == "sqlite":
                event.listen(self.engine, "connect", _sqlite_pragmas)
            self.revision = upgrade(self.engine)
            self._writer = GroupCommit(self.engine) if self.engine.dialect.name == "sqlite" \
                else None
            # PostgreSQL: moves on connections of their own, in autocommit (a move is
            # one statement), enough for the threads that wait on their commits
            self._moves = create_engine(self.url, future=True, isolation_level="AUTOCOMMIT",
                                        pool_size=10, max_overflow=10) \
                if self.engine.dialect.name == "postgresql" else None
        except SQLAlchemyError as exc:
            raise DogfightError(f"cannot open database {self.engine_url_safe()}: "
                                f"{exc.__class__.__name__}: {exc}") from None

    def engine_url_safe(self) -> str:
        return self.url.split("@")[-1] if "@" in self.url else self.url

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._moves is not None:
            self._moves.dispose()
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine) as session, session.begin():
            yield session

    # -- whole saves ---------------------------------------------------------------
    def import_save(self, save: Save, *, game_id: str | None = None, check: bool = True,
                    seats: list[SeatInfo] | None = None, over: bool = False) -> str:
        """Store a save as rows (and its ``seats``), in one transaction; a save that does
        not replay is refused and nothing written."""
        match = check_save(save) if check else None
        new_id = game_id or uuid.uuid4().hex
        status = "over" if over or (match is not None and match.over) else "active"
        fits(save.game, save.version, save.players, seats or [],
             [a.seat for a in save.actions])
        with self.session() as session:
            session.add(GameRow(
                id=new_id, game=save.game, version=save.version, seed=save.seed,
                options=save.options, players=save.players, status=status,
                action_count=len(save.actions), digest=save.digest))
            session.flush()
            for seq, action in enumerate(save.actions):
                session.add(ActionRow(game_id=new_id, seq=seq, seat=action.seat,
                                      decision=action.decision, check=action.check))
            self._add_seats(session, new_id, seats or [])
        return new_id

    def export_save(self, game_id: str) -> Save:
        with self.session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r} in the database")
            # the actions the row counts (another writer may commit more meanwhile: a
            # second statement can see them, and the row's digest is the count's)
            actions = session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id,
                                        ActionRow.seq < row.action_count)
                .order_by(ActionRow.seq)).all()
            if [a.seq for a in actions] != list(range(len(actions))):
                raise CorruptSave(f"game {game_id}: action sequence has gaps")
            return Save(
                game=row.game, version=row.version, seed=row.seed, options=dict(row.options),
                actions=[Action(a.seat, dict(a.decision), a.check) for a in actions],
                players=dict(row.players), digest=row.digest, format=SAVE_FORMAT)

    # -- live games ------------------------------------------------------------------
    def create_game(self, game: str, version: str, seed: int, options: dict[str, Any],
                    players: dict[str, str] | None = None, *, practice: bool = False,
                    listed: bool = False, seats: list[SeatInfo] | None = None,
                    campaign: tuple[str, int] | None = None) -> str:
        """A new game with its seats (its open seats in the lobby if ``listed``), and its
        place in a campaign (``(campaign id, number)``), in one transaction: all of it is
        stored or nothing (:class:`Conflict` if another writer took the campaign's place
        first)."""
        new_id = uuid.uuid4().hex
        fits(game, version, players or {}, seats or [], [])
        try:
            with self.session() as session:
                session.add(GameRow(id=new_id, game=game, version=version, seed=seed,
                                    options=options, players=players or {},
                                    status="active", action_count=0, digest=None,
                                    practice=practice, listed=listed))
                session.flush()
                self._add_seats(session, new_id, seats or [])
                if campaign is not None:
                    session.add(CampaignGameRow(campaign_id=campaign[0], seq=campaign[1],
                                                game_id=new_id, recorded=False))
        except IntegrityError:
            if campaign is None:
                raise
            raise Conflict(f"campaign {campaign[0]}: game {campaign[1]} was started by "
                           "another writer") from None
        return new_id

    def is_practice(self, game_id: str) -> bool:
        """Whether the game's creator chose its seed."""
        with self.session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r} in the database")
            return bool(row.practice)

    def append_action(self, game_id: str, seq: int, action: Action, *,
                      digest: str | None = None, over: bool = False,
                      notify: str | None = None) -> None:
        """Record action number ``seq`` in one transaction of two statements (and, on
        PostgreSQL, a NOTIFY on channel ``notify``, sent when it commits);
        :class:`Conflict` if another writer took it. On SQLite the moves of concurrent
        callers are committed together (one sync of the log for the lot), each caller
        returning once its move is committed."""
        def job(connection: Connection) -> None:
            self._append(connection, game_id, seq, action, digest, over, notify)

        if self._writer is not None:
            self._writer.run(job)
            return
        try:
            if self._moves is not None:
                self._append_pg(game_id, seq, action, digest, over, notify or "")
                return
            with self.engine.begin() as connection:
                job(connection)
        except IntegrityError:
            raise Conflict(f"game {game_id}: action {seq} was recorded by another writer"
                           ) from None

    def _append(self, connection: Connection, game_id: str, seq: int, action: Action,
                digest: str | None, over: bool, notify: str | None) -> None:
        """The statements of :meth:`append_action`; refuses (writing nothing) unless the
        game is at action ``seq``."""
        now = _now()
        moved = connection.execute(_MOVE, {
            "game_id": game_id, "seq": seq, "count": seq + 1, "new_digest": digest,
            "new_status": "over" if over else "active", "at": now})
        if not moved.rowcount:
            count = connection.execute(_COUNT, {"game_id": game_id}).scalar()
            if count is None:
                raise NotFound(f"no game {game_id!r} in the database")
            raise Conflict(f"game {game_id}: expected action {count}, got {seq}")
        connection.execute(_ACTION, {
            "game_id": game_id, "seq": seq, "seat": action.seat,
            "decision": action.decision, "check": action.check, "created_at": now})
        if notify and connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                               {"channel": notify, "payload": game_id})

    def _append_pg(self, game_id: str, seq: int, action: Action, digest: str | None,
                   over: bool, channel: str) -> None:
        """:meth:`_append` on PostgreSQL: one statement on a psycopg connection of the
        moves' pool, in autocommit (:func:`moves.write`); the NOTIFY carries the move.
        A connection that broke is dropped from the pool."""
        import psycopg

        assert self._moves is not None
        pooled = self._moves.raw_connection()
        try:
            driver = pooled.driver_connection
            try:
                moved = moves.write(driver, game_id, seq, action, digest, over, channel)
            except psycopg.Error as exc:
                if getattr(driver, "broken", False) or getattr(driver, "closed", False):
                    pooled.invalidate(exc)
                raise moves.database_error(exc) from exc
        finally:
            pooled.close()
        if not moved:
            with self.engine.connect() as connection:
                count = connection.execute(_COUNT, {"game_id": game_id}).scalar()
            if count is None:
                raise NotFound(f"no game {game_id!r} in the database")
            raise Conflict(f"game {game_id}: expected action {count}, got {seq}")

    def list_games(self, game: str | None = None, ids: list[str] | None = None,
                   open_seats: bool = False, limit: int = 200) -> list[GameSummary]:
        with self.session() as session:
            query = select(GameRow).order_by(GameRow.updated_at.desc()).limit(limit)
            if game:
                query = query.where(GameRow.game == game)
            if ids is not None:
                query = query.where(GameRow.id.in_(ids))
            if open_seats:
                # the lobby lists only the games whose creator chose so
                query = query.where(GameRow.status == "active", GameRow.listed.is_(True),
                                    GameRow.id.in_(select(SeatRow.game_id)
                                                   .where(SeatRow.kind == "open")))
            return [GameSummary(r.id, r.game, r.status, r.action_count, r.updated_at,
                                bool(r.listed)) for r in session.scalars(query)]

    # -- seats ---------------------------------------------------------------------------
    def set_seats(self, game_id: str, seats: list[SeatInfo]) -> None:
        fits("", "", {}, seats, [])
        with self.session() as session:
            self._add_seats(session, game_id, seats)

    @staticmethod
    def _add_seats(session: Session, game_id: str, seats: list[SeatInfo]) -> None:
        for info in seats:
            session.add(SeatRow(game_id=game_id, seat=info.seat, kind=info.kind,
                                pilot=info.pilot, token_hash=info.token_hash,
                                invite_hash=info.invite_hash))

    def seats(self, game_id: str) -> list[SeatInfo]:
        with self.session() as session:
            rows = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id)
                                   .order_by(SeatRow.seat))
            return [SeatInfo(r.seat, r.kind, r.pilot, r.token_hash, r.invite_hash)
                    for r in rows]

    def admission(self, game_id: str, seat: str) -> tuple[bool, str | None]:
        """Whether the game's open seats are listed in the lobby, and the hash of
        ``seat``'s invitation (None: none, or no such seat)."""
        with self.session() as session:
            listed = session.scalar(select(GameRow.listed).where(GameRow.id == game_id))
            if listed is None:
                raise NotFound(f"no game {game_id!r} in the database")
            invite = session.scalar(select(SeatRow.invite_hash).where(
                SeatRow.game_id == game_id, SeatRow.seat == seat))
            return bool(listed), invite

    def claim_seat(self, game_id: str, seat: str, token_hash: str) -> bool:
        """Give an open seat to a person; False if it is not open (any more)."""
        with self.session() as session:
            result = session.execute(
                update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat,
                                      SeatRow.kind == "open")
                .values(kind="human", token_hash=token_hash))
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def action_count(self, game_id: str) -> int:
        """How many actions the game has (one indexed read, no ORM session)."""
        with self.engine.connect() as connection:
            count = connection.execute(_COUNT, {"game_id": game_id}).scalar()
        if count is None:
            raise NotFound(f"no game {game_id!r} in the database")
        return int(count)

    def actions_from(self, game_id: str, start: int) -> list[Action]:
        with self.session() as session:
            rows = session.scalars(select(ActionRow).where(
                ActionRow.game_id == game_id, ActionRow.seq >= start).order_by(ActionRow.seq))
            return [Action(a.seat, dict(a.decision), a.check) for a in rows]

    def notify(self, channel: str, payload: str) -> None:
        """PostgreSQL NOTIFY (other server processes LISTEN); nothing on SQLite."""
        if self.engine.dialect.name != "postgresql":
            return
        with self.engine.begin() as connection:
            connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                               {"channel": channel, "payload": payload})

    # -- campaigns ---------------------------------------------------------------------
    def create_campaign(self, game: str, name: str, record: dict[str, Any]) -> str:
        new_id = uuid.uuid4().hex
        with self.session() as session:
            session.add(CampaignRow(id=new_id, game=game, name=name, record=record,
                                    status="active", version=0))
        return new_id

    def campaign(self, campaign_id: str) -> CampaignInfo:
        with self.session() as session:
            row = session.get(CampaignRow, campaign_id)
            if row is None:
                raise NotFound(f"no campaign {campaign_id!r} in the database")
            games = session.scalars(select(CampaignGameRow).where(
                CampaignGameRow.campaign_id == campaign_id).order_by(CampaignGameRow.seq))
            return CampaignInfo(row.id, row.game, row.name, dict(row.record), row.status,
                                row.version, [(g.seq, g.game_id, g.recorded) for g in games])

    def list_campaigns(self, ids: list[str] | None = None,
                       limit: int = 200) -> list[CampaignInfo]:
        """The campaigns updated last (those of ``ids`` only, if given)."""
        with self.session() as session:
            query = select(CampaignRow.id).order_by(CampaignRow.updated_at.desc())
            if ids is not None:
                query = query.where(CampaignRow.id.in_(ids))
            found = list(session.scalars(query.limit(limit)))
        return [self.campaign(i) for i in found]

    def add_campaign_game(self, campaign_id: str, seq: int, game_id: str) -> None:
        """Link game number ``seq``; :class:`Conflict` if another writer linked it first."""
        try:
            with self.session() as session:
                session.add(CampaignGameRow(campaign_id=campaign_id, seq=seq,
                                            game_id=game_id, recorded=False))
        except IntegrityError:
            raise Conflict(f"campaign {campaign_id}: game {seq} was started by another "
                           "writer") from None

    def record_campaign_game(self, campaign_id: str, seq: int, version: int,
                             record: dict[str, Any], over: bool) -> None:
        """Store the record after game ``seq``, if nobody updated it since ``version``."""
        with self.session() as session:
            done = session.execute(
                update(CampaignRow).where(CampaignRow.id == campaign_id,
                                          CampaignRow.version == version)
                .values(record=record, version=version + 1,
                        status="over" if over else "active", updated_at=_now()))
            if not done.rowcount:  # type: ignore[attr-defined]
                raise Conflict(f"campaign {campaign_id} was updated by another writer")
            session.execute(update(CampaignGameRow).where(
                CampaignGameRow.campaign_id == campaign_id, CampaignGameRow.seq == seq)
                .values(recorded=True))

    def count_games(self) -> int:
        with self.session() as session:
            return int(session.scalar(select(func.count()).select_from(GameRow)) or 0)
