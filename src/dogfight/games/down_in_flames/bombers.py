"""Bombers: formations, choosing the bomber to attack, turret hands, fighter-bombers.

Book sections: « Bombardiers », « Formations de bombardiers » (adjacent, facing one
way, fixed; the three shapes are derived: the pictured examples are lost), « Choisir
un bombardier à attaquer » (a lone bomber in the rear row is free; else pay a
maneuver point, or let the defender choose), « Tourelles des bombardiers » (the
defence turret plus the support turrets of the bombers beside it), « Chasseurs-
bombardiers » (jettison the bombs at the start of a turn and fly as a fighter).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from dogfight.core import Event, Prompt, Seat
from dogfight.games.down_in_flames.aircraft import (
    R,
    effects,
    enemies,
    in_play,
    is_bomber,
    plane,
    put,
    replace,
    stats,
)
from dogfight.games.down_in_flames.cards import draw
from dogfight.games.down_in_flames.data import dataset
from dogfight.games.down_in_flames.positions import drop_positions, targetable
from dogfight.games.down_in_flames.sequence import end_turn, pre_draw
from dogfight.games.down_in_flames.state import ALTITUDES, FORMATIONS, DifState, Plane
from dogfight.kit.prompts import Frame, PromptKind, pop, push


def cell(shape: str, i: int) -> tuple[int, int]:
    """The (row, col) of the ``i``-th bomber of a formation (row 0 is the front):
    column, one behind the other; line, side by side; box, two abreast."""
    if shape == "column":
        return i, 0
    if shape == "line":
        return 0, i
    return i // 2, i % 2


def bombers_at(state: DifState, p: Plane) -> list[Plane]:
    return [q for q in enemies(state, p) if is_bomber(q) and targetable(state, p, q)]


def free_bomber(state: DifState, p: Plane, group: list[Plane] | None = None) -> str:
    """Book § Choisir un bombardier: a lone bomber in the rear row is chosen freely
    (``group``: :func:`bombers_at`, when the caller holds it already)."""
    if group is None:
        group = bombers_at(state, p)
    if not group:
        return ""
    back = max(q.row for q in group)
    rear = [q for q in group if q.row == back]
    return rear[0].id if len(rear) == 1 else ""


def turret(state: DifState, b: Plane) -> tuple[int, int]:
    """(defence, support); a fighter-bomber uses its horsepower (book §
    Chasseurs-bombardiers); campaign options Defense and Support change them."""
    a = dataset().aircraft[b.aircraft]
    if b.bomber:
        hurt = b.damage >= a.airframe[0]
        defense, support = a.damaged.turrets if hurt else a.turrets
    else:
        s = stats(state, b)
        defense, support = s.pre, s.post
    for side, eff, _ch in effects(state):
        sign = 1 if side == b.side else -1
        if eff.kind == "defense":
            defense += sign * eff.value
        elif eff.kind == "support":
            support += sign * eff.value
    return max(0, defense), max(0, support)


def draw_turret(state: DifState, bid: str, events: list[Event]) -> DifState:
    """Book § Tourelles des bombardiers: defence turret plus the support turrets of
    the bombers beside it, drawn the first time a fighter goes for it."""
    b = plane(state, bid)
    if b.turret_drawn:
        return state
    n = turret(state, b)[0]
    for q in state.planes:
        if (q.id != b.id and is_bomber(q) and in_play(q)
                and q.altitude == b.altitude and abs(q.row - b.row) + abs(q.col - b.col) == 1):
            n += turret(state, q)[1]
    state = put(state, replace(b, turret_drawn=True))
    events.append(Event("turret-hand", {"bomber": bid, "cards": n}))
    return draw(state, bid, n, events, cap=False, turret=True)


def select(state: DifState, pid: str, bomber: str, paid: str, events: list[Event]) -> DifState:
    """``pid`` goes for ``bomber`` this turn (``paid``: how, for the log)."""
    state = put(state, replace(plane(state, pid), selected=bomber))
    events.append(Event("bomber-selected", {"plane": pid, "bomber": bomber, "paid": paid}))
    return state


def ask_pick(state: DifState, pid: str) -> DifState:
    """The defender chooses which bomber ``pid`` attacks (a ``pick`` prompt)."""
    altitude = plane(state, pid).altitude
    seat = pickable(state, pid, altitude)[0].seat
    return push(state, Frame("pick", (seat,), f"Choose the bomber {pid} attacks",
                             {"plane": pid, "altitude": altitude}))


# -- the defender picks the bomber -------------------------------------------------------------
def pickable(state: DifState, pid: str, altitude: int) -> list[Plane]:
    """The bombers at ``altitude`` the defender may send ``pid`` against."""
    p = plane(state, pid)
    return [q for q in enemies(state, p) if is_bomber(q) and q.altitude == altitude]


class PickBomber(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"bomber": "<plane>"}``"""

    bomber: str


