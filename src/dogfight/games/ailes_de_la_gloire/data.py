"""Les Ailes de la Gloire's data files (``data/*.toml``), typed and checked on load.

- ``aircraft.toml``: the characteristics table (Tableau des Caractéristiques des
  Avions) and the counter roster (COMPOSITION DU JEU: 60 counters with fixed numbers);
- ``maneuvers.toml``: the maneuvers and the 13 maneuver sheets (missing pictures:
  derived, editable), with the book's lists of special, non-repeatable, straight and
  slip maneuvers;
- ``fire.toml``: the fire table (Tableau des Tires, modifiers by the errata's names) and
  the damage table (Table de Dégâts);
- ``chits.toml``: the 36 two-sided damage chits;
- ``map.toml``: the map (72 × 56 cm of large hexes; its hexes and zones derived);
- ``pilots.toml``: LES PILOTES' tables and the Tableau des Avions en Ligne
  (``data_pilots.py``).

Every entry names its source; a malformed or inconsistent file is refused with a
:class:`DataError` naming the file, the entry and the reason. ``dataset()`` is the data
as loaded (a player's copy under ``$DOGFIGHT_DATA_DIR/ailes-de-la-gloire/`` replaces a
shipped file).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Literal

import msgspec

from dogfight.core import DataError
from dogfight.core.data import (
    check_source,
    check_sources,
    data_file,
    load_table,
    load_toml,
    per_data_dir,
)
from dogfight.games.ailes_de_la_gloire.data_pilots import PilotsFile, load_pilots
from dogfight.kit.grids import HexGrid

GAME_ID = "ailes-de-la-gloire"

Side = Literal["allied", "german"]
Level = Literal["TB", "B", "M", "H", "TH"]
#: The five altitude levels, lowest first (book § L'ALTITUDE).
LEVELS: tuple[Level, ...] = ("TB", "B", "M", "H", "TH")
Direction = Literal["G", "A", "D"]
Step = Literal["F", "L", "R", "SL", "SR"]
Part = Literal["wings", "engine", "fuselage", "tail"]
EffectKind = Literal[
    "boxes", "fuel", "explodes", "smoke", "fire", "pilot-killed", "pilot-wounded-straight",
    "pilot-wounded-slower", "rudder", "engine-damaged", "no-special", "no-fast",
    "gun-destroyed", "observer-wounded", "observer-killed"]
Edge = Literal["north", "east", "south", "west"]


# -- aircraft and counters ------------------------------------------------------------------


class Gun(msgspec.Struct, frozen=True):
    """One gun of an aircraft: the pilot's (firing forward) or the observer's; a Lewis
    gun counts its drums."""

    mount: Literal["pilot", "observer"]
    lewis: bool


_GUN = re.compile(r"(\d+)([AO]?)(L?)")


def parse_armament(text: str) -> tuple[Gun, ...]:
    """The guns of an armament as printed: ``2A``, ``1A/2OL``, ``1A1L``, ``1A/1O``
    (A = forward, O = observer, L = Lewis; a bare ``1L`` is a forward Lewis)."""
    guns: list[Gun] = []
    for group in text.split("/"):
        position = 0
        while position < len(group):
            match = _GUN.match(group, position)
            if not match or match.end() == position or not (match.group(2) or match.group(3)):
                raise ValueError(f"cannot read the armament {text!r}")
            mount: Literal["pilot", "observer"] = "observer" if match.group(2) == "O" else "pilot"
            guns += [Gun(mount, bool(match.group(3)))] * int(match.group(1))
            position = match.end()
    return tuple(guns)


class Aircraft(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    side: Side
    stability: Literal["A", "B", "C"]
    engine: int
    wings: int
    fuselage: int
    tail: int
    fuel: int
    armament: str
    ceiling: Level
    ceiling_plus: bool
    counters: list[int]
    sheet: str
    source: str
    counters_source: str
    derived: str
    variant_armament: str | None = None
    note: str | None = None

    def boxes(self, part: Part) -> int:
        """The boxes of a part on the Feuille de Vol (its value in the table)."""
        return {"wings": self.wings, "engine": self.engine, "fuselage": self.fuselage,
                "tail": self.tail}[part]

    def guns(self, variant: bool = False) -> tuple[Gun, ...]:
        """The aircraft's guns (the Nieuport 17 variant's with ``variant``)."""
        if variant and self.variant_armament:
            return parse_armament(self.variant_armament)
        return parse_armament(self.armament)

    @property
    def has_observer(self) -> bool:
        return any(g.mount == "observer" for g in self.guns())

    def reaches(self, level: Level) -> bool:
        """Whether the aircraft may start at ``level`` (at or below its ceiling)."""
        return LEVELS.index(level) <= LEVELS.index(self.ceiling)


# -- maneuvers and sheets --------------------------------------------------------------------


class Maneuver(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    path: list[Step]
    source: str


class ManeuverRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    special: list[int]
    non_repeatable: list[int]
    straights: list[int]
    slips: list[int]
    glide: list[int]
    stall: list[int]
    lewis_reload: list[int]
    source: str


class Sheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    max_speed: int
    maneuvers: list[str]
    source: str


class ManeuverFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rules: ManeuverRules
    maneuvers: dict[str, Maneuver]
    sheets: dict[str, Sheet]


_CODE = re.compile(r"^([1-9][0-9]?)([GAD])([1-4])$")


class Code(msgspec.Struct, frozen=True):
    """A maneuver code read: number, direction letter, speed (``20D3``)."""

    number: int
    direction: Direction
    speed: int


@functools.cache
def read_code(code: str) -> Code:
    """``20D3`` → Code(20, "D", 3); a ValueError if it is not a code (a pure function
    of its text, remembered)."""
    match = _CODE.match(code)
    if not match:
        raise ValueError(f"{code!r} is not a maneuver code (number, G/A/D, speed 1-4)")
    direction: Direction = "G" if match.group(2) == "G" else "A" if match.group(2) == "A" else "D"
    return Code(int(match.group(1)), direction, int(match.group(3)))


# -- fire, damage ----------------------------------------------------------------------------


class Modifier(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    values: list[int]
    source: str


class DamageTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rows: list[str]
    source: str


class FireFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ranges: list[int]
    base: list[int]
    source: str
    modifiers: dict[str, Modifier]
    damage: DamageTable


#: The modifiers the rules name (fire.toml must hold each).
MODIFIERS = ("short-burst", "medium-burst", "long-burst", "stability-a", "stability-b",
             "stability-c", "target-still", "fast-attacker", "one-gun", "deflection",
             "same-target", "tailed-target", "other-altitude")

_RESULT = re.compile(r"^(?:(\d*)B)?(?:(\d*)R)?$")


def read_result(text: str) -> tuple[int, int]:
    """A damage table entry as (blue, red) chits: ``B3R`` → (1, 3), ``-`` → (0, 0)."""
    if text == "-":
        return 0, 0
    match = _RESULT.match(text)
    if not match or not text:
        raise ValueError(f"{text!r} is not a damage result")
    blue = match.group(1)
    red = match.group(2)
    return ((int(blue or 1) if "B" in text else 0), (int(red or 1) if "R" in text else 0))


# -- chits -----------------------------------------------------------------------------------


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: EffectKind
    part: Part | None = None
    n: int = 0
    direction: Literal["G", "D"] | None = None
    turns: int = 0


class Chit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: int
    blue_text: str
    blue: list[Effect]
    red_text: str
    red: list[Effect]
    source: str
    in_cup: bool = True


class ChitFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    chits: list[Chit]


# -- the map ---------------------------------------------------------------------------------


class SideZone(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    own_edge: Edge
    lines: list[int]
    start_line: int
    source: str


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    columns: list[int]
    source: str


class MapFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    width_cm: float
    height_cm: float
    source: str
    hex_cm: float
    hex_source: str
    orientation_first: int
    orientation_source: str
    sides: dict[Side, SideZone]
    no_mans_land: Band

    @property
    def grid(self) -> HexGrid:
        """The map in hexes: the largest map of whole hexes fitting the sheet."""
        return _fitting(self.width_cm, self.height_cm, self.hex_cm)

    def zone(self, column: int) -> Side | Literal["no-mans-land"]:
        """Whose ground a column is: a side's lines, or No Man's Land."""
        for side, zone in self.sides.items():
            if zone.lines[0] <= column <= zone.lines[1]:
                return side
        return "no-mans-land"

    def behind_start_line(self, side: Side, column: int) -> bool:
        """Whether a column lies behind ``side``'s start line (where it is placed)."""
        zone = self.sides[side]
        if zone.own_edge == "west":
            return 0 <= column <= zone.start_line
        return zone.start_line <= column < (self.grid.width or 0)


