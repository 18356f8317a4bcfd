"""Where a plan takes an aircraft, for its own seat while it plans (book § MOUVEMENT,
§ PROGRAMMATION, § SORTIR DE L'AIRE DE JEU, § ALTITUDE).

Every plan the aircraft may still make is flown on paper by the rules' own functions
(:func:`.planning.legal_or_straight`, :func:`.data.card_end_pose`, :func:`.geometry.moved`,
:func:`.geometry.inside`, :func:`.altitude.effect`), so the page shows where each card
ends, which plan breaks a rule and why, and which leaves the table or the sky, without
flying anything itself. Collisions are not foreseen: they depend on the other seats'
secret plans. Cards with the same figures share a node (``same``), which keeps the tree
small (about 600 nodes for a deck of eight kinds of card, 1,100 with climb and dive).
"""

from __future__ import annotations

from typing import Any

from dogfight.core import Event, Seat
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.altitude import effect
from dogfight.games.wings_of_war.data import card_end_pose, dataset
from dogfight.games.wings_of_war.planning import legal_or_straight
from dogfight.games.wings_of_war.state import Plane, WowState, plane, put, replace

Node = dict[str, Any]


def hints(state: WowState, seat: Seat) -> dict[str, Any] | None:
    """The contract's ``hints``: while the seat plans, the courses of its own aircraft
    (``{plane: courses}``), else None."""
    if state.step != "plan":
        return None
    found = {p.id: courses(state, p) for p in state.planes if p.seat == seat}
    return {"courses": {k: v for k, v in found.items() if v is not None}}


def courses(state: WowState, p: Plane) -> dict[str, Any] | None:
    """``{same: {card: representative}, reasons: [text], tree: {card: node}}`` for a
    flying aircraft planning in the open, else None. A node, kept short (it is sent
    with every view of the planning seat): the pose at the end of that card (``x``,
    ``y``, ``h`` the heading, ``a`` the altitude with the altitude rules), ``r`` the
    index in ``reasons`` of the rule that refuses the card (then flown as a straight,
    or out of control), ``e`` where the aircraft ends there (``left-table``,
    ``below-floor``, ``crashed``, ``out-of-control``, ``ground``, ``in-clouds``) and
    ``n``, the nodes of the following card; a missing key is nothing to say."""
    if state.step != "plan" or p.status != "flying" or p.in_cloud:
        return None
    data = dataset()
    deck = data.decks[p.deck]
    same: dict[int, int] = {}
    first: dict[tuple[Any, ...], int] = {}
    for n in data.plannable[p.deck, state.options.rules.altitude]:
        c = deck.cards[n - 1]
        same[n] = first.setdefault((c.name, c.kind, c.direction, c.steep, c.x, c.y,
                                    c.heading), n)
    kinds = sorted(set(same.values()))
    straight = next(c.number for c in deck.cards if c.kind == "straight")
    start = replace(p, plan=())
    tree = _children(state, start, (), tuple(p.plan), kinds, straight, None)
    reasons: list[str] = []
    _compact(tree, reasons, state.options.rules.altitude)
    return {"same": {str(n): r for n, r in same.items()}, "reasons": reasons, "tree": tree}


def _compact(nodes: dict[str, Node], reasons: list[str], altitude: bool) -> None:
    for key, node in nodes.items():
        short: Node = {"x": round(node["x"], 1), "y": round(node["y"], 1),
                       "h": node["heading"]}
        if altitude:
            short["a"] = node["altitude"]
        if node["refusal"] is not None:
            if node["refusal"] not in reasons:
                reasons.append(node["refusal"])
            short["r"] = reasons.index(node["refusal"])
        if node["result"] is not None:
            short["e"] = node["result"]
        if "next" in node:
            _compact(node["next"], reasons, altitude)
            short["n"] = node["next"]
        nodes[key] = short


def _children(state: WowState, p: Plane, done: tuple[int, ...], fixed: tuple[int, ...],
              kinds: list[int], straight: int,
              before: tuple[WowState, Plane] | None) -> dict[str, Node]:
    k = len(done) + 1
    choices = [fixed[0]] if fixed else kinds
    out: dict[str, Node] = {}
    for n in choices:
        sequence = (*done, n)
        after, node = _fly(state, p, sequence, straight)
        if before is not None and node["refusal"] is None \
                and state.options.rules.forced_dive \
                and dataset().card(p.deck, done[-1]).kind == "dive":
            # a forced dive is legal only with a straight after it: judged again now
            # that the next card is known (book § PLONGÉE FORCÉE)
            node["refusal"] = _fly(before[0], before[1], sequence, straight,
                                   k - 1)[1]["refusal"]
        if node["result"] is None and k < 3:
            node["next"] = _children(after, plane(after, p.id), sequence, fixed[1:], kinds,
                                     straight, (state, p))
        out[str(n)] = node
    return out


def _fly(state: WowState, p: Plane, sequence: tuple[int, ...], straight: int,
         k: int | None = None) -> tuple[WowState, Node]:
    """Card ``k`` of ``sequence`` (the last by default) flown by ``p`` as the rules fly
    it when revealed (the cards not yet chosen taken for straights: a forced dive
    looks at the next)."""
    data = dataset()
    k = len(sequence) if k is None else k
    p = replace(p, plan=(*sequence, *[straight] * (3 - len(sequence))))
    state = put(state, p)
    events: list[Event] = []
    flown = legal_or_straight(state, p, data.card(p.deck, sequence[k - 1]), k, events)
    refusal = next((str(e.data["reason"]) for e in events if e.kind == "illegal"), None)
    node: Node = {"x": p.pose.x, "y": p.pose.y, "heading": p.pose.heading,
                  "altitude": p.altitude, "flown": None, "refusal": refusal,
                  "result": None}
    if flown is None:
        node["result"] = "out-of-control"
        return state, node
    card, kind, steep = flown
    dx, dy, turn = card_end_pose(card, data.table.base.length)
    pose = geo.moved(p.pose, dx, dy, turn)
    p = replace(p, pose=pose, executed=(*p.executed, kind),
                executed_steep=(*p.executed_steep, steep))
    state = put(state, p)
    node.update(x=pose.x, y=pose.y, heading=pose.heading, flown=kind)
    if not geo.inside(pose, state.area.width, state.area.height):
        node["result"] = "left-table"
        return state, node
    if state.options.rules.altitude:
        state = effect(state, p, kind, events)
        p = plane(state, p.id)
        node["altitude"] = p.altitude
        if any(e.kind == "below-floor" for e in events):
            node["result"] = "below-floor"  # off the table by the floor (§ VOLER PLUS HAUT)
        elif p.status != "flying":
            node["result"] = p.status
        elif p.in_cloud:
            node["result"] = "in-clouds"
    return state, node
