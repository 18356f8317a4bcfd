"""The app's lifespan may run more than once on one app (an ASGI test client runs it a
client at a time; schemathesis a call at a time): a game created in a second run is
driven like one in the first, not answered 500 by pilots' threads shut down."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dogfight.server.app import create_app


def test_games_are_created_after_the_lifespan_ran_once(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOGFIGHT_CREATE_LIMIT", "0")
    app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    for _ in range(2):
        with TestClient(app) as client:
            created = client.post("/api/matches", json={"game": "age-of-dogfights"})
            assert created.status_code == 201, created.text
