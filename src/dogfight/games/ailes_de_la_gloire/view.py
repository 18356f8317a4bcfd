"""What the hex board draws beyond the aircraft themselves, computed by the rules' own
functions so the page never re-implements them: the map's zones (own lines, No Man's
Land, enemy lines, start lines, escape edges: § La Carte, derived), each aircraft's
tailing arcs and fire range (§ La Définition de la Poursuite, § 5. Le Combat,
§ LES OBSERVATEURS; public: positions and facings are on the table, but only the pages
draw them, so they go in ``Game.hints``), and, in the hints too, for the seat writing its
maneuver, where each maneuver it may write would end (its own secret: only its own hints
hold it). The zones go in the view."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from dogfight.games.ailes_de_la_gloire.data import AilesData, read_code
from dogfight.games.ailes_de_la_gloire.movement import fly
from dogfight.games.ailes_de_la_gloire.state import AilesState, Choice
from dogfight.games.ailes_de_la_gloire.tailing import REACH
from dogfight.kit.grids import AHEAD, BEHIND, Arc, Cell, HexGrid, ahead, to_offset


def _cells(cells: Iterable[Cell]) -> list[list[int]]:
    return [list(to_offset(c)) for c in cells]


def zones(data: AilesData) -> dict[str, Any]:
    """The map's zones by columns: each side's lines, its start line and the edge it
    escapes by, and No Man's Land between."""
    sides = data.map.sides
    return {
        "lines": {side: list(z.lines) for side, z in sides.items()},
        "start_lines": {side: z.start_line for side, z in sides.items()},
        "edges": {side: z.own_edge for side, z in sides.items()},
        "no_mans_land": list(data.map.no_mans_land.columns),
    }


def arcs(state: AilesState, data: AilesData) -> dict[str, dict[str, list[list[int]]]]:
    """Each flying aircraft's hexes: ``front`` and ``rear`` tailing arcs (three hexes,
    cones of ±30°), ``fire`` (its own hex and three straight ahead) and, for a two-seater
    whose observer lives, ``observer`` (the rear arc but the hex directly behind)."""
    grid = data.map.grid
    front, rear = Arc.cone({AHEAD}, REACH), Arc.cone({BEHIND}, REACH)
    line = Arc.line({AHEAD}, 3, own_cell=True)
    out: dict[str, dict[str, list[list[int]]]] = {}
    for p in state.planes:
        if p.cell is None or not p.flying:
            continue
        entry = {"front": _cells(_on(grid, grid.arc_cells(p.cell, p.facing, front))),
                 "rear": _cells(_on(grid, grid.arc_cells(p.cell, p.facing, rear))),
                 "fire": _cells(_on(grid, grid.arc_cells(p.cell, p.facing, line)))}
        if data.aircraft[p.aircraft].has_observer and p.observer == "ok":
            behind = ahead(p.cell, (p.facing + 3) % 6)
            entry["observer"] = _cells(c for c in _on(grid, grid.arc_cells(p.cell, p.facing,
                                                                           rear))
                                       if c not in (behind, p.cell))
        out[p.seat] = entry
    return out


def _on(grid: HexGrid, cells: Sequence[Cell]) -> list[Cell]:
    return [c for c in cells if grid.on_map(c)]


def previews(state: AilesState, seat: str, legal: Sequence[Any],
             data: AilesData) -> dict[str, dict[str, Any]]:
    """Where each maneuver ``seat`` may write now would take its aircraft, by code
    (§ 4. Le Mouvement, through :func:`movement.fly`): the end hex and facing, the hexes
    entered, whether it leaves the map; a spin stays in its hex. Empty when ``seat``
    writes no maneuver."""
    plane = state.plane(seat)
    if plane.cell is None:
        return {}
    grid = data.map.grid
    out: dict[str, dict[str, Any]] = {}
    for decision in legal:
        if not isinstance(decision, Choice) or decision.code in out:
            continue
        if decision.code == "vrille":
            out["vrille"] = {"cell": list(to_offset(plane.cell)), "facing": plane.facing,
                             "entered": [], "off": False, "speed": 0}
            continue
        cell, facing, entered = fly(plane.cell, plane.facing, decision.code, data)
        off = any(not grid.on_map(c) for c in entered)
        out[decision.code] = {"cell": list(to_offset(cell)), "facing": facing,
                              "entered": _cells(entered), "off": off,
                              "speed": read_code(decision.code).speed}
    return out
