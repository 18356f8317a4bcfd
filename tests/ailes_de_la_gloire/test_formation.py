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
