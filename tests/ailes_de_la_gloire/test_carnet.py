"""Les Ailes de la Gloire, JEU DE CAMPAGNE as a game gives it: L'Expérience (a point a
turn while enemies are on the map, R27; 25 a victory), Victoires Homologuées (the last
to fire and hit; shared victories; none for a fire crash, R29), L'Expérience des
Observateurs (his own victories, none for his pilot). Book: 001_6a970d9ea6ae2da0.txt."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core.rng import with_forced
from dogfight.games.ailes_de_la_gloire import turn
from dogfight.games.ailes_de_la_gloire.ending import carnet
from dogfight.games.ailes_de_la_gloire.fire_damage import fire_damage_phase
from dogfight.games.ailes_de_la_gloire.game import GAME
from tests.ailes_de_la_gloire.helpers import placed, put

FLYERS = ["spad-13", "bristol-f2b", "albatros-d3"]
PLACES = [(5, 8, 0, "M"), (6, 6, 0, "M"), (15, 8, 3, "M")]


def test_l_experience_a_point_a_turn_with_enemies_on_the_map() -> None:
    state, _ = placed(FLYERS, PLACES)
    state = turn.begin_turn(state, [])
    assert [p.combat_turns for p in state.planes] == [1, 1, 1]
    alone = put(state, "german-31", fate="fled")
    alone = turn.begin_turn(replace(alone, prompts=()), [])
    assert [p.combat_turns for p in alone.planes] == [1, 1, 1]


def test_victoires_homologuees_single_shared_and_observer() -> None:
    state, _ = placed(FLYERS, PLACES)
    state = put(state, "allied-13", combat_turns=4)
    single = put(state, "german-31", fate="shot-down", hit_by=(("allied-13", "pilot"),))
    record = carnet(single)
    assert record["allied-13"]["victories"] == ["german-31"]
    assert record["allied-13"]["experience"] == 4 + 25
    shared = put(state, "german-31", fate="shot-down",
                 hit_by=(("allied-13", "pilot"), ("allied-29", "observer")))
    record = carnet(shared)
    assert record["allied-13"]["shared"] == ["german-31"]
    assert record["allied-29"]["observer_shared"] == ["german-31"]
    assert record["allied-29"]["experience"] == 0  # nothing for the observer's kill
    observer = put(state, "german-31", fate="shot-down", hit_by=(("allied-29", "observer"),))
    assert carnet(observer)["allied-29"]["observer_victories"] == ["german-31"]
    assert carnet(observer)["allied-29"]["victories"] == []


def test_no_victory_for_a_fire_crash() -> None:
    """R29: an explosion or a structural spin from a fire-damage chit gives no victory."""
    state, _ = placed(FLYERS, PLACES)
    state = put(state, "german-31", fire=True, wings=1, hit_by=(("allied-13", "pilot"),))
    state = fire_damage_phase(with_forced(state, [0]), [])  # 1 Aile: wings gone
    plane = state.plane("german-31")
    assert plane.spin_for_good and plane.burned
    state = put(state, "german-31", fate="shot-down")
    assert carnet(state)["allied-13"]["victories"] == []


def test_the_outcome_carries_the_carnet() -> None:
    state, _ = placed(FLYERS, PLACES)
    state = put(put(state, "german-31", fate="shot-down", hit_by=(("allied-13", "pilot"),)),
                "allied-29", fate="fled")
    state = replace(state, phase="over", result="one side is out", prompts=())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == "allied"
    assert outcome.details["pilots"]["allied-13"]["victories"] == ["german-31"]
