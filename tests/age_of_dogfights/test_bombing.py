"""The bombing modes (book: 003_24ea110dc1b5a4d6.txt § BOMBARDEMENT, § MODES DE JEU):
zone bombing, the breakthrough, the order of movement, the points."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dogfight.core import Event, InvalidOptions, new_rng
from dogfight.games.age_of_dogfights import fire, movement, reconnaissance, zones
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.movement import Move
from dogfight.games.age_of_dogfights.state import AgeOptions, AgeState, Aircraft
from dogfight.kit.grids import Cell, TriangleGrid, from_offset, to_offset
from dogfight.kit.grids.lattice import ahead

DATA = GAME.dataset
GRID = TriangleGrid(36, 15)


def plane(kind: str, number: int, cell: Cell, seat: str = "allies", **more: object) -> Aircraft:
    nation = "britain" if seat == "allies" else "germany"
    base = Aircraft(nation, number, kind, seat, where="zone", point=(cell.q, cell.r),
                    facing=0, level=3, bursts=(4, 4, 4))
    return replace(base, **more)  # type: ignore[arg-type]


def in_mode(mode: str, *aircraft: Aircraft) -> AgeState:
    return AgeState(AgeOptions(mode=mode), new_rng(1), 1, "allies", "fly",  # type: ignore[arg-type]
                    tuple(aircraft))


def row_through(letter: str) -> list[Cell]:
    zone = reconnaissance.target_zones(DATA, GRID, "allies")[letter]
    row = min(to_offset(c)[1] for c in zone)
    return [from_offset(col, row) for col in range(27, 34)]


def test_bombardement_zone_bombing_one_bomb_a_move() -> None:
    """§ BOMBARDEMENT: through at least two connected points of a zone at one level, a
    bomb is dropped; one bomb a move (the second on a later pass)."""
    bomber = plane("handley-page-o400", 16, row_through("A")[0], bombs=3)
    state = in_mode("bombing", bomber)
    events: list[Event] = []
    path = row_through("A") + row_through("B")
    after = reconnaissance.photograph(state, GRID, bomber, path, [3] * len(path), events)
    assert (after.bombs, after.drops) == (2, ("A",))
    again = reconnaissance.photograph(state, GRID, replace(after, over=None),
                                      row_through("B"), [3] * 7, events)
    assert (again.bombs, again.drops) == (1, ("A", "B"))
    # § MARQUEUR PHOTO et BOMBE: the markers are on the table, every player's panels show them
    for viewer in ("allies", "germany", None):
        panel = GAME.view(in_mode("bombing", again), viewer)["aircraft"]["britain-16"]
        assert (panel["bombs"], panel["drops"]) == (1, ["A", "B"])


def test_modes_de_jeu_a_bomber_is_faster_once_its_bombs_are_dropped() -> None:
    """§ MODES DE JEU: a multi-engine bomber's speed +1 once all its bombs are dropped."""
    bomber = plane("handley-page-o400", 16, from_offset(5, 5), bombs=0, drops=("A", "B"))
    state = in_mode("bombing", bomber)
    assert zones.flying_type(state, bomber).speed == DATA.aircraft["handley-page-o400"].speed + 1
    loaded = replace(bomber, bombs=1)
    assert zones.flying_type(state, loaded).speed == DATA.aircraft["handley-page-o400"].speed


def test_bombardement_the_points() -> None:
    """§ BOMBARDEMENT: 5 a bomb, +10 with each zone hit, 1 per enemy bomber destroyed
    (zone bombing); 5 a bomber and 3 a reconnaissance aircraft with a bomb breaking
    through."""
    a = plane("handley-page-o400", 16, from_offset(5, 5), drops=("A", "B"))
    b = plane("handley-page-o400", 17, from_offset(5, 5), drops=("C",))
    gotha = plane("gotha-g5", 16, from_offset(30, 5), seat="germany", where="down")
    assert reconnaissance.task_points(in_mode("bombing", a, b, gotha)) == {
        "allies": 5 * 3 + 10 + 1, "germany": 0.0}
    through = plane("handley-page-o400", 16, from_offset(5, 5), where="left", home=True)
    scout = plane("re8", 13, from_offset(5, 5), where="left", home=True)
    german = plane("gotha-g5", 16, from_offset(30, 5), seat="germany", where="left",
                   home=True)
    assert reconnaissance.task_points(in_mode("breakthrough", through, scout, german)) == {
        "allies": 8.0, "germany": 5.0}


