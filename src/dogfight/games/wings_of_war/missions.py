"""Missions (book § LES PIONS, OBJECTIFS DE SCÉNARIO; the Scénarios de Base, pages
16-18, are missing from the text, so how a mission is won is derived: see
:class:`.state.Objective`).

Progress is checked at the end of each maneuver; an aircraft whose mission names a
home edge brings it home by leaving the table there.
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.state import (
    ACTIVE,
    Plane,
    WowState,
    plane,
    put,
    replace,
)


def exit_home(state: WowState, p: Plane, edge: str, events: list[Event]) -> WowState | None:
    """``p`` leaving the table by ``edge``: with its mission done and this its home
    edge, the mission is brought home (the state), else ``None``."""
    progress = list(state.progress)
    for i, pr in enumerate(progress):
        objective = state.objectives[pr.objective]
        if pr.plane == p.id and pr.achieved and objective.exit_edge == edge:
            progress[i] = replace(pr, home=True)
            events.append(Event("mission-accomplished", {"plane": p.id,
                                                         "mission": objective.kind}))
            state = replace(state, progress=tuple(progress))
            return put(state, replace(p, status="exited"))
    return None


def advance(state: WowState, events: list[Event]) -> WowState:
    """Mission progress at the end of each maneuver."""
    if not state.progress:
        return state
    progress = list(state.progress)
    for i, pr in enumerate(progress):
        objective = state.objectives[pr.objective]
        p = plane(state, pr.plane)
        if pr.achieved or p.status not in ACTIVE:
            continue
        inside = (not p.in_cloud and geo.distance(p.pose, geo.Pose(objective.x,
                  objective.y, 0)) <= objective.radius)
        ok = inside and not (objective.needs_observer and p.observer_wounded)
        if ok and state.options.rules.altitude and objective.max_altitude is not None:
            ok = p.altitude <= objective.max_altitude
        if ok and objective.kind == "strafing":
            ok = p.status == "flying" and p.front is not None and p.front.silent == 0
        if objective.kind == "pickup":
            if ok and p.status == "ground" and p.landed_turn:
                pr = replace(pr, landed=True)
            ok = pr.landed and p.status == "flying"
        elif p.status != "flying":
            ok = False
        pr = replace(pr, streak=pr.streak + 1 if ok else 0)
        if pr.streak >= objective.phases or (objective.kind == "pickup" and ok):
            pr = replace(pr, achieved=True, home=objective.exit_edge is None)
            events.append(Event("objective-achieved", {"plane": p.id,
                                                       "mission": objective.kind}))
            if pr.home:
                events.append(Event("mission-accomplished", {"plane": p.id,
                                                             "mission": objective.kind}))
        progress[i] = pr
    return replace(state, progress=tuple(progress))


def side_done(state: WowState, side: str) -> bool:
    """Are all of ``side``'s missions brought home?"""
    return all(any(pr.home for pr in state.progress if pr.objective == i)
               for i, o in enumerate(state.objectives) if o.side == side)
