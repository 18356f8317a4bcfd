"""Cloud cover (altitude variant, book § COUVERTURE NUAGEUSE).

An aircraft that climbs into the clouds leaves its base where it is; its cards pile
up, secret, until a dive or a Split-S: then the whole pile is flown at once, in order,
and it comes out below the clouds (:func:`.movement.fly_pile`). Nobody can fire at,
tail or be blocked by an aircraft in the clouds (:mod:`.fire`, :mod:`.tailing`).
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.wings_of_war.data import Card
from dogfight.games.wings_of_war.planning import legal_or_straight
from dogfight.games.wings_of_war.state import Plane, WowState, put, replace


def card_in_clouds(state: WowState, p: Plane, card: Card,
                   events: list[Event]) -> tuple[WowState, tuple[int, ...], str]:
    """Card ``state.maneuver`` flown in the clouds: checked as it is flown into the pile
    (no climbing in the clouds). Returns the pile to fly now (empty while the aircraft
    stays in the clouds) and the kind of maneuver that ends it."""
    flown = legal_or_straight(state, p, card, state.maneuver, events, secret=True)
    if flown is None:
        return put(state, replace(p, status="out-of-control")), (), ""
    card, kind, steep = flown
    p = replace(p, cloud_stack=(*p.cloud_stack, card.number),
                executed=(*p.executed, kind), executed_steep=(*p.executed_steep, steep))
    events.append(Event("cloud-card", {"plane": p.id, "card": card.number,
                                       "name": card.name}, to=(p.seat,)))
    events.append(Event("card-in-clouds", {"plane": p.id, "phase": state.maneuver}))
    if kind not in ("dive", "split-s"):
        return put(state, p), (), kind
    events.append(Event("leaves-clouds", {"plane": p.id, "cards": len(p.cloud_stack)}))
    return put(state, replace(p, in_cloud=False, cloud_stack=())), p.cloud_stack, kind
