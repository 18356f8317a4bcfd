"""Altitude: changing it, stalling, and the fighters that follow.

Book sections: « Altitude », « Changer d'altitude » (stay; climb, discarding a card;
dive, drawing one), « Décrochage » (an engine with no pre- or post-turn draw left
discards a card, or dives a level with an empty hand), « Réagir à un changement
d'altitude » and « Chaînes d'appareils engagés » (those holding a position on it may
follow, paying a card for advantage and a card for a climb), « Ailiers » (a wingman
closes on its leader's altitude). The phase « Changement d'altitude » of the turn.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, Prompt, Seat, canonical_json
from dogfight.games.down_in_flames.aircraft import R, in_play, plane, put, replace, seat_of
from dogfight.games.down_in_flames.cards import discard_with_event, draw, spend
from dogfight.games.down_in_flames.damage import (
    PlayRedline,
    play_redline,
    redline_refusal,
    redlines,
)
from dogfight.games.down_in_flames.data import dataset
from dogfight.games.down_in_flames.positions import POSITION_NAMES, drop_positions, set_rel
from dogfight.games.down_in_flames.state import ALTITUDES, DifState, Plane
from dogfight.kit.prompts import Frame, PromptKind, pop, push


def move_altitude(state: DifState, pid: str, direction: int, events: list[Event]) -> DifState:
    """Change a level: positions on planes left behind are lost; those holding a
    position on it may follow, front of the chain first (book § Réagir à un
    changement d'altitude, § Chaînes d'appareils engagés)."""
    p = plane(state, pid)
    followers = [(h, k) for h, t, k in state.positions if t == pid]
    state = drop_positions(state, pid)
    p = replace(p, altitude=p.altitude + direction)
    state = put(state, p)
    events.append(Event("altitude", {"plane": pid, "altitude": ALTITUDES[p.altitude],
                                     "direction": "climb" if direction > 0 else "dive"}))
    if direction < 0:
        extra = dataset().pilot(p.pilot).dive_draw if p.pilot else 0
        state = draw(state, pid, 1 + extra, events, cap=False)
    asked = [follow_frame(state, h, pid, direction, k) for h, k in followers]
    return push(state, *reversed(asked))  # the front of the chain answers first


def follow_frame(state: DifState, holder: str, leader: str, direction: int,
                 holding: int) -> Frame:
    """``holder`` (holding ``holding`` on ``leader``) is asked whether it follows."""
    return Frame("follow", (seat_of(state, holder),), f"{leader} changes altitude: follow it?",
                 {"plane": holder, "leader": leader, "direction": direction,
                  "holding": holding})


def climb_free(p: Plane) -> bool:
    """Pilot marker Cl: a climb costs no card."""
    return bool(p.pilot) and dataset().pilot(p.pilot).climb_free


def climb_or_dive(state: DifState, pid: str, direction: int, discard: str,
                  events: list[Event]) -> DifState:
    """A level up (paying ``discard`` unless free) or down."""
    if direction > 0 and discard:
        state = discard_with_event(state, pid, discard, "climb", events)
    return move_altitude(state, pid, direction, events)


def stall(state: DifState, pid: str, then: str, events: list[Event]) -> DifState:
    """Book § Décrochage: discard a card (a ``stall`` prompt); with none, dive a level
    and draw. ``then``: what follows the discard ("climb", or "end" of the turn)."""
    p = plane(state, pid)
    events.append(Event("stall", {"plane": pid}))
    if p.hand:
        return push(state, Frame("stall", (p.seat,), "Your engine stalls: discard a card",
                                 {"plane": pid, "then": then}))
    if p.altitude > 0:
        state = move_altitude(state, pid, -1, events)
    return state


# -- the stall's discard -----------------------------------------------------------------------
class StallDiscard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"discard": "<card>"}``"""

    discard: str


class Stall(PromptKind[DifState, StallDiscard]):
    """Book § Décrochage: the stalling fighter discards a card of its choice."""

    kind = "stall"
    decision = StallDiscard
    rule = f"{R} § Décrochage"

    def prompt(self, state: DifState, frame: Frame, seat: Seat) -> Prompt:
        return Prompt("stall", frame.text, {"plane": frame.data["plane"]})

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[StallDiscard]:
        return [StallDiscard(c) for c in sorted(set(plane(state, frame.data["plane"]).hand))]

    def refusal(self, state: DifState, frame: Frame, seat: Seat,
                decision: StallDiscard) -> str | None:
        pid = frame.data["plane"]
        if decision.discard in plane(state, pid).hand:
            return None
        return f"{pid} holds no card {decision.discard!r}"

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: StallDiscard,
              events: list[Event]) -> DifState:
        # then (frame.data): the climb step, or the turn's end (turn.proceed ends it)
        return discard_with_event(pop(state), frame.data["plane"], decision.discard,
                                  "stall", events)


