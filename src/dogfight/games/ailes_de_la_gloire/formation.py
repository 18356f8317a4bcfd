"""LE SECRET § Vol en Formation: with the option (both sides agree at the start), the
first aircraft of each side is its squadron leader (chef d'escadrille). In each maneuver
phase the pilots in his hex with his facing fly in his formation: they write after him,
having been shown his maneuver (to them alone), and may copy it or write another, which
takes them out of the formation for the turn; one whose aircraft cannot fly it leaves
the formation (his legal maneuvers simply lack it).

Not yet: the extra formation leaders of large games.
"""

from __future__ import annotations

from dogfight.core import Seat
from dogfight.games.ailes_de_la_gloire.state import AilesState


def leaders(state: AilesState) -> tuple[Seat, ...]:
    """The squadron leaders (none without the option)."""
    if not state.options.rules.formation:
        return ()
    out: list[Seat] = []
    for side in ("allied", "german"):
        first = next((p for p in state.planes if p.side == side), None)
        if first is not None:
            out.append(first.seat)
    return tuple(out)


def leader_of(state: AilesState, seat: Seat) -> Seat | None:
    """The leader whose formation ``seat`` may fly in this turn: same side, same hex,
    same facing, both flying and not spinning."""
    me = state.plane(seat)
    if not me.flying or me.spinning or me.cell is None:
        return None
    for leader in leaders(state):
        chief = state.plane(leader)
        if leader != seat and chief.side == me.side and chief.flying and not chief.spinning \
                and chief.cell == me.cell and chief.facing == me.facing:
            return leader
    return None
