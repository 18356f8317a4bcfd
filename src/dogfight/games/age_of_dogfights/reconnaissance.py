"""The reconnaissance mode: the book's section RECONNAISSANCE (with MARQUEUR PHOTO et
BOMBE, MARQUEURS DE ZONE CIBLE, MODES DE JEU, R12, R13, R22).

Each player's three target zones (A, B, C) lie in the other player's half (positions
derived: the picture is missing). A reconnaissance aircraft photographs a zone by flying
over at least two of its points without changing level, the photo marker taken as it
leaves the zone; at most two zones each; it must then leave the combat zone by its own
side. 3 points per zone brought home (the same zone twice counts once), +5 for all three.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from dogfight.core import Event, Seat
from dogfight.games.age_of_dogfights.data import AgeData, dataset
from dogfight.games.age_of_dogfights.state import SEATS, AgeState, Aircraft
from dogfight.kit.grids import Cell, Side, TriangleGrid, from_offset

LETTERS = ("A", "B", "C")


def task_mode(state: AgeState) -> bool:
    return state.options.mode == "reconnaissance"


def is_scout(aircraft: Aircraft) -> bool:
    return dataset().aircraft[aircraft.kind].role == "reconnaissance"


def home_side(seat: Seat) -> Side:
    """The side a player's aircraft enter by (the allies West, the Germans East)."""
    return "west" if seat == SEATS[0] else "east"


def target_zones(data: AgeData, grid: TriangleGrid, seat: Seat) -> dict[str, frozenset[Cell]]:
    """The zones ``seat`` photographs, in the other player's half, symmetrical (derived:
    ``columns`` × ``rows`` points each, clear of the border zone, spread North to
    South)."""
    zone = data.target_zone
    width, height, band = grid.width or 0, grid.height or 0, data.board.border
    first = width - band - 2 - zone.columns if seat == SEATS[0] else band + 2
    step = max((height - 2 * band - 2 - zone.rows) // 2, zone.rows)
    out = {}
    for i, letter in enumerate(LETTERS[:zone.per_side]):
        top = band + 1 + i * step
        out[letter] = frozenset(from_offset(first + c, top + r)
                                for c in range(zone.columns) for r in range(zone.rows))
    return out


def photograph(state: AgeState, grid: TriangleGrid, aircraft: Aircraft,
               points: Sequence[Cell], levels: Sequence[int],
               events: list[Event]) -> Aircraft:
    """The aircraft flies over ``points`` at ``levels``: over a zone at one level it
    counts the points; leaving the zone after two or more, it takes the photo (at most
    two zones); a change of level over the zone starts the count again."""
    if not task_mode(state) or not is_scout(aircraft):
        return aircraft
    zones = target_zones(dataset(), grid, aircraft.seat)
    over = aircraft.over
    photos = aircraft.photos
    for point, level in zip(points, levels, strict=True):
        inside = next((letter for letter, cells in zones.items() if point in cells), None)
        if over is not None and inside != over[0]:
            if over[1] >= 2 and over[0] not in photos and len(photos) < 2:
                photos = (*photos, over[0])
                events.append(Event("photographed", {"aircraft": aircraft.id,
                                                     "zone": over[0]}))
            over = None
        if inside is not None:
            if over is not None and over[2] == level:
                over = (inside, over[1] + 1, level)
            else:
                over = (inside, 1, level)
    return replace(aircraft, over=over, photos=photos)


def photo_points(state: AgeState) -> dict[str, float]:
    """The main criterion: 3 per zone whose photo came home, +5 for all three."""
    scoring = dataset().rules.scoring
    out = {}
    for seat in SEATS:
        zones = {z for a in state.aircraft if a.seat == seat and a.home for z in a.photos}
        out[seat] = float(scoring.photo * len(zones)
                          + (scoring.all_photos_bonus if len(zones) == len(LETTERS) else 0))
    return out


def scouts_left(state: AgeState) -> bool:
    """R22: some reconnaissance aircraft is still in the zone, on an access point or in
    patrol."""
    return any(is_scout(a) and a.where in ("zone", "access", "patrol")
               for a in state.aircraft)


def needs_scout(state: AgeState, seat: Seat) -> bool:
    """RECONNAISSANCE: a player must always have a reconnaissance aircraft in the zone or
    on an access point (the first turn included), while he has one in patrol."""
    if not task_mode(state):
        return False
    mine = [a for a in state.aircraft if a.seat == seat and is_scout(a)]
    return (not any(a.where in ("zone", "access") for a in mine)
            and any(a.where == "patrol" for a in mine))
