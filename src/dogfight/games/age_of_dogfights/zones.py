"""The board and its zones: the book's sections PLATEAU et EXTENSIONS, REGLES GENERALES,
MISE EN PLACE and the end of UN TOUR (aircraft brought up from patrol), with R7 and R12.

The board is the kit's :class:`TriangleGrid` (pieces laid East to West; derived sizes in
``board.toml``). The allies take the western short side, the Germans the eastern one; each
side's two extensions hold its patrol zone and eight access points just off its edge.
One decision kind, :class:`Access`: put an aircraft from patrol on an access point, at a
level of the player's choice (at the set-up: four each; after a turn: one or two).

Before it, when the target zones are placed by agreement (MARQUEURS DE ZONE CIBLE: "at
agreed or given positions"; RECONNAISSANCE: "3 + 3 target zones, each player's on the
side opposite his start, symmetrically"), :class:`Proposing` and :class:`Agreeing`: one
player places the allies' three zones A, B, C one by one (or proposes the given ones at
once), the Germans' are their mirror; the other agrees or proposes back; the third
proposal stands (derived: the book says only "by agreement").
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights import reconnaissance
from dogfight.games.age_of_dogfights.data import AgeData, AircraftType, dataset
from dogfight.games.age_of_dogfights.state import SEATS, AgeOptions, AgeState, Aircraft, Phase
from dogfight.kit.grids import Cell, TriangleGrid, from_offset
from dogfight.kit.prompts import Frame, PromptKind, pop, replace_top, top

BOOK = "book: 003_24ea110dc1b5a4d6.txt § "


def grid_of(data: AgeData, pieces: int) -> TriangleGrid:
    """The board of ``pieces`` pieces laid East to West."""
    return _grid(data.board.piece_columns * pieces, data.board.piece_rows)


@functools.cache
def _grid(width: int, height: int) -> TriangleGrid:
    """A grid is a value: one made per size (making one takes longer than a step)."""
    return TriangleGrid(width, height)


def board(state: AgeState) -> TriangleGrid:
    return grid_of(dataset(), state.options.pieces)


def access_points(grid: TriangleGrid, seat: Seat, data: AgeData,
                  sides: str = "short") -> tuple[tuple[Cell, int], ...]:
    """A side's access points (point, facing into the board): along its two extensions,
    just off its edge (PLATEAU et EXTENSIONS; positions derived). On the short sides the
    allies hold the West, facing East, the Germans the East, facing West; on the long
    sides (MISE EN PLACE: "les côtés longs") the allies the South, facing North-East, the
    Germans the North, facing South-West (derived: the grid has no line running North to
    South, R28; as in "Volez haut", the Germans in the North)."""
    count = data.board.extensions_per_side * data.board.access_points_per_extension
    height, width = grid.height or 1, grid.width or 1
    if sides == "long":
        columns = [min(width - 1, int((i + 0.5) * width / count)) for i in range(count)]
        if seat == SEATS[0]:
            return tuple((from_offset(column, height), 5) for column in columns)
        return tuple((from_offset(column, -1), 2) for column in columns)
    rows = [min(height - 1, int((i + 0.5) * height / count)) for i in range(count)]
    if seat == SEATS[0]:
        return tuple((from_offset(-1, row), 0) for row in rows)
    return tuple((from_offset(width, row), 3) for row in rows)


def find(state: AgeState, ident: str) -> Aircraft:
    """The aircraft ``nation-number`` (the caller knows it exists)."""
    nation, _, number = ident.rpartition("-")
    n = int(number)
    return next(a for a in state.aircraft if a.number == n and a.nation == nation)


def put(state: AgeState, aircraft: Aircraft) -> AgeState:
    """``state`` with ``aircraft`` replacing the one of the same id."""
    return replace(state, aircraft=tuple(aircraft if a.id == aircraft.id else a
                                         for a in state.aircraft))


def others(state: AgeState, ident: str) -> tuple[Aircraft, ...]:
    """Every other aircraft in the combat zone."""
    nation, _, number = ident.rpartition("-")  # (an id is ``nation-number``)
    n = int(number)
    return tuple(a for a in state.aircraft
                 if a.where == "zone" and (a.number != n or a.nation != nation))


def in_play(state: AgeState, seat: Seat) -> tuple[Aircraft, ...]:
    """A side's aircraft in the zone or on access points."""
    return tuple(a for a in state.aircraft if a.seat == seat and a.where in ("zone", "access"))


#: The level of the single-altitude variant (NOTES; derived: the middle one).
SINGLE_LEVEL = 3


def flying_type(state: AgeState, aircraft: Aircraft) -> AircraftType:
    """The aircraft's type as it flies in this game: without its special characteristics
    in the simplified variant (NOTES); a bomber one faster once its bombs are dropped, a
    disarmed reconnaissance aircraft one faster (MODES DE JEU)."""
    kind = dataset().aircraft[aircraft.kind]
    if state.options.rules.plain:
        kind = replace(kind, fast_climb=False, slow_descent=False, gyro=0)
    if kind.role == "bomber" and aircraft.drops and not aircraft.bombs:
        kind = replace(kind, speed=kind.speed + 1)  # MODES DE JEU: its bombs dropped
    if aircraft.id in state.options.disarmed:
        kind = replace(kind, speed=kind.speed + 1)  # MODES DE JEU: lighter unarmed
    return kind


