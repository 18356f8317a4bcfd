"""Scenario scripts of a campaign week (docs/scripts.md § Data of the script's own:
``[campaign] decisions``): the week's decisions taken one by one before its game; a
script that takes a decision for a game, or a game for a decision, is told so. Book:
001_6a970d9ea6ae2da0.txt § JEU DE CAMPAGNE (Les Pilotes, Compétences Spéciales)."""

from __future__ import annotations

from pathlib import Path

import pytest

import dogfight.games
from dogfight.core import ScriptError
from dogfight.script import Campaign, load_script, run_script

SKILL = Path(dogfight.games.__file__).parent / "ailes_de_la_gloire" / "scripts" / \
    "campaign-skill-chosen.toml"


def test_the_decisions_are_taken_before_the_game() -> None:
    script = load_script(SKILL)
    assert script.campaign is not None and script.campaign.decisions == [5]
    final = run_script(script, SKILL.name)
    assert final["campaign"]["record"]["decided"] == {
        "Anne": ["Anne #1", "french", "spad-13", "jams"]}


@pytest.mark.parametrize(("decisions", "choice", "message"), [
    ([], 5, "the campaign's choice 5 is a decision: 1918-05, week 1: Anne: Anne #1 takes "
            "L'Enrayement"),
    ([5, 0], 0, "the campaign's choice 0 is a game"),
    ([7], 0, "the campaign offers 7 choices, no choice 7"),
])
def test_a_decision_for_a_game_or_a_game_for_a_decision_is_told(
        decisions: list[int], choice: int, message: str) -> None:
    script = load_script(SKILL)
    assert script.campaign is not None
    script.campaign = Campaign(record=script.campaign.record, decisions=decisions,
                              choice=choice)
    with pytest.raises(ScriptError, match=message):
        run_script(script, SKILL.name)
