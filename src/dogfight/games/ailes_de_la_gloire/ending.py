"""LA FIN: Fuir, Les Prisonniers, Les Avions Abattus; with JEU DE CAMPAGNE § Les pilotes
au sol derrière les lignes ennemies (where a landed pilot ends up) and ruling R13 (the
zone of the landing hex decides).

The game ends when every aircraft of one side has been shot down or has fled (or is
otherwise out: taken prisoner, disengaged by ruling R15).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dogfight.core import Event, Rng, roll
from dogfight.games.ailes_de_la_gloire.data import AilesData, dataset
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
    fate, rng = _on_the_ground(state.rng, plane, zone, "", events)
    events.append(Event(fate, {"seat": plane.seat}))
    observer = plane.observer
    if observer == "ok":  # an observer on board: the same steps, on his own rolls
        escaped, rng = _on_the_ground(rng, plane, zone, "observer-", events)
        observer = "prisoner" if escaped == "prisoner" else \
            "killed" if escaped == "killed" else "ok"
        if observer != "ok":
            events.append(Event(f"observer-{escaped}", {"seat": plane.seat}))
    plane = replace(plane, fate=fate, spinning=False, observer=observer)
    return replace(state.with_plane(plane), rng=rng)


def _on_the_ground(rng: Rng, plane: Plane, zone: str, who: str,
                   events: list[Event]) -> tuple[Fate, Rng]:
    """One airman down in ``zone``: back (fled), prisoner, or killed in No Man's Land."""
    fate: Fate = "fled"
    if zone not in (plane.side, "no-mans-land"):
        face, rng = roll(rng, 6)
        events.append(Event(f"{who}escape-roll", {"seat": plane.seat, "roll": face}))
        if face <= 3:
            fate = "prisoner"
    if zone != plane.side and fate == "fled":
        face, rng = roll(rng, 6)
        events.append(Event(f"{who}no-mans-land-roll", {"seat": plane.seat, "roll": face}))
        if face == 1:
            fate = "killed"
    return fate, rng


LOST_FOR_GOOD = ("shot-down", "prisoner", "killed")
"""The fates that are a loss in the game's outcome (§ LA FIN as docs/rules reads it); a
flight is not."""


def finished(state: AilesState) -> bool:
    """§ LA FIN: every aircraft of one side is out (shot down, fled, or otherwise)."""
    sides = {p.side for p in state.planes}
    return any(all(not p.flying for p in state.planes if p.side == side) for side in sides)


def carnet(state: AilesState) -> dict[str, dict[str, Any]]:
    """What each pilot takes to his Carnet de Vol from this game (JEU DE CAMPAGNE:
    L'Expérience, Victoires Homologuées, L'Expérience des Observateurs): turns of combat
    (1 point each while enemies are on the map, R27), victories (the last to fire at a
    downed enemy and hit it; several at once share it, 25 points each; none for a fire
    crash, R29), his observer's victories apart and his fate (none, ok, killed, prisoner),
    and the pilot's fate."""
    out: dict[str, dict[str, Any]] = {
        p.seat: {"fate": p.fate, "turns": p.combat_turns, "victories": [], "shared": [],
                 "observer": p.observer, "observer_victories": [], "observer_shared": []}
        for p in state.planes}
    for down in state.planes:
        if down.fate != "shot-down" or down.burned or not down.hit_by:
            continue
        hitters = {(s, g) for s, g in down.hit_by
                   if state.plane(s).side != down.side}
        key = "victories" if len(hitters) == 1 else "shared"
        for seat, gunner in sorted(hitters):
            out[seat][key if gunner == "pilot" else f"observer_{key}"].append(down.seat)
    points = dataset().pilots.experience
    for entry in out.values():
        entry["experience"] = points.per_turn * entry["turns"] + points.per_victory * (
            len(entry["victories"]) + len(entry["shared"]))
    return out
