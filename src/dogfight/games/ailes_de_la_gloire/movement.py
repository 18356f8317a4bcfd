"""4. Le Mouvement: each aircraft flies the maneuver written, from its hex and facing to
the end hex and facing of its maneuver sheet; all move at the same time, any number may
share or cross a hex. The maneuvers are revealed together first (§ DÉROULEMENT DU TOUR
DE JEU: "tous les joueurs dévoilent simultanément leur choix").

With what happens at the end of a move (L'ALTITUDE): the climb or the dive, a stall
(maneuver 1, or a climb beyond the aircraft's capability: it keeps its level) and its
spin roll, a voluntary spin, gliding's descent every two turns (§ Planer), a landing, and
leaving the map (§ Fuir, ruling R15). The path of a maneuver is data
(``maneuvers.toml``, derived from the text: the sheets are missing).
"""

from __future__ import annotations

import functools

from msgspec.structs import replace

from dogfight.core import Event
from dogfight.games.ailes_de_la_gloire.altitude import (
    can_climb_to,
    lose_level,
    stall_roll,
    start_spin,
)
from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData, dataset, read_code
from dogfight.games.ailes_de_la_gloire.ending import flee, land
from dogfight.games.ailes_de_la_gloire.state import AilesState, Choice, Plane
from dogfight.kit.grids import FRONT_LEFT, FRONT_RIGHT, Cell, ahead, turn


def fly(cell: Cell, facing: int, code: str, data: AilesData) -> tuple[Cell, int, tuple[Cell, ...]]:
    """Where a maneuver ends (hex, facing) and the hexes it enters, in order: F one hex
    ahead, L/R 60° in the hex, SL/SR into the front-left/front-right hex, nose kept."""
    end, steps = course(tuple(data.maneuvers[code].path), facing)
    q, r = cell
    return (Cell(q + end[0], r + end[1]), end[2],
            tuple([Cell(q + dq, r + dr) for dq, dr in steps]))


@functools.cache
def course(path: tuple[str, ...], facing: int
           ) -> tuple[tuple[int, int, int], tuple[tuple[int, int], ...]]:
    """A maneuver's path flown from the hex (0, 0) facing ``facing``: the end (q, r,
    facing) and the hexes entered, as offsets from the start (the grid is the same
    everywhere, so a move is its course shifted; a pure function of its arguments,
    remembered)."""
    cell = Cell(0, 0)
    entered: list[tuple[int, int]] = []
    for step in path:
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
        entered.append((cell.q, cell.r))
    return (cell.q, cell.r, facing), tuple(entered)


def movement_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 4: the maneuvers revealed, then every aircraft moves."""
    flown = tuple((seat, choice) for seat, choice in state.codes.reveal().items())
    events.append(Event("maneuvers-revealed", {
        seat: (choice.code if choice.altitude == "level" else f"{choice.code} {choice.altitude}")
        for seat, choice in flown}))
    state = replace(state, phase="movement", flown=flown)
    data = dataset()
    for seat, choice in flown:
        plane = state.plane(seat)
        if plane.flying:
            state = move(state, plane, choice, data, events)
    return state


def move(state: AilesState, plane: Plane, choice: Choice, data: AilesData,
         events: list[Event]) -> AilesState:
    """One aircraft's move and what ends it."""
    if choice.code in ("OV2", "vrille"):  # a spin: stays in its hex, nose kept (R9)
        if choice.code == "vrille":
            state = start_spin(state, plane, events, "voluntary")
        return state.with_plane(replace(state.plane(plane.seat), previous="OV2"))
    assert plane.cell is not None
    cell, facing, entered = fly(plane.cell, plane.facing, choice.code, data)
    grid = data.map.grid
    for step in entered:
        sides = grid.beyond(step)
        if sides:
            if sides == {data.map.sides[plane.side].own_edge}:
                return flee(state, plane, events)
            events.append(Event("disengaged", {"seat": plane.seat}))
            return state.with_plane(replace(plane, fate="disengaged"))
    code = read_code(choice.code)
    plane = replace(plane, cell=cell, facing=facing, previous=choice.code)
    plane = after_move(plane, code.direction)
    state = state.with_plane(plane)
    events.append(Event("moved", {"seat": plane.seat, "code": choice.code}))
    stalled = code.number in data.maneuver_rules.stall
    if plane.gliding:
        return glide(state, plane, choice, data, events)
    if choice.altitude == "climb":
        if can_climb_to(plane, data):
            state = state.with_plane(replace(plane, level=LEVELS[LEVELS.index(plane.level) + 1]))
        else:
            events.append(Event("stall", {"seat": plane.seat}))
            stalled = True
    elif choice.altitude == "dive":
        if plane.level == LEVELS[0]:
            return land(state, plane, data, events)
        state = lose_level(state, plane, events)
    if stalled:
        state = stall_roll(state, state.plane(plane.seat), events)
    return state


def glide(state: AilesState, plane: Plane, choice: Choice, data: AilesData,
          events: list[Event]) -> AilesState:
    """§ Planer: one level down every two turns, or every turn if the player dives. At TB
    the descent is a landing on maneuver 2, a crash on 8 (ruling R14)."""
    due = choice.altitude == "dive" or plane.glide_turns + 1 >= 2
    if not due:
        return state.with_plane(replace(plane, glide_turns=plane.glide_turns + 1))
    plane = replace(plane, glide_turns=0)
    state = state.with_plane(plane)
    if plane.level == LEVELS[0]:
        if read_code(choice.code).direction == "A":
            return land(state, plane, data, events)
        events.append(Event("crashed", {"seat": plane.seat}))
        return state.with_plane(replace(plane, fate="shot-down"))
    return lose_level(state, plane, events)


def after_move(plane: Plane, direction: str) -> Plane:
    """The forced maneuvers of this turn are done: a rudder jam counts the G or D turns
    flown and frees after the last (§ Gouvernail Bloqué); the wound's "Avant" was for
    one turn (ruling R4); the slower maneuver, the maximum speed after a spin recovery
    and the burst's climb or dive were for this turn."""
    rudder, turns = plane.rudder, plane.rudder_turns
    if rudder is not None and direction in ("G", "D"):
        turns -= 1
        if turns <= 0:
            rudder, turns = None, 0
    return replace(plane, rudder=rudder, rudder_turns=turns,
                   wound_straight=max(0, plane.wound_straight - 1), wound_slower=False,
                   must_max_speed=False, forced=None)
