"""The kit's grids: golden counts checked two ways, properties, and the books' geometry.

``grid_counts.toml`` pins, for chosen positions of each grid (open board, centre, edge,
corner), how many cells lie within range 1..5, in the arcs at ranges 1..3, and are
visible past blockers, and the exact cells of some lines (python-chess's perft files
do the same for move generators). Each figure is checked against the module and against
a brute force written here from the geometry alone: neighbours from Euclidean distances
between drawn centres, distance by breadth-first search, arcs by angles in floating
point, lines by the nearest centre to each point of the segment over a box of cells.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dogfight.kit.grids import (
    AHEAD,
    BEHIND,
    FACING_NAMES,
    FRONT_LEFT,
    FRONT_RIGHT,
    REAR_LEFT,
    REAR_RIGHT,
    Arc,
    Bearing,
    Cell,
    Grid,
    HexGrid,
    Ties,
    TriangleGrid,
    advance,
    ahead,
    bearing,
    direction,
    distance,
    facing_for_roll,
    from_offset,
    line,
    line_steps,
    neighbours,
    opposite,
    ray,
    relative,
    ring,
    to_offset,
    turn,
    turns_between,
)

COUNTS = tomllib.loads((Path(__file__).parent / "grid_counts.toml").read_text())
SQRT3 = math.sqrt(3.0)

# -- the brute force: geometry from drawn positions only --------------------------------------


def xy(q: int | Fraction, r: int | Fraction) -> tuple[float, float]:
    """A cell's drawn centre, unit spacing, x East, y South."""
    return float(q) + float(r) / 2, SQRT3 / 2 * float(r)


def exact_d2(q: Fraction, r: Fraction, cell: tuple[int, int]) -> Fraction:
    """Squared Euclidean distance, exactly: x² + y² with x = dq + dr/2, y = (√3/2) dr."""
    dq, dr = q - cell[0], r - cell[1]
    return (dq + dr / 2) ** 2 + Fraction(3, 4) * dr * dr


BRUTE_STEPS = tuple(sorted(
    (dq, dr) for dq in (-1, 0, 1) for dr in (-1, 0, 1)
    if (dq, dr) != (0, 0) and exact_d2(Fraction(dq), Fraction(dr), (0, 0)) == 1))


def brute_distances(origin: Cell, reach: int) -> dict[tuple[int, int], int]:
    """Breadth-first search over the neighbours found above."""
    seen = {(origin.q, origin.r): 0}
    frontier = [(origin.q, origin.r)]
    for d in range(1, reach + 1):
        nxt = []
        for q, r in frontier:
            for dq, dr in BRUTE_STEPS:
                if (q + dq, r + dr) not in seen:
                    seen[(q + dq, r + dr)] = d
                    nxt.append((q + dq, r + dr))
        frontier = nxt
    return seen


def brute_on_map(size: list[int] | None, cell: tuple[int, int]) -> bool:
    if size is None:
        return True
    column = cell[0] + math.floor(cell[1] / 2)
    return 0 <= column < size[0] and 0 <= cell[1] < size[1]


def angle_off(origin: Cell, facing: int, target: tuple[int, int], rel: int) -> float:
    """|angle| in degrees between the target's direction and relative facing ``rel``."""
    x0, y0 = xy(origin.q, origin.r)
    x1, y1 = xy(*target)
    seen = math.degrees(math.atan2(y1 - y0, x1 - x0))
    return abs((seen - 60 * (facing + rel) + 180) % 360 - 180)


def brute_in_arc(origin: Cell, facing: int, target: tuple[int, int], d: int,
                 kind: str, facings: Iterable[int], reach: int) -> bool:
    if d == 0 or d > reach:
        return False
    facings = set(facings)
    offs = {k: angle_off(origin, facing, target, k) for k in range(6)}
    if kind == "line":
        return any(offs[k] < 1e-7 for k in facings)
    touching = {k for k in range(6) if offs[k] <= 30 + 1e-7}
    if kind == "cone":
        return bool(touching & facings)
    return touching <= facings  # the exclusive cone


