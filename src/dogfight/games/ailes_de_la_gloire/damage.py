"""6. Les Dégâts: Destruction des Ailes, de l'Empennage ou du Fuselage, Détérioration,
Destruction du moteur, Le Secret, Modificateur de Direction; and DEGATS SPÉCIAUX (as the
errata p. 13 word them; ruling R3 maps each chit's wording to its rule).

The chits drawn in combat take effect now (so an aircraft shot down still fired). The
kind and amount of damage stay secret to its player; smoke, fire, an observer's death and
the aircraft's destruction are announced (Le Secret).
"""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, roll
from dogfight.games.ailes_de_la_gloire.altitude import start_spin
from dogfight.games.ailes_de_la_gloire.data import Effect, dataset
from dogfight.games.ailes_de_la_gloire.state import AilesState, Damage, Face, Plane, Towards


def damage_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 6: each aircraft's chits, in the order drawn; then the destroyed parts and
    one deterioration roll if wings or tail were hit (ruling R12)."""
    state = replace(state, phase="damage")
    for seat in [p.seat for p in state.planes if p.incoming.chits]:
        plane = state.plane(seat)
        chits = plane.incoming.chits
        state = state.with_plane(replace(plane, incoming=Damage(())))
        wings_or_tail = False
        for number, face, towards in chits:
            state, hit = apply_chit(state, seat, number, face, towards, events)
            wings_or_tail = wings_or_tail or hit
        state = check_structure(state, seat, events)
        plane = state.plane(seat)
        if wings_or_tail and plane.flying and not plane.spinning:
            face_roll, rng = roll(state.rng, 6)
            state = replace(state, rng=rng)
            events.append(Event("deterioration-roll", {"seat": seat, "roll": face_roll}))
            if face_roll >= (4 if plane.novice else 5):  # a campaign novice: 4-6
                state = start_spin(state, state.plane(seat), events, "deterioration")
    return state


def apply_chit(state: AilesState, seat: str, number: int, face: Face, towards: Towards,
               events: list[Event]) -> tuple[AilesState, bool]:
    """One chit's face, every effect it carries. Returns whether wings or tail took boxes."""
    chit = dataset().chit(number)
    effects = chit.blue if face == "blue" else chit.red
    text = chit.blue_text if face == "blue" else chit.red_text
    events.append(Event("damage", {"seat": seat, "text": text}, to=(seat,)))
    hit = False
    for effect in effects:
        if not state.plane(seat).flying:
            break
        state, took = apply_effect(state, seat, effect, towards, events)
        hit = hit or took
    return state, hit


def apply_effect(state: AilesState, seat: str, effect: Effect, towards: Towards,
                 events: list[Event]) -> tuple[AilesState, bool]:
    """One effect (boxes, fuel, or a special result of DEGATS SPÉCIAUX)."""
    plane = state.plane(seat)
    kind = effect.kind
    if kind == "boxes":
        part = effect.part
        if towards == "ahead" and part == "tail":  # § Modificateur de Direction
            part = "engine"
        elif towards == "behind" and part == "engine":
            part = "tail"
        left = {"wings": plane.wings, "engine": plane.engine, "fuselage": plane.fuselage,
                "tail": plane.tail}[part or "fuselage"] - effect.n
        plane = replace(plane, **{part or "fuselage": max(0, left)})
        return state.with_plane(plane), part in ("wings", "tail")
    if kind == "fuel":  # "Réservoir touché, perte de N" (R3): N boxes
        boxes = effect.n * (2 if state.options.rules.reduced_fuel else 1)
        return state.with_plane(replace(plane, fuel=max(0, plane.fuel - boxes))), False
    if kind == "explodes":  # § Réservoir Touché: Explosion
        events.append(Event("exploded", {"seat": seat}))
        return state.with_plane(replace(plane, fate="shot-down", spinning=False)), False
    if kind == "smoke":
        if not plane.fire and not plane.smoke:
            events.append(Event("smoke", {"seat": seat}))
        return state.with_plane(replace(plane, smoke=not plane.fire)), False
    if kind == "fire":
        if not plane.fire:
            events.append(Event("fire", {"seat": seat}))
        return state.with_plane(replace(plane, fire=True, smoke=False)), False
    if kind == "pilot-killed":  # errata p. 13: the aircraft spins (for good: R11)
        return start_spin(state, plane, events, "pilot", for_good=True), False
    if kind == "pilot-wounded-straight":
        return state.with_plane(replace(plane, wound_straight=effect.turns)), False
    if kind == "pilot-wounded-slower":
        return state.with_plane(replace(plane, wound_slower=True)), False
    if kind == "rudder":
        if towards == "ahead":  # § Gouvernail Bloqué: from straight ahead, the engine
            return state.with_plane(replace(plane, no_fast=True)), False
        return jam_rudder(state, plane, effect.direction or "G", effect.turns), False
    if kind == "engine-damaged":
        if towards == "behind":  # § Moteur Endommagé: from behind, a 3-turn rudder jam
            face, rng = roll(state.rng, 6)  # ruling R5: 1-3 left, 4-6 right
            state = replace(state, rng=rng)
            return jam_rudder(state, plane, "G" if face <= 3 else "D", 3), False
        return state.with_plane(replace(plane, no_fast=True)), False
    if kind in ("no-special", "no-fast"):
        changes = {"no_special": True} if kind == "no-special" else {"no_fast": True}
        return state.with_plane(replace(plane, **changes)), False
    if kind == "gun-destroyed":
        return destroy_gun(state, plane, events), False
    if kind == "observer-wounded":
        if plane.observer != "ok":
            return state, False
        return state.with_plane(replace(plane, observer_wounded=effect.turns + 1)), False
    # observer-killed
    if plane.observer != "ok":
        return state, False
    events.append(Event("observer-killed", {"seat": seat}))
    return state.with_plane(replace(plane, observer="killed")), False


def jam_rudder(state: AilesState, plane: Plane, direction: str, turns: int) -> AilesState:
    """§ Gouvernail Bloqué: a second rudder result is ignored."""
    if plane.rudder is not None:
        return state
    return state.with_plane(replace(plane, rudder="G" if direction == "G" else "D",
                                    rudder_turns=turns))


def destroy_gun(state: AilesState, plane: Plane, events: list[Event]) -> AilesState:
    """§ Une Mitrailleuse Détruite: a die picks which when there are several (R30)."""
    alive = [i for i, g in enumerate(plane.guns) if not g.destroyed]
    if not alive:
        return state
    index = alive[0]
    if len(alive) > 1:
        face, rng = roll(state.rng, 6)
        state = replace(state, rng=rng)
        index = alive[(face - 1) * len(alive) // 6]
    guns = tuple(replace(g, destroyed=True) if i == index else g
                 for i, g in enumerate(plane.guns))
    return state.with_plane(replace(plane, guns=guns))


def check_structure(state: AilesState, seat: str, events: list[Event]) -> AilesState:
    """§ Destruction des Ailes, de l'Empennage ou du Fuselage: a spin for good."""
    plane = state.plane(seat)
    if plane.flying and min(plane.wings, plane.fuselage, plane.tail) <= 0:
        return start_spin(state, plane, events, "structure", for_good=True)
    return state
