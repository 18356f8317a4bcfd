"""The web API (docs/api.md), through FastAPI's test client, on SQLite and PostgreSQL:
every refusal is a clear error and changes nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dogfight.server.app import create_app


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def new_game(client: TestClient, **seats: dict[str, Any]) -> dict[str, Any]:
    body = {"game": "wings-of-war", "options": {"scenario": "duel", "max_turns": 3},
            "seed": 5, "seats": seats or {"allies": {"kind": "human"},
                                          "central": {"kind": "pilot", "pilot": "novice"}}}
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def settle(client: TestClient, match_id: str, token: str | None = None,
           within: float = 60.0) -> dict[str, Any]:
    """The match once its computer pilots have moved (they think off the request path,
    in the server's pool of workers): the body as ``token`` sees it."""
    headers = auth(token) if token else {}
    end = time.monotonic() + within
    while True:
        body: dict[str, Any] = client.get(f"/api/matches/{match_id}", headers=headers).json()
        pilots = {s for s, info in body["seats"].items() if info["kind"] == "pilot"}
        if body["status"] == "over" or not pilots & set(body["observation"]["pending"]):
            return body
        assert time.monotonic() < end, f"the pilots of {match_id} never moved"
        time.sleep(0.02)


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def plan_three(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    for card in (1, 2, 3):
        # the position once the computer has planned (it plans at the same time: a seq
        # read before its plan lands is stale, 409)
        state = settle(client, game["id"], token)
        answer = client.post(f"/api/matches/{game['id']}/actions", headers=auth(token),
                             json={"decision": {"plane": "spad", "card": card},
                                   "seq": state["seq"]})
        assert answer.status_code == 200, answer.text
    return settle(client, game["id"], token)


def test_catalog_lists_games_options_and_levels(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    ids = [g["id"] for g in catalog["games"]]
    assert "wings-of-war" in ids and catalog["levels"]["novice"] == "novice"
    wow = next(g for g in catalog["games"] if g["id"] == "wings-of-war")
    assert wow["options"]["rules"]["tailing"]["title"] == "Tailing (Poursuite)"  # English first
    # the kind of map chooses the pages' board (static/boards/)
    boards = {g["id"]: g["board"] for g in catalog["games"]}
    assert boards["wings-of-war"] == "table" and boards["down-in-flames"] == "none"


def test_preview_gives_seats_planes_and_aircraft(client: TestClient) -> None:
    answer = client.post("/api/preview", json={"game": "wings-of-war",
                                               "options": {"scenario": "two-vs-two"}})
    body = answer.json()
    assert set(body["seats"]) == {"allies-1", "allies-2", "central-1", "central-2"}
    assert len(body["planes"]) == 4 and len(body["aircraft"]) >= 21
    bad = client.post("/api/preview", json={"game": "wings-of-war",
                                            "options": {"scenario": "moon"}})
    assert bad.status_code == 400 and "unknown scenario 'moon'" in bad.json()["error"]


def test_preview_without_a_per_plane_aircraft_choice(client: TestClient) -> None:
    """Down In Flames' fighters are chosen in secret inside the game: its preview gives
    the seats and no aircraft choice (and does not fail on planes without aircraft)."""
    for mode in ("dogfight", "mission"):
        answer = client.post("/api/preview", json={"game": "down-in-flames",
                                                   "options": {"mode": mode}})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert set(body["seats"]) == {"allies", "axis"}
        assert "planes" not in body and "aircraft" not in body


def test_game_data_for_the_pages(client: TestClient) -> None:
    data = client.get("/api/games/down-in-flames/data").json()
    assert any(c["title"] == "In My Sights" for c in data["action_deck"])
    assert any(a["name"] == "Spitfire I" for a in data["aircraft"])
    assert client.get("/api/games/moon/data").status_code == 404


def test_a_game_against_the_computer(client: TestClient) -> None:
    game = new_game(client)
    token = game["seats"]["allies"]["token"]
    assert len(token) >= 32 and "token" not in game["seats"]["central"]
    mine = settle(client, game["id"], token)
    assert mine["seat"] == "allies" and mine["observation"]["prompt"]["kind"] == "plan"
    assert mine["observation"]["pending"] == {"allies": "plan"}  # the pilot has planned
    assert mine["observation"]["board"] == "table"  # added by the server to observe()
    body = plan_three(client, game, token)
    assert body["seq"] > 6 and any("flies" in line for line in body["log"])
    spectator = client.get(f"/api/matches/{game['id']}").json()
    assert spectator["seat"] is None and "legal" not in spectator["observation"]
    assert spectator["observation"]["board"] == "table"
    assert all("plan" not in p for p in spectator["observation"]["view"]["planes"])


def test_refusals_change_nothing(client: TestClient) -> None:
    game = new_game(client)
    other = new_game(client)
    token = game["seats"]["allies"]["token"]
    url = f"/api/matches/{game['id']}/actions"
    before = settle(client, game["id"], token)
    cases = [
        ({}, {"decision": {"plane": "spad", "card": 1}}, 403, "token is needed"),
        (auth("x" * 32), {"decision": {"plane": "spad", "card": 1}}, 403, "holds no seat"),
        (auth(other["seats"]["allies"]["token"]), {"decision": {"plane": "spad", "card": 1}},
         403, "holds no seat"),
        (auth(token), {"decision": {"plane": "fokker", "card": 1}}, 400,
         "not flown by seat 'allies'"),
        (auth(token), {"decision": {"plane": "spad", "card": 99}}, 400,
         "deck A has cards 1 to 14"),
        (auth(token), {"decision": {"plane": "spad", "card": 13}}, 400,
         "removed without the altitude rules"),
        (auth(token), {"decision": ["spad"]}, 400, "a decision is a JSON object"),
        (auth(token), {"decision": {"plane": "spad", "card": 1}, "seq": 99}, 409,
         "has moved on"),
        (auth(token), {"card": 1}, 422, "the body is"),
    ]
    for headers, body, status, message in cases:
        answer = client.post(url, headers=headers, json=body)
        assert answer.status_code == status, (body, answer.text)
        assert message in answer.json()["error"], answer.json()
    answer = client.post(url, headers={**auth(token), "content-type": "application/json"},
                         content=b'{"decision": ')
    assert answer.status_code == 422 and "not JSON" in answer.json()["error"]
    refused = client.post(url, headers=auth(token),
                          json={"decision": {"plane": "spad", "card": 13}}).json()
    assert refused["rule"] and "PREPARATION" in refused["rule"]
    after = client.get(f"/api/matches/{game['id']}", headers=auth(token)).json()
    assert after["seq"] == before["seq"] and after["observation"] == before["observation"]
    assert client.get("/api/matches/" + "0" * 32).status_code == 404


def test_a_finished_game_refuses_actions_gives_its_save_and_replays(
        client: TestClient) -> None:
    game = new_game(client, allies={"kind": "pilot", "pilot": "random"},
                    central={"kind": "human"})
    token = game["seats"]["central"]["token"]
    match_url = f"/api/matches/{game['id']}"
    assert client.get(match_url + "/save").status_code == 403  # secrets inside
    for _ in range(500):
        state = settle(client, game["id"], token)
        if state["status"] == "over":
            break
        decision = state["observation"]["legal"][0]
        client.post(match_url + "/actions", headers=auth(token),
                    json={"decision": decision, "seq": state["seq"]})
    assert state["status"] == "over"
    late = client.post(match_url + "/actions", headers=auth(token),
                       json={"decision": {"plane": "fokker", "card": 1}})
    assert late.status_code == 409 and "over" in late.json()["error"]
    save = client.get(match_url + "/save")
    assert save.status_code == 200 and save.json()["game"] == "wings-of-war"
    replay = client.get(match_url + "/replay", params={"step": 3, "seat": "central"}).json()
    assert replay["step"] == 3 and replay["steps"] == state["seq"]
    assert replay["seat"] == "central" and replay["observation"]["board"] == "table"
    uploaded = client.post("/api/saves", content=save.content)
    assert uploaded.status_code == 201
    copy = client.get(f"/api/matches/{uploaded.json()['id']}").json()
    assert copy["status"] == "over" and copy["seq"] == state["seq"]
    edited = save.json()
    edited["actions"][2]["decision"] = {"plane": "nobody", "card": 1}
    import json

    bad = client.post("/api/saves", content=json.dumps(edited).encode())
    assert bad.status_code == 400 and bad.json()["index"] == 2


def test_open_seats_are_joined_once(client: TestClient) -> None:
    answer = client.post("/api/matches", json={
        "game": "wings-of-war", "options": {"scenario": "duel", "max_turns": 3},
        "listed": True, "seats": {"allies": {"kind": "human"}, "central": {"kind": "open"}}})
    game = answer.json()
    listed = client.get("/api/matches", params={"open": 1}).json()
    assert game["id"] in [m["id"] for m in listed]
    joined = client.post(f"/api/matches/{game['id']}/join", json={"seat": "central"})
    assert joined.status_code == 200
    again = client.post(f"/api/matches/{game['id']}/join", json={"seat": "central"})
    assert again.status_code == 409
    mine = client.get(f"/api/matches/{game['id']}", headers=auth(joined.json()["token"]))
    assert mine.json()["seat"] == "central"
    summaries = client.get("/api/matches", params={"ids": game["id"]}).json()
    assert summaries[0]["seats"]["central"]["kind"] == "human"


def test_the_websocket_pushes_each_change(client: TestClient) -> None:
    game = new_game(client, allies={"kind": "human"}, central={"kind": "human"})
    allies, central = (game["seats"][s]["token"] for s in ("allies", "central"))
    with client.websocket_connect(f"/api/matches/{game['id']}/ws?token={central}") as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == "central"
        client.post(f"/api/matches/{game['id']}/actions", headers=auth(allies),
                    json={"decision": {"plane": "spad", "card": 4}})
        update = ws.receive_json()
        assert update["seq"] == 1
        spad = update["observation"]["view"]["planes"][0]
        assert spad["cards_planned"] == 1 and "plan" not in spad  # the card stays secret
        assert update["log"] == ["spad plans a card"]
    refused = f"/api/matches/{game['id']}/ws?token=nope"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(refused) as ws:
        ws.receive_json()


def test_the_database_keeps_every_game(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        game = new_game(first)
        token = game["seats"]["allies"]["token"]
        plan_three(first, game, token)
        seq = first.get(f"/api/matches/{game['id']}", headers=auth(token)).json()["seq"]
    with TestClient(create_app(db_url)) as second:  # a new process on the same database
        again = second.get(f"/api/matches/{game['id']}", headers=auth(token)).json()
        assert again["seq"] == seq and again["seat"] == "allies"


def test_french_catalogue(client: TestClient) -> None:
    fr = client.get("/api/i18n/fr")
    assert fr.status_code == 200 and isinstance(fr.json(), dict)
    assert client.get("/api/i18n/de").status_code == 404


def test_the_log_in_french_follows_the_book(client: TestClient) -> None:
    game = new_game(client)
    token = game["seats"]["allies"]["token"]
    plan_three(client, game, token)
    french = client.get(f"/api/matches/{game['id']}", headers=auth(token),
                        params={"lang": "fr"}).json()["log"]
    assert "spad programme la carte 1\u202f: ligne droite" in french
    assert any(line.startswith("spad effectue « ligne droite » (carte ") for line in french)
