"""The interface :class:`Grid` and its two maps, :class:`HexGrid` and :class:`TriangleGrid`.

A grid is a value (a frozen dataclass) naming its size: ``width`` cells in each of
``height`` rows, or unbounded when both are None. Everything that does not depend on the
size is the lattice's (:mod:`.lattice`, :mod:`.arcs`) and is shared; the two classes
differ only in how a cell is drawn and in how a printed map's size is read.

Rows run East–West. Cell ``(q, r)`` lies in row ``r`` (0 = the northern edge) at column
``q + r // 2`` ("odd-r" offset: odd rows sit half a cell further East), so a map is a
rectangle of ``width × height`` cells.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal

from dogfight.kit.grids import lattice
from dogfight.kit.grids.arcs import Arc
from dogfight.kit.grids.lattice import Cell, Point

Side = Literal["north", "east", "south", "west"]
Ties = Literal["both", "either"]

SQRT3 = math.sqrt(3.0)


def to_offset(cell: Cell) -> tuple[int, int]:
    """``(column, row)`` of a cell on a rectangular map (odd rows shifted East)."""
    return cell.q + cell.r // 2, cell.r


def from_offset(column: int, row: int) -> Cell:
    """The cell at ``(column, row)``."""
    return Cell(column - row // 2, row)


@dataclass(frozen=True)
class Grid(ABC):
    """One small interface for the hex grid and the triangle-point grid.

    Geometry (pure, size-free): :meth:`distance`, :meth:`ahead`, :meth:`advance`,
    :meth:`turn`, :meth:`direction`, :meth:`bearing`, :meth:`line`, :meth:`line_steps`.
    The map (its size): :meth:`on_map`, :meth:`beyond`, :meth:`edges`, :meth:`cells`,
    :meth:`neighbours`, :meth:`within`, :meth:`in_arc`, :meth:`arc_cells`,
    :meth:`clear`, :meth:`visible`. Drawing: :meth:`centre`, :meth:`cell_at`,
    :meth:`extent`, with a ``scale`` = the distance between adjacent cells' centres.
    """

    width: int | None = None
    height: int | None = None

    kind: ClassVar[str]

    # -- the lattice (the same on both grids): see :mod:`.lattice` --
    distance = staticmethod(lattice.distance)
    turn = staticmethod(lattice.turn)
    ahead = staticmethod(lattice.ahead)
    advance = staticmethod(lattice.advance)
    direction = staticmethod(lattice.direction)
    bearing = staticmethod(lattice.bearing)
    line = staticmethod(lattice.line)
    line_steps = staticmethod(lattice.line_steps)

    # -- the map --
    @property
    def bounded(self) -> bool:
        """Whether the map has edges."""
        return self.width is not None and self.height is not None

    def beyond(self, cell: Cell) -> frozenset[Side]:
        """The sides of the map a cell lies beyond: empty on the map, two past a corner."""
        if self.width is None or self.height is None:
            return frozenset()
        column, row = to_offset(cell)
        sides: set[Side] = set()
        if row < 0:
            sides.add("north")
        elif row >= self.height:
            sides.add("south")
        if column < 0:
            sides.add("west")
        elif column >= self.width:
            sides.add("east")
        return frozenset(sides)

    def on_map(self, cell: Cell) -> bool:
        """Whether the cell is on the map."""
        if self.width is None or self.height is None:
            return True
        r = cell.r
        return 0 <= r < self.height and 0 <= cell.q + r // 2 < self.width

    def edges(self, cell: Cell) -> frozenset[Side]:
        """The map edges a cell lies on: the sides its off-map neighbours lie beyond
        (empty inside the map; an edge cell on one side, a corner on two)."""
        out: frozenset[Side] = frozenset()
        for n in lattice.neighbours(cell):
            out |= self.beyond(n)
        return out

    def cells(self) -> tuple[Cell, ...]:
        """Every cell of a bounded map, row by row from the North-West corner."""
        if self.width is None or self.height is None:
            raise ValueError("an unbounded grid has no list of cells")
        return tuple(from_offset(c, r) for r in range(self.height) for c in range(self.width))

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The adjacent cells on the map, in facing order (East first, clockwise)."""
        return tuple(n for n in lattice.neighbours(cell) if self.on_map(n))

    def within(self, cell: Cell, reach: int) -> tuple[Cell, ...]:
        """The cells on the map at distance ``reach`` or less, ``cell`` included, ring by
        ring."""
        return tuple(c for c in lattice.disc(cell, reach) if self.on_map(c))

    def in_arc(self, origin: Cell, facing: int, target: Cell, arc: Arc) -> bool:
        """Whether ``target`` (on the map) lies in ``arc`` of an aircraft at ``origin``."""
        return self.on_map(target) and arc.holds(origin, facing, target)

    def arc_cells(self, origin: Cell, facing: int, arc: Arc) -> tuple[Cell, ...]:
        """The cells on the map in ``arc`` of an aircraft at ``origin`` facing ``facing``."""
        return tuple(c for c in self.within(origin, arc.reach) if arc.holds(origin, facing, c))

    def clear(self, a: Cell, b: Cell, blocked: Callable[[Cell], bool], *,
              ties: Ties = "both") -> bool:
        """Whether the line from ``a`` to ``b`` passes no blocked cell between them (the
        ends never block). At a tie, ``ties="both"`` blocks only if both cells are blocked
        (the line may slip along the side between them); ``"either"`` if one is."""
        need = all if ties == "both" else any
        return not any(need(blocked(c) for c in step)
                       for step in lattice.line_steps(a, b)[1:-1])

    def visible(self, origin: Cell, reach: int, blocked: Callable[[Cell], bool], *,
                ties: Ties = "both") -> tuple[Cell, ...]:
        """The cells on the map within ``reach`` whose line from ``origin`` is clear."""
        return tuple(c for c in self.within(origin, reach)
                     if self.clear(origin, c, blocked, ties=ties))

    # -- drawing (x East, y South, as on a screen) --
    def centre(self, cell: Cell, scale: float = 1.0) -> tuple[float, float]:
        """Where to draw a cell: the centre of its hex, or the point itself."""
        mx, my = self._margin(scale)
        return mx + scale * (cell.q + cell.r / 2), my + scale * SQRT3 / 2 * cell.r

    def cell_at(self, x: float, y: float, scale: float = 1.0) -> Cell:
        """The cell drawn nearest the position (the hex holding it, or the nearest point);
        it may be off the map."""
        mx, my = self._margin(scale)
        r = (y - my) / (scale * SQRT3 / 2)
        q = (x - mx) / scale - r / 2
        q0, r0 = round(q), round(r)
        q1, r1 = min(((q0 + dq, r0 + dr) for dq, dr in ((0, 0), *lattice.STEPS)),
                     key=lambda c: _square(q - c[0], r - c[1]))
        return Cell(q1, r1)

    def extent(self, scale: float = 1.0) -> tuple[float, float]:
        """The drawn map's width and height, margins included (a bounded map)."""
        if self.width is None or self.height is None:
            raise ValueError("an unbounded grid has no extent")
        mx, my = self._margin(scale)
        across = self.width - 1 + (0.5 if self.height > 1 else 0.0)
        return 2 * mx + scale * across, 2 * my + scale * SQRT3 / 2 * (self.height - 1)

    @abstractmethod
    def _margin(self, scale: float) -> tuple[float, float]:
        """Where the North-West cell is drawn: the map's margin."""


