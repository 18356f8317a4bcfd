"""What each seat sees of a Down In Flames game (its own hands and secret choices;
of the others, what the table shows)."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from dogfight.core import Seat
from dogfight.games.down_in_flames.aircraft import Stats, find, stats
from dogfight.games.down_in_flames.data import DifData
from dogfight.games.down_in_flames.positions import POSITION_NAMES
from dogfight.games.down_in_flames.state import ALTITUDES, DifState, Plane, Rules
from dogfight.games.down_in_flames.victory import vp
from dogfight.kit.prompts import Frame

NO_CARD: tuple[str, str, tuple[str, ...]] = ("", "", ())


@functools.lru_cache(maxsize=64)
def rules_json(rules: Rules) -> dict[str, bool]:
    out: dict[str, bool] = msgspec.to_builtins(rules)
    return out


@functools.lru_cache(maxsize=4096)
def stats_json(s: Stats, specials: tuple[str, ...]) -> dict[str, Any]:
    return {"speed": s.speed, "performance": s.performance,
            "horsepower": [s.pre, s.post], "bursts": s.bursts, "firepower": s.firepower,
            "airframe": list(s.airframe), "gunner": s.gunner, "agile": s.agile,
            "specials": list(specials)}


@functools.lru_cache(maxsize=8192)
def plane_view(p: Plane, secrets: bool, s: Stats | None,
               card: tuple[str, str, tuple[str, ...]]) -> dict[str, Any]:
    """One aircraft as a seat sees it (its hand only with ``secrets``; its figures
    ``s`` and ``card``, its name, nation and specials, once revealed). Views are
    read-only: this dict is shared by every view of an unchanged plane."""
    entry: dict[str, Any] = {
        "id": p.id, "seat": p.seat, "side": p.side,
        "bomber": p.bomber, "loaded": p.loaded,
        "down": p.down, "gone": p.gone, "acted": p.acted,
        "hand_count": len(p.hand), "turret_count": len(p.turret_hand),
        "damage": p.damage, "evasive": p.evasive, "extra_hits": p.extra_hits,
        "spent": p.spent, "aces": p.aces, "leader": p.leader,
        "row": p.row, "col": p.col, "selected": p.selected, "late": p.late,
        "pattern": p.pattern, "hits_dealt": p.hits_dealt,
    }
    if s is not None:
        entry["aircraft"] = p.aircraft
        entry["name"], entry["nation"], specials = card
        entry["pilot"] = p.pilot
        entry["damaged"] = p.damage >= s.airframe[0]
        entry["stats"] = stats_json(s, specials)
    if p.altitude >= 0:
        entry["altitude"] = ALTITUDES[p.altitude]
    if secrets:
        entry["hand"] = list(p.hand)
        entry["turret_hand"] = list(p.turret_hand)
    return entry


def waiting(state: DifState) -> tuple[Frame | None, Frame | None]:
    """The next follow and the Evasive asked (the topmost of their kind on the stack)."""
    follow = evasive = None
    for f in state.prompts:
        if f.kind == "follow":
            follow = f
        elif f.kind == "evasive":
            evasive = f
    return follow, evasive


def view(state: DifState, viewer: Seat | None, data: DifData) -> Any:
    """What ``viewer`` (``None``: a spectator) sees; ``data``: the game's dataset."""
    phase = state.phase
    over = phase == "over"
    # while fighters are chosen, a chosen one shows once all are (bombers at once)
    hidden = phase == "choose" and not all(p.aircraft for p in state.planes)
    faces = data.faces
    planes = []
    for p in state.planes:
        if p.aircraft and not (hidden and not p.bomber and not p.loaded):
            planes.append(plane_view(p, over or viewer == p.seat, stats(state, p, data),
                                     faces[p.aircraft]))
        else:
            planes.append(plane_view(p, over or viewer == p.seat, None, NO_CARD))
    sealed: dict[str, Any] = {}
    for pid, order in state.sealed.orders:
        owner = find(state, pid)
        seat = owner.seat if owner else pid
        sealed[pid] = order if viewer == seat else True
    c = state.chain
    follow, evasive = waiting(state)
    out: dict[str, Any] = {
        "turn": state.turn, "turns": state.turns, "phase": state.phase,
        "active": state.active, "first_side": state.first_side,
        "planes": planes,
        "positions": [{"holder": h, "target": t,
                       "position": POSITION_NAMES[k]} for h, t, k in state.positions],
        "deck": len(state.deck), "discard": list(state.deck.discards[-12:]),
        "discard_count": len(state.deck.discards),
        "sealed": sealed,
        "speed": {"target": state.speed_target, "points": state.speed_points},
        "chain": None if c is None else {
            "kind": c.kind, "actor": c.actor, "target": c.target, "steps": c.steps,
            "hits": c.hits, "responder": c.responder,
            "plays": [list(x) for x in c.plays], "last": c.last},
        "follow": [dict(follow.data)] if follow is not None else [],
        "evasive": None if evasive is None else {"plane": evasive.data["plane"],
                                                 "hits": evasive.data["hits"]},
        "vp": vp(state, data), "rules": rules_json(state.options.rules),
        "mode": state.options.mode, "result": state.result,
    }
    m = state.mission
    if m is not None:
        mv = {"campaign": m.campaign, "target": m.target, "attacker": m.attacker,
              "defender": m.defender, "damaged": m.damaged, "destroyed": m.destroyed,
              "flak": m.flak, "status": m.status, "bombs": m.bombs,
              "options": [{"side": s, "option": n, "choice": ch} for s, n, ch in m.options]}
        if m.flak_pattern and (viewer == m.defender or m.status or over):
            mv["flak_pattern"] = m.flak_pattern
        mv["flak_chosen"] = bool(m.flak_pattern)
        out["mission"] = mv
    return out
