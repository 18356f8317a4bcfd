"""Scoring and what remained of the modes (book: 003_24ea110dc1b5a4d6.txt): the dogfight
mode's two criteria and its bonus round (§ COMBAT AERIEN TOURNOYANT), the asymmetric
variant of the bombing modes (§ BOMBARDEMENT), the expansion's aircraft in play
(§ EXTENSION - SUPPLEMENT)."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from dogfight.core import Event, InvalidOptions, new_rng
from dogfight.games.age_of_dogfights import (
    damage,
    fire,
    movement,
    reconnaissance,
    scoring,
    turn,
)
from dogfight.games.age_of_dogfights.fire import Option
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.state import AgeState
from dogfight.kit.grids import from_offset
from dogfight.kit.prompts import Frame
from tests.conftest import random_play

TWELVE = {"allies": [f"france-{n}" for n in range(1, 13)],
          "germany": [f"germany-{n}" for n in range(1, 13)], "max_fighters": 12}


def the_books_dogfight(bonus: bool) -> AgeState:
    """COMBAT AERIEN TOURNOYANT's example: 12 aircraft a side; France has two fighters in
    the zone, 6 shot down, 3 damaged, 1 withdrawn out of ammunition; Germany none in the
    zone, 3 shot down, 4 damaged, 5 withdrawn out of ammunition."""
    state = GAME.setup({**TWELVE, "rules": {"bonus_round": bonus}}, new_rng(1))
    fates = {"allies": ["zone"] * 2 + ["down"] * 6 + ["hurt"] * 3 + ["left"],
             "germany": ["down"] * 3 + ["hurt"] * 4 + ["left"] * 5}
    planes = []
    seen = {"allies": 0, "germany": 0}
    for a in state.aircraft:
        fate = fates[a.seat][seen[a.seat]]
        seen[a.seat] += 1
        if fate == "zone":
            cell = from_offset(10 + seen[a.seat], 7)
            a = replace(a, where="zone", point=(cell.q, cell.r), bursts=(1, 0, 0))
        elif fate == "hurt":
            a = replace(a, where="left", damage=("wings",))
        else:
            a = replace(a, where=fate)  # type: ignore[arg-type]
        planes.append(a)
    return replace(state, aircraft=tuple(planes), phase="fly", turn=5, prompts=(),
                   active="allies", moved=("france-1", "france-2"))


def test_combat_aerien_tournoyant_the_books_example_7_5_against_5() -> None:
    """§ COMBAT AERIEN TOURNOYANT: France keeps two fighters in the zone and wins by the
    first criterion; Germany scores 6 × 1 + 3 × 0.5 = 7.5, France 3 × 1 + 4 × 0.5 = 5."""
    state = turn.proceed(the_books_dogfight(bonus=False), [])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.scores == {"allies": 5.0, "germany": 7.5}
    assert scoring.battle_points(state) == {"allies": 5.0, "germany": 7.5}


def test_combat_aerien_tournoyant_the_bonus_round() -> None:
    """§ COMBAT AERIEN TOURNOYANT: the criteria disagree, so a bonus round is played with
    the undamaged aircraft left, refuelled and rearmed: France 2 + 1 = 3, Germany 5."""
    events: list[Event] = []
    state = turn.proceed(the_books_dogfight(bonus=True), events)
    assert state.phase == "place" and state.round == 2 and state.first_round == "allies"
    bonus = next(e for e in events if e.kind == "bonus-round")
    assert (bonus.data["allies"], bonus.data["germany"]) == (3, 5)
    back = [a for a in state.aircraft if a.where == "patrol"]
    assert all(not a.damage and a.bursts[0] == GAME.dataset.aircraft[a.kind].front_bursts
               and a.throttle == GAME.dataset.aircraft[a.kind].full_throttle for a in back)
    assert GAME.outcome(state) is None and GAME.pending(state)["allies"].kind == "access"
    assert GAME.view(state, None)["round"] == 2
    # the bonus round is played to its end, and decides; the points carry over
    germans = tuple(replace(a, where="down") if a.seat == "germany" and a.where == "patrol"
                    else a for a in state.aircraft)
    end = turn.proceed(replace(state, aircraft=germans, phase="fly", prompts=(), turn=1), [])
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.reason.startswith("bonus round") and outcome.details["first_round"] == "allies"
    assert outcome.scores["allies"] == 5.0 + 5


def test_combat_aerien_tournoyant_no_bonus_round_when_the_criteria_agree() -> None:
    """§ COMBAT AERIEN TOURNOYANT: the bonus round is suggested only when the criteria
    disagree (and only once)."""
    state = the_books_dogfight(bonus=True)
    planes = tuple(replace(a, where="down") if a.seat == "germany" else a
                   for a in state.aircraft)  # now France leads on points too
    over = turn.proceed(replace(state, aircraft=planes), [])
    assert over.phase == "over" and GAME.outcome(over).winner == "allies"  # type: ignore[union-attr]
    again = turn.proceed(replace(the_books_dogfight(bonus=True), round=2,
                                 first_round="allies"), [])
    assert again.phase == "over"
    both = the_books_dogfight(bonus=True)
    both = replace(both, aircraft=tuple(replace(a, where="down") if a.where == "zone" else a
                                        for a in both.aircraft))
    assert not scoring.bonus_wanted(both, "allies")  # nobody left to win it
    assert turn.proceed(both, []).phase == "over"


def test_bombardement_the_asymmetric_zone_bombing() -> None:
    """§ BOMBARDEMENT: "les deux variantes peuvent être jouées avec une configuration
    asymétrique": only the task side bombs, the other flies fighters; derived result as
    the asymmetric reconnaissance: two or three zones bombed win."""
    state = GAME.setup({"mode": "bombing", "task_side": "allies"}, new_rng(1))
    roles = {a.id: GAME.dataset.aircraft[a.kind].role for a in state.aircraft}
    assert {roles[a.id] for a in state.aircraft if a.seat == "germany"} == {"fighter"}
    assert any(roles[a.id] == "bomber" for a in state.aircraft if a.seat == "allies")
    assert not reconnaissance.needs_task(state, "germany")
    bombers = [i for i, a in enumerate(state.aircraft) if roles[a.id] == "bomber"]
    planes = list(state.aircraft)
    planes[bombers[0]] = replace(planes[bombers[0]], drops=("A",))
    one = replace(state, aircraft=tuple(planes), phase="over")
    assert reconnaissance.asymmetric_result(one) == ("germany", "1 zones bombed")
    planes[bombers[1]] = replace(planes[bombers[1]], drops=("C",))
    two = replace(state, aircraft=tuple(planes), phase="over")
    outcome = GAME.outcome(two)
    assert outcome is not None and outcome.winner == "allies"
    assert outcome.scores["allies"] == 10.0
    with pytest.raises(InvalidOptions, match="only fighters"):
        GAME.setup({"mode": "bombing", "task_side": "allies",
                    "germany": ["germany-4", "germany-16"]}, new_rng(1))
    with pytest.raises(InvalidOptions, match="asymmetric"):
        GAME.setup({"mode": "combined", "task_side": "allies"}, new_rng(1))


def test_bombardement_the_asymmetric_breakthrough() -> None:
    """§ BOMBARDEMENT (asymmetric breakthrough, derived from § Scénario "Attaque au sol":
    four of six carriers through win, three a draw): more than half of the bomb carriers
    through win, exactly half a draw, else the other player."""
    options = {"mode": "breakthrough", "task_side": "germany",
               "germany": ["germany-4", "germany-16", "germany-17", "germany-18",
                           "germany-13"]}
    state = GAME.setup(options, new_rng(2))
    carriers = [i for i, a in enumerate(state.aircraft) if a.bombs > 0]
    assert len(carriers) == 4

    def through(n: int) -> Any:
        planes = list(state.aircraft)
        for i in carriers[:n]:
            planes[i] = replace(planes[i], where="left", home=True)
        return GAME.outcome(replace(state, aircraft=tuple(planes), phase="over"))

    assert through(3).winner == "germany" and through(2).winner is None
    assert through(1).winner == "allies"
    ground = GAME.setup({"scenario": "ground-attack"}, new_rng(3))
    assert ground.options.task_side == "germany"
    with pytest.raises(InvalidOptions, match="Germans break through"):
        GAME.setup({"scenario": "ground-attack", "task_side": "allies"}, new_rng(3))


def test_extension_supplement_the_expansions_aircraft_fly_with_their_alliance() -> None:
    """§ EXTENSION - SUPPLEMENT: the 27 aircraft are chosen for the sides by alliance
    (derived: Austria-Hungary and Bulgaria with Germany; Russia, Serbia, Italy and the USA
    with the allies), validated and flown with their printed speed and agility."""
    options = {"mode": "bombing", "allies": ["italy-1", "russia-4", "usa-1", "italy-16",
                                             "russia-19"],
               "germany": ["austria-hungary-1", "bulgaria-4", "austria-hungary-16",
                           "bulgaria-13"]}
    state = GAME.setup(options, new_rng(4))
    kinds = {a.id: GAME.dataset.aircraft[a.kind] for a in state.aircraft}
    assert kinds["italy-1"].name == "Ansaldo A.1 Balilla" and kinds["italy-1"].speed == 7
    assert kinds["russia-19"].name == "Anatra DS Anasal"
    assert kinds["austria-hungary-16"].name == "Hansa-Brand. G.I"
    assert next(a for a in state.aircraft if a.id == "italy-16").bombs == 3
    for bad in ({"allies": ["bulgaria-1"]}, {"germany": ["italy-1"]},
                {"allies": ["usa-4"]}):
        with pytest.raises(InvalidOptions, match="not one of the aircraft"):
            GAME.setup(bad, new_rng(4))
    with pytest.raises(InvalidOptions, match="bomber"):
        GAME.setup({"allies": ["usa-16"]}, new_rng(4))
    assert GAME.setup({"mode": "bombing", "disarmed": ["serbia-13"],
                       "allies": ["serbia-1", "serbia-13"]}, new_rng(4))
    # played to the end by random pilots, every move and shot by the book's rules
    for match in random_play(GAME, {**options, "turns": 4}, 5, 6, max_decisions=3000):
        assert not GAME.invariants(match.state)
    assert match.over


def fates(options: dict[str, Any], changes: dict[str, dict[str, Any]]) -> AgeState:
    """The set-up of ``options`` with some aircraft changed, the game over."""
    state = GAME.setup(options, new_rng(1))
    planes = tuple(replace(a, **changes[a.id]) if a.id in changes else a
                   for a in state.aircraft)
    return replace(state, aircraft=planes, phase="over", result="tasks-done", prompts=())


def test_reconnaissance_the_books_example_3_all() -> None:
    """§ RECONNAISSANCE: French no. 13 shot down before a zone; no. 14 photographed one
    zone and went home (3 points); no. 15 photographed two but was shot down on the way
    back; of the Germans only no. 13 completed its task: 3-3 by the main criterion, the
    tie broken by the kills (1) and damage (0.5)."""
    state = fates({"mode": "reconnaissance"}, {
        "france-13": {"where": "down"},
        "france-14": {"where": "left", "home": True, "photos": ("A",)},
        "france-15": {"where": "down", "photos": ("B", "C")},
        "germany-13": {"where": "left", "home": True, "photos": ("B",)},
        "germany-14": {"where": "left", "damage": ("wings",)},
    })
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == {"allies": 3.0, "germany": 3.0}
    assert outcome.details["battle_points"] == {"allies": 0.5, "germany": 2.0}
    assert outcome.winner == "germany" and outcome.reason.startswith("equal task points")


def test_bombardement_the_books_breakthrough_example_6_against_13() -> None:
    """§ BOMBARDEMENT: every British bomber shot down and two British reconnaissance
    aircraft through (2 × 3 = 6); two German bombers and one reconnaissance aircraft
    through (2 × 5 + 3 = 13)."""
    options = {"mode": "breakthrough",
               "allies": ["britain-4", "britain-13", "britain-14", "britain-16",
                          "britain-17", "britain-18"],
               "germany": ["germany-4", "germany-13", "germany-16", "germany-17"]}
    through = {"where": "left", "home": True}
    state = fates(options, {
        "britain-16": {"where": "down"}, "britain-17": {"where": "down"},
        "britain-18": {"where": "down"}, "britain-13": through, "britain-14": through,
        "germany-16": through, "germany-17": through, "germany-13": through})
    assert reconnaissance.task_points(state) == {"allies": 6.0, "germany": 13.0}
    assert GAME.outcome(state).winner == "germany"  # type: ignore[union-attr]


def test_gagner_de_l_experience_french_no_12_becomes_an_ace() -> None:
    """§ GAGNER DE L'EXPERIENCE: French pilot no. 12, who has shot down two German
    aircraft in the battle, shoots down a third: a red marker on his number, an ace."""
    state = GAME.setup({}, new_rng(1))
    twelve = replace(next(a for a in state.aircraft if a.id == "france-12"), kills=2)
    events: list[Event] = []
    ace = damage.credit_kill(GAME.dataset, GAME.dataset.aircraft[twelve.kind], twelve,
                             "fixed", events)
    assert (ace.pilot, ace.kills) == ("ace", 3)
    assert [e.data for e in events if e.kind == "promoted"] == [
        {"aircraft": "france-12", "pilot": "ace"}]


def test_panneau_de_controle_the_hanriot_panel_example() -> None:
    """§ PANNEAU DE CONTROLE et CURSEURS: on the Hanriot HD.3's panel (France, speed 6,
    agility II, two fixed and two dorsal guns, 1918), plane 7 fired twice with its front
    and rear guns and used full throttle three times; plane 8 fired its rear guns three
    times (its rear ammunition spent: the cursor removed) and used full throttle once;
    plane 9 did neither. Each burst moves a red cursor one slot (failures here)."""
    state = GAME.setup({"allies": ["france-7", "france-8", "france-9"],
                        "germany": ["germany-4"]}, new_rng(1, [1, 2] * 7 + [2] * 4))
    hd3 = GAME.dataset.aircraft["hanriot-hd3"]
    assert (hd3.speed, hd3.agility, hd3.fixed_guns, hd3.tail_guns, hd3.year) == (
        6, 2, 2, 2, 1918)
    front = Option("germany-4", "h5", "fixed", "A", False)
    rear = Option("germany-4", "h12", "tail", "B", False)
    for shooter, option in (("france-7", front), ("france-7", front), ("france-7", rear),
                            ("france-7", rear), ("france-8", rear), ("france-8", rear),
                            ("france-8", rear)):
        state, result = fire.shoot(state, shooter, option, [])
        assert result == "failure"
    frame = Frame("throttle", ("allies",), "")
    for plane in ("france-7",) * 3 + ("france-8",):
        state = movement.Throttling().apply(
            state, frame, "allies", movement.Throttle(plane, "green"), [])
        state = replace(state, prompts=(), flight=None)
    panel = {a.id: (a.bursts[:2], a.throttle) for a in state.aircraft if a.seat == "allies"}
    assert panel == {"france-7": ((hd3.front_bursts - 2, 1), 0),
                     "france-8": ((hd3.front_bursts, 0), 2),
                     "france-9": ((hd3.front_bursts, 3), 3)}
    eight = next(a for a in state.aircraft if a.id == "france-8")
    assert fire.can_fire(GAME.dataset, hd3, eight, "tail", offensive=True) is not None
