"""Rules 4 and 5, the end of a round and of the game: damage drawn this round is applied
together (a pilot shot down this round still fired); damage reaching the structure
shoots a pilot down; the game ends when a pilot is down or after the last round."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event
from dogfight.games.duel.state import SEATS, DuelState
from dogfight.kit.prompts import ask
from dogfight.kit.sealed import Sealed


def end_round(state: DuelState, events: list[Event]) -> DuelState:
    """Damage applied, jams wear off, and the round (or the game) ends."""
    structure = state.options.structure
    pilots = []
    for seat, pilot in zip(SEATS, state.pilots, strict=True):
        damage = pilot.damage + pilot.incoming
        down = damage >= structure
        if down and not pilot.shot_down:
            events.append(Event("shot-down", {"seat": seat}))
        pilots.append(replace(pilot, damage=damage, incoming=0, shot_down=down,
                              jammed=max(0, pilot.jammed - 1)))
    state = replace(state, pilots=(pilots[0], pilots[1]), revealed=None, shooters=(),
                    orders=Sealed())
    result = None
    if any(p.shot_down for p in pilots):
        result = "shot-down"
    elif state.round >= state.options.rounds:
        result = "time"
    if result:
        events.append(Event("game-over", {"reason": result}))
        return ask(replace(state, phase="over", result=result))
    return replace(state, round=state.round + 1)
