"""The reconnaissance mode (book: 003_24ea110dc1b5a4d6.txt § RECONNAISSANCE, § MODES DE
JEU): target zones, photographs, the way home, the order of movement, the scouts that
must be in play, the points."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dogfight.core import Event, InvalidOptions, new_rng
from dogfight.games.age_of_dogfights import movement, reconnaissance, turn, zones
from dogfight.games.age_of_dogfights.game import GAME
from dogfight.games.age_of_dogfights.movement import Move
from dogfight.games.age_of_dogfights.state import AgeOptions, AgeState, Aircraft
from dogfight.kit.grids import Cell, TriangleGrid, from_offset, to_offset

DATA = GAME.dataset
GRID = TriangleGrid(36, 15)
RECON = AgeOptions(mode="reconnaissance")


def scout(cell: Cell, seat: str = "allies", number: int = 13, **more: object) -> Aircraft:
    nation = "france" if seat == "allies" else "germany"
    kind = "salmson-2" if seat == "allies" else "aviatik-dfw-c5"
    base = Aircraft(nation, number, kind, seat, where="zone", point=(cell.q, cell.r),
                    facing=0, level=3, bursts=(4, 4, 0))
    return replace(base, **more)  # type: ignore[arg-type]


def state_with(*aircraft: Aircraft, **more: object) -> AgeState:
    return replace(AgeState(RECON, new_rng(1), 1, "allies", "fly", tuple(aircraft)),
                   **more)  # type: ignore[arg-type]


def test_marqueurs_de_zone_cible_three_zones_a_side_symmetrical() -> None:
    """§ RECONNAISSANCE: 3 + 3 zones, each player's on the side opposite his start,
    symmetrical; § MARQUEURS DE ZONE CIBLE: between the lines, clear of the border."""
    allied = reconnaissance.target_zones(DATA, GRID, "allies")
    german = reconnaissance.target_zones(DATA, GRID, "germany")
    assert sorted(allied) == sorted(german) == ["A", "B", "C"]
    for letter in "ABC":
        a = sorted(to_offset(c) for c in allied[letter])
        g = sorted(to_offset(c) for c in german[letter])
        assert len(a) == 6 and g == sorted((35 - col, row) for col, row in a)
        assert min(col for col, _ in a) > 18 > max(col for col, _ in g)
        assert not any(movement.in_border(DATA, GRID, c) for c in allied[letter])


def test_reconnaissance_two_points_at_one_level_then_the_photo() -> None:
    """§ RECONNAISSANCE: over at least two points of a zone, without changing level; the
    photo marker is taken on leaving the zone; at most two zones an aircraft."""
    zone_a = sorted(reconnaissance.target_zones(DATA, GRID, "allies")["A"],
                    key=lambda c: to_offset(c))
    row = to_offset(zone_a[0])[1]
    points = [from_offset(col, row) for col in range(27, 34)]
    plane = scout(points[0])
    events: list[Event] = []
    state = state_with(plane)
    after = reconnaissance.photograph(state, GRID, plane, points, [3] * len(points), events)
    assert after.photos == ("A",) and after.over is None
    changing = reconnaissance.photograph(state, GRID, plane, points,
                                         [3, 3, 3, 4, 4, 4, 4][:len(points)], events)
    assert changing.photos == ("A",)  # two points at L4 after the change still count
    one_point = reconnaissance.photograph(state, GRID, plane, points[:3], [3, 3, 4], [])
    assert one_point.photos == () and one_point.over is not None
    full = replace(plane, photos=("B", "C"))
    assert reconnaissance.photograph(state, GRID, full, points, [3] * 7, []).photos == \
        ("B", "C")


def test_reconnaissance_leaving_by_its_own_side_only() -> None:
    """§ RECONNAISSANCE and R13: a reconnaissance aircraft on its task leaves the combat
    zone by the side it entered, undamaged or not; no other exit."""
    kind = DATA.aircraft["salmson-2"]
    west = scout(from_offset(1, 7), facing=3)
    assert movement.refusal(DATA, GRID, kind, west, 0, Move("FF"), (), home="west") is None
    east = scout(from_offset(34, 7), facing=0)
    assert movement.refusal(DATA, GRID, kind, east, 0, Move("FF"), (), home="west") == (
        "a reconnaissance aircraft leaves only by the side it entered",
        "book: 003_24ea110dc1b5a4d6.txt § RECONNAISSANCE")


def test_reconnaissance_scouts_move_first_lowest_number_first() -> None:
    """§ RECONNAISSANCE: the reconnaissance aircraft move first, lowest number first, then
    the fighters."""
    fighter = replace(scout(from_offset(5, 5)), nation="britain", number=4,
                      kind="sopwith-camel")
    s14 = scout(from_offset(5, 9), number=14)
    s13 = scout(from_offset(5, 12), number=13)
    state = state_with(fighter, s14, s13)
    assert [a.id for a in movement.next_movers(state)] == ["france-13"]
    state = replace(state, moved=("france-13",))
    assert [a.id for a in movement.next_movers(state)] == ["france-14"]
    state = replace(state, moved=("france-13", "france-14"))
    assert [a.id for a in movement.next_movers(state)] == ["britain-4"]


def test_reconnaissance_a_scout_always_in_play() -> None:
    """§ RECONNAISSANCE: at least one reconnaissance aircraft enters on the first turn and
    one is always in the zone or on an access point; the six-fighter limit leaves them
    out (MODES DE JEU)."""
    state = GAME.setup({"mode": "reconnaissance"}, new_rng(2))
    first = GAME.legal(state, "allies")
    assert {d["aircraft"] for d in first} == {"france-13", "france-14", "france-15"}
    gone = replace(scout(from_offset(5, 5)), where="down")
    waiting = replace(scout(from_offset(5, 5), number=14), where="patrol", point=None)
    enemy = scout(from_offset(30, 5), seat="germany")
    state = turn.proceed(replace(state_with(gone, waiting, enemy), phase="reinforce"), [])
    assert GAME.legal(state, "allies")[-1] != {"done": True}
    assert zones.fighting(state_with(scout(from_offset(5, 5))), "allies") == 0


def test_reconnaissance_points_and_the_tie() -> None:
    """§ RECONNAISSANCE: 3 points a zone brought home, the same zone twice counting once,
    +5 for all three; a draw broken by kills (1) and damage (0.5)."""
    home_ab = scout(from_offset(5, 5), where="left", home=True, photos=("A", "B"))
    home_b = scout(from_offset(5, 5), number=14, where="left", home=True, photos=("B",))
    shot = scout(from_offset(5, 5), number=15, where="down", photos=("C",))
    german = scout(from_offset(30, 5), seat="germany", where="left", home=True,
                   photos=("A", "C"))
    german2 = scout(from_offset(30, 5), seat="germany", number=14, where="left",
                    home=True, photos=("B",))
    state = state_with(home_ab, home_b, shot, german, german2)
    assert reconnaissance.task_points(state) == {"allies": 6.0, "germany": 14.0}
    over = replace(state_with(home_ab, shot, german), phase="over", result="tasks-done")
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.scores == {"allies": 6.0, "germany": 6.0}
    assert outcome.winner == "germany"  # equal photographs; France lost a scout
    assert outcome.reason == "equal task points, more battle points"


def test_reconnaissance_mode_needs_scouts() -> None:
    """§ RECONNAISSANCE: the task is the reconnaissance aircraft's (the asymmetric variant
    is not played yet)."""
    with pytest.raises(InvalidOptions):
        GAME.setup({"mode": "reconnaissance", "allies": ["britain-4"]}, new_rng(1))


def test_r22_the_game_ends_when_no_scout_is_left() -> None:
    """R22: a task-mode game ends when no reconnaissance aircraft of either side is left
    in the zone, on access points or in patrol."""
    fighter = replace(scout(from_offset(5, 5)), nation="britain", number=4,
                      kind="sopwith-camel")
    enemy = replace(scout(from_offset(30, 5), seat="germany"), number=4, kind="fokker-dr1")
    home = scout(from_offset(5, 5), where="left", home=True, photos=("A",))
    events: list[Event] = []
    state = turn.proceed(state_with(fighter, enemy, home), events)
    assert state.phase == "over" and state.result == "tasks-done"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == "allies"


def test_reconnaissance_the_asymmetric_variant() -> None:
    """§ RECONNAISSANCE: asymmetric, one player photographs with scouts and escorts, the
    other has fighters only; two or three zones photographed win, else the opponent."""
    state = GAME.setup({"mode": "reconnaissance", "task_side": "germany"}, new_rng(1))
    assert not any(a.seat == "allies" and reconnaissance.is_scout(a) for a in state.aircraft)
    with pytest.raises(InvalidOptions):
        GAME.setup({"task_side": "germany"}, new_rng(1))
    two = [scout(from_offset(30, 5), seat="germany", number=13, where="left", home=True,
                 photos=("A", "B"))]
    over = replace(state, aircraft=(*state.aircraft[:1], *two), phase="over",
                   result="tasks-done")
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.winner == "germany"
    one = [replace(two[0], photos=("A",))]
    outcome = GAME.outcome(replace(over, aircraft=(*state.aircraft[:1], *one)))
    assert outcome is not None and outcome.winner == "allies"


def test_mise_en_place_the_long_sides() -> None:
    """§ MISE EN PLACE: each player takes his side of the board, the short or the long
    ones: on the long sides the allies enter from the South and the Germans from the
    North (as in "Volez haut"), each player's target zones in the other's half, and the
    scouts go home by their own side (R13)."""
    state = GAME.setup({"mode": "reconnaissance", "sides": "long"}, new_rng(2))
    grid = zones.board(state)
    south = zones.access_points(grid, "allies", GAME.dataset, "long")
    north = zones.access_points(grid, "germany", GAME.dataset, "long")
    assert {to_offset(p)[1] for p, _ in south} == {grid.height}
    assert {to_offset(p)[1] for p, _ in north} == {-1}
    assert {f for _, f in south} == {5} and {f for _, f in north} == {2}
    for seat, half in (("allies", range(0, 8)), ("germany", range(8, 15))):
        cells = reconnaissance.target_zones(GAME.dataset, grid, seat, "long").values()
        assert all(to_offset(c)[1] in half for zone in cells for c in zone)
    scout = next(a for a in state.aircraft if a.id == "france-13")
    assert reconnaissance.exit_side(state, scout) == "south"
    legal = GAME.legal(state, "allies")
    state = GAME.apply(state, "allies", legal[0]).state
    placed = next(a for a in state.aircraft if a.where == "access")
    assert placed.facing == 5 and to_offset(Cell(*placed.point))[1] == grid.height
    short = GAME.setup({"mode": "general", "sides": "long"}, new_rng(2))
    assert short.options.sides == "short"  # laid as pictured: the East is the far side
