"""Issue 15, a server that holds: pilots' budgets checked and pilots thinking in a
bounded pool of worker processes under an enforced deadline; no phantom moves when
the database fails mid-move; seeds drawn by the server from a secret (a chosen seed
makes a practice game)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from dogfight.server.app import create_app
from tests.server.test_api import auth, settle
from tests.server.test_processes import Server

DUEL = {"scenario": "duel", "max_turns": 3}


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def create(client: TestClient, seed: int | None = 5, **seats: Any) -> Any:
    body: dict[str, Any] = {"game": "wings-of-war", "options": DUEL, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    return client.post("/api/matches", json=body)


# -- 1. pilots' budgets, the pool, the deadline -----------------------------------------

@pytest.mark.parametrize("pilot", ["mcts:1e9s", "mcts:nans", "mcts:infs", "mcts:-1s",
                                   "mcts:0s", "mcts:60s", "mcts:1000000000", "mcts:0",
                                   "mcts:1e9", "mcts:", "god", 12, None, "x" * 40])
def test_unbounded_or_unknown_pilots_are_refused_and_nothing_is_written(
        client: TestClient, pilot: Any) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    before = hub.db.count_games()
    answer = create(client, central={"kind": "pilot", "pilot": pilot})
    assert answer.status_code == 422, answer.text
    assert "pilot" in answer.json()["error"]
    # a name is told what is allowed; a wrong type (or a name too long), where it is
    assert "mcts:Ts" in answer.json()["error"] or answer.json()["path"].endswith(".pilot")
    assert hub.db.count_games() == before


@pytest.mark.parametrize("pilot", ["novice", "veteran", "ace", "random", "greedy",
                                   "mcts", "mcts:50", "mcts:0.2s", "mcts:5s"])
def test_levels_and_capped_budgets_are_accepted(client: TestClient, pilot: str) -> None:
    answer = create(client, allies={"kind": "pilot", "pilot": "random"},
                    central={"kind": "pilot", "pilot": pilot})
    assert answer.status_code == 201, answer.text
    client.app.state.hub.pool.deadline_of = lambda name: 0.01  # type: ignore[attr-defined]
    settle(client, answer.json()["id"])


def test_the_human_is_answered_while_the_computer_thinks(client: TestClient) -> None:
    made = create(client, allies={"kind": "human"},
                  central={"kind": "pilot", "pilot": "mcts:3s"})
    assert made.status_code == 201, made.text  # at once: the pilot thinks elsewhere
    game = made.json()
    token = game["seats"]["allies"]["token"]
    url = f"/api/matches/{game['id']}/actions"
    answer = client.post(url, headers=auth(token),
                         json={"decision": {"plane": "spad", "card": 1}, "seq": 0})
    assert answer.status_code == 200, answer.text
    # stored and answered while the computer still plans (it has three seconds)
    assert answer.json()["seq"] == 1
    assert "central" in answer.json()["observation"]["pending"]
    body = settle(client, game["id"], token)
    assert "central" not in body["observation"]["pending"]


def test_a_pilot_past_its_deadline_plays_the_fallback_and_its_worker_is_replaced(
        client: TestClient) -> None:
    pool = client.app.state.hub.pool  # type: ignore[attr-defined]
    assert pool is not None and pool.workers >= 1
    pool.deadline_of = lambda name: 0.05
    before = pool.pids()
    assert len(before) == pool.workers
    made = create(client, allies={"kind": "human"},
                  central={"kind": "pilot", "pilot": "mcts:5s"})
    game = made.json()
    body = settle(client, game["id"], game["seats"]["allies"]["token"], within=30)
    assert body["observation"]["pending"] == {"allies": "plan"}  # the fallback planned
    assert pool.overruns >= 1
    after = pool.pids()
    assert len(after) == pool.workers and after != before  # the late worker is gone
    for pid in before - after:
        assert not alive(pid)


def alive(pid: int, within: float = 10.0) -> bool:
    """Whether ``pid`` still runs (a zombie, killed and not yet reaped, does not)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
        except OSError:
            return False
        if state in ("Z", "X"):
            return False
        time.sleep(0.05)
    return True


