"""9. Dégâts dus aux incendies: each burning aircraft draws one chit, reads its blue
face and records it, applied at once (no deterioration roll for it: ruling R12)."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event
from dogfight.games.ailes_de_la_gloire.damage import apply_chit, check_structure
from dogfight.games.ailes_de_la_gloire.state import AilesState
from dogfight.kit.piles import draw_chit, put_back


def fire_damage_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 9."""
    state = replace(state, phase="fire-damage")
    for seat in [p.seat for p in state.planes if p.flying and p.fire]:
        cup, chit, rng = draw_chit(state.cup, state.rng)
        state = replace(state, cup=put_back(cup), rng=rng)
        events.append(Event("fire-chit", {"seat": seat}))
        before = state.plane(seat)
        state, _ = apply_chit(state, seat, chit, "blue", "other", events)
        state = check_structure(state, seat, events)
        after = state.plane(seat)
        if (after.fate == "shot-down" and before.flying) or \
                (after.spin_for_good and not before.spin_for_good):
            state = state.with_plane(replace(after, burned=True))  # R29: no victory
    return state
