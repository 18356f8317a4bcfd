"""Moving aircraft: the book's sections MOUVEMENT DES AVIONS, MOUVEMENT A L'HORIZONTAL,
CHANGEMENT DE DIRECTION (AGILITE), EFFET GYROSCOPIQUE, RAYON DE BRAQUAGE, with
LA ZONE EXTERIEURE, TYPES DE DEGATS (fewer steps and turns) and MACHINE GUN JAMMING
(unjamming limits); altitude is :mod:`.altitude`.

A move is a path of steps, one letter each: ``F`` to the point straight ahead, ``L`` or
``R`` to the point 60° to the left or right (the piece then faces that way). Its length
is exact: speed + the die (+1 for a move only straight ahead, minus climbs plus dives,
minus damage). :func:`refusal` gives the book's reason a path is not allowed, or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import msgspec

from dogfight.games.age_of_dogfights import altitude
from dogfight.games.age_of_dogfights.data import AgeData, AircraftType
from dogfight.games.age_of_dogfights.state import Aircraft, Tilt
from dogfight.kit.grids import Cell, TriangleGrid, to_offset
from dogfight.kit.grids.lattice import advance, ahead

BOOK = "book: 003_24ea110dc1b5a4d6.txt § "
SIDES = {"F": 0, "L": -1, "R": 1}


class Move(msgspec.Struct, frozen=True):
    """What a move's decision says: the path, the level change made (forced by the last
    tilt), the attitude at the end, and whether the pilot unjams its guns this move."""

    path: str
    change: int = 0
    tilt: Tilt = "level"
    unjam: bool = False


def steps_for(data: AgeData, kind: AircraftType, aircraft: Aircraft, die: int, change: int,
              straight: bool, *, disarmed: bool = False, emptied: bool = False) -> int:
    """The exact number of steps: speed + die (MOUVEMENT A L'HORIZONTAL), +1 if only
    straight ahead, −1 per level climbed, +1 per level dived (GRIMPER, DESCENDRE), −1 for
    damaged wings, −2 for a damaged engine (TYPES DE DEGATS), +1 for a disarmed scout or
    a bomber that dropped its last bomb (MODES DE JEU); at least one (R17)."""
    movement = data.rules.movement
    steps = kind.speed + die + altitude.step_change(data, change)
    if straight:
        steps += movement.straight_bonus
    steps += sum(data.rules.damage[d].steps for d in aircraft.damage
                 if d in data.rules.damage)
    steps += int(disarmed) + int(emptied)
    return max(steps, movement.min_steps)


def turns_allowed(data: AgeData, kind: AircraftType, aircraft: Aircraft, path: str,
                  unjam: bool = False) -> int:
    """How many turns the path may make: the agility (CHANGEMENT DE DIRECTION), one fewer
    per damaged tail (TYPES DE DEGATS), the gyroscopic effect when every turn is to the
    same side (EFFET GYROSCOPIQUE: + to the right, − to the left, reversed for pushers,
    ignored when turning both ways), at most one while the pilot unjams its guns
    (MACHINE GUN JAMMING)."""
    limit = kind.agility + sum(data.rules.damage[d].turns for d in aircraft.damage
                               if d in data.rules.damage)
    rights, lefts = path.count("R"), path.count("L")
    if rights and not lefts:
        limit += kind.gyro
    elif lefts and not rights:
        limit -= kind.gyro
    if unjam:
        limit = min(limit, data.rules.movement.unjam_turns)
    return max(limit, 0)


def successive_turns(path: str) -> bool:
    """Whether the path turns on two successive steps."""
    return any(a != "F" and b != "F" for a, b in pairwise(path))


def fly(point: Cell, facing: int, path: str) -> tuple[tuple[Cell, int], ...]:
    """Where the piece is, and which way it faces, after each step of ``path``."""
    out = []
    for letter in path:
        point, facing = advance(point, facing, SIDES[letter])
        out.append((point, facing))
    return tuple(out)


def in_border(data: AgeData, grid: TriangleGrid, point: Cell) -> bool:
    """Whether a point lies in the border zone, the band ``border`` points deep along the
    edges (LA ZONE EXTERIEURE; R8: its width is a data value)."""
    column, row = to_offset(point)
    width, height, band = grid.width or 0, grid.height or 0, data.board.border
    return (column < band or row < band or column >= width - band
            or row >= height - band)


def ahead_of(other: Aircraft) -> tuple[Cell, int] | None:
    """The point (and level) where no move may end: directly ahead of ``other``, at its
    level, or one up or down when it is tilted (MOUVEMENT A L'HORIZONTAL)."""
    if other.where != "zone" or other.point is None:
        return None
    shift = {"level": 0, "up": 1, "down": -1}[other.tilt]
    return ahead(Cell(*other.point), other.facing), other.level + shift


def may_leave(kind: AircraftType, aircraft: Aircraft) -> bool:
    """Whether the aircraft may leave the combat zone (REGLES GENERALES: fighters only
    when damaged or out of ammunition; R13: by stepping off an edge)."""
    return bool(aircraft.damage) or not any(aircraft.bursts)


def refusal(data: AgeData, grid: TriangleGrid, kind: AircraftType, aircraft: Aircraft,
            die: int, move: Move, others: Sequence[Aircraft], *,
            strict_dive: bool = False, relax_border: bool = False,
            relax_ahead: bool = False) -> tuple[str, str] | None:
    """Why ``move`` is not allowed, as ``(message, rule)``, or None when it is.
    ``others`` are the other aircraft in the combat zone; ``relax_*`` are R16's
    relaxations when no path is left."""
    path = move.path
    if not path or set(path) - set(SIDES):
        return "a path is a string of F, L and R, one per step", BOOK + "MOUVEMENT A L'HORIZONTAL"
    if move.change not in altitude.level_changes(data, kind, aircraft):
        return (f"the level must change by one of {altitude.level_changes(data, kind, aircraft)}",
                altitude.RULE)
    if move.unjam and move.change:
        return ("an aircraft unjamming its pilot's guns cannot change altitude (R18)",
                BOOK + "MACHINE GUN JAMMING")
    start = Cell(*(aircraft.point or (0, 0)))
    flown = fly(start, aircraft.facing, path)
    exits = not grid.on_map(flown[-1][0])
    if any(not grid.on_map(p) for p, _ in flown[:-1]):
        return "the path leaves the board before its last step", BOOK + "REGLES GENERALES"
    if exits and not may_leave(kind, aircraft):
        return ("only a damaged aircraft or one out of ammunition may leave the combat "
                "zone", BOOK + "REGLES GENERALES")
    steps = steps_for(data, kind, aircraft, die, move.change, set(path) == {"F"})
    if len(path) != steps and not (exits and len(path) < steps):
        return f"this move has exactly {steps} steps", BOOK + "MOUVEMENT A L'HORIZONTAL"
    if not exits and not altitude.changes_in_time(data, move.change, len(path)):
        return "too few steps for this change of level", BOOK + "DESCENDRE"
    turns = path.count("L") + path.count("R")
    limit = turns_allowed(data, kind, aircraft, path, move.unjam)
    if turns > limit:
        return f"at most {limit} turns in this move", BOOK + "CHANGEMENT DE DIRECTION (AGILITE)"
    if (steps >= data.rules.movement.turning_radius or kind.role == "bomber") \
            and successive_turns(path):
        return "no turns on two successive steps", BOOK + "RAYON DE BRAQUAGE"
    levels = altitude.levels_along(data, aircraft.level, move.change, len(path))
    held = {(Cell(*o.point), o.level) for o in others
            if o.where == "zone" and o.point is not None}
    if any((p, level) in held for (p, _), level in zip(flown, levels, strict=True)):
        return ("no passing through a point held at the same level",
                BOOK + "MOUVEMENT A L'HORIZONTAL")
    if exits:
        return None
    end, end_level = flown[-1][0], levels[-1]
    if move.tilt not in altitude.tilts_after(data, end_level, move.change,
                                             strict_dive=strict_dive):
        return f"the piece cannot end tilted {move.tilt} here", BOOK + "DESCENDRE"
    if not relax_ahead and (end, end_level) in {ahead_of(o) for o in others}:
        return ("a move cannot end directly in front of another aircraft",
                BOOK + "MOUVEMENT A L'HORIZONTAL")
    if not relax_border and aircraft.border and in_border(data, grid, end):
        return ("no ending in the border zone two moves running",
                BOOK + "LA ZONE EXTERIEURE")
    return None
