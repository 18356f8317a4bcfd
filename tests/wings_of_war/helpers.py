"""Building Wings of War games with aircraft placed by hand."""

from __future__ import annotations

from typing import Any

from dogfight.core import Match, get_game

WOW = get_game("wings-of-war")
BOOK = "000_caefe768ab735396.txt"
SEATS = {"allies": "allies", "central": "central"}


def plane(id: str, seat: str, aircraft: str, x: float, y: float, heading: int = 0,
          altitude: int = 1) -> dict[str, Any]:
    return {"id": id, "seat": seat, "aircraft": aircraft, "x": x, "y": y,
            "heading": heading, "altitude": altitude}


def game(*planes: dict[str, Any], rules: dict[str, bool] | None = None,
         seats: dict[str, str] | None = None, stacked: dict[str, list[int]] | None = None,
         seed: int = 1, **extra: Any) -> Match:
    options: dict[str, Any] = {"planes": list(planes), "seats": seats or SEATS,
                               "rules": rules or {}, **extra}
    if stacked:
        options["stacked_damage"] = stacked
    return Match.new(WOW, options, seed)


def seat_of(match: Match, plane_id: str) -> str:
    return str(next(p.seat for p in match.state.planes if p.id == plane_id))


def plan(match: Match, **cards: list[int]) -> None:
    """Plan each named plane's three cards (by card number)."""
    for plane_id, numbers in cards.items():
        for number in numbers:
            match.submit(seat_of(match, plane_id), {"plane": plane_id, "card": number})


def fire(match: Match, **targets: str | None) -> None:
    """Give fire orders for the named planes' front guns (a target or None)."""
    for plane_id, target in targets.items():
        order: dict[str, Any] = {"plane": plane_id, "arc": "front"}
        order.update({"target": target} if target else {"hold": True})
        match.submit(seat_of(match, plane_id), order)


def hold_all(match: Match) -> None:
    """Every gun that may fire holds fire, until the game asks for something else."""
    while match.state.step == "fire":
        slot = match.state.fire_slots[0]
        match.submit(seat_of(match, slot.plane), {"plane": slot.plane, "arc": slot.arc,
                                                  "hold": True})


def get(match: Match, plane_id: str) -> Any:
    return next(p for p in match.state.planes if p.id == plane_id)


def kinds(match: Match, *kinds_: str) -> list[Any]:
    return [e for e in match.events if e.kind in kinds_]


# card numbers in the derived decks (data/maneuvers.toml)
A = {"straight": 1, "bank left": 4, "bank right": 6, "turn left": 8, "turn right": 9,
     "sideslip left": 10, "sideslip right": 11, "stall": 12, "climb": 13, "dive": 14}
C = {"straight": 1, "bank left": 4, "bank right": 6, "turn left": 8, "turn right": 9,
     "sideslip left": 10, "sideslip right": 11, "stall": 12, "immelmann": 13, "climb": 14,
     "dive": 15}
D = {"straight": 1, "bank left": 4, "bank right": 6, "turn left": 8, "turn right": 9,
     "sharp left": 10, "sharp right": 11, "sideslip left": 12, "sideslip right": 13,
     "stall": 14, "immelmann": 15, "climb": 16, "dive": 17}
F = {"straight": 1, "bank left": 4, "bank right": 6, "turn left": 8, "turn right": 9,
     "sideslip left": 10, "sideslip right": 11, "stall": 12, "climb": 13, "dive": 14}
