"""LA FIN: Fuir, Les Prisonniers, Les Avions Abattus; with JEU DE CAMPAGNE § Les pilotes
au sol derrière les lignes ennemies (where a landed pilot ends up) and ruling R13 (the
zone of the landing hex decides).

The game ends when every aircraft of one side has been shot down or has fled (or is
otherwise out: taken prisoner, disengaged by ruling R15).
"""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, roll
from dogfight.games.ailes_de_la_gloire.data import AilesData
from dogfight.games.ailes_de_la_gloire.state import AilesState, Fate, Plane
from dogfight.kit.grids import to_offset


def flee(state: AilesState, plane: Plane, events: list[Event]) -> AilesState:
    """§ Fuir: over its own edge, the aircraft has fled."""
    events.append(Event("fled", {"seat": plane.seat}))
    return state.with_plane(replace(plane, fate="fled", spinning=False))


def land(state: AilesState, plane: Plane, data: AilesData, events: list[Event]) -> AilesState:
    """§ L'Atterrissage, § Les pilotes au sol: behind its own lines the pilot rejoins (has
    fled); over No Man's Land he dies on a 1; behind enemy lines he slips to No Man's
    Land on 4-6 (then rolls as there), else is taken prisoner."""
    assert plane.cell is not None
    zone = data.map.zone(to_offset(plane.cell)[0])
    events.append(Event("landed", {"seat": plane.seat, "zone": zone}))
    rng = state.rng
    fate: Fate = "fled"
    if zone not in (plane.side, "no-mans-land"):
        face, rng = roll(rng, 6)
        events.append(Event("escape-roll", {"seat": plane.seat, "roll": face}))
        if face <= 3:
            fate = "prisoner"
    if zone != plane.side and fate == "fled":
        face, rng = roll(rng, 6)
        events.append(Event("no-mans-land-roll", {"seat": plane.seat, "roll": face}))
        if face == 1:
            fate = "killed"
    events.append(Event(fate, {"seat": plane.seat}))
    plane = replace(plane, fate=fate, spinning=False)
    return replace(state.with_plane(plane), rng=rng)


def finished(state: AilesState) -> bool:
    """§ LA FIN: every aircraft of one side is out (shot down, fled, or otherwise)."""
    sides = {p.side for p in state.planes}
    return any(all(not p.flying for p in state.planes if p.side == side) for side in sides)
