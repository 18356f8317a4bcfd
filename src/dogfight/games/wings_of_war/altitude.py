"""Altitude (optional rules, book § ALTITUDE, § PLONGÉE, § MONTER, the climb table
(Altitude Max. / Valeur de Montée), § MANŒUVRES D'IMMELMANN, § SPLIT-S; and the
altitude variants of § VARIANTES SUPPLÉMENTAIRES POUR L'ALTITUDE: § PLONGÉE FORCÉE,
§ VOLER PLUS HAUT (the floor), § COUVERTURE NUAGEUSE (entering the clouds)).

Levels and climb counters change at the end of a climb, dive, Immelmann or Split-S;
touching the ground is landing or an accident (:mod:`.ground`).
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.ground import crash, in_field, roll
from dogfight.games.wings_of_war.state import Plane, WowState, put, replace


def stands(state: WowState, p: Plane) -> int:
    """Stands between base and model (book § ALTITUDE): the level above the floor
    plus one; none on the ground."""
    if not state.options.rules.altitude:
        return 1
    return 0 if p.status == "ground" else p.altitude - state.floor + 1


def top(state: WowState, p: Plane) -> int:
    """The highest level the aircraft may reach: 3 (book § ALTITUDE), or the ceiling
    and the aircraft's maximum (book § VOLER PLUS HAUT), or the clouds above."""
    rules = state.options.rules
    highest = state.floor + 3
    if rules.flying_higher:
        highest = min(highest, dataset().aircraft[p.aircraft].max_altitude)
    if rules.cloud_cover and state.cloud_level is not None:
        highest = max(highest, state.cloud_level)
    return highest


def would_exceed(state: WowState, p: Plane) -> bool:
    climb = dataset().aircraft[p.aircraft].climb
    return p.altitude >= top(state, p) and p.climb_counters + 1 >= climb


def before(p: Plane) -> str | None:
    """The maneuver flown before the one just flown, last turn's last card when it is
    this turn's first (steep cards are never consecutive "y compris d'un tour à
    l'autre": book § PROGRAMMATION, § PLONGÉE FORCÉE)."""
    return p.executed[-2] if len(p.executed) >= 2 else p.last_kind


def effect(state: WowState, p: Plane, kind: str, events: list[Event]) -> WowState:
    """Climb, dive, Immelmann and Split-S change levels (book § ALTITUDE, § PLONGÉE,
    § MONTER, § SPLIT-S); the ground and the variants (§ ATTERRISSAGE, DÉCOLLAGE ET
    ACCIDENTS, § PLONGÉE FORCÉE, § VOLER PLUS HAUT, § COUVERTURE NUAGEUSE)."""
    if p.status == "ground":
        return roll(state, p, kind, events)
    rules = state.options.rules
    climb = dataset().aircraft[p.aircraft].climb
    altitude, counters, forced = p.altitude, p.climb_counters, p.forced_dive
    bottom = state.floor
    if kind in ("climb", "immelmann"):
        counters += 1
        if counters >= climb:
            altitude, counters = altitude + 1, 0
    elif kind == "dive" and rules.forced_dive and before(p) == "stall":
        if altitude <= bottom + 1:
            events.append(Event("crashed", {"plane": p.id, "reason": "forced dive too low"}))
            return put(state, replace(p, status="crashed"))
        altitude, counters, forced = altitude - 1, 0, True
    elif kind == "dive":
        if altitude == bottom and bottom == 0:
            counters = 0  # touches the ground (book § ATTERRISSAGE)
        elif altitude == bottom:
            events.append(Event("below-floor", {"plane": p.id}))
            return put(state, replace(p, status="left-table"))
        else:
            altitude -= 1
            counters = 1 if altitude == 0 else 0
    elif kind == "split-s":
        if altitude == 0 and counters <= 1:
            events.append(Event("crashed", {"plane": p.id, "reason": "Split-S at altitude 0"}))
            return put(state, replace(p, status="crashed"))
        if counters:
            counters -= 1
        elif altitude == 0:
            events.append(Event("crashed", {"plane": p.id, "reason": "Split-S at altitude 0"}))
            return put(state, replace(p, status="crashed"))
        elif altitude == bottom:
            events.append(Event("below-floor", {"plane": p.id}))
            return put(state, replace(p, status="left-table"))
        else:
            altitude, counters = altitude - 1, climb - 1
    elif kind == "straight" and forced:
        altitude, forced = altitude - 1, False  # the forced dive's second level
        counters = 1 if altitude == 0 else counters
    else:
        return state
    p = replace(p, altitude=altitude, climb_counters=counters, forced_dive=forced)
    events.append(Event("altitude", {"plane": p.id, "altitude": altitude,
                                     "counters": counters}))
    state = put(state, p)
    if rules.cloud_cover and state.cloud_level is not None \
            and altitude >= state.cloud_level:
        events.append(Event("in-clouds", {"plane": p.id}))
        return put(state, replace(p, in_cloud=True, cloud_stack=()))
    if altitude == 0 and counters == 0:
        if in_field(state, p.pose):
            events.append(Event("touched-down", {"plane": p.id}))
            return put(state, replace(p, status="ground", landing=1))
        # touched the ground away from a landing field: a crash, 4 A cards
        # (points, explosions and fire only), then immobile next turn (book
        # § ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS)
        return crash(state, p, 4, "touched the ground outside a landing field", events)
    return state
