"""The ground (altitude rules, book § ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS: landing,
take-off, accidents, aircraft on the ground (§ Avions au sol), fire on the ground
(§ Feu au sol, in :func:`.damage.burn`); the Italian book's § Atterraggio gives the
landing field's size).
"""

from __future__ import annotations

import msgspec

from dogfight.core import Event, IllegalDecision, Seat
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.damage import Drawn, apply_damage, draw
from dogfight.games.wings_of_war.data import Card, dataset
from dogfight.games.wings_of_war.state import (
    BOOK,
    Asked,
    Plane,
    WowState,
    flown_by,
    plane,
    put,
    replace,
    seats_of,
)
from dogfight.kit.prompts import Frame, pop, replace_top

RULE = f"book: {BOOK} § ATTERRISSAGE, DÉCOLLAGE ET ACCIDENTS"


def in_field(state: WowState, pose: geo.Pose) -> bool:
    """Is the stand in a landing field?"""
    return any(geo.in_rectangle(pose, f.x, f.y, f.length, f.width, f.heading)
               for f in state.fields)


def crash(state: WowState, p: Plane, cards: int, reason: str,
          events: list[Event]) -> WowState:
    """An accident: A cards counting points, explosions and fire only; on the ground,
    immobile next turn."""
    events.append(Event("crashed", {"plane": p.id, "reason": reason, "cards": cards}))
    state = put(state, replace(p, status="ground", landing=0, takeoff=0,
                               altitude=0, climb_counters=0,
                               immobile_until=state.turn + 1))
    drawn: list[Drawn] = []
    for _ in range(cards):
        state, got = draw(state, "A", events)
        drawn += [replace(c, symbol=c.symbol if c.symbol in ("explosion", "fire")
                          else "none") for c in got]
    return apply_damage(state, {p.id: drawn}, {}, events, force_specials=True)


def roll(state: WowState, p: Plane, kind: str, events: list[Event]) -> WowState:
    """Take-off and landing roll on the ground, and their accidents: the stand out of
    the field after the stall or the straight (``data/table.toml`` ``ground_roll``)."""
    inside = in_field(state, p.pose)
    for step in dataset().table.ground_roll:
        at = p.landing if step.sequence == "landing" else p.takeoff
        if at != step.step or kind != step.card:
            continue
        if not inside:
            return crash(state, p, step.accident_cards, f"{step.what} out of the field",
                         events)
        if step.sequence == "landing" and step.next == 0:
            events.append(Event("landed", {"plane": p.id}))
            return put(state, replace(p, landing=0, landed_turn=state.turn))
        if step.sequence == "landing":
            return put(state, replace(p, landing=step.next))
        return put(state, replace(p, takeoff=step.next))
    if p.takeoff == 2 and kind == "climb":
        events.append(Event("took-off", {"plane": p.id}))
        return put(state, replace(p, status="flying", takeoff=0, altitude=0,
                                  climb_counters=1))
    return state


def card_counts(state: WowState, p: Plane, card: Card) -> bool:
    """Is an aircraft on the ground's card flown? Not when immobile after a crash,
    after landing this turn (bluff cards), burning (no take-off), nor the cards
    before the take-off's stall, which is flown from a landing field only."""
    if p.immobile_until >= state.turn or p.landed_turn == state.turn or p.fire:
        return False
    if p.landing or p.takeoff:
        return True
    return card.kind == "stall" and in_field(state, p.pose)


# -- before the second reveal: aircraft on the ground turn freely (§ Avions au sol) ------------
def movers(state: WowState) -> tuple[str, ...]:
    """The aircraft on the ground that may turn before the second card is revealed."""
    return tuple(p.id for p in state.planes if state.maneuver == 2
                 and p.status == "ground" and p.immobile_until < state.turn
                 and not p.landing and not p.takeoff and p.landed_turn != state.turn)


def ground_frame(state: WowState, plane_ids: tuple[str, ...]) -> Frame:
    return Frame("ground-move", seats_of(state, plane_ids), "Turn your aircraft on the ground",
                 {"planes": plane_ids})


class Turn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The stand turned to ``heading`` and slid by ``dx``, ``dy`` mm (x East, y South)."""

    plane: str
    heading: int
    dx: int = 0
    dy: int = 0


def slides(state: WowState, p: Plane) -> list[tuple[int, int]]:
    """The slides of ``p``'s stand (``data/table.toml`` ``ground_slide``): within the
    reach, in steps, its centre on the table."""
    rule = dataset().table.ground_slide
    step, n = int(rule.step), int(rule.reach // rule.step)
    return [(i * step, j * step) for i in range(-n, n + 1) for j in range(-n, n + 1)
            if (i * step) ** 2 + (j * step) ** 2 <= rule.reach ** 2
            and geo.inside(geo.Pose(p.pose.x + i * step, p.pose.y + j * step, 0),
                           state.area.width, state.area.height)]


class GroundMove(Asked[Turn]):
    """Before the second reveal, an aircraft on the ground moves or turns freely (book
    § Avions au sol: "bouger ou tourner la base")."""

    kind = "ground-move"
    decision = Turn
    rule = f"book: {BOOK} § Avions au sol"

    def legal(self, state: WowState, frame: Frame, seat: Seat) -> list[Turn]:
        out = []
        for pid in frame.data["planes"]:
            p = plane(state, pid)
            if p.seat == seat:
                out += [Turn(pid, h, dx, dy) for dx, dy in slides(state, p)
                        for h in range(0, 360, 15)]
        return out

    def refusal(self, state: WowState, frame: Frame, seat: Seat,
                decision: Turn) -> str | IllegalDecision | None:
        p = flown_by(state, decision.plane, seat)
        if isinstance(p, IllegalDecision):
            return p
        if p.id not in frame.data["planes"]:
            return f"{p.id} cannot be moved on the ground now"
        if decision.heading % 15 or not 0 <= decision.heading < 360:
            return "the heading is a multiple of 15 from 0 to 345"
        if (decision.dx, decision.dy) not in slides(state, p):
            rule = dataset().table.ground_slide
            return (f"the stand slides within {rule.reach:g} mm, in steps of {rule.step:g} "
                    f"mm, and stays on the table")
        return None

    def apply(self, state: WowState, frame: Frame, seat: Seat, decision: Turn,
              events: list[Event]) -> WowState:
        p = plane(state, decision.plane)
        pose = geo.Pose(p.pose.x + decision.dx, p.pose.y + decision.dy, decision.heading)
        state = put(state, replace(p, pose=pose))
        if decision.dx or decision.dy:
            events.append(Event("moved-on-ground", {"plane": p.id, "dx": decision.dx,
                                                    "dy": decision.dy}))
        events.append(Event("turned-on-ground", {"plane": p.id, "heading": decision.heading}))
        rest = tuple(pid for pid in frame.data["planes"] if pid != p.id)
        return replace_top(state, ground_frame(state, rest)) if rest else pop(state)
