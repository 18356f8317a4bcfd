"""Wings of War mission scenarios (the book's mission tokens, book:
000_caefe768ab735396.txt § LES PIONS, OBJECTIFS DE SCÉNARIO; the scenario pages are
missing, so how a mission is won is derived: see state.Objective)."""

from __future__ import annotations

from typing import Any

from dogfight.core import Match
from dogfight.games.wings_of_war.preparation import load_scenario
from tests.wings_of_war.helpers import WOW, A, C, F, game, get, kinds, plan, plane


def mission(scenario: str, *planes: dict[str, Any], **kw: Any) -> Match:
    return game(*planes, scenario=scenario, **kw)


def test_every_mission_token_has_a_scenario_with_a_two_seater() -> None:
    kinds_ = {}
    for name in ("bombing", "photo-reconnaissance", "strafing", "pilot-pickup",
                 "artillery-spotting"):
        scenario = load_scenario(name)
        kinds_[scenario.objectives[0].kind] = name
        aircraft = {p.aircraft for p in scenario.planes}
        assert any(WOW.dataset.aircraft[a].two_seater for a in aircraft)  # type: ignore[attr-defined]
    assert set(kinds_) == {"bombing", "photo", "strafing", "pickup", "spotting"}


def test_bombing_then_home_by_the_west_edge_wins() -> None:
    match = mission("bombing",
                    plane("breguet", "allies", "breguet-14", 944, 450, 180),
                    plane("fokker", "central", "fokker-d7", 1100, 880, 180),
                    rules={"altitude": True})
    plan(match, breguet=[1, 2, 3], fokker=[A["stall"], 1, 4])
    assert kinds(match, "objective-achieved")[0].data == {"plane": "breguet",
                                                         "mission": "bombing"}
    plan(match, breguet=[1, 2, 3], fokker=[A["stall"], 1, 2])
    assert get(match, "breguet").status == "flying"  # not home yet
    plan(match, breguet=[1, 2, 3], fokker=[A["stall"], 1, 2])
    assert get(match, "breguet").status == "exited"
    outcome = match.outcome()
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.reason == "mission accomplished"
    assert outcome.details["sides"]["allies"]["missions"] == 3


def test_bombing_too_high_does_not_count() -> None:
    match = mission("bombing",
                    plane("breguet", "allies", "breguet-14", 944, 450, 180, 2),
                    plane("fokker", "central", "fokker-d7", 1100, 880, 180),
                    rules={"altitude": True})
    plan(match, breguet=[1, 2, 3], fokker=[A["stall"], 1, 4])
    assert not kinds(match, "objective-achieved")


def test_photos_need_two_maneuvers_running_over_the_lines() -> None:
    match = mission("photo-reconnaissance",
                    plane("re8", "allies", "re8", 660, 450, 0),
                    plane("albatros", "central", "albatros-d5a", 1100, 880, 180))
    plan(match, re8=[1, F["stall"], F["turn left"]], albatros=[C["stall"], 4, 5])
    achieved = kinds(match, "objective-achieved")
    assert achieved and achieved[0].data["mission"] == "photo"


def test_spotting_three_maneuvers_running_wins_at_once() -> None:
    match = mission("artillery-spotting",
                    plane("ufag", "central", "ufag-c1", 599, 239, 90),
                    plane("hanriot", "allies", "hanriot-hd1", 1100, 880, 180))
    plan(match, ufag=[F["bank left"], F["sideslip left"], F["stall"]],
         hanriot=[C["stall"], 4, 5])
    outcome = match.outcome()
    assert outcome is not None and outcome.winner == "central"
    assert outcome.reason == "mission accomplished"
    assert [pr.streak for pr in match.state.progress] == [3]


def test_a_wounded_observer_cannot_spot() -> None:
    import msgspec

    match = mission("artillery-spotting",
                    plane("ufag", "central", "ufag-c1", 599, 239, 90),
                    plane("hanriot", "allies", "hanriot-hd1", 1100, 880, 180))
    match.state = msgspec.structs.replace(match.state, planes=tuple(
        msgspec.structs.replace(p, observer_wounded=True) if p.id == "ufag" else p
        for p in match.state.planes))
    plan(match, ufag=[F["bank left"], F["sideslip left"], F["stall"]],
         hanriot=[C["stall"], 4, 5])
    assert not kinds(match, "objective-achieved")


def test_the_defenders_win_when_the_turns_run_out() -> None:
    match = mission("strafing",
                    plane("roland", "central", "roland-c2", 600, 300, 90),
                    plane("spad", "allies", "spad-13", 200, 880, 0), max_turns=1)
    plan(match, roland=[A["stall"], 4, 6], spad=[A["stall"], 1, 6])
    outcome = match.outcome()
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.reason == "mission failed"


def test_missions_are_public() -> None:
    match = mission("bombing", plane("breguet", "allies", "breguet-14", 944, 450, 180),
                    plane("fokker", "central", "fokker-d7", 1100, 880, 0))
    view = WOW.view(match.state, None)
    assert view["objectives"][0]["kind"] == "bombing"
    assert view["missions"][0]["plane"] == "breguet"