def test_bombardement_breakthrough_by_the_far_side() -> None:
    """§ BOMBARDEMENT: breaking through, the bombers leave by the opposite side (R13)."""
    kind = DATA.aircraft["handley-page-o400"]
    bomber = plane("handley-page-o400", 16, from_offset(34, 7), bombs=3)
    state = in_mode("breakthrough", bomber)
    assert reconnaissance.exit_side(state, bomber) == "east"
    assert movement.refusal(DATA, GRID, kind, bomber, 0, Move("FF"), (), home="east") is None
    back = replace(bomber, point=tuple(from_offset(1, 7)), facing=3)  # type: ignore[arg-type]
    assert movement.refusal(DATA, GRID, kind, back, 0, Move("FF"), (), home="east") is not None


def test_bombardement_order_and_scouts_with_a_bomb() -> None:
    """§ BOMBARDEMENT: bombers move first, then reconnaissance aircraft, then fighters;
    § MODES DE JEU: a reconnaissance aircraft carrying a bomb fires only defensively."""
    fighter = plane("sopwith-camel", 4, from_offset(5, 3))
    scout = plane("re8", 13, from_offset(5, 6), bombs=1)
    bomber = plane("handley-page-o400", 17, from_offset(5, 9), bombs=3)
    state = in_mode("bombing", fighter, scout, bomber)
    assert [a.id for a in movement.next_movers(state)] == ["britain-17"]
    state = replace(state, moved=("britain-17",))
    assert [a.id for a in movement.next_movers(state)] == ["britain-13"]
    enemy = plane("fokker-dr1", 4, ahead(from_offset(5, 6), 0), seat="germany")
    assert fire.shots_at(state, scout, [enemy], offensive=True) == ()
    unloaded = replace(scout, bombs=0)
    assert fire.shots_at(state, unloaded, [enemy], offensive=True) != ()


def test_bombers_fly_in_the_bombing_modes_only() -> None:
    """§ REGLES GENERALES: bombers join in the bombing mode; the default rosters of the
    bombing modes carry three bombers a side, with their bombs."""
    with pytest.raises(InvalidOptions):
        GAME.setup({"allies": ["britain-16"]}, new_rng(1))
    state = GAME.setup({"mode": "bombing"}, new_rng(1))
    o400 = next(a for a in state.aircraft if a.id == "britain-16")
    assert o400.bombs == DATA.aircraft["handley-page-o400"].bombs
    first = GAME.legal(state, "allies")
    assert {d["aircraft"] for d in first} == {"britain-16", "britain-17", "britain-18"}


def test_modes_de_jeu_disarmed_scouts() -> None:
    """§ MODES DE JEU: outside the dogfight mode a reconnaissance aircraft may fly without
    guns and ammunition, one step faster."""
    state = GAME.setup({"mode": "reconnaissance", "disarmed": ["france-13"]}, new_rng(1))
    salmson = next(a for a in state.aircraft if a.id == "france-13")
    assert salmson.bursts == (0, 0, 0)
    assert zones.flying_type(state, salmson).speed == 7
    with pytest.raises(InvalidOptions):
        GAME.setup({"disarmed": ["france-13"], "allies": ["france-13"]}, new_rng(1))
    with pytest.raises(InvalidOptions):
        GAME.setup({"mode": "bombing", "disarmed": ["britain-16"]}, new_rng(1))


def test_interceptez_le_general() -> None:
    """§ Scénario : "Interceptez le général": the French no. 13 (Salmson 2) flies unarmed
    at 7 instead of 6 with six escorts, the French move first and put it in at once; it
    must leave by the East; through, France wins, else Germany."""
    state = GAME.setup({"mode": "general", "first": "germany"}, new_rng(1))
    assert state.active == "allies"
    salmson = next(a for a in state.aircraft if a.id == "france-13")
    assert zones.flying_type(state, salmson).speed == 7 and salmson.bursts == (0, 0, 0)
    assert {d["aircraft"] for d in GAME.legal(state, "allies")} == {"france-13"}
    assert reconnaissance.exit_side(state, salmson) == "east"
    through = replace(salmson, where="left", home=True)
    over = replace(state, phase="over", result="tasks-done",
                   aircraft=tuple(through if a.id == "france-13" else a
                                  for a in state.aircraft))
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.winner == "allies"
    shot = replace(over, aircraft=tuple(replace(a, where="down", home=False)
                                        if a.id == "france-13"
                                        else a for a in over.aircraft))
    outcome = GAME.outcome(shot)
    assert outcome is not None and outcome.winner == "germany"


