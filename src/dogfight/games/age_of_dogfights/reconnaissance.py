"""The task modes: the book's sections RECONNAISSANCE and BOMBARDEMENT (with MARQUEUR
PHOTO et BOMBE, MARQUEURS DE ZONE CIBLE, MODES DE JEU, R12, R13, R22).

Each player's three target zones (A, B, C) lie in the other player's half (positions
derived: the picture is missing). Flying over at least two points of a zone at one level
and leaving it, a reconnaissance aircraft takes a photo (at most two zones), a bomb
carrier drops a bomb (one a move). Photos count once brought home by the aircraft's own
side; breakthrough aircraft must leave by the far side. The points of each mode are in
:func:`task_points`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights.data import AgeData, dataset
from dogfight.games.age_of_dogfights.state import SEATS, AgeState, Aircraft
from dogfight.kit.grids import Cell, Side, TriangleGrid, from_offset

LETTERS = ("A", "B", "C")
BOMBING = ("bombing", "breakthrough", "combined")
#: The modes with an asymmetric variant (RECONNAISSANCE; BOMBARDEMENT: both variants).
ASYMMETRIC = ("reconnaissance", "bombing", "breakthrough")
GENERAL = ("france", 13)


def task_mode(state: AgeState) -> bool:
    return state.options.mode != "dogfight"


def role(aircraft: Aircraft) -> str:
    return dataset().aircraft[aircraft.kind].role


def is_scout(aircraft: Aircraft) -> bool:
    return role(aircraft) == "reconnaissance"


def is_general(state: AgeState, aircraft: Aircraft) -> bool:
    """The general's aircraft, the French no. 13 (Interceptez le général)."""
    return (state.options.mode == "general" and aircraft.seat == SEATS[0]
            and (aircraft.nation, aircraft.number) == GENERAL)


def is_task(state: AgeState, aircraft: Aircraft) -> bool:
    """A task aircraft: a reconnaissance aircraft in the reconnaissance mode, a bomb
    carrier in the bombing modes (R22), the general's aircraft in its scenario."""
    if state.options.mode == "general":
        return is_general(state, aircraft)
    if state.options.mode == "reconnaissance":
        return is_scout(aircraft)
    if state.options.mode == "combined" and is_scout(aircraft):
        return True
    return state.options.mode in BOMBING and aircraft.bombs > 0


def outside_limit(state: AgeState, aircraft: Aircraft) -> bool:
    """In a task mode the reconnaissance aircraft and bombers are not counted among the
    six fighters (MODES DE JEU)."""
    return task_mode(state) and role(aircraft) != "fighter"


def order(state: AgeState, aircraft: Aircraft) -> int:
    """The order of movement in a task mode: reconnaissance aircraft then fighters
    (RECONNAISSANCE); bombers, reconnaissance aircraft, fighters (BOMBARDEMENT)."""
    ranks = ({"reconnaissance": 0, "fighter": 1, "bomber": 1}
             if state.options.mode == "reconnaissance"
             else {"bomber": 0, "reconnaissance": 1, "fighter": 2})
    return ranks[role(aircraft)]


def home_side(seat: Seat, sides: str = "short") -> Side:
    """The side a player's aircraft enter by: on the short sides the allies West, the
    Germans East; on the long sides the allies South, the Germans North (MISE EN
    PLACE)."""
    if sides == "long":
        return "south" if seat == SEATS[0] else "north"
    return "west" if seat == SEATS[0] else "east"


def exit_side(state: AgeState, aircraft: Aircraft) -> Side | None:
    """The only side a task aircraft may leave by (R13): its own in the reconnaissance and
    zone-bombing modes, the far one breaking through; None: the fighters' rule."""
    mode = state.options.mode
    if is_general(state, aircraft):  # Interceptez le général: out to the East
        return "east"
    sides = state.options.sides
    if mode in ("reconnaissance", "combined") and is_scout(aircraft):
        return home_side(aircraft.seat, sides)
    if mode in BOMBING and (role(aircraft) == "bomber" or aircraft.bombs > 0):
        if mode == "breakthrough":
            return home_side(SEATS[1 - SEATS.index(aircraft.seat)], sides)
        return home_side(aircraft.seat, sides)
    return None


