"""Grids: the hex grid and the triangle-point grid behind one interface, :class:`Grid`.

Les Ailes de la Gloire puts aircraft in large hexes, nose toward a hex side; Age of
Dogfights puts them on the points of a grid of equilateral triangles, nose along a grid
line. **The points of a triangle grid are the centres of the hex tiling dual to it** (each
point is a hex centre; each grid line joins the centres of two hexes sharing a side), so
both grids are the same lattice, and everything but drawing is written once
(:mod:`.lattice`, :mod:`.arcs`); :class:`HexGrid` and :class:`TriangleGrid` differ only
in what a cell looks like.

Coordinates
    A cell (a hex, or a point: :data:`Point` is :class:`Cell`) is an immutable
    ``Cell(q, r)`` in *axial* coordinates: ``r`` is the row, growing southward (down the
    screen); ``q`` grows eastward along a row; the third cube coordinate is
    ``s = -q - r``. Distance is ``(|dq| + |dr| + |dq + dr|) / 2``. A bounded map is a
    rectangle of ``width`` columns × ``height`` rows in "odd-r" offset: row 0 is the
    northern edge, odd rows sit half a cell further East (:func:`to_offset`,
    :func:`from_offset`).

Facings
    Six, numbered **clockwise from East**: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE
    (:data:`FACING_NAMES`); on a pointy-top hex each points at a side, on the triangle
    grid each runs along a line (one family of lines East–West, Age of Dogfights' R28,
    whose wind and sun use exactly these six names). Turning ``n`` sides is ``n × 60°``,
    right (clockwise) when positive: ``turn(f, 6) == f``. Relative facings count the same
    way from an aircraft's nose: :data:`AHEAD` 0, :data:`FRONT_RIGHT` 1,
    :data:`REAR_RIGHT` 2, :data:`BEHIND` 3, :data:`REAR_LEFT` 4, :data:`FRONT_LEFT` 5.

Bearings
    :func:`bearing` says where a cell lies from another relative to a facing, exactly (in
    integers): on one of twelve 30° rays, or strictly between two. Even rays are the grid
    lines (what Age of Dogfights' firing positions are built on: "strictly behind" is
    ``Bearing(6, True)``); odd rays are the spines midway between two lines, the
    boundaries of the 60° sextants that make arcs (:class:`Arc`). :func:`direction`
    gives the grid line holding a cell, or None.

Lines
    :func:`line` from ``a`` to ``b`` takes, at each of ``distance + 1`` evenly spaced
    points of the segment between the centres, the cell holding the point. When the
    segment runs along a side between two cells (a tie), it takes the one with the
    smaller ``(q, r)``, so a line is the same drawn either way; :func:`line_steps` keeps
    both cells of each tie, and :meth:`Grid.clear` decides whether a tie blocks.

Drawing
    :meth:`Grid.centre` gives screen coordinates (x East, y South) with ``scale`` the
    distance between adjacent centres; hexes are **pointy-top** (rows run East–West).
"""

from dogfight.kit.grids.arcs import Arc, Boundary
from dogfight.kit.grids.boards import (
    Grid,
    HexGrid,
    Side,
    Ties,
    TriangleGrid,
    from_offset,
    to_offset,
)
from dogfight.kit.grids.lattice import (
    AHEAD,
    BEHIND,
    FACING_NAMES,
    FRONT_LEFT,
    FRONT_RIGHT,
    REAR_LEFT,
    REAR_RIGHT,
    STEPS,
    Bearing,
    Cell,
    Point,
    advance,
    ahead,
    bearing,
    direction,
    disc,
    distance,
    facing_for_roll,
    line,
    line_steps,
    neighbours,
    opposite,
    ray,
    relative,
    ring,
    turn,
    turns_between,
)

__all__ = [
    "AHEAD", "BEHIND", "FACING_NAMES", "FRONT_LEFT", "FRONT_RIGHT", "REAR_LEFT",
    "REAR_RIGHT", "STEPS", "Arc", "Bearing", "Boundary", "Cell", "Grid", "HexGrid", "Point",
    "Side", "Ties", "TriangleGrid", "advance", "ahead", "bearing", "direction", "disc",
    "distance", "facing_for_roll", "from_offset", "line", "line_steps", "neighbours",
    "opposite", "ray", "relative", "ring", "to_offset", "turn", "turns_between",
]
