"""Capacity (issue 15): what a move costs the server is paid only for those who need
it. The planners' hints (``Game.hints``, 5 to 20 ms a planning seat in Wings of War) go
only to a page that asks for them (``hints=1``), never to a spectator."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dogfight.server.app import create_app


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def two_people(client: TestClient) -> dict[str, Any]:
    answer = client.post("/api/matches", json={
        "game": "wings-of-war", "options": {"scenario": "duel", "max_turns": 3}, "seed": 5,
        "seats": {"allies": {"kind": "human"}, "central": {"kind": "human"}}})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def test_hints_only_for_a_page_that_asks(client: TestClient) -> None:
    game = two_people(client)
    url = f"/api/matches/{game['id']}"
    token = game["seats"]["allies"]["token"]
    plain = client.get(url, headers=auth(token)).json()
    asked = client.get(url, headers=auth(token), params={"hints": 1}).json()
    assert plain["observation"]["hints"] is None
    assert set(asked["observation"]["hints"]["courses"]) == {"spad"}  # its own aircraft
    # the rest of the body is the same
    assert {**asked["observation"], "hints": None} == plain["observation"]
    # a spectator never gets any, even asking
    assert client.get(url, params={"hints": 1}).json()["observation"]["hints"] is None
    # a move's answer: the same rule
    answer = client.post(f"{url}/actions", headers=auth(token),
                         json={"decision": {"plane": "spad", "card": 1}}).json()
    assert answer["seq"] == 1 and answer["observation"]["hints"] is None
    answer = client.post(f"{url}/actions", headers=auth(token), params={"hints": 1},
                         json={"decision": {"plane": "spad", "card": 2}}).json()
    assert answer["seq"] == 2 and answer["observation"]["hints"]["courses"]["spad"]


def test_hints_on_the_socket_only_when_asked(client: TestClient) -> None:
    game = two_people(client)
    url = f"/api/matches/{game['id']}"
    allies, central = (game["seats"][s]["token"] for s in ("allies", "central"))
    with client.websocket_connect(f"{url}/ws?token={central}&hints=1") as planner, \
            client.websocket_connect(f"{url}/ws?token={central}") as other:
        assert planner.receive_json()["observation"]["hints"]["courses"]["fokker"]
        assert other.receive_json()["observation"]["hints"] is None
        client.post(f"{url}/actions", headers=auth(allies),
                    json={"decision": {"plane": "spad", "card": 4}})
        assert planner.receive_json()["observation"]["hints"]["courses"]["fokker"]
        assert other.receive_json()["observation"]["hints"] is None
