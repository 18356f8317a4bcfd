"""The sequence of play of Down In Flames, on top of its chapters.

A game: secret choices (campaign options, fighters, starting altitudes, the flak
pattern, formations: :mod:`.setup`, :mod:`.missions`, :mod:`.bombers`); then turns, in
each of which every fighter flies once, sides alternating (:mod:`.sequence`): pre-turn
draw; altitude change (:mod:`.altitude`); speed maneuvers (:mod:`.speed`); actions
(:mod:`.actions`), each card against an aircraft opening a chain of reactions
(:mod:`.chains`) whose hits Evasive may reduce (:mod:`.damage`); discard and post-turn
draw. After the last turn, or when a side has nothing left flying, a mission's bombers
choose their patterns and bomb (:mod:`.missions`); the game ends (:mod:`.victory`).

``PROMPTS`` lists every kind of decision. ``proceed`` is called by the kit after each
decision (every kind's ``apply`` clears the stack): it resolves what needs no decision,
then asks the next one: the step of the turn at the bottom of the stack, and any
interruption above it (the chain's responder, a follow, the defender's pick of a
bomber, Evasive, a stall's discard, the last the most urgent).
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.down_in_flames import (
    actions,
    altitude,
    bombers,
    chains,
    damage,
    missions,
    sequence,
    setup,
    speed,
    victory,
)
from dogfight.games.down_in_flames.aircraft import in_play, plane, seat_of
from dogfight.games.down_in_flames.state import DifState
from dogfight.kit.prompts import Frame, ask, prompt_table

PROMPTS = prompt_table(
    missions.MissionOption(), setup.FighterChoice(), setup.StartAltitude(), missions.Flak(),
    bombers.Formation(), sequence.Order(), bombers.Jettison(), altitude.AltitudeChange(),
    speed.SpeedManeuver(), actions.Actions(), chains.Reacting(), damage.EvasivePrompt(),
    altitude.Following(), altitude.Stall(), bombers.Pick(), sequence.Discard(),
    missions.Bombing())

STEP_TEXTS = {"jettison": "Jettison your bombs?", "climb": "Change altitude?",
              "speed": "Speed maneuvers", "actions": "Play cards",
              "discard": "Discard cards you do not want"}


def proceed(state: DifState, events: list[Event]) -> DifState:
    """Run what needs no decision (turn ends, new game turns, the game's end, a
    choice with a single option), then ask the next decision."""
    for _ in range(1000):
        if state.phase == "over":
            return ask(state)
        if state.phase == "start":
            if any(sequence.takes_turns(p) for p in state.planes):
                state = sequence.start_play(state, events)
            else:
                state = victory.finish(state, events, "no fighter to fly")
            continue
        over = victory.game_end(state)
        if over:
            state = victory.end_game(state, events, over)
            if state.phase == "over":
                return ask(state)
        phase, active = state.phase, state.active
        if phase == "bombing":
            if missions.unpatterned(state):
                break
            state = missions.bomb(state, events)
            state = victory.finish(state, events, state.result or "turns")
            continue
        state = chains.cancel_if_gone(state)
        if (state.stall or state.evasive_for or state.pick_for or state.follows
                or state.chain is not None):
            break
        if phase == "order" and active:  # a stall's discard ended the turn
            state = sequence.end_turn(state, events)
            continue
        if phase in ("jettison", "climb", "speed", "actions", "discard") and active:
            p = plane(state, active)
            if not in_play(p):
                state = sequence.end_turn(state, events)
                continue
            if phase == "discard" and not p.hand:
                state = sequence.discard_step(state, None, events)
                continue
            if phase == "climb":
                climbs = altitude.climb_choices(state)
                if len(climbs) == 1:
                    state = altitude.change_altitude(state, climbs[0], events)
                    continue
            if phase == "speed":
                moves = speed.speed_choices(state)
                if len(moves) == 1:
                    state = speed.speed_step(state, moves[0], events)
                    continue
            break
        if phase == "order":
            candidates = sequence.next_candidates(state)
            if not candidates:
                if state.turn >= state.turns:
                    state = victory.end_game(state, events, "turns")
                else:
                    state = sequence.next_game_turn(state, events)
                continue
            if len(candidates) == 1:
                state = sequence.begin_turn(state, candidates[0], events)
                continue
        break
    else:
        raise RuntimeError("down-in-flames: the rules loop did not settle")
    return ask(state, *asked(state))


def asked(state: DifState) -> list[Frame]:
    """The frames of the decisions asked now, bottom first."""
    phase = state.phase
    m = state.mission
    if phase == "options":
        return [Frame("option", missions.choosing_options(state),
                      "Choose this mission's campaign option")]
    if phase == "choose":
        return [Frame("fighter", tuple(dict.fromkeys(p.seat for p in setup.unchosen(state))),
                      "Choose your fighter in secret")]
    if phase == "altitude":
        return [Frame("altitude", tuple(dict.fromkeys(
            p.seat for p in setup.altitude_unchosen(state))),
            "Choose your starting altitude in secret")]
    if phase == "flak":
        assert m is not None
        return [Frame("flak", (m.defender,), "Choose the flak pattern in secret")]
    if phase == "formation":
        assert m is not None
        return [Frame("formation", (m.attacker,), "Arrange your bombers",
                      {"altitude": bombers.formation_level(state)})]
    if phase == "bombing":
        assert m is not None
        return [Frame("bombing", (m.attacker,), "Choose a bombing pattern",
                      {"plane": missions.unpatterned(state)[0].id})]
    stack: list[Frame] = []
    if phase == "order" and not state.active:
        seats = sorted({seat_of(state, pid) for pid in sequence.next_candidates(state)})
        if seats:
            stack.append(Frame("order", tuple(seats), "Choose which of your fighters acts now"))
    elif state.active and phase in STEP_TEXTS:
        stack.append(Frame(phase, (seat_of(state, state.active),), STEP_TEXTS[phase],
                           {"plane": state.active}))
    c = state.chain
    if c is not None:
        stack.append(Frame("react", (seat_of(state, c.responder),),
                           f"React to {c.last} ({c.kind} by {c.actor})",
                           {"plane": c.responder}))
    if state.follows:
        f = state.follows[0]
        stack.append(Frame("follow", (seat_of(state, f.plane),),
                           f"{f.leader} changes altitude: follow it?",
                           {"plane": f.plane, "leader": f.leader}))
    if state.pick_for:
        stack.append(Frame("pick", (bombers.pick_seat(state),),
                           f"Choose the bomber {state.pick_for} attacks",
                           {"plane": state.pick_for}))
    if state.evasive_for:
        stack.append(Frame("evasive", (seat_of(state, state.evasive_for),),
                           f"{state.evasive_hits} hits: play Evasive for two fewer?",
                           {"plane": state.evasive_for, "hits": state.evasive_hits}))
    if state.stall:
        stack.append(Frame("stall", (seat_of(state, state.stall),),
                           "Your engine stalls: discard a card", {"plane": state.stall}))
    return stack
