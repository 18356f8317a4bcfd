"""Every scenario script shipped with a game runs and meets its expectations, and the
script runner reports broken scripts precisely."""

from __future__ import annotations

import re
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


# -- the format's capabilities (docs/scripts.md), each shown on the test duel -------------------
def run_text(tmp_path: Path, text: str) -> dict[str, object]:
    """Run a script written as TOML text (as a file, the way scripts are shipped)."""
    path = tmp_path / "script.toml"
    path.write_text(text)
    return run_script(load_script(path), "script.toml")


HEAD_ON = """
game = "test-duel"
seed = 11
forced = [6, 4]
[options]
structure = 4
[[step]]
seat = "red"
decision = { maneuver = "dive" }
[[step]]
seat = "blue"
decision = { maneuver = "dive" }
"""


def test_a_setup_that_must_be_refused(tmp_path: Path) -> None:
    final = run_text(tmp_path, 'game = "test-duel"\nsetup_error = "rounds"\n'
                               "[options]\nrounds = -1\n")
    assert "rounds" in str(final["setup_error"])
    with pytest.raises(ScriptError, match="was accepted but should be refused"):
        run_text(tmp_path, 'game = "test-duel"\nsetup_error = "rounds"\n')
    with pytest.raises(ScriptError, match="expected a message containing 'turns'"):
        run_text(tmp_path, 'game = "test-duel"\nsetup_error = "turns"\n'
                           "[options]\nrounds = -1\n")


def test_a_starting_state_by_dotted_path(tmp_path: Path) -> None:
    """Damage taken and a deck's exact contents, instead of rounds of preamble."""
    final = run_text(tmp_path, HEAD_ON + """
[state]
"pilots.1.damage" = 3
"pilots.1.deck.cards" = [2, 0]
[[step]]
seat = "red"
decision = { fire = true }
[[step]]
seat = "blue"
decision = { fire = true }
[expect]
"state.pilots.1.damage" = 5
"state.pilots.1.deck.cards" = []
"outcome.winner" = "red"
""")
    assert final["decisions"] == 4


def test_a_starting_state_is_checked_by_the_states_type_and_invariants(
        tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match=r"does not fit the game's state: Expected `int`"):
        run_text(tmp_path, HEAD_ON + '[state]\n"pilots.1.damage" = "a lot"\n')
    with pytest.raises(ScriptError, match=re.escape("no value at 'pilots.5.damage'")):
        run_text(tmp_path, HEAD_ON + '[state]\n"pilots.5.damage" = 1\n')
    with pytest.raises(ScriptError, match="invariants: blue: shot_down disagrees"):
        run_text(tmp_path, HEAD_ON + '[state]\n"pilots.1.damage" = 9\n')
    final = run_text(tmp_path, HEAD_ON + '[state]\nnull = ["result"]\n'
                                         '[expect]\nnull = ["state.result"]\n')
    assert final["state"]["result"] is None  # type: ignore[index]


def test_checkpoints_and_steps_tied_to_a_turn_phase_and_prompt(tmp_path: Path) -> None:
    text = HEAD_ON.replace('decision = { maneuver = "dive" }\n[[step]]\nseat = "blue"',
                           'decision = { maneuver = "dive" }\nturn = 1\nphase = "plan"\n'
                           'prompt = "plan"\n[step.expect]\n"pending.blue" = "plan"\n'
                           'absent = ["pending.red"]\n[[step]]\nseat = "blue"')
    run_text(tmp_path, text + '[[step]]\nphase = "fire"\n[step.expect]\n"state.round" = 1\n')
    with pytest.raises(ScriptError, match=r"step 3 is tied to phase 'plan' \(the game is at "
                                          r"phase 'fire'\)"):
        run_text(tmp_path, text + '[[step]]\nphase = "plan"\n')
    with pytest.raises(ScriptError, match=r"step 3 \(red\) is tied to turn 2"):
        run_text(tmp_path, text + '[[step]]\nseat = "red"\ndecision = { fire = true }\n'
                                  "turn = 2\n")
    with pytest.raises(ScriptError, match=r"step 1 \(red\): state.round is 1, expected 2"):
        run_text(tmp_path, HEAD_ON.replace('"dive" }\n[[step]]',
                                           '"dive" }\n[step.expect]\n"state.round" = 2\n'
                                           "[[step]]", 1))


