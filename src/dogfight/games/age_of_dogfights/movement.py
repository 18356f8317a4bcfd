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
from typing import Any, Literal

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat, roll
from dogfight.games.age_of_dogfights import altitude, reconnaissance
from dogfight.games.age_of_dogfights.data import AgeData, AircraftType, dataset
from dogfight.games.age_of_dogfights.state import AgeState, Aircraft, Flight, Tilt
from dogfight.games.age_of_dogfights.weather import FACING
from dogfight.games.age_of_dogfights.zones import board, find, flying_type, put
from dogfight.kit.grids import Cell, TriangleGrid, to_offset
from dogfight.kit.grids.lattice import STEPS
from dogfight.kit.prompts import Frame, PromptKind, pop

BOOK = "book: 003_24ea110dc1b5a4d6.txt § "
SIDES = {"F": 0, "L": -1, "R": 1}
TILT_SHIFT = {"level": 0, "up": 1, "down": -1}


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
    if aircraft.damage:
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
    limit = kind.agility
    if aircraft.damage:
        limit += sum(data.rules.damage[d].turns for d in aircraft.damage
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


def wind_effect(facings: Sequence[int], wind: int | None) -> int:
    """LE VENT (R25): +1 when half the steps or more go strictly downwind (``wind`` is the
    facing the wind blows toward), −1 when half or more go strictly against it, 0 when
    neither or both."""
    if wind is None or not facings:
        return 0
    down = 2 * sum(f == wind for f in facings) >= len(facings)
    up = 2 * sum(f == (wind + 3) % 6 for f in facings) >= len(facings)
    return int(down) - int(up)


def whole(data: AgeData, kind: AircraftType, aircraft: Aircraft, die: int, change: int,
          path: str, facings: Sequence[int], wind: int | None) -> tuple[bool, int]:
    """Whether ``path`` (on the board) is a whole move, and how many of its steps are
    flown: its exact count (one more when only straight ahead); with the wind one more
    step when the planned ones went downwind (counted before the extra step), the last
    one lost when they went upwind (LE VENT; never below one step, R17)."""
    def planned(part: str) -> int:
        return steps_for(data, kind, aircraft, die, change, set(part) == {"F"})

    n = len(path)
    if n and n == planned(path):
        effect = wind_effect(facings[:n], wind)
        if effect > 0:
            return False, n
        return True, n - 1 if effect < 0 and n > 1 else n
    head = path[:-1]
    if head and n == planned(head) + 1 and wind_effect(facings[:n - 1], wind) > 0:
        return True, n
    return False, n


def fly(point: Cell, facing: int, path: str) -> tuple[tuple[Cell, int], ...]:
    """Where the piece is, and which way it faces, after each step of ``path``."""
    out = []
    q, r = point
    for letter in path:  # :func:`advance`, written out (it runs for every path tried)
        facing = (facing + SIDES[letter]) % 6
        dq, dr = STEPS[facing]
        q, r = q + dq, r + dr
        out.append((Cell(q, r), facing))
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
    (q, r), (dq, dr) = other.point, STEPS[other.facing]  # ahead(point, facing)
    return Cell(q + dq, r + dr), other.level + TILT_SHIFT[other.tilt]


def may_leave(kind: AircraftType, aircraft: Aircraft) -> bool:
    """Whether the aircraft may leave the combat zone (REGLES GENERALES: fighters only
    when damaged or out of ammunition; R13: by stepping off an edge)."""
    return bool(aircraft.damage) or not any(aircraft.bursts)


def refusal(data: AgeData, grid: TriangleGrid, kind: AircraftType, aircraft: Aircraft,
            die: int, move: Move, others: Sequence[Aircraft], *,
            strict_dive: bool = False, relax_border: bool = False,
            relax_ahead: bool = False, entering: bool = False,
            wind: int | None = None, home: str | None = None) -> tuple[str, str] | None:
    """Why ``move`` is not allowed, as ``(message, rule)``, or None when it is.
    ``others`` are the other aircraft in the combat zone; ``relax_*`` are R16's
    relaxations when no path is left; ``wind`` the facing the wind blows toward;
    ``home`` the side a reconnaissance aircraft on its task leaves by (R13)."""
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
    if exits and entering:
        return "an aircraft on an access point enters the combat zone", BOOK + "UN TOUR"
    if exits and home is not None:
        if home not in grid.beyond(flown[-1][0]):
            return ("a reconnaissance aircraft leaves only by the side it entered",
                    BOOK + "RECONNAISSANCE")
    elif exits and not may_leave(kind, aircraft):
        return ("only a damaged aircraft or one out of ammunition may leave the combat "
                "zone", BOOK + "REGLES GENERALES")
    steps = steps_for(data, kind, aircraft, die, move.change, set(path) == {"F"})
    flown_steps = len(path)
    if exits:
        if len(path) > steps + (wind is not None):
            return f"this move has {steps} steps", BOOK + "MOUVEMENT A L'HORIZONTAL"
    else:
        ok, flown_steps = whole(data, kind, aircraft, die, move.change, path,
                                [f for _, f in flown], wind)
        if not ok:
            return (f"this move has exactly {steps} steps (with the wind, one more or "
                    "the last lost)", BOOK + "MOUVEMENT A L'HORIZONTAL")
        if not altitude.changes_in_time(data, move.change, flown_steps):
            return "too few steps for this change of level", BOOK + "DESCENDRE"
    turns = path.count("L") + path.count("R")
    limit = turns_allowed(data, kind, aircraft, path, move.unjam)
    if turns > limit:
        return f"at most {limit} turns in this move", BOOK + "CHANGEMENT DE DIRECTION (AGILITE)"
    if (len(path) >= data.rules.movement.turning_radius or kind.role == "bomber") \
            and successive_turns(path):
        return "no turns on two successive steps", BOOK + "RAYON DE BRAQUAGE"
    flown = flown[:flown_steps]
    levels = altitude.levels_along(data, aircraft.level, move.change, flown_steps)
    held = {(o.point, o.level) for o in others  # (a Cell equals its (q, r))
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


def finished(data: AgeData, grid: TriangleGrid, kind: AircraftType, aircraft: Aircraft,
             die: int, move: Move, wind: int | None = None) -> tuple[bool, int]:
    """Whether ``move.path`` is a whole move (it left the board, or :func:`whole`), and
    how many of its steps are flown."""
    if not move.path:
        return False, 0
    flown = fly(Cell(*(aircraft.point or (0, 0))), aircraft.facing, move.path)
    if not grid.on_map(flown[-1][0]):
        return True, len(move.path)
    return whole(data, kind, aircraft, die, move.change, move.path, [f for _, f in flown],
                 wind)


# -- the decisions of a move ---------------------------------------------------------------------

class Throttle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"aircraft": "britain-4", "die": "blue"}``: the aircraft to move next and its
    die, ``"green"`` for full throttle (fighters only)."""

    aircraft: str
    die: Literal["blue", "green"]


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"step": "F"}``: one step, straight ahead (F) or 60° left (L) or right (R)."""

    step: Literal["F", "L", "R"]


def next_movers(state: AgeState) -> tuple[Aircraft, ...]:
    """The active player's aircraft that may move next: any unmoved one in the combat zone
    (R12: in the owner's order), then those on access points, lowest number first
    (UN TOUR, MISE EN PLACE)."""
    mine = [a for a in state.aircraft if a.seat == state.active and a.id not in state.moved]
    if reconnaissance.task_mode(state):  # task modes: scouts or bombers first (R12)
        first = sorted((a for a in mine if a.where in ("zone", "access")
                        and reconnaissance.role(a) != "fighter"),
                       key=lambda a: (reconnaissance.order(state, a), a.number))
        if first:
            return (first[0],)
    flying = tuple(a for a in mine if a.where == "zone")
    if flying:
        return flying
    waiting = sorted((a for a in mine if a.where == "access"), key=lambda a: a.number)
    return tuple(waiting[:1])


class Throttling(PromptKind[AgeState, Throttle]):
    """Before each piece moves its die is rolled: blue, or green at full throttle for a
    fighter, with its limited uses and the risk past them (MOUVEMENT DES AVIONS,
    TYPES DE DEGATS)."""

    kind = "throttle"
    decision = Throttle
    rule = BOOK + "MOUVEMENT DES AVIONS"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Throttle]:
        data = dataset()
        out = []
        for a in next_movers(state):
            out.append(Throttle(a.id, "blue"))
            if data.aircraft[a.kind].role == "fighter" and a.throttle >= 0:
                out.append(Throttle(a.id, "green"))
        return out

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Throttle,
              events: list[Event]) -> AgeState:
        data = dataset()
        state = pop(state)
        aircraft = find(state, decision.aircraft)
        die = data.rules.dice.blue if decision.die == "blue" else data.rules.dice.green
        face, rng = roll(state.rng, 6)
        value = die.faces[face - 1]
        events.append(Event("rolled", {"aircraft": aircraft.id, "die": decision.die,
                                       "value": value}))
        if decision.die == "green":
            if aircraft.throttle > 0:
                aircraft = replace(aircraft, throttle=aircraft.throttle - 1)
            elif value in die.risky:
                events.append(Event("engine-overstrained", {"aircraft": aircraft.id}))
                if aircraft.damage:
                    events.append(Event("shot-down", {"aircraft": aircraft.id}))
                    aircraft = replace(aircraft, where="down")
                else:
                    aircraft = replace(aircraft, damage=(*aircraft.damage, "engine"))
            else:
                aircraft = replace(aircraft, throttle=-1)
        state = replace(put(state, aircraft), rng=rng)
        if aircraft.where == "down":
            return replace(state, moved=(*state.moved, aircraft.id), flight=None)
        return replace(state, flight=Flight(aircraft.id, value))


