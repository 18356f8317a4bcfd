"""Scoring and what remained of the modes (book: 003_24ea110dc1b5a4d6.txt): the dogfight
mode's two criteria and its bonus round (§ COMBAT AERIEN TOURNOYANT), the asymmetric
variant of the bombing modes (§ BOMBARDEMENT), the expansion's aircraft in play
(§ EXTENSION - SUPPLEMENT)."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from dogfight.core import Event, InvalidOptions, new_rng
from dogfight.games.age_of_dogfights import reconnaissance, scoring, turn
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.state import AgeState
from dogfight.kit.grids import from_offset
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
