"""Les Ailes de la Gloire, LE SECRET § Vol en Formation: with the option, pilots in their
squadron leader's hex with his facing write after him, shown his maneuver (they alone),
and copy it or leave the formation. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from dogfight.core import decide
from dogfight.games.ailes_de_la_gloire import turn
from dogfight.games.ailes_de_la_gloire.formation import leader_of, leaders
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.kit.prompts import top
from tests.ailes_de_la_gloire.helpers import placed

FLYERS = ["spad-13", "spad-7", "sopwith-camel", "fokker-d7"]
PLACES = [(8, 8, 0, "M"), (8, 8, 0, "M"), (8, 8, 1, "M"), (16, 2, 3, "M")]


def test_vol_en_formation_only_with_the_option() -> None:
    state, _ = placed(FLYERS, PLACES)
    assert leaders(state) == () and leader_of(state, "allied-1") is None
    state, _ = placed(FLYERS, PLACES, formation=True)
    assert leaders(state) == ("allied-13", "german-49")
    assert leader_of(state, "allied-1") == "allied-13"  # same hex, same facing
    assert leader_of(state, "allied-19") is None  # another facing


def test_vol_en_formation_the_leader_writes_first_and_shows_his_formation_only() -> None:
    state, _ = placed(FLYERS, PLACES, formation=True)
    state = turn.proceed(state, [])
    frame = top(state)
    assert frame is not None and "allied-1" not in frame.seats
    assert set(frame.seats) == {"allied-13", "allied-19", "german-49"}
    events = []
    for seat, code in (("allied-13", "3A2"), ("allied-19", "2A1"), ("german-49", "2A1")):
        step = decide(GAME, state, seat, {"code": code, "altitude": "level"})
        state = step.state
        events.extend(step.events)
    shown = [e for e in events if e.kind == "formation-shown"]
    assert [(e.data["code"], e.to) for e in shown] == [("3A2", ("allied-1",))]
    frame = top(state)
    assert frame is not None and frame.seats == ("allied-1",)
    assert GAME.view(state, "allied-1")["planes"]["allied-13"]["formation"] == {
        "code": "3A2", "altitude": "level"}
    assert "formation" not in GAME.view(state, "allied-19")["planes"]["allied-13"]
    assert "formation" not in GAME.view(state, None)["planes"]["allied-13"]
    state = decide(GAME, state, "allied-1", {"code": "3A2", "altitude": "level"}).state
    assert state.plane("allied-1").cell == state.plane("allied-13").cell


LARGE = ["spad-13", "spad-7", "sopwith-camel", "nieuport-17",
         "fokker-d7", "albatros-d3", "pfalz-d3a", "fokker-dr1"]
LARGE_PLACES = [(8, 8, 0, "M")] * 4 + [(16, 2, 3, "M")] * 4


def test_formation_leaders_of_a_large_game() -> None:
    """§ Vol en Formation: with many players each side also designates formation leaders
    (as many on each side); each formation has one or two pilots besides its leader.
    Ours: the next aircraft of each side lead, the others are dealt to the leaders in
    turn."""
    from dogfight.games.ailes_de_la_gloire.formation import formation_of
    state, _ = placed(LARGE, LARGE_PLACES, formation=True, formation_leaders=1)
    assert leaders(state) == ("allied-13", "allied-1", "german-49", "german-31")
    assert [formation_of(state, s) for s in ("allied-19", "allied-7", "german-43",
                                             "german-35")] == [
        "allied-13", "allied-1", "german-49", "german-31"]
    assert leader_of(state, "allied-19") == "allied-13"  # all four share a hex and facing
    assert leader_of(state, "allied-7") == "allied-1"
    assert leader_of(state, "allied-1") is None  # a formation leader follows nobody


def test_each_formation_is_shown_its_own_leaders_maneuver() -> None:
    state, _ = placed(LARGE, LARGE_PLACES, formation=True, formation_leaders=1)
    state = turn.proceed(state, [])
    frame = top(state)
    assert frame is not None and set(frame.seats) == {"allied-13", "allied-1", "german-49",
                                                     "german-31"}
    events = []
    for seat in frame.seats:
        step = decide(GAME, state, seat, {"code": "3A2" if seat == "allied-13" else "2A1",
                                          "altitude": "level"})
        state = step.state
        events.extend(step.events)
    shown = {e.data["seat"]: e.to for e in events if e.kind == "formation-shown"}
    assert shown == {"allied-13": ("allied-19",), "allied-1": ("allied-7",),
                     "german-49": ("german-43",), "german-31": ("german-35",)}
    assert GAME.view(state, "allied-19")["planes"]["allied-13"]["formation"]["code"] == "3A2"
    assert "formation" not in GAME.view(state, "allied-19")["planes"]["allied-1"]


def test_formation_leaders_need_the_option_and_the_pilots() -> None:
    import pytest

    from dogfight.core import InvalidOptions
    from tests.ailes_de_la_gloire.helpers import game
    with pytest.raises(InvalidOptions, match="with formation flying on"):
        game(LARGE, formation_leaders=1)
    with pytest.raises(InvalidOptions, match="one or two pilots each"):
        game(LARGE[:2] + LARGE[4:6], formation=True, formation_leaders=1)
    with pytest.raises(InvalidOptions, match="one or two pilots each"):
        game(["spad-13"] * 3 + LARGE[4:8] + ["fokker-d7"] * 3, formation=True,
             formation_leaders=1)
