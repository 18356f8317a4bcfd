"""Rule 2, planning: both pilots seal a maneuver at the same time; the plans are
revealed together, and each maneuver gives its pilot a shot or not."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.duel.data import dataset
from dogfight.games.duel.state import SEATS, DuelState
from dogfight.kit.prompts import Frame, PromptKind, answered, ask

RULE = "Duel at Dawn, rule 2"


class Plan(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"maneuver": "climb"}``"""

    maneuver: str


class Planning(PromptKind[DuelState, Plan]):
    """Each pilot seals one maneuver; nobody sees another's until both have."""

    kind = "plan"
    decision = Plan
    rule = RULE

    def legal(self, state: DuelState, frame: Frame, seat: Seat) -> Sequence[Plan]:
        return [Plan(name) for name in dataset().maneuvers]

    def refusal(self, state: DuelState, frame: Frame, seat: Seat, decision: Plan) -> str | None:
        known = dataset().maneuvers
        if decision.maneuver not in known:
            return f"unknown maneuver {decision.maneuver!r}; choose one of {', '.join(known)}"
        return None

    def apply(self, state: DuelState, frame: Frame, seat: Seat, decision: Plan,
              events: list[Event]) -> DuelState:
        events.append(Event("planned", {"seat": seat, "maneuver": decision.maneuver},
                            to=(seat,)))
        events.append(Event("order-sealed", {"seat": seat}))
        state = replace(state, orders=state.orders.seal(seat, decision.maneuver))
        return answered(state, seat)


def ask_plans(state: DuelState) -> DuelState:
    """A new round: both pilots plan, in secret and at the same time."""
    return ask(replace(state, phase="plan"), Frame("plan", SEATS, "Plan your maneuver in secret"))


def reveal(state: DuelState, events: list[Event]) -> DuelState:
    """Both plans shown together: each maneuver beats one other (data file) and only its
    pilot gets a shot; the same maneuver on both sides is a head-on pass, both get a
    shot; a jammed gun gets none."""
    plans = state.orders.reveal()
    a, b = plans["red"], plans["blue"]
    events.append(Event("revealed", {"red": a, "blue": b}))
    maneuvers = dataset().maneuvers
    shots = [a == b or maneuvers[a].beats == b, a == b or maneuvers[b].beats == a]
    shooters = []
    for index, pilot in enumerate(state.pilots):
        if shots[index] and pilot.jammed:
            events.append(Event("jammed-no-shot", {"seat": SEATS[index]}))
        elif shots[index]:
            shooters.append(index)
    return replace(state, revealed=(a, b), shooters=tuple(shooters))