def fighting(state: AgeState, seat: Seat) -> int:
    """A side's aircraft counted against the limit of six in the zone (REGLES GENERALES;
    those on access points count: they must enter); in the reconnaissance mode only the
    fighters count (MODES DE JEU)."""
    return sum(not reconnaissance.outside_limit(state, a) for a in in_play(state, seat))


class Bring(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"aircraft": "germany-4", "point": 0, "level": 3}``: put it on an access point."""

    aircraft: str
    point: int
    level: int


class Stop(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"done": true}``: bring up no more aircraft this turn."""

    done: bool


class Access(PromptKind[AgeState, Bring | Stop]):
    """An aircraft goes from patrol to an access point, on a stand of the player's choice
    (MISE EN PLACE: four at the start; UN TOUR: one or two after a turn)."""

    kind = "access"
    decision = (Bring, Stop)
    rule = BOOK + "MISE EN PLACE"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Bring | Stop]:
        data = dataset()
        out: list[Bring | Stop] = []
        need = reconnaissance.needs_task(state, seat)
        room = fighting(state, seat) < state.options.max_fighters
        if room or reconnaissance.task_mode(state):
            taken = {a.point for a in state.aircraft if a.where == "access"}
            points = [i for i, (p, _) in enumerate(access_points(board(state), seat, data,
                                                                   state.options.sides))
                      if (p.q, p.r) not in taken]
            for a in state.aircraft:
                if (need and not reconnaissance.is_task(state, a)) or (
                        not room and not reconnaissance.outside_limit(state, a)):
                    continue
                if a.seat == seat and a.where == "patrol":
                    levels = ([SINGLE_LEVEL] if state.options.rules.single_level
                              else range(1, data.rules.movement.levels + 1))
                    out.extend(Bring(a.id, i, level) for i in points for level in levels)
        if not (frame.data.get("required") or need) or not out:
            out.append(Stop(True))
        return out

    def refusal(self, state: AgeState, frame: Frame, seat: Seat,
                decision: Bring | Stop) -> str | None:
        if decision in self.legal(state, frame, seat):
            return None
        if isinstance(decision, Stop):
            return ("a player with no aircraft in the combat zone must bring one up "
                    "(REGLES GENERALES, R7)" if decision.done else "say {\"done\": true}")
        return ("not an aircraft of yours in patrol, a free access point and a level 1-5, "
                "within the limit of fighters in the zone")

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Bring | Stop,
              events: list[Event]) -> AgeState:
        state = pop(state)
        if isinstance(decision, Stop):
            return replace(state, reinforced=-1)
        point, facing = access_points(board(state), seat, dataset(),
                                      state.options.sides)[decision.point]
        aircraft = replace(find(state, decision.aircraft), where="access",
                           point=(point.q, point.r), facing=facing, level=decision.level,
                           tilt="level")
        events.append(Event("to-access", {"aircraft": aircraft.id, "level": decision.level}))
        return replace(put(state, aircraft), reinforced=state.reinforced + 1)


def ask_access(state: AgeState, seat: Seat, *, required: bool) -> AgeState:
    """Ask ``seat`` to bring an aircraft up (``required``: R7, or the set-up's four)."""
    text = "Put an aircraft on an access point" + ("" if required else ", or stop")
    return replace(state, prompts=(Frame("access", (seat,), text, {"required": required}),))


# -- the target zones, by agreement (MARQUEURS DE ZONE CIBLE, RECONNAISSANCE) -------------------
#: The modes whose aircraft photograph or bomb target zones.
ZONE_MODES = ("reconnaissance", "bombing", "combined")


def agreeing_zones(options: AgeOptions) -> bool:
    """Whether the set-up begins with the target zones placed by agreement."""
    return options.target_zones == "agreed" and options.mode in ZONE_MODES


