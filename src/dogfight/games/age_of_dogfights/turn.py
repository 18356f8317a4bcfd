"""The sequence of play of Age of Dogfights (MISE EN PLACE, UN TOUR), on top of its
chapters: the set-up's aircraft on access points (``zones``); then turns, the players
alternating: each of the active player's aircraft rolls its die and moves
(``movement``, ``altitude``), fires (``fire``) with the enemy's riposte interrupting
(``defensive``), then one or two aircraft come up from patrol (``zones``).

``PROMPTS`` lists every kind of decision; ``proceed`` is called by the kit whenever every
frame has been answered, resolves what needs no decision and asks the next one.
"""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights import (
    altitude,
    defensive,
    fire,
    movement,
    pilots,
    reconnaissance,
    scoring,
    ways,
    zones,
)
from dogfight.games.age_of_dogfights.data import dataset
from dogfight.games.age_of_dogfights.state import SEATS, AgeState, Flight
from dogfight.kit.prompts import Frame, ask, prompt_table, top

PROMPTS = prompt_table(
    zones.Proposing(), zones.Agreeing(), pilots.Marking(), zones.Access(),
    movement.Throttling(), altitude.Climbing(),
    ways.Steering(), altitude.Tilting(), fire.Firing(), defensive.Riposting(),
    fire.LongBursting())


def other(seat: Seat) -> Seat:
    return SEATS[1 - SEATS.index(seat)]


def first_seat(state: AgeState) -> Seat:
    return state.options.first


def lost_all(state: AgeState, seat: Seat) -> bool:
    """A side with no aircraft left in the zone, on access points or in patrol (COMBAT
    AERIEN TOURNOYANT: the game lasts until one player has lost all his aircraft)."""
    return not any(a.seat == seat and a.where in ("zone", "access", "patrol")
                   for a in state.aircraft)


def over(state: AgeState, result: str, events: list[Event]) -> AgeState:
    events.append(Event("game-over", {"reason": result}))
    return ask(replace(state, phase="over", result=result, flight=None, burst=None))


def proceed(state: AgeState, events: list[Event]) -> AgeState:
    """What follows once every frame is answered (nothing while a frame waits): resolve
    until a decision is needed."""
    if top(state) is not None:
        return state
    while True:
        if state.phase == "over":
            return ask(state)
        if state.phase == "targets":  # MARQUEURS DE ZONE CIBLE: the first player proposes
            return ask(state, zones.propose_frame(first_seat(state)))
        if state.phase == "pilots":
            state, done = _slips(state)
        elif state.phase == "place":
            state, done = _place(state, events)
        elif state.phase == "reinforce":
            state, done = _reinforce(state, events)
        elif state.flight is None:
            state, done = _next_mover(state, events)
        else:
            state, done = _fly(state, state.flight, events)
        if done:
            return state


def _slips(state: AgeState) -> tuple[AgeState, bool]:
    """PILOTES (hidden): each player in turn writes his slips, then the set-up."""
    if state.reinforced >= 0:
        frame = Frame("pilots", (state.active,), "Mark an ace or a rookie in secret, or stop")
        return ask(state, frame), True
    if state.active == first_seat(state):
        return replace(state, active=other(state.active), reinforced=0), False
    return replace(state, phase="place", active=first_seat(state), reinforced=0), False


def _place(state: AgeState, events: list[Event]) -> tuple[AgeState, bool]:
    """MISE EN PLACE: each player in turn puts four aircraft on access points; then the
    first turn begins, with the first player (announced like every later turn)."""
    limit = dataset().board.start_on_access
    frame = Frame("access", (state.active,), "", {"required": True})
    can = any(not isinstance(d, zones.Stop)
              for d in zones.Access().legal(state, frame, state.active))
    if 0 <= state.reinforced < limit and can:
        return zones.ask_access(state, state.active, required=True), True
    if state.active == first_seat(state):
        return replace(state, active=other(state.active), reinforced=0), False
    events.append(Event("turn", {"turn": 1, "seat": first_seat(state)}))
    return replace(state, phase="fly", active=first_seat(state), reinforced=0, turn=1,
                   moved=()), False