def test_scenario_attaque_au_sol() -> None:
    """§ Scénario "Attaque au sol": German bombers and reconnaissance aircraft with bombs,
    nine German fighters against twelve French; the wind from the East, the sun blinding
    the French, no clouds; four or more carriers through: Germany; three: a draw; else
    France."""
    state = GAME.setup({"scenario": "ground-attack"}, new_rng(1))
    assert state.options.mode == "breakthrough" and state.wind == "E"
    assert state.options.rules.sun == "E" and state.options.rules.clouds == ()
    german = [a for a in state.aircraft if a.seat == "germany"]
    carriers = [a for a in german if a.bombs > 0]
    assert len(german) == 15 and len(carriers) == 6
    assert sum(a.seat == "allies" for a in state.aircraft) == 12

    def through(n: int) -> AgeState:
        done = {a.id for a in carriers[:n]}
        planes = tuple(replace(a, where="left", home=True) if a.id in done else a
                       for a in state.aircraft)
        return replace(state, aircraft=planes, phase="over", result="tasks-done")

    results = [GAME.outcome(through(n)) for n in (4, 3, 2)]
    assert [r.winner if r else "?" for r in results] == ["germany", None, "allies"]


def test_scenario_volez_haut_photographs_from_l5() -> None:
    """§ Scénario "Volez haut": two board pieces, the Germans in the North and the French
    in the South (the long sides), photographs only from the highest level, L5."""
    state = GAME.setup({"scenario": "fly-high"}, new_rng(1))
    assert state.options.mode == "reconnaissance" and state.options.pieces == 2
    assert state.options.sides == "long"
    grid = zones.board(state)
    zone = reconnaissance.target_zones(DATA, grid, "allies", "long")["A"]
    row = min(to_offset(c)[1] for c in zone)
    first = min(to_offset(c)[0] for c in zone if to_offset(c)[1] == row)
    points = [from_offset(col, row) for col in range(first - 2, first + 5)]
    scout = Aircraft("france", 13, "salmson-2", "allies", where="zone",
                     point=(points[0].q, points[0].r), level=4)
    low = reconnaissance.photograph(state, grid, scout, points, [4] * 7, [])
    high = reconnaissance.photograph(state, grid, replace(scout, level=5), points, [5] * 7, [])
    assert low.photos == () and high.photos == ("A",)


def test_modes_combines_photographs_of_bombed_zones() -> None:
    """§ MODES COMBINES (R23): the bombers bomb first (5 a bomb), then the reconnaissance
    aircraft photograph the zones bombed (3 a negative brought home)."""
    state = GAME.setup({"mode": "combined"}, new_rng(1))
    scout = next(a for a in state.aircraft if a.id == "france-13")
    assert scout.bombs == 0
    bomber = next(a for a in state.aircraft if a.id == "britain-16")
    assert bomber.bombs > 0
    points = row_through("A")
    flying_scout = replace(scout, where="zone", point=(points[0].q, points[0].r))
    before = reconnaissance.photograph(state, GRID, flying_scout, points, [3] * 7, [])
    assert before.photos == ()
    bombed = replace(bomber, drops=("A",), bombs=bomber.bombs - 1)
    after_bomb = replace(state, aircraft=tuple(bombed if a.id == "britain-16" else a
                                               for a in state.aircraft))
    photo = reconnaissance.photograph(after_bomb, GRID, flying_scout, points, [3] * 7, [])
    assert photo.photos == ("A",)
    home = replace(photo, where="left", home=True)
    final = replace(after_bomb, aircraft=tuple(home if a.id == "france-13" else a
                                               for a in after_bomb.aircraft))
    assert reconnaissance.task_points(final)["allies"] == 5 + 3


def test_bombardement_scouts_flying_as_fighters() -> None:
    """§ BOMBARDEMENT: reconnaissance aircraft join as bombers with one bomb each, or as
    fighters, firing offensively only without a bomb."""
    options = {"mode": "bombing", "allies": ["britain-4", "britain-13", "britain-14",
                                             "britain-16"], "escorts": ["britain-14"]}
    state = GAME.setup(options, new_rng(1))
    bombs = {a.id: a.bombs for a in state.aircraft if a.seat == "allies"}
    assert bombs == {"britain-4": 0, "britain-13": 1, "britain-14": 0, "britain-16": 3}
    escort = next(a for a in state.aircraft if a.id == "britain-14")
    assert reconnaissance.exit_side(state, escort) is None
    assert not reconnaissance.is_task(state, escort)
    with pytest.raises(InvalidOptions):
        GAME.setup({**options, "mode": "reconnaissance"}, new_rng(1))
