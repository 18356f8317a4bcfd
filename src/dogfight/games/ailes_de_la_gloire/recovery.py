"""7. Phase de Rétablissement: Débloquer les mitrailleuses, Sortir d'une vrille (with the
errata p. 8: no recovery in the turn the spin began; maximum speed next turn; the spin
marker removed); LES OBSERVATEURS (the observer unjams whatever the maneuver).

Not yet: the campaign's novices (recovery on 4-6) and the "L'Enrayement" skill.
"""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, roll
from dogfight.games.ailes_de_la_gloire.data import dataset, read_code
from dogfight.games.ailes_de_la_gloire.state import AilesState
from dogfight.kit.grids import facing_for_roll


def recovery_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 7: jammed guns, then spins."""
    state = replace(state, phase="recovery")
    data = dataset()
    for seat in [p.seat for p in state.planes if p.flying]:
        plane = state.plane(seat)
        flown = state.flown_by(seat)
        code = flown.code if flown is not None else "OV2"
        pilot_may = (not plane.spinning and code not in ("OV2", "vrille")
                     and read_code(code).direction == "A"
                     and read_code(code).number not in data.maneuver_rules.special)
        guns = list(plane.guns)
        rng = state.rng
        for i, gun in enumerate(guns):
            if gun.jammed and not gun.destroyed and (pilot_may if gun.mount == "pilot"
                                                     else not plane.spinning):
                face, rng = roll(rng, 6)
                skills = plane.skills if gun.mount == "pilot" else plane.observer_skills
                freed = face >= (3 if "jams" in skills else 4)  # L'Enrayement: 3-6
                events.append(Event("unjam-roll", {"seat": seat, "roll": face, "freed": freed},
                                    to=(seat,)))
                if freed:
                    guns[i] = replace(gun, jammed=False)
        state = replace(state.with_plane(replace(plane, guns=tuple(guns))), rng=rng)
        plane = state.plane(seat)
        if plane.spinning and not plane.spin_for_good and plane.spin_turn < state.turn:
            face, rng = roll(state.rng, 6)
            state = replace(state, rng=rng)
            events.append(Event("recovery-roll", {"seat": seat, "roll": face}))
            if face >= (4 if plane.novice else 3):  # a campaign novice: 4-6
                side, rng = roll(state.rng, 6)  # the orientation hex
                facing = facing_for_roll(side, data.map.orientation_first)
                state = replace(state, rng=rng)
                events.append(Event("recovered", {"seat": seat, "facing": facing}))
                state = state.with_plane(replace(plane, spinning=False, facing=facing,
                                                 must_max_speed=True))
    return state