def _next_mover(state: AgeState, events: list[Event]) -> tuple[AgeState, bool]:
    """UN TOUR: the next aircraft of the active player moves; when none is left, aircraft
    come up from patrol."""
    for seat in SEATS:
        if lost_all(state, seat):
            if scoring.bonus_wanted(state, seat):  # the criteria disagree
                return scoring.start_bonus(state, seat, events), False
            return over(state, "all-lost", events), True
    if reconnaissance.task_mode(state) and not reconnaissance.tasks_left(state):
        return over(state, "tasks-done", events), True
    if movement.next_movers(state):
        frame = Frame("throttle", (state.active,), "Choose the aircraft to move and its die")
        return ask(state, frame), True
    return replace(state, phase="reinforce", reinforced=0), False


def _fly(state: AgeState, flight: Flight, events: list[Event]) -> tuple[AgeState, bool]:
    """One aircraft's move, fire and the ripostes, stage by stage."""
    seat = state.active
    stage = flight.stage
    if stage == "attitude":
        choices = altitude.attitudes(state)
        if len(choices) == 1:
            return altitude.choose_attitude(state, choices[0]), False
        return ask(state, Frame("attitude", (seat,), "Change level or unjam")), True
    if stage == "route":
        return ways.start_steering(state, flight, events), False
    if stage == "steer":
        offered = ways.next_steps(state, flight)
        if not offered:
            return replace(state, flight=replace(flight, stage="route",
                                                 relax=flight.relax + 1)), False
        return ask(state, Frame("steer", (seat,), "Next step", {"ways": offered})), True
    if stage == "tilt":
        tilts = altitude.end_tilts(state)
        if movement.leaves(state, flight) or len(tilts) == 1:
            return altitude.choose_tilt(state, tilts[0]), False
        return ask(state, Frame("tilt", (seat,), "Level, or tilted up or down")), True
    if stage == "land":
        return movement.land(state, flight, events), False
    if stage == "fire":
        if not fire.offensive_shots(state):
            return replace(state, flight=replace(flight, stage="last")), False
        return ask(state, Frame("fire", (seat,), "Fire, or hold")), True
    if stage in ("riposte", "last"):
        after = "burst" if stage == "riposte" else "done"
        state = replace(state, flight=replace(flight, stage=after))
        if defensive.riposte_shots(state):
            text = "Fire back, or hold"
            return ask(state, Frame("riposte", (other(seat),), text)), True
        return state, False
    if stage == "burst":
        state = replace(state, flight=replace(flight, stage="fire"))
        if fire.long_burst_option(state) is not None:
            return ask(state, Frame("long-burst", (seat,), "Fire a long burst?")), True
        return replace(state, burst=None), False
    # done
    return replace(state, flight=None, burst=None,
                   moved=(*state.moved, flight.aircraft)), False


def _reinforce(state: AgeState, events: list[Event]) -> tuple[AgeState, bool]:
    """UN TOUR: one or two aircraft from patrol to access points; a player with none in
    play must bring one (R7). Then the other player's turn."""
    limit = dataset().rules.limits.from_patrol
    seat = state.active
    required = state.reinforced == 0 and not zones.in_play(state, seat)
    required = required or reconnaissance.needs_task(state, seat)
    frame = Frame("access", (seat,), "", {"required": required})
    can = any(not isinstance(d, zones.Stop) for d in zones.Access().legal(state, frame, seat))
    if 0 <= state.reinforced < limit and can:
        return zones.ask_access(state, seat, required=required), True
    nxt = other(seat)
    turn = state.turn + (1 if nxt == first_seat(state) else 0)
    if turn > state.options.turns:
        return over(state, "turns", events), True
    events.append(Event("turn", {"turn": turn, "seat": nxt}))
    fresh = tuple(replace(a, fired=()) for a in state.aircraft)
    return replace(state, phase="fly", active=nxt, turn=turn, moved=(), reinforced=0,
                   aircraft=fresh), False
