"""Relative positions between aircraft, and who may target whom.

Book sections: « Positions » (+2 tailing, +1 advantaged, 0 neutral, -1 disadvantaged,
-2 tailed), « Positionnement » (two advantaged at most on a target, one tailer; one
position held at a time), « Actions » (targets at the same altitude), « Ailiers »
(a wingman plays against its leader's enemies), « Bombardiers » (a formation closes
places), « Jouer des Rafales contre des appareils différents ».
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.down_in_flames.aircraft import (
    Stats,
    in_play,
    is_bomber,
    plane,
    replace,
    stats,
)
from dogfight.games.down_in_flames.data import DifData, dataset
from dogfight.games.down_in_flames.state import DifState, Plane

POSITION_NAMES = {2: "tailing", 1: "advantaged", 0: "neutral", -1: "disadvantaged",
                  -2: "tailed"}


def rel(state: DifState, a: str, b: str) -> int:
    """Position of ``a`` relative to ``b`` (+2 tailing ... -2 tailed)."""
    for holder, target, kind in state.positions:
        if holder == a and target == b:
            return kind
        if holder == b and target == a:
            return -kind
    return 0


def set_rel(state: DifState, a: str, b: str, value: int) -> DifState:
    keep = tuple(t for t in state.positions
                 if not ((t[0] == a and t[1] == b) or (t[0] == b and t[1] == a)))
    if value > 0:
        keep += ((a, b, value),)
    elif value < 0:
        keep += ((b, a, -value),)
    return replace(state, positions=keep)


def drop_positions(state: DifState, pid: str) -> DifState:
    """Every position held by or on ``pid`` lost."""
    return replace(state, positions=tuple(t for t in state.positions
                                          if pid not in (t[0], t[1])))


def holding(state: DifState, pid: str) -> list[str]:
    """Planes ``pid`` holds advantage or tail on (at most one, book § Positionnement)."""
    return [t for h, t, _ in state.positions if h == pid]


def slot_free(state: DifState, actor: str, target: str, value: int) -> bool:
    """Book § Positionnement: two advantaged at most on a target, one tailer; a
    bomber's formation may close a place (book § Bombardiers)."""
    if value <= 0:
        return True
    others = [(h, k) for h, t, k in state.positions if t == target and h != actor]
    if value == 1 and sum(1 for _, k in others if k == 1) >= 2:
        return False
    if value == 2 and any(k == 2 for _, k in others):
        return False
    tp = plane(state, target)
    if is_bomber(tp):
        mates = {(q.row, q.col) for q in state.planes if is_bomber(q)
                 and in_play(q) and q.altitude == tp.altitude and q.id != tp.id}
        if value == 2 and (tp.row + 1, tp.col) in mates:
            return False
        if value == 1 and {(tp.row, tp.col - 1), (tp.row, tp.col + 1)} <= mates:
            return False
    return True


def targetable(state: DifState, p: Plane, q: Plane) -> bool:
    """An enemy at the same altitude (book § Actions), not Late in turn 1."""
    if q.side == p.side or not in_play(q) or q.altitude != p.altitude:
        return False
    return not (q.late and state.turn == 1)


def free_to_target(state: DifState, p: Plane, q: Plane) -> bool:
    """Holding a position on an enemy, a fighter abandons it before targeting
    another (book § Positionnement); a wingman plays only against the enemies
    engaged with its leader (book § Ailiers); a bomber needs choosing."""
    held = holding(state, p.id)
    if held and held != [q.id]:
        return False
    if state.options.rules.wingmen and p.leader:
        leader = plane(state, p.leader)
        engaged = {t for h, t, _ in state.positions if h == leader.id} | {
            h for h, t, _ in state.positions if t == leader.id}
        if in_play(leader) and engaged and q.id not in engaged:
            return False
    if is_bomber(q):
        return p.selected == q.id
    return True


def cap(state: DifState, p: Plane, position: int) -> int:
    """Bursts usable this turn at ``position`` on the target: inherent, plus the
    position's (one advantaged, three tailing), counted once a turn across targets
    (book § Positions, § Jouer des Rafales contre des appareils différents)."""
    data = dataset()
    return bursts_at(stats(state, p, data), position, data)


def bursts_at(s: Stats, position: int, data: DifData) -> int:
    """Bursts of an aircraft of figures ``s`` at ``position`` on its target
    (``data/rules.toml``, positions)."""
    return s.bursts + data.position_bursts[max(0, position)]


def abandon(state: DifState, pid: str, target: str, events: list[Event]) -> DifState:
    """Book § Actions: a fighter may drop its advantage or tail to neutral."""
    state = set_rel(state, pid, target, 0)
    events.append(Event("abandoned", {"plane": pid, "target": target}))
    return state


def take_position(state: DifState, actor: str, target: str, new: int,
                  events: list[Event]) -> DifState:
    """``actor`` is now ``new`` on ``target`` if the place is free; taking one drops
    any other position it held (book § Positionnement: one at a time)."""
    r = rel(state, actor, target)
    if new != r and slot_free(state, actor, target, new):
        if new > 0:
            for held in holding(state, actor):
                if held != target:
                    state = set_rel(state, actor, held, 0)
        state = set_rel(state, actor, target, new)
        events.append(Event("position", {"plane": actor, "target": target,
                                         "position": POSITION_NAMES[new]}))
    return state
