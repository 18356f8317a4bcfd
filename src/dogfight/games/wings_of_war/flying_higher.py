"""Flying higher (altitude variant, book § VOLER PLUS HAUT; § EXEMPLE (Camel et Fokker
Dr.I, plancher)): before planning, a seat may propose to move the floor (the lowest
level; the ceiling is 3 above); every other seat votes, and only all agreeing moves it.

The proposal is a decision of the planning prompt (:mod:`.planning`); the vote is a
frame pushed on top of the planning one, which is answered again when the vote ends.
"""

from __future__ import annotations

import msgspec

from dogfight.core import Event, Prompt, Seat
from dogfight.games.wings_of_war.state import BOOK, WowState, replace
from dogfight.kit.prompts import Frame, PromptKind, pop, push, replace_top

RULE = f"book: {BOOK} § VOLER PLUS HAUT"


def floors(state: WowState, seat: Seat) -> list[int]:
    """Floors a seat may propose before the turn's planning: every aircraft still
    flying between the new floor and ceiling (one proposal a seat a turn)."""
    if (not state.options.rules.flying_higher or seat in state.proposed
            or any(p.plan for p in state.planes)):
        return []
    levels = [p.altitude for p in state.planes if p.status == "flying"]
    if not levels:
        return []
    return [f for f in range(max(0, max(levels) - 3), min(levels) + 1)
            if f != state.floor and f <= 11
            and (not state.options.rules.cloud_cover or state.cloud_level is None
                 or f + 3 < state.cloud_level)]


def _vote_frame(proposer: str, floor: int, seats: tuple[str, ...],
                votes: tuple[tuple[str, bool], ...]) -> Frame:
    return Frame("vote", seats, f"{proposer} proposes the floor {floor}: agree?",
                 {"floor": floor, "seat": proposer, "votes": votes})


def propose(state: WowState, seat: Seat, floor: int, events: list[Event]) -> WowState:
    """``seat`` proposes ``floor``: the other seats are asked to vote."""
    events.append(Event("floor-proposed", {"seat": seat, "floor": floor}))
    voters = tuple(s for s, _ in state.seats if s != seat)
    state = replace(state, proposed=(*state.proposed, seat))
    return push(state, _vote_frame(seat, floor, voters, ()))


def proposal(state: WowState) -> list[object] | None:
    """The floor proposal being voted on, ``[seat, floor]`` (the view shows it)."""
    frame = state.prompts[-1] if state.prompts else None
    if frame is None or frame.kind != "vote":
        return None
    return [frame.data["seat"], frame.data["floor"]]


class Agree(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    agree: bool


class Vote(PromptKind[WowState, Agree]):
    """Every other seat agrees to the proposed floor, or not."""

    kind = "vote"
    decision = Agree
    rule = RULE

    def prompt(self, state: WowState, frame: Frame, seat: Seat) -> Prompt:
        return Prompt(frame.kind, frame.text, {"floor": frame.data["floor"]})

    def legal(self, state: WowState, frame: Frame, seat: Seat) -> list[Agree]:
        return [Agree(True), Agree(False)]

    def apply(self, state: WowState, frame: Frame, seat: Seat, decision: Agree,
              events: list[Event]) -> WowState:
        votes = (*frame.data["votes"], (seat, decision.agree))
        events.append(Event("vote", {"seat": seat, "agree": decision.agree}))
        floor = frame.data["floor"]
        rest = tuple(s for s in frame.seats if s != seat)
        if rest:
            return replace_top(state, _vote_frame(frame.data["seat"], floor, rest, votes))
        if all(agree for _, agree in votes):
            events.append(Event("floor-changed", {"floor": floor, "ceiling": floor + 3}))
            state = replace(state, floor=floor)
        else:
            events.append(Event("floor-refused", {"floor": floor}))
        return pop(state)  # back to planning
