"""8. Les Problèmes: Mitrailleuses enrayées (a die for each gun that fired a long burst:
jammed on 5-6, which nobody else learns), Effets d'une vrille (a level lost, 2 fuel, OV2
recorded: § Les Vrilles, ruling R9; from TB the aircraft crashes: § S'Ecraser)."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, roll
from dogfight.games.ailes_de_la_gloire.altitude import lose_level
from dogfight.games.ailes_de_la_gloire.state import AilesState


def problems_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 8."""
    state = replace(state, phase="problems")
    for seat in [p.seat for p in state.planes if p.flying]:
        plane = state.plane(seat)
        guns = list(plane.guns)
        rng = state.rng
        for i in sorted(set(plane.long_burst)):
            face, rng = roll(rng, 6)
            skills = plane.skills if guns[i].mount == "pilot" else plane.observer_skills
            jammed = face >= (6 if "jams" in skills else 5)  # L'Enrayement: only a 6
            events.append(Event("jam-roll", {"seat": seat, "roll": face, "jammed": jammed},
                                to=(seat,)))
            if jammed:
                guns[i] = replace(guns[i], jammed=True)
        plane = replace(plane, guns=tuple(guns), long_burst=())
        state = replace(state.with_plane(plane), rng=rng)
        if plane.spinning:
            plane = replace(plane, fuel=max(0, plane.fuel - 2), previous="OV2")
            events.append(Event("spin-descent", {"seat": seat}))
            state = lose_level(state.with_plane(plane), plane, events)
    return state
