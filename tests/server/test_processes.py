"""Real server processes: killed with SIGKILL and restarted, nothing is lost; two
processes on one PostgreSQL database serve the same game and never both accept
conflicting moves."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db_url: str, log: Path) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        handle = self.log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dogfight", "serve", "--db", self.db_url,
             "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=handle, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120  # a busy machine starts slowly
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/catalog", timeout=10).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError(f"server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def two_humans(url: str) -> dict[str, Any]:
    answer = httpx.post(url + "/api/matches", json={
        "game": "wings-of-war", "options": {"scenario": "duel"}, "seed": 3,
        "seats": {"allies": {"kind": "human"}, "central": {"kind": "human"}}}, timeout=30)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def act(url: str, game: dict[str, Any], seat: str, decision: dict[str, Any],
        seq: int | None = None) -> httpx.Response:
    body: dict[str, Any] = {"decision": decision}
    if seq is not None:
        body["seq"] = seq
    token = game["seats"][seat]["token"]
    return httpx.post(f"{url}/api/matches/{game['id']}/actions", json=body, timeout=30,
                      headers={"authorization": f"Bearer {token}"})


def test_kill_9_and_restart_loses_nothing(db_url: str, tmp_path: Path,
                                          servers: list[Server]) -> None:
    server = Server(db_url, tmp_path / "server.log").start()
    servers.append(server)
    game = two_humans(server.url)
    for card in (1, 2, 3):
        assert act(server.url, game, "allies", {"plane": "spad", "card": card}).status_code == 200
    assert act(server.url, game, "central", {"plane": "fokker", "card": 4}).status_code == 200
    server.kill()
    server.start()  # same database, new process
    token = game["seats"]["central"]["token"]
    state = httpx.get(f"{server.url}/api/matches/{game['id']}",
                      headers={"authorization": f"Bearer {token}"}, timeout=30).json()
    assert state["seq"] == 4 and state["observation"]["view"]["planes"][1]["plan"][0]["card"] == 4
    assert act(server.url, game, "central", {"plane": "fokker", "card": 5}).status_code == 200
    assert act(server.url, game, "central", {"plane": "fokker", "card": 6}).status_code == 200
    after = httpx.get(f"{server.url}/api/matches/{game['id']}", timeout=30).json()
    assert after["seq"] >= 6 and any("flies" in line for line in after["log"])


@pytest.mark.postgres
def test_two_processes_share_games_over_postgresql(tmp_path: Path,
                                                    servers: list[Server]) -> None:
    url = os.environ.get("DOGFIGHT_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("DOGFIGHT_REQUIRE_POSTGRES"):
            pytest.fail("DOGFIGHT_TEST_POSTGRES_URL is not set")
        pytest.skip("no PostgreSQL server")
    from dogfight.store.db import drop_everything

    drop_everything(url)
    one = Server(url, tmp_path / "one.log").start()
    servers.append(one)
    two = Server(url, tmp_path / "two.log").start()
    servers.append(two)
    game = two_humans(one.url)
    central = game["seats"]["central"]["token"]

    async def watch_on_two() -> list[dict[str, Any]]:
        ws_url = f"ws://127.0.0.1:{two.port}/api/matches/{game['id']}/ws?token={central}"
        seen = []
        async with websockets.connect(ws_url) as ws:
            seen.append(json.loads(await ws.recv()))
            await asyncio.to_thread(act, one.url, game, "allies", {"plane": "spad", "card": 1})
            seen.append(json.loads(await asyncio.wait_for(ws.recv(), timeout=15)))
        return seen

    seen = asyncio.run(watch_on_two())
    assert [s["seq"] for s in seen] == [0, 1]  # a move made through one reached the other

    # the same position sent to both processes at once: the database takes one
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(
            lambda server_card: act(server_card[0].url, game, "central",
                                    {"plane": "fokker", "card": server_card[1]}, seq=1),
            [(one, 2), (two, 3)]))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409], [a.text for a in answers]
    state = httpx.get(f"{two.url}/api/matches/{game['id']}",
                      headers={"authorization": f"Bearer {central}"}, timeout=30).json()
    assert state["seq"] == 2 and len(state["observation"]["view"]["planes"][1]["plan"]) == 1
