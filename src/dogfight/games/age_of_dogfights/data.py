"""Age of Dogfights' data files (``data/*.toml``): the aircraft types, the rules' tables
(dice, the reconstructed result table, the damage die, the firing positions, limits),
and the board (derived: its picture is missing).

Each figure names its source: ``book: 003_24ea110dc1b5a4d6.txt § <section>`` or
``derived: <why>``; an aircraft type lists its derived figures field by field in its
``derived`` table. ``dataset()`` is the data as loaded and checked (a player's copy under
``$DOGFIGHT_DATA_DIR/age-of-dogfights/`` replaces a shipped file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

from dogfight.core import DataError
from dogfight.core.data import (
    check_source,
    check_sources,
    convert,
    data_file,
    load_table,
    per_data_dir,
    read_toml,
)

GAME_ID = "age-of-dogfights"

Nation = Literal["germany", "france", "britain", "austria-hungary", "bulgaria", "russia",
                 "serbia", "italy", "usa"]
Role = Literal["fighter", "reconnaissance", "bomber"]
Result = Literal["jammed", "failure", "damage", "destroyed"]
Damage = Literal["wings", "tail", "guns", "engine"]
GunGroup = Literal["fixed", "nose", "tail", "ventral"]
Attitude = Literal["level", "toward", "any"]

#: The numbers each role takes on a nation's panels (REGLES GENERALES).
ROLE_NUMBERS: dict[str, range] = {
    "fighter": range(1, 13), "reconnaissance": range(13, 16), "bomber": range(16, 19)}
#: A second reconnaissance panel of an expansion nation (derived: the Russian Empire has
#: two reconnaissance types, R19).
SECOND_SCOUTS = range(19, 22)
#: The nations each side may fly (REGLES GENERALES: one player the German aircraft, the
#: other the French or British; the expansion's nations by alliance, derived).
SIDE_NATIONS: dict[str, tuple[str, ...]] = {
    "allies": ("france", "britain", "russia", "serbia", "italy", "usa"),
    "germany": ("germany", "austria-hungary", "bulgaria")}


#: Which red cursor (``Aircraft.bursts`` index) each gun group spends.
SLOT = {"fixed": 0, "nose": 0, "tail": 1, "ventral": 2}
#: The red cursor's name: what jams, what fires once per enemy turn (fixed and nose
#: guns are the front group, never both on one aircraft).
CURSOR = {"fixed": "front", "nose": "front", "tail": "tail", "ventral": "ventral"}


def pilot_works(group: str) -> bool:
    """Whether the pilot works the group's guns (fixed or nose guns); a second crew member
    works the tail and ventral guns (PILOTES, MACHINE GUN JAMMING)."""
    return group in ("fixed", "nose")


class AircraftType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    nation: Nation
    role: Role
    numbers: list[int]
    speed: int
    agility: int
    fixed_guns: int
    nose_guns: int
    tail_guns: int
    ventral_guns: int
    front_bursts: int
    tail_bursts: int
    ventral_bursts: int
    full_throttle: int
    fast_climb: bool
    slow_descent: bool
    gyro: int
    bombs: int
    year: int
    source: str
    derived: dict[str, str] = {}

    @property
    def front_guns(self) -> int:
        """The guns the pilot works (fixed, or the flexible nose guns)."""
        return self.fixed_guns + self.nose_guns


class ExpansionType(AircraftType, frozen=True, forbid_unknown_fields=True):
    """One of the expansion's aircraft: the name, speed and agility the book prints, its
    class label as extracted, the rest derived (R19)."""

    label: str = ""


class Die(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    faces: list[int]
    risky: list[int]
    source: str


class Dice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    blue: Die
    green: Die


class DamageDie(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    faces: list[Damage]
    source: str


class DamageEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    steps: int
    turns: int
    silenced: bool
    source: str


class ResultRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    low: int
    high: int
    a: Result
    b: Result
    source: str


class LongBurst(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    jams: list[int]
    slots: int
    source: str


class Modifiers(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    coupled: list[int]
    rookie: int
    sun: int
    lowest: int
    highest: int
    source: str


class Position(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    title: str
    guns: list[GunGroup]
    distance: int
    target_at: list[int]
    heading: list[int]
    levels: list[int]
    shooter: Attitude
    target: Literal["level", "any"]
    column: Literal["A", "B"]
    long_burst: bool
    offensive: bool
    source: str


class Movement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    levels: int
    straight_bonus: int
    climb_cost: int
    dive_gain: int
    climb_steps: list[int]
    dive_steps: list[int]
    max_climb: int
    max_climb_fast: int
    max_dive: int
    max_dive_slow: int
    turning_radius: int
    unjam_turns: int
    min_steps: int
    source: str


class Limits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    fighters_in_zone: int
    access_points: int
    from_patrol: int
    aces: int
    rookies: int
    kills_for_ace: int
    source: str


class Weather(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    wind_from: list[str]
    sun_at: dict[str, str]
    cloud_tops: list[int]
    source: str


class Scoring(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kill: float
    damaged: float
    photo: int
    photos_per_aircraft: int
    all_photos_bonus: int
    bomb: int
    all_bombs_bonus: int
    breakthrough_bomber: int
    breakthrough_scout: int
    source: str


class Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dice: Dice
    damage_die: DamageDie
    damage: dict[Damage, DamageEffect]
    result_table: list[ResultRow]
    long_burst: LongBurst
    modifiers: Modifiers
    positions: dict[str, Position]
    movement: Movement
    limits: Limits
    weather: Weather
    scoring: Scoring


class Board(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    piece_columns: int
    piece_rows: int
    pieces: int
    min_pieces: int
    max_pieces: int
    border: int
    extensions_per_side: int
    access_points_per_extension: int
    start_on_access: int
    source: str


class TargetZone(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    columns: int
    rows: int
    per_side: int
    proposals: int
    """Placed by agreement: the proposals made at most, the last one then agreed."""
    source: str


class BoardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    board: Board
    target_zone: TargetZone


class AgeData(msgspec.Struct, frozen=True):
    """The loaded data: aircraft types by id, the rules' tables, the board."""

    aircraft: dict[str, AircraftType]
    """Every type that flies: the base set's and the expansion's."""
    expansion: dict[str, ExpansionType]
    """The expansion's types (also in ``aircraft``)."""
    rules: Rules
    board: Board
    target_zone: TargetZone
    numbered: dict[str, str]
    """The type flown under each panel, by the aircraft's id ``nation-number`` (the
    first type listed that holds the number): made once at load, read by
    :meth:`type_of` and the pilots."""

    def result(self, column: Literal["A", "B"], total: int) -> Result:
        """The result table's entry for a modified sum (R1: below 3 a failure, above 12
        as 12). A jam is judged on the raw dice by the caller, not here."""
        modifiers = self.rules.modifiers
        if total < modifiers.lowest:
            return "failure"
        total = min(total, modifiers.highest)
        row = next(r for r in self.rules.result_table if r.low <= total <= r.high)
        return row.a if column == "A" else row.b

    def type_of(self, nation: str, number: int) -> tuple[str, AircraftType] | None:
        """The aircraft type (id, type) of a nation's panel number, if there is one."""
        key = self.numbered.get(f"{nation}-{number}")
        return None if key is None else (key, self.aircraft[key])