def brute_steps(a: Cell, b: Cell) -> list[list[tuple[int, int]]]:
    """For each point i/n of the segment, the cells whose centre is nearest, in order."""
    n = max(distance(a, b), 1)
    box = [(q, r) for q in range(min(a.q, b.q) - 2, max(a.q, b.q) + 3)
           for r in range(min(a.r, b.r) - 2, max(a.r, b.r) + 3)]
    out = []
    for i in range(distance(a, b) + 1):
        q = a.q + Fraction(i * (b.q - a.q), n)
        r = a.r + Fraction(i * (b.r - a.r), n)
        d2 = {c: exact_d2(q, r, c) for c in box}
        least = min(d2.values())
        out.append(sorted(c for c in box if d2[c] == least))
    return out


def brute_clear(a: Cell, b: Cell, blocked: set[tuple[int, int]], ties: str) -> bool:
    need = all if ties == "both" else any
    return not any(need(c in blocked for c in step) for step in brute_steps(a, b)[1:-1])


# -- the golden counts, two ways ---------------------------------------------------------------

ARCS: dict[str, tuple[str, tuple[int, ...]]] = {
    "front_cone": ("cone", (AHEAD,)),
    "front_cone_exclusive": ("exclusive", (AHEAD,)),
    "rear_cone": ("cone", (BEHIND,)),
    "right_cone": ("cone", (FRONT_RIGHT, REAR_RIGHT)),
    "ahead_line": ("line", (AHEAD,)),
    "forward_lines": ("line", (FRONT_LEFT, AHEAD, FRONT_RIGHT)),
    "rear_lines": ("line", (REAR_LEFT, BEHIND, REAR_RIGHT)),
}


def grid_of(position: dict[str, Any]) -> Grid:
    size = position.get("size")
    kind = {"hex": HexGrid, "triangle": TriangleGrid}[position["grid"]]
    return kind(*size) if size else kind()


def module_arc(name: str, reach: int) -> Arc:
    kind, facings = ARCS[name]
    if kind == "line":
        return Arc.line(facings, reach)
    return Arc.cone(facings, reach, boundary="exclusive" if kind == "exclusive" else "inclusive")


POSITIONS = COUNTS["position"]


def test_the_file_pins_centre_edge_and_corner_positions_of_both_grids() -> None:
    assert {p["grid"] for p in POSITIONS} == {"hex", "triangle"}
    ids = [p["id"] for p in POSITIONS]
    assert len(ids) == len(set(ids)) >= 8
    for position in POSITIONS:
        assert len(position["within"]) == 5
        for name in ARCS:
            assert len(position[name]) == 3, (position["id"], name)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p["id"])
