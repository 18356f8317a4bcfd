"""The ``dogfight`` command line, run as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dogfight.core import game_ids

SCRIPTS = Path(__file__).parent.parent / "src" / "dogfight" / "games" / "duel" / "scripts"


def run(*args: str, stdin: str | None = None, cwd: Path | None = None
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dogfight", *args], capture_output=True,
                          text=True, input=stdin, timeout=120, cwd=cwd)


def run_json(*args: str) -> Any:
    done = run(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_games_lists_every_registered_game() -> None:
    games = run_json("games")
    assert [g["id"] for g in games] == game_ids()
    text = run("games").stdout
    assert "test-duel" in text and "Duel at Dawn" in text


@pytest.mark.parametrize("game_id", game_ids())
def test_simulate_json_is_complete_and_identical_twice(game_id: str) -> None:
    first = run_json("simulate", game_id, "--seed", "1")
    second = run_json("simulate", game_id, "--seed", "1")
    assert first == second
    for key in ("game", "seed", "players", "winner", "turns", "decisions", "digest"):
        assert key in first
    assert first["game"] == game_id and first["seed"] == 1 and first["over"] is True
    assert len(first["digest"]) == 64 and first["decisions"] > 0
    assert run_json("simulate", game_id, "--seed", "2")["digest"] != first["digest"]


def test_simulate_save_then_replay_gives_the_same_result(tmp_path: Path) -> None:
    save = tmp_path / "duel.json"
    done = run("simulate", "test-duel", "--seed", "8", "-o", "rules.jams=true",
               "--players", "random,random", "--save", str(save), "--json")
    assert done.returncode == 0, done.stderr
    simulated = json.loads(done.stdout)
    replayed = run_json("replay", str(save))
    assert replayed == simulated
    assert json.loads(save.read_text())["options"] == {"rules": {"jams": True}}


def test_replay_of_a_flipped_action_names_its_index(tmp_path: Path) -> None:
    save = tmp_path / "duel.json"
    assert run("simulate", "test-duel", "--seed", "8", "--save", str(save)).returncode == 0
    data = json.loads(save.read_text())
    decision = data["actions"][3]["decision"]
    data["actions"][3]["decision"] = (
        {"fire": not decision["fire"]} if "fire" in decision
        else {"maneuver": "dive" if decision["maneuver"] != "dive" else "turn"})
    save.write_text(json.dumps(data))
    before = save.read_text()
    done = run("replay", str(save))
    assert done.returncode == 1
    assert f"does not replay: action 3 ({data['actions'][3]['seat']})" in done.stderr
    assert save.read_text() == before


def test_replay_of_a_corrupt_file_is_a_clear_error(tmp_path: Path) -> None:
    save = tmp_path / "duel.json"
    save.write_text('{"game": "test-duel", "ver')
    done = run("replay", str(save))
    assert done.returncode == 1 and "not valid JSON" in done.stderr
    assert "Traceback" not in done.stderr


def test_data_prints_the_loaded_data() -> None:
    data = run_json("data", "test-duel")
    assert set(data["maneuvers"]) == {"climb", "dive", "turn"}
    assert sum(c["count"] for c in data["damage_deck"]) == 16
    assert "hit_table" in run("data", "test-duel").stdout


def test_script_prints_the_full_final_state() -> None:
    final = run_json("script", str(SCRIPTS / "head-on-pass.toml"))
    assert final["state"]["pilots"][1]["shot_down"] is True
    assert final["outcome"]["winner"] == "red"
    text = run("script", str(SCRIPTS / "head-on-pass.toml")).stdout
    assert "final state:" in text and "all met" in text


def test_errors_are_one_clear_line_and_exit_code_1() -> None:
    for args, message in [
        (("simulate", "chess", "--seed", "1"), "unknown game 'chess'"),
        (("simulate", "test-duel", "--seed", "1", "-o", "speed=3"), "unknown field `speed`"),
        (("simulate", "test-duel", "--seed", "1", "--players", "a,b,c"), "has 2 seats"),
        (("simulate", "test-duel", "--seed", "1", "--players", "genius"), "unknown pilot"),
        (("simulate", "test-duel", "--seed", "-1"), "seed must be an integer"),
        (("script", "/nonexistent.toml"), "cannot read"),
    ]:
        done = run(*args)
        assert done.returncode == 1, args
        assert message in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_play_in_the_terminal_against_the_computer(tmp_path: Path) -> None:
    answers = "\n".join(["x", "v", *(["1"] * 60)]) + "\n"
    save = tmp_path / "played.json"
    done = run("play", "test-duel", "--seed", "3", "--save", str(save), stdin=answers)
    assert done.returncode == 0, done.stderr
    assert "you fly red" in done.stdout and "No decision has the key or words 'x'" in done.stdout
    assert "Game over" in done.stdout
    assert run_json("replay", str(save))["over"] is True


def test_db_import_list_export(tmp_path: Path) -> None:
    save, out = tmp_path / "a.json", tmp_path / "b.json"
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    assert run("simulate", "test-duel", "--seed", "4", "--save", str(save)).returncode == 0
    done = run("db", "--db", url, "import", str(save))
    assert done.returncode == 0, done.stderr
    game_id = done.stdout.strip()
    listed = json.loads(run("db", "--db", url, "list", "--json").stdout)
    assert [g["id"] for g in listed] == [game_id]
    assert run("db", "--db", url, "export", game_id, str(out)).returncode == 0
    assert json.loads(out.read_text()) == json.loads(save.read_text())
    assert run_json("replay", "--db", url, game_id)["digest"] == run_json(
        "replay", str(save))["digest"]