_FIELDS = frozenset(AircraftType.__struct_fields__) - {"source", "derived"}


def _check_aircraft(aircraft: dict[str, AircraftType] | dict[str, ExpansionType], source: str,
                    second_scouts: range = range(0), table: str = "aircraft") -> None:
    check_sources(aircraft, source)
    taken: dict[tuple[str, int], str] = {}
    for key, kind in aircraft.items():
        for field, why in kind.derived.items():
            if field not in _FIELDS:
                raise DataError(source, f"{table}.{key}.derived.{field}", "is not a figure")
            check_source(why, source, f"{table}.{key}.derived.{field}")
        if len(kind.numbers) != 3:
            raise DataError(source, f"{table}.{key}.numbers",
                            "three aircraft of each type (PANNEAU DE CONTROLE)")
        for number in kind.numbers:
            if number not in ROLE_NUMBERS[kind.role] and not (
                    kind.role == "reconnaissance" and number in second_scouts):
                raise DataError(source, f"{table}.{key}.numbers",
                                f"{number} is not a {kind.role}'s number")
            if (kind.nation, number) in taken:
                raise DataError(source, f"{table}.{key}.numbers",
                                f"{number} is also {taken[(kind.nation, number)]}'s")
            taken[(kind.nation, number)] = key
        if not 1 <= kind.speed <= 9 or not 1 <= kind.agility <= 6:
            raise DataError(source, f"{table}.{key}", "speed 1..9 and agility 1..6")
        if not -2 <= kind.gyro <= 2:
            raise DataError(source, f"{table}.{key}.gyro", "the effect is -2..+2 turns")
        if kind.fixed_guns and kind.nose_guns:
            raise DataError(source, f"{table}.{key}", "fixed or flexible nose guns, not both")
        for guns, bursts, group in ((kind.front_guns, kind.front_bursts, "front"),
                                    (kind.tail_guns, kind.tail_bursts, "tail"),
                                    (kind.ventral_guns, kind.ventral_bursts, "ventral")):
            if guns < 0 or guns > 3 or (guns > 0) != (bursts > 0):
                raise DataError(source, f"{table}.{key}.{group}_bursts",
                                "bursts for each gun group the aircraft has, and only those")
        if (kind.role == "fighter") != (kind.full_throttle > 0):
            raise DataError(source, f"{table}.{key}.full_throttle",
                            "only fighters use full throttle (PANNEAU DE CONTROLE)")
        if kind.role == "bomber" and not kind.slow_descent:
            raise DataError(source, f"{table}.{key}.slow_descent",
                            "every multi-engine bomber descends slowly (DESCENTE LENTE)")
        if kind.role != "fighter" and kind.tail_guns == 0:
            raise DataError(source, f"{table}.{key}.tail_guns",
                            "every reconnaissance aircraft and bomber has tail guns")