@functools.cache
def _fitting(width: float, height: float, across_flats: float) -> HexGrid:
    return HexGrid.fitting(width, height, across_flats)


# -- all together ----------------------------------------------------------------------------


class AilesData(msgspec.Struct, frozen=True):
    aircraft: dict[str, Aircraft]
    maneuver_rules: ManeuverRules
    maneuvers: dict[str, Maneuver]
    sheets: dict[str, Sheet]
    fire: FireFile
    chits: tuple[Chit, ...]
    map: MapFile
    pilots: PilotsFile

    def counter_type(self, number: int) -> str | None:
        """The aircraft type of a counter number, or None."""
        return next((key for key, a in self.aircraft.items() if number in a.counters), None)

    def sheet_of(self, aircraft: str) -> Sheet:
        return self.sheets[self.aircraft[aircraft].sheet]

    def damage(self, value: int, die: int) -> tuple[int, int]:
        """The damage table: (blue, red) chits for a combat value and a die (a value
        of 0 or less does no damage; above 15 counts as 15)."""
        if value <= 0:
            return 0, 0
        return read_result(self.fire.damage.rows[die - 1].split()[min(value, 15) - 1])

    def modifier(self, key: str, fire_range: int) -> int:
        """A fire table modifier at a range (0 to 3)."""
        return self.fire.modifiers[key].values[self.fire.ranges.index(fire_range)]

    def base(self, fire_range: int) -> int:
        """The fire table's base value at a range (0 to 3)."""
        return self.fire.base[self.fire.ranges.index(fire_range)]

    def cup_chits(self, pilot_killed_chit: bool = False) -> tuple[int, ...]:
        """The numbers of the chits in the cup: 35 by default, 36 with the option."""
        return tuple(c.number for c in self.chits if c.in_cup or pilot_killed_chit)

    def chit(self, number: int) -> Chit:
        return self.chits[number - 1]


