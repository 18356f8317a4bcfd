"""Fire (book § TIR, § CHEVAUCHEMENT; the optional § VISER, § INTERRUPTION; two-seaters
§ SECOND ARC DE TIR, § ANGLES MORTS POUR LES MITRAILLEUSES ARRIÈRES, § RÈGLE SPÉCIALE
POUR LE ROLAND C.; altitude § VISÉE BLOQUÉE, § TIR (altitude)).

After every maneuver each gun with a target in arc and range gets a slot in the fire
frame; orders are sealed, then revealed and resolved together (:func:`resolve`).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, IllegalDecision, MalformedDecision, Seat
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.damage import Drawn, apply_damage, draw
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.state import (
    ACTIVE,
    BOOK,
    Asked,
    FireOrder,
    Gun,
    Plane,
    WowState,
    flown_by,
    gun_key,
    index,
    plane,
    replace,
    seats_of,
    slots_of,
)
from dogfight.kit.prompts import Frame, pop, replace_top
from dogfight.kit.sealed import Sealed


def blocks(state: WowState, other: Plane, shooter: Plane, target: Plane) -> bool:
    """Does ``other`` stand in the way of a line from shooter to target?"""
    base = dataset().table.base
    if other.in_cloud or geo.bases_overlap(other.pose, shooter.pose, base.length,
                                           base.width):
        return False  # overlapping bases do not block each other (book § CHEVAUCHEMENT)
    if state.options.rules.altitude:
        # only aircraft at the same level block, and only at the same level
        # (book § VISÉE BLOQUÉE); between levels nothing blocks (derived)
        return target.altitude == shooter.altitude == other.altitude
    return True


def targets(state: WowState, p: Plane, arc: str) -> list[tuple[str, int]]:
    """Enemies this gun may fire at now, with the cards each would draw (book § TIR)."""
    gun = p.front if arc == "front" else p.rear
    rules = state.options.rules
    if gun is None or p.status != "flying" or gun.silent > 0 or p.in_cloud:
        return []
    if arc == "rear" and p.observer_wounded:
        return []
    if (arc == "front" and p.wounded and p.executed
            and (p.executed_steep[-1] or p.executed[-1] in ("immelmann", "split-s",
                                                              "climb"))):
        return []  # a wounded pilot cannot fire right after such a maneuver
    data = dataset()
    table = data.table
    aircraft = data.aircraft[p.aircraft]
    out = []
    for t in state.planes:
        if t.side == p.side or t.status not in ACTIVE or t.in_cloud:
            continue
        if geo.bases_overlap(p.pose, t.pose, table.base.length, table.base.width):
            continue  # overlapping bases cannot fire at each other (book § CHEVAUCHEMENT)
        gap = abs(t.altitude - p.altitude) if rules.altitude else 0
        if gap >= 2:
            continue
        half = table.arcs.front_half_angle if arc == "front" else table.arcs.rear_half_angle
        if arc == "rear" and aircraft.rear_all_round_above and rules.altitude \
                and t.altitude > p.altitude:
            half = 180.0  # the Roland C.II's rear gun turns all round (book § ROLAND C.)
        elif (arc == "rear" and rules.blind_spot
              and (not rules.altitude or t.altitude <= p.altitude)
              and geo.in_blind_spot(p.pose, t.pose, length=table.base.length,
                                    width=table.base.width, ruler=table.ruler.length)):
            continue
        blockers = [o.pose for o in state.planes if o.id not in (p.id, t.id)
                    and o.status in ACTIVE and blocks(state, o, p, t)]
        cards = geo.fire_range(
            p.pose, t.pose, length=table.base.length, width=table.base.width,
            ruler=table.ruler.length, half_angle=half, rear=arc == "rear",
            blockers=blockers, max_reach=table.ruler.length / 2 if gap == 1 else None)
        if cards:
            out.append((t.id, 1 if gap == 1 else cards))
    return out


# -- the fire frame: one slot a gun that has a target -------------------------------------------
def fire_frame(state: WowState, slots: Sequence[tuple[str, str, tuple[tuple[str, int], ...]]]
               ) -> Frame:
    return Frame("fire", seats_of(state, [plane_id for plane_id, _, _ in slots]),
                 "Choose your targets (or hold fire)", {"slots": tuple(slots)})


def open_fire(state: WowState) -> WowState:
    """The guns that may fire after this maneuver, asked for their sealed orders
    (no frame when none may fire)."""
    slots = []
    for p in state.planes:
        for arc in ("front", "rear"):
            found = targets(state, p, arc)
            if found:
                slots.append((p.id, arc, tuple(found)))
    frames = (fire_frame(state, slots),) if slots else ()
    return replace(state, phase="fire", fire_orders=Sealed(), prompts=frames)


class FireAt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    plane: str
    arc: str
    target: str


class HoldFire(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    plane: str
    arc: str
    hold: bool


FireDecision = FireAt | HoldFire


class Fire(Asked[FireDecision]):
    """Each gun with a target fires at one of them, or holds fire (book § TIR)."""

    kind = "fire"
    decision = (FireAt, HoldFire)
    rule = f"book: {BOOK} § TIR"

    def legal(self, state: WowState, frame: Frame, seat: Seat) -> list[FireDecision]:
        out: list[FireDecision] = []
        mine = {p.id for p in state.planes if p.seat == seat}
        for slot in slots_of(frame):
            if slot.plane in mine:
                out += [FireAt(slot.plane, slot.arc, t) for t, _ in slot.targets]
                out.append(HoldFire(slot.plane, slot.arc, True))
        return out

    def refusal(self, state: WowState, frame: Frame, seat: Seat,
                decision: FireDecision) -> str | IllegalDecision | None:
        if isinstance(decision, HoldFire) and decision.hold is not True:
            raise MalformedDecision("'hold' is true (to hold fire) or absent")
        p = flown_by(state, decision.plane, seat)
        if isinstance(p, IllegalDecision):
            return p
        slot = next((s for s in slots_of(frame)
                     if s.plane == p.id and s.arc == decision.arc), None)
        if slot is None:
            return IllegalDecision(f"{p.id} has no {decision.arc!r} gun to fire now")
        if isinstance(decision, FireAt) and decision.target not in {t for t, _ in slot.targets}:
            reachable = ", ".join(t for t, _ in slot.targets) or "none"
            return (f"{p.id} cannot fire at {decision.target!r} with its {slot.arc} gun "
                    f"(in arc, in range, not blocked: {reachable})")
        return None

    def apply(self, state: WowState, frame: Frame, seat: Seat, decision: FireDecision,
              events: list[Event]) -> WowState:
        slots = slots_of(frame)
        slot = next(s for s in slots if s.plane == decision.plane and s.arc == decision.arc)
        target = decision.target if isinstance(decision, FireAt) else None
        cards = next((n for t, n in slot.targets if t == target), 0)
        order = FireOrder(slot.plane, slot.arc, target, cards)
        sealed = state.fire_orders.seal(gun_key(slot.plane, slot.arc), order)
        state = replace(state, fire_orders=sealed)
        events.append(Event("fire-order", {"plane": slot.plane, "arc": order.arc,
                                           "target": order.target}, to=(seat,)))
        events.append(Event("fire-sealed", {"plane": slot.plane, "arc": order.arc}))
        rest = [(s.plane, s.arc, s.targets) for s in slots if s is not slot]
        return replace_top(state, fire_frame(state, rest)) if rest else pop(state)


def resolve(state: WowState, events: list[Event]) -> WowState:
    """All fire is revealed and all damage applied together (book § DÉGÂTS): jams
    count down and new ones silence their guns (book § MITRAILLEUSES ENRAYÉES),
    aiming streaks grow (book § VISER), and damage in this phase interrupts the next
    one (book § INTERRUPTION)."""
    rules = state.options.rules
    drawn: dict[str, list[Drawn]] = {}
    bonus: dict[str, list[bool]] = {}
    jams: dict[tuple[str, str], bool] = {}
    aims: dict[tuple[str, str], tuple[str | None, int]] = {}
    orders = state.fire_orders.reveal().values()
    for order in sorted(orders, key=lambda o: (index(state, o.plane), o.arc)):
        if order.target is None:
            events.append(Event("held-fire", {"plane": order.plane, "arc": order.arc}))
            continue
        p = plane(state, order.plane)
        gun = p.front if order.arc == "front" else p.rear
        assert gun is not None
        cards_to_draw = order.cards
        streak = gun.aim_streak + 1 if (gun.aim_target == order.target and
                                       gun.aim_phase == state.phase_count - 1) else 1
        aims[(p.id, order.arc)] = (order.target, streak)
        aiming = (rules.aiming and streak >= 2
                  and not (rules.interruption and p.interrupted))
        events.append(Event("fire", {"plane": p.id, "arc": order.arc,
                                     "target": order.target, "cards": cards_to_draw,
                                     "aiming": aiming}))
        for _ in range(cards_to_draw):
            state, cards = draw(state, gun.letter, events)
            for card in cards:
                if card.symbol == "jam":
                    jams[(p.id, order.arc)] = True
                    events.append(Event("jam", {"plane": p.id, "arc": order.arc,
                                                "target": order.target}))
                drawn.setdefault(order.target, []).append(card)
                bonus.setdefault(order.target, []).append(aiming)
    # guns: count down old jams, then new jams, aiming streaks
    planes = []
    for p in state.planes:
        guns: dict[str, Gun | None] = {}
        for arc in ("front", "rear"):
            gun = p.front if arc == "front" else p.rear
            if gun is None:
                guns[arc] = None
                continue
            gun = replace(gun, jam=max(0, gun.jam - 1), silent=max(0, gun.silent - 1))
            if (p.id, arc) in jams:
                gun = replace(gun, jam=3, silent=4 if p.wounded else 3)
            target, streak = aims.get((p.id, arc), (None, 0))
            if target is not None:
                gun = replace(gun, aim_target=target, aim_phase=state.phase_count,
                              aim_streak=streak)
            guns[arc] = gun
        planes.append(replace(p, front=guns["front"], rear=guns["rear"]))
    state = replace(state, planes=tuple(planes), fire_orders=Sealed())
    state = apply_damage(state, drawn, bonus, events)
    # damage in this phase (a crash or fire) interrupts the next one (book § INTERRUPTION)
    return replace(state, planes=tuple(replace(p, interrupted=p.hit_this_phase,
                                               hit_this_phase=False)
                                       for p in state.planes))
