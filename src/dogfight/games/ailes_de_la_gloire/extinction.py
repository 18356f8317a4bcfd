"""10. Extinction des Incendies et de la Fumée (the rules at § Extinction des Incendies
and § Extinction de la Fumée: the heading's first paragraph repeats phase 9, ruling R6).
Fire goes out on 5-6, 4-6 after a slip (8, 16, 17), leaving smoke; smoke goes out on a 6
and turns to fire on a 1."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, roll
from dogfight.games.ailes_de_la_gloire.data import dataset, read_code
from dogfight.games.ailes_de_la_gloire.state import AilesState


def extinction_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 10."""
    state = replace(state, phase="extinction")
    slips = dataset().maneuver_rules.slips
    for seat in [p.seat for p in state.planes if p.flying and (p.fire or p.smoke)]:
        plane = state.plane(seat)
        face, rng = roll(state.rng, 6)
        state = replace(state, rng=rng)
        if plane.fire:
            flown = state.flown_by(seat)
            slipped = flown is not None and flown.code not in ("OV2", "vrille") and \
                read_code(flown.code).number in slips
            out = face >= (4 if slipped else 5)
            events.append(Event("fire-roll", {"seat": seat, "roll": face, "out": out}))
            if out:
                state = state.with_plane(replace(plane, fire=False, smoke=True))
        else:
            events.append(Event("smoke-roll", {"seat": seat, "roll": face}))
            if face == 6:
                state = state.with_plane(replace(plane, smoke=False))
            elif face == 1:
                events.append(Event("fire", {"seat": seat}))
                state = state.with_plane(replace(plane, smoke=False, fire=True))
    return state
