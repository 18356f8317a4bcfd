"""Movement (book § MOUVEMENT, § CHEVAUCHEMENT DURANT LE MOUVEMENT, § SORTIR DE L'AIRE
DE JEU; § RÈGLES DE TOURNOI: bases never touch).

All cards of a maneuver are revealed together and the aircraft move together; models
that would touch go back and move again one after the other.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from dogfight.core import Event
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.altitude import effect
from dogfight.games.wings_of_war.clouds import card_in_clouds
from dogfight.games.wings_of_war.damage import draw
from dogfight.games.wings_of_war.data import card_end_pose, dataset
from dogfight.games.wings_of_war.ground import card_counts
from dogfight.games.wings_of_war.missions import exit_home
from dogfight.games.wings_of_war.planning import legal_or_straight
from dogfight.games.wings_of_war.state import (
    ACTIVE,
    Plane,
    WowState,
    plane,
    put,
    replace,
)


def fly(state: WowState, events: list[Event]) -> WowState:
    """Reveal card ``maneuver`` of every aircraft and move them together."""
    k = state.maneuver
    state = replace(state, phase_count=state.phase_count + 1)
    data = dataset()
    base = data.table.base
    starts = {p.id: p.pose for p in state.planes}
    targets: dict[str, geo.Pose] = {}
    for p in state.planes:
        if p.status not in ACTIVE:
            continue
        card = data.card(p.deck, p.plan[k - 1])
        if p.in_cloud:
            state, pile, kind = card_in_clouds(state, p, card, events)
            if pile:
                state = fly_pile(state, p.id, pile, kind, events)
            continue
        if p.status == "ground" and not card_counts(state, p, card):
            events.append(Event("card-ignored", {"phase": k, "plane": p.id}))
            continue
        events.append(Event("revealed", {"phase": k, "plane": p.id, "card": card.number,
                                         "name": card.name}))
        flown = legal_or_straight(state, p, card, k, events)
        if flown is None:
            state = put(state, replace(plane(state, p.id), status="out-of-control"))
            continue
        card, kind, steep = flown
        p = replace(p, executed=(*p.executed, kind),
                    executed_steep=(*p.executed_steep, steep))
        dx, dy, turn = card_end_pose(card, base.length)
        targets[p.id] = geo.moved(p.pose, dx, dy, turn)
        state = put(state, p)
    state = resolve_collisions(state, starts, targets, events)
    for p in state.planes:
        if p.id not in targets or p.status not in ACTIVE:
            continue
        state = arrive(state, p, targets[p.id], events)
    return state


def fly_pile(state: WowState, plane_id: str, pile: tuple[int, ...], kind: str,
             events: list[Event]) -> WowState:
    """Out of the clouds: the cards piled up there flown at once, in order, then the
    last one's change of level (book § COUVERTURE NUAGEUSE)."""
    base = dataset().table.base
    for number in pile:
        p = plane(state, plane_id)
        card = dataset().card(p.deck, number)
        events.append(Event("revealed", {"phase": state.maneuver, "plane": p.id,
                                         "card": number, "name": card.name}))
        dx, dy, turn = card_end_pose(card, base.length)
        state = place(state, p, geo.moved(p.pose, dx, dy, turn), events)
        if plane(state, plane_id).status not in ACTIVE:
            return state
    return effect(state, plane(state, plane_id), kind, events)


def leave_table(state: WowState, p: Plane, events: list[Event]) -> WowState:
    """Off the table (book § SORTIR DE L'AIRE DE JEU); by its own edge with its
    mission done, the aircraft brings the mission home."""
    edge = ("west" if p.pose.x < 0 else "east" if p.pose.x > state.area.width
            else "south" if p.pose.y < 0 else "north")
    home = exit_home(state, p, edge, events)
    if home is not None:
        return home
    events.append(Event("left-table", {"plane": p.id}))
    return put(state, replace(p, status="left-table"))


def place(state: WowState, p: Plane, pose: geo.Pose, events: list[Event]) -> WowState:
    """The base put down at the end of a card; off the table if its stand is."""
    p = replace(p, pose=pose)
    events.append(Event("moved", {"plane": p.id, "x": pose.x, "y": pose.y,
                                  "heading": pose.heading}))
    if not geo.inside(pose, state.area.width, state.area.height):
        return leave_table(state, p, events)
    return put(state, p)


def arrive(state: WowState, p: Plane, pose: geo.Pose, events: list[Event]) -> WowState:
    """The aircraft at the end of its card: off the table, or altitude effects."""
    state = place(state, p, pose, events)
    p = plane(state, p.id)
    if state.options.rules.altitude and p.status in ACTIVE:
        state = effect(state, p, p.executed[-1], events)
    return state


def resolve_collisions(state: WowState, starts: Mapping[str, geo.Pose],
                        targets: dict[str, geo.Pose], events: list[Event]) -> WowState:
    """Models that would touch go back, draw a B card each, and move again in the
    order of the cards' corner numbers, the later ones stopping short
    (book § CHEVAUCHEMENT DURANT LE MOUVEMENT). Tournament bases never touch."""
    if state.options.rules.tournament:
        return state
    limit = dataset().table.collision.min_centre_distance
    ids = [pid for pid in targets if plane(state, pid).status == "flying"
           and not plane(state, pid).in_cloud]

    def touch(a: str, b: str, poses: Mapping[str, geo.Pose]) -> bool:
        pa, pb = plane(state, a), plane(state, b)
        same_level = not state.options.rules.altitude or pa.altitude == pb.altitude
        return same_level and geo.distance(poses[a], poses[b]) < limit

    involved = sorted({x for a, b in itertools.combinations(ids, 2)
                       if touch(a, b, targets) for x in (a, b)})
    if not involved:
        return state
    numbers = {}
    for pid in involved:
        state, cards = draw(state, "B", events, collision=True)
        numbers[pid] = cards[0].number
    order = sorted(involved, key=lambda pid: (numbers[pid], pid))
    events.append(Event("collision", {"planes": order,
                                      "cards": [numbers[pid] for pid in order]}))
    placed = {pid: targets[pid] for pid in ids if pid not in involved}
    for pid in order:
        goal = targets[pid]
        travel = geo.distance(starts[pid], goal)
        back = 0.0
        pose = goal
        while back <= travel and any(touch(pid, other, {**placed, pid: pose})
                                     for other in placed):
            back += 1.0
            pose = geo.backed_off(goal, back)
        placed[pid] = pose
        targets[pid] = pose
    return state
