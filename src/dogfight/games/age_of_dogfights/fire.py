"""Firing: the book's sections ARMEMENT - TIR, POSITION DES MITRAILLEUSES ET DIRECTION DE
TIR, TIR OFFENSIF, TIR FIXE EXACTEMENT PAR DERRIERE, TIR FIXE EN TRAVERS DE DERRIERE,
TIR FIXE DE LOIN PAR DERRIERE, TIR FIXE DE FACE, MITRAILLEUSE MOBILE DE NEZ : POSITIONS,
MITRAILLEUSE DE QUEUE DROIT DERRIERE ET AU DESSUS, ... DERRIERE EN ANGLE, ... LOIN
DERRIERE, LES CONSEQUENCES DES TIRS (TABLEAU), RAFALE LONGUE, with PILOTES (aces and
rookies) and the rulings R1-R5, R14, R15.

The positions are data (``rules.toml`` ``[positions]``): :func:`positions_between` reads
them on the grid. :func:`read_roll` turns two red dice into a result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

import msgspec
from msgspec.structs import replace

from dogfight.core import Event, Seat, roll
from dogfight.games.age_of_dogfights import damage, pilots
from dogfight.games.age_of_dogfights.data import (
    CURSOR,
    SLOT,
    AgeData,
    AircraftType,
    Position,
    Result,
    dataset,
    pilot_works,
)
from dogfight.games.age_of_dogfights.state import AgeState, Aircraft, Burst
from dogfight.games.age_of_dogfights.weather import against_sun, clouds_block
from dogfight.games.age_of_dogfights.zones import find, put
from dogfight.kit.grids import Cell
from dogfight.kit.grids.lattice import STEPS, ahead
from dogfight.kit.prompts import Frame, PromptKind, pop

BOOK = "book: 003_24ea110dc1b5a4d6.txt § "
GROUPS: tuple[str, ...] = ("fixed", "nose", "tail", "ventral")


class Option(msgspec.Struct, frozen=True):
    """One way to fire: a gun group from a position on a target, the column read, and
    whether a long burst may follow."""

    target: str
    position: str
    group: str
    column: Literal["A", "B"]
    long_burst: bool


def guns_of(kind: AircraftType, group: str) -> int:
    """How many coupled guns the group has (0: none)."""
    return {"fixed": kind.fixed_guns, "nose": kind.nose_guns, "tail": kind.tail_guns,
            "ventral": kind.ventral_guns}[group]


def _shift(tilt: str) -> int:
    return {"level": 0, "up": 1, "down": -1}[tilt]


def geometry_holds(position: Position, shooter: Aircraft, target: Aircraft) -> bool:
    """Whether ``target`` stands in ``position`` as seen from ``shooter``: on one of the
    position's lines at its distance, with its heading, its level difference and both
    attitudes (the table after TIR FIXE DE FACE in the checklist; diagrams missing)."""
    if shooter.point is None or target.point is None:
        return False
    origin, aim = Cell(*shooter.point), Cell(*target.point)
    if not any(ahead(origin, (shooter.facing + t) % 6, position.distance) == aim
               for t in position.target_at):
        return False
    if (target.facing - shooter.facing) % 6 not in position.heading:
        return False
    difference = target.level - shooter.level
    if difference not in position.levels:
        return False
    if position.shooter == "level" and shooter.tilt != "level":
        return False
    if position.shooter == "toward" and _shift(shooter.tilt) != difference:
        return False
    return not (position.target == "level" and target.tilt != "level")


def positions_between(data: AgeData, shooter: Aircraft, target: Aircraft) -> tuple[str, ...]:
    """Every position (key in ``rules.toml``) ``target`` stands in from ``shooter``: those
    whose lines reach the target's point (:func:`_reach`), then :func:`geometry_holds`."""
    if shooter.point is None or target.point is None:
        return ()
    positions = data.rules.positions
    keys = _reach(positions)[shooter.facing].get(
        (target.point[0] - shooter.point[0], target.point[1] - shooter.point[1]), ())
    return tuple(key for key in keys if geometry_holds(positions[key], shooter, target))


Reach = list[dict[tuple[int, int], tuple[str, ...]]]
_REACHES: dict[int, tuple[Mapping[str, Position], Reach]] = {}


def _reach(positions: Mapping[str, Position]) -> Reach:
    """For each facing of the shooter, the positions (in the data's order) whose lines
    reach each offset ``(dq, dr)`` from it: the step table of the firing positions, made
    once per data set (most aircraft stand in none)."""
    made = _REACHES.get(id(positions))
    if made is None or made[0] is not positions:
        tables: Reach = []
        for facing in range(6):
            table: dict[tuple[int, int], list[str]] = {}
            for key, p in positions.items():
                for t in p.target_at:
                    dq, dr = STEPS[(facing + t) % 6]
                    keys = table.setdefault((dq * p.distance, dr * p.distance), [])
                    if key not in keys:
                        keys.append(key)
            tables.append({offset: tuple(keys) for offset, keys in table.items()})
        made = _REACHES[id(positions)] = (positions, tables)
    return made[1]


