"""4. Le Mouvement: each aircraft flies the maneuver written, from its hex and facing to
the end hex and facing of its maneuver sheet; all move at the same time, any number may
share or cross a hex.

The path of a maneuver is data (``maneuvers.toml``, derived from the text: the sheets
are missing). Not yet here: the movement phase itself (edges, landing, stalls, spins).
"""

from __future__ import annotations

from dogfight.games.ailes_de_la_gloire.data import AilesData
from dogfight.kit.grids import FRONT_LEFT, FRONT_RIGHT, Cell, ahead, turn


def fly(cell: Cell, facing: int, code: str, data: AilesData) -> tuple[Cell, int, tuple[Cell, ...]]:
    """Where a maneuver ends (hex, facing) and the hexes it enters, in order: F one hex
    ahead, L/R 60° in the hex, SL/SR into the front-left/front-right hex, nose kept."""
    entered: list[Cell] = []
    for step in data.maneuvers[code].path:
        if step == "F":
            cell = ahead(cell, facing)
        elif step == "L":
            facing = turn(facing, -1)
            continue
        elif step == "R":
            facing = turn(facing, 1)
            continue
        elif step == "SL":
            cell = ahead(cell, turn(facing, FRONT_LEFT))
        else:
            cell = ahead(cell, turn(facing, FRONT_RIGHT))
        entered.append(cell)
    return cell, facing, tuple(entered)
