"""Changing altitude: the book's sections CHANGEMENT d'ALTITUDE DES AVIONS, GRIMPER,
ASCENSION RAPIDE, DESCENDRE, DESCENTE LENTE (and the rulings R6, R17, R18).

Five levels, L1 to L5. A piece tilted on the last step of its move ("montée annoncée",
"descente annoncée") must change level in its next move: a climb of one level (two for
fast climbers, at steps 1 and 3) costs a step per level; a dive of one to three levels
(two at most for slow descenders; at steps 1, 3 and 5) gains a step per level. Pure
functions over the data and an aircraft.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights.data import AgeData, AircraftType, dataset
from dogfight.games.age_of_dogfights.state import AgeState, Aircraft, Tilt
from dogfight.games.age_of_dogfights.zones import find, flying_type
from dogfight.kit.prompts import Frame, PromptKind, pop

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
    if change == 0:
        return (start,) * steps
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


# -- the decisions ---------------------------------------------------------------------------------

class Attitude(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"change": -2, "unjam": false}``: the level change this move (forced by the last
    tilt), and whether the pilot unjams the guns during it."""

    change: int
    unjam: bool


class TiltChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"tilt": "up"}``: the attitude on the last point: level, up or down."""

    tilt: Tilt


def attitudes(state: AgeState) -> tuple[Attitude, ...]:
    """The level changes allowed, each with or without unjamming the jammed guns; a
    pilot unjamming his own guns cannot change level (MACHINE GUN JAMMING, R18)."""
    flight = state.flight
    if flight is None:
        return ()
    data = dataset()
    aircraft = find(state, flight.aircraft)
    kind = flying_type(state, aircraft)
    out = []
    for change in level_changes(data, kind, aircraft):
        out.append(Attitude(change, False))
        if aircraft.jammed and not (change and "front" in aircraft.jammed):
            out.append(Attitude(change, True))
    return tuple(out)


class Climbing(PromptKind[AgeState, Attitude]):
    """Before the steps: how many levels to climb or dive, as the last tilt forces
    (GRIMPER, ASCENSION RAPIDE, DESCENDRE), and unjamming (MACHINE GUN JAMMING)."""

    kind = "attitude"
    decision = Attitude
    rule = RULE

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Attitude]:
        return attitudes(state)

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Attitude,
              events: list[Event]) -> AgeState:
        return choose_attitude(pop(state), decision)


def choose_attitude(state: AgeState, decision: Attitude) -> AgeState:
    flight = state.flight
    if flight is None:
        return state
    return replace(state, flight=replace(flight, change=decision.change,
                                         unjam=decision.unjam, stage="route"))


def end_tilts(state: AgeState) -> tuple[Tilt, ...]:
    """The attitudes allowed on the last point of the flight's path."""
    flight = state.flight
    if flight is None:
        return ()
    data = dataset()
    aircraft = find(state, flight.aircraft)
    level = levels_along(data, aircraft.level, flight.change, len(flight.path))[-1]
    if state.options.rules.single_level:
        return ("level",)
    return tilts_after(data, level, flight.change,
                       strict_dive=state.options.rules.strict_dive)


class Tilting(PromptKind[AgeState, TiltChoice]):
    """On the last point, the piece stays level or is tilted up or down, to change level
    next move (CHANGEMENT d'ALTITUDE DES AVIONS, DESCENDRE, R6, R17)."""

    kind = "tilt"
    decision = TiltChoice
    rule = RULE

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[TiltChoice]:
        return [TiltChoice(t) for t in end_tilts(state)]

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: TiltChoice,
              events: list[Event]) -> AgeState:
        return choose_tilt(pop(state), decision.tilt)


def choose_tilt(state: AgeState, tilt: Tilt) -> AgeState:
    flight = state.flight
    if flight is None:
        return state
    return replace(state, flight=replace(flight, tilt=tilt, stage="land"))
