"""A move's write on PostgreSQL, and what the other server processes hear of it.

The write is one statement (so one round trip, on an autocommit connection): the
game's row moves on only from the expected count, the action is inserted, and a NOTIFY
is sent at the commit. Its payload (:func:`note`) carries the move and the game's
digest after it, so that another process holding the game applies it and checks the
digest instead of reading the game again (:func:`heard`; issue 15, capacity).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgspec
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from dogfight.core.match import Action

_MOVE_PG = text("""
WITH moved AS (
  UPDATE games SET action_count = :count, digest = :new_digest, status = :new_status,
                   updated_at = :at
  WHERE id = :game_id AND action_count = :seq RETURNING id),
added AS (
  INSERT INTO actions (game_id, seq, seat, decision, "check", created_at)
  SELECT id, :seq, :seat, CAST(:decision AS JSON), :check, :at FROM moved RETURNING seq)
SELECT pg_notify(:channel, :payload) FROM added""")
"""A move on PostgreSQL in one statement, so one round trip in autocommit: the game's
row moved on only from action ``seq``, the action inserted, and the other processes told
(NOTIFY, sent at the commit); no row back: nothing written (another writer moved first,
or no such game)."""
NOTE_BYTES = 7_000
"""The longest NOTIFY payload sent with the action in it (PostgreSQL's limit is 8,000
bytes); a longer one names the game and the count only."""


_MOVE_SQL = re.sub(r":(\w+)", r"%(\1)s", _MOVE_PG.text)
"""The same statement for psycopg itself (its named parameters)."""


def write(connection: Any, game_id: str, seq: int, action: Action, digest: str | None,
          over: bool, channel: str) -> bool:
    """Record action ``seq`` and tell ``channel`` (nobody if empty), on ``connection``,
    a psycopg connection in autocommit (SQLAlchemy's execution of the statement cost
    more CPU than psycopg's: about 200 against 75 µs); False if nothing was written
    (another writer moved the game on first, or there is no such game). psycopg's
    errors are raised as they are (:func:`database_error` turns them into
    SQLAlchemy's)."""
    now = datetime.now(UTC)
    cursor = connection.execute(_MOVE_SQL, {
        "game_id": game_id, "seq": seq, "count": seq + 1, "new_digest": digest,
        "new_status": "over" if over else "active", "at": now, "seat": action.seat,
        "decision": msgspec.json.encode(action.decision).decode(), "check": action.check,
        # a NOTIFY on a channel nobody listens to costs nothing
        "channel": channel or "dogfight-none",
        "payload": note(game_id, seq, action, digest) if channel else ""})
    return cursor.fetchone() is not None


def database_error(exc: Exception, params: dict[str, Any] | None = None) -> Exception:
    """A psycopg error as SQLAlchemy raises it (an ``IntegrityError`` for a key taken,
    an ``OperationalError`` for a connection lost...), for the callers that tell them
    apart."""
    import psycopg

    return DBAPIError.instance(_MOVE_SQL, params, exc, psycopg.Error)


def note(game_id: str, seq: int, action: Action, digest: str | None) -> str:
    """The NOTIFY payload of action ``seq`` of a game: a JSON object with the game's id
    and the count before the action, and (unless it would be too long) the action and
    the game's digest after it, so that a process holding the game applies it without
    reading it back (:func:`heard`)."""
    full = {"id": game_id, "seq": seq, "seat": action.seat, "decision": action.decision,
            "check": action.check, "digest": digest}
    data = msgspec.json.encode(full)
    if len(data) > NOTE_BYTES:
        data = msgspec.json.encode({"id": game_id, "seq": seq})
    return data.decode()


@dataclass(frozen=True)
class Heard:
    """A NOTIFY heard: the game, the count before its move, and the move with the
    game's digest after it (None: read it from the database)."""

    game_id: str
    seq: int | None = None
    action: Action | None = None
    digest: str | None = None


def heard(payload: str) -> Heard:
    """What a NOTIFY's payload tells (:func:`note`; a bare game id from older servers
    and from seat changes: only that the game changed)."""
    if not payload.startswith("{"):
        return Heard(payload)
    try:
        data = msgspec.json.decode(payload)
        game_id, seq = str(data["id"]), data["seq"]
        if not isinstance(seq, int) or isinstance(seq, bool):
            return Heard(game_id)
        if "decision" not in data:
            return Heard(game_id, seq)
        return Heard(game_id, seq, Action(str(data["seat"]), data["decision"],
                                          data.get("check")), data.get("digest"))
    except (msgspec.DecodeError, KeyError, TypeError):
        return Heard(payload)