def _square(dq: float, dr: float) -> float:
    return dq * dq + dq * dr + dr * dr


@dataclass(frozen=True)
class HexGrid(Grid):
    """Hexes, **pointy-top** (two sides of each hex run North–South, so a row of hexes
    runs East–West and the six facings point at the six sides: E, SE, SW, W, NW, NE).
    An aircraft sits in a hex facing one of its sides; any number share a hex. ``scale``
    is the width of a hex across its flats (the distance between adjacent centres)."""

    kind: ClassVar[str] = "hex"

    def _margin(self, scale: float) -> tuple[float, float]:
        return scale / 2, scale / SQRT3

    def corners(self, cell: Cell, scale: float = 1.0) -> tuple[tuple[float, float], ...]:
        """The six corners of a hex as drawn, clockwise from the one at the East-South-East
        (30° below East), for an SVG polygon."""
        x, y = self.centre(cell, scale)
        radius = scale / SQRT3
        return tuple((x + radius * math.cos(math.radians(30 + 60 * k)),
                      y + radius * math.sin(math.radians(30 + 60 * k))) for k in range(6))

    @classmethod
    def fitting(cls, width: float, height: float, across_flats: float) -> HexGrid:
        """The largest map of whole hexes (``across_flats`` wide) that fits a printed sheet
        ``width`` × ``height`` (any one unit), rows along ``width``: Les Ailes de la
        Gloire's 72 × 56 cm map is ``HexGrid.fitting(72, 56, hex)``, ``hex`` being its
        (derived) hex size; pass the sheet turned to run rows along the other side."""
        tall = 2 * across_flats / SQRT3  # corner to corner
        eps = 1e-9
        columns = math.floor(width / across_flats - 0.5 + eps)
        rows = math.floor((height - tall) / (0.75 * tall) + eps) + 1
        return cls(max(columns, 0), max(rows, 0))


@dataclass(frozen=True)
class TriangleGrid(Grid):
    """The points of a grid of equilateral triangles, one family of lines running
    East–West (Age of Dogfights' ruling R28), the others at 60° and 120°. An aircraft sits
    on a point, its nose along one of the six lines through it; a step goes to the next
    point along a line. ``scale`` is the distance ``d`` between adjacent points."""

    kind: ClassVar[str] = "triangle"

    def _margin(self, scale: float) -> tuple[float, float]:
        return scale / 2, scale / 2

    def links(self) -> tuple[tuple[Point, Point], ...]:
        """The grid's segments between adjacent points on the map (each once: to the E,
        SE and SW neighbours), for drawing the lines."""
        out: list[tuple[Cell, Cell]] = []
        for p in self.cells():
            for f in (0, 1, 2):
                n = lattice.ahead(p, f)
                if self.on_map(n):
                    out.append((p, n))
        return tuple(out)

