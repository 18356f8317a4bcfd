"""Capacity (issue 15, third pass): the move's route in front of FastAPI answers as
FastAPI's own route does (the same bodies, the same refusals, the same limits); the
HTTP parser on httptools keeps h11's limits (a deadline for a request's head, a cap on
its size); a process that hears of another's move (its NOTIFY) applies it and checks
the digest, reading the database only on a gap or a disagreement."""

from __future__ import annotations

import asyncio
import pickle
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dogfight.core.match import Action
from dogfight.server import serving
from dogfight.server.app import create_app
from dogfight.server.bodies import SeatSpec
from dogfight.server.fastpath import MoveRoute
from dogfight.server.hub import Hub
from dogfight.server.peers import hear
from dogfight.store.db import Database
from dogfight.store.moves import Heard, heard, note

DUEL = {"scenario": "duel", "max_turns": 3}


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


@pytest.fixture
def through_fastapi(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the requests FastAPI's own stack served."""
    seen: list[str] = []
    original = FastAPI.__call__

    async def counted(self: FastAPI, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            seen.append(scope["path"])
        await original(self, scope, receive, send)

    monkeypatch.setattr(FastAPI, "__call__", counted)
    return seen


def two_people(client: TestClient) -> dict[str, Any]:
    answer = client.post("/api/matches", json={
        "game": "wings-of-war", "options": DUEL, "seed": 5,
        "seats": {"allies": {"kind": "human"}, "central": {"kind": "human"}}})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def auth(made: dict[str, Any], seat: str = "allies") -> dict[str, str]:
    return {"authorization": f"Bearer {made['seats'][seat]['token']}"}


def test_a_plain_move_is_answered_in_front_of_fastapi_as_fastapi_would(
        client: TestClient, through_fastapi: list[str]) -> None:
    made = two_people(client)
    url = f"/api/matches/{made['id']}/actions"
    answer = client.post(url, headers=auth(made), json={"decision": {"plane": "spad",
                                                                     "card": 1}})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seq"] == 1 and "move;dur=" in answer.headers["server-timing"]
    assert url not in through_fastapi
    # an unusual query goes on to FastAPI's route: the same answer for the same position
    again = client.post(url + "?x=1", headers=auth(made),
                        json={"decision": {"plane": "spad", "card": 2}})
    assert again.status_code == 200 and again.json()["seq"] == 2
    assert through_fastapi.count(url) == 1
    mine = client.get(f"/api/matches/{made['id']}", headers=auth(made)).content
    assert again.content == mine  # the body as a GET makes it


def test_a_games_socket_is_served_in_front_of_fastapi(
        client: TestClient, through_fastapi: list[str]) -> None:
    made = two_people(client)
    url = f"/api/matches/{made['id']}/ws"
    token = made["seats"]["central"]["token"]
    with client.websocket_connect(f"{url}?token={token}") as ws:
        assert ws.receive_json()["seq"] == 0
        client.post(f"/api/matches/{made['id']}/actions", headers=auth(made),
                    json={"decision": {"plane": "spad", "card": 1}})
        pushed = ws.receive_json()
        assert pushed["seq"] == 1 and pushed["seat"] == "central"
    assert url not in through_fastapi
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect(f"{url}?token=nope") as ws:
        ws.receive_json()
    assert refused.value.code == 4403


def test_the_front_route_refuses_as_fastapis_route(client: TestClient) -> None:
    made = two_people(client)
    url = f"/api/matches/{made['id']}/actions"
    for query in ("", "?x=1"):  # in front, then through FastAPI
        bad = client.post(url + query, headers=auth(made), json={"decision": 1, "seq": -1})
        assert bad.status_code == 422 and bad.json()["path"] == "$.seq"
        nobody = client.post(url + query, json={"decision": {"plane": "spad", "card": 1}})
        assert nobody.status_code == 403
        stranger = client.post(url + query, headers={"authorization": "Bearer nope"},
                               json={"decision": {"plane": "spad", "card": 1}})
        assert stranger.status_code == 403
        illegal = client.post(url + query, headers=auth(made),
                              json={"decision": {"plane": "spad", "card": 99}})
        assert illegal.status_code == 400 and illegal.json()["rule"]
        big = client.post(url + query, headers=auth(made),
                          content=b'{"decision": "' + b"a" * (2 << 20) + b'"}')
        assert big.status_code == 413
        missing = client.post("/api/matches/" + "f" * 32 + "/actions" + query,
                              headers=auth(made), json={"decision": 1})
        assert missing.status_code in (403, 404)
    stored = client.get(f"/api/matches/{made['id']}").json()
    assert stored["seq"] == 0  # nothing refused was recorded


@pytest.mark.parametrize("path, query, wanted", [
    ("/api/matches/abc/actions", b"", True),
    ("/api/matches/abc/actions", b"lang=fr&hints=1&token=t", True),
    ("/api/matches/abc/actions", b"hints=2", False),
    ("/api/matches/abc/actions", b"lang=fr&lang=it", False),
    ("/api/matches/abc/actions", b"other=1", False),
    ("/api/matches/a%20b/actions", b"", False),
    ("/api/matches/abc/actions/", b"", False),
    ("/api/matches/abc", b"", False),
])
def test_only_the_plain_form_is_taken_in_front(path: str, query: bytes,
                                               wanted: bool) -> None:
    scope = {"type": "http", "method": "POST", "path": path, "query_string": query}
    assert (MoveRoute.wanted(scope) is not None) is wanted
    assert MoveRoute.wanted({**scope, "method": "GET"}) is None


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.written = b""
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += bytes(data)

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 5000)}.get(
            name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def protocol_on_httptools(loop: asyncio.AbstractEventLoop, h11: bool = False) -> Any:
    """The server's HTTP protocol on httptools (or, ``h11``, its twin on h11)."""
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    kind = serving.TimedH11 if h11 else serving.timed_httptools()
    if kind is None:
        pytest.skip("httptools is not installed")

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    config = Config(app=app, http=kind, lifespan="off")
    config.load()
    return kind(config=config, server_state=ServerState(), app_state={}, _loop=loop)


@pytest.mark.parametrize("h11", [False, True], ids=["httptools", "h11"])
def test_httptools_closes_a_connection_whose_head_is_late(h11: bool) -> None:
    """Both HTTP protocols (one deadline, ``bodies.HeadDeadline``) close a connection
    whose request head is late and answer one whose head came in time."""
    async def run() -> tuple[bool, bool]:
        loop = asyncio.get_running_loop()
        protocol = protocol_on_httptools(loop, h11)
        protocol.header_seconds = 0.05
        transport = Transport()
        protocol.connection_made(transport)
        protocol.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and no more
        await asyncio.sleep(0.15)
        late = transport.closed
        served = Transport()
        other = protocol_on_httptools(loop, h11)
        other.header_seconds = 0.05
        other.connection_made(served)
        other.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        await asyncio.sleep(0.02)
        answered = served.written.startswith(b"HTTP/1.1 204") and not served.closed
        return late, answered

    late, answered = asyncio.run(run())
    assert late and answered


def test_httptools_refuses_a_head_over_the_cap() -> None:
    async def run() -> Transport:
        protocol = protocol_on_httptools(asyncio.get_running_loop())
        transport = Transport()
        protocol.connection_made(transport)
        filler = b"x-filler: " + b"a" * 1000 + b"\r\n"
        protocol.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n")
        for _ in range(serving.MAX_HEADER_BYTES // len(filler) + 2):
            if transport.closed:
                break
            protocol.data_received(filler)
        protocol.connection_lost(None)
        return transport

    transport = asyncio.run(run())
    assert transport.closed and transport.written.startswith(b"HTTP/1.1 431")


def test_the_server_runs_httptools_and_uvloop_when_installed() -> None:
    import importlib.util

    http, loop = serving.protocols()
    if importlib.util.find_spec("httptools") is not None:
        assert http.__name__ == "TimedHttpTools"
    else:
        assert http is serving.TimedH11
    assert loop == "auto"  # uvicorn's: uvloop when it is installed
    assert pickle.loads(pickle.dumps(http)) is http  # handed to worker processes


# -- a second worker hears of a move without reading it again (PostgreSQL NOTIFY) -------

def two_hubs(database: Database) -> tuple[Hub, Hub, str, dict[str, Any]]:
    first, second = Hub(database), Hub(database)
    match_id, seats = first.create("wings-of-war", DUEL, 5,
                                   {"allies": SeatSpec(), "central": SeatSpec()})
    second.get(match_id)  # the other process caches the game at action 0
    return first, second, match_id, seats


def last_note(match: Any, match_id: str) -> Heard:
    """The note of the match's last move, as its NOTIFY carries it."""
    action = match.actions[-1]
    return heard(note(match_id, len(match.actions) - 1, action, match.digest()))


def test_a_heard_move_is_applied_without_reading_the_database(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    database = Database(db_url)
    try:
        first, second, match_id, seats = two_hubs(database)
        first.act(match_id, seats["allies"]["token"], {"plane": "spad", "card": 1}, None)
        stored = first.cached(match_id).match

        def unread(*args: Any) -> Any:
            raise AssertionError("the database was read")

        monkeypatch.setattr(database, "action_count", unread)
        monkeypatch.setattr(database, "actions_from", unread)
        assert hear(second, last_note(stored, match_id), inline=True) is True
        mine = second.cached(match_id).match
        assert mine.actions == stored.actions and mine.digest() == stored.digest()
        # its own move (or one heard already) comes back: nothing to do
        assert hear(second, last_note(stored, match_id), inline=True) is False
        assert hear(first, last_note(stored, match_id), inline=True) is False
    finally:
        database.close()


def test_a_gap_or_a_digest_that_disagrees_is_read_from_the_database(db_url: str) -> None:
    database = Database(db_url)
    try:
        first, second, match_id, seats = two_hubs(database)
        allies = seats["allies"]["token"]
        first.act(match_id, allies, {"plane": "spad", "card": 1}, None)
        first.act(match_id, allies, {"plane": "spad", "card": 2}, None)
        stored = first.cached(match_id).match
        gap = last_note(stored, match_id)  # action 1 heard, action 0 missed
        assert hear(second, gap, inline=True) is None  # needs the database: not inline
        assert hear(second, gap) is True
        assert second.cached(match_id).match.actions == stored.actions
        third = Hub(database)
        third.get(match_id)
        first.act(match_id, allies, {"plane": "spad", "card": 3}, None)
        lying = replace(last_note(first.cached(match_id).match, match_id), digest="0" * 64)
        assert hear(third, lying) is True  # not applied as told: read as stored
        assert third.cached(match_id).match.digest() == first.cached(match_id).match.digest()
    finally:
        database.close()


def test_a_long_move_is_noted_by_its_count_only() -> None:
    short = note("g", 3, Action("allies", {"card": 1}, "abc"), "d" * 64)
    assert heard(short) == Heard("g", 3, Action("allies", {"card": 1}, "abc"), "d" * 64)
    long = note("g", 3, Action("allies", {"text": "x" * 9000}), "d" * 64)
    assert len(long) < 8000 and heard(long) == Heard("g", 3)
    assert heard("g") == Heard("g")  # a bare id: only that the game changed
    assert heard('{"id": "g", "seq": "x"}') == Heard("g")


def test_a_move_whose_connection_was_cut_fails_alone_and_the_next_is_recorded(
        pg_url: str) -> None:
    """PostgreSQL: a move is written on a psycopg connection of the moves' pool; a cut
    connection fails that move as a database error (answered 503, nothing recorded)
    and is dropped from the pool; an action row already there is a conflict."""
    from sqlalchemy import insert, text
    from sqlalchemy.exc import OperationalError

    from dogfight.store.db import ActionRow, Conflict

    database = Database(pg_url)
    try:
        game = database.create_game("test-duel", "1", 5, {}, {})
        database.append_action(game, 0, Action("red", {"maneuver": "turn"}), notify="x")
        with database.engine.begin() as connection:
            connection.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                "datname = current_database() AND pid <> pg_backend_pid()"))
        with pytest.raises(OperationalError):
            database.append_action(game, 1, Action("red", {"maneuver": "dive"}))
        assert database.action_count(game) == 1
        database.append_action(game, 1, Action("red", {"maneuver": "dive"}))
        with database.engine.begin() as connection:  # a row the game's count does not count
            connection.execute(insert(ActionRow).values(
                game_id=game, seq=2, seat="red", decision={}, check=None))
        with pytest.raises(Conflict):
            database.append_action(game, 2, Action("red", {"maneuver": "turn"}))
        assert database.action_count(game) == 2
    finally:
        database.close()