def _check_rules(rules: Rules, source: str) -> None:
    for name, die in (("blue", rules.dice.blue), ("green", rules.dice.green)):
        check_source(die.source, source, f"dice.{name}")
        if len(die.faces) != 6 or not set(die.risky) <= set(die.faces):
            raise DataError(source, f"dice.{name}", "six faces; risky faces among them")
    check_source(rules.damage_die.source, source, "damage_die")
    if len(rules.damage_die.faces) != 6 or set(rules.damage_die.faces) != set(rules.damage):
        raise DataError(source, "damage_die", "six faces, each a kind of damage")
    check_sources({str(k): v for k, v in rules.damage.items()}, source)
    faces = sorted(t for row in rules.result_table for t in range(row.low, row.high + 1))
    if faces != list(range(2, 13)):
        raise DataError(source, "result_table", "the rows must cover sums 2 to 12 once each")
    for index, row in enumerate(rules.result_table):
        check_source(row.source, source, f"result_table[{index}]")
    check_sources(rules.positions, source)
    for key, position in rules.positions.items():
        if not 1 <= position.distance <= 2 or not position.guns or not position.target_at:
            raise DataError(source, f"positions.{key}", "1d or 2d, with guns and directions")
        if any(not 0 <= f <= 5 for f in position.target_at + position.heading):
            raise DataError(source, f"positions.{key}", "directions are 0..5")
        if any(abs(level) > 1 for level in position.levels):
            raise DataError(source, f"positions.{key}.levels", "same or adjacent levels")
    if len(rules.modifiers.coupled) != 3:
        raise DataError(source, "modifiers.coupled", "one, two or three coupled guns")
    for entry, item in (("long_burst", rules.long_burst), ("modifiers", rules.modifiers),
                        ("movement", rules.movement), ("limits", rules.limits),
                        ("weather", rules.weather), ("scoring", rules.scoring)):
        check_source(item.source, source, entry)


def load_data(directory: Path | None = None) -> AgeData:
    """Load and check the three data files (a player's copies where there are some)."""
    def path(name: str) -> Path:
        if directory is not None:
            return directory / name
        return data_file(Path(__file__).parent, GAME_ID, name)

    aircraft_path = path("aircraft.toml")
    aircraft = load_table(aircraft_path, "aircraft", AircraftType)
    _check_aircraft(aircraft, str(aircraft_path))
    expansion_path = path("expansion.toml")
    expansion = load_table(expansion_path, "expansion", ExpansionType)
    _check_aircraft(expansion, str(expansion_path), SECOND_SCOUTS, "expansion")
    for key in expansion.keys() & aircraft.keys():
        raise DataError(str(expansion_path), f"expansion.{key}", "is also a base-set type")
    aircraft = {**aircraft, **expansion}
    rules_path = path("rules.toml")
    rules = convert(read_toml(rules_path), Rules, str(rules_path))
    _check_rules(rules, str(rules_path))
    board_path = path("board.toml")
    board = convert(read_toml(board_path), BoardFile, str(board_path))
    for entry, item in (("board", board.board), ("target_zone", board.target_zone)):
        check_source(item.source, str(board_path), entry)
    if not board.board.min_pieces <= board.board.pieces <= board.board.max_pieces:
        raise DataError(str(board_path), "board.pieces", "between min_pieces and max_pieces")
    numbered: dict[str, str] = {}
    for key, kind in aircraft.items():
        for number in kind.numbers:
            numbered.setdefault(f"{kind.nation}-{number}", key)
    return AgeData(aircraft=aircraft, expansion=expansion, rules=rules, board=board.board,
                   target_zone=board.target_zone, numbered=numbered)


@per_data_dir
def dataset() -> AgeData:
    """Age of Dogfights' data as loaded (once per ``$DOGFIGHT_DATA_DIR``)."""
    return load_data()