def test_events_carry_their_step_turn_and_phase_counts_and_order(tmp_path: Path) -> None:
    text = HEAD_ON + """
[[step]]
seat = "red"
decision = { fire = true }
events = ["shot", "damage-card", "damage-card-drawn", "damage-card", "damage-card-drawn"]
[[step]]
seat = "blue"
decision = { fire = true }
[[expect_event]]
kind = "shot"
count = 2
phase = "fire"
[[expect_event]]
kind = "shot"
data = { seat = "red" }
step = 3
turn = 1
[[expect_order]]
kind = "shot"
data = { seat = "red" }
[[expect_order]]
kind = "shot"
data = { seat = "blue" }
"""
    final = run_text(tmp_path, text)
    shots = [e for e in final["events"] if e["kind"] == "shot"]  # type: ignore[attr-defined]
    assert [(e["step"], e["turn"], e["phase"]) for e in shots] == [(3, 1, "fire"),
                                                                   (4, 1, "fire")]
    counted = re.escape("2 events shot {} at {'phase': 'fire'}, expected 1")
    with pytest.raises(ScriptError, match=counted):
        run_text(tmp_path, text.replace("count = 2", "count = 1"))
    with pytest.raises(ScriptError, match=re.escape("no event shot {'seat': 'red'} after event")):
        run_text(tmp_path, text + '[[expect_order]]\nkind = "shot"\ndata = { seat = "red" }\n')
    with pytest.raises(ScriptError, match=r"step 3 \(red\): its events are \['shot'"):
        run_text(tmp_path, text.replace('events = ["shot", ', 'events = ['))


def test_null_not_equal_ranges_and_lengths(tmp_path: Path) -> None:
    text = HEAD_ON + """
[expect]
null = ["outcome"]
not = { "state.phase" = "over" }
range = { "state.round" = [1, 2] }
len = { "state.pilots" = 2, "events" = 5 }
"state.revealed" = ["dive", "dive"]
"""
    run_text(tmp_path, text)
    with pytest.raises(ScriptError, match=r"outcomes is missing, expected null; "
                                          r"state.phase is 'fire', expected anything else; "
                                          r"state.round is 1, expected within 2..3"):
        run_text(tmp_path, HEAD_ON + '[expect]\nnot = { "state.phase" = "fire" }\n'
                                     'range = { "state.round" = [2, 3] }\n'
                                     'null = ["outcomes"]\n')


def test_list_items_by_a_field_value(tmp_path: Path) -> None:
    from dogfight.script import lookup
    value = {"planes": [{"id": "a", "x": 1}, {"id": "b", "x": 2}]}
    assert lookup(value, "planes.id=b.x") == 2
    assert lookup(value, "planes.-1.x") == 2


def test_events_made_by_the_setup_are_kept(tmp_path: Path) -> None:
    """book: 004_fe250b7836505b34.txt § Equilibrer les points de victoire"""
    final = run_text(tmp_path, """
game = "down-in-flames"
[options]
aircraft = { allies-1 = "p-11c", axis-1 = "bf-109e" }
rules = { vp_balancing = true }
[[expect_event]]
kind = "vp-balance"
step = 0
""")
    assert final["events"][0]["step"] == 0  # type: ignore[index]


def test_a_decision_of_another_step_names_the_rule_of_this_one(tmp_path: Path) -> None:
    """Not "malformed": a fire order is a decision of the duel, not of its planning step."""
    run_text(tmp_path, 'game = "test-duel"\n[[step]]\nseat = "red"\n'
                       'decision = { fire = true }\nerror = "no fire decision is asked now: '
                       'the game waits for a plan decision (Duel at Dawn, rule 2)"\n'
                       '[expect]\n"state.phase" = "plan"\n')


def test_files_of_the_scripts_own_are_read_while_it_runs(tmp_path: Path) -> None:
    shipped = (Path(dogfight.games.__file__).parent / "duel/data/duel.toml").read_text()
    own = shipped.replace('title = "Duel at Dawn (test game)"', 'title = "Our own duel"')
    final = run_text(tmp_path, HEAD_ON + f"[files]\n'duel.toml' = '''{own}'''\n"
                     '[expect]\n"state.round" = 1\n')
    assert final["state"]
    from dogfight.games.duel.data import dataset
    assert dataset().title == "Duel at Dawn (test game)"
    with pytest.raises(ScriptError, match="relative path inside"):
        run_text(tmp_path, HEAD_ON + "[files]\n'../x.toml' = ''\n")


def test_a_campaign_game_of_the_scripts_own(tmp_path: Path) -> None:
    """book: 004_fe250b7836505b34.txt § Jouer une campagne"""
    final = run_text(tmp_path, """
game = "down-in-flames"
[campaign]
name = "poland-1939"
choice = 0
[expect]
"state.options.mode" = "mission"
"campaign.choices.0.options.mode" = "mission"
""")
    assert final["campaign"]["record"]  # type: ignore[index]


def test_a_step_may_arrange_the_state_before_it(tmp_path: Path) -> None:
    final = run_text(tmp_path, HEAD_ON + '[[step]]\nstate = { "pilots.0.damage" = 1 }\n'
                     '[step.expect]\n"state.pilots.0.damage" = 1\n')
    assert final["state"]["pilots"][0]["damage"] == 1  # type: ignore[index]
    with pytest.raises(ScriptError, match=r"step 3: the starting state breaks"):
        run_text(tmp_path, HEAD_ON + '[[step]]\nstate = { "pilots.0.damage" = 9 }\n')