def test_shutdown_stops_every_worker(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        pool = client.app.state.hub.pool  # type: ignore[attr-defined]
        made = create(client, allies={"kind": "human"},
                      central={"kind": "pilot", "pilot": "mcts:5s"})
        assert made.status_code == 201
        pids = pool.pids()
        assert pids
    for pid in pids:
        assert not alive(pid)


def test_sigterm_ends_a_server_whose_pilot_thinks(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log").start()
    try:
        made = httpx.post(server.url + "/api/matches", json={
            "game": "wings-of-war", "options": DUEL,
            "seats": {"allies": {"kind": "pilot", "pilot": "mcts:5s"},
                      "central": {"kind": "pilot", "pilot": "mcts:5s"}}}, timeout=10)
        assert made.status_code == 201, made.text
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=20) is not None
    finally:
        server.stop()


def test_the_workers_of_a_killed_server_exit(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log").start()
    try:
        assert server.process is not None
        workers: list[int] = []
        end = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < end:  # started with the server
            found = subprocess.run(["ps", "-o", "pid=,args=", "--ppid",
                                    str(server.process.pid)],
                                   capture_output=True, text=True, check=False).stdout
            workers = [int(line.split()[0]) for line in found.splitlines()
                       if "multiprocessing.spawn" in line]
            time.sleep(0.1)
        assert workers, found
        server.kill()  # SIGKILL: no shutdown runs
        for pid in workers:
            assert not alive(pid), f"worker {pid} outlived its server"
    finally:
        server.stop()


# -- 2. no phantom moves ------------------------------------------------------------------

def test_a_database_failure_mid_move_leaves_the_match_as_stored(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client, allies={"kind": "human"}, central={"kind": "human"}).json()
    allies, central = (made["seats"][s]["token"] for s in ("allies", "central"))
    url = f"/api/matches/{made['id']}/actions"
    for token, plane, card in ((allies, "spad", 1), (allies, "spad", 2), (allies, "spad", 3),
                               (central, "fokker", 1), (central, "fokker", 2)):
        seq = client.get(f"/api/matches/{made['id']}", headers=auth(token)).json()["seq"]
        answer = client.post(url, headers=auth(token),
                             json={"decision": {"plane": plane, "card": card}, "seq": seq})
        assert answer.status_code == 200, answer.text
    before = client.get(f"/api/matches/{made['id']}", headers=auth(allies)).json()
    hub = client.app.state.hub  # type: ignore[attr-defined]

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT INTO actions", {}, Exception("database is locked"))

    with monkeypatch.context() as patch:
        patch.setattr(hub.db, "append_action", broken)
        # the third card would resolve the turn (the sealed plans are revealed)
        answer = client.post(url, headers=auth(central),
                             json={"decision": {"plane": "fokker", "card": 3}, "seq": 5})
        assert answer.status_code == 503, answer.text
        assert "nothing was recorded" in answer.json()["error"]
        # the opponent is never served the unstored turn
        after = client.get(f"/api/matches/{made['id']}", headers=auth(allies)).json()
        assert after == before
        assert client.get("/api/matches", params={"ids": made["id"]}).json()[0]["seq"] == 5
    assert hub.db.action_count(made["id"]) == 5
    # the database is back: another card (or the same) is accepted at the same place
    answer = client.post(url, headers=auth(central),
                         json={"decision": {"plane": "fokker", "card": 4}, "seq": 5})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seq"] > 5 and hub.db.action_count(made["id"]) == answer.json()["seq"]


# -- 3. secret seeds, practice games --------------------------------------------------------

def test_a_game_without_a_seed_keeps_the_servers_seed_secret(client: TestClient) -> None:
    made = create(client, seed=None, allies={"kind": "human"}, central={"kind": "human"})
    assert made.status_code == 201, made.text
    game = made.json()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seed = hub.db.export_save(game["id"]).seed
    assert 0 <= seed < 2**63
    other = hub.db.export_save(create(client, seed=None).json()["id"]).seed
    assert other != seed  # drawn from a secret, not a counter or a clock
    token = game["seats"]["allies"]["token"]
    seen = [client.get(f"/api/matches/{game['id']}", headers=auth(token)).json(),
            client.get(f"/api/matches/{game['id']}").json(),
            client.get("/api/matches", params={"ids": game["id"]}).json()[0]]
    with client.websocket_connect(f"/api/matches/{game['id']}/ws?token={token}") as ws:
        seen.append(json.loads(ws.receive_text()))
    for body in seen:
        assert body["practice"] is False and body.get("seed") is None
        assert str(seed) not in json.dumps(body)
    assert client.get(f"/api/matches/{game['id']}/save").status_code == 403


def test_a_chosen_seed_makes_a_practice_game_everywhere(client: TestClient) -> None:
    made = create(client, seed=12345, allies={"kind": "human"},
                  central={"kind": "pilot", "pilot": "novice"})
    assert made.status_code == 201, made.text
    game = made.json()
    assert game["practice"] is True
    body = client.get(f"/api/matches/{game['id']}").json()
    assert body["practice"] is True and body["seed"] == 12345
    listed = client.get("/api/matches", params={"ids": game["id"]}).json()[0]
    assert listed["practice"] is True
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.forget(game["id"])  # read again from the database
    assert client.get(f"/api/matches/{game['id']}").json()["practice"] is True


def test_the_lobby_marks_practice_games() -> None:
    lobby = (Path(__file__).parents[2] / "src/dogfight/server/static/lobby.js").read_text()
    assert "practice" in lobby and "Practice" in lobby


def test_an_old_database_gains_the_practice_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    script = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("
              "'CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), "
              "version VARCHAR(32), seed BIGINT, options JSON, players JSON, status "
              "VARCHAR(16), action_count INTEGER, digest VARCHAR(64), created_at "
              "DATETIME, updated_at DATETIME)'); c.commit()")
    subprocess.run([sys.executable, "-c", script, str(path)], check=True,
                   env={**os.environ})
    with TestClient(create_app(f"sqlite:///{path}")) as client:
        assert create(client, seed=None).status_code == 201
