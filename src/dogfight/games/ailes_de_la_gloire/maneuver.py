"""2. Phase de Manœuvre: Carburant, Manœuvres spéciales (as the errata p. 6 word it),
Manœuvres non-renouvelables, L'Accélération, Altitude (with L'ALTITUDE: Piquer, Monter,
L'Atterrissage), and the "Restrictions aux manœuvres" of Détails importants; with
3. La Consommation de Carburant (what a maneuver costs).

Pure functions over one aircraft's Feuille de Vol. Not yet here: the restrictions set by
other chapters (damage chits, gliding, spins, forced climbs and dives, campaign novices
and skills) and the prompt kind that seals the code.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from dogfight.games.ailes_de_la_gloire.data import LEVELS, AilesData, read_code
from dogfight.games.ailes_de_la_gloire.state import Plane

BOOK = "book: 001_6a970d9ea6ae2da0.txt"

Attitude = Literal["level", "climb", "dive"]


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A maneuver written on the Feuille de Vol: its code and, after it, "Monté" or
    "Piqué" (``climb``, ``dive``) or nothing (``level``)."""

    code: str
    altitude: Attitude = "level"


def consumption(code: str, altitude: Attitude = "level") -> int:
    """Fuel points a maneuver uses: its speed (§ 3. La Consommation de Carburant: 16G3
    uses 3), one more to climb (§ Monter), one less to dive, down to zero (§ Piquer,
    ruling R8)."""
    speed = read_code(code).speed
    if altitude == "climb":
        return speed + 1
    if altitude == "dive":
        return max(0, speed - 1)
    return speed


def special_refusal(previous: str | None, code: str, data: AilesData) -> str | None:
    """§ Manœuvres spéciales (errata p. 6): 27-36 only after a straight (2, 3, 4 or 5),
    or to repeat the same special maneuver when it is not non-repeatable."""
    rules = data.maneuver_rules
    number = read_code(code).number
    if number not in rules.special or previous is None:
        return None
    before = read_code(previous).number
    if before in rules.straights:
        return None
    if before == number and number not in rules.non_repeatable:
        return None
    return (f"the special maneuver {code} needs a straight (2, 3, 4 or 5) last turn, or the "
            f"repeat of a special maneuver that is not non-repeatable (last: {previous}; "
            f"{BOOK} § Manœuvres spéciales)")


def repeat_refusal(previous: str | None, code: str, data: AilesData) -> str | None:
    """§ Manœuvres non-renouvelables: none of 1, 28, 31, 36 after any of them."""
    rules = data.maneuver_rules
    if previous is None:
        return None
    if read_code(code).number in rules.non_repeatable and \
            read_code(previous).number in rules.non_repeatable:
        return (f"{code} cannot follow {previous}: 1, 28, 31 and 36 are not renewable "
                f"({BOOK} § Manœuvres non-renouvelables)")
    return None


def acceleration_refusal(previous: str | None, code: str) -> str | None:
    """§ L'Accélération: the speed differs by at most one from last turn's."""
    if previous is None:
        return None
    before, now = read_code(previous).speed, read_code(code).speed
    if abs(now - before) > 1:
        return (f"speed {now} after speed {before}: the speed may change by one at most "
                f"({BOOK} § L'Accélération)")
    return None


def altitude_refusal(plane: Plane, choice: Choice, data: AilesData) -> str | None:
    """§ Monter: only after an A maneuver of speed 2 or more, and below the maximum
    speed; § L'Atterrissage: at TB a dive is a landing, on an A maneuver only. A climb
    beyond the ceiling is allowed: the aircraft stalls (§ Décrochage (Stall))."""
    code = read_code(choice.code)
    if choice.altitude == "climb":
        max_speed = data.sheet_of(plane.aircraft).max_speed
        if code.direction != "A" or code.speed < 2:
            return (f"a climb needs an A maneuver of speed 2 or more, not {choice.code} "
                    f"({BOOK} § Monter)")
        if code.speed > max_speed - 1:
            return (f"no climb at the maximum speed {max_speed} ({BOOK} § Monter)")
    if choice.altitude == "dive" and plane.level == LEVELS[0] and code.direction != "A":
        return (f"at TB a dive is a landing, on an A maneuver only, not {choice.code} "
                f"({BOOK} § L'Atterrissage)")
    return None


def refusal(plane: Plane, choice: Choice, data: AilesData) -> str | None:
    """Why the book forbids this maneuver now, or None: on the aircraft's sheet, then the
    four "Restrictions aux manœuvres" (fuel, special, non-repeatable, acceleration) and
    the altitude conditions. The first turn has no previous maneuver (§ Commencez à
    Jouer: any maneuver of the sheet)."""
    sheet = data.sheet_of(plane.aircraft)
    if choice.code not in sheet.maneuvers:
        return (f"{choice.code} is not on the {data.aircraft[plane.aircraft].name}'s maneuver "
                f"sheet ({BOOK} § Les Feuilles de Manœuvres)")
    need = consumption(choice.code, choice.altitude)
    if plane.fuel < need:
        return (f"{choice.code} uses {need} fuel and {plane.fuel} is left "
                f"({BOOK} § Carburant)")
    return (special_refusal(plane.previous, choice.code, data)
            or repeat_refusal(plane.previous, choice.code, data)
            or acceleration_refusal(plane.previous, choice.code)
            or altitude_refusal(plane, choice, data))


def choices(plane: Plane, data: AilesData) -> list[Choice]:
    """Every maneuver the book allows this aircraft now (each level, climb and dive)."""
    out = []
    for code in data.sheet_of(plane.aircraft).maneuvers:
        for altitude in ("level", "climb", "dive"):
            choice = Choice(code, altitude)
            if refusal(plane, choice, data) is None:
                out.append(choice)
    return out