# -- the altitude change of the turn -----------------------------------------------------------
class Climb(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """``{"altitude": "stay" | "climb" | "dive"}``, a climb with ``"discard": "<card>"``."""

    altitude: str
    discard: str = ""


def wing_to(state: DifState, p: Plane) -> int:
    """Book § Ailiers: the way a wingman must close on its leader (1 up, -1 down, 0:
    free to choose)."""
    if state.options.rules.wingmen and p.leader:
        leader = plane(state, p.leader)
        if in_play(leader) and leader.altitude != p.altitude:
            return 1 if leader.altitude > p.altitude else -1
    return 0


def climb_choices(state: DifState) -> list[Climb]:
    p = plane(state, state.active)
    wing = wing_to(state, p)
    out = [] if wing else [Climb("stay")]
    if p.altitude < 4 and wing >= 0:
        if climb_free(p):
            out.append(Climb("climb"))
        else:
            out += [Climb("climb", c) for c in sorted(set(p.hand))]
    if p.altitude > 0 and wing <= 0:
        out.append(Climb("dive"))
    return out or [Climb("stay")]


def climb_forced(state: DifState) -> bool:
    """:func:`climb_choices` offers one choice only (the rules then take it), counted
    without listing them."""
    p = plane(state, state.active)
    wing = wing_to(state, p)
    n = 0 if wing else 1
    if p.altitude < 4 and wing >= 0:
        n += 1 if climb_free(p) else len(set(p.hand))
    if p.altitude > 0 and wing <= 0:
        n += 1
    return n <= 1 and not redlines(state, p.id)  # Redline may be played (book § Redline)


def climb_refusal(state: DifState, decision: Climb) -> str | None:
    """Why ``decision`` is not among :func:`climb_choices` (``None``: it is), without
    listing them."""
    p = plane(state, state.active)
    wing = wing_to(state, p)
    up = p.altitude < 4 and wing >= 0
    down = p.altitude > 0 and wing <= 0
    free = climb_free(p)
    how, discard = decision.altitude, decision.discard
    if how == "climb" and up and (discard == "" if free else discard in p.hand):
        return None
    if how == "dive" and down and discard == "":
        return None
    if how == "stay" and discard == "" and (
            not wing or not (down or (up and (free or p.hand)))):
        return None
    return f"{canonical_json(msgspec.to_builtins(decision))} is not a legal climb now"


def change_altitude(state: DifState, decision: Climb, events: list[Event]) -> DifState:
    """Book § Changer d'altitude: stay, climb (discard a card) or dive (draw)."""
    state = replace(state, phase="speed")
    if decision.altitude == "stay":
        return state
    direction = 1 if decision.altitude == "climb" else -1
    return climb_or_dive(state, state.active, direction, decision.discard, events)


class AltitudeChange(PromptKind[DifState, Climb | PlayRedline]):
    """The phase « Changement d'altitude » of a fighter's turn (Redline may be played in
    it: book § Redline)."""

    kind = "climb"
    decision = (Climb, PlayRedline)
    rule = f"{R} § Changer d'altitude"

    def legal(self, state: DifState, frame: Frame, seat: Seat
              ) -> Sequence[Climb | PlayRedline]:
        return [*climb_choices(state), *redlines(state, state.active)]

    def refusal(self, state: DifState, frame: Frame, seat: Seat,
                decision: Climb | PlayRedline) -> str | None:
        if isinstance(decision, PlayRedline):
            return redline_refusal(state, state.active, decision)
        return climb_refusal(state, decision)

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: Climb | PlayRedline,
              events: list[Event]) -> DifState:
        if isinstance(decision, PlayRedline):
            return play_redline(pop(state), state.active, decision, events)
        return change_altitude(pop(state), decision, events)


# -- following an altitude change --------------------------------------------------------------
class FollowChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True,
                   omit_defaults=True):
    """``{"follow": false}``, ``{"follow": true}`` or with ``"discard": [cards]``."""

    follow: bool
    discard: list[str] = []


def follow_choices(state: DifState, frame: Frame) -> list[FollowChoice]:
    f = frame.data
    p = plane(state, f["plane"])
    direction = f["direction"]
    cost = (1 if f["holding"] == 1 else 0) + (1 if direction > 0 and not climb_free(p) else 0)
    out = [FollowChoice(False)]
    if (direction > 0 and p.altitude >= 4) or (direction < 0 and p.altitude <= 0):
        return out
    if p.loaded or p.bomber:
        return out
    hand = sorted(p.hand)
    if cost == 0:
        out.append(FollowChoice(True))
    elif cost == 1:
        out += [FollowChoice(True, [c]) for c in sorted(set(hand))]
    elif len(hand) >= 2:
        pairs = sorted({(min(a, b), max(a, b)) for i, a in enumerate(hand)
                        for b in hand[i + 1:]})
        out += [FollowChoice(True, list(pair)) for pair in pairs]
    return out


class Following(PromptKind[DifState, FollowChoice]):
    """Book § Réagir à un changement d'altitude: follow (keeping the position) or not."""

    kind = "follow"
    decision = FollowChoice
    rule = f"{R} § Réagir à un changement d'altitude"

    def prompt(self, state: DifState, frame: Frame, seat: Seat) -> Prompt:
        return Prompt("follow", frame.text, {"plane": frame.data["plane"],
                                             "leader": frame.data["leader"]})

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[FollowChoice]:
        return follow_choices(state, frame)

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: FollowChoice,
              events: list[Event]) -> DifState:
        pid, leader = frame.data["plane"], frame.data["leader"]
        holding = frame.data["holding"]
        state = pop(state)
        if not decision.follow:
            events.append(Event("not-followed", {"plane": pid, "leader": leader}))
            return state
        cards = list(decision.discard)
        if cards:
            state = spend(state, pid, cards)
            events.append(Event("discarded", {"plane": pid, "cards": cards, "why": "follow"}))
        # the follower's own followers are asked before the others, front to back
        state = move_altitude(state, pid, frame.data["direction"], events)
        state = set_rel(state, pid, leader, holding)
        events.append(Event("followed", {"plane": pid, "leader": leader,
                                         "position": POSITION_NAMES[holding]}))
        return state