def test_cells_within_range(position: dict[str, Any]) -> None:
    grid, origin = grid_of(position), from_offset(*position["at"])
    brute = brute_distances(origin, 5)
    for reach, count in enumerate(position["within"], start=1):
        assert len(grid.within(origin, reach)) == count
        assert sum(1 for c, d in brute.items()
                   if d <= reach and brute_on_map(position.get("size"), c)) == count


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p["id"])
def test_cells_in_arcs(position: dict[str, Any]) -> None:
    grid, origin, facing = grid_of(position), from_offset(*position["at"]), position["facing"]
    brute = brute_distances(origin, 3)
    for name, (kind, facings) in ARCS.items():
        for reach, count in enumerate(position[name], start=1):
            assert len(grid.arc_cells(origin, facing, module_arc(name, reach))) == count, name
            assert sum(1 for c, d in brute.items()
                       if brute_on_map(position.get("size"), c)
                       and brute_in_arc(origin, facing, c, d, kind, facings, reach)) == count


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p["id"])
def test_cells_visible_past_blockers(position: dict[str, Any]) -> None:
    grid, origin = grid_of(position), from_offset(*position["at"])
    blocked_cells = {(c.q, c.r) for c in (from_offset(*o) for o in position["blocked"])}

    def blocked(c: Cell) -> bool:
        return (c.q, c.r) in blocked_cells

    brute = brute_distances(origin, 5)
    pinned: tuple[tuple[Ties, list[int]], ...] = (
        ("both", position["visible"]), ("either", position["visible_either"]))
    for ties, counts in pinned:
        for reach, count in enumerate(counts, start=1):
            assert len(grid.visible(origin, reach, blocked, ties=ties)) == count
            assert sum(1 for c, d in brute.items()
                       if d <= reach and brute_on_map(position.get("size"), c)
                       and brute_clear(origin, Cell(*c), blocked_cells, ties)) == count


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p["id"])
def test_lines_to_chosen_cells(position: dict[str, Any]) -> None:
    origin = from_offset(*position["at"])
    for pinned in position["line"]:
        target = from_offset(*pinned["to"])
        cells = [from_offset(*o) for o in pinned["cells"]]
        assert list(line(origin, target)) == cells
        assert [tuple(c) for c in cells] == [step[0] for step in brute_steps(origin, target)]
        assert len(cells) == distance(origin, target) + 1


# -- properties --------------------------------------------------------------------------------

coords = st.integers(-40, 40)  # wide enough to cross every edge of the maps below
cells = st.builds(Cell, coords, coords)
facings = st.integers(0, 5)


@given(cells, cells)
def test_distance_is_symmetric_and_zero_only_on_the_cell(a: Cell, b: Cell) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(cells, cells, cells)
def test_distance_obeys_the_triangle_inequality(a: Cell, b: Cell, c: Cell) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(facings, st.integers(-12, 12))
def test_turning_six_times_is_the_identity(facing: int, sides: int) -> None:
    f = facing
    for _ in range(6):
        f = turn(f, 1)
    assert f == facing
    assert turn(turn(facing, sides), -sides) == facing
    assert turn(facing, turns_between(facing, turn(facing, sides))) == turn(facing, sides)
    assert turns_between(facing, opposite(facing)) == 3


@given(cells)
def test_neighbours_are_at_distance_one_in_facing_order(c: Cell) -> None:
    ns = neighbours(c)
    assert len(set(ns)) == 6 and all(distance(c, n) == 1 for n in ns)
    assert ns == tuple(ahead(c, f) for f in range(6))
    assert [direction(c, n) for n in ns] == list(range(6))


@given(cells, st.integers(0, 6))
def test_a_ring_holds_every_cell_at_its_distance(c: Cell, n: int) -> None:
    cells_ = ring(c, n)
    assert len(set(cells_)) == max(1, 6 * n) and all(distance(c, x) == n for x in cells_)


@given(cells, cells)
def test_a_line_has_distance_plus_one_adjacent_cells_and_reads_both_ways(a: Cell,
                                                                         b: Cell) -> None:
    cells_ = line(a, b)
    assert len(cells_) == distance(a, b) + 1 and cells_[0] == a and cells_[-1] == b
    assert all(distance(x, y) == 1 for x, y in pairwise(cells_))
    assert line(b, a) == cells_[::-1]
    assert all(len(step) in (1, 2) for step in line_steps(a, b))


@given(cells, facings, st.integers(1, 9))
def test_steps_ahead_keep_the_line_and_the_bearing(c: Cell, f: int, n: int) -> None:
    far = ahead(c, f, n)
    assert distance(c, far) == n and direction(c, far) == f
    assert ray(c, f, n)[-1] == far and line(c, far) == (c, *ray(c, f, n))
    assert bearing(c, f, far) == Bearing(0, True)
    assert bearing(far, f, c) == Bearing(6, True)
    assert advance(c, f, 1) == (ahead(c, turn(f, 1)), turn(f, 1))


