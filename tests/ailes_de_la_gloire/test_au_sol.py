"""Les Ailes de la Gloire, JEU DE CAMPAGNE § Les pilotes au sol derrière les lignes
ennemies (with LA FIN § Les Prisonniers and ruling R13): a landed pilot's fate by the
zone, and an observer on board going through the same steps on his own rolls ("de façon
indépendante"), as the Carnet de Vol records them. Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from typing import Any

from dogfight.core import decide
from dogfight.core.rng import with_forced
from dogfight.games.ailes_de_la_gloire import turn
from dogfight.games.ailes_de_la_gloire.ending import carnet
from dogfight.games.ailes_de_la_gloire.game import GAME
from tests.ailes_de_la_gloire.helpers import placed


def land_at(column: int, rolls: list[int]) -> tuple[Any, list[str]]:
    """A Bristol F.2B at TB dives on a forward maneuver in ``column`` and lands."""
    state, _ = placed(["bristol-f2b", "albatros-d3"], [(column, 8, 2, "TB"), (19, 0, 3, "H")])
    state = turn.proceed(state, [])
    kinds: list[str] = []
    order = ["german-31", "allied-29"] if state.prompts[-1].seats == ("german-31",) else \
        ["allied-29", "german-31"]
    for seat in order:
        code = {"code": "2A1", "altitude": "dive"} if seat == "allied-29" else \
            {"code": "1A1", "altitude": "level"}
        if seat == "allied-29":
            state = with_forced(state, rolls)
        step = decide(GAME, state, seat, code)
        state = step.state
        kinds += [e.kind for e in step.events]
    return state, kinds


def test_behind_own_lines_both_come_back_without_a_roll() -> None:
    state, kinds = land_at(4, [])
    assert state.plane("allied-29").fate == "fled"
    assert carnet(state)["allied-29"]["observer"] == "ok"
    assert "escape-roll" not in kinds and "observer-escape-roll" not in kinds


def test_no_mans_land_a_roll_each_one_dies_on_a_1() -> None:
    state, kinds = land_at(10, [2, 1])
    assert state.plane("allied-29").fate == "fled"
    assert carnet(state)["allied-29"]["observer"] == "killed"
    assert kinds.count("no-mans-land-roll") == kinds.count("observer-no-mans-land-roll") == 1
    state, _ = land_at(10, [1, 6])
    assert state.plane("allied-29").fate == "killed"
    assert carnet(state)["allied-29"]["observer"] == "ok"


def test_behind_enemy_lines_each_slips_through_or_is_taken() -> None:
    """Pilot: 5 (slips to No Man's Land) then 6 (crosses); observer: 2, prisoner."""
    state, kinds = land_at(15, [5, 6, 2])
    assert state.plane("allied-29").fate == "fled"
    assert carnet(state)["allied-29"]["observer"] == "prisoner"
    assert "observer-prisoner" in kinds
    state, _ = land_at(15, [3, 4, 3])
    assert state.plane("allied-29").fate == "prisoner"
    assert carnet(state)["allied-29"]["observer"] == "ok"
