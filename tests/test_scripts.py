"""Every scenario script shipped with a game runs and meets its expectations, and the
script runner reports broken scripts precisely."""

from __future__ import annotations

from pathlib import Path

import pytest

import dogfight.games
from dogfight.core import ScriptError
from dogfight.script import Script, ScriptStep, load_script, run_script

SCRIPTS = sorted(Path(dogfight.games.__file__).parent.glob("*/scripts/*.toml"))


def test_scripts_are_shipped() -> None:
    assert SCRIPTS, "no scenario scripts found"


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_script_meets_its_expectations(path: Path) -> None:
    script = load_script(path)
    assert script.expect or script.expect_event, f"{path.name} checks nothing"
    final = run_script(script, path.name)
    assert final["game"] == script.game


def test_a_wrong_expectation_is_reported() -> None:
    script = Script(game="test-duel", seed=1, expect={"state.round": 9, "absent": ["state"]})
    with pytest.raises(ScriptError, match=r"state.round is 1, expected 9; state should be absent"):
        run_script(script)


def test_an_unexpected_refusal_names_the_step() -> None:
    script = Script(game="test-duel", step=[ScriptStep("red", {"maneuver": "loop"})])
    with pytest.raises(ScriptError, match=r"step 1 \(red\) refused: unknown maneuver 'loop'"):
        run_script(script)


def test_an_expected_refusal_that_is_accepted_is_reported() -> None:
    script = Script(game="test-duel", step=[ScriptStep("red", {"maneuver": "dive"}, error="x")])
    with pytest.raises(ScriptError, match="was accepted but should be refused"):
        run_script(script)


def test_malformed_script_files_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('game = "test-duel"\nsteps = []\n')
    with pytest.raises(ScriptError, match="unknown field `steps`"):
        load_script(path)
    path.write_text("game = \n")
    with pytest.raises(ScriptError, match="not valid TOML"):
        load_script(path)
