"""Arcs: the cells an aircraft sees, given as relative facings and a reach.

Two shapes cover both books:

- a **cone** is the union of the 60° sextants (±30° about a facing's line) of the
  relative facings it names: ``Arc.cone({AHEAD}, 3)`` is Les Ailes de la Gloire's front
  arc for tailing (its ruling R16: "the hexes whose centres lie within ±30° of the
  facing, within 3 hexes"), ``Arc.cone({BEHIND}, 3)`` its rear arc;
- a **line** is the cells straight along the grid lines of the facings it names:
  ``Arc.line({AHEAD}, 3, own_cell=True)`` is its fire arc ("the own hex and the three
  hexes in a straight line ahead"), ``Arc.line({FRONT_LEFT, AHEAD, FRONT_RIGHT}, 2)``
  Age of Dogfights' "three forward directions".

A cell exactly on the boundary between a named sextant and one not named (a spine, 30°
off the facing's line) is in an ``inclusive`` cone ("within ±30°", the default) and out
of an ``exclusive`` one; between two named sextants it is always in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from dogfight.kit.grids.lattice import Cell, bearing, distance

Shape = Literal["cone", "line"]
Boundary = Literal["inclusive", "exclusive"]


@dataclass(frozen=True, slots=True)
class Arc:
    """A set of relative facings (0 ahead ... 3 behind, clockwise), a ``reach`` in cells,
    a ``shape`` (cone or line), what a cone does with its boundary cells, and whether the
    aircraft's own cell (distance 0) counts."""

    facings: frozenset[int]
    reach: int
    shape: Shape = "cone"
    boundary: Boundary = "inclusive"
    own_cell: bool = False

    @classmethod
    def cone(cls, facings: Iterable[int], reach: int, *, boundary: Boundary = "inclusive",
             own_cell: bool = False) -> Arc:
        """The sextants of ``facings`` out to ``reach`` cells."""
        return cls(frozenset(f % 6 for f in facings), reach, "cone", boundary, own_cell)

    @classmethod
    def line(cls, facings: Iterable[int], reach: int, *, own_cell: bool = False) -> Arc:
        """The grid lines of ``facings`` out to ``reach`` cells."""
        return cls(frozenset(f % 6 for f in facings), reach, "line", "inclusive", own_cell)

    def holds(self, origin: Cell, facing: int, target: Cell) -> bool:
        """Whether ``target`` is in this arc of an aircraft at ``origin`` facing
        ``facing``."""
        d = distance(origin, target)
        if d == 0:
            return self.own_cell
        if d > self.reach:
            return False
        b = bearing(origin, facing, target)
        assert b is not None
        if self.shape == "line":
            return b.exact and b.ray % 2 == 0 and b.ray // 2 in self.facings
        if self.boundary == "inclusive":
            return not b.sextants.isdisjoint(self.facings)
        return b.sextants <= self.facings
