"""Changing altitude: the book's sections CHANGEMENT d'ALTITUDE DES AVIONS, GRIMPER,
ASCENSION RAPIDE, DESCENDRE, DESCENTE LENTE (and the rulings R6, R17, R18).

Five levels, L1 to L5. A piece tilted on the last step of its move ("montée annoncée",
"descente annoncée") must change level in its next move: a climb of one level (two for
fast climbers, at steps 1 and 3) costs a step per level; a dive of one to three levels
(two at most for slow descenders; at steps 1, 3 and 5) gains a step per level. Pure
functions over the data and an aircraft.
"""

from __future__ import annotations

from dogfight.games.age_of_dogfights.data import AgeData, AircraftType
from dogfight.games.age_of_dogfights.state import Aircraft, Tilt

RULE = "book: 003_24ea110dc1b5a4d6.txt § CHANGEMENT d'ALTITUDE DES AVIONS"


def level_changes(data: AgeData, kind: AircraftType, aircraft: Aircraft) -> tuple[int, ...]:
    """The level changes this move may make, signed (+1, +2 climbing; -1..-3 diving): the
    tilt of the last move forces one (GRIMPER, ASCENSION RAPIDE, DESCENDRE, DESCENTE
    LENTE); a dive stops at L1 (R17). Level flight: ``(0,)``."""
    movement = data.rules.movement
    if aircraft.tilt == "up":
        most = movement.max_climb_fast if kind.fast_climb else movement.max_climb
        most = min(most, movement.levels - aircraft.level)
        return tuple(range(1, most + 1)) or (0,)
    if aircraft.tilt == "down":
        most = movement.max_dive_slow if kind.slow_descent else movement.max_dive
        most = min(most, aircraft.level - 1)
        return tuple(-n for n in range(1, most + 1)) or (0,)
    return (0,)


def step_change(data: AgeData, change: int) -> int:
    """Steps gained (diving) or lost (climbing) for a level change: ``-1`` per level
    climbed, ``+1`` per level dived (GRIMPER, DESCENDRE)."""
    movement = data.rules.movement
    return -change * movement.climb_cost if change > 0 else -change * movement.dive_gain


def levels_along(data: AgeData, start: int, change: int, steps: int) -> tuple[int, ...]:
    """The level after each step of a move of ``steps`` steps: a climb changes at steps 1
    and 3, a dive at steps 1, 3 and 5 (ASCENSION RAPIDE, DESCENDRE)."""
    movement = data.rules.movement
    at = movement.climb_steps if change > 0 else movement.dive_steps
    sign = 1 if change > 0 else -1
    return tuple(start + sign * sum(1 for s in at[:abs(change)] if s <= step)
                 for step in range(1, steps + 1))


def changes_in_time(data: AgeData, change: int, steps: int) -> bool:
    """Whether a move of ``steps`` steps reaches the step of its last level change."""
    if change == 0:
        return True
    movement = data.rules.movement
    at = movement.climb_steps if change > 0 else movement.dive_steps
    return steps >= at[abs(change) - 1]


def tilts_after(data: AgeData, level: int, change: int, *,
                strict_dive: bool = False) -> tuple[Tilt, ...]:
    """The attitudes allowed on the last point of a move ending at ``level`` after a level
    change of ``change``: level flight, or tilted again; never up at L5 nor down at L1
    (R17); not up after a three-level dive (DESCENDRE; R6), nor tilted at all with the
    summary's stricter reading (option ``strict_dive``)."""
    tilts: list[Tilt] = ["level"]
    steep = change <= -3
    if level < data.rules.movement.levels and not steep:
        tilts.append("up")
    if level > 1 and not (steep and strict_dive):
        tilts.append("down")
    return tuple(tilts)
