"""DÉROULEMENT DU TOUR DE JEU: the ten phases in the book's order, on top of the
chapters, and the end of a turn.

1 tailing (``tailing``), 2 maneuver (``maneuver``), 3 fuel (``fuel``), 4 movement
(``movement``), 5 combat (``combat``), 6 damage (``damage``), 7 recovery
(``recovery``), 8 problems (``problems``), 9 fire damage (``fire_damage``), 10
extinction of fire and smoke (``extinction``). ``PROMPTS`` lists every kind of decision;
``proceed`` runs what the book resolves without a decision until one is asked (or the
game is over).
"""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event
from dogfight.games.ailes_de_la_gloire.combat import FireOrder, ask_fire_orders, resolve
from dogfight.games.ailes_de_la_gloire.damage import damage_phase
from dogfight.games.ailes_de_la_gloire.data import dataset, read_code
from dogfight.games.ailes_de_la_gloire.ending import finished
from dogfight.games.ailes_de_la_gloire.extinction import extinction_phase
from dogfight.games.ailes_de_la_gloire.fire_damage import fire_damage_phase
from dogfight.games.ailes_de_la_gloire.fuel import fuel_phase
from dogfight.games.ailes_de_la_gloire.maneuver import (
    Maneuvering,
    ask_next_writers,
    start_maneuvers,
)
from dogfight.games.ailes_de_la_gloire.movement import movement_phase
from dogfight.games.ailes_de_la_gloire.problems import problems_phase
from dogfight.games.ailes_de_la_gloire.recovery import recovery_phase
from dogfight.games.ailes_de_la_gloire.setup import Altitude, Facing, Placement
from dogfight.games.ailes_de_la_gloire.state import AilesState, Plane
from dogfight.games.ailes_de_la_gloire.tailing import Tailing, tailing_phase
from dogfight.kit.prompts import frames, prompt_table
from dogfight.kit.sealed import Sealed

PROMPTS = prompt_table(Placement(), Facing(), Altitude(), Tailing(), Maneuvering(),
                       FireOrder())

#: A bound on the game's length, never reached by the book's rules (fuel runs out);
#: it keeps a broken data file from looping for ever.
MAX_TURNS = 200


def proceed(state: AilesState, events: list[Event]) -> AilesState:
    """What follows once everyone asked has answered (nothing while a frame waits),
    phase after phase, until a decision is asked or the game is over."""
    if frames(state):
        return state
    while state.phase != "over":
        state = step(state, events)
        if frames(state):
            return state
    return state


def step(state: AilesState, events: list[Event]) -> AilesState:
    """The next phase (or the rest of one that asked a decision)."""
    phase = state.phase
    if phase == "set-up":
        return begin_turn(state, events)
    if phase == "tailing":
        return start_maneuvers(state, events)
    if phase == "maneuver":
        state = ask_next_writers(state, events)
        if frames(state):
            return state
        return movement_phase(fuel_phase(state, events), events)
    if phase == "movement":
        return ask_fire_orders(state)
    if phase == "combat":
        return damage_phase(resolve(state, events), events)
    if phase == "damage":
        return recovery_phase(state, events)
    if phase == "recovery":
        return problems_phase(state, events)
    if phase == "problems":
        return fire_damage_phase(state, events)
    if phase == "fire-damage":
        return extinction_phase(state, events)
    return end_turn(state, events)


def begin_turn(state: AilesState, events: list[Event]) -> AilesState:
    """A new turn: phase 1, tailing."""
    state = replace(state, turn=state.turn + 1)
    events.append(Event("turn", {"turn": state.turn}))
    sides = {p.side for p in state.planes if p.flying}
    state = replace(state, planes=tuple(  # L'Expérience: a turn with enemies on the map
        replace(p, combat_turns=p.combat_turns + 1) if p.flying and len(sides) == 2 else p
        for p in state.planes))
    return tailing_phase(state, events)


def end_turn(state: AilesState, events: list[Event]) -> AilesState:
    """The turn's records cleared; Lewis drums changed at the end of the turn (§
    MITRAILLEUSES LEWIS); the observer's wound counts down; the game ends (§ LA FIN) or
    the next turn begins."""
    planes = tuple(end_of_turn(p, state) for p in state.planes)
    state = replace(state, planes=planes, tails=(), circle_order=(), tokens_shown=(),
                    codes=Sealed(), flown=(), orders=Sealed())
    if finished(state) or state.turn >= MAX_TURNS:
        result = "one side is out" if finished(state) else "turn limit"
        events.append(Event("game-over", {"reason": result}))
        return replace(state, phase="over", result=result)
    return begin_turn(state, events)


def end_of_turn(plane: Plane, state: AilesState) -> Plane:
    """One aircraft's Feuille de Vol at the end of a turn."""
    flown = state.flown_by(plane.seat)
    code = flown.code if flown is not None else "OV2"
    pilot_reloads = code not in ("OV2", "vrille") and \
        read_code(code).number in dataset().maneuver_rules.lewis_reload
    guns = tuple(
        replace(g, drum=5, spare_drums=g.spare_drums - 1)
        if g.lewis and g.drum == 0 and g.spare_drums > 0 and not g.destroyed
        and (pilot_reloads if g.mount == "pilot" else plane.observer == "ok")
        else g for g in plane.guns)
    return replace(plane, guns=guns, observer_wounded=max(0, plane.observer_wounded - 1))
