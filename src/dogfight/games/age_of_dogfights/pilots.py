"""The pilots: the book's section PILOTES (its hidden variant; aces and rookies in fire
are in :mod:`.fire`, experience in :mod:`.damage`), with R9.

With ``rules.hidden_pilots`` each player, before the set-up, marks in secret up to three
of his fighters as flown by aces and three by rookies (the slips of paper); a slip is
shown when its aircraft fires. Until then no other seat sees it.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights.data import dataset
from dogfight.games.age_of_dogfights.state import AgeState, Aircraft
from dogfight.games.age_of_dogfights.zones import find, put
from dogfight.kit.prompts import Frame, PromptKind, pop

BOOK = "book: 003_24ea110dc1b5a4d6.txt § "


class Mark(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"aircraft": "germany-4", "pilot": "ace"}``: write this aircraft on a slip."""

    aircraft: str
    pilot: str


class Done(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"done": true}``: no more slips."""

    done: bool


def marks(state: AgeState, seat: Seat) -> tuple[Mark | Done, ...]:
    """The slips ``seat`` may still write: fighters not yet marked, up to the limits of
    3 aces and 3 rookies (R9), or stop."""
    data = dataset()
    limits = data.rules.limits
    mine = [a for a in state.aircraft if a.seat == seat]
    aces = sum(a.pilot == "ace" for a in mine)
    rookies = sum(a.pilot == "rookie" for a in mine)
    out: list[Mark | Done] = []
    for a in mine:
        if a.pilot != "average" or data.aircraft[a.kind].role != "fighter":
            continue
        if aces < limits.aces:
            out.append(Mark(a.id, "ace"))
        if rookies < limits.rookies:
            out.append(Mark(a.id, "rookie"))
    return (*out, Done(True))


class Marking(PromptKind[AgeState, Mark | Done]):
    """A secret slip: this fighter is flown by an ace or a rookie (PILOTES)."""

    kind = "pilots"
    decision = (Mark, Done)
    rule = BOOK + "PILOTES"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Mark | Done]:
        return marks(state, seat)

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Mark | Done,
              events: list[Event]) -> AgeState:
        state = pop(state)
        if isinstance(decision, Done):
            return replace(state, reinforced=-1)
        aircraft = replace(find(state, decision.aircraft),
                           pilot="ace" if decision.pilot == "ace" else "rookie")
        events.append(Event("pilot-marked", {"aircraft": aircraft.id,
                                             "pilot": aircraft.pilot}, to=(seat,)))
        events.append(Event("slip-written", {"seat": seat}))
        return put(state, aircraft)


def reveal(aircraft: Aircraft, events: list[Event]) -> Aircraft:
    """The slip shown as the aircraft fires: its marker goes on the panel."""
    if aircraft.revealed:
        return aircraft
    events.append(Event("pilot-revealed", {"aircraft": aircraft.id, "pilot": aircraft.pilot}))
    return replace(aircraft, revealed=True)


def seen_pilot(aircraft: Aircraft, viewer: Seat | None, over: bool) -> str | None:
    """The pilot as ``viewer`` knows him: his own, a shown slip, or at the end (``over``);
    else None."""
    if aircraft.revealed or viewer == aircraft.seat or over:
        return aircraft.pilot
    return None