def given_corners(data: AgeData, grid: TriangleGrid,
                  sides: str = "short") -> tuple[tuple[int, int], ...]:
    """The given positions (MARQUEURS DE ZONE CIBLE: "at agreed or given positions") of
    the first player's zones, A, B, C, as the ``[column, row]`` of each zone's top-left
    point (derived: ``columns`` x ``rows`` points each, in the other player's half, clear
    of the border zone, spread North to South; on the long sides spread West to East)."""
    zone = data.target_zone
    width, height, band = grid.width or 0, grid.height or 0, data.board.border
    if sides == "long":
        top = band + 2
        step = max((width - 2 * band - 2 - zone.columns) // 2, zone.columns)
        return tuple((band + 1 + i * step, top) for i in range(zone.per_side))
    left = width - band - 2 - zone.columns
    step = max((height - 2 * band - 2 - zone.rows) // 2, zone.rows)
    return tuple((left, band + 1 + i * step) for i in range(zone.per_side))


def mirror(data: AgeData, grid: TriangleGrid, corner: tuple[int, int],
           sides: str = "short") -> tuple[int, int]:
    """The other player's zone facing ``corner`` (RECONNAISSANCE: "symmetrically, so that
    both have the same conditions"): mirrored East-West on the short sides, North-South
    on the long ones."""
    zone = data.target_zone
    column, row = corner
    if sides == "long":
        return column, (grid.height or 0) - row - zone.rows
    return (grid.width or 0) - column - zone.columns, row


def zone_cells(data: AgeData, corner: tuple[int, int]) -> frozenset[Cell]:
    """The points of the zone whose top-left point is ``corner`` (``[column, row]``)."""
    zone = data.target_zone
    return block((corner[0], corner[1]), zone.columns, zone.rows)


@lru_cache(maxsize=64)
def block(corner: tuple[int, int], columns: int, rows: int) -> frozenset[Cell]:
    """The points of ``columns`` x ``rows`` whose top-left point is ``corner`` (cached:
    the zones are read at every move over them)."""
    return frozenset(from_offset(corner[0] + c, corner[1] + r)
                     for c in range(columns) for r in range(rows))


def target_zones(data: AgeData, grid: TriangleGrid, seat: Seat, sides: str = "short",
                 corners: Sequence[tuple[int, int]] = ()) -> dict[str, frozenset[Cell]]:
    """The zones ``seat`` photographs or bombs, in the other player's half: the first
    player's at ``corners`` (the agreed positions; none: the given ones), the second's
    mirrored."""
    placed = tuple(corners) or given_corners(data, grid, sides)
    if seat != SEATS[0]:
        placed = tuple(mirror(data, grid, c, sides) for c in placed)
    return {letter: zone_cells(data, corner)
            for letter, corner in zip(LETTERS, placed, strict=False)}


def zones_of(state: AgeState, grid: TriangleGrid, seat: Seat) -> dict[str, frozenset[Cell]]:
    """``seat``'s target zones in this game (agreed at the set-up, or given)."""
    return target_zones(dataset(), grid, seat, state.options.sides, state.targets)


def photograph(state: AgeState, grid: TriangleGrid, aircraft: Aircraft,
               points: Sequence[Cell], levels: Sequence[int],
               events: list[Event]) -> Aircraft:
    """The aircraft flies over ``points`` at ``levels``: over a zone at one level it
    counts the points; leaving the zone after two or more, a reconnaissance aircraft takes
    its photo (at most two zones), a bomb carrier drops a bomb (one a move); a change of
    level over the zone starts the count again."""
    mode = state.options.mode
    photos_task = mode in ("reconnaissance", "combined") and is_scout(aircraft)
    if not photos_task and not (mode == "bombing" and aircraft.bombs > 0) \
            and not (mode == "combined" and aircraft.bombs > 0):
        return aircraft
    zones = zones_of(state, grid, aircraft.seat)
    if mode == "combined" and photos_task:  # R23: only zones already bombed
        bombed = {z for a in state.aircraft if a.seat == aircraft.seat for z in a.drops}
        zones = {letter: cells for letter, cells in zones.items() if letter in bombed}
    over, photos, bombs, drops = aircraft.over, aircraft.photos, aircraft.bombs, aircraft.drops
    dropped = False
    high = state.options.scenario == "fly-high"  # Volez haut: photographs from L5 only
    for point, level in zip(points, levels, strict=True):
        inside = next((letter for letter, cells in zones.items() if point in cells), None)
        if high and level < 5:
            inside = None
        if over is not None and inside != over[0]:
            if over[1] >= 2 and photos_task and over[0] not in photos and len(photos) < 2:
                photos = (*photos, over[0])
                events.append(Event("photographed", {"aircraft": aircraft.id,
                                                     "zone": over[0]}))
            elif over[1] >= 2 and not photos_task and bombs > 0 and not dropped:
                bombs, drops, dropped = bombs - 1, (*drops, over[0]), True
                events.append(Event("bombed", {"aircraft": aircraft.id, "zone": over[0]}))
            over = None
        if inside is not None:
            if over is not None and over[2] == level:
                over = (inside, over[1] + 1, level)
            else:
                over = (inside, 1, level)
    return replace(aircraft, over=over, photos=photos, bombs=bombs, drops=drops)


def task_points(state: AgeState) -> dict[str, float]:
    """The main criterion of the mode: 3 per zone photographed and brought home, +5 for
    all three (RECONNAISSANCE); 5 per bomb dropped, +10 with every zone hit, and 1 per
    enemy bomber destroyed (zone bombing); 5 per bomber and 3 per reconnaissance aircraft
    with a bomb that broke through (BOMBARDEMENT); 1 when the general got through."""
    scoring = dataset().rules.scoring
    mode = state.options.mode
    out = {}
    for seat in SEATS:
        mine = [a for a in state.aircraft if a.seat == seat]
        if mode == "reconnaissance":
            zones = {z for a in mine if a.home for z in a.photos}
            points = scoring.photo * len(zones)
            points += scoring.all_photos_bonus if len(zones) == len(LETTERS) else 0
        elif mode == "combined":  # MODES COMBINES: 5 a bomb, 3 a negative brought home
            points = scoring.bomb * sum(len(a.drops) for a in mine)
            points += scoring.photo * sum(len(a.photos) for a in mine if a.home)
        elif mode == "general":
            points = sum(is_general(state, a) and a.home for a in mine)
        elif mode == "bombing":
            hit = {z for a in mine for z in a.drops}
            points = scoring.bomb * sum(len(a.drops) for a in mine)
            points += scoring.all_bombs_bonus if len(hit) == len(LETTERS) else 0
            points += sum(a.where == "down" and role(a) == "bomber"
                          for a in state.aircraft if a.seat != seat)
        else:
            points = sum(scoring.breakthrough_bomber if role(a) == "bomber"
                         else scoring.breakthrough_scout
                         for a in mine if a.home and role(a) != "fighter")
        out[seat] = float(points)
    return out


def asymmetric_result(state: AgeState) -> tuple[Seat | None, str] | None:
    """The winner of the asymmetric variant (option ``task_side``), and why; None when
    both players have a task.

    RECONNAISSANCE: the task side wins with two or three zones photographed and brought
    home, else the other. BOMBARDEMENT says both variants may be asymmetric but gives no
    result: **derived**, zone bombing as the reconnaissance (two or three zones bombed
    win), the breakthrough as "Attaque au sol" (its book's asymmetric breakthrough: four
    of its six carriers through win, three a draw), that is more than half of the bomb
    carriers through win, exactly half a draw."""
    side = state.options.task_side
    if side is None:
        return None
    other = SEATS[1 - SEATS.index(side)]
    mine = [a for a in state.aircraft if a.seat == side]
    mode = state.options.mode
    if mode in ("reconnaissance", "bombing"):
        done = ({z for a in mine if a.home for z in a.photos} if mode == "reconnaissance"
                else {z for a in mine for z in a.drops})
        verb = "photographed" if mode == "reconnaissance" else "bombed"
        return (side if len(done) >= 2 else other), f"{len(done)} zones {verb}"
    carriers = sum(a.bombs > 0 for a in mine)
    through = sum(a.home and a.bombs > 0 for a in mine)
    if state.options.scenario == "ground-attack":  # Attaque au sol: 4 or more, 3 a draw
        win, draw = through >= 4, through == 3
    else:
        win, draw = 2 * through > carriers, 2 * through == carriers
    reason = f"{through} bomb carriers of {carriers} broke through"
    return (side if win else None if draw else other), reason


def tasks_left(state: AgeState) -> bool:
    """R22: some task aircraft is still in the zone, on an access point or in patrol."""
    return any(is_task(state, a) and a.where in ("zone", "access", "patrol")
               for a in state.aircraft)


def needs_task(state: AgeState, seat: Seat) -> bool:
    """A player must always have a task aircraft in the zone or on an access point (the
    first turn included), while he has one in patrol (RECONNAISSANCE, BOMBARDEMENT)."""
    if not task_mode(state):
        return False
    mine = [a for a in state.aircraft if a.seat == seat and is_task(state, a)]
    return (not any(a.where in ("zone", "access") for a in mine)
            and any(a.where == "patrol" for a in mine))