def can_fire(data: AgeData, kind: AircraftType, shooter: Aircraft, group: str, *,
             offensive: bool, carrying_bomb: bool = False) -> str | None:
    """Why the group cannot fire now, or None: it has guns, bursts left, is not jammed,
    the guns are not damaged (TYPES DE DEGATS); offensively only fighters and
    reconnaissance aircraft without a bomb (TIR OFFENSIF, TIR DEFENSIF, MODES DE JEU);
    defensively each group once per enemy turn (POSITIONS POUR LES TIRS DEFENSIFS)."""
    if guns_of(kind, group) == 0:
        return "it has no such guns"
    if "guns" in shooter.damage:
        return "its guns are damaged"
    if shooter.bursts[SLOT[group]] <= 0:
        return "no bursts left"
    if CURSOR[group] in shooter.jammed:
        return "the guns are jammed"
    if offensive and kind.role == "bomber":
        return "bombers fire only defensively"
    if offensive and carrying_bomb:
        return "a reconnaissance aircraft carrying a bomb fires only defensively"
    if not offensive and CURSOR[group] in shooter.fired:
        return "these guns already fired during this enemy turn"
    return None


def options(data: AgeData, kind: AircraftType, shooter: Aircraft, target: Aircraft, *,
            offensive: bool, carrying_bomb: bool = False) -> tuple[Option, ...]:
    """The ways ``shooter`` may fire at ``target``: offensively from the positions marked
    offensive, with the position's column; defensively from every position, column B
    (TIR DEFENSIF), never a long burst (R5)."""
    out = []
    for key in positions_between(data, shooter, target):
        position = data.rules.positions[key]
        if offensive and not position.offensive:
            continue
        for group in position.guns:
            if can_fire(data, kind, shooter, group, offensive=offensive,
                        carrying_bomb=carrying_bomb) is not None:
                continue
            column: Literal["A", "B"] = position.column if offensive else "B"
            burst = offensive and position.long_burst
            out.append(Option(target.id, key, group, column, burst))
    return tuple(out)


def modifier(data: AgeData, kind: AircraftType, shooter: Aircraft, group: str, *,
             against_sun: bool = False) -> int:
    """What is added to the red dice: +1 for two coupled guns, +2 for three (MITRAILLEUSE
    DE QUEUE LOIN DERRIERE), −1 for a rookie at the guns he works (PILOTES), −1 firing
    into the sun (LE SOLEIL)."""
    mods = data.rules.modifiers
    total = mods.coupled[max(guns_of(kind, group), 1) - 1]
    if shooter.pilot == "rookie" and pilot_works(group):
        total += mods.rookie
    if against_sun:
        total += mods.sun
    return total


def read_roll(data: AgeData, kind: AircraftType, shooter: Aircraft, option: Option,
              dice: tuple[int, int], *, second: bool = False, against_sun: bool = False,
              all_aces: bool = False) -> Result:
    """The result of two red dice: a jam on a raw double 1, or on the long burst's second
    roll on a raw 2, 4, 6 or 8 (MACHINE GUN JAMMING, RAFALE LONGUE; R1); else the column
    with the modified sum (R1, R2); an ace's damage is a destruction (PILOTES; "As contre
    As" makes every fighter pilot an ace)."""
    raw = sum(dice)
    jams = data.rules.long_burst.jams if second else [2]
    if raw in jams:
        return "jammed"
    total = raw + modifier(data, kind, shooter, option.group, against_sun=against_sun)
    result = data.result(option.column, total)
    ace = shooter.pilot == "ace" or (all_aces and kind.role == "fighter")
    if result == "damage" and ace and pilot_works(option.group):
        return "destroyed"
    return result


def long_burst_allowed(data: AgeData, shooter: Aircraft, option: Option,
                       first: Result) -> bool:
    """Whether a long burst may follow a first roll: only after a failure or damage, from
    a parallel position, with a burst left for its second roll (RAFALE LONGUE; R3)."""
    return (option.long_burst and first in ("failure", "damage")
            and shooter.bursts[SLOT[option.group]] >= 1)


# -- firing in play ------------------------------------------------------------------------------

class Shoot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"target": "germany-7", "position": "h5", "guns": "fixed"}``: fire these guns
    from this position at this aircraft."""

    target: str
    position: str
    guns: str


class Hold(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"hold": true}``: fire no more now."""

    hold: bool