@given(cells, cells, facings)
def test_a_bearing_turns_with_the_facing(a: Cell, b: Cell, f: int) -> None:
    seen, north = bearing(a, f, b), bearing(a, 0, b)
    if a == b:
        assert seen is None
        return
    assert seen is not None and north is not None
    assert seen == Bearing((north.ray - 2 * f) % 12, north.exact)
    low, high = seen.degrees
    (xa, ya), (xb, yb) = xy(a.q, a.r), xy(b.q, b.r)
    clockwise = (math.degrees(math.atan2(yb - ya, xb - xa)) - 60 * f) % 360
    if seen.exact:
        assert abs((clockwise - low + 180) % 360 - 180) < 1e-7
    else:
        assert low < clockwise < high
    assert (seen.ray % 2 == 0 and seen.exact) == (direction(a, b) is not None)


@given(cells, facings)
def test_a_position_round_trips_through_offsets_and_pixels(c: Cell, f: int) -> None:
    assert from_offset(*to_offset(c)) == c
    for grid in (HexGrid(10, 8), TriangleGrid(12, 9)):
        assert grid.on_map(c) == (not grid.beyond(c)) == brute_on_map([grid.width or 0,
                                                                       grid.height or 0], c)
        for scale in (1.0, 37.5):
            x, y = grid.centre(c, scale)
            assert grid.cell_at(x, y, scale) == c
            nx, ny = grid.centre(ahead(c, f), scale)
            assert math.isclose(math.hypot(nx - x, ny - y), scale)
            heading = math.degrees(math.atan2(ny - y, nx - x)) % 360
            assert math.isclose(heading, 60 * f, abs_tol=1e-6) or (f == 0 and heading > 359)


# -- the books' geometry, by name ---------------------------------------------------------------


def test_facings_are_numbered_clockwise_from_east() -> None:
    assert FACING_NAMES == ("E", "SE", "SW", "W", "NW", "NE")
    assert relative(4, 1) == BEHIND and relative(0, 5) == FRONT_LEFT
    assert turn(0, -1) == 5 and opposite(1) == 4
    assert [facing_for_roll(n, first=4) for n in range(1, 7)] == [4, 5, 0, 1, 2, 3]


def test_the_map_edges_and_the_sides_beyond_them() -> None:
    grid = HexGrid(18, 16)
    assert len(grid.cells()) == 18 * 16 and all(grid.on_map(c) for c in grid.cells())
    assert grid.edges(from_offset(0, 0)) == {"north", "west"}
    assert grid.edges(from_offset(17, 15)) == {"south", "east"}
    assert grid.edges(from_offset(9, 0)) == {"north"} and grid.edges(from_offset(9, 8)) == set()
    assert grid.edges(from_offset(0, 7)) == {"west"}   # an odd row still touches the edge
    assert grid.beyond(from_offset(-1, 3)) == {"west"}
    assert grid.beyond(from_offset(18, -1)) == {"north", "east"}
    assert not grid.on_map(from_offset(18, 0)) and grid.neighbours(from_offset(0, 0)) == (
        from_offset(1, 0), from_offset(0, 1))
    assert HexGrid().on_map(Cell(10**6, -(10**6))) and HexGrid().edges(Cell(0, 0)) == set()


def test_a_printed_sheet_gives_the_map_size_in_hexes() -> None:
    # Les Ailes de la Gloire: 72 x 56 cm; the hex size is the game's (derived) data.
    assert HexGrid.fitting(72, 56, 3.81) == HexGrid(18, 16)     # 1.5-inch hexes
    assert HexGrid.fitting(72, 56, 4.0) == HexGrid(17, 15)
    assert HexGrid.fitting(56, 72, 4.0) == HexGrid(13, 20)      # rows along the short side
    width, height = HexGrid(18, 16).extent(3.81)
    assert width <= 72 and height <= 56


