"""Down In Flames campaigns kept in the database (SQLite and PostgreSQL).

Book 004_fe250b7836505b34.txt § Jouer une campagne: § Durée (missions per campaign),
§ Déterminez l'initiative, § Flèches d'attaque and § Première mission (arrows from
Start), § Contrôler une cible (markers, control, no attack on one's own Destroyed
marker), § Initiative (Destroyed keeps it, else it passes), § Options (each once a
campaign), § Déterminer l'issue de la campagne (VP summed, the sheet's table).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from dogfight import campaigns
from dogfight.cli import main
from dogfight.core import Outcome, get_game
from dogfight.core.errors import InvalidOptions
from dogfight.store.db import Database

GAME = get_game("down-in-flames")


def _outcome(target: int, status: str, attacker: str = "axis", net: int = -8,
             options: list[list[Any]] | None = None) -> Outcome:
    return Outcome("axis", "test", {}, {"target": target, "status": status, "net_vp": net,
                                       "vp": {"axis": -net, "allies": 0},
                                       "attacker": attacker, "options": options or []})


def test_first_mission_from_start_arrows_with_the_initiative() -> None:
    """§ Première mission: in Poland 1939 the Axis chooses among #1, #2, #3, #4, #6."""
    record = GAME.campaign_start("poland-1939", {})
    choices = GAME.campaign_choices(record)
    assert {c["chooser"] for c in choices} == {"axis"}
    targets = sorted(c["options"]["mission"]["sortie"].split(":")[3] for c in choices)
    assert targets == ["1", "2", "3", "4", "6"]


def test_destroyed_keeps_initiative_and_control_opens_arrows() -> None:
    """§ Initiative: a Destroyed result keeps the initiative; § Contrôler une cible: the
    attacker controls the target and may fly from it; its own Destroyed marker closes
    the target to it; the options used are gone for the campaign."""
    record = GAME.campaign_start("poland-1939", {})
    options = GAME.campaign_choices(record)[2]["options"]  # the airfield, #3
    record = GAME.campaign_record(record, options, _outcome(3, "destroyed",
                                                            options=[["axis", 1, ""]]))
    assert record["initiative"] == "axis"
    assert record["control"]["3"] == {"side": "axis", "status": "destroyed"}
    sorties = [c["options"]["mission"]["sortie"] for c in GAME.campaign_choices(record)]
    assert "poland-1939:axis:3:5" in sorties            # from the controlled airfield
    assert not any(s.endswith(":3") for s in sorties)   # own Destroyed marker
    assert GAME.campaign_choices(record)[0]["options"]["mission"]["used"] == ["axis:1"]


def test_intact_or_damaged_passes_the_initiative() -> None:
    """§ Initiative: Intact or Damaged, the opponent gains the initiative."""
    record = GAME.campaign_start("poland-1939", {})
    options = GAME.campaign_choices(record)[0]["options"]
    after = GAME.campaign_record(record, options, _outcome(1, "damaged"))
    assert after["initiative"] == "allies"
    assert after["control"]["1"]["status"] == "damaged"
    assert {c["chooser"] for c in GAME.campaign_choices(after)} == {"allies"}
    intact = GAME.campaign_record(record, options, _outcome(1, "intact"))
    assert "1" not in intact["control"]


def test_campaign_result_from_the_summed_net_vp() -> None:
    """§ Durée: Poland 1939 is four missions; § Déterminer l'issue: VP summed, the
    sheet's table gives the result."""
    record = GAME.campaign_start("poland-1939", {})
    for _ in range(4):
        assert GAME.campaign_result(record) is None
        options = GAME.campaign_choices(record)[0]["options"]
        record = GAME.campaign_record(record, options, _outcome(1, "intact", net=5))
    result = GAME.campaign_result(record)
    assert result is not None and result["net_vp"] == 20 and result["winner"] == "allies"
    assert GAME.campaign_choices(record) == []


def test_used_options_are_not_offered_again() -> None:
    """§ Options: each option only once a campaign."""
    state = GAME.setup({"mode": "mission", "mission": {
        "sortie": "poland-1939:axis:start:3", "used": ["axis:1", "axis:2"]}},
        __import__("dogfight.core", fromlist=["new_rng"]).new_rng(1))
    numbers = {d["option"] for d in GAME.legal(state, "axis")}
    assert numbers and not numbers & {1, 2}


def test_campaign_in_the_database_played_by_pilots(db_url: str) -> None:
    """A whole campaign flown by computer pilots, each mission stored as a game and
    folded into the record kept in the database."""
    database = Database(db_url)
    try:
        cid = campaigns.start(database, "down-in-flames", "poland-1939")
        from dogfight.play import simulate
        from dogfight.store.saves import save_from_match

        for seed in range(4):
            options = campaigns.next_options(database, cid, 0)
            match, players = simulate(GAME, options, seed, ["greedy", "greedy"])
            campaigns.link(database, cid, database.import_save(save_from_match(match, players)))
        now = campaigns.status(database, cid)
        assert now["status"] == "over" and now["result"] is not None
        assert [g["recorded"] for g in now["games"]] == [True] * 4
        assert len(now["record"]["missions"]) == 4
        with pytest.raises(InvalidOptions, match="is over"):
            campaigns.next_options(database, cid, 0)
    finally:
        database.close()


def test_cli_campaign(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    assert main(["campaign", "--db", db, "start", "down-in-flames", "poland-1939"]) == 0
    cid = capsys.readouterr().out.strip()
    assert main(["campaign", "--db", db, "fly", cid, "--choice", "2", "--players",
                 "greedy,greedy", "--json"]) == 0
    now = json.loads(capsys.readouterr().out)
    assert len(now["games"]) == 1 and now["games"][0]["recorded"]
    assert now["record"]["missions"][0]["target"] == 3
    assert main(["campaign", "--db", db, "start", "down-in-flames", "nowhere"]) == 1
    assert "no campaign 'nowhere'" in capsys.readouterr().err