class LongBurst(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``{"long_burst": true}``: roll the red dice once more (RAFALE LONGUE)."""

    long_burst: bool


def shots_at(state: AgeState, shooter: Aircraft, targets: Sequence[Aircraft], *,
             offensive: bool, spent: Sequence[str] = ()) -> tuple[Option, ...]:
    """Every way ``shooter`` may fire at one of ``targets`` now, clouds allowing, its
    cursors in ``spent`` excepted (R14: each gun group once per move)."""
    data = dataset()
    kind = data.aircraft[shooter.kind]
    clouds = state.options.rules.clouds
    out: list[Option] = []
    for target in targets:
        if target.where != "zone" or clouds_block(clouds, shooter, target):
            continue
        carrying = kind.role == "reconnaissance" and shooter.bombs > 0
        out.extend(o for o in options(data, kind, shooter, target, offensive=offensive,
                                      carrying_bomb=carrying)
                   if CURSOR[o.group] not in spent)
    return tuple(out)


def shoot(state: AgeState, shooter_id: str, option: Option, events: list[Event], *,
          second: bool = False) -> tuple[AgeState, Result]:
    """One roll of the red dice: a burst spent (even on a jam), the result read and
    applied to the target (ABATTU, ECHEC, DEGAT) or to the shooter's gun (a jam); a kill
    credited to the pilot (GAGNER DE L'EXPERIENCE)."""
    data = dataset()
    shooter = find(state, shooter_id)
    target = find(state, option.target)
    kind = data.aircraft[shooter.kind]
    first, rng = roll(state.rng, 6)
    other, rng = roll(rng, 6)
    sun = against_sun(state.options.rules.sun, shooter, target)
    result = read_roll(data, kind, shooter, option, (first, other), second=second,
                       against_sun=sun, all_aces=state.options.rules.all_aces)
    events.append(Event("fired", {"aircraft": shooter.id, "target": target.id,
                                  "position": option.position, "guns": option.group,
                                  "dice": [first, other], "result": result}))
    shooter = pilots.reveal(damage.spend(shooter, option.group), events)
    if result == "jammed":
        shooter = damage.jam(shooter, option.group, events)
    target, rng = damage.hit(data, target, result, rng, events)
    if target.where == "down" and state.options.rules.experience:
        shooter = damage.credit_kill(data, kind, shooter, option.group, events)
    return put(put(replace(state, rng=rng), shooter), target), result


def offensive_shots(state: AgeState) -> tuple[Option, ...]:
    """The flying aircraft's shots at enemies in the zone (TIR OFFENSIF)."""
    flight = state.flight
    if flight is None:
        return ()
    mover = find(state, flight.aircraft)
    if mover.where != "zone":
        return ()
    enemies = [a for a in state.aircraft if a.seat != mover.seat]
    return shots_at(state, mover, enemies, offensive=True, spent=flight.fired)


class Firing(PromptKind[AgeState, Shoot | Hold]):
    """At the end of its move an aircraft in a firing position may fire, each gun group
    once (TIR OFFENSIF, R14), or hold."""

    kind = "fire"
    decision = (Shoot, Hold)
    rule = BOOK + "TIR OFFENSIF"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[Shoot | Hold]:
        out: list[Shoot | Hold] = [Shoot(o.target, o.position, o.group)
                                   for o in offensive_shots(state)]
        return [*out, Hold(True)]

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: Shoot | Hold,
              events: list[Event]) -> AgeState:
        state = pop(state)
        flight = state.flight
        if flight is None:
            return state
        if isinstance(decision, Hold):
            return replace(state, flight=replace(flight, stage="last"))
        option = next(o for o in offensive_shots(state) if (o.target, o.position, o.group)
                      == (decision.target, decision.position, decision.guns))
        state, result = shoot(state, flight.aircraft, option, events)
        flight = replace(flight, fired=(*flight.fired, CURSOR[option.group]),
                         stage="riposte" if result != "destroyed" else "fire")
        burst = None
        if long_burst_allowed(dataset(), find(state, flight.aircraft), option, result):
            burst = Burst(option.target, option.position, option.group, option.column)
        return replace(state, flight=flight, burst=burst)


def long_burst_option(state: AgeState) -> Option | None:
    """The long burst still possible: the shooter and target flying, the shooter's guns
    neither damaged nor jammed (RAFALE LONGUE: a riposte may have stopped it)."""
    flight, burst = state.flight, state.burst
    if flight is None or burst is None:
        return None
    shooter, target = find(state, flight.aircraft), find(state, burst.target)
    if shooter.where != "zone" or target.where != "zone" or "guns" in shooter.damage \
            or CURSOR[burst.group] in shooter.jammed:
        return None
    return Option(burst.target, burst.position, burst.group, burst.column, True)


class LongBursting(PromptKind[AgeState, LongBurst]):
    """After a failure or damage from a parallel position the attacker may fire on: a
    second roll, which jams more easily (RAFALE LONGUE)."""

    kind = "long-burst"
    decision = LongBurst
    rule = BOOK + "RAFALE LONGUE"

    def legal(self, state: AgeState, frame: Frame, seat: Seat) -> Sequence[LongBurst]:
        return [LongBurst(True), LongBurst(False)]

    def apply(self, state: AgeState, frame: Frame, seat: Seat, decision: LongBurst,
              events: list[Event]) -> AgeState:
        state = pop(state)
        option = long_burst_option(state)
        flight = state.flight
        if decision.long_burst and option is not None and flight is not None:
            state, _ = shoot(state, flight.aircraft, option, events, second=True)
        return replace(state, burst=None)