class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"zone": "A", "column": 29, "row": 3}``: the allies' zone A with its top-left
    point there (the Germans' is its mirror)."""

    zone: str
    column: int
    row: int


class Given(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"given": true}``: propose the given positions, all three zones at once."""

    given: bool


class Agree(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"agree": true}``: the zones proposed stand; ``{"agree": false}``: propose
    others."""

    agree: bool


def zone_corners(state: AgeState) -> tuple[tuple[int, int], ...]:
    """Where the allies' zone may have its top-left point ``[column, row]``: within the
    German half (the East on the short sides, the North on the long ones), clear of the
    border zone (R8), so that its mirror is clear of it in the allied half."""
    data = dataset()
    grid, zone, band = board(state), data.target_zone, data.board.border
    width, height = grid.width or 0, grid.height or 0
    if state.options.sides == "long":
        columns = range(band, width - band - zone.columns + 1)
        rows = range(band, height // 2 - zone.rows + 1)
    else:
        columns = range((width + 1) // 2, width - band - zone.columns + 1)
        rows = range(band, height - band - zone.rows + 1)
    return tuple((c, r) for c in columns for r in rows)


def _draft(frame: Frame) -> tuple[tuple[int, int], ...]:
    return tuple((int(c), int(r)) for c, r in frame.data.get("draft", ()))


class Proposing(PromptKind[AgeState, Place | Given]):
    """The proposer places the next zone (A, then B, then C) clear of those placed, or,
    before the first, proposes the given positions; then the other player answers."""

    kind = "target-zones"
    decision = (Place, Given)
    rule = BOOK + "MARQUEURS DE ZONE CIBLE"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Place | Given]:
        data = dataset()
        draft = _draft(frame)
        taken = frozenset().union(*(reconnaissance.zone_cells(data, c) for c in draft))
        letter = reconnaissance.LETTERS[len(draft)]
        out: list[Place | Given] = [Given(True)] if not draft else []
        out.extend(Place(letter, c, r) for c, r in zone_corners(state)
                   if not reconnaissance.zone_cells(data, (c, r)) & taken)
        return out

    def refusal(self, state: AgeState, frame: Frame, seat: Seat,
                decision: Place | Given) -> str | None:
        if decision in self.legal(state, frame, seat):
            return None
        if isinstance(decision, Given):
            return ("the given positions are proposed all at once, before any zone is "
                    "placed, as {\"given\": true}")
        letter = reconnaissance.LETTERS[len(_draft(frame))]
        return (f"place zone {letter} next, in the other player's half, clear of the "
                "border zone and of the zones placed")

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Place | Given,
              events: list[Event]) -> AgeState:
        data = dataset()
        if isinstance(decision, Given):
            draft = reconnaissance.given_corners(data, board(state), state.options.sides)
        else:
            draft = (*_draft(frame), (decision.column, decision.row))
            events.append(Event("zone-placed", {"seat": seat, "zone": decision.zone,
                                                "column": decision.column,
                                                "row": decision.row}))
        data_out = {**frame.data, "draft": [list(c) for c in draft]}
        if len(draft) < data.target_zone.per_side:
            return replace_top(state, replace(frame, data=data_out))
        events.append(Event("zones-proposed", {"seat": seat, "given": isinstance(
            decision, Given), "zones": [list(c) for c in draft]}))
        answer = SEATS[1 - SEATS.index(seat)]
        return replace_top(state, Frame("target-answer", (answer,),
                                        "Agree to these target zones, or propose others",
                                        data_out))


class Agreeing(PromptKind[AgeState, Agree]):
    """The other player agrees to the zones proposed, or proposes others (not after the
    last proposal allowed: it stands)."""

    kind = "target-answer"
    decision = Agree
    rule = BOOK + "MARQUEURS DE ZONE CIBLE"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Agree]:
        more = int(frame.data.get("proposal", 1)) < dataset().target_zone.proposals
        return [Agree(True), Agree(False)] if more else [Agree(True)]

    def refusal(self, state: AgeState, frame: Frame, seat: Seat,
                decision: Agree) -> str | None:
        if decision in self.legal(state, frame, seat):
            return None
        return "the last proposal allowed stands: agree to it"

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Agree,
              events: list[Event]) -> AgeState:
        if not decision.agree:
            proposal = int(frame.data.get("proposal", 1)) + 1
            return replace_top(state, propose_frame(seat, proposal))
        draft = _draft(frame)
        events.append(Event("zones-agreed", {"seat": seat, "zones": [list(c) for c in draft]}))
        phase: Phase = "pilots" if state.options.rules.hidden_pilots else "place"
        return pop(replace(state, targets=draft, phase=phase))


def draft(state: AgeState) -> tuple[tuple[int, int], ...]:
    """The allies' zones proposed so far while they are placed by agreement."""
    frame = top(state)
    return _draft(frame) if frame is not None and frame.kind in (
        "target-zones", "target-answer") else ()


def draft_view(state: AgeState) -> dict[str, Any] | None:
    """The proposal on the table (open to all): who proposes, the zones placed so far,
    which proposal it is and how many are allowed; None once they are agreed."""
    frame = top(state)
    if state.phase != "targets" or frame is None:
        return None
    proposer = frame.seats[0] if frame.kind == "target-zones" else \
        SEATS[1 - SEATS.index(frame.seats[0])]
    zone = dataset().target_zone
    return {"proposer": proposer, "zones": [list(c) for c in _draft(frame)],
            "answering": frame.kind == "target-answer",
            "proposal": int(frame.data.get("proposal", 1)), "proposals": zone.proposals,
            "size": [zone.columns, zone.rows], "sides": state.options.sides}


def propose_frame(seat: Seat, proposal: int = 1) -> Frame:
    return Frame("target-zones", (seat,), "Place the target zones, or propose the given ones",
                 {"draft": [], "proposal": proposal})
