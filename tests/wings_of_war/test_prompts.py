"""The decisions as prompt kinds: one per point of the sequence of play, typed shapes,
refusals citing the book, frames stacked in the state."""

from __future__ import annotations

import pytest

from dogfight.core import IllegalDecision, MalformedDecision, Match
from dogfight.games.wings_of_war.turn import PROMPTS
from tests.wings_of_war.helpers import BOOK, WOW, A, game, plane
from tests.wings_of_war.test_fire_damage import spad_fokker_example
from tests.wings_of_war.test_ground_and_variants import higher


def test_one_prompt_kind_per_decision_each_citing_the_book() -> None:
    assert set(PROMPTS) == {"tail", "plan", "vote", "reorder", "ground-move", "fire"}
    for kind in PROMPTS.values():
        assert kind.rule.startswith(f"book: {BOOK} § "), kind.kind


def duel() -> Match:
    return game(plane("spad", "allies", "spad-13", 300, 300, 0),
                plane("fokker", "central", "fokker-dr1", 600, 600, 180))


@pytest.mark.parametrize(("decision", "message", "section"), [
    ({"plane": "spad", "card": A["stall"]}, "already planned", "PROGRAMMATION"),
    ({"plane": "spad", "card": A["climb"]}, "climb and dive cards are removed",
     "PREPARATION"),
])
def test_a_planning_refusal_cites_its_section(decision: dict[str, int], message: str,
                                             section: str) -> None:
    match = duel()
    match.submit("allies", {"plane": "spad", "card": A["stall"]})
    with pytest.raises(IllegalDecision, match=message) as info:
        match.submit("allies", decision)
    assert info.value.rule is not None and info.value.rule.endswith(f"§ {section}")


def test_a_fire_refusal_cites_tir() -> None:
    match = spad_fokker_example()
    with pytest.raises(IllegalDecision, match="cannot fire at 'spad'") as info:
        match.submit("allies", {"plane": "spad", "arc": "front", "target": "spad"})
    assert info.value.rule == f"book: {BOOK} § TIR"


@pytest.mark.parametrize(("decision", "field"), [
    ({"plane": "spad", "card": "3"}, "$.card"),
    ({"plane": "spad", "card": True}, "$.card"),
    ({"plane": "spad", "card": 3, "x": 1}, "x"),
])
def test_a_malformed_plan_names_the_field_at_fault(decision: dict[str, object],
                                                   field: str) -> None:
    match = duel()
    with pytest.raises(MalformedDecision, match=field.replace("$", r"\$")):
        match.submit("allies", decision)


def test_holding_fire_is_hold_true() -> None:
    match = spad_fokker_example()
    with pytest.raises(MalformedDecision, match="'hold' is true"):
        match.submit("allies", {"plane": "spad", "arc": "front", "hold": False})


def test_the_vote_is_a_frame_on_the_planning_one() -> None:
    """§ VOLER PLUS HAUT: a floor proposal interrupts planning; the vote over,
    planning goes on where it was."""
    match = higher(5, 6)
    match.submit("allies", {"floor": 5})
    assert [f.kind for f in match.state.prompts] == ["plan", "vote"]
    assert WOW.pending(match.state)["central"].data == {"floor": 5}
    match.submit("central", {"agree": True})
    assert [f.kind for f in match.state.prompts] == ["plan"]
    assert set(match.pending) == {"allies", "central"}
    assert match.state.phase == "planning" and match.state.maneuver == 0
