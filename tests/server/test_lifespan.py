"""The app's lifespan may run more than once on one app (an ASGI test client runs it a
client at a time; schemathesis a call at a time): a game created in a second run is
driven like one in the first, not answered 500 by pilots' threads shut down."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dogfight.server.app import create_app
from tests.server.test_api import settle


def test_games_are_created_after_the_lifespan_ran_once(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOGFIGHT_CREATE_LIMIT", "0")
    app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    for _ in range(2):
        with TestClient(app) as client:
            created = client.post("/api/matches", json={"game": "age-of-dogfights"})
            assert created.status_code == 201, created.text


def test_the_pilots_stop_with_the_server_and_drive_on_at_its_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match of computer pilots only is not played on by a server that has stopped (its
    drivers leave after the decision in hand, and the shutdown waits for them: none is
    left thinking inline when the process ends); the next start drives it on."""
    monkeypatch.setenv("DOGFIGHT_CREATE_LIMIT", "0")
    app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    hub = app.state.hub
    body = {"game": "wings-of-war", "options": {"scenario": "duel", "max_turns": 3},
            "seed": 5, "seats": {"allies": {"kind": "pilot", "pilot": "novice"},
                                 "central": {"kind": "pilot", "pilot": "novice"}}}
    with TestClient(app) as client:
        created = client.post("/api/matches", json=body)
        assert created.status_code == 201, created.text
        match_id = created.json()["id"]
    assert not hub.driving  # nobody plays on
    stopped_at = hub.db.action_count(match_id)
    with TestClient(app) as client:
        assert settle(client, match_id)["status"] == "over"  # pilots only: to the end
    assert hub.db.action_count(match_id) > stopped_at
