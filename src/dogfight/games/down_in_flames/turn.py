"""The sequence of play of Down In Flames, on top of its chapters.

A game: secret choices (campaign options, fighters, starting altitudes, the flak
pattern, formations: :mod:`.setup`, :mod:`.missions`, :mod:`.bombers`); then turns, in
each of which every fighter flies once, sides alternating (:mod:`.sequence`): pre-turn
draw; altitude change (:mod:`.altitude`); speed maneuvers (:mod:`.speed`); actions
(:mod:`.actions`), each card against an aircraft opening a chain of reactions
(:mod:`.chains`) whose hits Evasive may reduce (:mod:`.damage`); discard and post-turn
draw. After the last turn, or when a side has nothing left flying, a mission's bombers
choose their patterns and bomb (:mod:`.missions`); the game ends (:mod:`.victory`).

``PROMPTS`` lists every kind of decision. Each kind's ``apply`` pops its own frame and
may push interruptions (the chain's responder, the fighters that may follow an
altitude change, the defender's pick of a bomber, Evasive, a stall's discard: the last
pushed is answered first). ``proceed`` runs after every decision (``game.apply``): it
resolves what needs no decision (turn ends, new turns, the game's end, a step with a
single choice), then asks the step of the sequence of play under the interruptions.
"""

from __future__ import annotations

import functools

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
    waiting: tuple[Frame, ...] = ()
    for _ in range(1000):
        phase = state.phase
        if phase == "over":
            return ask(state)
        if phase == "start":
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
                waiting = interruptions(state)
                break
            state = missions.bomb(state, events)
            state = victory.finish(state, events, state.result or "turns")
            continue
        if state.chain is not None:
            state = chains.cancel_if_gone(state)
        stack = state.prompts  # interruptions(state), inlined (after every decision)
        waiting = tuple([f for f in stack if f.kind in INTERRUPTIONS]) if stack else ()
        if waiting:
            break
        if phase == "order" and active:  # a stall's discard ended the turn
            state = sequence.end_turn(state, events)
            continue
        if phase in STEP_TEXTS and active:  # a step of a fighter's turn
            p = plane(state, active)
            if not in_play(p):
                state = sequence.end_turn(state, events)
                continue
            if phase == "discard" and not p.hand:
                state = sequence.discard_step(state, None, events)
                continue
            if phase == "climb" and altitude.climb_forced(state):
                state = altitude.change_altitude(state, altitude.climb_choices(state)[0], events)
                continue
            if phase == "speed" and speed.speed_forced(state):
                state = speed.speed_step(state, speed.speed_choices(state)[0], events)
                continue
            return ask(state, turn_frame(phase, p.seat, active))  # step(state), nothing waits
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
    return ask(state, *step(state), *waiting)


INTERRUPTIONS = frozenset({"react", "follow", "pick", "evasive", "stall"})
"""The kinds of decision the rules push on top of the step of the sequence of play."""


def interruptions(state: DifState) -> tuple[Frame, ...]:
    """The interruptions waiting on the stack, bottom first."""
    stack = state.prompts
    if not stack:
        return ()
    return tuple([f for f in stack if f.kind in INTERRUPTIONS])


def step(state: DifState) -> list[Frame]:
    """The step of the sequence of play asked now (under any interruption)."""
    phase = state.phase
    if state.active and phase in STEP_TEXTS:  # the common case first
        return [turn_frame(phase, seat_of(state, state.active), state.active)]
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
    if phase == "formation":  # the bombers' side (a mission's attacker, or a dogfight's)
        level = bombers.formation_level(state)
        seat = m.attacker if m is not None else next(
            p.seat for p in state.planes if p.bomber and p.altitude == level)
        return [Frame("formation", (seat,), "Arrange your bombers", {"altitude": level})]
    if phase == "bombing":
        assert m is not None
        return [Frame("bombing", (m.attacker,), "Choose a bombing pattern",
                      {"plane": missions.unpatterned(state)[0].id})]
    if phase == "order" and not state.active:
        seats = sorted({seat_of(state, pid) for pid in sequence.next_candidates(state)})
        if seats:
            return [Frame("order", tuple(seats), "Choose which of your fighters acts now")]
    return []


@functools.lru_cache(maxsize=256)
def turn_frame(phase: str, seat: str, pid: str) -> Frame:
    """The frame of step ``phase`` of fighter ``pid``'s turn, asked of ``seat`` (the
    same frozen value each time it is asked: frames are never changed in place)."""
    return Frame(phase, (seat,), STEP_TEXTS[phase], {"plane": pid})
