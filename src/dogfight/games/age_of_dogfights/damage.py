"""Results of fire: the book's sections ABATTU, ECHEC, DEGAT, TYPES DE DEGATS, MACHINE
GUN JAMMING and GAGNER DE L'EXPERIENCE (with R10): a target shot down or damaged (the
damage die; two damages shoot it down), a gun jammed (ammunition spent anyway) and
unjammed, a pilot's kills (a rookie's first makes him average, three make an ace)."""

from __future__ import annotations

from msgspec.structs import replace

from dogfight.core import Event, Rng, roll
from dogfight.games.age_of_dogfights.data import (
    CURSOR,
    SLOT,
    AgeData,
    AircraftType,
    Result,
    pilot_works,
)
from dogfight.games.age_of_dogfights.state import Aircraft


def spend(shooter: Aircraft, group: str, bursts: int = 1) -> Aircraft:
    """The red cursor moved ``bursts`` slots right (RESUME, TIRS: even on a jam)."""
    left = list(shooter.bursts)
    left[SLOT[group]] = max(left[SLOT[group]] - bursts, 0)
    return replace(shooter, bursts=(left[0], left[1], left[2]))


def jam(shooter: Aircraft, group: str, events: list[Event]) -> Aircraft:
    """The red cursor turned crosswise (MACHINE GUN JAMMING)."""
    events.append(Event("jammed", {"aircraft": shooter.id, "guns": CURSOR[group]}))
    return replace(shooter, jammed=(*shooter.jammed, CURSOR[group]))


def unjam(aircraft: Aircraft, cursor: str, events: list[Event]) -> Aircraft:
    """The cursor turned back upright after an unjamming move (MACHINE GUN JAMMING)."""
    events.append(Event("unjammed", {"aircraft": aircraft.id, "guns": cursor}))
    return replace(aircraft, jammed=tuple(c for c in aircraft.jammed if c != cursor))


def hit(data: AgeData, target: Aircraft, result: Result, rng: Rng,
        events: list[Event]) -> tuple[Aircraft, Rng]:
    """``target`` after a result: destroyed, it is removed (ABATTU); damaged, the damage
    die says what is hit (DEGAT, TYPES DE DEGATS), unless it was already damaged, when
    it is shot down without a roll; a failure or a jam leaves it as it was (ECHEC)."""
    if result == "destroyed" or (result == "damage" and target.damage):
        events.append(Event("shot-down", {"aircraft": target.id}))
        return replace(target, where="down"), rng
    if result != "damage":
        return target, rng
    face, rng = roll(rng, 6)
    part = data.rules.damage_die.faces[face - 1]
    events.append(Event("damaged", {"aircraft": target.id, "part": part}))
    return replace(target, damage=(*target.damage, part)), rng


def credit_kill(data: AgeData, kind: AircraftType, shooter: Aircraft, group: str,
                events: list[Event]) -> Aircraft:
    """A kill by the pilot's own guns (R10): a rookie's first makes him an average pilot;
    three make an ace (GAGNER DE L'EXPERIENCE). A crewman's kill does not count."""
    if not pilot_works(group) or kind.role != "fighter":
        return shooter
    kills = shooter.kills + 1
    pilot = shooter.pilot
    if pilot == "rookie":
        pilot = "average"
        events.append(Event("promoted", {"aircraft": shooter.id, "pilot": "average"}))
    elif pilot == "average" and kills >= data.rules.limits.kills_for_ace:
        pilot = "ace"
        events.append(Event("promoted", {"aircraft": shooter.id, "pilot": "ace"}))
    return replace(shooter, kills=kills, pilot=pilot)