def downwind(state: AgeState) -> int | None:
    """The facing the wind blows toward (LE VENT), or None without wind."""
    if state.wind is None:
        return None
    return (FACING[state.wind] + 3) % 6


def context(state: AgeState, flight: Flight, path: str,
            tilt: Tilt = "level") -> tuple[AgeData, TriangleGrid, AircraftType, Aircraft,
                                           Move, dict[str, Any]]:
    """Everything :func:`refusal` and :func:`completions` need for the flight in progress."""
    data = dataset()
    aircraft = find(state, flight.aircraft)
    flags: dict[str, Any] = {"strict_dive": state.options.rules.strict_dive,
                             "relax_border": flight.relax >= 1,
                             "relax_ahead": flight.relax >= 2,
                             "entering": aircraft.where == "access",
                             "wind": downwind(state),
                             "home": reconnaissance.exit_side(state, aircraft)}
    move = Move(path, flight.change, tilt, flight.unjam and "front" in aircraft.jammed)
    return data, board(state), flying_type(state, aircraft), aircraft, move, flags


def land(state: AgeState, flight: Flight, events: list[Event]) -> AgeState:
    """The move made: the piece on its last point, at its level, with its attitude; off
    the board it has left the combat zone for good (REGLES GENERALES), a scout on its
    task by its own side bringing its photos home (RECONNAISSANCE); jammed guns it
    unjammed are upright again and cannot fire this turn (MACHINE GUN JAMMING)."""
    tilt = flight.tilt
    data, grid, _, aircraft, _, _ = context(state, flight, flight.path, tilt)
    flown = fly(Cell(*(aircraft.point or (0, 0))), aircraft.facing, flight.path)
    levels = altitude.levels_along(data, aircraft.level, flight.change, len(flight.path))
    (end, facing), level = flown[-1], levels[-1]
    unjammed = aircraft.jammed if flight.unjam else ()
    if flight.unjam:
        events.append(Event("unjammed", {"aircraft": aircraft.id}))
    on_board = [(p, lv) for (p, _), lv in zip(flown, levels, strict=True) if grid.on_map(p)]
    aircraft = reconnaissance.photograph(state, grid, aircraft, [p for p, _ in on_board],
                                         [lv for _, lv in on_board], events)
    if not grid.on_map(end):
        events.append(Event("left-zone", {"aircraft": aircraft.id}))
        home = reconnaissance.exit_side(state, aircraft) in grid.beyond(end)
        if home and aircraft.photos:
            events.append(Event("photos-home", {"aircraft": aircraft.id,
                                                "zones": list(aircraft.photos)}))
        moved = replace(aircraft, where="left", point=None, home=home)
        return replace(put(state, moved), flight=replace(flight, stage="done"))
    moved = replace(aircraft, where="zone", point=(end.q, end.r), facing=facing, level=level,
                    tilt=tilt, border=in_border(data, grid, end),
                    jammed=() if flight.unjam else aircraft.jammed)
    events.append(Event("moved", {"aircraft": aircraft.id, "path": flight.path,
                                  "level": level, "tilt": tilt}))
    return replace(put(state, moved),
                   flight=replace(flight, stage="fire", fired=(*flight.fired, *unjammed)))


def leaves(state: AgeState, flight: Flight) -> bool:
    """Whether the flight's path steps off the board (R13)."""
    _, grid, _, aircraft, _, _ = context(state, flight, flight.path)
    start = Cell(*(aircraft.point or (0, 0)))
    return bool(flight.path) and not grid.on_map(fly(start, aircraft.facing, flight.path)[-1][0])
