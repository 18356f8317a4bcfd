"""Fault script: the server under load (tools/load.py's players over real WebSockets)
is killed with SIGKILL and restarted, and its database fails mid-move (SQLite: another
connection holds the write lock past the server's patience; PostgreSQL: the server's
connections are cut). Then it checks, against the database:

- no acknowledged move is lost: every move answered 200 at position n is stored (the
  game has at least n actions);
- nothing unstored was ever served: every position a client was shown (answers and
  WebSocket pushes) is stored;
- every game replays to its stored digest.

    python tools/faults.py                                  # SQLite file
    python tools/faults.py --db postgresql://u@h/db         # PostgreSQL (tables emptied)
    python tools/faults.py --db postgresql://u@h/db --workers 2   # two worker processes

Exit status 0 when every check holds; the findings are printed as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import load

from dogfight.store.db import Database, drop_everything, normalize_url
from dogfight.store.saves import check_save


class Fleet:
    """The server process, restartable on the same port."""

    def __init__(self, db: str, log: Path, workers: int = 1) -> None:
        self.db = db
        self.workers = workers
        self.port = load.free_port()
        self.log = log
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = load.start_server(self.db, self.port, self.workers, self.log)

    def kill9(self) -> None:
        """SIGKILL to the server and its worker processes (its pilots' workers notice
        and exit)."""
        assert self.process is not None
        for pid in reversed(load.server_pids(self.process.pid)):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()


def hold_sqlite_lock(path: str, seconds: float) -> None:
    """Hold SQLite's write lock (BEGIN IMMEDIATE) for ``seconds``: the server's writes
    wait out their busy timeout and fail."""
    connection = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        connection.execute("BEGIN IMMEDIATE")
        time.sleep(seconds)
        connection.execute("ROLLBACK")
    finally:
        connection.close()


def cut_postgres(url: str) -> int:
    """Terminate every other connection to the database (the server's)."""
    database = Database(url)
    try:
        with database.engine.begin() as connection:
            from sqlalchemy import text

            rows = connection.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")).all()
        return len(rows)
    finally:
        database.close()


async def scenario(fleet: Fleet, db: str, games: int, seconds: float,
                   tally: load.Tally, events: list[str]) -> None:
    driver = asyncio.create_task(load.drive(fleet.url, games, "wings-of-war", 0.0, 1.0,
                                            seconds, tally))
    step = seconds / 4
    await asyncio.sleep(step)
    events.append(f"{time.strftime('%X')} kill -9 under load")
    await asyncio.to_thread(fleet.kill9)
    await asyncio.sleep(0.5)
    await asyncio.to_thread(fleet.start)
    events.append(f"{time.strftime('%X')} restarted")
    await asyncio.sleep(step)
    if db.startswith("sqlite"):
        path = db.split("///", 1)[1]
        events.append(f"{time.strftime('%X')} SQLite write lock held 25 s")
        await asyncio.to_thread(hold_sqlite_lock, path, 25.0)
    else:
        cut = await asyncio.to_thread(cut_postgres, db)
        events.append(f"{time.strftime('%X')} PostgreSQL: {cut} connections cut")
    events.append(f"{time.strftime('%X')} database back")
    await driver


def check(db: str, tally: load.Tally) -> dict[str, Any]:
    database = Database(db)
    try:
        counts: dict[str, int] = {}

        def count(game: str) -> int:
            if game not in counts:
                counts[game] = database.action_count(game)
            return counts[game]

        lost = [(g, n) for g, n in tally.acknowledged if count(g) < n]
        phantom = [(g, n) for g, n in tally.served if count(g) < n]
        replayed, broken = 0, []
        for game in counts:
            try:
                check_save(database.export_save(game))
                replayed += 1
            except Exception as exc:
                broken.append(f"{game}: {exc}")
        return {"acknowledged": len(tally.acknowledged), "served": len(tally.served),
                "games": len(counts), "lost": lost[:10], "phantom": phantom[:10],
                "replayed": replayed, "broken": broken[:10],
                "codes": dict(tally.codes), "errors": dict(tally.errors)}
    finally:
        database.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a new SQLite file); a "
                        "PostgreSQL database's dogfight tables are emptied first")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--workers", type=int, default=1,
                        help="server worker processes (PostgreSQL only for more than 1)")
    args = parser.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="dogfight-faults-"))
    db = normalize_url(args.db or f"sqlite:///{workdir / 'faults.sqlite3'}")
    if db.startswith("postgresql"):
        drop_everything(db)
    os.environ.setdefault("DOGFIGHT_PILOT_WORKERS", "1")
    fleet = Fleet(args.db or db, workdir / "server.log", args.workers)
    fleet.start()
    tally, events = load.Tally(), []
    tally.measuring = True
    try:
        asyncio.run(scenario(fleet, db, args.games, args.seconds, tally, events))
    finally:
        fleet.stop()
    result = check(db, tally)
    result["events"] = events
    result["ok"] = not (result["lost"] or result["phantom"] or result["broken"])
    print(msgspec.json.format(msgspec.json.encode(result)).decode())
    return 0 if result["ok"] and result["acknowledged"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
