"""1. La Poursuite: La Définition de la Poursuite, Restrictions, Différences d'Altitudes,
Poursuivre dans le même hex., Effets de la Poursuite, Cas Particuliers (chains and
circular chains); with L'ALTITUDE § La Poursuite.

A tails B when B is in A's front arc and A in B's rear arc, within 3 hexes, at the same
or an adjacent level (ruling R16: the arcs are the hexes whose centres lie within ±30° of
the nose or the tail). An aircraft tails one aircraft at a time, friend or foe: when
several are in position its player chooses (the ``tailing`` decision). Smoke or fire
forbids tailing. Not yet: the campaign's novices and skills.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData, read_code
from dogfight.games.ailes_de_la_gloire.formation import leader_of, leaders
from dogfight.games.ailes_de_la_gloire.state import AilesState, Plane
from dogfight.kit.grids import AHEAD, BEHIND, Arc, distance
from dogfight.kit.prompts import Frame, PromptKind, answered, ask

BOOK = "book: 001_6a970d9ea6ae2da0.txt"
RULE = f"{BOOK} § 1. La Poursuite"
REACH = 3


def adjacent_levels(a: Plane, b: Plane) -> bool:
    """Same or adjacent altitude levels (§ Différences d'Altitudes)."""
    return abs(LEVELS.index(a.level) - LEVELS.index(b.level)) <= 1


def speed_of(code: str | None) -> int:
    """The speed of a maneuver flown (a spin is recorded OV2: speed 2; ruling R9)."""
    if code is None:
        return 0
    if code == "OV2":
        return 2
    return read_code(code).speed


def in_position(tailer: Plane, target: Plane, reach: int = REACH) -> bool:
    """§ La Définition de la Poursuite, § Poursuivre dans le même hex.: the geometry and
    the levels (same hex: same facing and a slower maneuver last turn, ruling R7)."""
    if tailer.cell is None or target.cell is None or tailer.seat == target.seat:
        return False
    if not adjacent_levels(tailer, target):
        return False
    if tailer.cell == target.cell:
        return (tailer.facing == target.facing
                and speed_of(tailer.previous) < speed_of(target.previous))
    if distance(tailer.cell, target.cell) > reach:
        return False
    front = Arc.cone({AHEAD}, reach)
    rear = Arc.cone({BEHIND}, reach)
    return (front.holds(tailer.cell, tailer.facing, target.cell)
            and rear.holds(target.cell, target.facing, tailer.cell))


def may_tail(tailer: Plane) -> bool:
    """§ Restrictions: not while burning or smoking; not in a spin (it flies nothing)."""
    return tailer.flying and not (tailer.smoke or tailer.fire or tailer.spinning)


def candidates(state: AilesState, seat: Seat) -> tuple[Seat, ...]:
    """The aircraft ``seat`` could tail now (friends too: § Restrictions). LES PILOTES: a
    novice tails friends only; "Poursuite à Longue Distance" reaches four hexes; a pilot
    with "Poursuite restreinte" is tailed by aces only."""
    me = state.plane(seat)
    if not may_tail(me):
        return ()
    reach = REACH + 1 if "long-range-tailing" in me.skills else REACH
    return tuple(p.seat for p in state.planes if p.flying and in_position(me, p, reach)
                 and not (me.novice and p.side != me.side)
                 and not ("restricted-tailing" in p.skills and not me.ace))


class Tail(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"target": "german-49"}``: the one aircraft to tail this turn."""

    target: Seat


class Tailing(PromptKind[AilesState, Tail]):
    """An aircraft in position to tail several others tails one, chosen by its player
    (§ Restrictions: "un seul peut être poursuivi")."""

    kind = "tailing"
    decision = Tail
    rule = f"{BOOK} § Restrictions"

    def legal(self, state: AilesState, frame: Frame, seat: Seat) -> Sequence[Tail]:
        return [Tail(target) for target in candidates(state, seat)]

    def apply(self, state: AilesState, frame: Frame, seat: Seat, decision: Tail,
              events: list[Event]) -> AilesState:
        events.append(Event("tailing", {"seat": seat, "target": decision.target}))
        state = replace(state, tails=(*state.tails, (seat, decision.target)))
        return answered(state, seat)


def tailing_phase(state: AilesState, events: list[Event]) -> AilesState:
    """Phase 1: every aircraft in position to tail exactly one aircraft tails it; those
    with a choice are asked. Tailing is seen on the table (it is a position)."""
    tails: list[tuple[Seat, Seat]] = []
    choosers: list[Seat] = []
    for plane in state.planes:
        options = candidates(state, plane.seat)
        if len(options) == 1:
            tails.append((plane.seat, options[0]))
            events.append(Event("tailing", {"seat": plane.seat, "target": options[0]}))
        elif options:
            choosers.append(plane.seat)
    state = replace(state, phase="tailing", tails=tuple(tails))
    if choosers:
        return ask(state, Frame("tailing", tuple(choosers), "Choose the aircraft you tail"))
    return state


def tailed_by(state: AilesState, seat: Seat) -> tuple[Seat, ...]:
    """The aircraft tailing ``seat`` this turn."""
    return tuple(t for t, target in state.tails if target == seat)


def target_of(state: AilesState, seat: Seat) -> Seat | None:
    """The aircraft ``seat`` tails this turn, if any."""
    return next((target for t, target in state.tails if t == seat), None)


def writing_order(state: AilesState, ties: Sequence[Seat]) -> list[tuple[Seat, ...]]:
    """§ Effets de la Poursuite, § Cas Particuliers: who writes his maneuver when. An
    aircraft writes once the aircraft it tails has written and shown its direction, so
    the aircraft that tail nobody write first, then down each chain. In a circular chain
    the lowest die reveals first: ``ties`` lists the seats of circular chains in the
    order their dice gave (lowest first); the first of each circle writes with those
    tailing nobody. A pilot in a formation (§ Vol en Formation) also waits for his
    leader; should that close a circle, the leader writes first."""
    flying = [p.seat for p in state.planes if p.flying]
    done: set[Seat] = set()
    rounds: list[tuple[Seat, ...]] = []

    def waits(seat: Seat) -> bool:
        needs = (target_of(state, seat), leader_of(state, seat))
        return any(n is not None and n in flying and n not in done for n in needs)

    while len(done) < len(flying):
        ready = tuple(s for s in flying if s not in done and not waits(s))
        if not ready:  # only circles remain: the lowest die of the first circle writes
            left = [s for s in ties if s not in done] or \
                [s for s in leaders(state) if s in flying and s not in done] or \
                [s for s in flying if s not in done]
            ready = (left[0],)
        rounds.append(ready)
        done.update(ready)
    return rounds


def circles(state: AilesState) -> list[tuple[Seat, ...]]:
    """The circular chains of this turn's tailing (A tails B tails ... tails A)."""
    out: list[tuple[Seat, ...]] = []
    seen: set[Seat] = set()
    for start, _ in state.tails:
        path: list[Seat] = []
        seat: Seat | None = start
        while seat is not None and seat not in path and seat not in seen:
            path.append(seat)
            seat = target_of(state, seat)
        if seat is not None and seat in path:
            circle = tuple(path[path.index(seat):])
            out.append(circle)
        seen.update(path)
    return out


def direction_shown(data: AilesData, code: str, altitude: str) -> dict[str, str]:
    """What a tailed aircraft shows its tailers: the direction token (G, A or D) and the
    altitude token (Monté, Piqué or Stable) (§ Effets de la Poursuite)."""
    direction = "A" if code == "vrille" else read_code(code).direction
    token = {"climb": "Monté", "dive": "Piqué"}.get(altitude, "Stable")
    return {"direction": direction, "altitude": token}
