"""The sequence of play (book § TOUR DE JEU, § RESTE DU TOUR).

A turn: whom each aircraft tails (optional § POURSUITE), then every seat plans three
cards per aircraft in secret (§ PROGRAMMATION), then three maneuvers (the book's
"phases"), each: tailers see their target's card (§ POURSUITE), aircraft on the
ground turn before the second (§ Avions au sol), the cards are revealed and the
aircraft move together (§ MOUVEMENT), fire orders are sealed and all damage counts
together (§ TIR, § DÉGÂTS). Then the rest of the turn (§ RESTE DU TOUR).

Each point where someone decides is a frame on the state's prompt stack, answered by
one prompt kind of :data:`PROMPTS` (in its chapter's module). When the stack is empty
after a decision, :func:`advance` walks on from ``state.phase`` to the next point
where someone decides, or the end.
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war import missions, movement
from dogfight.games.wings_of_war.damage import burn
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.fire import Fire, open_fire, resolve
from dogfight.games.wings_of_war.flying_higher import Vote
from dogfight.games.wings_of_war.ground import GroundMove, ground_frame, movers
from dogfight.games.wings_of_war.planning import Planning, plan_frame
from dogfight.games.wings_of_war.state import WowState, replace
from dogfight.games.wings_of_war.tailing import Reorder, Tailing, ask_first, choose_targets, tailers
from dogfight.games.wings_of_war.victory import check_end, turn_limit
from dogfight.kit.prompts import prompt_table, top

PROMPTS = prompt_table(
    Tailing(),      # tail: whom to tail (§ POURSUITE)
    Planning(),     # plan: three cards a plane, or a floor proposal (§ PROGRAMMATION)
    Vote(),         # vote: on a floor proposal (§ VOLER PLUS HAUT)
    Reorder(),      # reorder: the tailer orders its cards left (§ POURSUITE)
    GroundMove(),   # ground-move: turn on the ground before phase 2 (§ Avions au sol)
    Fire(),         # fire: a target for each gun, or hold fire (§ TIR)
)


def begin_turn(state: WowState, events: list[Event]) -> WowState:
    """Start of a turn: who tails whom (book § POURSUITE), then planning."""
    state = replace(state, maneuver=0, shown=(), planes=tuple(
        replace(p, plan=(), executed=(), executed_steep=(), tailing=None)
        for p in state.planes))
    if state.options.rules.tailing:
        state, frame = choose_targets(state, events)
        if frame is not None:
            return replace(state, phase="tailing", prompts=(frame,))
    return plan(state)


def plan(state: WowState) -> WowState:
    """Every seat plans its cards."""
    return replace(state, phase="planning", prompts=(plan_frame(state),))


def advance(state: WowState, events: list[Event]) -> WowState:
    """The step of the sequence after ``state.phase`` is done (its frames answered)."""
    if top(state) is not None or state.phase == "over":
        return state
    if state.phase == "tailing":
        return plan(state)
    if state.phase == "planning":
        return first_reveal(state, events)
    if state.phase == "reordering":
        return ground_or_fly(state, events)
    if state.phase == "ground-moves":
        return maneuver(state, events)
    return after_fire(state, events)


def first_reveal(state: WowState, events: list[Event]) -> WowState:
    """Flames burn before the first card is shown (book § DÉGÂTS SPÉCIAUX), then the
    first maneuver."""
    state, burnt = burn(state, events)
    if burnt:
        state = check_end(state, events)
        if state.phase == "over":
            return state
    return reveal(replace(state, maneuver=1), events)


def reveal(state: WowState, events: list[Event]) -> WowState:
    """Before card ``maneuver`` is revealed: tailers see their target's (1 and 2)."""
    state, queue = tailers(replace(state, phase="reordering"), events)
    if queue:
        return ask_first(state, queue, events, on_top=False)
    return ground_or_fly(state, events)


def ground_or_fly(state: WowState, events: list[Event]) -> WowState:
    """Before the second reveal, aircraft on the ground turn freely (book § Avions au
    sol); then the maneuver."""
    planes = movers(state)
    if planes:
        return replace(state, phase="ground-moves", prompts=(ground_frame(state, planes),))
    return maneuver(state, events)


def maneuver(state: WowState, events: list[Event]) -> WowState:
    """Reveal, move, missions, then fire (or the next step when no gun may fire)."""
    state = movement.fly(state, events)
    state = missions.advance(state, events)
    state = check_end(state, events)
    if state.phase == "over":
        return state
    state = open_fire(state)
    return state if top(state) is not None else after_fire(state, events)


def after_fire(state: WowState, events: list[Event]) -> WowState:
    """All fire resolved together; the next maneuver, or the rest of the turn."""
    state = check_end(resolve(state, events), events)
    if state.phase == "over":
        return state
    if state.maneuver < 3:
        return reveal(replace(state, maneuver=state.maneuver + 1), events)
    return end_turn(state, events)


def end_turn(state: WowState, events: list[Event]) -> WowState:
    """Smoke fades, the last maneuver's token is kept (book § RESTE DU TOUR); fire
    spreads on the ground (book § Feu au sol)."""
    planes = []
    base = dataset().table.base
    burning = [p for p in state.planes if p.status == "ground" and p.fire]
    for p in state.planes:
        if p.executed:
            p = replace(p, last_kind=p.executed[-1], last_steep=p.executed_steep[-1])
        if p.status == "ground" and not p.fire and any(
                geo.bases_overlap(p.pose, b.pose, base.length, base.width)
                for b in burning):
            p = replace(p, fire=2)  # fire spreads on the ground (book § Feu au sol)
            events.append(Event("on-fire", {"plane": p.id, "spread": True}))
        planes.append(replace(p, smoke=max(0, p.smoke - 1)))
    state = replace(state, planes=tuple(planes), proposed=())
    if state.turn >= state.options.max_turns:
        return turn_limit(state, events)
    state = replace(state, turn=state.turn + 1)
    events.append(Event("turn", {"turn": state.turn}))
    return begin_turn(state, events)
