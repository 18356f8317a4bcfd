"""Age of Dogfights' options and state: immutable msgspec structs (a change is a
``replace``). Pure data: the chapters' modules hold the rules over it."""

from __future__ import annotations

from typing import Literal

import msgspec

from dogfight.core import Seat

SEATS: tuple[Seat, Seat] = ("first", "second")

Where = Literal["patrol", "access", "zone", "left", "down"]
"""Where an aircraft is: in its patrol zone, on an access point, in the combat zone, out
of it for good (withdrawn or through), or shot down (PLATEAU et EXTENSIONS, REGLES
GENERALES)."""

Tilt = Literal["level", "up", "down"]
"""Level flight, "montée annoncée" or "descente annoncée" (CHANGEMENT d'ALTITUDE)."""

Pilot = Literal["average", "ace", "rookie"]
"""The pilot's skill (PILOTES): a secret of its owner until it fires, when hidden."""


class Aircraft(msgspec.Struct, frozen=True):
    """One piece and its control panel's line."""

    nation: str
    number: int
    kind: str
    """The aircraft type's id in ``aircraft.toml``."""
    seat: Seat
    where: Where = "patrol"
    point: tuple[int, int] | None = None
    """Axial ``(q, r)`` of the kit's triangle grid, in the zone or on an access point."""
    facing: int = 0
    level: int = 1
    tilt: Tilt = "level"
    damage: tuple[str, ...] = ()
    """The damage markers (wings, tail, guns, engine): two shoot it down."""
    bursts: tuple[int, int, int] = (0, 0, 0)
    """Bursts left: front (fixed or nose), tail, ventral (the red cursors)."""
    jammed: tuple[str, ...] = ()
    """Red cursors jammed (front, tail, ventral: the cursor crosswise)."""
    throttle: int = 0
    """Safe full-throttle uses left (the green cursor); -1 once removed."""
    pilot: Pilot = "average"
    kills: int = 0
    border: bool = False
    """It ended its last move in the border zone (LA ZONE EXTERIEURE)."""
    fired: tuple[str, ...] = ()
    """Red cursors (front, tail, ventral) that fired defensively this enemy turn."""

    @property
    def id(self) -> str:
        return f"{self.nation}-{self.number}"
