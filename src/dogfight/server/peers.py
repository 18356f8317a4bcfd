"""What a server process hears of the others on the same PostgreSQL database: their
moves, through LISTEN/NOTIFY.

A move's NOTIFY carries the move and the game's digest after it (``store.moves.note``):
a process that holds the game applies it to a copy, checks the digest, and makes the
copy current, without reading the game again; on a gap (a move it missed), a digest
that disagrees, a decision its rules refuse, or a bare game id (a seat taken), it
catches up from the database as before. Its own moves come back to it too, and are
known by their count: nothing to do.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace

from sqlalchemy.exc import SQLAlchemyError

from dogfight.core.errors import DogfightError
from dogfight.core.match import CHECK_LENGTH, Action
from dogfight.server.hub import CHANNEL, Hub
from dogfight.store.db import Database
from dogfight.store.moves import Heard, heard


def hear(hub: Hub, note: Heard, inline: bool = False) -> bool | None:
    """Bring the cached game up to date with another process's move; True if it changed
    here (its sockets are then told). A game not cached here is read when asked for.
    ``inline`` (on the event loop): never wait for the game's lock nor read the
    database; None when either would be needed (then call again off the loop)."""
    with hub.guard:
        live = hub.live.get(note.game_id)
    if live is None:
        return False
    if note.seq is None:
        if inline:
            return None
        hub.refresh(note.game_id)  # a seat taken, or an older server's note
        return True
    if not live.lock.acquire(blocking=not inline):
        return None
    try:
        count = len(live.match.actions)
        if count > note.seq:
            return False  # its own move, or caught up already
        if count == note.seq and note.action is not None and note.digest is not None:
            current = live.match
            trial = replace(current, actions=list(current.actions),
                            events=list(current.events), checkpoints=False)
            try:
                trial.submit(note.action.seat, note.action.decision)
                agrees = trial.digest() == note.digest
            except DogfightError:
                agrees = False
            if agrees:
                trial.actions[-1] = Action(note.action.seat, note.action.decision,
                                           note.digest[:CHECK_LENGTH])
                trial.checkpoints = current.checkpoints
                live.match = trial
                return True
        if inline:
            return None
        hub._catch_up(note.game_id, live)  # a gap or a disagreement: the stored game
        return True
    finally:
        live.lock.release()


async def listen(database: Database, hub: Hub) -> None:
    """Other processes' moves (PostgreSQL LISTEN): applied to the games cached here
    (:func:`hear`, on the event loop when it needs neither a wait nor the database),
    and their sockets told."""
    import psycopg

    url = database.engine.url.set(drivername="postgresql").render_as_string(
        hide_password=False)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                async for message in conn.notifies():
                    note = heard(message.payload)
                    changed = hear(hub, note, inline=True)
                    if changed is None and hub.watchers.get(note.game_id):
                        # the database to read: only for a game watched here (the
                        # others catch up when next asked for)
                        with contextlib.suppress(DogfightError, SQLAlchemyError):
                            changed = await asyncio.to_thread(hear, hub, note)
                    if changed:
                        hub.wake(note.game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            await asyncio.sleep(1.0)
