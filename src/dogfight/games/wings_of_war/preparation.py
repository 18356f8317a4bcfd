"""Preparation (book § PREPARATION; § LE PLATEAU AVION: each aircraft's card; the
scenarios, § LES PIONS, OBJECTIFS DE SCÉNARIO; § ALTITUDE and § VOLER PLUS HAUT for
starting levels; the Italian book's § Atterraggio for the landing field's size).

Players agree on the area and the aircraft; each aircraft uses the maneuver deck of
the blue letter on its card; one damage deck is shuffled per red letter.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from dogfight.core import DataError, InvalidOptions, Rng, parse_options
from dogfight.core.data import convert
from dogfight.games.wings_of_war import geometry as geo
from dogfight.games.wings_of_war.damage import fresh_deck
from dogfight.games.wings_of_war.data import dataset
from dogfight.games.wings_of_war.state import (
    Area,
    DeckState,
    Field,
    Gun,
    Objective,
    Options,
    Plane,
    PlaneSetup,
    Progress,
    WowState,
    replace,
)
from dogfight.kit.piles import new_pile, stack

SCENARIOS = Path(__file__).parent / "scenarios"


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    title: str
    source: str
    seats: dict[str, str]
    planes: list[PlaneSetup]
    area: Area | None = None
    description: str = ""
    fields: list[Field] = msgspec.field(default_factory=list)
    objectives: list[Objective] = msgspec.field(default_factory=list)
    rules: dict[str, bool] = msgspec.field(default_factory=dict)


def scenario_names() -> list[str]:
    return sorted(p.stem for p in SCENARIOS.glob("*.toml"))


@cache
def load_scenario(name: str) -> Scenario:
    """The scenario ``scenarios/NAME.toml``, read once (like the data files); the
    set-up copies what it changes."""
    path = SCENARIOS / f"{name}.toml"
    if not path.is_file():
        raise InvalidOptions(f"unknown scenario {name!r}; scenarios: "
                             f"{', '.join(scenario_names())}")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(path), "(syntax)", str(exc)) from None
    return convert(raw, Scenario, str(path))


def setup(options: Mapping[str, Any], rng: Rng) -> WowState:
    """The state before the first turn: options checked against the scenario and the
    data, aircraft placed, damage decks shuffled (book § PREPARATION)."""
    opts = parse_options(options, Options)
    if not 1 <= opts.max_turns <= 500:
        raise InvalidOptions(f"max_turns must be from 1 to 500, got {opts.max_turns}")
    switches = msgspec.structs.asdict(opts.rules)
    variants = [name for name in ("forced_dive", "flying_higher", "cloud_cover")
                if switches[name]]
    if variants and not opts.rules.altitude:
        raise InvalidOptions(f"{', '.join(variants)}: the altitude variants need the "
                             f"altitude rules (book § VARIANTES SUPPLÉMENTAIRES POUR "
                             f"L'ALTITUDE)")
    if opts.floor and not opts.rules.flying_higher:
        raise InvalidOptions("a floor above 0 is the flying higher variant "
                             "(rules.flying_higher)")
    if not 0 <= opts.floor <= 11:
        raise InvalidOptions(f"floor must be from 0 to 11, got {opts.floor}")
    data = dataset()
    scenario = load_scenario(opts.scenario)
    required = {name: True for name, on in scenario.rules.items() if on}
    if required:  # a scenario may need rules (a pick-up needs the altitude rules)
        try:
            opts = replace(opts, rules=replace(opts.rules, **required))
        except TypeError:
            raise InvalidOptions(f"scenario {opts.scenario}: unknown rules "
                                 f"{sorted(required)}") from None
    setups = list(opts.planes if opts.planes is not None else scenario.planes)
    seat_sides = dict(opts.seats if opts.seats is not None else scenario.seats)
    area = opts.area or scenario.area or Area(data.table.play_area.width,
                                              data.table.play_area.height)
    if not setups:
        raise InvalidOptions("a game needs aircraft")
    for plane_id in opts.aircraft:
        if plane_id not in {p.id for p in setups}:
            raise InvalidOptions(f"aircraft: no plane {plane_id!r} in the scenario "
                                 f"(planes: {', '.join(p.id for p in setups)})")
    if len({p.id for p in setups}) != len(setups):
        raise InvalidOptions("plane ids must be unique")
    if len({side for side in seat_sides.values()}) < 2:
        raise InvalidOptions("a game needs seats on two sides")
    planes = []
    for setup in setups:
        key = opts.aircraft.get(setup.id, setup.aircraft)
        if key not in data.aircraft:
            raise InvalidOptions(f"plane {setup.id}: unknown aircraft {key!r}; known: "
                                 f"{', '.join(sorted(data.aircraft))}")
        if setup.seat not in seat_sides:
            raise InvalidOptions(f"plane {setup.id}: no seat {setup.seat!r}")
        if not geo.inside(geo.Pose(setup.x, setup.y, 0), area.width, area.height):
            raise InvalidOptions(f"plane {setup.id}: its stand is off the table")
        aircraft = data.aircraft[key]
        low, high = (max(1, opts.floor), min(opts.floor + 3, aircraft.max_altitude)) \
            if opts.rules.flying_higher else (1, 3)
        if setup.on_ground and not opts.rules.altitude:
            raise InvalidOptions(f"plane {setup.id}: starting on the ground needs the "
                                 f"altitude rules")
        if opts.rules.altitude and not setup.on_ground and \
                not low <= setup.altitude <= high:
            raise InvalidOptions(
                f"plane {setup.id} ({aircraft.name}): the starting altitude is from "
                f"{low} to {high} (book § ALTITUDE, § VOLER PLUS HAUT), "
                f"got {setup.altitude}")
        pose = geo.Pose(round(setup.x, 2), round(setup.y, 2), setup.heading % 360)
        planes.append(Plane(
            id=setup.id, seat=setup.seat, side=seat_sides[setup.seat], aircraft=key,
            deck=aircraft.maneuver_deck, pose=pose,
            status="ground" if setup.on_ground else "flying",
            altitude=0 if setup.on_ground else setup.altitude if opts.rules.altitude else 1,
            front=Gun(aircraft.damage_front) if aircraft.damage_front else None,
            rear=Gun(aircraft.damage_rear) if aircraft.damage_rear else None))
    for seat in seat_sides:
        if not any(p.seat == seat for p in planes):
            raise InvalidOptions(f"seat {seat!r} has no aircraft")
    decks = []
    for letter in opts.stacked_damage:
        if letter not in data.damage:
            raise InvalidOptions(f"stacked_damage: no damage deck {letter!r}")
    for letter, cards in sorted(data.damage.items()):
        numbers = fresh_deck(letter, opts.rules.tournament)
        top = opts.stacked_damage.get(letter, [])
        if len(set(top)) != len(top) or any(n not in numbers for n in top):
            raise InvalidOptions(f"stacked_damage.{letter}: card numbers must be distinct "
                                 f"cards of the deck (1 to {len(cards)})")
        pile, rng = new_pile(numbers, rng)
        decks.append(DeckState(letter, stack(pile, top)))
    fields = tuple(opts.fields if opts.fields is not None else scenario.fields)
    least = data.table.landing_field
    for field in fields:
        if field.length < least.length or field.width < least.width:
            raise InvalidOptions(f"a landing field is at least {least.width:g} x "
                                 f"{least.length:g} mm (book: 002_69123d8963e78446.txt "
                                 f"§ Atterraggio), got {field.width:g} x {field.length:g}")
    for p in planes:
        if p.status == "ground" and not any(
                geo.in_rectangle(p.pose, f.x, f.y, f.length, f.width, f.heading)
                for f in fields):
            raise InvalidOptions(f"plane {p.id} starts on the ground outside a landing "
                                 f"field")
    cloud = None
    if opts.rules.cloud_cover:
        cloud = opts.cloud_level if opts.cloud_level is not None else opts.floor + 4
        if cloud <= opts.floor + 3:
            raise InvalidOptions(f"the cloud cover is above the ceiling "
                                 f"({opts.floor + 3}), got {cloud}")
    objectives = tuple(scenario.objectives)
    progress = []
    for index, objective in enumerate(objectives):
        if objective.side not in seat_sides.values():
            raise InvalidOptions(f"objective {index + 1}: no side {objective.side!r}")
        flyers = [p for p in planes if p.side == objective.side]
        two_seaters = [p for p in flyers if p.rear is not None]
        progress += [Progress(index, p.id) for p in (two_seaters or flyers)]
    return WowState(options=opts, rng=rng, seats=tuple(seat_sides.items()), area=area,
                    planes=tuple(planes), decks=tuple(decks), fields=fields,
                    floor=opts.floor, cloud_level=cloud, objectives=objectives,
                    progress=tuple(progress))
