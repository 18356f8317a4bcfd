"""The weather: the book's sections LE FACTEUR METEO, LE SOLEIL and LES NUAGES (R26,
R27), each optional. LE VENT is not implemented yet (see the rules document)."""

from __future__ import annotations

from collections.abc import Sequence

from dogfight.games.age_of_dogfights.state import Aircraft, Cloud
from dogfight.kit.grids import Cell, distance, from_offset
from dogfight.kit.grids.lattice import ahead, direction

#: The grid's six directions by name (R28: one family of lines East-West).
FACING = {"E": 0, "SE": 1, "SW": 2, "W": 3, "NW": 4, "NE": 5}


def against_sun(sun: str | None, shooter: Aircraft, target: Aircraft) -> bool:
    """Whether the shot goes toward the sun, against its rays (LE SOLEIL; R26: only the
    horizontal direction counts)."""
    if sun is None or shooter.point is None or target.point is None:
        return False
    return direction(Cell(*shooter.point), Cell(*target.point)) == FACING[sun]


def in_cloud(clouds: Sequence[Cloud], point: Cell, level: int) -> bool:
    """Whether a point at a level is inside a cloud (LES NUAGES; R27)."""
    return any(from_offset(*c.cell) == point and level <= c.top for c in clouds)


def clouds_block(clouds: Sequence[Cloud], shooter: Aircraft, target: Aircraft) -> bool:
    """No fire when either aircraft is in a cloud, nor at 2d when the point between them
    is (LES NUAGES); an aircraft above a cloud fires freely."""
    if not clouds or shooter.point is None or target.point is None:
        return False
    origin, aim = Cell(*shooter.point), Cell(*target.point)
    if in_cloud(clouds, origin, shooter.level) or in_cloud(clouds, aim, target.level):
        return True
    line = direction(origin, aim)
    return (line is not None and distance(origin, aim) == 2
            and in_cloud(clouds, ahead(origin, line), shooter.level))