class Pick(PromptKind[DifState, PickBomber]):
    """Book § Choisir un bombardier à attaquer: the defender's choice."""

    kind = "pick"
    decision = PickBomber
    rule = f"{R} § Choisir un bombardier à attaquer"

    def prompt(self, state: DifState, frame: Frame, seat: Seat) -> Prompt:
        return Prompt("pick", frame.text, {"plane": frame.data["plane"]})

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[PickBomber]:
        return [PickBomber(b.id) for b in pickable(state, frame.data["plane"],
                                                   frame.data["altitude"])]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: PickBomber,
              events: list[Event]) -> DifState:
        p = plane(state, frame.data["plane"])
        state = select(pop(state), p.id, decision.bomber, "defender's choice", events)
        if state.phase == "speed":
            q = plane(state, decision.bomber)
            diff = max(0, stats(state, p).speed - stats(state, q).speed)
            state = replace(state, speed_target=q.id, speed_points=diff)
        return state


# -- formations --------------------------------------------------------------------------------
def formation_level(state: DifState) -> int:
    """The lowest altitude with two bombers or more not yet arranged (-1: none)."""
    levels: dict[int, int] = {}
    for p in state.planes:
        if is_bomber(p) and in_play(p):
            levels[p.altitude] = levels.get(p.altitude, 0) + 1
    for level in sorted(levels):
        if levels[level] > 1 and level not in state.formed:
            return level
    return -1


class Shape(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"formation": "column" | "line" | "box"}``"""

    formation: str


class Formation(PromptKind[DifState, Shape]):
    """Book § Formations de bombardiers: the attacker arranges each altitude's bombers."""

    kind = "formation"
    decision = Shape
    rule = f"{R} § Formations de bombardiers"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[Shape]:
        return [Shape(f) for f in FORMATIONS]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: Shape,
              events: list[Event]) -> DifState:
        level = formation_level(state)
        group = [p for p in state.planes if is_bomber(p) and in_play(p)
                 and p.altitude == level]
        for i, p in enumerate(group):
            row, col = cell(decision.formation, i)
            state = put(state, replace(p, row=row, col=col))
        events.append(Event("formation", {"altitude": ALTITUDES[level],
                                          "shape": decision.formation,
                                          "bombers": [p.id for p in group]}))
        state = replace(pop(state), formed=(*state.formed, level))
        if formation_level(state) >= 0:
            return state
        return replace(state, phase="start")


# -- fighter-bombers ---------------------------------------------------------------------------
class Drop(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"jettison": true | false}``"""

    jettison: bool


class Jettison(PromptKind[DifState, Drop]):
    """Book § Chasseurs-bombardiers: at the start of a turn, drop the bombs, leave
    the formation, draw a full hand, fly as a fighter; or keep them (the turn ends)."""

    kind = "jettison"
    decision = Drop
    rule = f"{R} § Chasseurs-bombardiers"

    def legal(self, state: DifState, frame: Frame, seat: Seat) -> Sequence[Drop]:
        return [Drop(True), Drop(False)]

    def apply(self, state: DifState, frame: Frame, seat: Seat, decision: Drop,
              events: list[Event]) -> DifState:
        state = pop(state)
        if not decision.jettison:
            events.append(Event("keeps-bombs", {"plane": state.active}))
            return end_turn(state, events)
        p = plane(state, state.active)
        state = drop_positions(put(state, replace(p, loaded=False, row=0, col=0)), p.id)
        events.append(Event("jettison", {"plane": p.id}))
        p = plane(state, p.id)
        n = stats(state, p).performance
        if state.options.rules.altitude_bonus:
            n += dataset().altitude_rows[p.altitude].bonus
        state = draw(state, p.id, n, events, cap=False)
        return pre_draw(state, events)