def test_drawing_helpers() -> None:
    grid = HexGrid(3, 2)
    corners = grid.corners(Cell(0, 0), 2.0)
    x, y = grid.centre(Cell(0, 0), 2.0)
    assert x == 1.0 and y == pytest.approx(2 / SQRT3)
    assert all(math.isclose(math.hypot(cx - x, cy - y), 2 / SQRT3) for cx, cy in corners)
    assert min(cy for _, cy in corners) == pytest.approx(0.0)   # pointy top touches y = 0
    board = TriangleGrid(4, 3)
    # each row of 4 has 3 East links; 2 gaps of rows, each with 4 + 3 slanted links
    assert len(board.links()) == 3 * 3 + 2 * 7
    width, height = board.extent(2.0)
    assert width == 2.0 * 4.5 and height == pytest.approx(2.0 + 2.0 * SQRT3)


def test_ailes_front_and_rear_arcs_for_tailing() -> None:
    # R16: front arc = centres within ±30° of the facing, within 3 hexes; rear the same behind.
    front, rear = Arc.cone({AHEAD}, 3), Arc.cone({BEHIND}, 3)
    tailer, baron = Cell(0, 0), Cell(2, -1)   # the Baron 30° off the tailer's nose (a spine)
    assert front.holds(tailer, 0, baron) and rear.holds(baron, 0, tailer)
    assert not Arc.cone({AHEAD}, 3, boundary="exclusive").holds(tailer, 0, baron)
    assert not front.holds(tailer, 0, Cell(4, -2))        # four hexes: too far
    assert Arc.cone({AHEAD}, 4).holds(tailer, 0, Cell(4, -2))   # the long-distance skill
    assert not front.holds(tailer, 0, Cell(1, -2))        # 60° off the nose
    fire = Arc.line({AHEAD}, 3, own_cell=True)             # own hex and three straight ahead
    assert HexGrid().arc_cells(tailer, 1, fire) == (tailer, *ray(tailer, 1, 3))


def test_age_of_dogfights_firing_positions_are_read_on_the_lines() -> None:
    target, facing = Cell(5, 5), 0
    behind = ahead(target, opposite(facing))
    # H5 exactly behind at 1d, the shooter facing the target
    assert direction(behind, target) == facing and distance(behind, target) == 1
    assert bearing(target, facing, behind) == Bearing(6, True)
    # H6 angled from behind: adjacent, rear left or rear right of the target
    for side in (REAR_LEFT, REAR_RIGHT):
        shooter = ahead(target, turn(facing, side))
        assert relative(facing, direction(target, shooter) or 0) == side
    # H7 far behind: 2d strictly behind; a cell off the lines is no firing position
    assert bearing(target, facing, ahead(target, BEHIND, 2)) == Bearing(6, True)
    assert direction(target, Cell(3, 6)) is None
    assert bearing(target, facing, Cell(3, 6)) == Bearing(5, True)   # a spine, not a line
    # H8 head-on at 2d: each on the other's line ahead, facings opposite
    oncoming = ahead(target, facing, 2)
    assert direction(oncoming, target) == opposite(facing)
    assert turns_between(facing, opposite(facing)) == 3


def test_a_tie_blocks_only_when_both_cells_are_blocked_by_default() -> None:
    grid, a, b = HexGrid(), Cell(0, 0), Cell(2, -1)    # along a spine: one tie between
    assert line_steps(a, b)[1] == (Cell(1, -1), Cell(1, 0))
    one: Callable[[Cell], bool] = lambda c: c == Cell(1, -1)   # noqa: E731
    both: Callable[[Cell], bool] = lambda c: c in (Cell(1, -1), Cell(1, 0))  # noqa: E731
    assert grid.clear(a, b, one) and not grid.clear(a, b, one, ties="either")
    assert not grid.clear(a, b, both)
    assert grid.clear(a, Cell(1, 0), both)            # the ends never block
