"""3. La Consommation de Carburant, with Planer and RÉDUCTION DE LA CONSOMMATION.

Each aircraft crosses out fuel equal to its maneuver's speed (one more to climb, one less
to dive: § Monter, § Piquer); when the last box goes the aircraft is out of fuel and
glides (§ Planer), which nobody else learns (LE SECRET). A spinning aircraft pays
nothing now and 2 in the problems phase (§ Les Vrilles, ruling R9); a glider pays
nothing. With the reduced consumption rule every box holds two points (set-up).
"""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event
from dogfight.games.ailes_de_la_gloire.maneuver import consumption
from dogfight.games.ailes_de_la_gloire.state import AilesState


def fuel_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 3: every flying aircraft pays for the maneuver it wrote."""
    state = replace(state, phase="fuel")
    for plane in state.planes:
        choice = state.codes.of(plane.seat)
        if not plane.flying or choice is None or choice.code in ("OV2", "vrille"):
            continue
        if plane.gliding:
            continue
        used = min(plane.fuel, consumption(choice.code, choice.altitude))
        fuel = plane.fuel - used
        events.append(Event("fuel-used", {"seat": plane.seat, "used": used, "left": fuel},
                            to=(plane.seat,)))
        if fuel <= 0 < plane.fuel:
            events.append(Event("out-of-fuel", {"seat": plane.seat}, to=(plane.seat,)))
        state = state.with_plane(replace(plane, fuel=fuel))
    return state
