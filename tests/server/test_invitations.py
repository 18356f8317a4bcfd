"""Who may see and take an open seat (issue 14), who may list campaigns (issue 15), and
the practice mark (a chosen seed) wherever a game is listed; on SQLite and PostgreSQL.

An open seat is taken with its invitation link (a secret token, answered once at the
game's creation); the lobby lists the open seats only of the games whose creator chose
so (``listed``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dogfight.core import get_game
from dogfight.server.app import create_app
from dogfight.store.db import HEAD, MIGRATIONS, Database, SeatInfo, normalize_url
from tests.server.test_api import auth, settle


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def created(client: TestClient, *, listed: bool | None = None, seed: int | None = None,
            **seats: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "wings-of-war",
                            "options": {"scenario": "duel", "max_turns": 3},
                            "seats": seats or {"allies": {"kind": "human"},
                                               "central": {"kind": "open"}}}
    if listed is not None:
        body["listed"] = listed
    if seed is not None:
        body["seed"] = seed
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def open_ids(client: TestClient) -> list[str]:
    return [m["id"] for m in client.get("/api/matches", params={"open": 1}).json()]


def test_an_open_seat_is_unlisted_and_taken_only_with_its_invitation(
        client: TestClient) -> None:
    game = created(client)
    assert game["listed"] is False
    invite = game["seats"]["central"]["invite"]
    assert len(invite) >= 32  # 192 random bits, URL-safe
    assert game["id"] not in open_ids(client)
    path = f"/api/matches/{game['id']}/join"
    wrong = invite[:-1] + ("y" if invite.endswith("x") else "x")  # one letter off, never itself
    refused = [client.post(path, json={"seat": "central"}),
               client.post(path, json={"seat": "central", "invite": wrong}),
               client.post(path, json={"seat": "allies", "invite": invite}),
               client.post(path, json={"seat": "central",
                                       "invite": game["seats"]["allies"]["token"]})]
    assert [r.status_code for r in refused] == [403, 403, 403, 403]
    assert "invitation link" in refused[0].json()["error"]
    summary = client.get("/api/matches", params={"ids": game["id"]}).json()[0]
    assert summary["seats"]["central"]["open"] is True  # nothing changed
    joined = client.post(path, json={"seat": "central", "invite": invite})
    assert joined.status_code == 200, joined.text
    mine = client.get(f"/api/matches/{game['id']}", headers=auth(joined.json()["token"]))
    assert mine.json()["seat"] == "central"
    again = client.post(path, json={"seat": "central", "invite": invite})
    assert again.status_code == 409  # an invitation admits once


def test_the_invitation_is_in_no_listing_nor_any_seats_view(client: TestClient) -> None:
    game = created(client, listed=True, allies={"kind": "human"},
                   central={"kind": "open"})
    invite = game["seats"]["central"]["invite"]
    token = game["seats"]["allies"]["token"]
    seen = [client.get("/api/matches", params={"open": 1}).text,
            client.get("/api/matches", params={"ids": game["id"]}).text,
            client.get(f"/api/matches/{game['id']}").text,
            client.get(f"/api/matches/{game['id']}", headers=auth(token)).text]
    with client.websocket_connect(f"/api/matches/{game['id']}/ws?token={token}") as ws:
        seen.append(ws.receive_text())
    assert all(invite not in text for text in seen)
    assert game["id"] in seen[0]


def test_a_listed_games_open_seat_is_taken_from_the_lobby(client: TestClient) -> None:
    listed = created(client, listed=True)
    unlisted = created(client, listed=False)
    assert open_ids(client) == [listed["id"]]
    assert client.get("/api/matches", params={"ids": listed["id"]}).json()[0]["listed"]
    joined = client.post(f"/api/matches/{listed['id']}/join", json={"seat": "central"})
    assert joined.status_code == 200, joined.text
    assert open_ids(client) == []  # no open seat left
    assert client.post(f"/api/matches/{unlisted['id']}/join",
                       json={"seat": "central"}).status_code == 403


def test_a_campaign_game_may_be_listed_or_invitation_only(client: TestClient) -> None:
    cid = client.post("/api/campaigns", json={"game": "down-in-flames",
                                              "campaign": "poland-1939"}).json()["id"]
    made = client.post(f"/api/campaigns/{cid}/next", json={
        "choice": 0, "seats": {"allies": {"kind": "human"}, "axis": {"kind": "open"}}})
    assert made.status_code == 201, made.text
    assert made.json()["listed"] is False and made.json()["id"] not in open_ids(client)
    assert "invite" in made.json()["seats"]["axis"]


def test_campaigns_are_listed_only_by_ids(client: TestClient) -> None:
    """Issue 15: GET /api/campaigns listed everybody's campaigns."""
    mine = client.post("/api/campaigns", json={"game": "down-in-flames",
                                               "campaign": "poland-1939"}).json()["id"]
    other = client.post("/api/campaigns", json={"game": "down-in-flames",
                                                "campaign": "poland-1939"}).json()["id"]
    everyone = client.get("/api/campaigns")
    assert everyone.status_code == 422 and everyone.json()["path"] == "$.ids"
    listed = client.get("/api/campaigns", params={"ids": mine}).json()
    assert [c["id"] for c in listed] == [mine]
    both = client.get("/api/campaigns", params={"ids": f"{mine},{other},nope"}).json()
    assert sorted(c["id"] for c in both) == sorted([mine, other])
    too_many = ",".join(["x"] * 101)
    assert client.get("/api/campaigns", params={"ids": too_many}).status_code == 422


