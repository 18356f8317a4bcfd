"""Shared helpers for Les Ailes de la Gloire's tests: a game with aircraft placed where a
test wants them (through the placement decisions), and short-cuts to decide."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dogfight.core import Event, decide, new_rng
from dogfight.games.ailes_de_la_gloire.game import GAME
from dogfight.games.ailes_de_la_gloire.state import AilesState, Plane
from dogfight.kit.grids import from_offset

BOOK = "book: 001_6a970d9ea6ae2da0.txt"


def game(flyers: list[str], **rules: Any) -> AilesState:
    """A new game of these aircraft types (before placement)."""
    return GAME.setup({"flyers": [{"aircraft": a} for a in flyers], "rules": rules},
                      new_rng(11))


def placed(flyers: list[str], places: list[tuple[int, int, int, str]],
           **rules: Any) -> tuple[AilesState, list[Event]]:
    """A game whose aircraft are placed legally (behind their start lines), then moved
    by hand to ``places`` ([column, row], facing, altitude), tailing settled anew: turn 1
    begins with its tailing phase."""
    state = game(flyers, **rules)
    events: list[Event] = []
    for step_of in ({"row": 0}, {"facing": 0}, {"altitude": "TB"}):
        for plane in state.planes:
            decision = dict(step_of)
            if "row" in decision:
                decision["column"] = 0 if plane.side == "allied" else 19
            step = decide(GAME, state, plane.seat, decision)
            state = step.state
            events.extend(step.events)
    planes = tuple(replace(p, cell=from_offset(c, r), facing=f, level=lv, combat_turns=0)
                   for p, (c, r, f, lv) in zip(state.planes, places, strict=True))
    return replace(state, planes=planes, prompts=(), turn=0, phase="set-up", tails=(),
                   codes=state.codes.__class__(), orders=state.orders.__class__()), events


def put(state: AilesState, seat: str, **changes: Any) -> AilesState:
    """The state with an aircraft's fields changed."""
    return state.with_plane(replace(state.plane(seat), **changes))


def at(state: AilesState, seat: str) -> Plane:
    return state.plane(seat)
