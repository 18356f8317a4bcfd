"""Les Ailes de la Gloire's campaign kept in the database and flown through `dogfight
campaign` (JEU DE CAMPAGNE: four games a month, a player's two pilots, the decisions of
the week as the campaign's choices). Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dogfight import campaigns
from dogfight.cli import main
from dogfight.store.db import Database

OPTIONS = {"start": "1918-10", "players": [
    {"name": "Anne", "side": "allied", "pilots": [{"nation": "english", "aircraft": "se-5a"},
                                                  {"nation": "french", "aircraft": "spad-13"}]},
    {"name": "Karl", "side": "german", "pilots": [{"aircraft": "fokker-d7"}]}]}


def test_cli_campaign_chooses_the_second_pilot(tmp_path: Any,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """§ Les Pilotes: ``--choice 1`` decides that Anne's second pilot flies (a decision:
    no game flown); ``fly`` then flies the week's game."""
    db = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    assert main(["campaign", "--db", db, "start", "ailes-de-la-gloire", "western-front",
                 "--options", json.dumps(OPTIONS)]) == 0
    cid = capsys.readouterr().out.strip()
    assert main(["campaign", "--db", db, "show", cid]) == 0
    shown = capsys.readouterr().out
    assert "choice 0   1918-10, week 1: Anne: Anne #1 flies" in shown
    assert "choice 1   1918-10, week 1: Anne: Anne #2 flies" in shown
    assert main(["campaign", "--db", db, "fly", cid, "--choice", "1", "--json"]) == 0
    now = json.loads(capsys.readouterr().out)
    assert now["games"] == [] and now["record"]["decided"] == {"Anne": ["Anne #2"]}
    assert [c["label"] for c in now["choices"]] == [
        "1918-10, week 1: Anne: Anne #2 (Spad XIII #13); Karl: Karl #3 (Fokker D.VII #49)"]
    assert main(["campaign", "--db", db, "fly", cid, "--players", "random,random",
                 "--json"]) == 0
    now = json.loads(capsys.readouterr().out)
    assert len(now["games"]) == 1 and now["games"][0]["recorded"]
    assert (now["record"]["date"], now["record"]["week"]) == ("1918-10", 2)
    anne = now["record"]["players"][0]["pilots"]
    assert anne[0]["games"] == 0 and (anne[1]["games"] == 1 or now["record"]["fallen"])


def test_campaign_in_the_database_to_the_armistice(db_url: str) -> None:
    """October and November 1918, every week flown by computer pilots and folded in."""
    from dogfight.core import get_game
    from dogfight.play import simulate
    from dogfight.store.saves import save_from_match

    game = get_game("ailes-de-la-gloire")
    database = Database(db_url)
    try:
        cid = campaigns.start(database, "ailes-de-la-gloire", "western-front", OPTIONS)
        seed = 0
        decisions = 0
        while campaigns.status(database, cid)["choices"]:
            if campaigns.is_decision(database, cid, 0):  # who flies: each pilot in turn
                campaigns.decide(database, cid, seed % 2)
                decisions += 1
                continue
            options = campaigns.next_options(database, cid, 0)
            match, players = simulate(game, options, seed, ["random", "random"])
            campaigns.link(database, cid, database.import_save(save_from_match(match, players)))
            seed += 1
        now = campaigns.status(database, cid)
        assert seed == 8 and now["status"] == "over" and now["result"] is not None
        assert decisions >= 8  # at least who flies, every week
        assert [g["recorded"] for g in now["games"]] == [True] * 8
    finally:
        database.close()


def test_campaign_by_the_api(tmp_path: Any) -> None:
    """docs/api.md § Campaigns: the campaign's record and its week's choices."""
    from fastapi.testclient import TestClient

    from dogfight.server.app import create_app
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}")) as client:
        made = client.post("/api/campaigns", json={"game": "ailes-de-la-gloire",
                                                   "campaign": "western-front",
                                                   "options": OPTIONS})
        assert made.status_code == 201, made.text
        body = made.json()
        assert body["record"]["date"] == "1918-10" and len(body["choices"]) == 2
        assert body["choices"][1]["label"] == "1918-10, week 1: Anne: Anne #2 flies"
        decided = client.post(f"/api/campaigns/{body['id']}/next", json={"choice": 1})
        assert decided.status_code == 201, decided.text
        now = decided.json()
        assert now["decided"] and now["games"] == [] and len(now["choices"]) == 1
        assert now["choices"][0]["options"]["flyers"][0]["pilot"]["name"] == "Anne #2"
        game = client.post(f"/api/campaigns/{body['id']}/next", json={"choice": 0})
        assert game.status_code == 201 and game.json()["campaign"] == body["id"]
        bad = client.post("/api/campaigns", json={"game": "ailes-de-la-gloire",
                                                  "campaign": "western-front",
                                                  "options": {"start": "1919-01",
                                                              "players": []}})
        assert bad.status_code == 400 and "Les Dates" in bad.json()["error"]