def _path(package: Path, name: str) -> Path:
    return data_file(package, GAME_ID, name)


def load_data(folder: Path | None = None) -> AilesData:
    """Load and check the five files (from ``folder``, else the shipped ones or a
    player's copies)."""
    package = Path(__file__).parent

    def where(name: str) -> Path:
        return folder / name if folder else _path(package, name)

    aircraft = _load_aircraft(where("aircraft.toml"))
    maneuvers = _load_maneuvers(where("maneuvers.toml"))
    fire = _load_fire(where("fire.toml"))
    chits = _load_chits(where("chits.toml"))
    board = _load_map(where("map.toml"))
    pilots = load_pilots(where("pilots.toml"), {k: a.side for k, a in aircraft.items()})
    source = str(where("aircraft.toml"))
    for key, a in aircraft.items():
        if a.sheet not in maneuvers.sheets:
            raise DataError(source, f"aircraft.{key}.sheet",
                            f"no sheet {a.sheet!r} in maneuvers.toml")
    return AilesData(aircraft, maneuvers.rules, maneuvers.maneuvers, maneuvers.sheets,
                     fire, tuple(chits.chits), board, pilots)


def _load_aircraft(path: Path) -> dict[str, Aircraft]:
    table = load_table(path, "aircraft", Aircraft)
    source = str(path)
    check_sources(table, source)
    seen: dict[int, str] = {}
    for key, a in table.items():
        check_source(a.counters_source, source, f"aircraft.{key}.counters_source")
        check_source(a.derived, source, f"aircraft.{key}.derived")
        for armament in (a.armament, a.variant_armament):
            if armament is None:
                continue
            try:
                parse_armament(armament)
            except ValueError as exc:
                raise DataError(source, f"aircraft.{key}.armament", str(exc)) from None
        for value in (a.engine, a.wings, a.fuselage, a.tail, a.fuel):
            if value < 1:
                raise DataError(source, f"aircraft.{key}", "every box count must be at least 1")
        if not a.counters:
            raise DataError(source, f"aircraft.{key}.counters", "a type needs at least one counter")
        for number in a.counters:
            if number in seen:
                raise DataError(source, f"aircraft.{key}.counters",
                                f"counter {number} is also a {seen[number]}")
            seen[number] = key
    if sorted(seen) != list(range(1, len(seen) + 1)):
        raise DataError(source, "aircraft", "the counters must be numbered 1 to N without a gap")
    return table


def _load_maneuvers(path: Path) -> ManeuverFile:
    data = load_toml(path, ManeuverFile)
    source = str(path)
    check_source(data.rules.source, source, "rules")
    check_sources(data.maneuvers, source)
    check_sources(data.sheets, source)
    for code, maneuver in data.maneuvers.items():
        try:
            read = read_code(code)
        except ValueError as exc:
            raise DataError(source, f"maneuvers.{code}", str(exc)) from None
        turns = sum(1 if s in ("R", "SR") else -1 if s in ("L", "SL") else 0 for s in maneuver.path)
        expected = "A" if turns == 0 else "G" if turns < 0 else "D"
        if read.direction != expected:
            raise DataError(source, f"maneuvers.{code}.path",
                            f"turns {'left' if turns < 0 else 'right' if turns else 'nowhere'}, "
                            f"which does not match the letter {read.direction}")
    for key, sheet in data.sheets.items():
        if not 1 <= sheet.max_speed <= 4:
            raise DataError(source, f"sheets.{key}.max_speed", "a speed is 1 to 4")
        for code in sheet.maneuvers:
            if code not in data.maneuvers:
                raise DataError(source, f"sheets.{key}.maneuvers", f"no maneuver {code!r}")
            if read_code(code).speed > sheet.max_speed:
                raise DataError(source, f"sheets.{key}.maneuvers",
                                f"{code} is faster than the sheet's maximum speed")
        if not any(read_code(c).speed == sheet.max_speed for c in sheet.maneuvers):
            raise DataError(source, f"sheets.{key}.maneuvers",
                            "no maneuver at the sheet's maximum speed")
    return data


