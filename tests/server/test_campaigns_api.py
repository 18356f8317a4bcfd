"""Campaigns through the web API (docs/api.md § Campaigns), on SQLite and PostgreSQL:
a Down In Flames campaign whose missions are created from its choices and folded into
its record once finished (book 004_fe250b7836505b34.txt § Jouer une campagne)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dogfight.server.app import create_app
from tests.server.test_api import settle


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def test_campaign_missions_by_the_api(client: TestClient) -> None:
    answer = client.post("/api/campaigns", json={"game": "down-in-flames",
                                                 "campaign": "poland-1939"})
    assert answer.status_code == 201, answer.text
    campaign = answer.json()
    assert campaign["status"] == "active" and len(campaign["choices"]) == 5
    cid = campaign["id"]
    pilots = {"allies": {"kind": "pilot", "pilot": "veteran"},
              "axis": {"kind": "pilot", "pilot": "veteran"}}
    made = client.post(f"/api/campaigns/{cid}/next",
                       json={"choice": 2, "seats": pilots, "seed": 3})
    assert made.status_code == 201, made.text
    match = settle(client, made.json()["id"])
    assert match["status"] == "over"  # two computer pilots fly it, off the request path
    now = client.get(f"/api/campaigns/{cid}").json()
    assert now["games"] == [{"seq": 0, "id": made.json()["id"], "recorded": True}]
    assert now["record"]["missions"][0]["target"] == 3
    listed = client.get("/api/campaigns", params={"ids": cid}).json()
    assert [c["id"] for c in listed] == [cid]


def test_campaign_refusals_change_nothing(client: TestClient) -> None:
    bad = client.post("/api/campaigns", json={"game": "down-in-flames", "campaign": "x"})
    assert bad.status_code == 400 and "no campaign 'x'" in bad.json()["error"]
    none = client.post("/api/campaigns", json={"game": "wings-of-war", "campaign": "x"})
    assert none.status_code == 400 and "campaigns: none" in none.json()["error"]
    cid = client.post("/api/campaigns", json={"game": "down-in-flames",
                                              "campaign": "poland-1939"}).json()["id"]
    wrong = client.post(f"/api/campaigns/{cid}/next", json={"choice": 99})
    assert wrong.status_code == 400 and "choice must be a number" in wrong.json()["error"]
    assert client.get(f"/api/campaigns/{cid}").json()["games"] == []
    assert client.get("/api/campaigns/nope").status_code == 404
