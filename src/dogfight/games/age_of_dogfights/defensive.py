"""Defensive fire: the book's sections TIR DEFENSIF and POSITIONS POUR LES TIRS DEFENSIFS
(R4, R5). The active player's turn is interrupted: the other player's aircraft with a gun
bearing on the aircraft that just moved fire back, column B, each gun group once during
that enemy turn, several aircraft joining one riposte; never a long burst."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights.data import CURSOR
from dogfight.games.age_of_dogfights.fire import Hold, Option, shoot, shots_at
from dogfight.games.age_of_dogfights.state import AgeState
from dogfight.games.age_of_dogfights.zones import find, put
from dogfight.kit.prompts import Frame, PromptKind, pop

BOOK = "book: 003_24ea110dc1b5a4d6.txt § "


def riposte_shots(state: AgeState) -> tuple[tuple[str, Option], ...]:
    """``(defender, option)`` for every defensive shot at the aircraft that moved."""
    flight = state.flight
    if flight is None:
        return ()
    mover = find(state, flight.aircraft)
    if mover.where != "zone":
        return ()
    out = []
    for defender in state.aircraft:
        if defender.seat == mover.seat or defender.where != "zone":
            continue
        for option in shots_at(state, defender, [mover], offensive=False,
                               spent=defender.fired):
            out.append((defender.id, option))
    return tuple(out)


class Fireback(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"aircraft": "germany-18", "target": "britain-4", "position": "h11",
    "guns": "tail"}``: this aircraft fires back with these guns."""

    aircraft: str
    target: str
    position: str
    guns: str


class Riposting(PromptKind[AgeState, Fireback | Hold]):
    """The riposte: one defensive shot at a time, until the defender holds (TIR
    DEFENSIF)."""

    kind = "riposte"
    decision = (Fireback, Hold)
    rule = BOOK + "TIR DEFENSIF"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Fireback | Hold]:
        out: list[Fireback | Hold] = [Fireback(ident, o.target, o.position, o.group)
                                      for ident, o in riposte_shots(state)]
        return [*out, Hold(True)]

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Fireback | Hold,
              events: list[Event]) -> AgeState:
        if isinstance(decision, Hold):
            return pop(state)
        ident, option = next((i, o) for i, o in riposte_shots(state)
                             if (i, o.target, o.position, o.group) == (
                                 decision.aircraft, decision.target, decision.position,
                                 decision.guns))
        state, _ = shoot(state, ident, option, events)
        defender = find(state, ident)
        state = put(state, replace(defender, fired=(*defender.fired, CURSOR[option.group])))
        if not riposte_shots(state):
            return pop(state)
        return state  # the frame stays: the defender may fire again or hold