def _load_fire(path: Path) -> FireFile:
    data = load_toml(path, FireFile)
    source = str(path)
    check_source(data.source, source, "(top level)")
    check_sources(data.modifiers, source)
    check_source(data.damage.source, source, "damage")
    if sorted(data.ranges) != [0, 1, 2, 3] or len(data.base) != 4:
        raise DataError(source, "ranges", "the fire table has the ranges 3, 2, 1 and 0")
    for key in MODIFIERS:
        if key not in data.modifiers:
            raise DataError(source, "modifiers", f"missing the modifier {key!r}")
    for key, modifier in data.modifiers.items():
        if len(modifier.values) != len(data.ranges):
            raise DataError(source, f"modifiers.{key}.values", "one value for each range")
    if len(data.damage.rows) != 6:
        raise DataError(source, "damage.rows", "one row for each die face 1 to 6")
    for index, row in enumerate(data.damage.rows):
        cells = row.split()
        if len(cells) != 15:
            raise DataError(source, f"damage.rows[{index}]", "one result for each value 1 to 15")
        for cell in cells:
            try:
                read_result(cell)
            except ValueError as exc:
                raise DataError(source, f"damage.rows[{index}]", str(exc)) from None
    return data


def _load_chits(path: Path) -> ChitFile:
    data = load_toml(path, ChitFile)
    source = str(path)
    if [c.number for c in data.chits] != list(range(1, len(data.chits) + 1)):
        raise DataError(source, "chits", "the chits must be numbered 1 to N in order")
    for index, chit in enumerate(data.chits):
        check_source(chit.source, source, f"chits[{index}]")
        for face in (chit.blue, chit.red):
            if not face:
                raise DataError(source, f"chits[{index}]", "each face has at least one effect")
            for effect in face:
                reason = _effect_problem(effect)
                if reason:
                    raise DataError(source, f"chits[{index}]", reason)
    return data


def _effect_problem(effect: Effect) -> str | None:
    if effect.kind == "boxes" and (effect.part is None or effect.n < 1):
        return "a boxes effect needs a part and n of at least 1"
    if effect.kind == "fuel" and effect.n < 1:
        return "a fuel effect needs n of at least 1"
    if effect.kind == "rudder" and (effect.direction is None or effect.turns < 1):
        return "a rudder effect needs a direction and turns"
    return None


def _load_map(path: Path) -> MapFile:
    data = load_toml(path, MapFile)
    source = str(path)
    check_source(data.source, source, "(top level)")
    check_source(data.hex_source, source, "hex_cm")
    check_source(data.orientation_source, source, "orientation_first")
    check_sources({str(k): v for k, v in data.sides.items()}, source)
    check_source(data.no_mans_land.source, source, "no_mans_land")
    grid = HexGrid.fitting(data.width_cm, data.height_cm, data.hex_cm)
    width = grid.width or 0
    if width < 3 or (grid.height or 0) < 1:
        raise DataError(source, "hex_cm", "the hexes are too large for the sheet")
    if set(data.sides) != {"allied", "german"}:
        raise DataError(source, "sides", "the map has the Allied and the German lines")
    bands = [*(zone.lines for zone in data.sides.values()), data.no_mans_land.columns]
    covered = sorted(c for first, last in bands for c in range(first, last + 1))
    if covered != list(range(width)):
        raise DataError(source, "sides", f"the lines and No Man's Land must cover columns "
                        f"0 to {width - 1} once each")
    for side, zone in data.sides.items():
        if not zone.lines[0] <= zone.start_line <= zone.lines[1]:
            raise DataError(source, f"sides.{side}.start_line",
                            "the start line lies in the side's lines")
        edge_column = 0 if zone.own_edge == "west" else width - 1
        behind = zone.lines[0] <= edge_column <= zone.lines[1]
        if zone.own_edge not in ("west", "east") or not behind:
            raise DataError(source, f"sides.{side}.own_edge", "a side's own edge is the west or "
                            "east edge behind its lines")
    if not 0 <= data.orientation_first <= 5:
        raise DataError(source, "orientation_first", "a facing is 0 to 5")
    return data


@per_data_dir
def dataset() -> AilesData:
    """Les Ailes de la Gloire's data as loaded (once per ``$DOGFIGHT_DATA_DIR``)."""
    return load_data()
