"""LE SECRET § Vol en Formation: with the option (both sides agree at the start), the
first aircraft of each side is its squadron leader (chef d'escadrille). In each maneuver
phase the pilots in their leader's hex with his facing fly in his formation: they write
after him, having been shown his maneuver (to them alone), and may copy it or write
another, which takes them out of the formation for the turn; one whose aircraft cannot
fly it leaves the formation (his legal maneuvers simply lack it).

Large games (``formation_leaders``): each side also designates that many formation
leaders (the same number a side, the book says), its next aircraft in the options'
order, and each formation has one or two pilots besides its leader. The book does not
say who flies with whom; ours: the other aircraft of a side are dealt to its leaders in
turn (the squadron leader first), once, at the start.
"""

from __future__ import annotations

from dogfight.core import InvalidOptions, Seat
from dogfight.games.ailes_de_la_gloire.state import AilesOptions, AilesState, Plane

RULE = "book: 001_6a970d9ea6ae2da0.txt § Vol en Formation"
SIDES = ("allied", "german")


def _heads(options: AilesOptions) -> int:
    """How many leaders a side has: its squadron leader and its formation leaders."""
    return 1 + options.rules.formation_leaders if options.rules.formation else 0


def check(options: AilesOptions, planes: tuple[Plane, ...] | list[Plane]) -> None:
    """Formation leaders need the option, and on each side one or two pilots for each
    formation besides its leader."""
    extra = options.rules.formation_leaders
    if extra < 0 or (extra and not options.rules.formation):
        raise InvalidOptions(f"formation leaders are a number, with formation flying on "
                             f"({RULE})")
    if not extra:
        return
    for side in SIDES:
        count = sum(1 for p in planes if p.side == side)
        heads = 1 + extra
        if not 2 * heads <= count <= 3 * heads:
            raise InvalidOptions(
                f"{heads} formations need {2 * heads} to {3 * heads} {side} aircraft, one "
                f"or two pilots each besides its leader, not {count} ({RULE})")


def leaders(state: AilesState) -> tuple[Seat, ...]:
    """The squadron leaders, then the formation leaders, side by side (none without the
    option)."""
    heads = _heads(state.options)
    out: list[Seat] = []
    for side in SIDES:
        out += [p.seat for p in state.planes if p.side == side][:heads]
    return tuple(out)


def formation_of(state: AilesState, seat: Seat) -> Seat | None:
    """The leader of the formation ``seat`` belongs to (None: a leader, or no option)."""
    heads = _heads(state.options)
    me = state.plane(seat)
    own = [p.seat for p in state.planes if p.side == me.side]
    if not heads or seat in own[:heads]:
        return None
    return own[(own.index(seat) - heads) % heads]


def leader_of(state: AilesState, seat: Seat) -> Seat | None:
    """The leader whose formation ``seat`` may fly in this turn: his own leader, in the
    same hex with the same facing, both flying and not spinning."""
    leader = formation_of(state, seat)
    if leader is None:
        return None
    me, chief = state.plane(seat), state.plane(leader)
    if me.flying and chief.flying and not me.spinning and not chief.spinning and \
            me.cell is not None and chief.cell == me.cell and chief.facing == me.facing:
        return leader
    return None