def test_a_chosen_seed_marks_the_game_practice_everywhere(client: TestClient) -> None:
    """Issue 15 point 3: the creation, the lobby listing, the listing by ids, the table's
    body, the socket and the replay all say "practice"; a drawn seed says not."""
    pilots = {"allies": {"kind": "pilot", "pilot": "novice"},
              "central": {"kind": "pilot", "pilot": "novice"}}
    chosen = created(client, seed=4, listed=True, allies={"kind": "human"},
                     central={"kind": "open"})
    drawn = created(client, listed=True, allies={"kind": "human"},
                    central={"kind": "open"})
    assert (chosen["practice"], drawn["practice"]) == (True, False)
    lobby = {m["id"]: m["practice"] for m in client.get("/api/matches",
                                                         params={"open": 1}).json()}
    assert lobby == {chosen["id"]: True, drawn["id"]: False}
    for game, practice in ((chosen, True), (drawn, False)):
        by_id = client.get("/api/matches", params={"ids": game["id"]}).json()[0]
        table = client.get(f"/api/matches/{game['id']}").json()
        with client.websocket_connect(f"/api/matches/{game['id']}/ws") as ws:
            pushed = json.loads(ws.receive_text())
        assert (by_id["practice"], table["practice"], pushed["practice"]) == (practice,) * 3
    over = created(client, seed=6, **pilots)
    settle(client, over["id"])
    replay = client.get(f"/api/matches/{over['id']}/replay", params={"step": 1}).json()
    assert replay["practice"] is True and replay["seed"] == 6


def schema_v0002(url: str) -> None:
    """A database as revision v0002 left it (before invitations), holding a game with an
    open seat, made when every open seat was in the lobby."""
    from datetime import UTC, datetime

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    engine = create_engine(normalize_url(url))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    now = datetime.now(UTC)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "v0002")
        connection.execute(text(
            "INSERT INTO games (id, game, version, seed, options, players, status, "
            "action_count, digest, practice, created_at, updated_at) VALUES (:id, "
            "'wings-of-war', :version, 5, :options, :players, 'active', 0, NULL, :practice,"
            " :now, :now)"), {"id": "b" * 32, "version": get_game("wings-of-war").version,
                              "options": json.dumps({"scenario": "duel"}), "now": now,
                              "players": json.dumps({"allies": "human", "central": "open"}),
                              "practice": False})
        for seat, kind, digest in (("allies", "human", "f" * 64), ("central", "open", None)):
            connection.execute(text(
                "INSERT INTO seats (game_id, seat, kind, pilot, token_hash) VALUES "
                "(:id, :seat, :kind, NULL, :digest)"),
                {"id": "b" * 32, "seat": seat, "kind": kind, "digest": digest})
    engine.dispose()


def test_a_database_of_revision_v0002_is_upgraded_keeping_its_open_seats_listed(
        db_url: str) -> None:
    """Issue 14: the migration adds games.listed and seats.invite_hash; the games made
    before it stay in the lobby (their open seats have no invitation to share)."""
    schema_v0002(db_url)
    database = Database(db_url)
    try:
        assert database.revision == HEAD == "v0003"
        assert database.seats("b" * 32) == [SeatInfo("allies", "human", None, "f" * 64),
                                             SeatInfo("central", "open", None, None)]
        assert database.admission("b" * 32, "central") == (True, None)
        assert [g.id for g in database.list_games(open_seats=True)] == ["b" * 32]
        new = database.create_game("wings-of-war", "1", 1, {}, seats=[
            SeatInfo("central", "open", None, None, "e" * 64)])
        assert database.admission(new, "central") == (False, "e" * 64)
        assert [g.id for g in database.list_games(open_seats=True)] == ["b" * 32]
    finally:
        database.close()
    with TestClient(create_app(db_url)) as client:
        assert open_ids(client) == ["b" * 32]
        joined = client.post(f"/api/matches/{'b' * 32}/join", json={"seat": "central"})
        assert joined.status_code == 200, joined.text
