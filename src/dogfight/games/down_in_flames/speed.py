"""Speed maneuvers: each point of speed over an enemy's is a free Maneuver 1 on it.

Book sections: « Manœuvre de Vitesse » (the phase of the turn), « Manœuvrer avec
vitesse » (choose one enemy at your altitude, slower than you; the difference in
speed, point by point), « Vitesse (bombardiers) » (against bombers a point may choose
the bomber), « Actions » (a position may be abandoned at any time of the turn).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, IllegalDecision, Seat
from dogfight.games.down_in_flames.aircraft import (
    R,
    enemies,
    in_play,
    is_bomber,
    plane,
    replace,
    stats,
)
from dogfight.games.down_in_flames.bombers import (
    ask_pick,
    bombers_at,
    draw_turret,
    free_bomber,
    select,
)
from dogfight.games.down_in_flames.chains import open_chain
from dogfight.games.down_in_flames.damage import (
    PlayRedline,
    play_redline,
    redline_refusal,
    redlines,
)
from dogfight.games.down_in_flames.positions import (
    abandon,
    holding,
    rel,
    slot_free,
    targetable,
)
from dogfight.games.down_in_flames.state import Chain, DifState, Plane
from dogfight.kit.prompts import Frame, PromptKind, pop


class Speed(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"speed": "<enemy>" | "skip" | "done" | "maneuver" | "select" | "pick"}``"""

    speed: str


class Abandon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"abandon": "<enemy>"}``: drop the position held on it."""

    abandon: str


def speed_targets(state: DifState, p: Plane) -> list[Plane]:
    held = holding(state, p.id)
    out = []
    for q in enemies(state, p):
        if not targetable(state, p, q):
            continue
        if held and q.id not in held:
            continue
        if is_bomber(q):
            continue
        if stats(state, p).speed > stats(state, q).speed:
            out.append(q)
    return out


def speed_choices(state: DifState) -> list[Speed | Abandon]:
    p = plane(state, state.active)
    if state.speed_target:
        q = plane(state, state.speed_target)
        out: list[Speed | Abandon] = [Speed("done")]
        if state.speed_points > 0 and in_play(q) and q.altitude == p.altitude:
            r = rel(state, p.id, q.id)
            if is_bomber(q) and p.selected != q.id:
                out.append(Speed("select"))
            elif r < 2 and slot_free(state, p.id, q.id, r + 1):
                out.append(Speed("maneuver"))
        return out
    out = [Speed("skip"), *(Speed(q.id) for q in speed_targets(state, p))]
    held = holding(state, p.id)
    if not held:
        group = bombers_at(state, p)
        for q in group:
            diff = stats(state, p).speed - stats(state, q).speed
            if diff > 0 or free_bomber(state, p, group) == q.id:
                out.append(Speed(q.id))
        if group and not p.selected:
            out.append(Speed("pick"))
    out += [Abandon(t) for t in held]
    return out


def speed_forced(state: DifState) -> bool:
    """:func:`speed_choices` offers one choice only (the rules then take it): at the
    start of the step, with no position held and no bomber about, none is listed; never
    while the fighter holds a Redline it may play (book § Redline)."""
    p = plane(state, state.active)
    if state.speed_target or holding(state, p.id) or bombers_at(state, p):
        forced = len(speed_choices(state)) == 1
    else:
        forced = not speed_targets(state, p)
    return forced and not redlines(state, p.id)


def speed_step(state: DifState, decision: Speed | Abandon, events: list[Event]) -> DifState:
    """Book § Manœuvrer avec vitesse: each point of speed over the chosen enemy's is
    a free Maneuver 1 against it; against bombers a point may choose the bomber."""
    p = plane(state, state.active)
    if isinstance(decision, Abandon):
        return abandon(state, p.id, decision.abandon, events)
    v = decision.speed
    if v in ("skip", "done"):
        return replace(state, phase="actions", speed_target="", speed_points=0)
    if v == "pick":
        return ask_pick(state, p.id)
    if v == "select":
        q = plane(state, state.speed_target)
        state = select(state, p.id, q.id, "speed", events)
        state = replace(state, speed_points=state.speed_points - 1)
        return draw_turret(state, q.id, events)
    if v == "maneuver":
        q = plane(state, state.speed_target)
        state = replace(state, speed_points=state.speed_points - 1)
        if is_bomber(q):  # a fighter has no turret hand (book § Tourelles)
            state = draw_turret(state, q.id, events)
        chain = Chain(kind="speed", actor=p.id, target=q.id, steps=1, last="Maneuver")
        events.append(Event("speed-maneuver", {"plane": p.id, "target": q.id}))
        return open_chain(state, chain)
    q = plane(state, v)
    diff = max(0, stats(state, p).speed - stats(state, q).speed)
    events.append(Event("speed-compared", {"plane": p.id, "target": q.id, "points": diff}))
    state = replace(state, speed_target=q.id, speed_points=diff)
    if is_bomber(q) and free_bomber(state, p) == q.id:
        state = select(state, p.id, q.id, "free", events)
    return state


class SpeedManeuver(PromptKind[DifState, Speed | Abandon | PlayRedline]):
    """The phase « Manœuvre de Vitesse » of a fighter's turn (Redline may be played in
    it: book § Redline)."""

    kind = "speed"
    decision = (Speed, Abandon, PlayRedline)
    rule = f"{R} § Manœuvrer avec vitesse"

    def legal(self, state: DifState, frame: Frame, seat: Seat
              ) -> Sequence[Speed | Abandon | PlayRedline]:
        return [*speed_choices(state), *redlines(state, state.active)]

    def refusal(self, state: DifState, frame: Frame, seat: Seat,
                decision: Speed | Abandon | PlayRedline) -> str | IllegalDecision | None:
        if isinstance(decision, PlayRedline):
            return redline_refusal(state, state.active, decision)
        return super().refusal(state, frame, seat, decision)

    def apply(self, state: DifState, frame: Frame, seat: Seat,
              decision: Speed | Abandon | PlayRedline, events: list[Event]) -> DifState:
        if isinstance(decision, PlayRedline):
            return play_redline(pop(state), state.active, decision, events)
        return speed_step(pop(state), decision, events)
